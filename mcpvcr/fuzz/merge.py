"""Merge two JSON Schemas so one candidate value can satisfy both (for allOf and branches).

Shallow and forgiving: `properties` are combined (a name declared twice gets an
`allOf`), `required` lists are joined, `type`s intersected, bounds tightened.
A second `oneOf`/`anyOf` is kept under `allOf`. The result only steers value
generation: every candidate is checked against the real schema afterwards.
"""

from __future__ import annotations

from typing import Any, Final

from mcpvcr.fuzz.schemas import SchemaProblem, resolve

_LOWER_BOUNDS: Final = ("minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties")
_UPPER_BOUNDS: Final = ("maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties")


def merge(root: Any, left: Any, right: Any) -> Any:
    """The conjunction of `left` and `right` as one schema (False when one accepts nothing)."""
    try:
        left = resolve(root, left)
        right = resolve(root, right)
    except SchemaProblem:
        return False
    if right is True or right == {}:
        return left
    if left is True or left == {}:
        return right
    if not isinstance(left, dict) or not isinstance(right, dict):
        return False
    merged = dict(left)
    for key, value in right.items():
        if key not in merged:
            merged[key] = value
        else:
            merged.update(_combine(key, merged[key], value, merged))
    return merged


def _combine(key: str, old: Any, new: Any, merged: dict[str, Any]) -> dict[str, Any]:
    if key == "properties" and isinstance(old, dict) and isinstance(new, dict):
        props = dict(old)
        for prop, sub in new.items():
            props[prop] = {"allOf": [props[prop], sub]} if prop in props else sub
        return {key: props}
    if key == "required" and isinstance(old, list) and isinstance(new, list):
        return {key: list(dict.fromkeys([*old, *new]))}
    if key == "type":
        return {key: _meet_types(old, new)}
    if key in _LOWER_BOUNDS and _is_num(old) and _is_num(new):
        return {key: max(old, new)}
    if key in _UPPER_BOUNDS and _is_num(old) and _is_num(new):
        return {key: min(old, new)}
    if key == "allOf" and isinstance(old, list) and isinstance(new, list):
        return {key: [*old, *new]}
    if key in ("oneOf", "anyOf"):
        existing = merged.get("allOf")
        return {"allOf": [*(existing if isinstance(existing, list) else []), {key: new}]}
    return {}


def _is_num(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _meet_types(left: Any, right: Any) -> Any:
    lefts = [left] if isinstance(left, str) else left if isinstance(left, list) else []
    rights = [right] if isinstance(right, str) else right if isinstance(right, list) else []
    both = [t for t in lefts if t in rights]
    if ("number" in lefts and "integer" in rights) or ("integer" in lefts and "number" in rights):
        both.append("integer")
    return list(dict.fromkeys(both))
