"""One scanner of model-visible text, shared by lint, diff and the score.

`scan_text(text, field_path)` judges one string; `scan_surface(...)` walks every
model-visible field of a recorded server (tools, schemas, instructions,
resources, prompts, recorded answers). Pure: no `mcp` import, no I/O.

Importing this package is cheap: the scanner's patterns are compiled when
`scan_text` or `scan_surface` is first looked up, so a caller that finds its
answer in `mcpvcr.scan.memo` never pays for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mcpvcr.scan.context import Context
from mcpvcr.scan.finding import RULES, Finding
from mcpvcr.scan.recorded import Surface

if TYPE_CHECKING:
    from mcpvcr.scan.scanner import scan_text
    from mcpvcr.scan.surface import scan_surface

__all__ = ["RULES", "Context", "Finding", "Surface", "scan_surface", "scan_text"]


def __getattr__(name: str) -> Any:
    # PEP 562: the heavy modules load on first use of what they define
    if name == "scan_text":
        from mcpvcr.scan.scanner import scan_text

        return scan_text
    if name == "scan_surface":
        from mcpvcr.scan.surface import scan_surface

        return scan_surface
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
