"""The live edge: the ONLY package that talks to servers or imports `mcp`.

`record(target, options)` connects to a target, runs the handshake, records
the raw lists (and, with `options.fuzz`, the behavioural pass) and returns a
Cassette. `audit` is `record` + offline `score`; `diff OLD --stdio ...`
records NEW in memory. Nothing offline imports this package.
"""

from __future__ import annotations

import asyncio
import signal
from typing import TYPE_CHECKING

from mcpvcr.errors import Terminated

if TYPE_CHECKING:
    from mcpvcr.cassette import Cassette
    from mcpvcr.recording import RecordOptions
    from mcpvcr.targets import Target


async def record_async(target: Target, options: RecordOptions) -> Cassette:
    """Record `target`; raises mcpvcr.errors.CannotRun with one line naming target.label."""
    from mcpvcr.live.recorder import record_async as _record

    return await _record(target, options)


def record(target: Target, options: RecordOptions) -> Cassette:
    """Synchronous `record_async`; SIGTERM stops it like Ctrl-C, children always ended.

    Raises KeyboardInterrupt when interrupted (SIGINT or SIGTERM): the caller
    must not write anything then.
    """
    from mcpvcr.live.stdio import kill_leftovers

    terminated: list[bool] = []

    async def main() -> Cassette:
        loop = asyncio.get_running_loop()
        task = asyncio.current_task()
        installed = False

        def on_sigterm() -> None:
            terminated.append(True)
            if task is not None:
                task.cancel()

        if task is not None:
            try:
                loop.add_signal_handler(signal.SIGTERM, on_sigterm)
                installed = True
            except (NotImplementedError, RuntimeError, ValueError):
                pass  # not the main thread, or no signal support: Ctrl-C still works
        try:
            return await record_async(target, options)
        finally:
            if installed:
                loop.remove_signal_handler(signal.SIGTERM)

    try:
        with asyncio.Runner() as runner:
            return runner.run(main())
    except asyncio.CancelledError:
        raise (Terminated() if terminated else KeyboardInterrupt()) from None
    finally:
        kill_leftovers()
