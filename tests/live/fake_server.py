"""A raw JSON-RPC stdio MCP server for the recorder's tests; MODE picks its behaviour.

Run: python tests/live/fake_server.py MODE. No SDK, so every byte it sends is
chosen here. Modes:
  paged      legacy handshake; 7 tools over 3 pages, resources over 2 pages,
             templates and prompts on one page; an unknown field on one tool
  modern     answers only server/discover (2026-07-28); initialize is -32601
  hang       reads requests, never answers
  crash      prints a message on stderr and exits 3 before reading anything
  die_listing  handshake, then exits when asked for tools/list
  garbage    prints non-JSON lines on stdout around every answer
  grandchild starts a long `sleep` grandchild in its process group, then hangs
  loop_cursor  tools/list always answers nextCursor "again"
  echo_env   the first tool's description echoes $FAKE_SECRET
  asks       before answering tools/list, sends ping, roots/list and
             sampling/createMessage to the client and waits for all three answers
  elicits    before answering tools/list, sends four elicitation/create requests (all
             defaults; a required field without one; a default outside its enum;
             URL mode) and lists tool_0 with the answers and the client's declared
             capabilities as its description
  ignore_term  like hang, but ignores SIGTERM (needs SIGKILL)
  huge       one tool's description is 20 MB (one 20 MB line on stdout)
  stderr_flood  writes 20 MB to stderr before it answers anything
  empty      a legacy server that advertises and lists nothing
  strict     a legacy server that exits when it sees an unknown method (server/discover)
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "paged"
TOOLS = [
    {
        "name": f"tool_{i}",
        "description": f"Tool number {i}.",
        "inputSchema": {"type": "object", "properties": {"x": {"type": "integer"}}},
    }
    for i in range(7)
]
TOOLS[3]["x-vendor"] = {"kept": True, "big": 123456789012345678901234567890}
RESOURCES = [{"uri": f"fake://r/{i}", "name": f"r{i}"} for i in range(3)]
TEMPLATES = [{"uriTemplate": "fake://t/{id}", "name": "t"}]
PROMPTS = [{"name": "p", "description": "A prompt."}]
PAGES = {"tools/list": (TOOLS, 3), "resources/list": (RESOURCES, 2)}
KEYS = {
    "tools/list": "tools",
    "resources/list": "resources",
    "resources/templates/list": "resourceTemplates",
    "prompts/list": "prompts",
}
ALL = {
    "tools/list": TOOLS,
    "resources/list": RESOURCES,
    "resources/templates/list": TEMPLATES,
    "prompts/list": PROMPTS,
}


def send(message: dict) -> None:
    if MODE == "garbage":
        sys.stdout.write("this is not json\n")
    sys.stdout.write(json.dumps(message) + "\n")
    if MODE == "garbage":
        sys.stdout.write("{broken json\n")
    sys.stdout.flush()


def result(mid, value):
    send({"jsonrpc": "2.0", "id": mid, "result": value})


def error(mid, code, message):
    send({"jsonrpc": "2.0", "id": mid, "error": {"code": code, "message": message}})


def page(method, params):
    if MODE == "loop_cursor" and method == "tools/list":
        return {"tools": TOOLS[:1], "nextCursor": "again"}
    items = ALL[method]
    key = KEYS[method]
    if MODE == "huge" and method == "tools/list":
        items = [dict(items[0], description="x" * (20 * 1024 * 1024)), *items[1:]]
    if MODE == "echo_env" and method == "tools/list":
        items = [
            dict(items[0], description="env says " + os.environ.get("FAKE_SECRET", "")),
            *items[1:],
        ]
    if method not in PAGES:
        return {key: items}
    _, size = PAGES[method]
    start = int((params or {}).get("cursor") or 0)
    chunk = items[start : start + size]
    out = {key: chunk}
    if start + size < len(items):
        out["nextCursor"] = str(start + size)
    return out


def read():
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    return json.loads(line)


def ask_client():
    asks = [
        ("ping", None),
        ("roots/list", None),
        ("sampling/createMessage", {"messages": [], "maxTokens": 1}),
    ]
    for n, (method, params) in enumerate(asks):
        message = {"jsonrpc": "2.0", "id": f"s{n}", "method": method}
        if params is not None:
            message["params"] = params
        send(message)
    answers = {}
    while len(answers) < len(asks):
        message = read()
        if isinstance(message.get("id"), str) and message["id"].startswith("s"):
            answers[message["id"]] = message
    return answers


PERSON = {
    "name": {"type": "string", "default": "Ada"},
    "age": {"type": "integer", "default": 36},
    "score": {"type": "number", "default": 9.5},
    "tier": {"type": "string", "enum": ["a", "b"], "default": "b"},
    "ok": {"type": "boolean", "default": True},
    "note": {"type": "string"},  # optional, no default: left out of an accepted answer
}
ELICITATIONS = [
    {"message": "defaults", "requestedSchema": {"type": "object", "properties": PERSON}},
    {
        "mode": "form",
        "message": "a required field without a default",
        "requestedSchema": {"type": "object", "properties": PERSON, "required": ["note"]},
    },
    {
        "mode": "form",
        "message": "a default its own schema refuses",
        "requestedSchema": {
            "type": "object",
            "properties": {"tier": {"type": "string", "enum": ["a"], "default": "z"}},
        },
    },
    {
        "mode": "url",
        "message": "open a page",
        "url": "https://example.invalid/x",
        "elicitationId": "1",
    },
]


def elicit_client():
    for n, params in enumerate(ELICITATIONS):
        send({"jsonrpc": "2.0", "id": f"s{n}", "method": "elicitation/create", "params": params})
    answers = {}
    while len(answers) < len(ELICITATIONS):
        message = read()
        if isinstance(message.get("id"), str) and message["id"].startswith("s"):
            answers[message["id"]] = message.get("result", message.get("error"))
    return answers


def note_pids(*pids: int) -> None:
    """Tell the test which processes to check for orphans ($FAKE_PIDFILE)."""
    path = os.environ.get("FAKE_PIDFILE")
    if path:
        with open(path, "a") as handle:
            handle.write(" ".join(str(p) for p in pids) + "\n")


def main() -> None:
    note_pids(os.getpid(), os.getpgrp())
    if MODE == "crash":
        sys.stderr.write("fatal: FAKE_API_KEY is not set\n")
        sys.stderr.flush()
        sys.exit(3)
    if MODE == "stderr_flood":
        block = "noise " * 1000 + "\n"
        for _ in range(20 * 1024 * 1024 // len(block)):
            sys.stderr.write(block)
        sys.stderr.write("last words of the flood\n")
        sys.stderr.flush()
    if MODE == "ignore_term":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if MODE == "grandchild":
        child = subprocess.Popen(["sleep", "300"])
        note_pids(child.pid)
        sys.stderr.write(f"grandchild {child.pid}\n")
        sys.stderr.flush()
    if MODE in ("hang", "grandchild", "ignore_term"):
        while True:
            line = sys.stdin.readline()
            if not line and MODE != "ignore_term":
                time.sleep(300)  # stdin closed: still do not exit on our own
            if not line:
                time.sleep(300)
    seen_answers = None
    declared = None
    while True:
        message = read()
        method, mid, params = message.get("method"), message.get("id"), message.get("params")
        if mid is None or method is None:
            continue
        if method == "server/discover":
            if MODE == "strict":
                sys.stderr.write("unknown method server/discover\n")
                sys.exit(1)
            if MODE == "modern":
                result(
                    mid,
                    {
                        "supportedVersions": ["2026-07-28"],
                        "resultType": "complete",
                        "ttlMs": 0,
                        "cacheScope": "public",
                        "capabilities": {"tools": {}},
                        "_meta": {
                            "io.modelcontextprotocol/serverInfo": {
                                "name": "fake-modern",
                                "version": "1",
                            }
                        },
                    },
                )
            else:
                error(mid, -32601, "Method not found")
        elif method == "initialize":
            declared = (params or {}).get("capabilities")
            if MODE == "modern":
                error(mid, -32601, "Method not found")
                continue
            result(
                mid,
                {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {}
                    if MODE == "empty"
                    else {"tools": {}, "resources": {}, "prompts": {}},
                    "serverInfo": {"name": f"fake-{MODE}", "version": "1.0"},
                },
            )
        elif method in KEYS:
            if MODE == "die_listing":
                sys.stderr.write("crashing while listing\n")
                sys.stderr.flush()
                os._exit(7)
            if MODE == "asks" and method == "tools/list" and seen_answers is None:
                seen_answers = ask_client()
                tools = [dict(TOOLS[0], description=json.dumps(seen_answers, sort_keys=True))]
                result(mid, {"tools": tools})
                continue
            if MODE == "elicits" and method == "tools/list" and seen_answers is None:
                seen_answers = {"declared": declared, **elicit_client()}
                tools = [dict(TOOLS[0], description=json.dumps(seen_answers, sort_keys=True))]
                result(mid, {"tools": tools})
                continue
            if MODE == "modern":
                meta = (params or {}).get("_meta", {})
                if meta.get("io.modelcontextprotocol/protocolVersion") != "2026-07-28":
                    error(mid, -32602, "missing _meta protocolVersion")
                    continue
                out = page(method, params)
                out.update({"resultType": "complete", "ttlMs": 0, "cacheScope": "public"})
                result(mid, out)
                continue
            result(mid, page(method, params))
        else:
            error(mid, -32601, "Method not found")


if __name__ == "__main__":
    main()
