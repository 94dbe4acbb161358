"""Walk every model-visible field of a recorded server and scan it.

Fields: server instructions and info, tool names, titles and descriptions,
every string of the input and output schemas (property names, descriptions,
titles, enums, consts, defaults, examples, comments), resource, template and
prompt texts, and recorded answers (tool calls, prompt messages, resource reads).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any, Final

from mcpvcr import linear_re, pattern_group
from mcpvcr.identifiers import spaced
from mcpvcr.scan.confusables import WELL_KNOWN, mixed_script, skeleton
from mcpvcr.scan.context import Context, Kind
from mcpvcr.scan.finding import Finding, show
from mcpvcr.scan.recorded import Surface
from mcpvcr.scan.rules import purpose_sensitive
from mcpvcr.scan.rules_flow import prompt_purpose
from mcpvcr.scan.scanner import scan_text, signals_of

MAX_DEPTH: Final = 24
_RECIPIENT_PARAM: Final = linear_re.compile(
    r"^(?:b?cc|to|recipients?|forward(?:_?to)?|reply_?to|send_?to|email|e_?mail|address|phone"
    r"|number|destination|webhook(?:_?url)?|callback(?:_?url)?|target|channel|receiver)s?$",
    re.I,
)
_TEXT_KEYS: Final = ("description", "title", "$comment", "examples")
_VALUE_KEYS: Final = ("default", "const", "enum")
_KNOWN_KEYS: Final = frozenset(
    {
        "type",
        "format",
        "pattern",
        "required",
        "contentEncoding",
        "contentMediaType",
        "properties",
        "patternProperties",
        "definitions",
        "dependentRequired",
        "dependencies",
        "additionalProperties",
        "unevaluatedProperties",
        "items",
        "prefixItems",
        "anyOf",
        "oneOf",
        "allOf",
        "not",
        "if",
        "then",
        "else",
        "propertyNames",
        "contains",
        "readOnly",
        "writeOnly",
        "deprecated",
        "minLength",
        "maxLength",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "minItems",
        "maxItems",
        "uniqueItems",
        "minProperties",
        "maxProperties",
        "nullable",
        "discriminator",
    }
    | set(_TEXT_KEYS)
    | set(_VALUE_KEYS)
)
"""Schema keywords whose strings are structure (types, names, patterns) or walked elsewhere."""


Item = tuple[str, str, Context, dict[str, str]]


def scan_surface(surface: Surface) -> list[Finding]:
    """Every finding on the server's model-visible text, each with its field path and location."""
    tools = [t for t in surface.tools if isinstance(t, dict)]
    names = frozenset(str(t.get("name")) for t in tools if isinstance(t.get("name"), str))
    params = frozenset(_all_params(tools))
    base = Context(own_tools=names, own_params=params)
    findings: list[Finding] = []
    cache: dict[tuple[str, str, str, str, str], list[Finding]] = {}
    items = list(_items(surface, tools, base))
    with pattern_group.expecting(len({text for _, text, _, _ in items if text.isascii()})):
        for path, text, ctx, where in items:
            key = _verdict_key(text, ctx)
            if key not in cache:
                cache[key] = scan_text(text, path, ctx)
            findings.extend(_placed(f, path, where) for f in cache[key])
    findings.extend(_names(tools, surface.known_tools))
    return findings


def _verdict_key(text: str, ctx: Context) -> tuple[str, str, str, str, str]:
    """What a verdict on `text` depends on: the tool name only when the text names tools,
    its parameters only when the text names a credential file, credentials or conversation
    (what `store_into_param` reads)."""
    sig = signals_of(text)
    named = bool(sig.tool_refs or sig.spans.get("generic_tools"))
    sources = ("store", "cred", "conv", "quantified")
    params = (
        " ".join(sorted(ctx.params))
        + "|"
        + " ".join(sorted(ctx.closed_params))
        + f"|{ctx.param}|{ctx.closed}|{' '.join(sorted(ctx.fields))}"
        if any(sig.spans.get(name) for name in sources)
        else ""
    )
    purpose = (purpose_sensitive(ctx.purpose), prompt_purpose(ctx.purpose))
    return (text, ctx.kind, str(purpose), ctx.self_name if named else "", params)


def _placed(finding: Finding, path: str, where: dict[str, str]) -> Finding:
    return Finding(**{**finding.__dict__, "field": path, "location": dict(where)})


