"""The HTML report's pictures, rule links and side effects (issue 25, item 11)."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from mcpvcr import store
from mcpvcr.report import common
from mcpvcr.report.html_report import render_html
from mcpvcr.score import score
from tests.builders import call, cassette, tool

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "cassettes" / "demo_target.mcpvcr"


def _demo_page() -> tuple[str, object]:
    report = score(store.load(DEMO))
    return render_html(report), report


def test_gauge_shows_the_score_and_grade() -> None:
    page, report = _demo_page()
    assert report.overall == 72 and report.grade == "C"  # type: ignore[attr-defined]
    gauge = re.search(r'<svg class="gauge".*?</svg>', page, re.S)
    assert gauge and 'aria-label="Score 72 of 100, grade C"' in gauge.group()
    filled, length = map(float, re.findall(r'stroke-dasharray="([\d.]+) ([\d.]+)"', page)[0])
    assert length == pytest.approx(math.pi * 80, abs=0.1)
    assert filled / length == pytest.approx(0.72, abs=0.01)


def test_dimension_chart_has_one_bar_per_dimension() -> None:
    page, report = _demo_page()
    chart = re.search(r'<svg class="bars".*?</svg>', page, re.S)
    assert chart
    for dim in report.dimensions:  # type: ignore[attr-defined]
        assert f">{dim.label.replace('&', '&amp;')}</text>" in chart.group()
        assert f"{dim.score:g} / 10" in chart.group()


def test_an_unmeasured_dimension_is_drawn_as_not_measured() -> None:
    page = render_html(score(cassette(tools=[tool(name="a")])))  # contract only: no fuzz pass
    chart = re.search(r'<svg class="bars".*?</svg>', page, re.S)
    assert chart and chart.group().count("not measured") == 2  # error handling, liveness


def test_page_stays_self_contained_under_its_csp() -> None:
    page, _ = _demo_page()
    assert "default-src 'none'; style-src 'unsafe-inline'" in page
    assert "<script" not in page.lower() and "@import" not in page
    assert not re.search(r"""\bsrc\s*=""", page)
    hrefs = re.findall(r'href="([^"]*)"', page)
    assert hrefs and all(not re.match(r"[a-z]+:|//", href) for href in hrefs)


def test_every_finding_links_to_its_rule_page() -> None:
    page, report = _demo_page()
    for finding in report.findings:  # type: ignore[attr-defined]
        assert f'<a href="docs/rules/{finding.code}.md"><code>{finding.code}</code></a>' in page
    assert common.rule_doc_url("security.hidden_instructions") == (
        "docs/rules/security.hidden_instructions.md"
    )


def test_the_rule_page_base_is_one_constant(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "RULE_DOCS_BASE", "../rules/")
    page, _ = _demo_page()
    assert 'href="../rules/tool.missing_description.md"' in page
    assert 'href="docs/rules/' not in page


def _with_effects(path: str) -> object:
    effects = {"created": [{"path": path, "size": 12}], "deleted": [{"path": "old.txt"}]}
    jailed = call(target="writer")
    jailed["sideEffects"] = effects
    return score(cassette(tools=[tool(name="writer")], fuzz=True, interactions=[jailed]))


def test_side_effects_the_jail_observed_are_listed() -> None:
    page = render_html(_with_effects("notes/<b>new</b>.txt"))  # type: ignore[arg-type]
    section = page.split("<h2>Side effects observed</h2>", 1)[1].split("<h2>", 1)[0]
    assert "2 file change(s)" in section
    assert "<code>notes/&lt;b&gt;new&lt;/b&gt;.txt</code>" in section and "<b>new" not in section
    assert ">created<" in section and ">deleted<" in section and "<td>12</td>" in section


def test_no_side_effects_section_without_observations() -> None:
    """Mirror: a cassette without `sideEffects` (no jail) shows no such section."""
    page, report = _demo_page()
    assert report.side_effects == ()  # type: ignore[attr-defined]
    assert "Side effects observed" not in page
