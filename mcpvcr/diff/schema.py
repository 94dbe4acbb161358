"""Direction-aware JSON Schema comparison.

A tool's input schema describes what the server ACCEPTS: accepting less breaks
callers (new required property, enum value removed, tighter bounds), accepting
more is additive. An output schema describes what the server PROMISES: the
mirror, so promising more (a wider type, a new enum value, a dropped required
property) breaks clients that parse the result.

Every check below therefore decides one thing, whether the set of valid values
grew (`WIDEN`) or shrank (`NARROW`), and `Ctx.emit` maps that onto the
catalogue rule for the side being compared. Nested properties, array items,
tuple positions, combinator branches and local `$ref`s are followed; keywords
no check understands still produce a `*_unclassified` change, never silence.
"""

from __future__ import annotations

from typing import Any, Final

from mcpvcr.diff.model import ABSENT, Change
from mcpvcr.diff.norm import canon
from mcpvcr.diff.schema_base import NARROW, SUSPICIOUS_PARAMETERS, WIDEN, Ctx, unclassified
from mcpvcr.diff.schema_keywords import compare_keywords
from mcpvcr.jsonpointer import resolve_local_ref

MAX_DEPTH: Final = 48

__all__ = ["NARROW", "SUSPICIOUS_PARAMETERS", "WIDEN", "Ctx", "compare_node", "compare_schema"]


def compare_schema(
    old: Any,
    new: Any,
    *,
    mode: str,
    base: tuple[str, ...],
    what: str,
) -> list[Change]:
    """All classified changes between two schemas of one side (input or output)."""
    ctx = Ctx(mode=mode, base=base, old_root=old, new_root=new, what=what, recurse=compare_node)
    if canon(old) == canon(new):
        return []
    ctx.refs_stable = canon(_definitions(old)) == canon(_definitions(new))
    _root_checks(old, new, ctx)
    compare_node(old, new, (), ctx, 0)
    return ctx.out


def _root_checks(old: Any, new: Any, ctx: Ctx) -> None:
    old_dialect = old.get("$schema") if isinstance(old, dict) else None
    new_dialect = new.get("$schema") if isinstance(new, dict) else None
    if old_dialect != new_dialect:
        ctx.emit(
            "tool.input_schema.dialect_changed",
            ("$schema",),
            f"{ctx.what} JSON Schema dialect changed; items/prefixItems/$defs may mean other"
            " things now",
            old_dialect,
            new_dialect,
        )


def _definitions(root: Any) -> Any:
    if not isinstance(root, dict):
        return None
    return [root.get("$defs"), root.get("definitions")]


def resolve(schema: Any, root: Any) -> tuple[Any, str | None]:
    """Follow a local `$ref` (siblings kept): (schema, ref), or (ABSENT, ref) if unresolved."""
    if not isinstance(schema, dict) or not isinstance(schema.get("$ref"), str):
        return schema, None
    ref: str = schema["$ref"]
    if not ref.startswith("#"):
        return ABSENT, ref
    found, target = resolve_local_ref(root, ref)
    if not found:
        return ABSENT, ref
    if isinstance(target, bool):
        target = {} if target else {"not": {}}
    if not isinstance(target, dict):
        return ABSENT, ref
    siblings = {k: v for k, v in schema.items() if k != "$ref"}
    merged = dict(target)
    merged.update(siblings)
    return merged, ref


def compare_node(old: Any, new: Any, parts: tuple[str, ...], ctx: Ctx, depth: int) -> None:
    """Compare one schema node on both sides and record every change under it."""
    if depth > MAX_DEPTH or ctx.same(old, new):
        return
    old, old_ref = _resolve_chain(old, ctx.old_root)
    new, new_ref = _resolve_chain(new, ctx.new_root)
    if old_ref or new_ref:
        key = (str(old_ref), str(new_ref))
        if key in ctx.seen:  # recursive schema: assume equal on revisit (coinduction)
            return
        ctx.seen = ctx.seen | {key}
    if new is ABSENT or old is ABSENT:
        ctx.emit(
            "input.ref.unresolved",
            (*parts, "$ref"),
            f"{ctx.where(parts)}: $ref {new_ref or old_ref} cannot be resolved inside the"
            " cassette, so this part was not compared",
            old_ref,
            new_ref,
        )
        return
    old, new = _as_object(old), _as_object(new)
    if not isinstance(old, dict) or not isinstance(new, dict):
        unclassified(ctx, parts, "the schema is not an object on one side", old, new)
        return
    if ctx.same(old, new):
        return
    compare_keywords(old, new, parts, ctx, depth)


def _resolve_chain(schema: Any, root: Any) -> tuple[Any, str | None]:
    first_ref: str | None = None
    for _ in range(16):  # a $ref to a $ref to ...: bounded
        schema, ref = resolve(schema, root)
        first_ref = first_ref or ref
        if ref is None or schema is ABSENT:
            return schema, first_ref
        if not (isinstance(schema, dict) and isinstance(schema.get("$ref"), str)):
            return schema, first_ref
    return ABSENT, first_ref


def _as_object(schema: Any) -> Any:
    if schema is True:
        return {}
    if schema is False:
        return {"not": {}}
    return schema