def _items(surface: Surface, tools: list[dict[str, Any]], base: Context) -> Iterator[Item]:
    if isinstance(surface.instructions, str):
        yield "/instructions", surface.instructions, base, {"field": "instructions"}
    info = surface.server_info if isinstance(surface.server_info, dict) else {}
    for key in ("name", "title", "description"):
        if isinstance(info.get(key), str):
            yield f"/serverInfo/{key}", info[key], base, {"field": f"serverInfo.{key}"}
    for tool in tools:
        yield from _tool_items(tool, base)
    for kind, items in (("resources", surface.resources), ("resourceTemplates", surface.templates)):
        label = "resource" if kind == "resources" else "template"
        for item in items:
            if isinstance(item, dict):
                where = {label: str(item.get("uri", item.get("uriTemplate", "")))}
                yield from _plain(f"/{kind}/{_esc(where[label])}", item, base, where)
    for prompt in surface.prompts:
        if isinstance(prompt, dict):
            yield from _prompt_items(prompt, base)
    yield from _answers(surface.interactions, base, surface.resources)


def _plain(path: str, item: dict[str, Any], ctx: Context, where: dict[str, str]) -> Iterator[Item]:
    for key in ("name", "title", "description"):
        if isinstance(item.get(key), str):
            yield f"{path}/{key}", item[key], ctx, where


def _tool_items(tool: dict[str, Any], base: Context) -> Iterator[Item]:
    name = tool.get("name") if isinstance(tool.get("name"), str) else ""
    # The purpose is what the tool is called: its description may be the attacker's text.
    title = tool.get("title") if isinstance(tool.get("title"), str) else ""
    purpose = f"{name} {title}"
    schema = tool.get("inputSchema")
    props = schema.get("properties") if isinstance(schema, dict) else None
    params = frozenset(str(p) for p in props) if isinstance(props, dict) else frozenset()
    closed = (
        frozenset(str(p) for p, sub in props.items() if _closed(sub))
        if isinstance(props, dict)
        else frozenset()
    )
    ctx = base.at(self_name=name, purpose=purpose, params=params, closed_params=closed)
    path = f"/tools/{_esc(str(name))}"
    where = {"tool": str(name)}
    if name:
        yield f"{path}/name", name, ctx.at(kind="name"), where
    for key in ("title", "description"):
        if isinstance(tool.get(key), str):
            yield f"{path}/{key}", tool[key], ctx, where
    notes = tool.get("annotations")
    if isinstance(notes, dict) and isinstance(notes.get("title"), str):
        yield f"{path}/annotations/title", notes["title"], ctx, where
    yield from _schema(tool.get("inputSchema"), f"{path}/inputSchema", _kinds(ctx), where, "", 0)
    out_where = {**where, "field": "outputSchema"}
    out_kinds = _kinds(ctx.at(purpose=""))
    yield from _schema(
        tool.get("outputSchema"), f"{path}/outputSchema", out_kinds, out_where, "", 0
    )


_CLOSED_TYPES: Final = frozenset({"boolean", "integer", "number", "null"})


def _closed(schema: Any) -> bool:
    """Whether a parameter's schema admits no free text (a flag, a number, a fixed choice)."""
    if not isinstance(schema, dict):
        return False
    if "enum" in schema or "const" in schema:
        return True
    kind = schema.get("type")
    kinds = {kind} if isinstance(kind, str) else set(kind) if isinstance(kind, list) else set()
    return bool(kinds) and kinds <= _CLOSED_TYPES


def _kinds(ctx: Context) -> dict[str, Context]:
    """The tool's context for each kind of schema string, built once per tool."""
    return {kind: ctx.at(kind=kind) for kind in ("text", "param", "recipient_value")}


