"""The leaderboard as Markdown, JSON or one self-contained, sortable HTML page.

Every string a server controls (its name, version, the failure reason, which
may quote its stderr) is escaped for the output: inert Markdown in table
cells, HTML character data. The HTML page loads nothing: its style and its
small sorting script are inline, and a Content-Security-Policy allows only
that script (by hash), so nothing a server wrote can run or fetch. It shows a
grade histogram (inline SVG), highlights the servers that were not recorded,
and links each server to its own HTML report when those were written beside it
(`links`: key -> a relative path).
"""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

from mcpvcr.fleet.summary import DIMENSIONS
from mcpvcr.report.escape import html_text, md_text, truncate
from mcpvcr.report.svg import GRADE_COLORS, histogram

FAILED_OUTCOMES = frozenset({"failed", "timeout", "incomplete", "unreadable"})
"""Rows the HTML page highlights: the server could not be recorded (or read) in full."""

HEADERS = (
    "#",
    "server",
    "version",
    "grade",
    "score",
    "metadata",
    "schema",
    "errors",
    "liveness",
    "security errors",
    "tools",
    "coverage",
    "time (s)",
    "outcome",
)


def render(
    table: list[dict[str, Any]],
    totals: dict[str, Any],
    warnings: list[str],
    fmt: str,
    links: dict[str, str] | None = None,
) -> str:
    if fmt == "json":
        data = {"format": 1, "servers": table, "summary": totals, "warnings": warnings}
        return json.dumps(data, sort_keys=True, indent=2) + "\n"
    if fmt == "html":
        return _html(table, totals, warnings, links or {})
    return _markdown(table, totals, warnings)


def _cells(rank: int, row: dict[str, Any]) -> list[str]:
    dims = row.get("dimensions") or {}
    coverage = row.get("coverage")
    return [
        str(rank),
        row["name"],
        row.get("version") or "",
        row.get("grade") or "",
        "" if row.get("score") is None else str(row["score"]),
        *("" if dims.get(key) is None else f"{dims[key]:g}" for key in DIMENSIONS),
        "" if row.get("securityErrors") is None else str(row["securityErrors"]),
        "" if row.get("tools") is None else str(row["tools"]),
        f"{coverage['fuzzed']}/{row.get('tools')} tools, {coverage['cases']} cases"
        if coverage
        else "",
        "" if row.get("seconds") is None else f"{row['seconds']:g}",
        _outcome(row),
    ]


def _outcome(row: dict[str, Any]) -> str:
    text = str(row["outcome"])
    if row.get("missing"):
        text += f" (missing: {', '.join(map(str, row['missing']))})"
    elif row.get("reason"):
        text += f": {truncate(str(row['reason']), 160)}"
    return text


def _summary_line(totals: dict[str, Any]) -> str:
    outcomes = ", ".join(f"{n} {name}" for name, n in totals["outcomes"].items()) or "none"
    mean = "-" if totals["meanScore"] is None else f"{totals['meanScore']:g}"
    return (
        f"{totals['servers']} servers: {outcomes}; mean score {mean}; "
        f"{totals['securityErrors']} security errors"
    )


def _markdown(table: list[dict[str, Any]], totals: dict[str, Any], warnings: list[str]) -> str:
    lines = ["# MCP fleet leaderboard", "", _summary_line(totals), ""]
    lines += [f"> warning: {md_text(w)}" for w in warnings]
    if warnings:
        lines.append("")
    lines += ["| " + " | ".join(HEADERS) + " |", "|" + "---|" * len(HEADERS)]
    for rank, row in enumerate(table, 1):
        cells = [md_text(cell) for cell in _cells(rank, row)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


_SCRIPT = """
document.querySelectorAll('th').forEach(function (th, col) {
  th.addEventListener('click', function () {
    var body = th.closest('table').tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var dir = th.dataset.dir === 'asc' ? -1 : 1;
    th.dataset.dir = dir === 1 ? 'asc' : 'desc';
    rows.sort(function (a, b) {
      var x = a.cells[col].dataset.v, y = b.cells[col].dataset.v;
      var nx = parseFloat(x), ny = parseFloat(y);
      if (!isNaN(nx) && !isNaN(ny)) return (nx - ny) * dir;
      if (x === '' && y !== '') return 1;
      if (y === '' && x !== '') return -1;
      return x.localeCompare(y) * dir;
    });
    rows.forEach(function (r) { body.appendChild(r); });
  });
});
"""
_STYLE = """
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;font-size:14px}
th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f3f3f3;cursor:pointer;user-select:none}
td.n{text-align:right;font-variant-numeric:tabular-nums}
tr.failed td{background:#fff0f0}tr.failed td:last-child{color:#b00020;font-weight:600}
tr.skipped td{color:#777}
.legend{color:#555;font-size:13px}
.g-A{color:#0a7d28}.g-B{color:#4b7d0a}.g-C{color:#9a7b00}.g-D{color:#b35c00}.g-F{color:#b00020}
.warn{color:#b35c00}
"""


def _html(
    table: list[dict[str, Any]],
    totals: dict[str, Any],
    warnings: list[str],
    links: dict[str, str],
) -> str:
    digest = base64.b64encode(hashlib.sha256(_SCRIPT.encode()).digest()).decode()
    csp = f"default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-{digest}'"
    head = "".join(f"<th>{html_text(h)}</th>" for h in HEADERS)
    body = []
    numeric = {0, 4, 5, 6, 7, 8, 9, 10, 12}
    for rank, row in enumerate(table, 1):
        cells = []
        for col, cell in enumerate(_cells(rank, row)):
            css = ' class="n"' if col in numeric else ""
            if col == 3 and cell:
                css = f' class="g-{html_text(cell)}"'
            shown = html_text(cell)
            link = links.get(str(row.get("key", row["name"])))
            if col == 1 and link:
                shown = f'<a href="{html_text(link)}">{shown}</a>'
            cells.append(f'<td{css} data-v="{html_text(cell)}">{shown}</td>')
        body.append(f"<tr{_row_class(row)}>" + "".join(cells) + "</tr>")
    notes = "".join(f'<p class="warn">warning: {html_text(w)}</p>' for w in warnings)
    legend = (
        '<p class="legend">Highlighted rows: not recorded in full (failed, timed out, '
        "incomplete or unreadable). Click a column to sort"
        + ("; a server's name opens its own report." if links else ".")
        + "</p>"
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">'
        f"<title>MCP fleet leaderboard</title><style>{_STYLE}</style></head><body>"
        f"<h1>MCP fleet leaderboard</h1><p>{html_text(_summary_line(totals))}</p>{notes}"
        f"<h2>Grades</h2>{_grade_histogram(table)}{legend}"
        f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
        f"<script>{_SCRIPT}</script></body></html>\n"
    )


def _row_class(row: dict[str, Any]) -> str:
    if row["outcome"] in FAILED_OUTCOMES:
        return ' class="failed"'
    return ' class="skipped"' if row["outcome"] == "skipped" else ""


def grade_counts(table: list[dict[str, Any]]) -> list[tuple[str, int]]:
    """How many servers got each grade, A to F, then "none" (not scored)."""
    counts = dict.fromkeys([*GRADE_COLORS, "none"], 0)
    for row in table:
        grade = row.get("grade")
        counts[grade if grade in GRADE_COLORS else "none"] += 1
    return list(counts.items())


def _grade_histogram(table: list[dict[str, Any]]) -> str:
    counts = grade_counts(table)
    label = "Servers per grade: " + ", ".join(f"{grade} {n}" for grade, n in counts)
    return histogram(counts, label)
