"""Make untrusted text (names, descriptions, error messages) inert in each output format.

A server controls its name, tool names, descriptions and error texts, and a
cassette from a pull request controls all of it. A report is read by people
and often by a model, so none of that text may inject Markdown, HTML, terminal
control sequences or CI workflow commands. One function per output kind, used
by every renderer:

- terminal text: `mcpvcr.terminal.printable` / `one_line`
- Markdown: `md_text` (inline text) and `md_code` (code spans)
- HTML: `html_text`
- CI workflow commands: `ci_value` (a command's message or property)
"""

from __future__ import annotations

import html
import re

from mcpvcr.terminal import one_line, printable

__all__ = ["ci_value", "html_text", "md_code", "md_text", "one_line", "printable", "truncate"]

_MD_SPECIAL = re.compile(r"([\\`*_\[\]|~])")
_MD_BLOCK_START = re.compile(r"^(#{1,6}(?=\s|$)|[-+](?=\s|$)|=+$|\d{1,9}[.)](?=\s|$))")
"""What makes a heading, quote, list or setext underline when it starts a line."""


def truncate(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def md_text(text: str) -> str:
    """Untrusted text as inert inline Markdown (also safe inside a table cell, and at
    the start of a line): no emphasis, link, image, raw HTML, comment, heading or
    @mention can come out of it."""
    escaped = html.escape(one_line(text), quote=False)
    escaped = _MD_SPECIAL.sub(r"\\\1", escaped)
    # No notification for @user or @org/team: GitHub decodes `&#64;` back into a mention,
    # but not an @ followed by a zero-width joiner (invisible when read).
    escaped = escaped.replace("@", "@\u200d")
    return _MD_BLOCK_START.sub(lambda m: "\\" + m.group(1), escaped)


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


def ci_value(text: str, *, prop: bool = False) -> str:
    """Untrusted text as a GitHub workflow command's message (or property value).

    Percent-encoding the line breaks keeps it one command: the runner decodes
    them for display only, so no text can start a second command."""
    text = printable(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text
