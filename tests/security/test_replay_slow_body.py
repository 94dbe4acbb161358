"""Issue 23 item 11: clients trickling a request body cannot block `replay --http`.

Only the headers had a deadline: MAX_CONNECTIONS clients that sent their
headers and then one body byte at a time held every connection slot, and every
other client was turned away. Now a stalled request (headers or body) is the
first to go when the slots are full, and the whole request has a deadline.
"""

from __future__ import annotations

import contextlib
import json
import socket
import time

from mcpvcr.replay.http_guard import MAX_CONNECTIONS
from tests.security.test_replay_http import INIT, post, replay


def _slow_body(port: int) -> socket.socket:
    s = socket.socket()
    s.connect(("127.0.0.1", port))
    head = (
        "POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        "Accept: application/json, text/event-stream\r\nContent-Length: 100000\r\n\r\n"
    )
    s.send(head.encode() + b"[")
    return s


def test_slow_body_clients_do_not_starve_a_real_client() -> None:
    body = json.dumps(INIT).encode()
    with replay() as (port, _proc):
        slow = [_slow_body(port) for _ in range(MAX_CONNECTIONS * 2)]
        try:
            time.sleep(0.5)
            for s in slow:  # keep trickling: each one looks alive
                with contextlib.suppress(OSError):
                    s.send(b" ")
            started = time.monotonic()
            for _ in range(3):
                status, _data = post(port, body)
                assert status == 200
            assert time.monotonic() - started < 10
        finally:
            for s in slow:
                s.close()


def test_a_request_body_that_never_finishes_is_cut_off() -> None:
    with replay() as (port, proc):
        s = _slow_body(port)
        s.settimeout(30)
        started = time.monotonic()
        try:
            while time.monotonic() - started < 25:
                s.send(b" ")  # one byte a second, forever
                time.sleep(1)
                s.setblocking(False)
                try:
                    if s.recv(4096) == b"":
                        break
                except BlockingIOError:
                    pass
                finally:
                    s.setblocking(True)
        except OSError:
            pass  # reset by the server: cut off
        finally:
            s.close()
        assert time.monotonic() - started < 20
        assert post(port, json.dumps(INIT).encode())[0] == 200  # still serving
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    assert "Traceback" not in err
