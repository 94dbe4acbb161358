"""JSON Schema helpers for case generation: validators, `$ref` resolution, type sets.

Everything here works on raw schemas as the server sent them (draft-07 or
2020-12, chosen by `$schema`, 2020-12 when absent), offline: `$ref`s resolve
only inside the schema itself, never over the network.

Format checking is opt-in in jsonschema and, without its extras, knows only a
few formats. `FORMAT_CHECKER` adds small stdlib checks for the formats the
generator produces values for (date-time, time, uri, hostname, ...), so a
`bad_format` case is only kept when a validator really rejects it.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterator, Mapping
from datetime import date, datetime
from typing import Any, Final

from jsonschema import FormatChecker
from jsonschema.exceptions import SchemaError
from jsonschema.protocols import Validator
from jsonschema.validators import Draft202012Validator, validator_for
from referencing import Registry
from referencing.exceptions import Unresolvable

from mcpvcr.jsonpointer import resolve_local_ref

JSON_TYPES: Final = ("string", "number", "integer", "boolean", "array", "object", "null")
MAX_REF_DEPTH: Final = 16
"""How many `$ref`s may be followed along one path before generation gives up (recursion bound)."""

_DATE_TIME = re.compile(
    r"^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$"
)
_TIME = re.compile(r"^\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})?$")
_URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$")
_URI_REFERENCE = re.compile(r"^[^\s]*$")
_HOSTNAME = re.compile(
    r"^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$"
)
_DURATION = re.compile(
    r"^P(?!$)(?:\d+Y)?(?:\d+M)?(?:\d+W)?(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+S)?)?$"
)


def _build_format_checker() -> FormatChecker:
    checker = FormatChecker()
    extra = {
        "date-time": _is_date_time,
        "time": lambda text: bool(_TIME.match(text)),
        "uri": lambda text: bool(_URI.match(text)),
        "iri": lambda text: bool(_URI.match(text)),
        "uri-reference": lambda text: bool(_URI_REFERENCE.match(text)),
        "hostname": lambda text: bool(_HOSTNAME.match(text)),
        "duration": lambda text: bool(_DURATION.match(text)),
        "date": _is_date,
        "ipv4": _is_ipv4,
    }
    for name, func in extra.items():
        if name not in checker.checkers or name in ("date", "ipv4"):
            _register(checker, name, func)
    return checker


def _register(checker: FormatChecker, name: str, func: Any) -> None:
    def check(instance: object) -> bool:
        return not isinstance(instance, str) or bool(func(instance))

    checker.checks(name)(check)


def _is_date_time(text: str) -> bool:
    if not _DATE_TIME.match(text):
        return False
    try:
        datetime.fromisoformat(text.replace("z", "Z").replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


def _is_date(text: str) -> bool:
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return False
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _is_ipv4(text: str) -> bool:
    try:
        ipaddress.IPv4Address(text)
    except ValueError:
        return False
    return True


FORMAT_CHECKER: Final = _build_format_checker()


class SchemaProblem(Exception):
    """A schema the generator cannot use; the message says why (recorded in coverage)."""


def build_validator(schema: Any, *, formats: bool = True) -> Validator:
    """A validator for a tool schema, resolving `$ref` only locally.

    `formats` turns on format checking (wanted for generated input; off for
    checking a server's output, as the SDKs do, so an unusual but harmless
    format is not reported as a violation). Raises SchemaProblem when the
    schema is not a valid JSON Schema.
    """
    if not isinstance(schema, dict | bool):
        raise SchemaProblem("schema is not an object")
    cls = validator_for(schema, default=Draft202012Validator)
    try:
        cls.check_schema(schema)
    except SchemaError as exc:
        raise SchemaProblem(f"not a valid JSON Schema: {_short(exc.message)}") from exc
    except RecursionError:
        # jsonschema checks a schema recursively; a hostile 300-level schema
        # exhausts Python's stack long before it is wrong.
        raise SchemaProblem("schema is nested too deeply to check") from None
    checker = FORMAT_CHECKER if formats else None
    validator: Validator = _bounded(cls)(schema, registry=Registry(), format_checker=checker)
    return validator


def _bounded(cls: Any) -> Any:
    """`cls` with `pattern` and `patternProperties` that never run a pattern which can
    backtrack catastrophically (see mcpvcr.safe_regex): such a keyword is not evaluated."""
    from jsonschema.exceptions import ValidationError
    from jsonschema.validators import extend

    from mcpvcr.safe_regex import backtracks_catastrophically

    cached = _BOUNDED.get(cls)
    if cached is not None:
        return cached
    pattern, pattern_properties = cls.VALIDATORS["pattern"], cls.VALIDATORS["patternProperties"]

    def safe_pattern(validator: Any, value: Any, instance: Any, schema: Any) -> Any:
        linear = _linear(value) if isinstance(instance, str) else None
        if linear is not None:  # RE2: time linear in the instance, whatever the pattern
            if linear.search(instance) is None:
                yield ValidationError(f"{instance!r} does not match {value!r}")
            return
        if isinstance(value, str) and backtracks_catastrophically(value):
            return
        yield from pattern(validator, value, instance, schema)

    def safe_pattern_properties(validator: Any, value: Any, instance: Any, schema: Any) -> Any:
        if isinstance(value, dict) and any(
            isinstance(key, str) and backtracks_catastrophically(key) for key in value
        ):
            return
        yield from pattern_properties(validator, value, instance, schema)

    bounded = extend(cls, {"pattern": safe_pattern, "patternProperties": safe_pattern_properties})
    _BOUNDED[cls] = bounded
    return bounded


_BOUNDED: dict[Any, Any] = {}


def _linear(pattern: Any) -> Any:
    """The schema pattern on RE2 (mcpvcr.linear_re), or None when RE2 cannot run it."""
    from mcpvcr import linear_re

    if not isinstance(pattern, str):
        return None
    try:
        compiled = linear_re.compile(pattern)
        linear = compiled.linear  # compiles on first use: an error comes here
    except re.error:
        return None
    return compiled if linear else None


def is_valid(validator: Validator, instance: Any) -> bool:
    """True when `instance` validates; an unresolvable `$ref` counts as not valid."""
    try:
        return bool(validator.is_valid(instance))
    except (Unresolvable, RecursionError):
        return False


def first_error(validator: Validator, instance: Any) -> str:
    """A one-line reason why `instance` does not validate (for coverage notes)."""
    try:
        error = next(iter(validator.iter_errors(instance)), None)
    except (Unresolvable, RecursionError) as exc:
        return f"unresolvable $ref: {_short(str(exc))}"
    if error is None:
        return "valid"
    path = "/".join(str(part) for part in error.absolute_path) or "(root)"
    return f"{path}: {_short(error.message)}"


def _short(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def resolve(root: Any, schema: Any, depth: int = 0) -> Any:
    """Follow a local `$ref` (`#/$defs/..`, `#/definitions/..`, `#`) to its target schema.

    Sibling keywords next to a `$ref` (allowed in 2020-12) are kept with an
    `allOf`, so nothing the schema says is lost. Raises SchemaProblem for a
    remote or dangling reference or a chain longer than MAX_REF_DEPTH.
    """
    while isinstance(schema, dict) and isinstance(schema.get("$ref"), str):
        if depth > MAX_REF_DEPTH:
            raise SchemaProblem("$ref chain too deep (recursive schema)")
        target = _pointer(root, schema["$ref"])
        siblings = {key: value for key, value in schema.items() if key != "$ref"}
        siblings.pop("$schema", None)
        siblings.pop("$id", None)
        if siblings and not set(siblings) <= {"description", "title", "$comment"}:
            return {"allOf": [target, siblings]}
        schema = target
        depth += 1
    return schema


def _pointer(root: Any, ref: str) -> Any:
    if not ref.startswith("#"):
        raise SchemaProblem(f"$ref {ref!r} is not local; remote references are never fetched")
    found, node = resolve_local_ref(root, ref)
    if not found:
        raise SchemaProblem(f"$ref {ref!r} points to nothing")
    return node


def declared_types(schema: Any) -> list[str]:
    """The `type` keyword as a list, plus "null" for OpenAPI's `nullable: true`."""
    if not isinstance(schema, dict):
        return []
    raw = schema.get("type")
    types = (
        [raw]
        if isinstance(raw, str)
        else [t for t in raw if isinstance(t, str)]
        if isinstance(raw, list)
        else []
    )
    if schema.get("nullable") is True and "null" not in types and types:
        types.append("null")
    return [t for t in types if t in JSON_TYPES]


