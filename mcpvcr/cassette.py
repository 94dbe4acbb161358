"""The cassette: what one recording of an MCP server holds, as plain data.

A cassette is a header (how it was recorded) and a body (what the server said).
Both are plain JSON-shaped values so the offline core (lint, score, diff,
report) works on the wire data exactly as the server sent it, unknown fields
included. The file layout and canonical encoding live in `codec.py`.

Header keys (all present after `Cassette.new`):
    mcpvcr            version of mcpvcr that wrote the cassette
    transport         "stdio" | "http" | "sse"
    handshake         "initialize" | "server/discover"
    protocolVersion   the negotiated protocol version
    clientInfo        the clientInfo mcpvcr declared
    clientCapabilities the capabilities mcpvcr declared (tool lists can depend on them)
    target            {"envNames": [...], "headerNames": [...]}; names only, never values
    options           the recording options: fuzz, seed, maxTools, fuzzDestructive,
                      keepVolatile, scrubPatterns, pinnedArguments, protocol, ...;
                      fuzzWrites and jail (the jail the server ran in) when set:
                      reported, never read back as an opt-in (fuzz/policy.py)
    environment       facts about where the server ran: {"network": false | null}
                      (mcpvcr.live.environment; absent in older cassettes: unknown)
    complete          False when the recording was cut short (server died, time-out)
    incomplete        why it was cut short, or None

Body keys:
    server            the raw handshake result (serverInfo, capabilities,
                      instructions, protocolVersion, ...), `_meta` removed
    negotiation       the handshake exchange: [{"method", "result" | "error"}, ...]
    tools, resources, resourceTemplates, prompts
                      a ListRecord: {"items": [...raw items, sorted by identity...],
                      "pageSizes": [n, ...], "error": {code, message, data}?,
                      "extra": {...other top-level fields of the first page...}?,
                      "order": [identity, ...]? (the server's order, when not sorted)}
    interactions      recorded calls (tools/call, resources/read, prompts/get; a
                      record-through replay adds any other method it forwarded),
                      each an Interaction dict (see `INTERACTION_KEYS`), in a
                      deterministic order; `exchange` (optional) lists what the
                      server sent its client meanwhile: {"notification": {method,
                      params}} and {"request": {method, params}, "reply": {...}};
                      `sideEffects` (optional): what the call changed in the jail's
                      copy of the working directory (live/effects.py)
    diagnostics       facts about the wire: {"nonJsonStdoutLines": n,
                      "httpAnswers": ["json" | "sse"], ...}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from mcpvcr import jsonrpc
from mcpvcr._version import __version__

FORMAT_VERSION: Final = 1
"""Bumped on any change a reader of the previous version would misread."""

LIST_KINDS: Final = ("tools", "resources", "resourceTemplates", "prompts")
"""Body keys of the four recorded lists, in report order."""

LIST_METHODS: Final = jsonrpc.LIST_METHODS

IDENTITY_KEY: Final = {
    "tools": "name",
    "resources": "uri",
    "resourceTemplates": "uriTemplate",
    "prompts": "name",
}
"""The field that names an item of each list; lists are sets keyed by it."""

INTERACTION_KEYS: Final = (
    "method",  # "tools/call" | "resources/read" | "prompts/get"
    "target",  # tool name, resource uri or prompt name
    "case",  # "valid", "missing_required:a", "read", "get", ...
    "params",  # the params sent (no _meta)
    "response",  # {"result": raw} | {"error": {code, message, data?}} | {"timeout": true}
    # | {"closed": "message"} when the connection died
    "facts",  # sorted list of what the recorder knew: malformed, allowed, guessed, task, ...
    # (mcpvcr.judge.FACTS); no verdict: mcpvcr.judge judges at read time. A cassette
    # of mcpvcr 0.1.x has "outcome" and "flags" here instead; they are ignored.
    "latencyMs",  # coarse bucket (LATENCY_LADDER_MS), or null: the call shared the server
)

CONTROL_PREFIX: Final = "control:"
"""Case name prefix of a control call (planned by mcpvcr.fuzz.control, read by mcpvcr.judge)."""

LATENCY_LADDER_MS: Final = (200, 300, 500, 1000, 2000, 5000, 10000, 30000, 60000)
"""Recorded latency is the smallest step >= the measured time (the last step caps it).

