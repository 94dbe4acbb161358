"""One scanner of model-visible text, shared by lint, diff and the score.

`scan_text(text, field_path)` judges one string; `scan_surface(...)` walks every
model-visible field of a recorded server (tools, schemas, instructions,
resources, prompts, recorded answers). Pure: no `mcp` import, no I/O.
"""

from mcpvcr.scan.context import Context
from mcpvcr.scan.finding import RULES, Finding
from mcpvcr.scan.scanner import scan_text
from mcpvcr.scan.surface import Surface, scan_surface

__all__ = ["RULES", "Context", "Finding", "Surface", "scan_surface", "scan_text"]
