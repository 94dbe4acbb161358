"""`score --explain`: each recorded call's verdict and the registry entry that decided it."""

from __future__ import annotations

from mcpvcr._version import JUDGE_NAME
from mcpvcr.scoring.model import Report


def explain(report: Report) -> str:
    """Plain text, one line per recorded tools/call, then the entries used and why."""
    from mcpvcr.judge.heuristics import HEURISTICS

    lines = [f"Verdicts by {JUDGE_NAME} (what decided each; see docs/verdicts.md):"]
    used: dict[str, int] = {}
    for row in report.fuzz:
        flags = f" [{', '.join(row.flags)}]" if row.flags else ""
        by = row.by or "?"
        used[by] = used.get(by, 0) + 1
        lines.append(f"  {row.tool} ({row.case}): {row.outcome}{flags} <- {by}")
    if not report.fuzz:
        lines.append("  (no recorded tools/call: record with --fuzz)")
    lines.append("Entries used:")
    for key in sorted(used):
        entry = HEURISTICS.get(key)
        why = entry.why if entry else "not in this judge's registry"
        lines.append(f"  {key} x{used[key]}: {why}")
    return "\n".join(lines) + "\n"
