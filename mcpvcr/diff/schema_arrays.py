"""Array keywords (items, prefixItems, contains) and the combinators anyOf/oneOf/allOf."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import mcpvcr.diff.schema_base as schema_mod
from mcpvcr.diff.model import ABSENT
from mcpvcr.diff.norm import canon
from mcpvcr.diff.schema_base import NARROW, RELAXED, TIGHT, WIDEN, Parts

if TYPE_CHECKING:
    from mcpvcr.diff.schema_base import Ctx
from mcpvcr.diff.schema_values import count_pair

# -- arrays -------------------------------------------------------------------------


def items(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
    before, after = old.get("items", ABSENT), new.get("items", ABSENT)
    if isinstance(before, list) or isinstance(after, list):  # draft-07 tuple form
        _tuple(
            before if isinstance(before, list) else [],
            after if isinstance(after, list) else [],
            (*parts, "items"),
            ctx,
            depth,
        )
        return
    loc = (*parts, "items")
    schema_mod.compare_node(
        {} if before is ABSENT else before, {} if after is ABSENT else after, loc, ctx, depth + 1
    )


def prefix_items(
    old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int
) -> None:
    before, after = old.get("prefixItems", []), new.get("prefixItems", [])
    _tuple(
        before if isinstance(before, list) else [],
        after if isinstance(after, list) else [],
        (*parts, "prefixItems"),
        ctx,
        depth,
    )


def _tuple(before: list[Any], after: list[Any], loc: Parts, ctx: Ctx, depth: int) -> None:
    for index in range(min(len(before), len(after))):
        schema_mod.compare_node(before[index], after[index], (*loc, str(index)), ctx, depth + 1)
    if len(before) != len(after):
        rule = (
            "input.prefix_items.changed"
            if ctx.mode == "input"
            else ("output.structural.relaxed" if len(after) < len(before) else TIGHT)
        )
        ctx.emit(
            rule,
            loc,
            f"{ctx.where(loc)}: tuple positions changed from {len(before)} to {len(after)};"
            " positional values now mean other things",
            len(before),
            len(after),
            certainty="potential",
        )


def contains(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
    before, after = old.get("contains", ABSENT), new.get("contains", ABSENT)
    loc = (*parts, "contains")
    if canon(before) != canon(after):
        if before is ABSENT:
            ctx.direction(
                NARROW, "input.contains.tightened", TIGHT, loc, "contains added", before, after
            )
        elif after is ABSENT:
            ctx.direction(
                WIDEN, "input.contains.relaxed", RELAXED, loc, "contains removed", before, after
            )
        else:
            schema_mod.compare_node(before, after, loc, ctx, depth + 1)
    for key, direction in count_pair(old, new, "minContains", "maxContains"):
        if direction == NARROW:
            ctx.direction(
                NARROW,
                "input.contains.tightened",
                TIGHT,
                (*parts, key),
                f"{key} tightened",
                old.get(key, ABSENT),
                new.get(key, ABSENT),
            )
        else:
            ctx.direction(
                WIDEN,
                "input.contains.relaxed",
                RELAXED,
                (*parts, key),
                f"{key} relaxed",
                old.get(key, ABSENT),
                new.get(key, ABSENT),
            )


# -- combinators ----------------------------------------------------------------------

_BRANCH_RULES: Final = {
    # keyword: (input rule when a branch is added, when removed, output added, output removed)
    "anyOf": (
        "input.any_of.branch_added",
        "input.any_of.branch_removed",
        "output.one_of_any_of.branch_added",
        "output.one_of_any_of.branch_removed",
    ),
    "oneOf": (
        "input.one_of.branch_added",
        "input.one_of.branch_removed",
        "output.one_of_any_of.branch_added",
        "output.one_of_any_of.branch_removed",
    ),
    "allOf": (
        "input.all_of.branch_added",
        "input.all_of.branch_removed",
        TIGHT,
        "output.all_of.branch_removed",
    ),
}


def combinator(key: str) -> Callable[[dict[str, Any], dict[str, Any], Parts, Ctx, int], None]:
    in_add, in_rm, out_add, out_rm = _BRANCH_RULES[key]
    conjunctive = key == "allOf"

    def check(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
        before = old.get(key) if isinstance(old.get(key), list) else None
        after = new.get(key) if isinstance(new.get(key), list) else None
        loc = (*parts, key)
        if before is None and after is not None and not conjunctive:
            # A schema newly wrapped in oneOf/anyOf: it must now also match a branch.
            rule = "input.wrapped_in_one_of" if ctx.mode == "input" else TIGHT
            ctx.emit(
                rule,
                loc,
                f"{ctx.where(parts)}: now wrapped in {key}; values must also match one of its"
                " branches",
                ABSENT,
                after,
                certainty="potential",
            )
            return
        if after is None and before is not None and not conjunctive:
            ctx.direction(WIDEN, in_add, out_add, loc, f"{key} constraint removed", before, ABSENT)
            return
        old_b = {canon(b): (i, b) for i, b in enumerate(before or [])}
        new_b = {canon(b): (i, b) for i, b in enumerate(after or [])}
        removed = [old_b[k] for k in old_b if k not in new_b]
        added = [new_b[k] for k in new_b if k not in old_b]
        if len(removed) == len(added):  # same shape: the branches were edited in place
            for (i, b_old), (_, b_new) in zip(removed, added, strict=True):
                schema_mod.compare_node(b_old, b_new, (*loc, str(i)), ctx, depth + 1)
            return
        add_dir, rm_dir = (NARROW, WIDEN) if conjunctive else (WIDEN, NARROW)
        for i, branch in added:
            ctx.direction(
                add_dir, in_add, out_add, (*loc, str(i)), f"{key} branch added", ABSENT, branch
            )
        for i, branch in removed:
            ctx.direction(
                rm_dir, in_rm, out_rm, (*loc, str(i)), f"{key} branch removed", branch, ABSENT
            )

    return check
