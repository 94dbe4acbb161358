"""Shared vocabulary of the schema checks: directions, side-neutral rule names, types.

The lowest of the `diff/schema*.py` modules: the keyword modules recurse
through `compare_node` here (which hands back to `Ctx.node` in `schema.py`),
so no schema module imports a module that imports it back.
"""

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

SUSPICIOUS_PARAMETERS: Final = frozenset(
    {
        "sidenote",
        "side_note",
        "notes",
        "note",
        "context",
        "conversation",
        "conversation_history",
        "chat_history",
        "history",
        "system_prompt",
        "systemprompt",
        "prompt_history",
        "chain_of_thought",
        "reasoning",
        "thoughts",
        "previous_messages",
        "user_messages",
        "instructions",
        "feedback",
        "debug",
    }
)
"""Parameter names used as exfiltration channels in tool-poisoning proofs of concept."""

Parts = tuple[str, ...]
Check = Callable[[dict[str, Any], dict[str, Any], Parts, "Ctx", int], None]
"""A keyword check: (old, new, path parts, context, depth)."""


def compare_node(old: Any, new: Any, parts: Parts, ctx: Ctx, depth: int) -> None:
    """Compare a sub-schema on both sides (the recursion of `schema.compare_node`)."""
    ctx.node(old, new, parts, depth)


def unclassified(ctx: Ctx, parts: Parts, detail: str, old: Any, new: Any) -> None:
    """A change no keyword rule classifies: reported as the breaking direction for its side."""
    if ctx.mode == "input":
        ctx.emit(
            "input.schema.narrowed_unclassified",
            parts,
            f"{ctx.where(parts)}: {detail}; no rule decides the direction, so it may reject"
            " calls that used to work",
            old,
            new,
        )
    else:
        ctx.emit(
            "output.schema.widened_unclassified",
            parts,
            f"{ctx.where(parts)}: {detail}; no rule decides the direction, so clients may"
            " get results they do not expect",
            old,
            new,
        )
