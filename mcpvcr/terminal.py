"""What reaches a terminal: colour policy and neutralised control characters.

Strings in cassettes and server answers are untrusted. They may carry ANSI
escape sequences or bidi overrides meant to rewrite what a reviewer sees, or a
line a CI runner would execute (`::add-mask::` at a line start, `##[error]` or
`##vso[...]` anywhere in a line), so
everything printed for humans goes through `printable` (or `one_line`): the one
escaping point for terminal text.
"""

from __future__ import annotations

import os
import re
import unicodedata
from typing import IO

DEFAULT_COLUMNS = 80
"""The width assumed when a terminal does not say its own."""

_CONTROL = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]"
    "|[\U000e0000-\U000e007f]"
)


_CI_COMMAND = re.compile(r"^([ \t]*)(::)", re.MULTILINE)
"""A line GitHub Actions would read as a workflow command (`::cmd::` at a line start)."""
_CI_ANYWHERE = re.compile(r"#(?=#(?:\[|vso\[))", re.IGNORECASE)
"""The first `#` of `##[cmd]` (GitHub) or `##vso[cmd]` (Azure Pipelines): runners act on
these anywhere in a log line, not only at its start."""


def printable(text: str) -> str:
    """Replace control, invisible and bidi characters (not tab or newline) with escapes,
    and defuse workflow commands: `::` at the start of any line, `##[` and `##vso[`
    anywhere."""
    text = _CI_COMMAND.sub(_defuse, _CONTROL.sub(_escape, text))
    return _CI_ANYWHERE.sub(r"\\x23", text)


def one_line(text: str) -> str:
    """Untrusted text on one terminal line: whitespace runs (newlines too) collapsed, escaped."""
    return printable(" ".join(text.split()))


def _defuse(match: re.Match[str]) -> str:
    marker = match.group(2)
    return match.group(1) + f"\\x{ord(marker[0]):02x}" + marker[1:]


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{{{code:x}}}"


def json_safe(text: str) -> str:
    """Escape the same characters as JSON \\uXXXX escapes, so JSON output stays valid;
    `##[` and `##vso[` (which a CI runner acts on anywhere in a line) get `#` as \\u0023,
    which only a JSON string can hold, so the decoded value is unchanged."""
    return _CI_ANYWHERE.sub(r"\\u0023", _CONTROL.sub(_json_escape, text))


def _json_escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def use_color(stream: IO[str]) -> bool:
    """Colour only on a terminal, never with NO_COLOR set; FORCE_COLOR forces it."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def columns(stream: IO[str]) -> int:
    """The width of the terminal `stream` writes to (then `$COLUMNS`, then 80)."""
    try:
        width = os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):
        width = 0
    if width <= 0:
        try:
            width = int(os.environ.get("COLUMNS", ""))
        except ValueError:
            width = 0
    return width if width > 0 else DEFAULT_COLUMNS


def char_width(char: str) -> int:
    """Cells one character takes: 2 for wide East Asian characters, 0 for combining marks."""
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def width(text: str) -> int:
    """Cells `text` takes on a terminal (printable text: no control characters)."""
    return sum(char_width(char) for char in text)


def elide(text: str, cells: int) -> str:
    """`text` in at most `cells` cells: the middle replaced by `…`, its start and end kept."""
    if width(text) <= cells:
        return text
    if cells <= 1:
        return "…"[:cells]
    head_cells = (cells - 1) // 2
    tail_cells = cells - 1 - head_cells
    head, used = "", 0
    for char in text:
        if used + char_width(char) > head_cells:
            break
        head, used = head + char, used + char_width(char)
    tail, used = "", 0
    for char in reversed(text):
        if used + char_width(char) > tail_cells:
            break
        tail, used = char + tail, used + char_width(char)
    return head + "…" + tail


def clip(text: str, cells: int) -> str:
    """`text` cut to at most `cells` cells, ending in `…` when cut."""
    if width(text) <= cells:
        return text
    kept, used = "", 0
    for char in text:
        if used + char_width(char) > cells - 1:
            break
        kept, used = kept + char, used + char_width(char)
    return kept + "…"
