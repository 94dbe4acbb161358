"""A live session held open for as long as the caller needs it.

`record` opens, records and closes; `mcpvcr replay --mode new_episodes`
instead keeps one session to the real server and forwards each request the
cassette cannot answer. Same channel, client and handshake code as `record`.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from mcpvcr.errors import CannotRun
from mcpvcr.live.handshake import (
    CLIENT_CAPABILITIES,
    CLIENT_INFO,
    HandshakeFailed,
    Reconnect,
    negotiate,
)
from mcpvcr.live.recorder import open_channel, quiet_sdk_logging
from mcpvcr.live.wire import RawClient
from mcpvcr.recording import RecordOptions
from mcpvcr.targets import Target


@contextlib.asynccontextmanager
async def open_session(target: Target, options: RecordOptions) -> AsyncIterator[RawClient]:
    """Connect and complete the handshake; yield the client; end the server on exit."""
    quiet_sdk_logging()
    protocol: str = options.protocol
    for _attempt in range(2):
        async with open_channel(target, options) as channel:
            client = RawClient(
                channel, client_info=CLIENT_INFO, client_capabilities=CLIENT_CAPABILITIES
            )
            client.start()
            try:
                try:
                    await negotiate(client, protocol, options.timeout, [])
                except Reconnect:
                    protocol = "initialize"  # the server locked the era; start over
                    continue
                except HandshakeFailed as err:
                    raise CannotRun(f"{target.label}: {err}") from None
                yield client
                return
            finally:
                await client.stop()
    raise CannotRun(f"{target.label}: the server hung up during the handshake")