def _schema(
    schema: Any, path: str, ctx: dict[str, Context], where: dict[str, str], param: str, depth: int
) -> Iterator[Item]:
    if depth > MAX_DEPTH or not isinstance(schema, dict):
        if isinstance(schema, list) and depth <= MAX_DEPTH:
            for index, sub in enumerate(schema):
                yield from _schema(sub, f"{path}/{index}", ctx, where, param, depth + 1)
        return
    here = {**where, "param": param} if param else where
    kind: Kind = "param" if param else "text"
    for key in _TEXT_KEYS:
        if key not in schema:
            continue
        for index, value in enumerate(_strings(schema[key])):
            yield (
                f"{path}/{key}" + (f"/{index}" if key == "examples" else ""),
                value,
                ctx[kind],
                here,
            )
    value_kind: Kind = "recipient_value" if param and _recipient(param) else kind
    # an enum value or default is the server's text, whatever the parameter may take
    value_ctx = ctx[value_kind].at(closed=False) if ctx[value_kind].closed else ctx[value_kind]
    for key in _VALUE_KEYS:
        if key not in schema:
            continue
        for index, value in enumerate(_strings(schema[key])):
            yield (
                f"{path}/{key}" + (f"/{index}" if key == "enum" else ""),
                value,
                value_ctx,
                here,
            )
    for key, value in schema.items():
        if key not in _KNOWN_KEYS and not key.startswith("$"):
            # a vendor key ("x-llm-hint") is sent to the model with the rest of the schema
            for index, text in enumerate(_strings(value) if isinstance(value, str | list) else []):
                suffix = f"/{index}" if isinstance(value, list) else ""
                yield f"{path}/{_esc(str(key))}{suffix}", text, ctx[kind], here
        if key in ("properties", "patternProperties", "$defs", "definitions") and isinstance(
            value, dict
        ):
            for prop, sub in value.items():
                # lint locations name the top-level parameter; the field path has the rest
                child = param or str(prop)
                own = ctx
                if key == "properties":
                    # the property's own name and type travel with its texts: a name that
                    # says what it takes, or a flag that can take nothing, is no hidden sink
                    here_ctx = ctx["param"].at(
                        param=str(prop), closed=_closed(sub), fields=frozenset(map(str, value))
                    )
                    own = {**ctx, "param": here_ctx}
                    prop_where = {**where, "param": child}
                    name = spaced(str(prop))
                    yield f"{path}/{key}/{_esc(str(prop))}", name, own["param"], prop_where
                yield from _schema(
                    sub,
                    f"{path}/{key}/{_esc(str(prop))}",
                    own,
                    where,
                    child if key == "properties" else param,
                    depth + 1,
                )
        elif key not in _TEXT_KEYS + _VALUE_KEYS and isinstance(value, dict | list):
            yield from _schema(value, f"{path}/{key}", ctx, where, param, depth + 1)


@lru_cache(maxsize=4096)
def _recipient(param: str) -> bool:
    """Whether a parameter (its last dotted part) names where data goes."""
    return bool(_RECIPIENT_PARAM.match(param.rsplit(".", 1)[-1]))


def _prompt_items(prompt: dict[str, Any], base: Context) -> Iterator[Item]:
    name = str(prompt.get("name", ""))
    ctx = base.at(purpose=f"{name} {prompt.get('title') or ''}")
    path = f"/prompts/{_esc(name)}"
    where = {"prompt": name}
    yield from _plain(path, prompt, ctx, where)
    for index, arg in enumerate(prompt.get("arguments") or []):
        if isinstance(arg, dict):
            arg_where = {**where, "param": str(arg.get("name", ""))}
            for key in ("name", "title", "description"):
                if isinstance(arg.get(key), str):
                    yield (
                        f"{path}/arguments/{index}/{key}",
                        arg[key],
                        ctx.at(kind="param"),
                        arg_where,
                    )


def _answers(
    interactions: Sequence[Any], base: Context, resources: Sequence[Any]
) -> Iterator[Item]:
    ctx = base.at(kind="answer")
    kinds = {"prompts/get": base.at(kind="prompt_answer"), "code": base.at(kind="code")}
    declared = {
        str(r.get("uri")): str(r.get("mimeType", "")) for r in resources if isinstance(r, dict)
    }
    for index, item in enumerate(interactions):
        if not isinstance(item, dict) or item.get("method") not in (
            "tools/call",
            "prompts/get",
            "resources/read",
        ):
            continue
        target = str(item.get("target", ""))
        label = {"tools/call": "tool", "prompts/get": "prompt", "resources/read": "resource"}[
            str(item["method"])
        ]
        where = {label: target, "field": "answer"}
        response = item.get("response")
        if label == "resource" and _rendered(target, declared.get(target, ""), response):
            here = kinds["code"]
        else:
            here = kinds.get(str(item["method"]), ctx)
        for path, text in _leaves(response, f"/interactions/{index}/response", 0):
            yield path, text, here.at(self_name=target if label == "tool" else ""), where


_RENDERED: Final = linear_re.compile(
    r"profile=mcp-app|javascript|ecmascript|text/css|application/wasm", re.I
)


def _rendered(uri: str, declared: str, response: Any) -> bool:
    """An MCP App UI (`ui://`, `text/html;profile=mcp-app`) or a script: code the host runs or
    renders for the user, not prose the model reads."""
    result = response.get("result") if isinstance(response, dict) else None
    contents = result.get("contents") if isinstance(result, dict) else None
    types = [declared] + [str(c.get("mimeType", "")) for c in contents or [] if isinstance(c, dict)]
    return uri.startswith("ui://") or any(_RENDERED.search(t) for t in types)


