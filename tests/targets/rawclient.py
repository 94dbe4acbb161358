"""A tiny raw JSON-RPC client over stdio, independent of mcpvcr and the mcp SDK.

Tests use it as the reference point ("what a raw client sees") and to check that the test
servers behave as documented. Messages are newline-delimited JSON; non-JSON stdout lines are
kept in `junk` rather than raising.

    with RawStdioClient(argv) as c:
        c.initialize()
        tools = c.list_all("tools/list", "tools")
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import signal
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import Any

HANDSHAKE_VERSION = "2025-11-25"
MODERN_VERSION = "2026-07-28"
CLIENT_INFO = {"name": "mcpvcr-tests", "version": "0"}


class RawStdioClient:
    """Start a stdio server (own process group) and exchange raw JSON-RPC with it."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        env: Mapping[str, str] | None = None,
        cwd: str | os.PathLike[str] | None = None,
        stderr: int | None = subprocess.DEVNULL,
    ) -> None:
        full_env = dict(os.environ)
        full_env.update(env or {})
        self.proc = subprocess.Popen(
            list(argv),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            env=full_env,
            cwd=cwd,
            start_new_session=True,
        )
        self.messages: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.junk: list[bytes] = []
        self.notifications: list[dict[str, Any]] = []
        self._next_id = 1
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            try:
                msg = json.loads(line)
            except ValueError:
                self.junk.append(line)
                continue
            if isinstance(msg, dict):
                self.messages.put(msg)
            else:
                self.junk.append(line)
        self.messages.put(None)  # EOF marker

    def send(self, message: Mapping[str, Any]) -> None:
        """Write one JSON-RPC message (a line)."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message).encode() + b"\n")
        self.proc.stdin.flush()

    def request(
        self, method: str, params: Mapping[str, Any] | None = None, timeout: float = 10.0
    ) -> dict[str, Any]:
        """Send a request; return the whole response message. Notifications are collected.

        Raises TimeoutError if no response in time, EOFError if the server's stdout closed.
        """
        rid = self._next_id
        self._next_id += 1
        msg: dict[str, Any] = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            msg["params"] = dict(params)
        self.send(msg)
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no answer to {method} in {timeout} s")
            try:
                got = self.messages.get(timeout=left)
            except queue.Empty:
                continue
            if got is None:
                self.messages.put(None)
                raise EOFError(f"server closed stdout before answering {method}")
            if got.get("id") == rid and "method" not in got:
                return got
            if "method" in got and "id" not in got:
                self.notifications.append(got)

    def initialize(self, version: str = HANDSHAKE_VERSION, timeout: float = 10.0) -> dict[str, Any]:
        """The legacy handshake; returns the initialize result (raises on an error answer)."""
        reply = self.request(
            "initialize",
            {"protocolVersion": version, "capabilities": {}, "clientInfo": CLIENT_INFO},
            timeout,
        )
        if "result" not in reply:
            raise RuntimeError(f"initialize failed: {reply}")
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        result: dict[str, Any] = reply["result"]
        return result

    def list_all(self, method: str, key: str, timeout: float = 10.0) -> list[dict[str, Any]]:
        """Follow nextCursor to the end; return every item."""
        items: list[dict[str, Any]] = []
        params: dict[str, Any] = {}
        for _ in range(100_000):
            reply = self.request(method, params or None, timeout)
            result = reply["result"]
            items.extend(result[key])
            cursor = result.get("nextCursor")
            if not cursor:
                return items
            params = {"cursor": cursor}
        raise RuntimeError(f"{method}: pagination did not end")

    def close(self, grace: float = 2.0) -> int | None:
        """Close stdin, wait briefly, then kill the server's whole process group."""
        if self.proc.stdin and not self.proc.stdin.closed:
            with contextlib.suppress(OSError):
                self.proc.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=grace)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        try:
            return self.proc.wait(timeout=5)
        finally:
            self._reader.join(timeout=5)
            if self.proc.stdout:
                self.proc.stdout.close()

    def __enter__(self) -> RawStdioClient:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
