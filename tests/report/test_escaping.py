"""A server's own text cannot inject Markdown, HTML or terminal control into a report."""

from __future__ import annotations

import json
import re

from mcpvcr.report import render
from mcpvcr.report.escape import md_code, md_text
from mcpvcr.score import score
from tests.builders import call, cassette, tool, tool_error

EVIL_NAME = "x` <img src=x onerror=alert(1)> [click](http://evil.example) | **bold**\n# Heading"
EVIL_TEXT = "<script>alert(1)</script> ![](http://evil.example/pixel) \x1b[31mred\u202e"


def evil_report() -> object:
    return score(
        cassette(
            server_info={"name": EVIL_NAME, "version": "1.0 <b>"},
            instructions=EVIL_TEXT,
            tools=[tool(name=EVIL_NAME, description=EVIL_TEXT)],
            fuzz=True,
            interactions=[
                call(target=EVIL_NAME),
                call(
                    target=EVIL_NAME,
                    case="wrong_type:a|b",
                    outcome="toolError",
                    response=tool_error(EVIL_TEXT),
                ),
            ],
        )
    )


def outside_code_spans(markdown: str) -> str:
    """The Markdown text with code spans removed (their content is never rendered as markup)."""
    return re.sub(r"(`+)(?!`).*?(?<!`)\1(?!`)", "", markdown)


def test_markdown_has_no_live_markup_from_the_server() -> None:
    text = render(evil_report(), "markdown")  # type: ignore[arg-type]
    live = outside_code_spans(text)
    assert "<script>" not in live and "<img" not in live and "<b>" not in live
    assert "](http://evil.example" not in live.replace("\\](", "")
    assert "\x1b" not in text and "\u202e" not in text
    assert "\n# Heading" not in text
    for line in text.splitlines():
        if line.startswith("| `"):
            assert len(re.findall(r"(?<!\\)\|", line)) == 7  # a table row keeps its 6 cells


def test_md_helpers() -> None:
    assert md_text("a*b_c [x](y) <i>") == "a\\*b\\_c \\[x\\](y) &lt;i&gt;"
    assert md_code("has `tick`") == "`` has `tick` ``"
    assert md_code("a `b` c") == "``a `b` c``"
    assert md_code("`start") == "`` `start ``"
    assert md_code("a|b", in_table=True) == "`a\\|b`"


def test_html_escapes_everything_and_loads_nothing() -> None:
    text = render(evil_report(), "html")  # type: ignore[arg-type]
    assert "<script" not in text.lower()
    assert "<img" not in text and "onerror=alert" not in text.replace("onerror=alert(1)&gt;", "")
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text)
    assert "@import" not in text and "url(" not in text
    assert "&lt;script&gt;" in text
    assert "\x1b" not in text and "\u202e" not in text


def test_json_escapes_invisible_characters_but_round_trips() -> None:
    text = render(evil_report(), "json")  # type: ignore[arg-type]
    assert "\u202e" not in text and "\\u202e" in text
    assert json.loads(text)["server"]["instructions"] == EVIL_TEXT
