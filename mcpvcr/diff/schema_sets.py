"""Schema spellings judged by the values they accept, not by their keywords.

Two schemas that admit the same set of values are the same contract however
they are written: `exclusiveMaximum: 10` on an integer is `maximum: 9`, a
`multipleOf` that every integer meets is no constraint, `number` with
`multipleOf: 1` is `integer`, and `const: x` is `enum: [x]`. The checks in
`schema_values` ask these helpers for the effective constraint, so a rewrite
from one spelling to the other reports nothing.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Final

SAFE_INTEGER: Final = 2**53 - 1
"""JavaScript's Number.MAX_SAFE_INTEGER: zod 4 emits it as the bound of every `.int()`."""

ASSERTING_FORMAT_DIALECTS: Final = ("draft-03", "draft-04", "draft-06", "draft-07")
"""Dialects whose `format` is treated as an assertion.

The drafts up to 07 leave format checking optional; the validators MCP clients and
servers actually run assert the formats they know (Ajv with ajv-formats in the
TypeScript SDK, and zod, which generates those draft-07 schemas from the `.url()`/
`.email()` checks it enforces). From 2019-09 on, `format` is an annotation unless a
schema opts into the format-assertion vocabulary, and the MCP spec makes 2020-12 the
default when `$schema` is absent.
"""


def number(value: Any) -> Fraction | None:
    """A finite JSON number as an exact fraction (None for anything else, booleans included)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return Fraction(value)


def integral(schema: dict[str, Any]) -> bool:
    """Only integers are valid numbers here: `type: integer`, or a whole-number multipleOf."""
    kind = schema.get("type")
    if kind == "integer":
        return True
    step = number(schema.get("multipleOf"))
    return kind == "number" and step is not None and step > 0 and step.denominator == 1


def effective_step(schema: dict[str, Any]) -> Fraction | None:
    """The multipleOf that still constrains the values (None: no constraint).

    On integers a step of 1/k (1, 0.5, 0.25, ...) is met by every value, so it
    constrains nothing.
    """
    step = number(schema.get("multipleOf"))
    if step is None or step <= 0:
        return None
    if integral(schema) and (1 / step).denominator == 1:
        return None
    return step


def integer_bound(value: Fraction, exclusive: bool, lower: bool) -> tuple[Fraction, bool]:
    """An integer bound as the inclusive integer it admits (exclusiveMaximum 10 -> maximum 9)."""
    if lower:
        edge = math.floor(value) + 1 if exclusive else math.ceil(value)
    else:
        edge = math.ceil(value) - 1 if exclusive else math.floor(value)
    return Fraction(edge), False


def at_safe_limit(bound: tuple[Fraction, bool] | None, lower: bool) -> bool:
    """A bound at or beyond the JavaScript safe-integer limit (or no bound at all)."""
    if bound is None:
        return True
    return bound[0] <= -SAFE_INTEGER if lower else bound[0] >= SAFE_INTEGER


def align(old: dict[str, Any], new: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Rewrite equivalent spellings so that the two sides use the same one."""
    old, new = _integer_type(old), _integer_type(new)
    if "const" in old and "enum" not in old and "enum" in new and "const" not in new:
        old = _const_as_enum(old)
    elif "const" in new and "enum" not in new and "enum" in old and "const" not in old:
        new = _const_as_enum(new)
    return old, new


def _integer_type(schema: dict[str, Any]) -> dict[str, Any]:
    """`number` with a whole-number multipleOf is `integer` (multipleOf 1 dropped)."""
    if schema.get("type") != "number" or not integral(schema):
        return schema
    rewritten = dict(schema, type="integer")
    if number(schema.get("multipleOf")) == 1:
        del rewritten["multipleOf"]
    return rewritten


def _const_as_enum(schema: dict[str, Any]) -> dict[str, Any]:
    rewritten = {k: v for k, v in schema.items() if k != "const"}
    rewritten["enum"] = [schema["const"]]
    return rewritten


def format_asserted(root: Any) -> bool:
    """Whether `format` restricts values under the root's dialect (ASSERTING_FORMAT_DIALECTS)."""
    dialect = root.get("$schema") if isinstance(root, dict) else None
    return isinstance(dialect, str) and any(d in dialect for d in ASSERTING_FORMAT_DIALECTS)
