"""Shared vocabulary of the schema checks: directions, side-neutral rule names, types."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from mcpvcr.diff.schema import Ctx

NARROW: Final = "narrow"
"""The set of valid values shrank."""
WIDEN: Final = "widen"
"""The set of valid values grew."""
TIGHT: Final = "output.bounds.tightened"
"""The output-side rule for any narrowing (promising more is safe)."""
RELAXED: Final = "output.structural.relaxed"
"""The output-side rule for a structural keyword removed (promising less)."""

Parts = tuple[str, ...]
Check = Callable[[dict[str, Any], dict[str, Any], Parts, "Ctx", int], None]
"""A keyword check: (old, new, path parts, context, depth)."""
