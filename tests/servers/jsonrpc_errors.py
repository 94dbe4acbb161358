"""jsonrpc_errors: reports tool failures as JSON-RPC errors instead of isError results.

Tools:
- `add` (a, b: number, required): valid -> text "<a+b>"; a missing/non-number argument or any
  unknown key -> JSON-RPC error -32602 "Invalid params: <why>".
- `boom` (no properties): every call -> JSON-RPC error -32603 "Internal error: boom".
Unknown tool -> -32602. Nothing ever answers with isError.
"""

from __future__ import annotations

from typing import Any

from tests.servers._jsonrpc import (
    INTERNAL_ERROR,
    INVALID_PARAMS,
    RpcError,
    ZooServer,
    simple_tool,
    text_result,
)


class ErrorsServer(ZooServer):
    def call_tool(self, name: str, args: dict[str, Any]) -> dict[str, Any] | None:
        if name == "boom":
            raise RpcError(INTERNAL_ERROR, "Internal error: boom")
        if name != "add":
            raise RpcError(INVALID_PARAMS, f"Invalid params: unknown tool {name}")
        extra = sorted(set(args) - {"a", "b"})
        if extra:
            raise RpcError(INVALID_PARAMS, f"Invalid params: unexpected {', '.join(extra)}")
        for key in ("a", "b"):
            value = args.get(key)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise RpcError(INVALID_PARAMS, f"Invalid params: {key} must be a number")
        return text_result(str(args["a"] + args["b"]))


def main(argv: list[str]) -> int:
    tools = [
        simple_tool("add", "Add two numbers and return the sum.", a="number", b="number"),
        simple_tool("boom", "Always fails with an internal error."),
    ]
    ErrorsServer("zoo-jsonrpc-errors", tools=tools).serve()
    return 0
