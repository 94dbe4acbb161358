"""Value constraints: enum, const, format, pattern, numeric bounds, lengths, counts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mcpvcr.diff.model import ABSENT
from mcpvcr.diff.norm import canon
from mcpvcr.diff.schema_base import NARROW, RELAXED, TIGHT, WIDEN, Parts

if TYPE_CHECKING:
    from mcpvcr.diff.schema import Ctx
import math
from fractions import Fraction

# -- value constraints ----------------------------------------------------------


def enum(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
    loc = (*parts, "enum")
    old_e, new_e = old.get("enum"), new.get("enum")
    if not isinstance(old_e, list) and isinstance(new_e, list):
        ctx.direction(
            NARROW, "input.enum.introduced", TIGHT, loc, "now restricted to an enum", ABSENT, new_e
        )
        return
    if isinstance(old_e, list) and not isinstance(new_e, list):
        ctx.direction(
            WIDEN,
            "input.enum.dropped",
            "output.enum.dropped",
            loc,
            "enum restriction dropped",
            old_e,
            ABSENT,
        )
        return
    if not isinstance(old_e, list) or not isinstance(new_e, list):
        return
    old_keys = {canon(v): v for v in old_e}
    new_keys = {canon(v): v for v in new_e}
    removed = [old_keys[k] for k in old_keys if k not in new_keys]
    added = [new_keys[k] for k in new_keys if k not in old_keys]
    if removed:
        ctx.direction(
            NARROW,
            "input.enum.values_removed",
            "output.enum.values_removed",
            loc,
            f"enum values removed: {short(removed)}",
            removed,
            ABSENT,
        )
    if added:
        ctx.direction(
            WIDEN,
            "input.enum.values_added",
            "output.enum.values_added",
            loc,
            f"enum values added: {short(added)}",
            ABSENT,
            added,
        )


def const(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
    loc = (*parts, "const")
    had, has = "const" in old, "const" in new
    if had and not has:
        ctx.direction(
            WIDEN,
            "input.const.removed",
            "output.const.removed_or_changed",
            loc,
            "const removed",
            old["const"],
            ABSENT,
        )
    elif has and not had:
        ctx.direction(
            NARROW,
            "input.const.added_or_changed",
            "output.const.added",
            loc,
            "const added",
            ABSENT,
            new["const"],
        )
    else:
        rule = (
            "input.const.added_or_changed"
            if ctx.mode == "input"
            else "output.const.removed_or_changed"
        )
        ctx.emit(
            rule,
            loc,
            f"{ctx.where(parts)}: const changed; the one valid value is now another",
            old["const"],
            new["const"],
        )


def format(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
    loc = (*parts, "format")
    before, after = old.get("format", ABSENT), new.get("format", ABSENT)
    if after is ABSENT:
        ctx.direction(
            WIDEN,
            "input.format.removed",
            "output.format.removed_or_changed",
            loc,
            f"format {before} removed",
            before,
            after,
        )
    elif before is ABSENT:
        ctx.direction(
            NARROW,
            "input.format.added_or_changed",
            TIGHT,
            loc,
            f"format {after} added",
            before,
            after,
        )
    else:
        rule = (
            "input.format.added_or_changed"
            if ctx.mode == "input"
            else "output.format.removed_or_changed"
        )
        ctx.emit(
            rule,
            loc,
            f"{ctx.where(parts)}: format changed from {before} to {after}",
            before,
            after,
            certainty="potential",
        )


def pattern(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
    loc = (*parts, "pattern")
    before, after = old.get("pattern", ABSENT), new.get("pattern", ABSENT)
    if after is ABSENT or after in (".*", "^.*$"):
        ctx.direction(
            WIDEN,
            "input.pattern.removed",
            "output.pattern.removed_or_changed",
            loc,
            "pattern removed",
            before,
            after,
        )
    elif before is ABSENT or before in (".*", "^.*$"):
        ctx.direction(
            NARROW, "input.pattern.added", TIGHT, loc, f"pattern {after} added", before, after
        )
    else:
        rule = (
            "input.pattern.changed" if ctx.mode == "input" else "output.pattern.removed_or_changed"
        )
        ctx.emit(
            rule,
            loc,
            f"{ctx.where(parts)}: pattern changed; values matching the old one may not match",
            before,
            after,
        )


def _num(value: Any) -> Fraction | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return Fraction(value)


def _bound(schema: dict[str, Any], plain: str, exclusive: str) -> tuple[Fraction, bool] | None:
    """The effective bound as (value, exclusive); draft-04 boolean exclusive* understood."""
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
        if direction == NARROW:
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


def multiple_of(
    old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int
) -> None:
    before, after = _num(old.get("multipleOf")), _num(new.get("multipleOf"))
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


def _count(schema: dict[str, Any], key: str) -> int | None:
    value = schema.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def count_pair(old: dict[str, Any], new: dict[str, Any], lo: str, hi: str) -> list[tuple[str, str]]:
    """(keyword, NARROW|WIDEN) for a min/max pair of counts."""
    result: list[tuple[str, str]] = []
    a, b = _count(old, lo) or 0, _count(new, lo) or 0
    if a != b:
        result.append((lo, NARROW if b > a else WIDEN))
    c, d = _count(old, hi), _count(new, hi)
    if c != d:
        tighter = c is None or (d is not None and d < c)
        result.append((hi, NARROW if tighter else WIDEN))
    return result


def lengths(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
    for key, direction in count_pair(old, new, "minLength", "maxLength"):
        name = "min_length" if key == "minLength" else "max_length"
        loc = (*parts, key)
        old_v, new_v = old.get(key, ABSENT), new.get(key, ABSENT)
        if direction == NARROW:
            ctx.direction(
                NARROW, f"input.{name}.tightened", TIGHT, loc, f"{key} tightened", old_v, new_v
            )
        else:
            ctx.direction(
                WIDEN,
                f"input.{name}.relaxed",
                "output.length_bounds.widened",
                loc,
                f"{key} relaxed",
                old_v,
                new_v,
            )


def items_count(
    old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int
) -> None:
    for key, direction in count_pair(old, new, "minItems", "maxItems"):
        loc = (*parts, key)
        old_v, new_v = old.get(key, ABSENT), new.get(key, ABSENT)
        if direction == NARROW:
            rule = "input.min_items.tightened" if key == "minItems" else "input.max_items.tightened"
            ctx.direction(NARROW, rule, TIGHT, loc, f"{key} tightened", old_v, new_v)
        else:
            ctx.direction(
                WIDEN,
                "input.items_bounds.relaxed",
                "output.item_bounds.widened",
                loc,
                f"{key} relaxed",
                old_v,
                new_v,
            )


def unique(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
    before, after = old.get("uniqueItems") is True, new.get("uniqueItems") is True
    if before == after:
        return
    loc = (*parts, "uniqueItems")
    if after:
        ctx.direction(
            NARROW,
            "input.unique_items.enabled",
            TIGHT,
            loc,
            "items must now be unique",
            before,
            after,
        )
    else:
        ctx.direction(
            WIDEN,
            "input.unique_items.disabled",
            "output.multiple_of_or_unique.relaxed",
            loc,
            "items no longer need to be unique",
            before,
            after,
        )


def props_count(
    old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int
) -> None:
    for key, direction in count_pair(old, new, "minProperties", "maxProperties"):
        loc = (*parts, key)
        old_v, new_v = old.get(key, ABSENT), new.get(key, ABSENT)
        if direction == NARROW:
            ctx.direction(
                NARROW,
                "input.properties_count.tightened",
                TIGHT,
                loc,
                f"{key} tightened",
                old_v,
                new_v,
            )
        else:
            ctx.direction(WIDEN, None, RELAXED, loc, f"{key} relaxed", old_v, new_v)


def short(values: list[Any]) -> str:
    shown = ", ".join(repr(v) for v in values[:5])
    return shown + (f" (+{len(values) - 5} more)" if len(values) > 5 else "")
