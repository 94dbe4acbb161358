"""The stdio transport: a server subprocess speaking newline-delimited JSON.

mcpvcr's own rather than the SDK's `stdio_client`, because the recorder needs:
- a size cap per message and linear-time line splitting (the SDK re-splits the
  whole buffer per chunk: 20 MB took 2.8 s) with no line-length limit;
- non-JSON stdout lines counted (a lint finding), not logged with tracebacks;
- stderr read as it comes (a full pipe would block the server), keeping only
  the last STDERR_KEEP_BYTES: a server flooding stderr costs neither disk nor
  memory. Its tail is for error messages, never for the cassette (it holds
  PIDs and times);
- a fast teardown of the whole process group: close stdin, a short grace,
  SIGTERM to the group, a short grace, SIGKILL. The SDK waits 2 s + 2 s, which
  is most of a typical recording.

The child gets a small allow-list of the parent's environment (like the SDK)
plus the target's `env`, so secrets in the caller's environment do not reach
an untrusted server.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
from collections import Counter
from collections.abc import AsyncIterator, Mapping
from typing import Any

from mcpvcr.errors import CannotRun
from mcpvcr.jsonrpc import PARSE_ERROR
from mcpvcr.live.sandbox import Jail, jailed_env, prepare
from mcpvcr.machine import placeholder_rules, stable_child_env
from mcpvcr.targets import Target

MAX_MESSAGE_BYTES = 64 * 1024 * 1024
STDERR_TAIL_BYTES = 400
STDERR_KEEP_BYTES = 64 * 1024
GRACE_SECONDS = 0.4
_CHUNK = 256 * 1024
INHERITED_ENV = ("HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "LANG", "LC_ALL", "TMPDIR")

LIVE_GROUPS: set[int] = set()
"""Process groups started and not yet ended; `kill_leftovers` is the last resort."""


class StderrTail:
    """Reads a child's stderr to its end, keeping only the last STDERR_KEEP_BYTES."""

    def __init__(self, stream: asyncio.StreamReader | None) -> None:
        self.data = bytearray()
        self.task = asyncio.get_running_loop().create_task(self._read(stream))

    async def _read(self, stream: asyncio.StreamReader | None) -> None:
        if stream is None:
            return
        with contextlib.suppress(OSError, ValueError):
            while chunk := await stream.read(_CHUNK):
                self.data += chunk
                if len(self.data) > STDERR_KEEP_BYTES:
                    del self.data[: len(self.data) - STDERR_KEEP_BYTES]

    async def drained(self, seconds: float) -> None:
        """Wait (bounded: a grandchild may hold stderr open) until stderr has ended."""
        await asyncio.wait({self.task}, timeout=seconds)

    async def close(self) -> None:
        self.task.cancel()
        with contextlib.suppress(BaseException):
            await self.task


