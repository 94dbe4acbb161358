"""The Markdown report: MCProbe's sections, with every server string escaped.

Sections, in MCProbe's order: header, dimensions with reasons, findings
summary, fuzz table, recommended fixes; then, clearly apart, mcp-probe's
health view and publishability composite. Header lines are separate
paragraphs (MCProbe's ran together into one).
"""

from __future__ import annotations

from mcpvcr._version import JUDGE_NAME
from mcpvcr.report.common import (
    NO_CRITICAL,
    NOTHING_TO_FIX,
    affected_list,
    coverage_parts,
    critical_parts,
    fix_groups,
    fuzz_note,
    security_findings,
    severity_counts,
    sorted_findings,
)
from mcpvcr.report.escape import md_code, md_text, truncate
from mcpvcr.scoring.model import Report, short_number


def render_markdown(report: Report) -> str:
    sections = [
        _header(report),
        _dimensions(report),
        _findings(report),
        _fuzz_table(report),
        _fixes(report),
        _second_opinion(report),
    ]
    return "\n\n".join(sections) + "\n"


def _header(report: Report) -> str:
    server = report.server
    lines = [
        "# mcpvcr conformance report",
        f"**Server:** {md_code(server.get('name') or '(unnamed)')} "
        f"{md_text(server.get('version', ''))}".rstrip(),
    ]
    if server.get("instructions"):
        lines.append(
            f"**Instructions:** {md_text(truncate(' '.join(server['instructions'].split()), 120))}"
        )
    proto = report.protocol
    lines.append(
        f"**Protocol:** {md_text(proto['version'] or 'unknown')} "
        f"({md_text(proto['handshake'] or '?')}, {md_text(proto['transport'] or '?')})"
    )
    lines.append(f"**Judge:** {JUDGE_NAME} (verdicts computed now from the recorded answers)")
    lines.append(f"**Overall score:** {report.overall} / 100")
    lines.append(f"**Grade:** {report.grade}")
    if report.cap:
        lines.append(f"**⚠ Score {md_text(report.cap)}** (dimensions alone: {report.uncapped})")
    lines.extend(f"**⚠ {md_text(line)}**" for line in report.rules_off)
    if report.fuzzed:
        parts = [
            md_text(text) + (f" ({_names(names)})" if names else "")
            for text, names in coverage_parts(report)
        ]
        lines.append("**Coverage:** " + "; ".join(parts))
    if report.critical.measured:
        lines.append(_critical_line(report))
    security = security_findings(report)
    if security:
        codes = sorted({f.code for f in security})
        lines.append(
            f"**⚠ Security:** {len(security)} finding(s) in model-visible text "
            f"({', '.join(md_code(c) for c in codes)}) — review before trusting this server"
        )
    if not report.complete:
        lines.append(f"**⚠ Incomplete recording:** {md_text(report.incomplete or 'cut short')}")
    return "\n\n".join(lines)


def _critical_line(report: Report) -> str:
    parts = critical_parts(report.critical)
    if not parts:
        return f"**✓ No critical behavioral issues** — {NO_CRITICAL}"
    shown = [text + (f" ({_names(names)})" if names else "") for text, names in parts]
    return "**⚠ Critical:** " + "; ".join(shown)


def _names(names: tuple[str, ...]) -> str:
    return ", ".join(md_text(name) for name in names)


def _dimensions(report: Report) -> str:
    blocks = ["## Dimensions"]
    for dim in report.dimensions:
        title = "not measured" if dim.not_measured else f"{short_number(dim.score)} / 10"
        if dim.judged is not None:
            title += f" ({dim.judged} call(s) judged)"
        bullets = []
        for reason in dim.reasons:
            indent = "  " if reason.startswith("  ") else ""
            bullets.append(f"{indent}- {md_text(reason.strip())}")
        blocks.append(f"### {dim.label}: {title}\n\n" + "\n".join(bullets))
    return "\n\n".join(blocks)


def _findings(report: Report) -> str:
    if not report.findings:
        return "## Findings summary\n\nNo lint findings — every check passes."
    counts = severity_counts(report.findings)
    lines = [
        f"- **{f.severity}** {md_code(f.code)} on {_where(f.where)} — {md_text(f.message)}"
        for f in sorted_findings(report.findings)
    ]
    summary = (
        f"{len(report.findings)} finding(s): {counts['error']} error, "
        f"{counts['warning']} warning, {counts['info']} info"
    )
    return "## Findings summary\n\n" + summary + "\n\n" + "\n".join(lines)


def _where(where: str) -> str:
    return "(server-wide)" if where == "server" else md_code(where)


def _fuzz_table(report: Report) -> str:
    if not report.fuzz:
        if report.fuzzed:
            return "## Fuzz table\n\nNo tool calls were recorded (see coverage)."
        return (
            "## Fuzz table\n\nNo fuzz cases ran. Record with `--fuzz` to evaluate "
            "Error Handling and Liveness."
        )
    rows = [
        "| Tool | Case | Outcome | Silent | Latency (ms) | Notes |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for row in report.fuzz:
        latency = "" if row.latency_ms is None else f"≤{row.latency_ms}"
        rows.append(
            f"| {md_code(row.tool, in_table=True)} | {md_code(row.case, in_table=True)} | "
            f"{md_text(row.outcome)} | {'yes' if row.silent else 'no'} | {latency} | "
            f"{md_text(fuzz_note(row))} |"
        )
    return "## Fuzz table\n\n" + "\n".join(rows)


def _fixes(report: Report) -> str:
    groups = fix_groups(report.findings)
    if not groups:
        return "## Recommended fixes\n\n" + NOTHING_TO_FIX
    items = [
        f"- **{g.severity}** {md_text(g.hint)} _({md_code(g.code)}: "
        f"{', '.join(md_text(a) for a in affected_list(g.affected))})_"
        for g in groups
    ]
    return "## Recommended fixes\n\nAddress these to raise the score, worst first:\n\n" + "\n".join(
        items
    )


def _second_opinion(report: Report) -> str:
    health = report.health
    pub = report.publishability
    lines = [
        "---",
        "## Second opinion: mcp-probe health and publishability",
        "_A separate scale from the overall score above, computed the way mcp-probe does._",
        "### Health",
    ]
    if health.measured:
        lines.append(
            "\n".join(
                [
                    f"- Tools callable: {health.tools_callable}/{health.tools_exercised} called "
                    f"({health.tools_total} listed)",
                    f"- Resources readable: {health.resources_readable}/{health.resources_read} "
                    f"read ({health.resources_total} listed)",
                    f"- Prompts gettable: {health.prompts_gettable}/{health.prompts_got} got "
                    f"({health.prompts_total} listed)",
                ]
            )
        )
    else:
        lines.append(
            f"Not measured (record with `--fuzz`): {health.tools_total} tool(s), "
            f"{health.resources_total} resource(s), {health.prompts_total} prompt(s) listed."
        )
    lines.append(
        f"### Publishability: {pub.composite} / 100 ({pub.band}, {pub.grade})\n\n"
        f"- Protocol: {pub.protocol} · Edge cases: {pub.edge} · "
        f"Publishability: {pub.publishability}"
    )
    checks = [f"- {c.verdict} `{c.check}` — {md_text(c.message)}" for c in pub.checks]
    caps = [f"- Cap applied: {md_text(reason)} (≤ {ceiling})" for reason, ceiling in pub.caps]
    notes = [f"- Note: {md_text(note)}" for note in pub.notes]
    lines.append("\n".join(checks + caps + notes))
    return "\n\n".join(lines)
