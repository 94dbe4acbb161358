"""Shared vocabulary of the schema checks: directions, side-neutral rule names, types.

The lowest of the `diff/schema*.py` modules: the keyword modules recurse
through `compare_node` here (which hands back to `Ctx.recurse`, `schema.compare_node`),
so no schema module imports a module that imports it back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from mcpvcr.diff.model import ABSENT, Change, make, pointer
from mcpvcr.diff.norm import canon

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


@dataclass
class Ctx:
    """What one schema comparison needs: which side, both roots (for `$ref`) and the output."""

    mode: str  # "input" | "output"
    base: tuple[str, ...]
    old_root: Any
    new_root: Any
    what: str
    recurse: Callable[[Any, Any, Parts, Ctx, int], None]
    """`schema.compare_node`, handed in so this module never imports `schema.py`."""
    out: list[Change] = field(default_factory=list)
    seen: set[tuple[str, str]] = field(default_factory=set)
    refs_stable: bool = True

    def same(self, old: Any, new: Any) -> bool:
        """Equal, and equal in meaning too: a `$ref` inside resolves the same on both sides."""
        packed = canon(old)
        if packed != canon(new):
            return False
        return self.refs_stable or '"$ref"' not in packed

    def loc(self, parts: tuple[str, ...]) -> str:
        return pointer(*self.base, *parts)

    def emit(
        self,
        rule_id: str,
        parts: tuple[str, ...],
        message: str,
        old: Any = ABSENT,
        new: Any = ABSENT,
        **extra: Any,
    ) -> None:
        """Record a change; `rule_id` is already chosen for the side (input/output)."""
        self.out.append(make(rule_id, self.loc(parts), message, old, new, **extra))

    def direction(
        self,
        direction: str,
        input_rule: str | None,
        output_rule: str | None,
        parts: tuple[str, ...],
        detail: str,
        old: Any = ABSENT,
        new: Any = ABSENT,
    ) -> None:
        """Record a change whose class follows from the direction and the side.

        A rule of None means the catalogue has no rule for that direction on that
        side (e.g. an input accepting more keys): nobody breaks, nothing to report.
        """
        rule_id = input_rule if self.mode == "input" else output_rule
        if rule_id is None:
            return
        if self.mode == "input":
            who = (
                "callers sending values valid before are now rejected"
                if direction == NARROW
                else "the server accepts more; existing callers keep working"
            )
        else:
            who = (
                "clients parsing the result may now get values they do not handle"
                if direction == WIDEN
                else "the server promises more; existing clients keep working"
            )
        self.emit(rule_id, parts, f"{self.where(parts)}: {detail}; {who}", old, new)

    def node(self, old: Any, new: Any, parts: tuple[str, ...], depth: int) -> None:
        """Recurse into a sub-schema (the keyword modules reach `compare_node` through here)."""
        self.recurse(old, new, parts, self, depth)

    def where(self, parts: tuple[str, ...]) -> str:
        props = [parts[i + 1] for i, p in enumerate(parts[:-1]) if p == "properties"]
        if props:
            return f"{self.what} property '{'.'.join(props)}'"
        return self.what


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
