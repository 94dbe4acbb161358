"""Pieces every report format shares: ordering, fix groups, the critical line, notes."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from mcpvcr.fuzz.policy import MAY_WRITE_HINT
from mcpvcr.lint.registry import SEVERITY_RANK, Finding
from mcpvcr.scoring.model import Critical, FuzzRow, Report

RULE_DOCS_BASE = "docs/rules/"
"""Where each rule's page lives (`<base><code>.md`); the one constant to point elsewhere."""


def rule_doc_url(code: str) -> str:
    """The link to a rule's documentation page, e.g. `docs/rules/tool.missing_description.md`."""
    from urllib.parse import quote

    return f"{RULE_DOCS_BASE}{quote(code, safe='._-')}.md"


NOTHING_TO_FIX = "Nothing to fix — this server passes every check. ✓"
NO_CRITICAL = (
    "no silent accepts, hallucinated successes, output-schema violations or protocol crashes"
)


def sorted_findings(findings: tuple[Finding, ...]) -> list[Finding]:
    """By severity, code, tool, param (then message, for a total order)."""
    return sorted(
        findings,
        key=lambda f: (
            SEVERITY_RANK[f.severity],
            f.code,
            f.location.get("tool", ""),
            f.location.get("param", ""),
            f.where,
            f.message,
        ),
    )


def severity_counts(findings: tuple[Finding, ...]) -> dict[str, int]:
    counts = Counter(f.severity for f in findings)
    return {level: counts[level] for level in ("error", "warning", "info")}


@dataclass(frozen=True)
class FixGroup:
    code: str
    severity: str
    hint: str
    affected: tuple[str, ...]


def fix_groups(findings: tuple[Finding, ...]) -> list[FixGroup]:
    """One group per code (first finding's severity and hint), worst first, then by code."""
    groups: dict[str, FixGroup] = {}
    for finding in findings:
        group = groups.get(finding.code)
        where = finding.where
        if group is None:
            groups[finding.code] = FixGroup(finding.code, finding.severity, finding.hint, (where,))
        elif where not in group.affected:
            groups[finding.code] = FixGroup(
                group.code, group.severity, group.hint, (*group.affected, where)
            )
    return sorted(groups.values(), key=lambda g: (SEVERITY_RANK[g.severity], g.code))


def affected_list(names: tuple[str, ...], limit: int = 5) -> list[str]:
    """The first `limit` names, plus "+N more" when there are more."""
    shown = list(names[:limit])
    if len(names) > limit:
        shown.append(f"+{len(names) - limit} more")
    return shown


def critical_parts(critical: Critical) -> list[tuple[str, tuple[str, ...]]]:
    """(sentence, tool names to show) for each kind of critical issue present."""
    parts: list[tuple[str, tuple[str, ...]]] = []
    for tools, text in (
        (critical.silent_tools, "tool(s) silently accept malformed input"),
        (
            critical.empty_tools,
            "tool(s) return an empty or garbage success on valid input "
            "— possible hallucinated success",
        ),
        (
            critical.schema_tools,
            "tool(s) return a success that violates their declared outputSchema",
        ),
    ):
        if tools:
            # the names are listed only for small sets, as MCProbe does
            parts.append((f"{len(tools)} {text}", tools if len(tools) <= 4 else ()))
    if critical.crashes:
        parts.append((f"{critical.crashes} protocol crash(es) or time-out(s)", ()))
    if critical.never_worked:
        parts.append(
            (
                f"none of the {critical.valid_tried} valid call(s) returned a real result "
                "— no tool was seen working",
                (),
            )
        )
    return parts


def security_findings(report: Report) -> list[Finding]:
    return [f for f in report.findings if f.code.startswith("security.")]


def fuzz_note(row: FuzzRow) -> str:
    """The Notes cell of a fuzz row (plain text; the renderer escapes it)."""
    message = " ".join((row.message or "").split())
    if row.outcome == "toolError" and message:
        return _cut(message, 60)
    if row.outcome == "protocolCrash" and message:
        return "crash: " + _cut(message, 50)
    if row.outcome == "rejected":
        return "rejected: " + _cut(message, 50) if message else "rejected (-32602)"
    if row.outcome == "timeout":
        return "timeout" + (": " + _cut(message, 50) if message else "")
    if row.outcome == "inconclusive":
        return "inconclusive (not scored): " + _cut(message, 40) if message else "inconclusive"
    if "garbageAnswer" in row.flags:
        return "garbage answer (NaN/null/error text as success)"
    if "lenient" in row.flags:
        return "lenient: the schema allows this input"
    if "outputSchemaViolation" in row.flags:
        return "outputSchema violated"
    if "emptySuccess" in row.flags:
        return "empty success — no content returned"
    return ""


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def coverage_parts(report: Report) -> list[tuple[str, tuple[str, ...]]]:
    """The coverage line's parts: (text, names) — names are untrusted, rendered escaped."""
    coverage = report.coverage or {}
    total = report.counts.get("tools", 0)
    fuzzed = coverage.get("fuzzed")
    if not isinstance(fuzzed, int) or isinstance(fuzzed, bool):
        # The cassette says what it likes here; only a count may reach the report.
        fuzzed = len({row.tool for row in report.fuzz})
    called = len({row.tool for row in report.fuzz})
    if report.fuzz and called < fuzzed:
        # the server died (or the run stopped) before every planned tool was called
        first = (
            f"fuzzed {called} of {total} tool(s) ({fuzzed} planned; the recording stopped early)"
        )
    else:
        first = f"fuzzed {fuzzed} of {total} tool(s)"
    parts: list[tuple[str, tuple[str, ...]]] = [(first, ())]
    destructive = _names(coverage.get("skippedDestructive"))
    if destructive:
        parts.append((f"{len(destructive)} skipped as destructive", destructive))
    not_readonly = _names(coverage.get("skippedNotReadonly"))
    if not_readonly:
        parts.append((f"{len(not_readonly)} skipped as not read-only (--fuzz-readonly)", ()))
    may_write = _names(coverage.get("skippedMayWrite"))
    if may_write:
        parts.append(
            (f"{len(may_write)} not exercised ({MAY_WRITE_HINT}, or record in the jail)", may_write)
        )
    wrote = coverage.get("wrote")
    if isinstance(wrote, dict):
        for tool, count in sorted(wrote.items()):
            if isinstance(count, int) and not isinstance(count, bool):
                parts.append((f"tool {tool!r} wrote {count} file(s) in the jail", ()))
    over_cap = _names(coverage.get("skippedOverCap"))
    if over_cap:
        parts.append((f"{len(over_cap)} skipped over the max-tools cap", ()))
    no_valid = coverage.get("noValidCase")
    if isinstance(no_valid, dict) and no_valid:
        parts.append((f"{len(no_valid)} without a valid case", ()))
    return parts


def _names(value: object) -> tuple[str, ...]:
    return tuple(str(v) for v in value) if isinstance(value, list) else ()
