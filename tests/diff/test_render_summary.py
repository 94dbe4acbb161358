"""What a reviewer reads: honest gate headlines and summarised large diffs (issue 25, 2 and 6)."""

from __future__ import annotations

import re
from typing import Any

from mcpvcr.diff import Changes, diff
from mcpvcr.diff.model import make
from mcpvcr.diff.render import (
    FIRST_PER_KIND,
    SUMMARY_AT,
    Verdict,
    render_markdown,
    render_text,
)
from tests.diff.helpers import cassette, tool

GITHUB_COMMENT_LIMIT = 65_536


def _behaviour_changes(count: int) -> Changes:
    changes = tuple(
        make(
            "behaviour.answer.changed",
            f"/behaviour/echo/case{i}/content/0/text",
            "The recorded answer changed.",
            old="a",
            new="b",
        )
        for i in range(count)
    )
    return Changes(changes=changes, old_label="old.mcpvcr", new_label="new.mcpvcr")


def _headline(markdown: str) -> str:
    return markdown.splitlines()[2]


def test_failed_gate_with_behaviour_changes_is_not_called_backward_compatible() -> None:
    failed = Verdict(failed=True, reasons=("1 behaviour change(s) (fail-on: behaviour)",))
    headline = _headline(render_markdown(_behaviour_changes(1), failed))
    assert headline.startswith("❌ **Gate failed.**")
    assert "Backward-compatible" not in headline
    assert "1 behaviour change(s)" in headline


def test_failed_gate_on_score_alone_is_not_called_backward_compatible() -> None:
    old, new = cassette(tools=[tool("a")]), cassette(tools=[tool("a"), tool("b")])
    changes = diff(old, new)
    assert changes.counts()["additive"] and not changes.counts()["breaking"]
    failed = Verdict(failed=True, reasons=("score 40 is below --min-score 90",))
    text = render_markdown(changes, failed)
    assert "Backward-compatible" not in _headline(text)
    assert "gate failed on the checks below" in _headline(text)
    assert "score 40 is below --min-score 90" in text


def test_passing_additive_diff_is_still_backward_compatible() -> None:
    """Mirror: the reassuring sentence stays where it is true."""
    changes = diff(cassette(tools=[tool("a")]), cassette(tools=[tool("a"), tool("b")]))
    for verdict in (None, Verdict(failed=False)):
        assert "Backward-compatible" in _headline(render_markdown(changes, verdict))


def _resources(count: int) -> list[dict[str, Any]]:
    return [
        {
            "uri": f"file:///data/reports/quarterly/{i:04d}-" + "x" * 40 + ".json",
            "name": f"report-{i}",
            "description": "A quarterly report with a long enough description to matter. " * 3,
            "mimeType": "application/json",
        }
        for i in range(count)
    ]


def test_hundred_removed_resources_are_summarised() -> None:
    changes = diff(cassette(resources=_resources(120)), cassette(resources=[]))
    assert changes.counts()["breaking"] == 120
    text = render_text(changes)
    assert "resource.removed: 120" in text
    assert text.count("  * ") == FIRST_PER_KIND
    assert f"... {120 - FIRST_PER_KIND} more resource.removed" in text
    assert "--format json" in text
    assert len(text.splitlines()) < 40
    markdown = render_markdown(changes, Verdict(failed=True, reasons=("breaking",)))
    assert "| Breaking | `resource.removed` | 120 |" in markdown
    assert f"<details><summary>{120 - FIRST_PER_KIND} more resource.removed</summary>" in markdown
    assert markdown.count("<details>") == markdown.count("</details>")
    assert len(markdown) < 20_000


def test_small_diffs_are_listed_in_full() -> None:
    """Mirror: under the threshold every change is listed, nothing collapsed or counted."""
    changes = diff(cassette(resources=_resources(SUMMARY_AT)), cassette(resources=[]))
    text = render_text(changes)
    assert text.count("  * ") == SUMMARY_AT
    assert "more resource.removed" not in text
    assert "| Kind |" not in render_markdown(changes)


def test_pathological_diff_stays_under_githubs_comment_limit() -> None:
    kinds = [
        ("behaviour.answer.changed", "/behaviour/{n}/case/x"),
        ("resource.removed", "/resources/{n}"),
        ("tool.added", "/tools/{n}"),
        ("tool.description.changed", "/tools/{n}/description"),
        ("input.type.narrowed", "/tools/{n}/inputSchema/properties/p/type"),
    ]
    long = "ž" * 300
    changes = [
        make(rule, where.format(n=f"{long}{i}"), f"Message {i} " + long, old=long, new=long + "!")
        for i in range(1_000)
        for rule, where in kinds
    ]
    assert len(changes) == 5_000
    big = Changes(changes=tuple(changes), old_label="old", new_label="new")
    markdown = render_markdown(big, Verdict(failed=True, reasons=("x",) * 3))
    assert len(markdown) < GITHUB_COMMENT_LIMIT
    assert "truncated" not in markdown  # the summary fits by itself; the last-resort cut is unused
    assert markdown.count("<details>") == markdown.count("</details>")
    assert "not listed here: every change is in the JSON output" in markdown
    counted = {rule: int(n) for rule, n in re.findall(r"\| `([a-z_.]+)` \| (\d+) \|", markdown)}
    assert counted == {rule: 1_000 for rule, _ in kinds}
    text = render_text(big)
    assert len(text.splitlines()) < 120
