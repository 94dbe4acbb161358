"""mcpvcr: VCR for MCP servers.

Record a live MCP server's contract and behaviour into a deterministic cassette,
then lint, score, diff, gate and replay it offline. The library API lives in
`mcpvcr.api` (`from mcpvcr import api; api.score(api.load(path))`). Its names
that do not collide with a subpackage (`mcpvcr.lint`, `mcpvcr.score`,
`mcpvcr.diff` are modules) are re-exported here lazily, so `import mcpvcr`
stays cheap: the mcp SDK is imported only by live work.
"""

from __future__ import annotations

from typing import Any

from mcpvcr._version import __version__

_API = (
    "audit",
    "audit_async",
    "audit_stdio",
    "audit_stdio_async",
    "audit_url",
    "audit_url_async",
    "load",
    "record",
    "record_async",
    "render",
    "render_report",
    "save",
    "soften_report",
)
__all__ = ["Cassette", "RecordOptions", "Target", "__version__", *_API]


def __getattr__(name: str) -> Any:
    if name in _API:
        from mcpvcr import api

        return getattr(api, name)
    if name == "Cassette":
        from mcpvcr.cassette import Cassette

        return Cassette
    if name == "RecordOptions":
        from mcpvcr.recording import RecordOptions

        return RecordOptions
    if name == "Target":
        from mcpvcr.targets import Target

        return Target
    raise AttributeError(f"module 'mcpvcr' has no attribute {name!r}")
