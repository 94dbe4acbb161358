"""Numeric constraints: minimum/maximum (both exclusive spellings) and multipleOf.

Bounds are compared by the values they admit (see `schema_sets`): on integers
every spelling becomes the inclusive integer it allows, and a bound at the
JavaScript safe-integer limit is an implementation limit, not a contract change.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from mcpvcr.diff import schema_sets as sets
from mcpvcr.diff.model import ABSENT
from mcpvcr.diff.schema_base import NARROW, TIGHT, WIDEN, Parts

if TYPE_CHECKING:
    from mcpvcr.diff.schema_base import Ctx


_num = sets.number


def _bound(schema: dict[str, Any], plain: str, exclusive: str) -> tuple[Fraction, bool] | None:
    """The effective bound as (value, exclusive); draft-04 boolean exclusive* understood.

    On integers the bound becomes the inclusive integer it admits, so every spelling
    that accepts the same integers compares equal.
    """
    value, excl = _num(schema.get(plain)), schema.get(exclusive)
    excl_num = _num(excl)
    candidates: list[tuple[Fraction, bool]] = []
    if value is not None:
        candidates.append((value, excl is True))
    if excl_num is not None:
        candidates.append((excl_num, True))
    if not candidates:
        return None
    lower = plain == "minimum"
    if sets.integral(schema):
        candidates = [sets.integer_bound(v, e, lower) for v, e in candidates]
    # The tightest of the two spellings wins.
    return (
        max(candidates, key=lambda c: (c[0], c[1]))
        if lower
        else min(candidates, key=lambda c: (c[0], not c[1]))
    )


def _tighter(
    old: tuple[Fraction, bool] | None, new: tuple[Fraction, bool] | None, lower: bool
) -> str | None:
    """NARROW when `new` admits fewer values than `old`, WIDEN when more, None when the same."""
    if old == new:
        return None
    if old is None:
        return NARROW
    if new is None:
        return WIDEN
    if old[0] != new[0]:
        moved_in = new[0] > old[0] if lower else new[0] < old[0]
        return NARROW if moved_in else WIDEN
    return NARROW if new[1] else WIDEN


def bounds(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
    for plain, excl, lower in (
        ("minimum", "exclusiveMinimum", True),
        ("maximum", "exclusiveMaximum", False),
    ):
        before, after = _bound(old, plain, excl), _bound(new, plain, excl)
        direction = _tighter(before, after, lower)
        if direction is None:
            continue
        name = "minimum" if lower else "maximum"
        old_v = old.get(plain, old.get(excl, ABSENT))
        new_v = new.get(plain, new.get(excl, ABSENT))
        loc = (*parts, plain if plain in new or excl not in new else excl)
        if _implementation_limit(old, new, before, after, lower):
            ctx.emit(
                "schema.bound.safe_integer_limit",
                loc,
                f"{ctx.where(parts)}: {name} {'added' if after else 'removed'} at the"
                " JavaScript safe-integer limit (2^53-1, what zod emits for every .int());"
                " no value a JavaScript server could handle exactly is affected",
                old_v,
                new_v,
            )
        elif direction == NARROW:
            ctx.direction(
                NARROW, f"input.{name}.tightened", TIGHT, loc, f"{name} tightened", old_v, new_v
            )
        else:
            ctx.direction(
                WIDEN,
                f"input.{name}.relaxed",
                "output.numeric_bounds.widened",
                loc,
                f"{name} relaxed",
                old_v,
                new_v,
            )


def _implementation_limit(
    old: dict[str, Any],
    new: dict[str, Any],
    before: tuple[Fraction, bool] | None,
    after: tuple[Fraction, bool] | None,
    lower: bool,
) -> bool:
    """An integer bound added or removed at (or moved beyond) the safe-integer limit."""
    if not (sets.integral(old) and sets.integral(new)):
        return False
    return sets.at_safe_limit(before, lower) and sets.at_safe_limit(after, lower)


def multiple_of(
    old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int
) -> None:
    before, after = sets.effective_step(old), sets.effective_step(new)
    loc = (*parts, "multipleOf")
    if before == after:
        return
    if after is None or (before is not None and after != 0 and (before / after).denominator == 1):
        direction = WIDEN  # every old multiple is still a multiple of the new step
    else:
        direction = NARROW
    old_v, new_v = old.get("multipleOf", ABSENT), new.get("multipleOf", ABSENT)
    if direction == NARROW:
        ctx.direction(
            NARROW, "input.multiple_of.tightened", TIGHT, loc, "multipleOf tightened", old_v, new_v
        )
    else:
        ctx.direction(
            WIDEN,
            "input.multiple_of.relaxed",
            "output.multiple_of_or_unique.relaxed",
            loc,
            "multipleOf relaxed",
            old_v,
            new_v,
        )
