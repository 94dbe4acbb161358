"""Generate one plausible value that really validates against a JSON Schema.

Strategy: for each schema, produce candidates in order of plausibility
(`const`, `enum`, `examples`, `default`, then by type with name hints,
`format` samples and `pattern`-generated strings, bounded numbers, arrays and
objects built recursively) and keep the first the schema accepts, checked by a
real jsonschema validator that shares the root's `$ref` resolver. `anyOf` and
`oneOf` try each branch merged with the surrounding keywords; `allOf` merges
its parts. Objects get their required properties first and all properties as
the fallback, so optional recursive fields never loop. Raises NoValue with a
reason when nothing validates.
"""

from __future__ import annotations

import contextlib
import math
import random
from collections.abc import Iterator
from typing import Any, Final

from jsonschema.protocols import Validator

from mcpvcr.fuzz import hints, regex_gen
from mcpvcr.fuzz.merge import merge
from mcpvcr.fuzz.numbers import numbers
from mcpvcr.fuzz.schemas import SchemaProblem, declared_types, first_error, is_valid, resolve

MAX_DEPTH: Final = 12
"""Nesting depth at which generation gives up (bounds recursive `$ref` schemas)."""
MAX_COMPOSITE: Final = 48
"""allOf/anyOf/oneOf levels to flatten for one value before giving up."""
MAX_ARRAY_ITEMS: Final = 64
"""Arrays whose minItems exceeds this are not generated (kept small on the wire)."""
MAX_STRING: Final = 10_000
"""Strings whose minLength exceeds this are not generated."""

_COMPOSITE_KEYS: Final = ("anyOf", "oneOf", "allOf")


class NoValue(Exception):
    """No valid value could be built; the message says why."""


