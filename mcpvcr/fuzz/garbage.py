"""Successes that carry nothing a caller can use: NaN, Infinity, null, "undefined", an error.

A tool that answers `{"result": null}` to `divide(1, 0)` or the text "Error:
something broke" without `isError` reports success where there is none; a
client (or a model) takes it at face value. Checked on every `ok`
tools/call answer:

- (an empty `content` list is flagged `emptySuccess` by classify.py;)
- every text part, stripped, is one of NaN, Infinity, -Infinity, null,
  undefined, None (any case), or a JSON object/array whose every leaf value is
  one of those (`{"result": null}`);
- or the first text part is only an error message: it starts with `Error:`,
  `Exception:`, `Traceback (most recent call last)`, `<Name>Error:` or
  `Uncaught`, and is short (under 500 characters; a long answer that mentions
  an error is a real answer), unless the arguments asked for one (a string
  argument that says error, exception or fail: a tool that shows sample
  messages answers `messageType: "error"` with an error text on purpose).

`structuredContent` that is an object is judged the same way (all leaves junk).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Final

_JUNK_WORDS: Final = frozenset(
    {"nan", "infinity", "-infinity", "+infinity", "null", "undefined", "none"}
)
_ERROR_TEXT: Final = re.compile(
    r"^(?:traceback \(most recent call last\):"
    r"|(?:error|exception|fatal|uncaught|[A-Z][A-Za-z]*(?:Error|Exception))\b\s*[:!(])",
    re.IGNORECASE,
)
_MAX_ERROR_TEXT: Final = 500


def is_garbage(result: Mapping[str, Any], asked: Any = None) -> bool:
    """Whether a successful tools/call result holds only junk values or an error message.

    `asked`: the arguments sent, to tell a requested error text from a disguised failure.
    """
    structured = result.get("structuredContent")
    if isinstance(structured, dict) and structured:
        return _all_junk(structured)
    content = result.get("content")
    if not isinstance(content, list):
        return False
    texts = [
        part.get("text")
        for part in content
        if isinstance(part, Mapping) and part.get("type") == "text"
    ]
    if not texts or len(texts) != len(content):
        return False  # an image, audio or resource part is real content
    strings = [t.strip() for t in texts if isinstance(t, str)]
    if not strings or not any(strings):
        return False  # blank text is emptySuccess, not garbage
    if all(_junk_text(t) for t in strings if t):
        return True
    first = strings[0]
    if len(first) >= _MAX_ERROR_TEXT or not _ERROR_TEXT.match(first):
        return False
    return not _asks_for_error(asked)


_ASKED_ERROR: Final = re.compile(r"error|exception|fail", re.IGNORECASE)


def _asks_for_error(value: Any, depth: int = 0) -> bool:
    if depth > 10:
        return False
    if isinstance(value, str):
        return bool(_ASKED_ERROR.search(value))
    if isinstance(value, dict):
        return any(_asks_for_error(v, depth + 1) for v in value.values())
    if isinstance(value, list):
        return any(_asks_for_error(v, depth + 1) for v in value)
    return False


def _junk_text(text: str) -> bool:
    if text.lower() in _JUNK_WORDS:
        return True
    if text[:1] in "{[":
        try:
            value = json.loads(text, parse_constant=lambda _name: None)
        except ValueError:
            return False
        return isinstance(value, dict | list) and bool(value) and _all_junk(value)
    return False


def _all_junk(value: Any, depth: int = 0) -> bool:
    if depth > 20:
        return False
    if isinstance(value, dict):
        return bool(value) and all(_all_junk(v, depth + 1) for v in value.values())
    if isinstance(value, list):
        return bool(value) and all(_all_junk(v, depth + 1) for v in value)
    if value is None:
        return True
    if isinstance(value, float):
        return value != value or value in (float("inf"), float("-inf"))
    return isinstance(value, str) and value.strip().lower() in _JUNK_WORDS
