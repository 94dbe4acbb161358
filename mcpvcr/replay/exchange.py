"""Replay what a recorded server said to its client while it answered one request.

An interaction's `exchange` lists, in order, the server's notifications
(`{"notification": {"method", "params"}}`) and its requests to the client with
the client's recorded answer (`{"request": {"method", "params"}, "reply":
{"result"} | {"error"}}`). Replaying sends each to the client in turn; a
request is sent only when the client declared the capability it needs, and
its answer must equal the recorded one, or the replay cannot honestly give
the recorded result (the server's answer depended on the client's).
"""

from __future__ import annotations

import json
from typing import Any

from mcpvcr.codec import canonicalize
from mcpvcr.replay.peer import CAPABILITY_FOR, Outbox, Peer

PROGRESS = "notifications/progress"


async def replay_exchange(exchange: Any, params: Any, peer: Peer, out: Outbox | None) -> str | None:
    """Send the recorded exchange through `out`; why it failed, or None."""
    if not isinstance(exchange, list):
        return None
    for event in exchange:
        if not isinstance(event, dict):
            continue
        if isinstance(event.get("notification"), dict):
            message = _notification(event["notification"], params)
            if message is not None and out is not None:
                await out(message)
        elif isinstance(event.get("request"), dict):
            failed = await _ask(event["request"], event.get("reply"), peer, out)
            if failed is not None:
                return failed
    return None


def _notification(recorded: dict[str, Any], params: Any) -> dict[str, Any] | None:
    """The notification to send now; progress carries this request's own token."""
    method = recorded.get("method")
    if not isinstance(method, str):
        return None
    message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
    sent = recorded.get("params")
    if method == PROGRESS:
        meta = params.get("_meta") if isinstance(params, dict) else None
        token = meta.get("progressToken") if isinstance(meta, dict) else None
        if token is None or not isinstance(sent, dict):
            return None  # this client asked for no progress
        sent = {**sent, "progressToken": token}
    if sent is not None:
        message["params"] = sent
    return message


async def _ask(request: dict[str, Any], reply: Any, peer: Peer, out: Outbox | None) -> str | None:
    method = request.get("method")
    if not isinstance(method, str):
        return None
    if out is None:
        return f"the recorded server asked its client for {method}; nothing can ask this one"
    if not peer.allows(method):
        return (
            f"the recorded server asked its client for {method}, which needs the "
            f"'{CAPABILITY_FOR[method]}' capability this client did not declare"
        )
    answer = await peer.ask(out, method, request.get("params"))
    if _same(answer, reply):
        return None
    return (
        f"the client answered {method} differently from the recording:\n"
        f"    recorded: {_short(reply)}\n    answered: {_short(answer)}"
    )


def _same(answer: Any, recorded: Any) -> bool:
    try:
        return bool(canonicalize(answer) == canonicalize(recorded))
    except (TypeError, ValueError, RecursionError):
        return False


def _short(value: Any, limit: int = 160) -> str:
    try:
        text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
