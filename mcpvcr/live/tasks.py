"""Task-augmented tool calls (MCP 2025-11-25 "tasks"), with a bounded wait.

A tool whose `execution.taskSupport` is "required" answers a plain
`tools/call` with an error (-32601); it must be called as a task:

1. `tools/call` with `params.task = {"ttl": ...}`; the server answers a
   CreateTaskResult `{"task": {"taskId", "status", "pollInterval"?, ...}}`
   (or, validating first, a plain error or result, which is the answer);
2. `tasks/get {"taskId"}` every `pollInterval` ms (clamped to 50 ms-1 s)
   until the status is terminal (completed, failed, cancelled) or
   `input_required` (mcpvcr does not fetch a task's input requests, so it stops polling);
3. `tasks/result {"taskId"}`: the tool's real answer (a CallToolResult or a
   JSON-RPC error), which is what the cassette stores and classifies.

The whole exchange is bounded by the call's time-out; past it the task is
cancelled (`tasks/cancel`, best effort) and the call is a `timeout`. A server
that does not support tasks (it answers -32601/-32600 to the augmented call,
or to tasks/get or tasks/result) makes the call `inconclusive`: mcpvcr could
not call the tool the way it demands, which says nothing about the tool.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Final

from mcpvcr.live.wire import Connection, Reply

TASK_TTL_MS: Final = 60_000
_TERMINAL: Final = frozenset({"completed", "failed", "cancelled", "input_required"})


def task_params(params: dict[str, Any]) -> dict[str, Any]:
    """The params of a task-augmented tools/call (what the cassette records as sent)."""
    return {**params, "task": {"ttl": TASK_TTL_MS}}


async def call_as_task(conn: Connection, params: dict[str, Any], timeout: float) -> Reply:
    """Run one tools/call as a task and return the tool's final answer (seconds: the total)."""
    started = time.monotonic()
    created = await conn.request("tools/call", task_params(params), timeout)
    task = created.result.get("task") if isinstance(created.result, dict) else None
    if not isinstance(task, dict) or not isinstance(task.get("taskId"), str):
        return created  # an error, a dead server, or a plain answer: that is the answer
    task_id: str = task["taskId"]
    status = task.get("status")
    interval = _interval(task.get("pollInterval"))
    while status not in _TERMINAL:
        left = timeout - (time.monotonic() - started)
        if left <= 0:
            return await _give_up(conn, task_id, started)
        await asyncio.sleep(min(interval, left))
        left = timeout - (time.monotonic() - started)
        polled = await conn.request("tasks/get", {"taskId": task_id}, max(left, 0.01))
        if polled.result is None:
            return _elapsed(polled, started)
        status = polled.result.get("status")
        interval = _interval(polled.result.get("pollInterval"), interval)
    left = timeout - (time.monotonic() - started)
    if left <= 0:
        return await _give_up(conn, task_id, started)
    final = await conn.request("tasks/result", {"taskId": task_id}, left)
    return _elapsed(final, started, result=_without_task_id(final.result))


def _interval(value: Any, default: float = 0.25) -> float:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return min(1.0, max(0.05, value / 1000))
    return default


_RELATED_TASK: Final = "io.modelcontextprotocol/related-task"


def _without_task_id(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """The result without `_meta`'s related-task: a random id, plumbing, not the answer."""
    if not isinstance(result, dict) or not isinstance(result.get("_meta"), dict):
        return result
    meta = {k: v for k, v in result["_meta"].items() if k != _RELATED_TASK}
    stripped = {k: v for k, v in result.items() if k != "_meta"}
    return {**stripped, "_meta": meta} if meta else stripped


def _elapsed(reply: Reply, started: float, result: dict[str, Any] | None = None) -> Reply:
    """`reply` with the time of the whole exchange, from the first send."""
    return Reply(
        result=result if result is not None else reply.result,
        error=reply.error,
        timed_out=reply.timed_out,
        closed=reply.closed,
        seconds=time.monotonic() - started,
    )


async def _give_up(conn: Connection, task_id: str, started: float) -> Reply:
    await conn.request("tasks/cancel", {"taskId": task_id}, 1.0)
    return Reply(timed_out=True, seconds=time.monotonic() - started)
