"""Fast, cached validity checks of the JSON Schemas a server publishes.

jsonschema's `Draft202012Validator.check_schema` costs about 4 ms per schema,
nearly all of it resolving the 2020-12 metaschema's `$dynamicRef`s across its
seven vocabulary documents. A 1,000-tool cassette would spend four seconds
there. So the 2020-12 metaschema is flattened once into one document (each
vocabulary inlined, `$dynamicRef: "#meta"` turned into `$ref: "#"`, which is
what it resolves to when the whole metaschema is the entry point) and its
validator is built once. Results are cached by the schema's canonical JSON, so
identical schemas (common: many tools share one shape) are checked once, and
kept across runs in a mcpvcr.disk_cache table named by the installed jsonschema
and this module's own file: a re-run over unchanged schemas (the common case of
a pre-commit hook or a CI gate) imports no jsonschema at all.
"""

from __future__ import annotations

import copy
import json
import warnings
from functools import cache, lru_cache
from typing import Any

from mcpvcr.disk_cache import Table, code_table
from mcpvcr.jsonpointer import resolve_local_ref

DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"

_VOCABULARIES = (
    "core",
    "applicator",
    "unevaluated",
    "validation",
    "meta-data",
    "format-annotation",
    "content",
)
_DROP = ("$id", "$schema", "$vocabulary", "$dynamicAnchor", "$comment")


