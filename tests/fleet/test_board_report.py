"""The leaderboard page: versions, highlighted failures, links to reports, a histogram
(issue 25, item 11). Sorting and the CSP are kept."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path
from typing import Any

from mcpvcr.fleet import board, board_render
from mcpvcr.fleet.index import read_index, write_index
from tests.fleet.test_board import DEMO, EVERYTHING, HOSTILE, fleet_dir, mcpvcr


def _config_fleet(path: Path) -> str:
    """A fleet recorded from a host config: its index names no versions."""
    directory = fleet_dir(path, {"demo": DEMO, "everything": EVERYTHING, "down": "failed"})
    header, entries = read_index(Path(directory))
    for entry in entries.values():
        entry["version"] = ""
    write_index(Path(directory), header, entries.values())
    return directory


def _page(tmp_path: Path, links: dict[str, str] | None = None) -> tuple[str, list[dict[str, Any]]]:
    table = board.rows(board.merge([_config_fleet(tmp_path / "a")]))
    return board_render.render(table, board.totals(table), [], "html", links), table


def _row(page: str, name: str) -> str:
    found = re.search(rf'<tr[^>]*><td[^>]*>\d+</td><td data-v="{name}">.*?</tr>', page)
    assert found, name
    return found.group()


def test_version_comes_from_the_server_when_the_index_has_none(tmp_path: Path) -> None:
    _, table = _page(tmp_path)
    versions = {row["name"]: row["version"] for row in table}
    assert versions == {"everything": "2.0.0", "demo": "0.1.0", "down": ""}


def test_failed_rows_are_highlighted_and_recorded_rows_are_not(tmp_path: Path) -> None:
    page, _ = _page(tmp_path)
    assert _row(page, "down").startswith('<tr class="failed">')
    assert _row(page, "demo").startswith("<tr>")
    assert "tr.failed td{background" in page


def test_grade_histogram_counts_every_server(tmp_path: Path) -> None:
    page, table = _page(tmp_path)
    assert board_render.grade_counts(table) == [
        ("A", 1),
        ("B", 0),
        ("C", 1),
        ("D", 0),
        ("F", 0),
        ("none", 1),
    ]
    svg = re.search(r'<svg class="histogram".*?</svg>', page, re.S)
    assert svg and 'aria-label="Servers per grade: A 1, B 0, C 1, D 0, F 0, none 1"' in svg.group()


def test_sorting_script_is_kept_and_allowed_by_hash(tmp_path: Path) -> None:
    page, _ = _page(tmp_path, {"demo": "board-servers/demo.html"})
    script = re.search(r"<script>(.*?)</script>", page, re.S)
    assert script and page.count("<script>") == 1
    digest = base64.b64encode(hashlib.sha256(script.group(1).encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in page
    assert "th.addEventListener('click'" in script.group(1)


def test_names_link_only_to_the_reports_given(tmp_path: Path) -> None:
    page, _ = _page(tmp_path, {"demo": "board-servers/demo-1.html"})
    assert '<a href="board-servers/demo-1.html">demo</a>' in _row(page, "demo")
    assert "<a " not in _row(page, "everything")
    plain, _ = _page(tmp_path / "again")
    assert "<a " not in plain and "href" not in plain  # mirror: no reports, no links


def test_score_writes_each_servers_report_beside_the_board(tmp_path: Path) -> None:
    directory = fleet_dir(tmp_path / "fleet", {"demo": DEMO, HOSTILE: EVERYTHING, "x": "timeout"})
    out = tmp_path / "site" / "board.html"
    out.parent.mkdir()
    done = mcpvcr("score", directory, "--format", "html", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert "(+ 2 server report(s) beside it)" in done.stderr
    page = out.read_text()
    hrefs = re.findall(r'href="([^"]*)"', page)
    assert len(hrefs) == 2
    for href in hrefs:
        assert not re.match(r"[a-z]+:|/|\.\.", href)
        target = out.parent / href.replace("%20", " ")
        assert target.is_file() and target.parent.name == "board-servers"
        report = target.read_text()
        assert report.startswith("<!DOCTYPE html>") and '<svg class="gauge"' in report
    assert "<script>alert" not in page and "&lt;script&gt;alert" in page


def test_markdown_and_json_boards_write_no_reports(tmp_path: Path) -> None:
    """Mirror: only the HTML board gets reports beside it."""
    directory = fleet_dir(tmp_path / "fleet", {"demo": DEMO})
    out = tmp_path / "board.md"
    done = mcpvcr("score", directory, "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "board-servers").exists() and "beside" not in done.stderr
