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
from typing import IO

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
