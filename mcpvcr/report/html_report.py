"""One self-contained HTML page: inline CSS, no scripts, no fetches, all server text escaped.

Readable without JavaScript: the long sections are `<details>` elements, which
browsers open and close by themselves. The score gauge and the dimension chart are
inline SVG; each finding's code links to its rule page (`common.rule_doc_url`); the
side effects a jailed recording observed get their own table when the cassette has any.
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
    rule_doc_url,
    security_findings,
    severity_counts,
    sorted_findings,
)
from mcpvcr.report.escape import html_text as esc
from mcpvcr.report.svg import bar_chart, score_gauge
from mcpvcr.scoring.model import Report, short_number

_STYLE = """
body{font:15px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;max-width:70em;margin:2em auto;
padding:0 1em;color:#1b1f23;background:#fff}
h1{font-size:1.6em}h2{border-bottom:1px solid #ddd;padding-bottom:.2em;margin-top:1.8em}
table{border-collapse:collapse;width:100%;margin:.5em 0}
th,td{border:1px solid #ddd;padding:.3em .5em;text-align:left;vertical-align:top}
th{background:#f6f8fa}code{background:#f6f8fa;padding:0 .25em;border-radius:3px}
.score{font-size:2.2em;font-weight:700}.grade{font-size:2.2em;margin-left:.4em}
.error{color:#b31d28}.warning{color:#8a6100}.info{color:#005cc5}
.critical{background:#fff5f5;border-left:4px solid #b31d28;padding:.5em 1em}
.ok{background:#f0fff4;border-left:4px solid #22863a;padding:.5em 1em}
.muted{color:#586069}
.headline{display:flex;align-items:center;gap:1.5em;flex-wrap:wrap}
a code{color:#0366d6}svg text{font-family:inherit}
""".strip()


def render_html(report: Report) -> str:
    title = f"mcpvcr report: {report.server.get('name') or '(unnamed)'}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        # no network: the page may not load anything, even by mistake
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'\">",
        f"<title>{esc(title)}</title>",
        f"<style>{_STYLE}</style>",
        "</head>",
        "<body>",
        *_header(report),
        *_dimensions(report),
        *_findings(report),
        *_fuzz(report),
        *_side_effects(report),
        *_fixes(report),
        *_second_opinion(report),
        "</body>",
        "</html>",
    ]
    return "\n".join(parts) + "\n"


def _header(report: Report) -> list[str]:
    server = report.server
    proto = report.protocol
    lines = [
        "<h1>mcpvcr conformance report</h1>",
        f"<p><strong>Server:</strong> <code>{esc(server.get('name') or '(unnamed)')}</code> "
        f"{esc(server.get('version', ''))}<br>",
        f"<strong>Protocol:</strong> {esc(proto['version'] or 'unknown')} "
        f"({esc(proto['handshake'] or '?')}, {esc(proto['transport'] or '?')})<br>",
        f"<strong>Judge:</strong> {esc(JUDGE_NAME)}</p>",
    ]
    if server.get("instructions"):
        lines.append(
            "<details><summary>Server instructions</summary>"
            f"<pre>{esc(server['instructions'])}</pre></details>"
        )
    lines.append(
        f'<div class="headline">{score_gauge(report.overall, report.grade)}'
        f'<p><span class="score">{report.overall} / 100</span>'
        f'<span class="grade">Grade {report.grade}</span></p></div>'
    )
    if report.cap:
        lines.append(
            f"<p><strong>⚠ Score {esc(report.cap)}</strong> "
            f"(dimensions alone: {report.uncapped})</p>"
        )
    lines.extend(f"<p><strong>⚠ {esc(line)}</strong></p>" for line in report.rules_off)
    if report.fuzzed:
        shown = [
            esc(text) + (f" ({esc(', '.join(names))})" if names else "")
            for text, names in coverage_parts(report)
        ]
        lines.append(f"<p><strong>Coverage:</strong> {'; '.join(shown)}</p>")
    if report.critical.measured:
        parts = critical_parts(report.critical)
        if parts:
            shown = [
                esc(text) + (f" ({esc(', '.join(names))})" if names else "")
                for text, names in parts
            ]
            lines.append(f'<p class="critical"><strong>Critical:</strong> {"; ".join(shown)}</p>')
        else:
            lines.append(
                '<p class="ok"><strong>No critical behavioral issues</strong> — '
                f"{esc(NO_CRITICAL)}</p>"
            )
    security = security_findings(report)
    if security:
        lines.append(
            f'<p class="critical"><strong>Security:</strong> {len(security)} finding(s) in '
            "model-visible text — review before trusting this server</p>"
        )
    if not report.complete:
        lines.append(
            f'<p class="critical"><strong>Incomplete recording:</strong> '
            f"{esc(report.incomplete or 'cut short')}</p>"
        )
    return lines


def _dimensions(report: Report) -> list[str]:
    chart = [(dim.label, None if dim.not_measured else dim.score) for dim in report.dimensions]
    rows = [
        "<h2>Dimensions</h2>",
        bar_chart(chart, 10, "Dimension scores out of 10"),
        "<table>",
        "<tr><th>Dimension</th><th>Score</th><th>Why</th></tr>",
    ]
    for dim in report.dimensions:
        score = "not measured" if dim.not_measured else f"{short_number(dim.score)} / 10"
        if dim.judged is not None:
            score += f" ({dim.judged} judged)"
        reasons = "<br>".join(esc(reason.strip()) for reason in dim.reasons)
        rows.append(f"<tr><td>{esc(dim.label)}</td><td>{score}</td><td>{reasons}</td></tr>")
    rows.append("</table>")
    return rows


def _findings(report: Report) -> list[str]:
    if not report.findings:
        return ["<h2>Findings</h2>", "<p>No lint findings — every check passes.</p>"]
    counts = severity_counts(report.findings)
    rows = [
        "<h2>Findings</h2>",
        f"<p>{len(report.findings)} finding(s): {counts['error']} error, "
        f"{counts['warning']} warning, {counts['info']} info</p>",
        "<details open><summary>All findings</summary>",
        "<table>",
        "<tr><th>Severity</th><th>Code</th><th>Where</th><th>Message</th></tr>",
    ]
    for f in sorted_findings(report.findings):
        rows.append(
            f'<tr><td class="{f.severity}">{f.severity}</td><td>{_rule_link(f.code)}</td>'
            f"<td><code>{esc(f.where)}</code></td><td>{esc(f.message)}</td></tr>"
        )
    rows += ["</table>", "</details>"]
    return rows


def _fuzz(report: Report) -> list[str]:
    if not report.fuzz:
        return [
            "<h2>Fuzz table</h2>",
            "<p>No fuzz cases ran. Record with <code>--fuzz</code> to evaluate Error Handling "
            "and Liveness.</p>",
        ]
    rows = [
        "<h2>Fuzz table</h2>",
        f"<details><summary>{len(report.fuzz)} recorded call(s)</summary>",
        "<table>",
        "<tr><th>Tool</th><th>Case</th><th>Outcome</th><th>Silent</th><th>Latency (ms)</th>"
        "<th>Notes</th></tr>",
    ]
    for row in report.fuzz:
        latency = "" if row.latency_ms is None else f"≤{row.latency_ms}"
        rows.append(
            f"<tr><td><code>{esc(row.tool)}</code></td><td><code>{esc(row.case)}</code></td>"
            f"<td>{esc(row.outcome)}</td><td>{'yes' if row.silent else 'no'}</td>"
            f"<td>{latency}</td><td>{esc(fuzz_note(row))}</td></tr>"
        )
    rows += ["</table>", "</details>"]
    return rows


def _rule_link(code: str) -> str:
    return f'<a href="{esc(rule_doc_url(code))}"><code>{esc(code)}</code></a>'


def _side_effects(report: Report) -> list[str]:
    """What the recorded calls changed in the jail's copy of the working directory."""
    if not report.side_effects:
        return []
    rows = [
        "<h2>Side effects observed</h2>",
        f"<p>{len(report.side_effects)} file change(s) in the jail's copy of the working "
        "directory (paths and sizes, never contents).</p>",
        "<table>",
        "<tr><th>Tool</th><th>Case</th><th>Change</th><th>Path</th><th>Size (bytes)</th></tr>",
    ]
    for effect in report.side_effects:
        size = "" if effect.size is None else str(effect.size)
        rows.append(
            f"<tr><td><code>{esc(effect.tool)}</code></td><td><code>{esc(effect.case)}</code>"
            f'</td><td class="warning">{esc(effect.change)}</td><td><code>{esc(effect.path)}'
            f"</code></td><td>{size}</td></tr>"
        )
    rows.append("</table>")
    return rows


def _fixes(report: Report) -> list[str]:
    groups = fix_groups(report.findings)
    if not groups:
        return ["<h2>Recommended fixes</h2>", f"<p>{esc(NOTHING_TO_FIX)}</p>"]
    items = [
        f'<li><strong class="{g.severity}">{g.severity}</strong> {esc(g.hint)} '
        f'<span class="muted">({_rule_link(g.code)}: '
        f"{esc(', '.join(affected_list(g.affected)))})</span></li>"
        for g in groups
    ]
    return ["<h2>Recommended fixes</h2>", "<ol>", *items, "</ol>"]


def _second_opinion(report: Report) -> list[str]:
    health = report.health
    pub = report.publishability
    lines = [
        "<hr>",
        "<h2>Second opinion: mcp-probe health and publishability</h2>",
        '<p class="muted">A separate scale from the overall score above.</p>',
    ]
    if health.measured:
        lines.append(
            "<ul>"
            f"<li>Tools callable: {health.tools_callable}/{health.tools_exercised} called "
            f"({health.tools_total} listed)</li>"
            f"<li>Resources readable: {health.resources_readable}/{health.resources_read} read "
            f"({health.resources_total} listed)</li>"
            f"<li>Prompts gettable: {health.prompts_gettable}/{health.prompts_got} got "
            f"({health.prompts_total} listed)</li></ul>"
        )
    else:
        lines.append("<p>Health not measured (record with <code>--fuzz</code>).</p>")
    lines.append(
        f"<h3>Publishability: {pub.composite} / 100 ({esc(pub.band)}, {pub.grade})</h3>"
        f"<p>Protocol {pub.protocol} · Edge cases {pub.edge} · Publishability "
        f"{pub.publishability}</p>"
    )
    items = [
        f"<li>{c.verdict} <code>{esc(c.check)}</code> — {esc(c.message)}</li>" for c in pub.checks
    ]
    items += [f"<li>Cap applied: {esc(r)} (≤ {c})</li>" for r, c in pub.caps]
    items += [f"<li>Note: {esc(n)}</li>" for n in pub.notes]
    lines.append("<ul>" + "".join(items) + "</ul>")
    return lines