def _leaves(value: Any, path: str, depth: int) -> Iterator[tuple[str, str]]:
    """Every string leaf of an answer (content text, structured content, error messages)."""
    if depth > MAX_DEPTH:
        return
    if isinstance(value, str):
        if path.rsplit("/", 1)[-1] not in ("type", "mimeType", "uri", "blob", "data", "jsonrpc"):
            yield path, value
    elif isinstance(value, dict):
        for key, sub in value.items():
            yield from _leaves(sub, f"{path}/{_esc(str(key))}", depth + 1)
    elif isinstance(value, list):
        for index, sub in enumerate(value[:200]):
            yield from _leaves(sub, f"{path}/{index}", depth + 1)


def _names(tools: list[dict[str, Any]], known: frozenset[str]) -> list[Finding]:
    """Look-alike tool names: equal skeletons with different raw text."""
    names = [t["name"] for t in tools if isinstance(t.get("name"), str)]
    out: list[Finding] = []
    by_skeleton: dict[str, list[str]] = {}
    for name in names:
        by_skeleton.setdefault(skeleton(name), []).append(name)
    for name in names:
        where = {"tool": name}
        path = f"/tools/{_esc(name)}/name"
        twins = [other for other in by_skeleton[skeleton(name)] if other != name]
        famous = [k for k in _famous(known).get(skeleton(name), []) if k != name]
        if not name.isascii() and (twins or famous):
            other = (twins + famous)[0]
            why = f"name looks like '{other}' but is spelled with other characters (homoglyph)"
            out.append(_name_finding("error", name, path, where, why))
        elif not name.isascii() and any(
            mixed_script(word) for word in re.split(r"[_\-.\s]+", name)
        ):
            why = "name mixes Latin with Cyrillic, Greek or Armenian letters"
            out.append(_name_finding("error", name, path, where, why))
        elif twins and all(t.isascii() for t in twins):
            why = f"name differs from sibling tool '{twins[0]}' only in case or separators"
            out.append(_name_finding("warning", name, path, where, why))
    return out


def _famous(known: frozenset[str]) -> dict[str, list[str]]:
    table = dict(_WELL_KNOWN_SKELETONS) if known else _WELL_KNOWN_SKELETONS
    for name in known:
        table.setdefault(skeleton(name), []).append(name)
    return table


_WELL_KNOWN_SKELETONS: Final[dict[str, list[str]]] = {}
for _name in sorted(WELL_KNOWN):
    _WELL_KNOWN_SKELETONS.setdefault(skeleton(_name), []).append(_name)


def _name_finding(severity: str, name: str, path: str, where: dict[str, str], why: str) -> Finding:
    return Finding(
        rule="confusable_name",
        severity="error" if severity == "error" else "warning",
        field=path,
        start=0,
        end=len(name),
        evidence=show(name)
        + " ("
        + " ".join(f"U+{ord(c):04X}" for c in name if not c.isascii())[:80]
        + ")",
        why=why,
        signals=("skeleton",),
        location=where,
    )


def _strings(value: Any, depth: int = 0) -> list[str]:
    """Every string in a schema value: an object or array default carries text as well."""
    if isinstance(value, str):
        return [value]
    if depth >= 4:
        return []
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return [text for item in list(items)[:500] for text in _strings(item, depth + 1)][:500]


def _all_params(tools: list[dict[str, Any]]) -> Iterator[str]:
    for tool in tools:
        schema = tool.get("inputSchema")
        props = schema.get("properties") if isinstance(schema, dict) else None
        if isinstance(props, dict):
            yield from (str(p) for p in props)
        # the server's own vocabulary: property names at any depth and the values its
        # enums and consts offer (an operation called 'replace_block' is not another server's)
        yield from _schema_words(schema, 0)


def _schema_words(node: Any, depth: int) -> Iterator[str]:
    if depth > 12:
        return
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("enum", "const"):
                for item in value if isinstance(value, list) else [value]:
                    if isinstance(item, str) and 2 < len(item) <= 60:
                        yield item
            elif key == "properties" and isinstance(value, dict):
                yield from (str(p) for p in value)
                yield from (w for v in value.values() for w in _schema_words(v, depth + 1))
            elif isinstance(value, (dict, list)):
                yield from _schema_words(value, depth + 1)
    elif isinstance(node, list):
        for item in node:
            yield from _schema_words(item, depth + 1)


def _esc(part: str) -> str:
    return part.replace("~", "~0").replace("/", "~1")
