"""Record mode `new_episodes` / `all`: forward what the cassette lacks and keep it.

Each request the responder forwards goes to the live target over one open
session, is classified, scrubbed and redacted exactly like a recorded fuzz
call, appended to the cassette, and the cassette is saved atomically, so an
interrupted replay never leaves a half-written file.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from mcpvcr.cassette import Cassette
from mcpvcr.jsonrpc import TARGET_FIELD
from mcpvcr.recording import RecordOptions
from mcpvcr.replay.responder import Forward
from mcpvcr.targets import Target


@dataclass
class EpisodeLog:
    """The cassette being extended and where it lives."""

    cassette: Cassette
    path: str
    target: Target
    options: RecordOptions
    fresh: bool = False
    """Mode `all`: start from no interactions instead of appending."""
    count: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        if self.fresh:
            self.cassette.set_section("interactions", [])

    def keep(self, interaction: dict[str, Any]) -> dict[str, Any]:
        """Redact the target's secrets, append, and save the cassette atomically."""
        from mcpvcr import store
        from mcpvcr.redaction import redact

        clean: dict[str, Any] = redact(
            interaction, self.target.secret_values(), self.options.scrub_patterns
        )
        self.cassette.append_interaction(clean)
        self.count += 1
        store.save(self.cassette, self.path)
        return clean


@asynccontextmanager
async def forwarding(log: EpisodeLog) -> AsyncIterator[Forward]:
    """A live session to the target, as the responder's `forward` function."""
    from mcpvcr.fuzz.plan import Call
    from mcpvcr.fuzz.scrub import Scrubber
    from mcpvcr.live.exercise import interaction
    from mcpvcr.live.session import open_session

    scrubber = Scrubber(log.options.scrub_patterns, keep_volatile=log.options.keep_volatile)
    async with open_session(log.target, log.options) as client:

        async def forward(method: str, params: Any) -> dict[str, Any]:
            sent = params if isinstance(params, dict) else {}
            reply = await client.request(method, sent, log.options.timeout)
            field_name = TARGET_FIELD.get(method, "name")
            target = sent.get(field_name)
            call = Call(
                index=log.count,
                method=method,
                target=target if isinstance(target, str) else "",
                case="replay",
                params={k: v for k, v in sent.items() if k != "_meta"},
                output_schema=_output_schema(log.cassette, method, target),
            )
            return log.keep(interaction(call, reply, scrubber))

        yield forward


def _output_schema(cassette: Cassette, method: str, name: Any) -> Any:
    if method != "tools/call" or not isinstance(name, str):
        return None
    tool = cassette.tool_named(name)
    return tool.get("outputSchema") if tool else None
