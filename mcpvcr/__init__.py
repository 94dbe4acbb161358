"""mcpvcr: VCR for MCP servers.

Record a live MCP server's contract and behaviour into a deterministic cassette,
then lint, score, diff, gate and replay it offline.
"""

from __future__ import annotations

__version__ = "0.1.0"
