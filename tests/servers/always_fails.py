"""always_fails: four well-described tools that reject malformed input and fail every valid call.

    python -m tests.servers always_fails [--shape rpc|iserror|text] [--wording TEXT] [--working]

Tools (typed, described, required, `additionalProperties: false`, annotated read-only,
closed-world): `get_item` (item_id: string), `add` (a, b: number), `echo` (text: string),
`status` (no arguments).

- Malformed input (a missing or unknown key, a wrong type) -> JSON-RPC -32602 "Invalid params".
- A valid call fails with TEXT (default "Internal error: database crashed"; `{arg}` in it is
  replaced by the first argument's value), delivered as a JSON-RPC error -32603 (`rpc`), an
  isError result (`iserror`) or a plain-text success (`text`).
- `--working`: the twin that works: get_item -> "Widget <id>: blue, 3 in stock", add -> the
  sum, echo -> the text, status -> "4 tools ready".
Used by the metamorphic tests (tests/judge/test_metamorphic.py): the grade of the failing server
must not depend on the wording or the shape of its failures.
"""

from __future__ import annotations

import argparse
from typing import Any

from tests.servers._jsonrpc import INVALID_PARAMS, RpcError, ZooServer, text_result

_TYPES: dict[str, type | tuple[type, ...]] = {"string": str, "number": (int, float)}


def _tool(name: str, description: str, **props: str) -> dict[str, Any]:
    return {
        "name": name,
        "description": description,
        "inputSchema": {
            "type": "object",
            "properties": {p: {"type": t, "description": f"The {p}."} for p, t in props.items()},
            "required": list(props),
            "additionalProperties": False,
        },
        "annotations": {"readOnlyHint": True, "openWorldHint": False},
    }


TOOLS = [
    _tool("get_item", "Look up one item by its id; return its name and stock.", item_id="string"),
    _tool("add", "Add two numbers and return the sum.", a="number", b="number"),
    _tool("echo", "Return the given text unchanged.", text="string"),
    _tool("status", "Report whether the service is ready."),
]
_SCHEMAS = {tool["name"]: tool["inputSchema"] for tool in TOOLS}


class FailingServer(ZooServer):
    def __init__(self, shape: str, wording: str, working: bool) -> None:
        super().__init__(
            "zoo-always-fails",
            tools=TOOLS,
            instructions="A small inventory service: look items up, add, echo, status.",
        )
        self.shape, self.wording, self.working = shape, wording, working

    def call_tool(self, name: str, args: dict[str, Any]) -> dict[str, Any] | None:
        schema = _SCHEMAS.get(name)
        if schema is None:
            raise RpcError(INVALID_PARAMS, f"Invalid params: unknown tool {name}")
        props = schema["properties"]
        extra = sorted(set(args) - set(props))
        if extra:
            raise RpcError(INVALID_PARAMS, f"Invalid params: unexpected {', '.join(extra)}")
        for key, prop in props.items():
            value = args.get(key)
            if isinstance(value, bool) or not isinstance(value, _TYPES[prop["type"]]):
                raise RpcError(INVALID_PARAMS, f"Invalid params: {key} must be a {prop['type']}")
        if self.working:
            return text_result(_works(name, args))
        first = next(iter(args.values()), "")
        message = self.wording.replace("{arg}", str(first))
        if self.shape == "rpc":
            raise RpcError(-32603, message)
        if self.shape == "iserror":
            return {"content": [{"type": "text", "text": message}], "isError": True}
        return text_result(message)


def _works(name: str, args: dict[str, Any]) -> str:
    if name == "get_item":
        return f"Widget {args['item_id']}: blue, 3 in stock"
    if name == "add":
        return str(args["a"] + args["b"])
    if name == "echo":
        return str(args["text"])
    return "4 tools ready"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="always_fails")
    parser.add_argument("--shape", choices=("rpc", "iserror", "text"), default="rpc")
    parser.add_argument("--wording", default="Internal error: database crashed")
    parser.add_argument("--working", action="store_true")
    args = parser.parse_args(argv)
    FailingServer(args.shape, args.wording, args.working).serve()
    return 0
