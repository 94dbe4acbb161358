"""`replay --chaos SPEC`: a replay that misbehaves on purpose, the same way every run.

A client author tests retries and time-outs against a cassette that is slow,
fails a share of calls, loses or repeats notifications, hangs up mid-session
or sends an answer too big to swallow. The spec is a comma list of KEY=VALUE:

    latency=3x                 recorded waits times 3 (no effect with --no-latency)
    jitter=50ms                plus a random 0..50 ms before every answer
    errors=10%                 a share of requests answered with a JSON-RPC error
    error-code=-32603          the code of those errors (default -32603)
    timeouts=5%                a share of requests never answered
    drop-notifications=10%     a share of the server's notifications not sent
    duplicate-notifications=5% a share of them sent twice
    disconnect-after=20        hang up instead of answering request 21
    oversize=1%                a share of results padded past oversize-bytes
    oversize-bytes=4MiB        the padding (default 4 MiB + 1 KiB)
    seed=7                     the seed (default 0)

Faults hit requests after the handshake (`initialize`, `server/discover` are never
touched, or no client could get far enough to retry). Each request's fate depends
only on the seed and its number (1 for the first request after the handshake), so
a run is repeatable whatever the timing; each fault is logged to stderr. Pure: the
transports and the responder apply what `Chaos.request` and `Chaos.notification` decide.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any, Final

HANDSHAKE: Final = frozenset({"initialize", "server/discover"})
DEFAULT_OVERSIZE: Final = 4 * 1024 * 1024 + 1024
PADDING_KEY: Final = "io.github.mcpvcr/chaos-padding"
_SIZE_UNITS: Final = {"": 1, "b": 1, "kb": 1000, "kib": 1024, "mb": 1000**2, "mib": 1024**2}
_SHARES: Final = ("errors", "timeouts", "drop-notifications", "duplicate-notifications", "oversize")
KEYS: Final = (
    "latency",
    "jitter",
    *_SHARES,
    "error-code",
    "disconnect-after",
    "oversize-bytes",
    "seed",
)


class ChaosSpecError(ValueError):
    """A spec that cannot be parsed; the message is one line naming the part."""


@dataclass(frozen=True, kw_only=True)
class ChaosSpec:
    latency: float = 1.0
    jitter: float = 0.0
    """Seconds."""
    errors: float = 0.0
    timeouts: float = 0.0
    drop_notifications: float = 0.0
    duplicate_notifications: float = 0.0
    oversize: float = 0.0
    error_code: int = -32603
    disconnect_after: int | None = None
    oversize_bytes: int = DEFAULT_OVERSIZE
    seed: int = 0

    @classmethod
    def parse(cls, text: str) -> ChaosSpec:
        values: dict[str, Any] = {}
        for part in (p.strip() for p in text.split(",")):
            if not part:
                continue
            key, sep, raw = (s.strip() for s in part.partition("="))
            if not sep or not raw:
                raise ChaosSpecError(f"{part!r}: expected KEY=VALUE")
            if key not in KEYS:
                raise ChaosSpecError(f"unknown key {key!r} (one of {', '.join(KEYS)})")
            if key.replace("-", "_") in values:
                raise ChaosSpecError(f"{key} given twice")
            values[key.replace("-", "_")] = _value(key, raw)
        if values.get("errors", 0.0) + values.get("timeouts", 0.0) > 1.0:
            raise ChaosSpecError("errors and timeouts add up to more than 100%")
        return cls(**values)


def _value(key: str, raw: str) -> Any:
    if key in _SHARES:
        match = re.fullmatch(r"(\d+(?:\.\d+)?)%", raw)
        if not match or float(match.group(1)) > 100:
            raise ChaosSpecError(f"{key}={raw}: expected a share such as 10% (0% to 100%)")
        return float(match.group(1)) / 100
    if key == "latency":
        match = re.fullmatch(r"(\d+(?:\.\d+)?)x?", raw)
        if not match:
            raise ChaosSpecError(f"{key}={raw}: expected a multiplier such as 3x")
        return float(match.group(1))
    if key == "jitter":
        match = re.fullmatch(r"(\d+(?:\.\d+)?)(ms|s)", raw)
        if not match:
            raise ChaosSpecError(f"{key}={raw}: expected a duration such as 50ms or 1.5s")
        return float(match.group(1)) / (1000 if match.group(2) == "ms" else 1)
    if key == "oversize-bytes":
        match = re.fullmatch(r"(\d+)\s*([KkMm]i?[Bb]|[Bb])?", raw)
        if not match or int(match.group(1)) == 0:
            raise ChaosSpecError(f"{key}={raw}: expected a size such as 4MiB or 100000")
        return int(match.group(1)) * _SIZE_UNITS[(match.group(2) or "").lower()]
    number = re.fullmatch(r"-?\d+", raw)
    if not number:
        raise ChaosSpecError(f"{key}={raw}: expected a whole number")
    if key == "disconnect-after" and int(raw) < 0:
        raise ChaosSpecError(f"{key}={raw}: expected 0 or more requests")
    return int(raw)


@dataclass(frozen=True)
class Fault:
    """What happens to one request."""

    number: int
    delay: float = 0.0
    """Extra seconds before answering (jitter)."""
    error: bool = False
    timeout: bool = False
    disconnect: bool = False
    oversize: bool = False

    def describe(self) -> str:
        if self.disconnect:
            return "disconnect"
        if self.timeout:
            return "time-out (no answer)"
        if self.error:
            return "error"
        return "oversized answer" if self.oversize else ""


@dataclass
class Chaos:
    """The faults of one replay process, drawn per request and per notification."""

    spec: ChaosSpec
    requests: int = field(default=0, init=False)
    notifications: int = field(default=0, init=False)

    def request(self, method: str) -> Fault | None:
        """The fate of the next request (None: the handshake, never touched)."""
        if method in HANDSHAKE:
            return None
        self.requests += 1
        n = self.requests
        spec = self.spec
        if spec.disconnect_after is not None and n > spec.disconnect_after:
            return Fault(n, disconnect=True)
        draw = random.Random(f"{spec.seed}/request/{n}")
        fate, size, jitter = draw.random(), draw.random(), draw.random()
        return Fault(
            n,
            delay=jitter * spec.jitter,
            error=fate < spec.errors,
            timeout=spec.errors <= fate < spec.errors + spec.timeouts,
            oversize=size < spec.oversize,
        )

    def notification(self) -> int:
        """How many times to send the next notification of the server: 0, 1 or 2."""
        self.notifications += 1
        draw = random.Random(f"{self.spec.seed}/notification/{self.notifications}").random()
        if draw < self.spec.drop_notifications:
            return 0
        if draw < self.spec.drop_notifications + self.spec.duplicate_notifications:
            return 2
        return 1

    def error(self, fault: Fault) -> dict[str, Any]:
        message = f"mcpvcr chaos: injected error (request {fault.number})"
        return {"code": self.spec.error_code, "message": message}

    def pad(self, result: dict[str, Any]) -> dict[str, Any]:
        """The result with `_meta` padding that takes it past oversize-bytes."""
        meta = result.get("_meta")
        padded_meta = {**(meta if isinstance(meta, dict) else {})}
        padded_meta[PADDING_KEY] = "x" * self.spec.oversize_bytes
        return {**result, "_meta": padded_meta}
