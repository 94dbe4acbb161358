"""Keyword-by-keyword schema checks (called by `schema.compare_node` on one resolved node).

Each check decides whether the set of valid values shrank (NARROW) or grew
(WIDEN) and names the input-side and output-side rule; `Ctx.direction` picks
the one for the side being compared.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

import mcpvcr.diff.schema as schema_mod
from mcpvcr.diff.model import ABSENT
from mcpvcr.diff.norm import canon
from mcpvcr.diff.text import text_change

if TYPE_CHECKING:
    from mcpvcr.diff.schema import Ctx

NARROW: Final = "narrow"
WIDEN: Final = "widen"
TIGHT: Final = "output.bounds.tightened"
RELAXED: Final = "output.structural.relaxed"

IGNORED: Final = frozenset(
    {"$comment", "$id", "$anchor", "$dynamicAnchor", "$defs", "definitions", "$schema", "$ref"}
)
"""Keys not compared here: bookkeeping, or followed through `$ref` instead."""

Parts = tuple[str, ...]


def compare_keywords(
    old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int
) -> None:
    """Compare every keyword of two resolved object schemas."""
    old_null, old_core = split_null(old)
    new_null, new_core = split_null(new)
    if old_null != new_null:
        _nullable(old_null, new_null, parts, ctx)
    if canon(old_core) != canon(old) or canon(new_core) != canon(new):
        # A null spelling was unwrapped (anyOf [{type:null}, X] -> X): compare the cores.
        schema_mod.compare_node(old_core, new_core, parts, ctx, depth + 1)
        return
    handled: set[str] = set(IGNORED)
    if not _types(old, new, parts, ctx):
        return  # incomparable types: details below would only be noise
    handled.add("type")
    for keys, check in _CHECKS:
        if any(key in old or key in new for key in keys):
            if any(canon(old.get(key, ABSENT)) != canon(new.get(key, ABSENT)) for key in keys):
                check(old, new, parts, ctx, depth)
        handled.update(keys)
    for key in sorted(set(old) | set(new)):
        if key in handled or (key.startswith("x-") and key != "x-mcp-header"):
            continue
        if canon(old.get(key, ABSENT)) != canon(new.get(key, ABSENT)):
            if key == "x-mcp-header":
                ctx.emit(
                    "input.property.mcp_header.changed",
                    (*parts, key),
                    f"{ctx.where(parts)}: the HTTP header this value is mirrored into changed;"
                    " intermediaries see other headers and invalid values make clients drop"
                    " the tool",
                    old.get(key, ABSENT),
                    new.get(key, ABSENT),
                )
                continue
            schema_mod.unclassified(
                ctx,
                (*parts, key),
                f"keyword '{key}' changed",
                old.get(key, ABSENT),
                new.get(key, ABSENT),
            )


# -- null and type ------------------------------------------------------------

_NULL: Final = {"type": "null"}


def accepts_anything(schema: dict[str, Any]) -> bool:
    keys = set(schema) - {"title", "description", "default", "examples", "$comment", "deprecated"}
    return not keys


def split_null(schema: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
    """Whether the schema admits null (any of the three spellings) and the schema without it."""
    nullable = False
    core = dict(schema)
    if "nullable" in core:
        nullable = core.pop("nullable") is True
    types = core.get("type")
    if isinstance(types, list) and "null" in types and len(types) > 1:
        nullable = True
        rest = [t for t in types if t != "null"]
        core["type"] = rest[0] if len(rest) == 1 else rest
    for comb in ("anyOf", "oneOf"):
        branches = core.get(comb)
        if isinstance(branches, list) and len(branches) >= 2 and _NULL in branches:
            nullable = True
            rest = [b for b in branches if b != _NULL]
            if len(rest) == 1 and isinstance(rest[0], dict):
                del core[comb]
                for key, value in rest[0].items():
                    core.setdefault(key, value)
            else:
                core[comb] = rest
    if not nullable and accepts_anything(schema):
        nullable = True  # {} accepts null too; comparing {} with X|null is a type question
    return nullable, core


def _nullable(old: bool, new: bool, parts: Parts, ctx: Ctx) -> None:
    if new:
        ctx.direction(
            WIDEN,
            "input.nullable.added",
            "output.nullable.added",
            parts,
            "now admits null",
            old,
            new,
        )
    else:
        ctx.direction(
            NARROW,
            "input.nullable.removed",
            "output.nullable.removed",
            parts,
            "no longer admits null",
            old,
            new,
        )


def type_set(schema: dict[str, Any]) -> frozenset[str] | None:
    value = schema.get("type")
    if isinstance(value, str):
        return frozenset({value})
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return frozenset(value)
    return None


def covers(wide: frozenset[str] | None, narrow: frozenset[str] | None) -> bool:
    """True when every value of the `narrow` types is also of a `wide` type (integer < number)."""
    if wide is None:
        return True
    if narrow is None:
        return False
    return all(t in wide or (t == "integer" and "number" in wide) for t in narrow)


def _show(types: frozenset[str] | None) -> Any:
    if types is None:
        return "any"
    return sorted(types)[0] if len(types) == 1 else sorted(types)


def _types(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx) -> bool:
    """Compare `type`; False when the types are incomparable (nothing below is compared)."""
    old_t, new_t = type_set(old), type_set(new)
    if old_t == new_t:
        return True
    shown_old, shown_new = _show(old_t), _show(new_t)
    at_root = not parts
    if at_root and ctx.mode == "input" and new_t != frozenset({"object"}):
        ctx.emit(
            "input.root.not_object",
            ("type",),
            f"{ctx.what} root is no longer type object (the spec requires it); clients may drop"
            " the tool",
            shown_old,
            shown_new,
        )
        return False
    if at_root and ctx.mode == "output":
        ctx.emit(
            "output.root_type.changed",
            ("type",),
            f"{ctx.what} root type changed; clients parsing structuredContent break",
            shown_old,
            shown_new,
        )
        return False
    loc = (*parts, "type")
    wider, narrower = covers(new_t, old_t), covers(old_t, new_t)
    if wider and not narrower:
        ctx.direction(
            WIDEN,
            "input.type.widened",
            "output.type.widened",
            loc,
            f"type widened from {shown_old} to {shown_new}",
            shown_old,
            shown_new,
        )
        return True
    if narrower and not wider:
        ctx.direction(
            NARROW,
            "input.type.narrowed",
            "output.type.narrowed",
            loc,
            f"type narrowed from {shown_old} to {shown_new}",
            shown_old,
            shown_new,
        )
        return True
    rule = "input.type.changed" if ctx.mode == "input" else "output.type.changed"
    ctx.emit(
        rule,
        loc,
        f"{ctx.where(parts)}: type changed from {shown_old} to {shown_new}; values valid on one side are invalid on the other",
        shown_old,
        shown_new,
    )
    return False


# -- value constraints ----------------------------------------------------------


def _enum(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
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
            f"enum values removed: {_short(removed)}",
            removed,
            ABSENT,
        )
    if added:
        ctx.direction(
            WIDEN,
            "input.enum.values_added",
            "output.enum.values_added",
            loc,
            f"enum values added: {_short(added)}",
            ABSENT,
            added,
        )


def _const(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
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


def _format(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
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


def _pattern(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
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


def _bounds(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
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


def _multiple_of(
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


def _count_pair(
    old: dict[str, Any], new: dict[str, Any], lo: str, hi: str
) -> list[tuple[str, str]]:
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


def _lengths(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
    for key, direction in _count_pair(old, new, "minLength", "maxLength"):
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


def _items_count(
    old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int
) -> None:
    for key, direction in _count_pair(old, new, "minItems", "maxItems"):
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


def _unique(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
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


def _props_count(
    old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int
) -> None:
    for key, direction in _count_pair(old, new, "minProperties", "maxProperties"):
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


# -- objects ----------------------------------------------------------------------


def _dict(schema: dict[str, Any], key: str) -> dict[str, Any]:
    value = schema.get(key)
    return value if isinstance(value, dict) else {}


def _required(schema: dict[str, Any]) -> set[str]:
    value = schema.get("required")
    return {item for item in value if isinstance(item, str)} if isinstance(value, list) else set()


def _closed(schema: dict[str, Any]) -> bool:
    return (
        schema.get("additionalProperties") is False or schema.get("unevaluatedProperties") is False
    )


def _properties(
    old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int
) -> None:
    old_p, new_p = _dict(old, "properties"), _dict(new, "properties")
    old_r, new_r = _required(old), _required(new)
    for name in sorted(set(old_p) | set(new_p)):
        loc = (*parts, "properties", name)
        label = ctx.where(loc)
        if name not in new_p:
            _property_removed(name, old_p[name], loc, label, name in old_r, _closed(old), ctx)
        elif name not in old_p:
            _property_added(name, new_p[name], loc, label, name in new_r, ctx)
        else:
            schema_mod.compare_node(old_p[name], new_p[name], loc, ctx, depth + 1)
    for name in sorted(new_r - old_r):
        if name in old_p or name not in new_p:
            _became_required(name, new_p.get(name), (*parts, "required"), ctx, parts)
    for name in sorted(old_r - new_r):
        if name in new_p:
            label = ctx.where((*parts, "properties", name))
            if ctx.mode == "input":
                ctx.emit(
                    "input.property.became_optional",
                    (*parts, "required"),
                    f"{label} became optional; existing callers keep working",
                    name,
                    ABSENT,
                )
            else:
                ctx.emit(
                    "output.property.became_optional",
                    (*parts, "required"),
                    f"{label} is no longer guaranteed in the result; clients reading it may fail",
                    name,
                    ABSENT,
                )


def _property_removed(
    name: str, schema: Any, loc: Parts, label: str, required: bool, closed: bool, ctx: Ctx
) -> None:
    if ctx.mode == "input":
        how = (
            "the object is closed, so callers still sending it are rejected"
            if closed
            else "callers still sending it are now ignored (or rejected by strict servers)"
        )
        ctx.emit(
            "input.property.removed",
            loc,
            f"{label} was removed; {how}",
            schema,
            ABSENT,
            certainty="definite" if closed else "potential",
        )
    elif required:
        ctx.emit(
            "output.property.removed.required",
            loc,
            f"{label} was removed from the result although it was required; clients reading it break",
            schema,
            ABSENT,
        )
    else:
        ctx.emit(
            "output.property.removed.optional",
            loc,
            f"{label} was removed from the result; clients reading it get nothing",
            schema,
            ABSENT,
        )


def _property_added(
    name: str, schema: Any, loc: Parts, label: str, required: bool, ctx: Ctx
) -> None:
    if ctx.mode == "output":
        ctx.emit(
            "output.property.added",
            loc,
            f"{label} was added to the result; existing clients keep working",
            ABSENT,
            schema,
        )
        return
    if required:
        ctx.emit(
            "input.property.added.required",
            loc,
            f"{label} was added as required; every existing call without it is rejected",
            ABSENT,
            schema,
        )
    else:
        ctx.emit(
            "input.property.added.optional",
            loc,
            f"{label} was added as optional; existing callers keep working",
            ABSENT,
            schema,
        )
    if name.lower() in schema_mod.SUSPICIOUS_PARAMETERS:
        ctx.emit(
            "schema.suspicious_parameter_added",
            loc,
            f"{label} is a parameter name used to make models leak context (notes/history/system prompt); check what the tool does with it",
            ABSENT,
            name,
        )
    if isinstance(schema, dict) and isinstance(schema.get("description"), str):
        for change in text_change(
            "input.property.description.changed",
            ctx.loc(loc),
            f"{label} description",
            ABSENT,
            schema["description"],
        )[1:]:
            ctx.out.append(change)


def _became_required(name: str, schema: Any, loc: Parts, ctx: Ctx, parts: Parts) -> None:
    label = ctx.where((*parts, "properties", name))
    if ctx.mode == "output":
        ctx.emit(
            "output.property.became_required",
            loc,
            f"{label} is now guaranteed in the result; existing clients keep working",
            ABSENT,
            name,
        )
    elif isinstance(schema, dict) and "default" in schema:
        ctx.emit(
            "input.property.became_required_with_default",
            loc,
            f"{label} became required (its default does not make omitting it valid); calls without it are rejected",
            ABSENT,
            name,
        )
    else:
        ctx.emit(
            "input.property.became_required",
            loc,
            f"{label} became required; every existing call without it is rejected",
            ABSENT,
            name,
        )


def _open_state(value: Any) -> str:
    if value is ABSENT or value is True or value == {}:
        return "open"
    if value is False:
        return "closed"
    return "schema"


def _additional(
    old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int
) -> None:
    key = "additionalProperties"
    before, after = old.get(key, ABSENT), new.get(key, ABSENT)
    states = (_open_state(before), _open_state(after))
    loc = (*parts, key)
    if states[0] == states[1] == "schema":
        schema_mod.compare_node(before, after, loc, ctx, depth + 1)
    elif states[0] == states[1]:
        return
    elif states[1] == "closed" or states[0] == "open":
        ctx.direction(
            NARROW,
            "input.additional_properties.closed",
            TIGHT,
            loc,
            "unknown properties are no longer accepted",
            before,
            after,
        )
    else:
        ctx.direction(
            WIDEN,
            "input.additional_properties.opened",
            "output.additional_properties.opened",
            loc,
            "unknown properties are now accepted",
            before,
            after,
        )


def _keyed_schemas(
    key: str, added_rule: tuple[str, str], removed_rule: tuple[str | None, str]
) -> Callable[[dict[str, Any], dict[str, Any], Parts, Ctx, int], None]:
    """A check for keywords holding a map of name -> schema (patternProperties, dependentSchemas)."""

    def check(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
        before, after = _dict(old, key), _dict(new, key)
        for name in sorted(set(before) | set(after)):
            loc = (*parts, key, name)
            if name not in before:
                ctx.direction(
                    NARROW,
                    added_rule[0],
                    added_rule[1],
                    loc,
                    f"{key} '{name}' added",
                    ABSENT,
                    after[name],
                )
            elif name not in after:
                ctx.direction(
                    WIDEN,
                    removed_rule[0],
                    removed_rule[1],
                    loc,
                    f"{key} '{name}' removed",
                    before[name],
                    ABSENT,
                )
            else:
                schema_mod.compare_node(before[name], after[name], loc, ctx, depth + 1)

    return check


def _dependent_required(
    old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int
) -> None:
    for key in ("dependentRequired", "dependencies"):
        before, after = _dict(old, key), _dict(new, key)
        for name in sorted(set(before) | set(after)):
            b, a = before.get(name, ABSENT), after.get(name, ABSENT)
            if canon(b) == canon(a):
                continue
            loc = (*parts, key, name)
            if isinstance(a, dict) or isinstance(b, dict):  # draft-07 schema dependency
                if a is ABSENT:
                    ctx.direction(WIDEN, None, RELAXED, loc, "schema dependency removed", b, a)
                elif b is ABSENT:
                    ctx.direction(
                        NARROW,
                        "input.dependent_schemas.added",
                        TIGHT,
                        loc,
                        "schema dependency added",
                        b,
                        a,
                    )
                else:
                    schema_mod.compare_node(b, a, loc, ctx, depth + 1)
                continue
            b_set = set(b) if isinstance(b, list) else set()
            a_set = set(a) if isinstance(a, list) else set()
            if a_set - b_set:
                ctx.direction(
                    NARROW,
                    "input.dependent_required.added_or_changed",
                    TIGHT,
                    loc,
                    f"when '{name}' is given, {sorted(a_set - b_set)} must now be given too",
                    b,
                    a,
                )
            elif b_set - a_set:
                ctx.direction(WIDEN, None, RELAXED, loc, "dependent requirement relaxed", b, a)


def _simple_subschema(
    key: str, added: tuple[str, str], removed: tuple[str | None, str]
) -> Callable[[dict[str, Any], dict[str, Any], Parts, Ctx, int], None]:
    """A check for a keyword holding one subschema (propertyNames, contains, not, items ...)."""

    def check(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
        before, after = old.get(key, ABSENT), new.get(key, ABSENT)
        loc = (*parts, key)
        if before is ABSENT:
            ctx.direction(NARROW, added[0], added[1], loc, f"{key} added", before, after)
        elif after is ABSENT:
            ctx.direction(WIDEN, removed[0], removed[1], loc, f"{key} removed", before, after)
        elif key == "not":
            rule = (
                "input.not.added_or_changed"
                if ctx.mode == "input"
                else "output.schema.widened_unclassified"
            )
            ctx.emit(
                rule,
                loc,
                f"{ctx.where(parts)}: 'not' changed; which values it excludes changed",
                before,
                after,
            )
        else:
            schema_mod.compare_node(before, after, loc, ctx, depth + 1)

    return check


def _unevaluated(
    old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int
) -> None:
    for key in ("unevaluatedProperties", "unevaluatedItems"):
        before, after = old.get(key, ABSENT), new.get(key, ABSENT)
        states = (_open_state(before), _open_state(after))
        loc = (*parts, key)
        if states[0] == states[1] == "schema":
            schema_mod.compare_node(before, after, loc, ctx, depth + 1)
        elif states[0] != states[1]:
            if states[1] == "closed" or states[0] == "open":
                ctx.direction(
                    NARROW, "input.unevaluated.closed", TIGHT, loc, f"{key} closed", before, after
                )
            else:
                ctx.direction(WIDEN, None, RELAXED, loc, f"{key} opened", before, after)


def _conditional(
    old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int
) -> None:
    before = {k: old[k] for k in ("if", "then", "else") if k in old}
    after = {k: new[k] for k in ("if", "then", "else") if k in new}
    loc = (*parts, "if")
    if not after:
        ctx.direction(WIDEN, None, RELAXED, loc, "if/then/else removed", before, ABSENT)
    elif ctx.mode == "input":
        ctx.emit(
            "input.conditional.added",
            loc,
            f"{ctx.where(parts)}: if/then/else {'added' if not before else 'changed'}; some calls valid before may now be rejected",
            before or ABSENT,
            after,
        )
    elif not before:
        ctx.direction(
            NARROW, "input.conditional.added", TIGHT, loc, "if/then/else added", ABSENT, after
        )
    else:
        ctx.emit(
            "output.structural.relaxed",
            loc,
            f"{ctx.where(parts)}: if/then/else changed; results may take shapes they could not before",
            before,
            after,
            certainty="potential",
        )


# -- arrays -------------------------------------------------------------------------


def _items(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
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


def _prefix_items(
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
            f"{ctx.where(loc)}: tuple positions changed from {len(before)} to {len(after)}; positional values now mean other things",
            len(before),
            len(after),
            certainty="potential",
        )


def _contains(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
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
    for key, direction in _count_pair(old, new, "minContains", "maxContains"):
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


def _combinator(key: str) -> Callable[[dict[str, Any], dict[str, Any], Parts, Ctx, int], None]:
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
                f"{ctx.where(parts)}: now wrapped in {key}; values must also match one of its branches",
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


# -- annotations (model-visible text and hints) --------------------------------------------


def _description(
    old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int
) -> None:
    rule = (
        "input.property.description.changed"
        if ctx.mode == "input"
        else "output.property.description.changed"
    )
    label = f"{ctx.where(parts)} description"
    ctx.out.extend(
        text_change(
            rule,
            ctx.loc((*parts, "description")),
            label,
            old.get("description", ABSENT),
            new.get("description", ABSENT),
        )
    )


def _annotation(
    key: str, rule: str, detail: str, input_only: bool = False
) -> Callable[[dict[str, Any], dict[str, Any], Parts, Ctx, int], None]:
    def check(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
        if input_only and ctx.mode != "input":
            return
        ctx.emit(
            rule,
            (*parts, key),
            f"{ctx.where(parts)}: {detail}",
            old.get(key, ABSENT),
            new.get(key, ABSENT),
        )

    return check


def _deprecated(
    old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int
) -> None:
    rule = "input.property.deprecated" if ctx.mode == "input" else "output.property.deprecated"
    now = new.get("deprecated") is True
    ctx.emit(
        rule,
        (*parts, "deprecated"),
        f"{ctx.where(parts)} {'is now deprecated; plan to stop using it' if now else 'is no longer deprecated'}",
        old.get("deprecated", ABSENT),
        new.get("deprecated", ABSENT),
    )


def _default(old: dict[str, Any], new: dict[str, Any], parts: Parts, ctx: Ctx, depth: int) -> None:
    if ctx.mode != "input":
        return
    before, after = old.get("default", ABSENT), new.get("default", ABSENT)
    if before is not ABSENT and after is not ABSENT:
        ctx.emit(
            "input.default.changed",
            (*parts, "default"),
            f"{ctx.where(parts)}: default changed; callers that omit it now get other behaviour",
            before,
            after,
        )
    else:
        ctx.emit(
            "input.default.added_or_removed",
            (*parts, "default"),
            f"{ctx.where(parts)}: default {'added' if before is ABSENT else 'removed'}",
            before,
            after,
        )


_CHECKS: Final[
    tuple[
        tuple[tuple[str, ...], Callable[[dict[str, Any], dict[str, Any], Parts, Ctx, int], None]],
        ...,
    ]
] = (
    (("enum",), _enum),
    (("const",), _const),
    (("format",), _format),
    (("pattern",), _pattern),
    (("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"), _bounds),
    (("multipleOf",), _multiple_of),
    (("minLength", "maxLength"), _lengths),
    (("minItems", "maxItems"), _items_count),
    (("uniqueItems",), _unique),
    (("minProperties", "maxProperties"), _props_count),
    (("properties", "required"), _properties),
    (("additionalProperties",), _additional),
    (
        ("patternProperties",),
        _keyed_schemas(
            "patternProperties",
            ("input.pattern_properties.added", TIGHT),
            ("input.pattern_properties.removed", RELAXED),
        ),
    ),
    (
        ("dependentSchemas",),
        _keyed_schemas(
            "dependentSchemas", ("input.dependent_schemas.added", TIGHT), (None, RELAXED)
        ),
    ),
    (("dependentRequired", "dependencies"), _dependent_required),
    (
        ("propertyNames",),
        _simple_subschema("propertyNames", ("input.property_names.added", TIGHT), (None, RELAXED)),
    ),
    (
        ("not",),
        _simple_subschema(
            "not",
            ("input.not.added_or_changed", TIGHT),
            (None, "output.schema.widened_unclassified"),
        ),
    ),
    (("unevaluatedProperties", "unevaluatedItems"), _unevaluated),
    (("if", "then", "else"), _conditional),
    (("items", "additionalItems"), _items),
    (("prefixItems",), _prefix_items),
    (("contains", "minContains", "maxContains"), _contains),
    (("anyOf",), _combinator("anyOf")),
    (("oneOf",), _combinator("oneOf")),
    (("allOf",), _combinator("allOf")),
    (("description",), _description),
    (
        ("title",),
        _annotation(
            "title", "input.property.title_or_examples.changed", "title changed", input_only=True
        ),
    ),
    (
        ("examples",),
        _annotation(
            "examples",
            "input.property.title_or_examples.changed",
            "examples changed",
            input_only=True,
        ),
    ),
    (("deprecated",), _deprecated),
    (
        ("readOnly", "writeOnly"),
        _annotation(
            "readOnly",
            "input.property.read_write_only.changed",
            "readOnly/writeOnly changed",
            input_only=True,
        ),
    ),
    (("default",), _default),
)


def _short(values: list[Any]) -> str:
    shown = ", ".join(repr(v) for v in values[:5])
    return shown + (f" (+{len(values) - 5} more)" if len(values) > 5 else "")
