"""The misbehaving-server zoo: small servers that each do one bad (or special) thing.

Run one with `python -m tests.servers MODE [options]` from the repository root (the conftest
fixture `test_server_argv(MODE, *options)` builds that argv). Every stdio mode speaks raw
newline-delimited JSON-RPC (see `_jsonrpc.py`; no mcp import, starts in ~50 ms). Each mode's
module docstring says exactly what it does. `MODES` lists them.

stdio, stateful: counter.
stdio: paginated, hang_handshake, crash_start, garbage_stdout, bad_json, exit_midway, slow_tool,
big_answer, log_flood, stderr_flood, grandchild, discover_only, legacy_only, jsonrpc_errors,
malformed_contract, many_tools, destructive, loop_cursor, strict_legacy, server_requests, volatile,
escape_sequences, machine_env, versioned, always_fails.
HTTP (127.0.0.1 only): http (`--behaviour echo_headers|need_token|error500|drop|redirect`).
"""

from __future__ import annotations

MODES: tuple[str, ...] = (
    "counter",
    "paginated",
    "hang_handshake",
    "crash_start",
    "garbage_stdout",
    "bad_json",
    "exit_midway",
    "slow_tool",
    "big_answer",
    "log_flood",
    "stderr_flood",
    "grandchild",
    "discover_only",
    "legacy_only",
    "jsonrpc_errors",
    "malformed_contract",
    "many_tools",
    "destructive",
    "loop_cursor",
    "strict_legacy",
    "server_requests",
    "volatile",
    "escape_sequences",
    "machine_env",
    "versioned",
    "always_fails",
    "http",
)