class ValueGenerator:
    """Seeded, deterministic generator bound to one root schema and its validator."""

    def __init__(
        self,
        root: Any,
        validator: Validator,
        *,
        seed: int,
        tool: str,
        about: str = "",
        writes: bool = False,
    ) -> None:
        self.root = root
        self.writes = writes  # SQL that changes data only when writes are opted in (policy.py)
        self.validator = validator
        self.tool = tool  # the tool name: varies the seed, and context for name hints
        self.about = about  # the tool's description: says what language a payload is in
        # seed 0 gives the plainest values (first class member, first branch);
        # other seeds vary pattern-generated strings, deterministically.
        self.rng: random.Random | None = random.Random(f"{seed}\x00{tool}") if seed else None

    def valid(self, schema: Any, instance: Any) -> bool:
        """Whether `instance` validates against `schema` (a subschema of the root)."""
        return is_valid(self.validator.evolve(schema=schema), instance)

    def why_not(self, schema: Any, instance: Any) -> str:
        return first_error(self.validator.evolve(schema=schema), instance)

    def generate(
        self, schema: Any, name: str | None = None, depth: int = 0, variant: int = 0
    ) -> Any:
        """A value valid against `schema`; `variant` > 0 asks for a different one (uniqueItems)."""
        if depth > MAX_DEPTH:
            raise NoValue(f"schema nests deeper than {MAX_DEPTH} levels (recursive $ref?)")
        try:
            resolved = resolve(self.root, schema)
        except SchemaProblem as exc:
            raise NoValue(str(exc)) from exc
        if resolved is False:
            raise NoValue("schema `false` accepts nothing")
        last: Any = _MISSING
        tried = 0
        for candidate in self._candidates(resolved, name, depth, variant):
            if candidate is _MISSING:
                continue
            tried += 1
            if self.valid(resolved, candidate):
                return candidate
            last = candidate
            if tried > 200:
                break
        if last is _MISSING:
            raise NoValue(f"no candidate value for {name or 'value'}")
        raise NoValue(self.why_not(resolved, last))

    # -- candidates -----------------------------------------------------------

    def _candidates(
        self, schema: Any, name: str | None, depth: int, variant: int, composite: int = 0
    ) -> Iterator[Any]:
        if schema is True or not isinstance(schema, dict):
            yield from self._strings({}, name, variant)
            return
        if "const" in schema:
            yield schema["const"]
            return
        enum = schema.get("enum")
        if isinstance(enum, list) and enum:
            yield from _rotate(enum, variant)
            return
        if name and hints.is_speed_knob(name) and _numeric(schema):
            integer = "integer" in declared_types(schema)
            yield from numbers(schema, name, variant, integer=integer)  # small beats the default
        examples = schema.get("examples")
        if isinstance(examples, list) and not variant:
            yield from examples
        if "default" in schema and not variant:
            yield schema["default"]
        if any(key in schema for key in _COMPOSITE_KEYS):
            yield from self._composite(schema, name, depth, variant, composite)
            return
        for type_name in self._types(schema):
            yield from self._by_type(type_name, schema, name, depth, variant)

    def _composite(
        self, schema: dict[str, Any], name: str | None, depth: int, variant: int, composite: int
    ) -> Iterator[Any]:
        """Candidates for a schema with allOf/anyOf/oneOf: one branch list per composite level.

        Choosing a branch does not descend into the value, so it costs a composite
        level (bounded by MAX_COMPOSITE, against `$ref` loops through allOf), not
        one of the MAX_DEPTH nesting levels.
        """
        if composite > MAX_COMPOSITE:
            return
        base: Any = {key: value for key, value in schema.items() if key not in _COMPOSITE_KEYS}
        pending: list[list[Any]] = []  # branch lists still to choose from, one level each
        for key in ("oneOf", "anyOf"):
            if isinstance(schema.get(key), list) and schema[key]:
                pending.append(schema[key])
        all_of = schema.get("allOf")
        for part in all_of if isinstance(all_of, list) else []:
            resolved = self._resolve(part)
            if isinstance(resolved, dict):
                for key in ("oneOf", "anyOf", "allOf"):
                    if isinstance(resolved.get(key), list) and resolved[key]:
                        pending.append(
                            resolved[key] if key != "allOf" else [{"allOf": resolved[key]}]
                        )
                resolved = {k: v for k, v in resolved.items() if k not in _COMPOSITE_KEYS}
            base = merge(self.root, base, resolved)
        if not pending:
            yield from self._candidates(base, name, depth, variant, composite + 1)
            return
        branches, rest = pending[0], pending[1:]
        if rest and isinstance(base, dict):
            base = {**base, "allOf": [{"anyOf": branch_list} for branch_list in rest]}
        # Non-null branches first: a plausible value beats a null.
        ordered = sorted(
            range(len(branches)), key=lambda i: _is_null_schema(self.root, branches[i])
        )
        for index in ordered:
            merged = merge(self.root, base, self._resolve(branches[index]))
            yield from self._candidates(merged, name, depth, variant, composite + 1)

    def _resolve(self, schema: Any) -> Any:
        try:
            return resolve(self.root, schema)
        except SchemaProblem as exc:
            raise NoValue(str(exc)) from exc

    def _types(self, schema: dict[str, Any]) -> list[str]:
        declared = declared_types(schema)
        if not declared:
            declared = _infer_from_keywords(schema)
        # The author's order (the first type is the one they mean: ["boolean", "string"] is a
        # flag that also takes "true"), except that null comes last: a real value is more telling.
        return sorted(declared, key=lambda t: t == "null") if declared else ["string"]

    def _by_type(
        self, type_name: str, schema: dict[str, Any], name: str | None, depth: int, variant: int
    ) -> Iterator[Any]:
        if type_name == "string":
            yield from self._strings(schema, name, variant)
        elif type_name in ("integer", "number"):
            yield from numbers(schema, name, variant, integer=type_name == "integer")
        elif type_name == "boolean":
            flag = hints.boolean_hint(name)
            yield flag if variant % 2 == 0 else not flag
            yield not flag if variant % 2 == 0 else flag
        elif type_name == "null":
            yield None
        elif type_name == "array":
            yield from self._arrays(schema, name, depth, variant)
        elif type_name == "object":
            yield from self._objects(schema, depth, variant)

    def _strings(self, schema: dict[str, Any], name: str | None, variant: int) -> Iterator[str]:
        min_len = _int(schema.get("minLength"), 0)
        max_len = _int(schema.get("maxLength"), None)
        if min_len > MAX_STRING:
            return
        pattern = schema.get("pattern")
        fmt = schema.get("format")
        bases: list[str] = []
        if isinstance(fmt, str):
            bases.extend(hints.FORMAT_SAMPLES.get(fmt, ()))
        description = schema.get("description")
        bases.extend(hints.description_strings(description))
        about = f"{self.about} {description if isinstance(description, str) else ''}"
        bases.extend(hints.payload_hints(name, self.tool, about, writes=self.writes))
        bases.extend(hints.string_hints(name, self.tool))
        generated: list[str] = []
        if isinstance(pattern, str):
            bases.extend(hints.GENERIC_STRINGS)
            # A variant (an item of a uniqueItems array) needs a different
            # string that still matches: draw it with a variant-seeded rng.
            rng = random.Random(f"{variant}\x00{pattern}") if variant else self.rng
            for repeat in (0, 1, 3, 8, min_len):
                try:
                    generated.append(regex_gen.generate(pattern, repeat=repeat, rng=rng))
                except regex_gen.Unsupported:
                    break
        bases.append("example")
        if variant:
            for base in dict.fromkeys(bases):
                yield _fit_length(f"{base}-{variant}", min_len, max_len)
                yield _fit_length(f"{variant}{base}", min_len, max_len)
            yield from (_fit_length(text, min_len, max_len) for text in generated)
        for base in dict.fromkeys([*bases[:-1], *generated, bases[-1]]):
            yield _fit_length(base, min_len, max_len)

    def _arrays(
        self, schema: dict[str, Any], name: str | None, depth: int, variant: int
    ) -> Iterator[list[Any]]:
        min_items = _int(schema.get("minItems"), 0)
        max_items = _int(schema.get("maxItems"), None)
        if min_items > MAX_ARRAY_ITEMS:
            return
        prefix = schema.get("prefixItems")
        items = schema.get("items", True)
        if isinstance(items, list):  # draft-07 tuple form
            prefix, items = items, schema.get("additionalItems", True)
        prefix = prefix if isinstance(prefix, list) else []
        item_name = _singular(name)
        counts = [
            max(min_items, 1, len(prefix) if min_items >= len(prefix) else min_items),
            min_items,
        ]
        for count in dict.fromkeys(counts):
            if max_items is not None and count > max_items:
                count = max_items
            values: list[Any] = []
            try:
                for index in range(count):
                    sub = prefix[index] if index < len(prefix) else items
                    # Distinct items only where the schema asks for them.
                    unique = (
                        index + variant * (count + 1) if schema.get("uniqueItems") is True else 0
                    )
                    values.append(self.generate(sub, item_name, depth + 1, unique))
            except NoValue:
                continue
            yield values
        contains = schema.get("contains")
        if contains is not None:
            with contextlib.suppress(NoValue):
                yield [self.generate(contains, item_name, depth + 1, variant)]

    def _objects(
        self, schema: dict[str, Any], depth: int, variant: int
    ) -> Iterator[dict[str, Any]]:
        raw_props = schema.get("properties")
        props: dict[str, Any] = raw_props if isinstance(raw_props, dict) else {}
        required = (
            [r for r in schema.get("required", []) if isinstance(r, str)]
            if isinstance(schema.get("required"), list)
            else []
        )
        extra = schema.get("additionalProperties", True)
        min_props = _int(schema.get("minProperties"), 0)
        optional = [p for p in sorted(props) if p not in required]
        # Speed knobs (duration, delay, ...) get a small value so a valid case does not sit
        # through a default 10 s operation; otherwise only required fields, as mcp-probe.
        knobs = [p for p in optional if hints.is_speed_knob(p) and _numeric(props[p])]
        if knobs:
            quick = self._fill(props, required, knobs, extra, depth, variant)
            if quick is not None:
                yield self._pad(quick, props, extra, min_props, depth)
        required_only = self._fill(props, required, [], extra, depth, variant)
        if required_only is not None:
            yield self._pad(required_only, props, extra, min_props, depth)
        if optional:
            everything = self._fill(props, required, optional, extra, depth, variant)
            if everything is not None:
                yield self._pad(everything, props, extra, min_props, depth)

    def _fill(
        self,
        props: dict[str, Any],
        required: list[str],
        optional: list[str],
        extra: Any,
        depth: int,
        variant: int,
    ) -> dict[str, Any] | None:
        result: dict[str, Any] = {}
        for field in required:
            sub = props.get(field, extra if isinstance(extra, dict | bool) else True)
            try:
                result[field] = self.generate(sub, field, depth + 1, variant)
            except NoValue:
                return None
        for field in optional:
            try:
                result[field] = self.generate(props[field], field, depth + 1, variant)
            except NoValue:
                continue
        return result

    def _pad(
        self, value: dict[str, Any], props: dict[str, Any], extra: Any, min_props: int, depth: int
    ) -> dict[str, Any]:
        for field in sorted(props):
            if len(value) >= min_props:
                break
            if field not in value:
                try:
                    value[field] = self.generate(props[field], field, depth + 1)
                except NoValue:
                    continue
        index = 1
        while len(value) < min_props and extra is not False and index < 100:
            key = f"key{index}"
            if key not in value:
                try:
                    value[key] = self.generate(
                        extra if isinstance(extra, dict) else True, key, depth + 1
                    )
                except NoValue:
                    break
            index += 1
        return value


