"""Make untrusted text (names, descriptions, error messages) inert in each output format.

A server controls its name, tool names, descriptions and error texts. A report
is read by people and often by a model, so none of that text may inject
Markdown, HTML or terminal control sequences (MCProbe's report embedded it raw;
anchors spec §9.1 item 14).
"""

from __future__ import annotations

import html
import re

from mcpvcr.terminal import printable

_MD_SPECIAL = re.compile(r"([\\`*_\[\]|~])")


def one_line(text: str) -> str:
    """Control characters neutralised and all whitespace collapsed to single spaces."""
    return " ".join(printable(text).split())


def truncate(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def md_text(text: str) -> str:
    """Untrusted text as inert inline Markdown (also safe inside a table cell)."""
    escaped = html.escape(one_line(text), quote=False)
    return _MD_SPECIAL.sub(r"\\\1", escaped)


def md_code(text: str, *, in_table: bool = False) -> str:
    """Untrusted text as a Markdown code span, whatever backticks it holds."""
    value = one_line(text)
    longest = max((len(run) for run in re.findall(r"`+", value)), default=0)
    fence = "`" * (longest + 1)
    if value.startswith("`") or value.endswith("`") or not value.strip():
        value = f" {value} "
    if in_table:
        value = value.replace("|", "\\|")
    return f"{fence}{value}{fence}"


def html_text(text: str) -> str:
    """Untrusted text as HTML character data (or a quoted attribute value)."""
    return html.escape(printable(text), quote=True)
