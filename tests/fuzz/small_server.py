"""Small raw stdio MCP servers for the fuzz tests (no SDK: one request at a time, in order).

`python -m tests.fuzz.small_server MODE [ARG]`:
- `slow [SECONDS]`: tools `alpha` and `beta`, each answer after SECONDS (default 0.35).
  The server reads the next request only after answering, like many real servers do, so
  a call sent alongside others waits in its queue.
- `stateful`: `create_item`, `add_note` and `get_item` (read-only) over an in-memory store;
  every schema closes its properties. `add_note` fails "Item '<name>' not found" before
  `create_item` made the item, and silently ignores unknown keys (a real contract
  violation); the others reject them.
- `tasks`: `research` with `execution.taskSupport: "required"`, served as a task
  (tools/call -> CreateTaskResult, tasks/get -> working then completed, tasks/result).
- `taskless`: the same tool, but the server has no task support: every call of it
  answers -32601.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

CLOSED = {"additionalProperties": False}


def _schema(props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": required, **CLOSED}


NAME = {"type": "string", "minLength": 1}
TOOLS: dict[str, list[dict[str, Any]]] = {
    "slow": [
        {"name": n, "description": f"Answer {n}.", "inputSchema": _schema({"n": NAME}, ["n"])}
        for n in ("alpha", "beta")
    ],
    "stateful": [
        {
            "name": "add_note",
            "description": "Add a note to an item.",
            "inputSchema": _schema({"item_name": NAME, "note": NAME}, ["item_name", "note"]),
        },
        {
            "name": "create_item",
            "description": "Create an item.",
            "inputSchema": _schema({"name": NAME}, ["name"]),
        },
        {
            "name": "get_item",
            "description": "Read an item.",
            "inputSchema": _schema({"name": NAME}, ["name"]),
            "annotations": {"readOnlyHint": True},
        },
    ],
    "tasks": [
        {
            "name": "research",
            "description": "Research a topic (long).",
            "inputSchema": _schema({"topic": NAME}, ["topic"]),
            "execution": {"taskSupport": "required"},
        }
    ],
}
TOOLS["taskless"] = TOOLS["tasks"]


def _text(text: str, error: bool = False) -> dict[str, Any]:
    result: dict[str, Any] = {"content": [{"type": "text", "text": text}]}
    if error:
        result["isError"] = True
    return result


class Server:
    def __init__(self, mode: str, delay: float) -> None:
        self.mode = mode
        self.delay = delay
        self.items: dict[str, list[str]] = {}
        self.tasks: dict[str, dict[str, Any]] = {}

    def handle(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        if method == "initialize":
            caps: dict[str, Any] = {"tools": {}}
            if self.mode == "tasks":
                caps["tasks"] = {"requests": {"tools": {"call": {}}}}
            return {
                "result": {
                    "protocolVersion": params.get("protocolVersion", "2025-11-25"),
                    "capabilities": caps,
                    "serverInfo": {"name": f"small-{self.mode}", "version": "1.0.0"},
                }
            }
        if method == "tools/list":
            return {"result": {"tools": TOOLS[self.mode]}}
        if method == "tools/call":
            return self.call(params)
        if method.startswith("tasks/") and self.mode == "tasks":
            return self.task_method(method, params)
        return {"error": {"code": -32601, "message": f"Method not found: {method}"}}

    def call(self, params: dict[str, Any]) -> dict[str, Any]:
        name, args = params.get("name"), params.get("arguments") or {}
        if self.mode == "slow":
            time.sleep(self.delay)
            return {"result": _text(f"{name}: {args.get('n')}")}
        if self.mode == "stateful":
            return {"result": self.stateful(str(name), args)}
        if self.mode == "taskless" or "task" not in params:
            return {"error": {"code": -32601, "message": "research must be called as a task"}}
        if not isinstance(args.get("topic"), str) or set(args) - {"topic"}:
            return {"error": {"code": -32602, "message": "topic must be a string"}}
        task_id = f"task-{len(self.tasks) + 1}"
        self.tasks[task_id] = {"polls": 0, "topic": args["topic"]}
        return {"result": {"task": {"taskId": task_id, "status": "working", "pollInterval": 50}}}

    def stateful(self, name: str, args: dict[str, Any]) -> dict[str, Any]:
        known = {k: v for k, v in args.items() if k in ("name", "item_name", "note")}
        if not all(isinstance(v, str) and v for v in known.values()):
            return _text("arguments must be non-empty strings", error=True)
        if name == "create_item":
            if set(args) != {"name"}:
                return _text("create_item takes exactly: name", error=True)
            self.items.setdefault(args["name"], [])
            return _text(f"created {args['name']}")
        if name == "add_note":
            item = args.get("item_name")
            if not isinstance(item, str) or not isinstance(args.get("note"), str):
                return _text("item_name and note are required", error=True)
            if item not in self.items:
                return _text(f"Item '{item}' not found", error=True)
            self.items[item].append(args["note"])  # unknown keys: silently ignored
            return _text(f"{item} has {len(self.items[item])} note(s)")
        if name == "get_item" and set(args) == {"name"}:
            found = self.items.get(args["name"])
            if found is None:
                return _text(f"Item '{args['name']}' not found", error=True)
            return _text(json.dumps({"name": args["name"], "notes": found}))
        return _text("bad arguments", error=True)

    def task_method(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        task = self.tasks.get(str(params.get("taskId")))
        if task is None:
            return {"error": {"code": -32602, "message": "unknown task"}}
        if method == "tasks/get":
            task["polls"] += 1
            status = "completed" if task["polls"] >= 2 else "working"
            return {"result": {"taskId": params["taskId"], "status": status}}
        if method == "tasks/result":
            return {
                "result": {
                    **_text(f"report on {task['topic']}"),
                    "_meta": {"io.modelcontextprotocol/related-task": {"taskId": "random"}},
                }
            }
        return {"result": {}}


def main() -> None:
    mode = sys.argv[1]
    delay = float(sys.argv[2]) if len(sys.argv) > 2 else 0.35
    server = Server(mode, delay)
    for line in sys.stdin:
        message = json.loads(line)
        if "id" not in message:
            continue  # a notification
        answer = server.handle(message["method"], message.get("params") or {})
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": message["id"], **answer}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