class StdioChannel:
    """A running stdio server; build it with `open_stdio`."""

    def __init__(
        self,
        target: Target,
        process: asyncio.subprocess.Process,
        stderr: StderrTail,
        jail: Jail | None = None,
    ):
        self.target = target
        self.jail = jail
        """The jail the server runs in (mcpvcr.live.sandbox), or None."""
        self.process = process
        self.stderr = stderr
        self.diagnostics: Counter[str] = Counter()
        self._buffer = bytearray()
        self._scan_from = 0
        self._eof = False
        self._skipping = False

    async def send(self, message: dict[str, Any], headers: Mapping[str, str]) -> None:
        from mcpvcr.live.wire import ChannelClosed

        stdin = self.process.stdin
        if stdin is None or stdin.is_closing():
            raise ChannelClosed(self.why_closed())
        data = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        try:
            stdin.write(data.encode("utf-8") + b"\n")
            await stdin.drain()
        except (BrokenPipeError, ConnectionResetError, RuntimeError):
            raise ChannelClosed(self.why_closed()) from None

    async def receive(self) -> dict[str, Any] | None:
        while True:
            line = await self._next_line()
            if line is None:
                await self.settle()
                return None
            text = line.strip()
            if not text:
                continue  # blank lines carry nothing; not worth a finding
            try:
                message = json.loads(text)
            except (ValueError, RecursionError):
                self.diagnostics["nonJsonStdoutLines"] += 1
                broken = _broken_answer(text)
                if broken is not None:
                    return broken
                continue
            if isinstance(message, dict):
                return message
            self.diagnostics["nonJsonStdoutLines"] += 1  # valid JSON, not a message object

    async def _next_line(self) -> bytes | None:
        """The next newline-terminated line; linear in the bytes read."""
        stdout = self.process.stdout
        assert stdout is not None
        while True:
            newline = self._buffer.find(b"\n", self._scan_from)
            if newline >= 0:
                line = bytes(self._buffer[:newline])
                del self._buffer[: newline + 1]
                self._scan_from = 0
                if self._skipping:  # the tail of an oversized message
                    self._skipping = False
                    continue
                return line
            self._scan_from = len(self._buffer)
            if len(self._buffer) > MAX_MESSAGE_BYTES:
                self.diagnostics["oversizedMessages"] += 1
                self._buffer.clear()
                self._scan_from = 0
                self._skipping = True
            if self._eof:
                if self._buffer and not self._skipping:
                    line = bytes(self._buffer)
                    self._buffer.clear()
                    return line
                return None
            chunk = await stdout.read(_CHUNK)
            if not chunk:
                self._eof = True
            self._buffer += chunk

    async def settle(self) -> None:
        """Give a dying server a moment so the error can say how it ended, and its
        last stderr lines a moment to arrive (bounded: grandchildren may hold stderr)."""
        await _exited(self.process, GRACE_SECONDS)
        await self.stderr.drained(GRACE_SECONDS)

    def stderr_tail(self) -> str:
        """The last few hundred bytes the server wrote to stderr, on one line."""
        text = bytes(self.stderr.data[-STDERR_TAIL_BYTES:]).decode("utf-8", "replace")
        return " ".join(text.split())

    def why_closed(self) -> str:
        """A stable class of ending (exit code, signal, stdout closed): it is recorded.

        The stderr tail (PIDs, timestamps, paths) would make two recordings of
        the same server differ, so it is only in `detail()`, for messages.
        """
        code = self.process.returncode
        return "the server closed its stdout" if code is None else _exit_text(code)

    def detail(self) -> str:
        """What explains the ending to a person but must not be recorded: the stderr tail."""
        tail = self.stderr_tail()
        return f"stderr: {tail}" if tail else ""

    async def close(self) -> None:
        """End the server and everything in its process group, quickly."""
        process = self.process
        # Descendants that left the group (setsid) escape killpg; note them while
        # the server is alive and their parent links still lead to it.
        escaped = _descendants_outside_group(process.pid)
        try:
            if process.stdin is not None and not process.stdin.is_closing():
                process.stdin.close()
            if await _exited(process, GRACE_SECONDS):
                _signal_group(process.pid, signal.SIGTERM)  # grandchildren left in the group
            else:
                _signal_group(process.pid, signal.SIGTERM)
                await _exited(process, GRACE_SECONDS)
        finally:
            _signal_group(process.pid, signal.SIGKILL)
            for pid in escaped:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            LIVE_GROUPS.discard(process.pid)
            with contextlib.suppress(BaseException):
                await _exited(process, GRACE_SECONDS)
            # Unread output (an answer we stopped waiting for) keeps the pipe
            # transport open; close it now, not in __del__ after the loop is gone.
            transport = getattr(process, "_transport", None)
            if transport is not None:
                with contextlib.suppress(Exception):
                    transport.close()
            await self.stderr.close()