_MISSING: Final = object()


def _numeric(schema: Any) -> bool:
    return isinstance(schema, dict) and bool({"number", "integer"} & set(declared_types(schema)))


def _rotate(values: list[Any], variant: int) -> list[Any]:
    shift = variant % len(values)
    return values[shift:] + values[:shift]


def _is_null_schema(root: Any, schema: Any) -> bool:
    try:
        resolved = resolve(root, schema)
    except SchemaProblem:
        return False
    return isinstance(resolved, dict) and declared_types(resolved) == ["null"]


def _infer_from_keywords(schema: dict[str, Any]) -> list[str]:
    if any(
        k in schema for k in ("properties", "required", "additionalProperties", "minProperties")
    ):
        return ["object"]
    if any(
        k in schema
        for k in ("items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains")
    ):
        return ["array"]
    if any(k in schema for k in ("minLength", "maxLength", "pattern", "format")):
        return ["string"]
    if any(
        k in schema
        for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")
    ):
        return ["number"]
    return []


def _int(value: Any, default: Any) -> Any:
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return int(value)
    return default


def _fit_length(text: str, min_len: int, max_len: int | None) -> str:
    if len(text) < min_len:
        text = text + "x" * (min_len - len(text))
    if max_len is not None and len(text) > max_len:
        text = text[:max_len]
    return text


def _singular(name: str | None) -> str | None:
    if name and name.endswith("s") and len(name) > 3:
        return name[:-1]
    return name
