"""Match an incoming request to a recorded interaction (the vcrpy "matcher" role).

A matcher is a small function over two request keys. A request matches a
recorded interaction when every selected matcher agrees. On a miss, the
recorded interactions are ranked by how many matchers they satisfy so the
error can list the closest ones, as vcrpy's near-miss message does.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from mcpvcr.codec import canonicalize
from mcpvcr.jsonrpc import TARGET_FIELD as RECORDED_TARGET_FIELD

TARGET_FIELD: Final = {
    **RECORDED_TARGET_FIELD,
    "resources/subscribe": "uri",
    "resources/unsubscribe": "uri",
}
"""Which params field names the thing a request acts on, per replayed method (the recorded
methods plus the others a record-through replay forwards)."""


@dataclass(frozen=True, kw_only=True)
class RequestKey:
    """The parts of a request that matchers compare."""

    method: str
    target: str | None
    arguments: str
    """Canonical JSON of the params minus the target field and `_meta`."""

    @classmethod
    def of(cls, method: str, params: Any) -> RequestKey:
        field = TARGET_FIELD.get(method)
        target: str | None = None
        rest: Any = params
        if isinstance(params, dict):
            raw_target = params.get(field) if field else None
            target = raw_target if isinstance(raw_target, str) else None
            rest = {k: v for k, v in params.items() if k not in {field, "_meta"}}
        try:
            text = json.dumps(canonicalize(rest), sort_keys=True, separators=(",", ":"))
        except TypeError:
            text = repr(rest)
        return cls(method=method, target=target, arguments=text)

    def describe(self) -> str:
        parts = [self.method]
        if self.target is not None:
            parts.append(self.target)
        if self.arguments not in ("{}", "null"):
            parts.append(_shorten(self.arguments))
        return " ".join(parts)


Matcher = Callable[[RequestKey, RequestKey], bool]

MATCHERS: Final[dict[str, Matcher]] = {
    "method": lambda a, b: a.method == b.method,
    "target": lambda a, b: a.target == b.target,
    "arguments": lambda a, b: a.arguments == b.arguments,
}
DEFAULT_MATCH_ON: Final = ("method", "target", "arguments")


def validate_match_on(names: Iterable[str]) -> tuple[str, ...]:
    """Check matcher names; raise ValueError listing the valid ones."""
    chosen = tuple(names)
    unknown = [name for name in chosen if name not in MATCHERS]
    if unknown:
        valid = ", ".join(MATCHERS)
        raise ValueError(f"unknown matcher {', '.join(unknown)} (valid: {valid})")
    if "method" not in chosen:
        chosen = ("method", *chosen)
    return chosen


@dataclass(frozen=True, kw_only=True)
class NearMiss:
    key: RequestKey
    matched: tuple[str, ...]
    failed: tuple[str, ...]


def find_all(
    request: RequestKey, recorded: Sequence[RequestKey], match_on: Sequence[str]
) -> list[int]:
    """Indices of every recorded request all matchers accept, in recorded order."""
    return [
        index
        for index, candidate in enumerate(recorded)
        if all(MATCHERS[name](request, candidate) for name in match_on)
    ]


def closest(
    request: RequestKey, recorded: Sequence[RequestKey], match_on: Sequence[str], limit: int = 3
) -> list[NearMiss]:
    """The recorded requests that satisfy the most matchers, best first."""
    ranked: list[tuple[int, int, NearMiss]] = []
    for index, candidate in enumerate(recorded):
        matched = tuple(name for name in match_on if MATCHERS[name](request, candidate))
        failed = tuple(name for name in match_on if name not in matched)
        if "method" in matched:
            ranked.append(
                (-len(matched), index, NearMiss(key=candidate, matched=matched, failed=failed))
            )
    ranked.sort(key=lambda row: (row[0], row[1]))
    return [row[2] for row in ranked[:limit]]


def miss_message(
    request: RequestKey, near: Sequence[NearMiss], cassette_path: str, mode: str
) -> str:
    """A vcrpy-style explanation of a replay miss with the closest recorded requests."""
    lines = [
        f"mcpvcr: replay miss in {cassette_path} (record mode '{mode}')",
        f"  request: {request.describe()}",
    ]
    if near:
        lines.append("  closest recorded interactions:")
        for number, miss in enumerate(near, start=1):
            lines.append(
                f"    {number}. {miss.key.describe()}   matched: {', '.join(miss.matched)}"
                f"   failed: {', '.join(miss.failed) or '-'}"
            )
    else:
        lines.append("  no recorded interaction uses this method")
    lines.append(
        "  Fix: re-record with `mcpvcr record --fuzz`, replay with --mode new_episodes "
        "--target ..., or relax matching with --match-on method,target"
    )
    return "\n".join(lines)


def _shorten(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
