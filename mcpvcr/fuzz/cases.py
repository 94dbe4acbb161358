"""The cases sent to one tool: a valid case and malformed variants, deterministic per seed.

`plan_tool(tool, seed=..., pinned=...)` returns a ToolPlan. The order of the
cases is the emission order recorded in the cassette:

1. `valid`: pinned arguments when the user gave some (they win, unchecked),
   else a generated value verified with jsonschema (values.py). Only the
   required properties are filled, plus optional numeric "speed knobs"
   (`duration`, `delay`, `sleep`, `wait`, `interval`, `seconds`) set small so a
   valid case does not sit through a default long operation; all properties
   are the fallback when that object does not validate.
2. MCProbe's variants, same names and order:
   `missing_required:<f>` (each `required` entry, in order), `wrong_type:<f>`,
   `out_of_enum:<f>` (properties in sorted name order), `extra_garbage`.
3. Beyond MCProbe: `below_minimum:<f>`, `above_maximum:<f>`, `too_long:<f>`,
   `pattern_mismatch:<f>`, `bad_format:<f>`, `null:<f>` (non-nullable fields),
   and `wrong_type:<a>.<b>` for fields of nested objects.

Every malformed case except the probes is kept only if jsonschema rejects
it. Two probes are sent whether or not the schema forbids them, and carry
`allowed=True` when it does not:
- `extra_garbage` (the valid arguments plus `"__mcpvcr_garbage__": true`):
  JSON Schema allows unknown keys unless `additionalProperties` (or
  `unevaluatedProperties`) is false. An `ok` answer is `silentlyAccepted`
  (a contract violation) only where the schema closes its properties; on an
  open schema it is a `lenient` note that costs nothing. MCProbe calls both
  a silent accept; that departs from JSON Schema, so mcpvcr does not.
- `wrong_type:<f>` for an untyped parameter (MCProbe sends none): a value of
  another JSON type than the valid one (a string for a number, ...). The
  schema allows it, so an `ok` answer is `lenient` unless the answer is
  garbage (NaN, null, ...), which shows the tool computed nonsense from it.

Tools without a usable object schema get MCProbe's trio: `valid {}`,
`empty_args {}`, `extra_garbage {"__mcpvcr_garbage__": "x"}`.

At most MAX_CASES_PER_TOOL cases are sent per tool (the valid case and the
MCProbe variants come first, so the cap only trims the extra kinds).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from jsonschema.protocols import Validator

from mcpvcr.fuzz import hints
from mcpvcr.fuzz.regex_gen import matches
from mcpvcr.fuzz.schemas import (
    SchemaProblem,
    build_validator,
    inferred_types,
    is_usable_object_schema,
    is_valid,
    object_view,
    resolve,
)
from mcpvcr.fuzz.values import NoValue, ValueGenerator

GARBAGE_KEY: Final = "__mcpvcr_garbage__"
OUT_OF_ENUM: Final = "__mcpvcr_out_of_enum__"
MAX_CASES_PER_TOOL: Final = 40
"""Cap on cases per tool (valid + malformed); a 30-field tool would otherwise send ~150."""
MAX_NESTED_CASES: Final = 8
"""Cap on `wrong_type:<a>.<b>` cases per tool."""

_WRONG_VALUES: Final[tuple[tuple[str, Any], ...]] = (
    ("string", 123),
    ("integer", "not a number"),
    ("number", "not a number"),
    ("boolean", "not a boolean"),
    ("array", "not an array"),
    ("object", "not an object"),
    ("null", "not null"),
)
"""MCProbe's replacement value per declared type (the first type whose value the field rejects)."""
_FALLBACK_WRONG: Final[tuple[Any, ...]] = (123, "not a number", True, [], {"not": "expected"})


@dataclass(frozen=True)
class Case:
    """One call to make: its name, the `arguments` sent, and whether it is malformed."""

    name: str
    arguments: Any
    malformed: bool
    allowed: bool = False
    """A malformed probe the input schema nevertheless accepts (see the module doc)."""


