"""Record the four contract lists raw, following `nextCursor` on every one.

Each list becomes a ListRecord (see cassette.py): the items exactly as sent,
the size of every page, the other top-level fields of the first page in
`extra` (minus the volatile `nextCursor` and the `_meta` envelope), the
error when a page failed, and `order` (the identities in the server's order)
when that is not the sorted order the cassette stores, so a replay lists
them as the server did. An error is recorded, never fatal: the other lists
still get recorded.
"""

from __future__ import annotations

from typing import Any

from mcpvcr.cassette import IDENTITY_KEY, LIST_KINDS, LIST_METHODS
from mcpvcr.live.wire import RawClient, Reply

MAX_PAGES = 1000
"""A server that keeps handing out new cursors is cut off here."""

CAPABILITY_OF = {
    "tools": "tools",
    "resources": "resources",
    "resourceTemplates": "resources",
    "prompts": "prompts",
}


def kinds_to_record(capabilities: Any) -> list[str]:
    """The lists the server advertised; all four when it sent no capabilities object.

    A spec-following client does not call methods the server did not advertise,
    and a server is not to be blamed for answering those with -32601.
    """
    if not isinstance(capabilities, dict):
        return list(LIST_KINDS)
    return [kind for kind in LIST_KINDS if CAPABILITY_OF[kind] in capabilities]


async def record_list(
    client: RawClient, kind: str, timeout: float, notes: dict[str, Any]
) -> dict[str, Any]:
    """Fetch every page of one list; `notes` collects pagination anomalies."""
    method = LIST_METHODS[kind]
    record: dict[str, Any] = {"items": [], "pageSizes": []}
    cursor: Any = None
    seen: set[str] = set()
    for page in range(MAX_PAGES):
        reply = await client.request(
            method, None if cursor is None else {"cursor": cursor}, timeout
        )
        if reply.result is None:
            record["error"] = failure(reply)
            break
        result = {k: v for k, v in reply.result.items() if k not in ("_meta", "nextCursor")}
        items = result.pop(kind, None)
        if page == 0 and (result or not isinstance(items, list)):
            if not isinstance(items, list):
                result[kind] = items  # malformed (missing or not a list): kept raw for lint
            record["extra"] = result
        if isinstance(items, list):
            record["items"].extend(items)
            record["pageSizes"].append(len(items))
        else:
            record["pageSizes"].append(0)
        cursor = reply.result.get("nextCursor")
        if cursor is None or cursor == "":
            break
        if not isinstance(cursor, str):
            notes.setdefault("badCursor", []).append(kind)
            break
        if cursor in seen:
            notes.setdefault("paginationLoop", []).append(kind)
            break
        seen.add(cursor)
    else:
        notes.setdefault("paginationCapped", []).append(kind)
    order = server_order(kind, record["items"])
    if order is not None:
        record["order"] = order
    return record


def server_order(kind: str, items: list[Any]) -> list[str] | None:
    """The items' identities in the order sent, when unique and not already sorted."""
    key = IDENTITY_KEY[kind]
    names = [item.get(key) if isinstance(item, dict) else None for item in items]
    strings = [name for name in names if isinstance(name, str)]
    if len(strings) != len(names) or len(set(strings)) != len(strings):
        return None  # nameless or repeated items: no order a replay could apply
    return None if strings == sorted(strings) else strings


def failure(reply: Reply) -> dict[str, Any]:
    """A failed request as a JSON-RPC-like error object for the cassette."""
    if reply.error is not None:
        return reply.error
    if reply.closed is not None:
        return {"code": -32000, "message": f"mcpvcr: connection closed: {reply.closed}"}
    return {"code": -32001, "message": "mcpvcr: no answer within the time-out"}
