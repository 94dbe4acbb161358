"""What each golden report file should contain (written by `python -m tests.regen golden`).

Each golden is the report of a cassette built in code (`demo_cassette.py`, and
server-everything's real lists in tests/lint/data), rendered in every format.
`tests/report/test_golden.py` compares the renderers' output with these bytes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from mcpvcr.cassette import Cassette
from mcpvcr.lint import lint
from mcpvcr.report import render, render_findings
from mcpvcr.score import score

HERE = Path(__file__).parent
SOURCE = "cassettes/demo.mcpvcr"


def goldens() -> dict[str, Callable[[], str]]:
    """File name -> the function producing its expected content."""
    from tests.golden.demo_cassette import demo_cassette
    from tests.lint.test_security import everything_cassette

    def report(cassette: Callable[[], Cassette], fmt: str) -> Callable[[], str]:
        return lambda: render(score(cassette()), fmt, source=SOURCE)

    def static() -> Cassette:
        return demo_cassette(fuzzed=False)

    return {
        "demo.md": report(demo_cassette, "markdown"),
        "demo.json": report(demo_cassette, "json"),
        "demo.sarif": report(demo_cassette, "sarif"),
        "demo.html": report(demo_cassette, "html"),
        "demo.soft.json": report(demo_cassette, "soft"),
        "demo.lint.txt": lambda: render_findings(lint(demo_cassette()), "text", source=SOURCE),
        "demo-static.md": report(static, "markdown"),
        "everything-static.md": report(everything_cassette, "markdown"),
    }
