"""Serve a Responder over stdio: newline-delimited JSON-RPC on stdin/stdout.

stdout carries nothing but JSON-RPC (hosts read it as the protocol); anything
for humans goes to stderr. Each request is answered in its own task so a
request that was never answered when recorded does not block the others.
"""

from __future__ import annotations

import asyncio
import json
import os
import stat
import sys
from typing import Any, BinaryIO

from mcpvcr.jsonrpc import INTERNAL_ERROR, PARSE_ERROR
from mcpvcr.replay.peer import Peer
from mcpvcr.replay.responder import Close, Responder, Send, SendMany

MAX_LINE_BYTES = 64 * 1024 * 1024


def encode_message(message: dict[str, Any]) -> bytes:
    """Compact JSON with a trailing newline, as the stdio transport frames it."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def parse_error(detail: str) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": None,
        "error": {"code": PARSE_ERROR, "message": f"Parse error: {detail}"},
    }


async def serve_stdio(
    responder: Responder, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None
) -> str | None:
    """Serve until stdin closes; return the reason when a recorded death closed it."""
    reader = await _stdin_reader(stdin or sys.stdin.buffer)
    out = stdout or sys.stdout.buffer
    closing: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    tasks: set[asyncio.Task[None]] = set()
    peer = Peer()  # one client: whoever is on the other end of stdin/stdout

    async def send(message: dict[str, Any]) -> None:
        out.write(encode_message(message))
        out.flush()

    async def handle(message: Any) -> None:
        try:
            answer = await responder.answer(message, peer, send)
        except Exception as err:  # never let one request kill the server silently
            answer = Send(_internal_error(message, err))
        if isinstance(answer, Send | SendMany):
            messages = [answer.message] if isinstance(answer, Send) else answer.messages
            out.write(b"".join(encode_message(message) for message in messages))
            out.flush()
        elif isinstance(answer, Close) and not closing.done():
            closing.set_result(answer.reason)

    reading: asyncio.Future[Any] = asyncio.ensure_future(_read_messages(reader, out, handle, tasks))
    waiting: set[asyncio.Future[Any]] = {reading, closing}
    await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
    if not closing.done():
        # stdin closed: let in-flight answers finish (a piped client sends
        # its last request right before EOF and still expects the answer),
        # but no answer from the client can come any more.
        peer.hang_up()
        await asyncio.gather(*tasks, return_exceptions=True)
        return None
    reading.cancel()
    for task in tasks:
        task.cancel()
    return closing.result()


async def _read_messages(
    reader: asyncio.StreamReader, out: BinaryIO, handle: Any, tasks: set[Any]
) -> None:
    while True:
        try:
            line = await reader.readuntil(b"\n")
        except asyncio.IncompleteReadError as partial:
            line = partial.partial
            if not line.strip():
                return
        except asyncio.LimitOverrunError:
            out.write(encode_message(parse_error(f"message over {MAX_LINE_BYTES} bytes")))
            out.flush()
            return
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except (ValueError, RecursionError) as err:
            out.write(encode_message(parse_error(str(err) or type(err).__name__)))
            out.flush()
            continue
        task = asyncio.ensure_future(handle(message))
        tasks.add(task)
        task.add_done_callback(tasks.discard)


async def _stdin_reader(stream: BinaryIO) -> asyncio.StreamReader:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=MAX_LINE_BYTES)
    mode = os.fstat(stream.fileno()).st_mode
    if not (stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or stream.isatty()):
        # `replay c.mcpvcr < requests.jsonl` or `</dev/null`: asyncio watches
        # only pipes, sockets and terminals, so feed the content at once.
        reader.feed_data(await loop.run_in_executor(None, stream.read))
        reader.feed_eof()
        return reader
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), stream)
    return reader


def _internal_error(message: Any, err: Exception) -> dict[str, Any]:
    ident = message.get("id") if isinstance(message, dict) else None
    error = {"code": INTERNAL_ERROR, "message": f"mcpvcr replay: {type(err).__name__}: {err}"}
    return {"jsonrpc": "2.0", "id": ident, "error": error}
