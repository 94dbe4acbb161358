"""Keyword-by-keyword schema checks (called by `schema.compare_node` on one resolved node).

Each check decides whether the set of valid values shrank (NARROW) or grew
(WIDEN) and names the input-side and output-side rule; `Ctx.direction` picks
the one for the side being compared.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import mcpvcr.diff.schema_base as schema_mod
from mcpvcr.diff import schema_arrays as arrays
from mcpvcr.diff import schema_numbers as numbers
from mcpvcr.diff import schema_objects as objects
from mcpvcr.diff import schema_sets as sets
from mcpvcr.diff import schema_values as values
from mcpvcr.diff.model import ABSENT
from mcpvcr.diff.norm import canon
from mcpvcr.diff.schema_base import NARROW, RELAXED, TIGHT, WIDEN, Parts
from mcpvcr.diff.text import text_change

if TYPE_CHECKING:
    from mcpvcr.diff.schema_base import Ctx


IGNORED: Final = frozenset(
    {"$comment", "$id", "$anchor", "$dynamicAnchor", "$defs", "definitions", "$schema", "$ref"}
)
"""Keys not compared here: bookkeeping, or followed through `$ref` instead."""


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
    old, new = sets.align(old, new)
    if ctx.same(old, new):
        return  # two spellings of one set of values (const/enum, number+multipleOf 1/integer)
    handled: set[str] = set(IGNORED)
    if not _types(old, new, parts, ctx):
        return  # incomparable types: details below would only be noise
    handled.add("type")
    for keys, check in _CHECKS:
        if any(not ctx.same(old.get(key, ABSENT), new.get(key, ABSENT)) for key in keys):
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
    if at_root and ctx.mode == "input" and {old_t, new_t} <= {None, frozenset({"object"})}:
        return True  # tool arguments are always an object: spelling out the type changes nothing
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
        f"{ctx.where(parts)}: type changed from {shown_old} to {shown_new}; values valid on one"
        " side are invalid on the other",
        shown_old,
        shown_new,
    )
    return False


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
        f"{ctx.where(parts)}"
        f" {'is now deprecated; plan to stop using it' if now else 'is no longer deprecated'}",
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
    (("enum",), values.enum),
    (("const",), values.const),
    (("format",), values.format),
    (("pattern",), values.pattern),
    (("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"), numbers.bounds),
    (("multipleOf",), numbers.multiple_of),
    (("minLength", "maxLength"), values.lengths),
    (("minItems", "maxItems"), values.items_count),
    (("uniqueItems",), values.unique),
    (("minProperties", "maxProperties"), values.props_count),
    (("properties", "required"), objects.properties),
    (("additionalProperties",), objects.additional),
    (
        ("patternProperties",),
        objects.keyed_schemas(
            "patternProperties",
            ("input.pattern_properties.added", TIGHT),
            ("input.pattern_properties.removed", RELAXED),
        ),
    ),
    (
        ("dependentSchemas",),
        objects.keyed_schemas(
            "dependentSchemas", ("input.dependent_schemas.added", TIGHT), (None, RELAXED)
        ),
    ),
    (("dependentRequired", "dependencies"), objects.dependent_required),
    (
        ("propertyNames",),
        objects.simple_subschema(
            "propertyNames", ("input.property_names.added", TIGHT), (None, RELAXED)
        ),
    ),
    (
        ("not",),
        objects.simple_subschema(
            "not",
            ("input.not.added_or_changed", TIGHT),
            (None, "output.schema.widened_unclassified"),
        ),
    ),
    (("unevaluatedProperties", "unevaluatedItems"), objects.unevaluated),
    (("if", "then", "else"), objects.conditional),
    (("items", "additionalItems"), arrays.items),
    (("prefixItems",), arrays.prefix_items),
    (("contains", "minContains", "maxContains"), arrays.contains),
    (("anyOf",), arrays.combinator("anyOf")),
    (("oneOf",), arrays.combinator("oneOf")),
    (("allOf",), arrays.combinator("allOf")),
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