@dataclass(frozen=True)
class ToolPlan:
    """The cases for one tool, and why there is no valid case when there is none."""

    tool: str
    cases: tuple[Case, ...]
    no_valid_case: str | None = None


def plan_tool(
    tool: Mapping[str, Any],
    *,
    seed: int = 0,
    pinned: Mapping[str, Any] | None = None,
    writes: bool = False,
) -> ToolPlan:
    """All cases for one tool (a raw `tools/list` item); `writes`: SQL may change data."""
    name = tool.get("name") if isinstance(tool.get("name"), str) else ""
    schema = tool.get("inputSchema")
    if not is_usable_object_schema(schema):
        return _trio(str(name), pinned, None)
    try:
        validator = build_validator(schema)
    except SchemaProblem as exc:
        return _trio(str(name), pinned, f"inputSchema {exc}")
    about = tool.get("description")
    generator = ValueGenerator(
        schema,
        validator,
        seed=seed,
        tool=str(name),
        about=about[:2000] if isinstance(about, str) else "",
        writes=writes,
    )
    reason: str | None = None
    if pinned is not None:
        valid_args: Any = dict(pinned)
    else:
        try:
            valid_args = generator.generate(schema, None)
        except NoValue as exc:
            reason = str(exc)
            valid_args = _best_effort(schema, generator)
    cases: list[Case] = [] if reason else [Case("valid", valid_args, malformed=False)]
    for case in _malformed(schema, validator, generator, valid_args):
        if len(cases) >= MAX_CASES_PER_TOOL:
            break
        cases.append(case)
    return ToolPlan(str(name), tuple(cases), reason)


def _trio(name: str, pinned: Mapping[str, Any] | None, reason: str | None) -> ToolPlan:
    valid = dict(pinned) if pinned is not None else {}
    return ToolPlan(
        name,
        (
            Case("valid", valid, malformed=False),
            Case("empty_args", {}, malformed=True, allowed=True),
            Case("extra_garbage", {GARBAGE_KEY: "x"}, malformed=True, allowed=True),
        ),
        reason,
    )


def _best_effort(schema: Any, generator: ValueGenerator) -> dict[str, Any]:
    """Arguments to derive malformed variants from when no valid case exists."""
    view = object_view(schema, schema)
    result: dict[str, Any] = {}
    for field in view["required"]:
        try:
            result[field] = generator.generate(view["properties"].get(field, True), field)
        except NoValue:
            result[field] = "example"
    return result


def _malformed(
    schema: Any, validator: Validator, generator: ValueGenerator, base: Any
) -> Iterator[Case]:
    """Malformed variants in emission order, each checked to be invalid (except extra_garbage)."""
    args = base if isinstance(base, dict) else {}
    view = object_view(schema, schema)
    props: dict[str, Any] = view["properties"]
    fields = sorted(props)
    seen: set[str] = set()

    def keep(name: str, arguments: Any) -> Iterator[Case]:
        if name not in seen and not is_valid(validator, arguments):
            seen.add(name)
            yield Case(name, arguments, malformed=True)

    for field in view["required"]:
        yield from keep(f"missing_required:{field}", {k: v for k, v in args.items() if k != field})
    for field in fields:
        wrong = _wrong_value(schema, props[field], generator)
        if wrong is not _NONE:
            yield from keep(f"wrong_type:{field}", {**args, field: wrong})
        elif not inferred_types(schema, props[field]):
            untyped = {**args, field: _other_type(args.get(field))}
            seen.add(f"wrong_type:{field}")
            yield Case(f"wrong_type:{field}", untyped, True, allowed=is_valid(validator, untyped))
    for field in fields:
        enum = _enum_values(schema, props[field])
        if enum is not None:
            yield from keep(f"out_of_enum:{field}", {**args, field: _outside(enum)})
    extra = {**args, GARBAGE_KEY: True}
    yield Case("extra_garbage", extra, malformed=True, allowed=is_valid(validator, extra))
    for field in fields:
        for kind, value in _boundary_values(schema, props[field]):
            yield from keep(f"{kind}:{field}", {**args, field: value})
    for field in fields:
        if "null" not in (inferred_types(schema, props[field]) or {"null"}):
            yield from keep(f"null:{field}", {**args, field: None})
    yield from _nested(schema, props, args, generator, keep)


