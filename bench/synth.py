"""Seeded synthetic cassettes: N tools with realistic schemas, and realistic mutations.

    from bench.synth import synth_cassette, mutate
    big = synth_cassette(1000, seed=0)       # same seed -> same cassette
    changed = mutate(big, 25, seed=1)        # descriptions, required params, types, enums,
                                             # removed and added tools

Used by the score benchmark and by the diff benchmarks/tests. Pure, no I/O.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from mcpvcr.cassette import Cassette

VERBS = ("get", "list", "search", "create", "update", "delete", "archive", "export", "sync", "run")
NOUNS = (
    "issue", "user", "file", "repo", "branch", "comment", "invoice", "order", "ticket", "report",
    "channel", "message", "dataset", "job", "secret_name", "webhook", "label", "project",
)  # fmt: skip
PARAMS = (
    "id", "query", "limit", "cursor", "owner", "title", "body", "state",
    "sort", "since", "tags", "options", "dry_run",
)  # fmt: skip
READ_VERBS = {"get", "list", "search", "export"}
DESTRUCTIVE_VERBS = {"delete", "archive"}
FORMATS = ("date-time", "email", "uri", "uuid", None, None, None)
ENUMS = (
    ["asc", "desc"],
    ["open", "closed", "all"],
    ["low", "medium", "high", "urgent"],
    ["json", "csv", "markdown"],
)
CHANGE_KINDS = (
    "description",
    "required_param",
    "type_change",
    "remove_tool",
    "add_tool",
    "enum_change",
)


def _property(rng: random.Random, name: str) -> dict[str, Any]:
    kind = rng.choice(
        ("string", "string", "string", "integer", "boolean", "array", "object", "enum")
    )
    prop: dict[str, Any]
    if kind == "enum":
        prop = {"type": "string", "enum": list(rng.choice(ENUMS))}
    elif kind == "string":
        prop = {"type": "string"}
        fmt = rng.choice(FORMATS)
        if fmt:
            prop["format"] = fmt
        elif rng.random() < 0.3:
            prop["minLength"] = 1
            prop["maxLength"] = rng.choice((64, 256, 1024))
    elif kind == "integer":
        prop = {"type": "integer", "minimum": 0, "maximum": rng.choice((10, 100, 1000))}
    elif kind == "boolean":
        prop = {"type": "boolean", "default": False}
    elif kind == "array":
        prop = {"type": "array", "items": {"type": "string"}, "maxItems": rng.choice((10, 50))}
    else:
        prop = {
            "type": "object",
            "properties": {"key": {"type": "string"}, "value": {"type": "string"}},
            "required": ["key"],
        }
    if rng.random() < 0.85:  # real servers leave some parameters undescribed
        prop["description"] = f"The {name.replace('_', ' ')} to use, e.g. {name}-1."
    return prop


def _tool(rng: random.Random, index: int) -> dict[str, Any]:
    verb, noun = rng.choice(VERBS), rng.choice(NOUNS)
    name = f"{verb}_{noun}_{index:04d}"
    names = rng.sample(PARAMS, rng.randint(1, 6))
    properties = {n: _property(rng, n) for n in names}
    required = sorted(rng.sample(names, rng.randint(0, min(2, len(names)))))
    tool: dict[str, Any] = {
        "name": name,
        "description": f"{verb.capitalize()} a {noun.replace('_', ' ')} in the workspace. "
        f"Returns JSON; {'read-only' if verb in READ_VERBS else 'modifies data'}.",
        "inputSchema": {"type": "object", "properties": properties, "required": required},
    }
    if rng.random() < 0.8:
        tool["annotations"] = {
            "readOnlyHint": verb in READ_VERBS,
            "destructiveHint": verb in DESTRUCTIVE_VERBS,
            "idempotentHint": verb in READ_VERBS,
            "openWorldHint": False,
        }
    if rng.random() < 0.3:
        tool["outputSchema"] = {
            "type": "object",
            "properties": {"id": {"type": "string"}, "count": {"type": "integer"}},
            "required": ["id"],
        }
    if rng.random() < 0.05:
        del tool["description"]
    return tool


def _sorted_tools(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(tools, key=lambda t: str(t.get("name", "")))


def synth_cassette(n_tools: int, seed: int = 0) -> Cassette:
    """A static (not fuzzed) cassette of `n_tools` realistic tools; same seed, same cassette."""
    rng = random.Random(seed)
    cassette = Cassette.new(
        transport="stdio",
        handshake="initialize",
        protocol_version="2025-11-25",
        client_info={"name": "mcpvcr", "version": "0.1.0"},
        client_capabilities={},
        options={"fuzz": False, "seed": seed},
        server={
            "protocolVersion": "2025-11-25",
            "serverInfo": {"name": f"synthetic-{n_tools}", "version": "1.0.0"},
            "capabilities": {"tools": {"listChanged": True}, "resources": {}, "prompts": {}},
        },
    )
    tools = _sorted_tools([_tool(rng, i) for i in range(n_tools)])
    resources = [
        {"uri": f"workspace://doc/{i}", "name": f"doc {i}", "mimeType": "text/markdown"}
        for i in range(min(10, n_tools))
    ]
    prompts = [
        {
            "name": f"summarise_{noun}",
            "description": f"Summarise one {noun}.",
            "arguments": [{"name": "id", "description": "Which one.", "required": True}],
        }
        for noun in NOUNS[:3]
    ]
    cassette.body["tools"] = {"items": tools, "pageSizes": [len(tools)]}
    cassette.body["resources"] = {"items": resources, "pageSizes": [len(resources)]}
    cassette.body["prompts"] = {"items": prompts, "pageSizes": [len(prompts)]}
    return cassette


def mutate(cassette: Cassette, n_changes: int, seed: int) -> Cassette:
    """A copy of `cassette` with `n_changes` realistic contract changes (a mix of kinds)."""
    rng = random.Random(seed)
    header = copy.deepcopy(cassette.header)
    body = copy.deepcopy(cassette.body)
    tools: list[dict[str, Any]] = [t for t in body["tools"]["items"] if isinstance(t, dict)]
    added = 0
    for step in range(n_changes):
        kind = (
            CHANGE_KINDS[step % len(CHANGE_KINDS)]
            if step < len(CHANGE_KINDS)
            else rng.choice(CHANGE_KINDS)
        )
        if kind == "add_tool" or not tools:
            added += 1
            tools.append(_tool(rng, 10_000 + added))
            continue
        tool = rng.choice(tools)
        _apply(kind, tool, tools, rng)
    body["tools"] = {"items": _sorted_tools(tools), "pageSizes": [len(tools)]}
    return Cassette(header=header, body=body)


def _apply(
    kind: str, tool: dict[str, Any], tools: list[dict[str, Any]], rng: random.Random
) -> None:
    schema = tool.setdefault("inputSchema", {"type": "object", "properties": {}})
    props: dict[str, Any] = schema.setdefault("properties", {})
    if kind == "description":
        tool["description"] = str(tool.get("description", "")) + " Now also returns archived items."
    elif kind == "required_param":
        name = f"new_param_{rng.randint(0, 9999)}"
        props[name] = {"type": "string", "description": "Newly required."}
        schema["required"] = sorted({*schema.get("required", []), name})
    elif kind == "type_change" and props:
        name = rng.choice(sorted(props))
        old = props[name].get("type")
        props[name] = {**props[name], "type": "integer" if old != "integer" else "string"}
        props[name].pop("enum", None)
    elif kind == "remove_tool":
        tools.remove(tool)
    elif kind == "enum_change":
        enum_props = [n for n in sorted(props) if isinstance(props[n].get("enum"), list)]
        if enum_props:
            prop = props[rng.choice(enum_props)]
            prop["enum"] = prop["enum"][:-1] if len(prop["enum"]) > 2 else [*prop["enum"], "other"]
        else:
            name = rng.choice(sorted(props)) if props else "mode"
            props[name] = {"type": "string", "enum": ["a", "b"], "description": "Now an enum."}


def fuzzed_pair(n_tools: int, changed: float = 0.02, seed: int = 0) -> tuple[Cassette, Cassette]:
    """Two fuzzed recordings of the same synthetic server: the fuzz plan's calls with
    answers (JSON text for valid cases, -32602 for malformed ones), and a copy in which
    `changed` of the valid answers carry another value."""
    from mcpvcr.fuzz.plan import PlanSettings, plan_calls

    old = synth_cassette(n_tools, seed)
    old.header["options"] = {"fuzz": True, "seed": seed}
    calls, coverage = plan_calls(old, PlanSettings(seed=seed))
    interactions = []
    for call in calls:
        if call.malformed:
            response: dict[str, Any] = {"error": {"code": -32602, "message": "invalid arguments"}}
        else:
            answer = {"tool": call.target, "ok": True, "items": [call.index, "a", "b"]}
            response = {"result": {"content": [{"type": "text", "text": json.dumps(answer)}]}}
        interactions.append(
            {
                "method": call.method,
                "target": call.target,
                "case": call.case,
                "params": call.params,
                "response": response,
                "outcome": "rejected" if call.malformed else "ok",
                "flags": [],
                "latencyMs": 200,
            }
        )
    old.body["interactions"] = interactions
    old.body["coverage"] = coverage
    new = Cassette(header=copy.deepcopy(old.header), body=copy.deepcopy(old.body))
    rng = random.Random(seed + 1)
    valid = [i for i in new.body["interactions"] if "result" in i["response"]]
    for item in rng.sample(valid, int(len(valid) * changed)):
        part = item["response"]["result"]["content"][0]
        part["text"] = part["text"].replace('"ok": true', '"ok": false')
    return old, new