def _descendants_outside_group(root: int) -> list[int]:
    """PIDs descending from `root` (by parent links in /proc) not in its process group."""
    parents: dict[int, tuple[int, int]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []  # no /proc: the process group is all we can end
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                fields = handle.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        parents[int(entry)] = (int(fields[1]), int(fields[2]))  # ppid, pgrp
    found: list[int] = []
    frontier = [root]
    while frontier:
        parent = frontier.pop()
        for pid, (ppid, pgrp) in parents.items():
            if ppid == parent:
                frontier.append(pid)
                if pgrp != root:
                    found.append(pid)
    return found


_ANSWER_ID = re.compile(rb'^\{\s*"jsonrpc"\s*:\s*"2\.0"\s*,\s*"id"\s*:\s*(-?\d{1,18})\s*,')


def _broken_answer(text: bytes) -> dict[str, Any] | None:
    """A stand-in error for an answer line that is not valid JSON but names its request.

    Without it the request waits out the whole time-out and is recorded as one;
    the server did answer, badly, and that is what the cassette should say.
    """
    found = _ANSWER_ID.match(text)
    if found is None:
        return None
    error = {"code": PARSE_ERROR, "message": "mcpvcr: the server answered with invalid JSON"}
    return {"jsonrpc": "2.0", "id": int(found.group(1)), "error": error}


async def _exited(process: asyncio.subprocess.Process, seconds: float) -> bool:
    try:
        await asyncio.wait_for(process.wait(), seconds)
    except TimeoutError:
        return False
    return True


def _signal_group(pgid: int, signum: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signum)


def _exit_text(code: int) -> str:
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"the server was killed by {name}"
    return f"the server exited with code {code}"


def kill_leftovers() -> None:
    """SIGKILL every process group still registered (after an interrupted run)."""
    for pgid in list(LIVE_GROUPS):
        _signal_group(pgid, signal.SIGKILL)
        LIVE_GROUPS.discard(pgid)


def child_env(target: Target) -> dict[str, str]:
    """The allow-listed parent variables, TZ=UTC and a UTF-8 locale, then the target's env."""
    inherited = {key: os.environ[key] for key in INHERITED_ENV if key in os.environ}
    return stable_child_env(inherited, target.env)


def machine_placeholders(target: Target, jailed: bool = False) -> list[tuple[re.Pattern[str], str]]:
    """The rules that replace this child's machine values (paths, user, host) in recordings.

    `jailed`: the values the child sees in the jail (its HOME is the jail's).
    """
    env = jailed_env(child_env(target)) if jailed else child_env(target)
    return placeholder_rules(env, os.path.abspath(target.cwd or os.getcwd()))


@contextlib.asynccontextmanager
async def open_stdio(target: Target, jail_kind: str | None = None) -> AsyncIterator[StdioChannel]:
    """Start the server in its own session (so its whole tree can be signalled).

    With `jail_kind` (mcpvcr.live.sandbox) it runs in that jail, on a private
    copy of its working directory that is removed at the end.
    """
    if target.cwd and not os.path.isdir(target.cwd):
        raise CannotRun(f"{target.label}: the working directory {target.cwd} does not exist")
    if jail_kind and shutil.which(target.command[0], path=child_env(target).get("PATH")) is None:
        # Said here, as without a jail: inside one it would be the jail's exit code 127.
        raise CannotRun(f"{target.label}: cannot start {target.command[0]!r}: command not found")
    jail = prepare(jail_kind, target.cwd) if jail_kind else None
    try:
        async with _started(target, jail) as channel:
            yield channel
    finally:
        if jail is not None:
            jail.cleanup()


@contextlib.asynccontextmanager
async def _started(target: Target, jail: Jail | None) -> AsyncIterator[StdioChannel]:
    command = jail.argv(list(target.command)) if jail else list(target.command)
    env = jail.env(child_env(target)) if jail else child_env(target)
    try:
        process = await asyncio.create_subprocess_exec(
            *command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            cwd=target.cwd,
            env=env,
            start_new_session=True,
        )
    except FileNotFoundError:
        if target.cwd and not os.path.isdir(target.cwd):
            raise CannotRun(
                f"{target.label}: the working directory {target.cwd} does not exist"
            ) from None
        raise CannotRun(
            f"{target.label}: cannot start {target.command[0]!r}: command not found"
        ) from None
    except (PermissionError, NotADirectoryError, OSError) as err:
        raise CannotRun(
            f"{target.label}: cannot start the server ({err.strerror or err})"
        ) from None
    LIVE_GROUPS.add(process.pid)
    channel = StdioChannel(target, process, StderrTail(process.stderr), jail)
    try:
        yield channel
    finally:
        await channel.close()
