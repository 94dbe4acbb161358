"""Which tools a live pass may call: the MCP spec's defaults decide (pure).

The spec says a tool without annotations is `readOnlyHint: false,
destructiveHint: true`: it may change data. So:

- inside a jail (`mcpvcr.live.sandbox`: no network, a private copy of the
  working directory) every tool may be called except those annotated
  `destructiveHint: true`, which need `--fuzz-destructive`: their effects land
  in the copy;
- without a jail (HTTP/SSE targets, `--sandbox none`, a platform without one)
  only tools annotated `readOnlyHint: true` are called, unless `--fuzz-writes`
  (every tool not annotated destructive) or `--fuzz-destructive` (every tool)
  is given;
- `--fuzz-readonly` restricts a pass to read-only tools even inside a jail.

The opt-ins are taken from the command line of the run that sends the calls,
never from a cassette (`verify` re-sends a baseline's calls under this policy).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mcpvcr.fuzz.order import is_read_only

SKIP_MAY_WRITE = "skippedMayWrite"
SKIP_DESTRUCTIVE = "skippedDestructive"
SKIP_NOT_READONLY = "skippedNotReadonly"
MAY_WRITE_HINT = "skipped: may change data; opt in with --fuzz-writes"


@dataclass(frozen=True, kw_only=True)
class CallPolicy:
    """What a pass may call: the jail it runs in and the opt-ins of its own command line."""

    jailed: bool = False
    fuzz_writes: bool = False
    fuzz_destructive: bool = False
    fuzz_readonly: bool = False


def is_destructive(tool: Mapping[str, Any]) -> bool:
    """Annotated `destructiveHint: true` (strictly the boolean) and not read-only."""
    annotations = tool.get("annotations")
    return (
        isinstance(annotations, Mapping)
        and annotations.get("destructiveHint") is True
        and annotations.get("readOnlyHint") is not True
    )


def skip_reason(tool: Mapping[str, Any], policy: CallPolicy) -> str | None:
    """The coverage key a tool is listed under when it may not be called, else None."""
    if is_read_only(tool):
        return None
    if is_destructive(tool) and not policy.fuzz_destructive:
        return SKIP_DESTRUCTIVE
    if policy.fuzz_readonly:
        return SKIP_NOT_READONLY
    if policy.jailed or policy.fuzz_writes or policy.fuzz_destructive:
        return None
    return SKIP_MAY_WRITE


def describe(policy: CallPolicy, called: int, skipped: Mapping[str, list[str]]) -> str:
    """The run-time line at the start of a pass: what will be called, and where."""
    where = "inside the jail" if policy.jailed else "against the real server (no jail)"
    parts = [f"calling {called} tool(s) {where}"]
    may_write = skipped.get(SKIP_MAY_WRITE) or []
    if may_write:
        parts.append(f"{len(may_write)} may change data and are skipped (--fuzz-writes)")
    destructive = skipped.get(SKIP_DESTRUCTIVE) or []
    if destructive:
        parts.append(f"{len(destructive)} destructive skipped (--fuzz-destructive)")
    not_readonly = skipped.get(SKIP_NOT_READONLY) or []
    if not_readonly:
        parts.append(f"{len(not_readonly)} not read-only skipped (--fuzz-readonly)")
    return "; ".join(parts)