def inferred_types(root: Any, schema: Any, depth: int = 0) -> set[str] | None:
    """The JSON types a schema allows, or None when it does not restrict them.

    Looks through `$ref`, `anyOf`/`oneOf` (union) and `allOf` (intersection);
    `enum`/`const` restrict to the types of their values.
    """
    try:
        schema = resolve(root, schema, depth)
    except SchemaProblem:
        return None
    if schema is False:
        return set()
    if not isinstance(schema, dict) or depth > MAX_REF_DEPTH:
        return None
    allowed: set[str] | None = None
    declared = declared_types(schema)
    if declared:
        allowed = set(declared)
        if "number" in allowed:
            allowed.add("integer")
    values = schema.get("enum") if isinstance(schema.get("enum"), list) else None
    if "const" in schema:
        values = [schema["const"]]
    if values is not None:
        allowed = _meet(allowed, {json_type(value) for value in values})
    for key in ("anyOf", "oneOf"):
        branches = schema.get(key)
        if isinstance(branches, list) and branches:
            union: set[str] | None = set()
            for branch in branches:
                got = inferred_types(root, branch, depth + 1)
                union = None if got is None or union is None else union | got
            allowed = _meet(allowed, union)
    for branch in schema.get("allOf") or [] if isinstance(schema.get("allOf"), list) else []:
        allowed = _meet(allowed, inferred_types(root, branch, depth + 1))
    return allowed