_NONE: Final = object()


def _wrong_value(root: Any, sub: Any, generator: ValueGenerator) -> Any:
    """A value of a JSON type the field does not allow; _NONE for untyped fields (as MCProbe)."""
    allowed = inferred_types(root, sub)
    if not allowed:
        return _NONE
    for type_name, value in _WRONG_VALUES:
        if type_name in allowed and not generator.valid(sub, value):
            return value
    for value in _FALLBACK_WRONG:
        if not generator.valid(sub, value):
            return value
    return _NONE


def _other_type(value: Any) -> Any:
    """A value of another JSON type than `value`, for an untyped parameter."""
    if isinstance(value, str):
        return 123
    if isinstance(value, bool) or value is None or isinstance(value, int | float):
        return "not a number"
    return "not an object" if isinstance(value, dict) else "not an array"


def _enum_values(root: Any, sub: Any) -> list[Any] | None:
    try:
        resolved = resolve(root, sub)
    except SchemaProblem:
        return None
    if not isinstance(resolved, dict):
        return None
    if isinstance(resolved.get("enum"), list) and resolved["enum"]:
        return list(resolved["enum"])
    if "const" in resolved:
        return [resolved["const"]]
    return None


def _outside(enum: list[Any]) -> Any:
    """MCProbe's sentinel: 999999 for all-number enums, else a string not in the enum."""
    if all(isinstance(v, int | float) and not isinstance(v, bool) for v in enum):
        value: Any = 999999
        while value in enum:
            value += 1
        return value
    text = OUT_OF_ENUM
    while text in enum:
        text += "_"
    return text


def _boundary_values(root: Any, sub: Any) -> Iterator[tuple[str, Any]]:
    try:
        resolved = resolve(root, sub)
    except SchemaProblem:
        return
    if not isinstance(resolved, dict):
        return
    low, xlow = _num(resolved.get("minimum")), _num(resolved.get("exclusiveMinimum"))
    high, xhigh = _num(resolved.get("maximum")), _num(resolved.get("exclusiveMaximum"))
    if low is not None or xlow is not None:
        bound = max(b for b in (low, xlow) if b is not None)
        yield "below_minimum", bound - 1 if low is not None and bound == low else bound
    if high is not None or xhigh is not None:
        bound = min(b for b in (high, xhigh) if b is not None)
        yield "above_maximum", bound + 1 if high is not None and bound == high else bound
    max_len = _num(resolved.get("maxLength"))
    if max_len is not None and 0 <= max_len <= 100_000:
        yield "too_long", "x" * (int(max_len) + 1)
    pattern = resolved.get("pattern")
    if isinstance(pattern, str):
        for candidate in ("", "!", " ", "~~ no match ~~", "\u00a7"):
            if not matches(pattern, candidate):
                yield "pattern_mismatch", candidate
                break
    fmt = resolved.get("format")
    if isinstance(fmt, str) and fmt in hints.BAD_FORMAT_SAMPLES:
        yield "bad_format", hints.BAD_FORMAT_SAMPLES[fmt]


def _num(value: Any) -> float | None:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    return None


def _nested(
    root: Any, props: dict[str, Any], args: dict[str, Any], generator: ValueGenerator, keep: Any
) -> Iterator[Case]:
    """`wrong_type:<a>.<b>` for fields of object-valued arguments present in the valid case."""
    emitted = 0
    for field in sorted(props):
        value = args.get(field)
        if not isinstance(value, dict):
            continue
        inner = object_view(root, props[field])["properties"]
        for child in sorted(inner):
            if emitted >= MAX_NESTED_CASES:
                return
            wrong = _wrong_value(root, inner[child], generator)
            if wrong is _NONE:
                continue
            mutated = copy.deepcopy(args)
            mutated[field][child] = wrong
            before = emitted
            for case in keep(f"wrong_type:{field}.{child}", mutated):
                emitted += 1
                yield case
            if emitted == before:
                continue
