"""Run one replay: a responder, its optional live forwarding, and a transport."""

from __future__ import annotations

from contextlib import AsyncExitStack
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mcpvcr.replay.chaos import Chaos
from mcpvcr.replay.modes import RecordMode
from mcpvcr.replay.responder import Connect, Responder

if TYPE_CHECKING:
    from mcpvcr.cassette import Cassette
    from mcpvcr.recording import RecordOptions
    from mcpvcr.replay.chaos import ChaosSpec
    from mcpvcr.replay.http_guard import HttpGuard
    from mcpvcr.targets import Target


@dataclass(frozen=True, kw_only=True)
class ReplayPlan:
    """Everything `mcpvcr replay` decided from its command line."""

    cassette: Cassette
    path: str
    match_on: tuple[str, ...]
    mode: RecordMode
    """NONE, NEW_EPISODES or ALL: `modes.resolve` has decided ONCE before."""
    replay_latency: bool
    live: Target | None
    options: RecordOptions
    address: tuple[str, int] | None
    """HOST, PORT for streamable HTTP; None for stdio."""
    guard: HttpGuard | None = None
    """What the HTTP server accepts (Host names, the record-through token)."""
    exhausted: str = "repeat"
    """A repeated request past its recorded answers: repeat the last, or `miss`."""
    chaos: ChaosSpec | None = None
    """`--chaos`: the faults to inject on purpose."""


async def run_replay(plan: ReplayPlan) -> str | None:
    """Serve until the client leaves; return why, when a recorded server death ended it."""
    async with AsyncExitStack() as stack:
        connect: Connect | None = None
        if plan.mode.forwards and plan.live is not None:
            from mcpvcr.replay.episodes import EpisodeLog, Upstreams

            log = EpisodeLog(
                plan.cassette, plan.path, plan.live, plan.options, fresh=plan.mode is RecordMode.ALL
            )
            upstreams = Upstreams(log)
            stack.push_async_callback(upstreams.close_all)
            connect = upstreams.connect
        responder = Responder(
            plan.cassette,
            cassette_path=plan.path,
            match_on=plan.match_on,
            mode=plan.mode,
            replay_latency=plan.replay_latency,
            connect=connect,
            exhausted=plan.exhausted,
            chaos=Chaos(plan.chaos) if plan.chaos is not None else None,
        )
        if plan.address is None:
            from mcpvcr.replay.stdio import serve_stdio

            return await serve_stdio(responder)
        from mcpvcr.replay.http import serve_http

        return await serve_http(responder, *plan.address, guard=plan.guard)