Coarse on purpose: a fast deterministic server records the same bytes twice,
and the Liveness score only needs to know whether p50 is over 200 ms and by
how many 100 ms steps (scoring/dimensions.py).

A call that timed out records TIMED_OUT_LATENCY_MS (the last step) whatever
`--timeout` was, and its response is `{"timeout": true}`: the time-out changes
only how long a recording takes, so it must not change the bytes.
"""

TIMED_OUT_LATENCY_MS: Final = LATENCY_LADDER_MS[-1]
"""The latency recorded for a call that got no answer within the time-out."""

JSON = Any
"""A JSON value (dict, list, str, int, float, bool or None) as decoded from the wire."""


SIDE_EFFECT_CHANGES: Final = ("created", "modified", "deleted")
"""The kinds of change a `sideEffects` observation lists (mcpvcr.live.effects writes them)."""


def side_effect_entries(effects: Any) -> list[tuple[str, str, int | None]]:
    """(change, path, size) of each well-formed entry of a recorded `sideEffects` value.

    The one reader of the observation, for the lint rule, the coverage count and the
    report; a size that is not an integer reads as None.
    """
    if not isinstance(effects, Mapping):
        return []
    found: list[tuple[str, str, int | None]] = []
    for change in SIDE_EFFECT_CHANGES:
        entries = effects.get(change)
        for entry in entries if isinstance(entries, list) else []:
            if isinstance(entry, Mapping) and isinstance(entry.get("path"), str):
                size = entry.get("size")
                ok = isinstance(size, int) and not isinstance(size, bool)
                found.append((change, entry["path"], size if ok else None))
    return found


def coarse_latency_ms(seconds: float) -> int:
    """Map a measured duration onto the recorded latency ladder."""
    millis = seconds * 1000.0
    for step in LATENCY_LADDER_MS:
        if millis <= step:
            return step
    return LATENCY_LADDER_MS[-1]


@dataclass(kw_only=True)
class Cassette:
    """One recording: the header says how, the body says what.

    Not frozen, and it does not pretend to be: a cassette is built up while it
    is recorded (live/recorder.py) and while replay keeps new episodes
    (replay/episodes.py), and both change it only through the methods at the
    end of this class. Everything offline (lint, score, diff, report) only
    reads it; `without_behaviour` returns a new cassette instead of editing.
    """

    header: dict[str, JSON]
    body: dict[str, JSON]
    detail: str = field(default="", compare=False, repr=False)
    """Why an incomplete recording ended (a server's stderr tail), for the person only:
    never saved (PIDs, times and paths are not stable), shown in the command's error line."""

    @classmethod
    def new(
        cls,
        *,
        transport: str,
        handshake: str,
        protocol_version: str,
        client_info: Mapping[str, JSON],
        client_capabilities: Mapping[str, JSON],
        options: Mapping[str, JSON] | None = None,
        env_names: list[str] | None = None,
        header_names: list[str] | None = None,
        server: Mapping[str, JSON] | None = None,
    ) -> Cassette:
        """Build a cassette with every header key present and an empty body."""
        header: dict[str, JSON] = {
            "mcpvcr": __version__,
            "transport": transport,
            "handshake": handshake,
            "protocolVersion": protocol_version,
            "clientInfo": dict(client_info),
            "clientCapabilities": dict(client_capabilities),
            "target": {
                "envNames": sorted(env_names or []),
                "headerNames": sorted(header_names or []),
            },
            "options": dict(options or {}),
            "complete": True,
            "incomplete": None,
        }
        body: dict[str, JSON] = {
            "server": dict(server or {}),
            "negotiation": [],
            "tools": {"items": [], "pageSizes": []},
            "resources": {"items": [], "pageSizes": []},
            "resourceTemplates": {"items": [], "pageSizes": []},
            "prompts": {"items": [], "pageSizes": []},
            "interactions": [],
            "diagnostics": {},
        }
        return cls(header=header, body=body)

    # -- read-only views used by the offline core ---------------------------

    @property
    def server(self) -> dict[str, JSON]:
        value = self.body.get("server")
        return value if isinstance(value, dict) else {}

    @property
    def server_info(self) -> dict[str, JSON]:
        value = self.server.get("serverInfo")
        return value if isinstance(value, dict) else {}

    @property
    def capabilities(self) -> dict[str, JSON] | None:
        """The advertised capabilities, or None when the server sent none (or not an object)."""
        value = self.server.get("capabilities")
        return value if isinstance(value, dict) else None

    @property
    def instructions(self) -> str | None:
        value = self.server.get("instructions")
        return value if isinstance(value, str) else None

    def list_record(self, kind: str) -> dict[str, JSON]:
        """The ListRecord for one of LIST_KINDS (an empty one when absent)."""
        value = self.body.get(kind)
        return value if isinstance(value, dict) else {"items": [], "pageSizes": []}

    def items(self, kind: str) -> list[JSON]:
        """The raw items of one list, as recorded (entries may be malformed)."""
        value = self.list_record(kind).get("items")
        return value if isinstance(value, list) else []

    @property
    def tools(self) -> list[JSON]:
        return self.items("tools")

    @property
    def resources(self) -> list[JSON]:
        return self.items("resources")

    @property
    def resource_templates(self) -> list[JSON]:
        return self.items("resourceTemplates")

    @property
    def prompts(self) -> list[JSON]:
        return self.items("prompts")

    @property
    def interactions(self) -> list[dict[str, JSON]]:
        value = self.body.get("interactions")
        if not isinstance(value, list):
            return []
        return [item for item in value if isinstance(item, dict)]

    def interactions_for(self, method: str) -> Iterator[dict[str, JSON]]:
        return (item for item in self.interactions if item.get("method") == method)

    @property
    def options(self) -> dict[str, JSON]:
        value = self.header.get("options")
        return value if isinstance(value, dict) else {}

    @property
    def fuzzed(self) -> bool:
        """True when the recording ran the behavioural (fuzz) pass."""
        return bool(self.options.get("fuzz"))

    @property
    def complete(self) -> bool:
        return self.header.get("complete") is not False

    @property
    def protocol_version(self) -> str:
        value = self.header.get("protocolVersion")
        return value if isinstance(value, str) else ""

    @property
    def handshake(self) -> str:
        value = self.header.get("handshake")
        return value if isinstance(value, str) else ""

    def without_behaviour(self) -> Cassette:
        """The same contract as if recorded without --fuzz (no interactions, no coverage).

        Used to compare a fuzzed and an unfuzzed cassette like for like.
        """
        body = {k: v for k, v in self.body.items() if k not in ("interactions", "coverage")}
        header = dict(self.header)
        header["options"] = {**self.options, "fuzz": False}
        return Cassette(header=header, body=body)

    def tool_named(self, name: str) -> dict[str, JSON] | None:
        for tool in self.tools:
            if isinstance(tool, dict) and tool.get("name") == name:
                return tool
        return None

    # -- the builders' changes: the only places a cassette is edited --------------------

    def set_section(self, key: str, value: JSON) -> None:
        """Set one body section (a list record, interactions, coverage, diagnostics, ...)."""
        self.body[key] = value

    def set_header(self, key: str, value: JSON) -> None:
        """Set one header field (a record-through replay learns the handshake late)."""
        self.header[key] = value

    def append_interaction(self, interaction: dict[str, JSON]) -> None:
        interactions = self.body.get("interactions")
        self.body["interactions"] = [
            *(interactions if isinstance(interactions, list) else []),
            interaction,
        ]

    def mark_incomplete(self, reason: str) -> None:
        """Record that the recording was cut short; the first reason is kept."""
        if self.header.get("complete") is not False:
            self.header["complete"] = False
            self.header["incomplete"] = reason
