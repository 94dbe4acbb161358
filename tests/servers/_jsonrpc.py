"""A tiny raw JSON-RPC MCP server over stdio for the misbehaving-server zoo (no mcp import).

Messages are newline-delimited JSON on stdin/stdout, as in the MCP stdio transport. A `ZooServer`
holds the contract (tools, resources, templates, prompts: lists of raw dicts sent verbatim) and
answers the protocol for one era:

- era "legacy": `initialize` (echoes the client's protocolVersion when it is a handshake version,
  else 2025-11-25), `ping`; `server/discover` gets -32601 like a pre-2026 server.
- era "modern": 2026-07-28 only. `server/discover` answers; `initialize` gets -32022 naming the
  supported versions; every other request must carry the `_meta` envelope
  (`io.modelcontextprotocol/protocolVersion` + `clientCapabilities`) or gets -32602. Results carry
  `resultType`, list/discover results `ttlMs`/`cacheScope`, and `_meta` with the serverInfo.
- era "dual": both, the first request decides (like the SDK's dual-era loop).

Lists are paginated when `page_size` is set: opaque cursors ("c" + base-10 offset), unknown
cursor -> -32602. Unknown methods -> -32601. A subclass or the `handlers` dict overrides any
method; `call_tool` decides `tools/call`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any, BinaryIO

HANDSHAKE_VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
MODERN_VERSION = "2026-07-28"
PV_KEY = "io.modelcontextprotocol/protocolVersion"
CAPS_KEY = "io.modelcontextprotocol/clientCapabilities"
SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo"

METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
UNSUPPORTED_PROTOCOL_VERSION = -32022

LIST_METHODS = {
    "tools/list": "tools",
    "resources/list": "resources",
    "resources/templates/list": "resourceTemplates",
    "prompts/list": "prompts",
}

Handler = Callable[[dict[str, Any]], dict[str, Any]]


class RpcError(Exception):
    """Raised by a handler to answer with a JSON-RPC error object."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data

    def to_json(self) -> dict[str, Any]:
        error: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.data is not None:
            error["data"] = self.data
        return error


def text_result(text: str, *, is_error: bool = False) -> dict[str, Any]:
    """A tools/call result with one text part."""
    result: dict[str, Any] = {"content": [{"type": "text", "text": text}]}
    if is_error:
        result["isError"] = True
    return result


def simple_tool(name: str, description: str | None = None, **props: str) -> dict[str, Any]:
    """A tool with typed, described, required string/number/... properties: props name=type."""
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {p: {"type": t, "description": f"The {p}."} for p, t in props.items()},
    }
    if props:
        schema["required"] = list(props)
    tool: dict[str, Any] = {"name": name, "inputSchema": schema}
    tool["description"] = description or f"The {name} tool of a test server."
    return tool


