"""The fleet gate: every server of BASE against NEW, with `gate`'s per-server rules.

A server regresses when its gate fails, or when BASE has its cassette and NEW
could not record it (failed, timed out, incomplete). Servers new in NEW, or
gone from it, are listed but do not fail the gate: adding or removing a server
is a decision, not a regression.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mcpvcr import store
from mcpvcr.errors import McpVcrError
from mcpvcr.fleet.board import Merged, merge
from mcpvcr.fleet.gate_adapter import check
from mcpvcr.fleet.index import cassette_path
from mcpvcr.gate import Policy
from mcpvcr.report.escape import md_code, md_text, one_line

if TYPE_CHECKING:
    from mcpvcr.config import LintConfig


@dataclass
class FleetVerdict:
    regressions: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    passed: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unrecorded: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return bool(self.regressions)


def run(
    base: Sequence[str], new: Sequence[str], policy: Policy, config: LintConfig | None = None
) -> FleetVerdict:
    old_side, new_side = merge(base), merge(new)
    verdict = FleetVerdict(warnings=[*old_side.warnings, *new_side.warnings])
    for key in sorted(set(old_side.entries) | set(new_side.entries)):
        if key not in new_side.entries:
            verdict.removed.append(key)
            continue
        if key not in old_side.entries:
            verdict.added.append(key)
            continue
        old_path = _cassette(old_side, key)
        new_path = _cassette(new_side, key)
        if old_path is None:
            verdict.unrecorded.append(key)  # nothing in BASE to regress from
            continue
        if new_path is None:
            outcome = new_side.entries[key][1].get("outcome", "missing")
            why = new_side.entries[key][1].get("reason")
            verdict.regressions.append(
                (key, (f"not recorded now ({outcome}{': ' + str(why) if why else ''})",))
            )
            continue
        try:
            reasons = check(store.load(old_path), store.load(new_path), policy, config)
        except McpVcrError as err:
            reasons = (f"cannot compare: {err}",)
        if reasons:
            verdict.regressions.append((key, reasons))
        else:
            verdict.passed.append(key)
    return verdict


def _cassette(side: Merged, key: str) -> Path | None:
    base, entry = side.entries[key]
    name = entry.get("cassette")
    if not name or entry.get("outcome") not in ("recorded", "incomplete"):
        return None
    path = cassette_path(base, name, key)
    return path if path.is_file() else None


def render(verdict: FleetVerdict, fmt: str) -> str:
    if fmt == "json":
        data: dict[str, Any] = {
            "failed": verdict.failed,
            "regressions": [{"server": k, "reasons": list(r)} for k, r in verdict.regressions],
            "passed": verdict.passed,
            "added": verdict.added,
            "removed": verdict.removed,
            "unrecordedInBase": verdict.unrecorded,
            "warnings": verdict.warnings,
        }
        return json.dumps(data, sort_keys=True, indent=2) + "\n"
    markdown = fmt == "markdown"
    lines = [_headline(verdict, markdown), ""]
    for key, reasons in verdict.regressions:
        name = md_code(key) if markdown else one_line(key)
        lines.append(
            f"- {name}: " + "; ".join(md_text(r) if markdown else one_line(r) for r in reasons)
        )
    listed = (
        ("added", verdict.added),
        ("removed", verdict.removed),
        ("not recorded in BASE", verdict.unrecorded),
    )
    for label, keys in listed:
        if keys:
            shown = ", ".join(md_code(k) if markdown else one_line(k) for k in keys)
            lines.append(f"{label}: {shown}")
    for warning in verdict.warnings:
        lines.append(f"warning: {md_text(warning) if markdown else one_line(warning)}")
    return "\n".join(lines).rstrip() + "\n"


def _headline(verdict: FleetVerdict, markdown: bool) -> str:
    total = len(verdict.passed) + len(verdict.regressions)
    text = (
        f"fleet gate {'FAILED' if verdict.failed else 'passed'}: "
        f"{len(verdict.regressions)} of {total} compared server(s) regressed"
    )
    return f"## {text}" if markdown else text