def _rewrite(node: Any, prefix: str) -> Any:
    """Point local `$defs` refs at their renamed home; make `$dynamicRef: #meta` a root ref."""
    if isinstance(node, list):
        return [_rewrite(item, prefix) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "$dynamicRef" and value == "#meta":
            out["$ref"] = "#"
        elif key == "$ref" and isinstance(value, str) and value.startswith("#/$defs/"):
            out["$ref"] = "#/$defs/" + prefix + value[len("#/$defs/") :]
        elif key == "properties" and isinstance(value, dict):
            # keys of `properties` are names, not keywords: keep them, rewrite their schemas
            out[key] = {name: _rewrite(sub, prefix) for name, sub in value.items()}
        else:
            out[key] = _rewrite(value, prefix)
    return out


@cache
def _flat_2020_12() -> dict[str, Any]:
    from jsonschema import Draft202012Validator
    from jsonschema_specifications import REGISTRY  # type: ignore[import-untyped]

    root = copy.deepcopy(Draft202012Validator.META_SCHEMA)
    defs: dict[str, Any] = {}
    parts: list[Any] = []
    for vocab in _VOCABULARIES:
        doc = copy.deepcopy(
            REGISTRY.contents(f"https://json-schema.org/draft/2020-12/meta/{vocab}")
        )
        prefix = vocab.replace("-", "_") + "_"
        for name, sub in (doc.pop("$defs", None) or {}).items():
            defs[prefix + name] = _rewrite(sub, prefix)
        for key in _DROP:
            doc.pop(key, None)
        parts.append(_rewrite(doc, prefix))
    for key in _DROP:
        root.pop(key, None)
    flat = _rewrite(root, "root_")
    flat["allOf"] = parts
    flat["$defs"] = defs
    return dict(flat)


@cache
def _meta_validator(dialect: str) -> Any:
    """One validator per dialect, built once; validates schemas against their metaschema."""
    from jsonschema import Draft202012Validator
    from jsonschema.validators import validator_for

    if dialect == DRAFT_2020_12:
        return Draft202012Validator(
            _flat_2020_12(), format_checker=Draft202012Validator.FORMAT_CHECKER
        )
    cls = validator_for({"$schema": dialect}, default=Draft202012Validator)
    return cls(cls.META_SCHEMA, format_checker=cls.FORMAT_CHECKER)


def dialect_of(schema: dict[str, Any]) -> str:
    """The metaschema URI a schema declares, normalised; 2020-12 when absent or unknown.

    The MCP spec (2025-11-25) makes 2020-12 the default dialect for tool schemas.
    """
    declared = schema.get("$schema")
    if not isinstance(declared, str) or declared.rstrip("#") == DRAFT_2020_12:
        return DRAFT_2020_12
    from jsonschema import Draft202012Validator
    from jsonschema.validators import validator_for

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # unknown $schema: jsonschema warns and uses the default
        cls = validator_for(schema, default=Draft202012Validator)
    uri = str(cls.META_SCHEMA.get("$id") or cls.META_SCHEMA.get("id") or DRAFT_2020_12)
    return DRAFT_2020_12 if uri.rstrip("#") == DRAFT_2020_12 else uri


def schema_problem(schema: Any) -> str | None:
    """Why `schema` is not a valid JSON Schema of its dialect, or None when it is."""
    if isinstance(schema, bool):
        return None
    if not isinstance(schema, dict):
        return f"schema is a {type(schema).__name__}, not an object"
    try:
        key = json.dumps(schema, sort_keys=True, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        return "schema holds values that are not JSON"
    except RecursionError:
        return "schema is nested too deeply to check (hundreds of levels)"
    if key not in _VERDICTS:
        if len(_VERDICTS) > 4096:
            _VERDICTS.clear()
        try:
            _VERDICTS[key] = _problem(schema, has_refs='"$ref"' in key)
        except RecursionError:
            # jsonschema validates recursively: a hostile schema hundreds of
            # levels deep exhausts the stack before any real check fails.
            _VERDICTS[key] = "schema is nested too deeply to check (hundreds of levels)"
    return _VERDICTS[key]


_VERDICTS: dict[str, str | None] = {}
"""Verdicts by canonical schema text (bounded; cleared when full)."""


def _problem(schema: dict[str, Any], *, has_refs: bool) -> str | None:
    dialect = dialect_of(schema)
    # Top-level property schemas are checked one by one (each cached): servers and
    # generated cassettes repeat the same parameter shapes across many tools. A
    # property schema is validated against the metaschema root exactly as the
    # root's `properties` keyword would validate it, so the verdict is the same.
    root = schema
    properties = schema.get("properties")
    if isinstance(properties, dict) and properties:
        for name, sub in properties.items():
            plain = _strip_plain_keywords(sub) if isinstance(sub, dict) else sub
            problem = _sub_problem(dialect, _canonical(plain))
            if problem is not None:
                return _at(f"/properties/{name}", problem)
        root = {**schema, "properties": {}}
    problem = _sub_problem(dialect, _canonical(_strip_plain_keywords(root)))
    if problem is not None:
        return problem[1] if problem[0] == "" else f"{problem[1]} (at {problem[0]})"
    return _unresolved_ref(schema) if has_refs else None


def _strip_plain_keywords(schema: dict[str, Any]) -> dict[str, Any]:
    """Drop root keywords whose metaschema check is trivial and already true here.

    `title`/`description` must be strings and `required` an array of unique
    strings; when they are, removing them cannot change the verdict, and what is
    left (type, empty properties, additionalProperties...) repeats across tools.
    """
    out = dict(schema)
    for key in ("title", "description"):
        if isinstance(out.get(key), str):
            del out[key]
    required = out.get("required")
    if (
        isinstance(required, list)
        and all(isinstance(item, str) for item in required)
        and len(set(required)) == len(required)
    ):
        del out["required"]
    return out


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _at(prefix: str, problem: tuple[str, str]) -> str:
    return f"{problem[1]} (at {prefix}{problem[0]})"


@lru_cache(maxsize=16384)
def _sub_problem(dialect: str, key: str) -> tuple[str, str] | None:
    """(JSON pointer, message) of the best metaschema error of one (sub)schema, or None."""
    table = _verdict_table()
    if table is None:
        return _checked(dialect, key)
    entry = f"{dialect}\n{key}"
    stored = table.get(entry)
    if isinstance(stored, list) and len(stored) == 2:
        return (str(stored[0]), str(stored[1])) if stored[0] is not None else None
    verdict = _checked(dialect, key)
    table.put(entry, list(verdict) if verdict is not None else [None, None])
    return verdict


@cache
def _verdict_table() -> Table | None:
    """Stored verdicts, named by the installed jsonschema and this file (either changes them)."""
    return code_table("schema-verdicts", [__file__], ["jsonschema"])


def _checked(dialect: str, key: str) -> tuple[str, str] | None:
    from jsonschema.exceptions import best_match

    error = best_match(_meta_validator(dialect).iter_errors(json.loads(key)))
    if error is None:
        return None
    parts = list(error.absolute_path)
    path = "".join(f"/{part}" for part in parts)
    if _is_type_keyword(parts):
        # mcp-probe's "malformed type" check: say what is wrong, not which anyOf failed
        return path, f"{error.instance!r} is not a JSON Schema type (one of {_TYPES})"
    return path, str(error.message)


_TYPES = "array, boolean, integer, null, number, object, string"
_NAME_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")


def _is_type_keyword(parts: list[Any]) -> bool:
    """Whether a metaschema error path ends at a `type` keyword (or an entry of one)."""
    if parts and isinstance(parts[-1], int):
        parts = parts[:-1]
    if not parts or parts[-1] != "type":
        return False
    # `/properties/type` is a property named "type", not the keyword
    return len(parts) < 2 or parts[-2] not in _NAME_MAPS


def _unresolved_ref(schema: dict[str, Any]) -> str | None:
    """Same-document `$ref`s that point nowhere (Ajv refuses to compile those; so do we)."""
    anchors = _anchors(schema)
    stack: list[Any] = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
            continue
        if not isinstance(node, dict):
            continue
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#"):
            ok = (
                ref[1:] in anchors
                if ref[1:2] not in ("", "/")
                else resolve_local_ref(schema, ref)[0]
            )
            if not ok:
                return f"$ref '{ref}' cannot be resolved"
        stack.extend(value for key, value in node.items() if key not in ("enum", "const"))
    return None


def _anchors(schema: dict[str, Any]) -> set[str]:
    found: set[str] = set()
    stack: list[Any] = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            for key in ("$anchor", "$dynamicAnchor"):
                if isinstance(node.get(key), str):
                    found.add(node[key])
            stack.extend(node.values())
    return found
