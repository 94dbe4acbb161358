"""Object keywords: properties and required, additionalProperties, dependencies, conditionals."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import mcpvcr.diff.schema_base as schema_mod
from mcpvcr.diff.model import ABSENT
from mcpvcr.diff.norm import canon
from mcpvcr.diff.schema_base import NARROW, RELAXED, TIGHT, WIDEN, Parts

if TYPE_CHECKING:
    from mcpvcr.diff.schema_base import Ctx
from mcpvcr.diff.text import text_change
from mcpvcr.scan.params import parameter_request

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


def properties(
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
            open_schema = old.get("additionalProperties", ABSENT)
            _property_added(name, new_p[name], loc, label, name in new_r, ctx, open_schema)
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
            f"{label} was removed from the result although it was required; clients reading it"
            " break",
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
    name: str,
    schema: Any,
    loc: Parts,
    label: str,
    required: bool,
    ctx: Ctx,
    open_schema: Any = ABSENT,
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
    elif isinstance(open_schema, dict) and open_schema:
        # The old object accepted this name through its additionalProperties schema; the
        # new property schema now decides, so old values for it may no longer pass.
        ctx.emit(
            "input.property.added.in_open_object",
            loc,
            f"{label} was added where additionalProperties already accepted it; callers"
            " that sent it before may now be rejected if their values do not fit",
            open_schema,
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
    description = schema.get("description") if isinstance(schema, dict) else None
    asks = parameter_request(name, description if isinstance(description, str) else "")
    if ctx.mode != "output" and asks:
        # security as well as whatever the addition itself is (breaking when required)
        ctx.emit(
            "schema.suspicious_parameter_added",
            loc,
            f"{label} asks the model for {asks}; an agent that approved the old definition"
            " never agreed to hand these over",
            ABSENT,
            name,
        )
    elif name.lower() in schema_mod.SUSPICIOUS_PARAMETERS:
        ctx.emit(
            "schema.suspicious_parameter_added",
            loc,
            f"{label} is a parameter name used to make models leak context (notes/history/system"
            " prompt); check what the tool does with it",
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
            f"{label} became required (its default does not make omitting it valid); calls"
            " without it are rejected",
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


def additional(
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


def keyed_schemas(
    key: str, added_rule: tuple[str, str], removed_rule: tuple[str | None, str]
) -> Callable[[dict[str, Any], dict[str, Any], Parts, Ctx, int], None]:
    """A check for a map of name -> schema (patternProperties, dependentSchemas)."""

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


def dependent_required(
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


def simple_subschema(
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


def unevaluated(
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


def conditional(
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
            f"{ctx.where(parts)}: if/then/else {'added' if not before else 'changed'}; some calls"
            " valid before may now be rejected",
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
            f"{ctx.where(parts)}: if/then/else changed; results may take shapes they could not"
            " before",
            before,
            after,
            certainty="potential",
        )