class ZooServer:
    """One stdio connection's worth of a raw MCP server. See the module docstring."""

    def __init__(
        self,
        name: str,
        *,
        version: str = "1.0.0",
        era: str = "legacy",
        tools: list[Any] | None = None,
        resources: list[Any] | None = None,
        templates: list[Any] | None = None,
        prompts: list[Any] | None = None,
        page_size: int | None = None,
        instructions: str | None = None,
        capabilities: dict[str, Any] | None = None,
    ) -> None:
        self.server_info = {"name": name, "version": version}
        self.era = era
        self.lists: dict[str, list[Any]] = {
            "tools": tools or [],
            "resources": resources or [],
            "resourceTemplates": templates or [],
            "prompts": prompts or [],
        }
        self.page_size = page_size
        self.instructions = instructions
        self.capabilities = capabilities if capabilities is not None else self._capabilities()
        self.handlers: dict[str, Handler] = {}
        self.locked_era: str | None = None if era == "dual" else era
        self.out: BinaryIO = sys.stdout.buffer

    def _capabilities(self) -> dict[str, Any]:
        caps: dict[str, Any] = {"tools": {"listChanged": False}}
        if self.lists["resources"] or self.lists["resourceTemplates"]:
            caps["resources"] = {"listChanged": False, "subscribe": False}
        if self.lists["prompts"]:
            caps["prompts"] = {"listChanged": False}
        return caps

    # -- wire ---------------------------------------------------------------------------------

    def write(self, message: Any) -> None:
        """Send one message (any JSON value) as a line."""
        self.out.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
        self.out.flush()

    def write_raw(self, data: bytes) -> None:
        """Send raw bytes (for junk lines and broken JSON)."""
        self.out.write(data)
        self.out.flush()

    def notify(self, method: str, params: dict[str, Any]) -> None:
        self.write({"jsonrpc": "2.0", "method": method, "params": params})

    def serve(self) -> None:
        """Answer requests from stdin until it closes."""
        for line in sys.stdin.buffer:
            if not line.strip():
                continue
            try:
                message = json.loads(line)
            except ValueError:
                self.write(
                    {
                        "jsonrpc": "2.0",
                        "id": None,
                        "error": {"code": -32700, "message": "Parse error"},
                    }
                )
                continue
            if isinstance(message, dict):
                self.handle(message)

    def handle(self, message: dict[str, Any]) -> None:
        """Dispatch one incoming message; requests get exactly one answer."""
        method = message.get("method")
        if "id" not in message or not isinstance(method, str):
            return  # a notification or a response to something we never asked: ignore
        params = message.get("params")
        params = params if isinstance(params, dict) else {}
        reply = self.answer(method, params)
        if reply is not None:
            self.write({"jsonrpc": "2.0", "id": message["id"], **reply})

    def answer(self, method: str, params: dict[str, Any]) -> dict[str, Any] | None:
        """{"result": ...} or {"error": ...}; None means never answer."""
        try:
            result = self.dispatch(method, params)
        except RpcError as exc:
            return {"error": exc.to_json()}
        if result is None:
            return None
        if self.locked_era == "modern":
            result = {**result, "resultType": result.get("resultType", "complete")}
            result.setdefault("_meta", {SERVER_INFO_KEY: self.server_info})
        return {"result": result}

    # -- protocol -----------------------------------------------------------------------------

    def dispatch(self, method: str, params: dict[str, Any]) -> dict[str, Any] | None:
        """Route a request by era, then to a handler override or the default behaviour."""
        modern = self._is_modern(method, params)
        if self.locked_era is None:
            self.locked_era = "modern" if modern else "legacy"
        if self.locked_era == "modern":
            if method == "initialize":
                raise RpcError(
                    UNSUPPORTED_PROTOCOL_VERSION,
                    "this server speaks 2026-07-28 only; the initialize handshake is not accepted",
                    {"supported": [MODERN_VERSION], "requested": params.get("protocolVersion")},
                )
            if not modern:
                raise RpcError(
                    INVALID_PARAMS,
                    f"params._meta must carry {PV_KEY!r} and {CAPS_KEY!r} (2026-07-28 envelope)",
                )
        elif method == "server/discover":
            raise RpcError(METHOD_NOT_FOUND, "Method not found: server/discover")
        if method in self.handlers:
            return self.handlers[method](params)
        return self.default(method, params)

    def _is_modern(self, method: str, params: dict[str, Any]) -> bool:
        meta = params.get("_meta")
        return (
            method != "initialize"
            and isinstance(meta, dict)
            and PV_KEY in meta
            and CAPS_KEY in meta
        )

    def default(self, method: str, params: dict[str, Any]) -> dict[str, Any] | None:
        if method == "initialize":
            asked = params.get("protocolVersion")
            version = asked if asked in HANDSHAKE_VERSIONS else HANDSHAKE_VERSIONS[-1]
            result: dict[str, Any] = {
                "protocolVersion": version,
                "capabilities": self.capabilities,
                "serverInfo": self.server_info,
            }
            if self.instructions:
                result["instructions"] = self.instructions
            return result
        if method == "server/discover":
            found: dict[str, Any] = {
                "supportedVersions": [MODERN_VERSION],
                "capabilities": self.capabilities,
                "ttlMs": 0,
                "cacheScope": "private",
            }
            if self.instructions:
                found["instructions"] = self.instructions
            return found
        if method == "ping":
            return {}
        if method in LIST_METHODS:
            return self.list_page(LIST_METHODS[method], params)
        if method == "tools/call":
            name = params.get("name")
            args = params.get("arguments")
            return self.call_tool(
                name if isinstance(name, str) else "", args if isinstance(args, dict) else {}
            )
        if method == "resources/read":
            return self.read_resource(str(params.get("uri")))
        if method == "prompts/get":
            return self.get_prompt(str(params.get("name")), params.get("arguments") or {})
        raise RpcError(METHOD_NOT_FOUND, f"Method not found: {method}")

    def list_page(self, key: str, params: dict[str, Any]) -> dict[str, Any]:
        """One page of a list; `nextCursor` while more remain."""
        items = self.lists[key]
        cursor = params.get("cursor")
        start = 0
        if cursor is not None:
            if not (isinstance(cursor, str) and cursor[:1] == "c" and cursor[1:].isdigit()):
                raise RpcError(INVALID_PARAMS, f"Invalid cursor: {cursor!r}")
            start = int(cursor[1:])
        end = len(items) if self.page_size is None else start + self.page_size
        page: dict[str, Any] = {key: items[start:end]}
        if end < len(items):
            page["nextCursor"] = f"c{end}"
        if self.locked_era == "modern":
            page.update(ttlMs=0, cacheScope="private")
        return page

    def call_tool(self, name: str, args: dict[str, Any]) -> dict[str, Any] | None:
        """Default: a known tool answers "called <name>"; unknown -> -32602."""
        if not any(isinstance(t, dict) and t.get("name") == name for t in self.lists["tools"]):
            raise RpcError(INVALID_PARAMS, f"Unknown tool: {name}")
        return text_result(f"called {name}")

    def read_resource(self, uri: str) -> dict[str, Any]:
        for res in self.lists["resources"]:
            if isinstance(res, dict) and res.get("uri") == uri:
                return {
                    "contents": [
                        {"uri": uri, "mimeType": "text/plain", "text": f"content of {uri}"}
                    ]
                }
        raise RpcError(INVALID_PARAMS, f"Resource not found: {uri}")

    def get_prompt(self, name: str, args: Any) -> dict[str, Any]:
        for prompt in self.lists["prompts"]:
            if isinstance(prompt, dict) and prompt.get("name") == name:
                text = f"prompt {name} with {json.dumps(args, sort_keys=True)}"
                return {"messages": [{"role": "user", "content": {"type": "text", "text": text}}]}
        raise RpcError(INVALID_PARAMS, f"Unknown prompt: {name}")
