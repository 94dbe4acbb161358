"""Inline SVG pictures for the HTML pages: the score gauge, bar charts, the grade histogram.

Markup only (no script, no `href`, nothing fetched), so the pages' Content-Security-Policy
(`default-src 'none'`) holds. Every label is escaped as HTML character data.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from mcpvcr.report.escape import html_text as esc

GRADE_COLORS: Final = {
    "A": "#22863a",
    "B": "#4b7d0a",
    "C": "#9a7b00",
    "D": "#b35c00",
    "F": "#b31d28",
}
MUTED: Final = "#959da5"
TRACK: Final = "#e1e4e8"


def grade_color(grade: str | None) -> str:
    return GRADE_COLORS.get(grade or "", MUTED)


def score_gauge(score: int, grade: str) -> str:
    """A half-ring filled to `score` of 100, the number and the grade in its middle."""
    radius = 80
    length = math.pi * radius
    filled = length * max(0, min(100, score)) / 100
    color = grade_color(grade)
    arc = f"M20,100 A{radius},{radius} 0 0 1 180,100"
    return (
        f'<svg class="gauge" viewBox="0 0 200 122" width="200" height="122" role="img" '
        f'aria-label="Score {score} of 100, grade {esc(grade)}">'
        f'<path d="{arc}" fill="none" stroke="{TRACK}" stroke-width="16" '
        'stroke-linecap="round"/>'
        f'<path d="{arc}" fill="none" stroke="{color}" stroke-width="16" '
        f'stroke-linecap="round" stroke-dasharray="{filled:.1f} {length:.1f}"/>'
        f'<text x="100" y="90" text-anchor="middle" font-size="36" font-weight="700" '
        f'fill="#1b1f23">{score}</text>'
        f'<text x="100" y="116" text-anchor="middle" font-size="16" font-weight="600" '
        f'fill="{color}">Grade {esc(grade)}</text></svg>'
    )


def bar_chart(rows: Sequence[tuple[str, float | None]], maximum: float, label: str) -> str:
    """Horizontal bars, one per (label, value); a value of None is drawn as "not measured"."""
    label_width, bar_width, row_height = 240, 320, 28
    height = row_height * len(rows) + 8
    parts = [
        (
            f'<svg class="bars" viewBox="0 0 {label_width + bar_width + 70} {height}" '
            f'width="{label_width + bar_width + 70}" height="{height}" role="img" '
            f'aria-label="{esc(label)}">'
        )
    ]
    for index, (name, value) in enumerate(rows):
        y = 4 + index * row_height
        parts.append(
            f'<text x="{label_width - 8}" y="{y + 18}" text-anchor="end" font-size="14" '
            f'fill="#1b1f23">{esc(name)}</text>'
            f'<rect x="{label_width}" y="{y + 4}" width="{bar_width}" height="18" rx="3" '
            f'fill="{TRACK}"/>'
        )
        if value is None:
            parts.append(
                f'<text x="{label_width + 8}" y="{y + 18}" font-size="13" font-style="italic" '
                f'fill="#586069">not measured</text>'
            )
            continue
        share = max(0.0, min(1.0, value / maximum)) if maximum else 0.0
        color = _share_color(share)
        parts.append(
            f'<rect x="{label_width}" y="{y + 4}" width="{bar_width * share:.1f}" height="18" '
            f'rx="3" fill="{color}"/>'
            f'<text x="{label_width + bar_width + 8}" y="{y + 18}" font-size="14" '
            f'fill="#1b1f23">{value:g} / {maximum:g}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def histogram(bars: Sequence[tuple[str, int]], label: str) -> str:
    """Vertical bars, one per (grade, count), coloured by grade; the count above each bar."""
    bar, gap, plot = 44, 14, 110
    width = len(bars) * (bar + gap) + gap
    top = max((count for _, count in bars), default=0) or 1
    parts = [
        (
            f'<svg class="histogram" viewBox="0 0 {width} {plot + 44}" width="{width}" '
            f'height="{plot + 44}" role="img" aria-label="{esc(label)}">'
        )
    ]
    for index, (name, count) in enumerate(bars):
        x = gap + index * (bar + gap)
        height = plot * count / top
        y = 18 + plot - height
        parts.append(
            f'<rect x="{x}" y="{y:.1f}" width="{bar}" height="{height:.1f}" rx="3" '
            f'fill="{grade_color(name)}"/>'
            f'<text x="{x + bar / 2:g}" y="{y - 4:.1f}" text-anchor="middle" font-size="13" '
            f'fill="#1b1f23">{count}</text>'
            f'<text x="{x + bar / 2:g}" y="{plot + 38}" text-anchor="middle" font-size="14" '
            f'font-weight="600" fill="#1b1f23">{esc(name)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _share_color(share: float) -> str:
    if share >= 0.9:
        return GRADE_COLORS["A"]
    if share >= 0.7:
        return GRADE_COLORS["C"]
    if share >= 0.5:
        return GRADE_COLORS["D"]
    return GRADE_COLORS["F"]
