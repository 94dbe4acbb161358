"""Value constraints: enum, const, format, pattern, lengths, counts (bounds: schema_numbers)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mcpvcr.diff import schema_sets as sets
from mcpvcr.diff.model import ABSENT
from mcpvcr.diff.norm import canon
from mcpvcr.diff.schema_base import NARROW, RELAXED, TIGHT, WIDEN, Parts

if TYPE_CHECKING:
    from mcpvcr.diff.schema_base import Ctx

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
    if not sets.format_asserted(ctx.new_root) and not sets.format_asserted(ctx.old_root):
        ctx.emit(
            "schema.format.annotation_changed",
            loc,
            f"{ctx.where(parts)}: format {before if before is not ABSENT else '(none)'} ->"
            f" {after if after is not ABSENT else '(none)'}; an annotation under this dialect"
            " (2020-12 unless $schema says otherwise), so the accepted values are the same, but"
            " validators may start enforcing it",
            before,
            after,
        )
        return
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
