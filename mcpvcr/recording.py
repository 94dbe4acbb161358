"""How to record: the options of one recording, shared by record, audit and diff.

Pure (no mcp import). `header_options()` is what the cassette keeps in
`header["options"]`: everything that changes WHAT gets recorded. Time-outs and
concurrency change only how long it takes, so they stay out of the file (two
recordings of the same server with different time-outs are the same bytes).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from mcpvcr.redaction import pattern_hash

Protocol = Literal["auto", "initialize", "discover"]

DEFAULT_TIMEOUT_SECONDS = 10.0
"""The handshake and per-request time-out when none is given (every command and the API)."""

FUZZ_LIMIT_SECONDS = 900.0
"""The bound on one fuzz pass; the recorder enforces it and the planner budgets inside it."""


@dataclass(frozen=True, kw_only=True)
class RecordOptions:
    """Options of one recording (see docs/recording.md)."""

    timeout: float = DEFAULT_TIMEOUT_SECONDS
    """Handshake and per-request time-out, seconds; the whole run is bounded too."""
    protocol: Protocol = "auto"
    fuzz: bool = False
    seed: int = 0
    max_tools: int | None = None
    fuzz_destructive: bool = False
    concurrency: int = 4
    keep_volatile: bool = False
    scrub_patterns: tuple[str, ...] = ()
    """Extra regular expressions whose matches are scrubbed from answers."""
    pinned_arguments: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Tool name -> known-good arguments used for the `valid` case."""
    max_resources: int = 50
    fuzz_readonly: bool = False
    """Call only tools annotated `readOnlyHint: true`, even inside the jail."""
    fuzz_writes: bool = False
    """Outside a jail, also call tools that may change data (mcpvcr.fuzz.policy)."""
    sandbox: str = "auto"
    """The jail asked for a stdio server: auto, bwrap, unshare or none (mcpvcr.live.sandbox)."""
    jail: str | None = None
    """The jail the server actually ran in (set by the live layer; None: no jail)."""
    quiet: bool = False
    """No progress on stderr (how a run reports, not what it records: not in the header)."""
    scenarios: tuple[Mapping[str, Any], ...] = ()
    """Named calls ({method, target, case, params}) sent after the fuzz plan, or alone."""
    replay_calls: tuple[Mapping[str, Any], ...] = ()
    """`verify`: the recorded calls ({method, target, case, params}) to send instead of
    the fuzz plan, in this order (used only with `fuzz`)."""
    fuzz_order: tuple[str, ...] = ()
    """Tools to exercise first, in this order (`[tool.mcpvcr.fuzz] order`)."""
    elicit_defaults: bool = False
    """Declare form elicitation and accept each form with the server's own defaults."""
    client: Mapping[str, Any] | None = None
    """`verify` of a baseline another client recorded through `replay`: speak `initialize`
    as that client ({protocolVersion, capabilities, clientInfo}), as the baseline did."""

    def header_options(self) -> dict[str, Any]:
        """The options stored in the cassette header (not timeout/concurrency)."""
        return {
            "protocol": self.protocol,
            "fuzz": self.fuzz,
            "seed": self.seed,
            "maxTools": self.max_tools,
            "fuzzDestructive": self.fuzz_destructive,
            **({"fuzzReadonly": True} if self.fuzz_readonly else {}),
            # Reported, never read back: verify and serve take opt-ins from their own flags.
            **({"fuzzWrites": True} if self.fuzz_writes else {}),
            **({"jail": self.jail} if self.jail else {}),
            "keepVolatile": self.keep_volatile,
            # Hashes only: a --scrub pattern is often the very secret it removes.
            "scrubPatterns": [pattern_hash(p) for p in self.scrub_patterns],
            "pinnedArguments": {
                name: dict(arguments) for name, arguments in sorted(self.pinned_arguments.items())
            },
            "maxResources": self.max_resources,
            # Only when set, so recordings made without it keep their bytes.
            **({"order": list(self.fuzz_order)} if self.fuzz_order else {}),
            **({"elicitDefaults": True} if self.elicit_defaults else {}),
        } | ({"scenarios": [dict(call) for call in self.scenarios]} if self.scenarios else {})