def _meet(left: set[str] | None, right: set[str] | None) -> set[str] | None:
    if left is None:
        return right
    if right is None:
        return left
    result = left & right
    if ("number" in left and "integer" in right) or ("number" in right and "integer" in left):
        result.add("integer")
    return result


def json_type(value: Any) -> str:
    """The JSON type name of a decoded value (an integral float counts as integer)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "integer" if value.is_integer() else "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def object_view(root: Any, schema: Any) -> dict[str, Any]:
    """`properties` and `required` of an object schema, merged through `$ref` and `allOf`.

    Used to name the fields that malformed variants target. `properties` maps a
    name to its (unresolved) subschema; several declarations of the same name
    are combined with `allOf`.
    """
    properties: dict[str, Any] = {}
    required: list[str] = []
    for part in _all_of_parts(root, schema, 0):
        props = part.get("properties")
        if isinstance(props, dict):
            for name, sub in props.items():
                if name in properties:
                    properties[name] = {"allOf": [properties[name], sub]}
                else:
                    properties[name] = sub
        req = part.get("required")
        if isinstance(req, list):
            required.extend(r for r in req if isinstance(r, str) and r not in required)
    return {"properties": properties, "required": required}


def _all_of_parts(root: Any, schema: Any, depth: int) -> Iterator[dict[str, Any]]:
    try:
        schema = resolve(root, schema, depth)
    except SchemaProblem:
        return
    if not isinstance(schema, dict) or depth > MAX_REF_DEPTH:
        return
    yield schema
    branches = schema.get("allOf")
    if isinstance(branches, list):
        for branch in branches:
            yield from _all_of_parts(root, branch, depth + 1)


def is_usable_object_schema(schema: Any) -> bool:
    """MCProbe's test: a non-empty object with type object or `properties`."""
    if not isinstance(schema, Mapping) or not schema:
        return False
    raw = schema.get("type")
    primary = raw if isinstance(raw, str) else raw[0] if isinstance(raw, list) and raw else None
    return primary == "object" or isinstance(schema.get("properties"), dict)
