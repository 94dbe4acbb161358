"""Successes that carry nothing a caller can use: NaN, Infinity, null, "undefined", an error.

A tool that answers `{"result": null}` to `divide(1, 0)` or the text "Error:
something broke" without `isError` reports success where there is none; a
client (or a model) takes it at face value. Checked on every `ok`
tools/call answer, in two kinds:

Junk (`junk_answer`): every text part, stripped, is one of NaN, Infinity,
-Infinity, null, undefined, None (any case), or a JSON object/array whose
every leaf value is one of those (`{"result": null}`); `structuredContent`
that is an object is judged the same way (all leaves junk). (An empty
`content` list is flagged `emptySuccess` by classify.py.)

An error dressed as a success (`error_answer`), unless the arguments asked
for one (a string argument that says error, exception or fail: a tool that
shows sample messages answers `messageType: "error"` with an error text on
purpose):
- the first text part is only an error message: it starts with `Error:`,
  `Exception:`, `Traceback (most recent call last)`, `<Name>Error:`, a
  one-word qualifier and `error:` (`Database error:`) or `Uncaught`, and is
  short (under 500 characters; a long answer that mentions an error is a real
  answer);
- or the answer is an error envelope, as servers that wrap a web API return
  it: a JSON object (the text, or `structuredContent`) holding nothing but
  error fields, with an `error` that says something (`{"error": "fetch
  failed"}`, `{"success": false, "message": "..."}`, `{"status": "error",
  "message": "..."}`); `{"error": null, ...}` is a result;
- a `structuredContent` of only `{"result": "<text>"}` (what SDKs wrap a
  plain return value in) is judged by that text.

A failure envelope by structure (`failure_envelope`, the registry's
`shape.error_envelope`), whatever its keys are named and in whatever language
its messages are: a JSON object (the first text part, or `structuredContent`)
that says it failed, with `success: false`, `ok: false`, `error: true` or an
`error` with a non-empty string or object, and that carries no result data:
every other field is a scalar or empty (`{"error": "missing_token",
"message_ru": "..."}`, `{"success": false, "rows_affected": 0}`). A non-empty
list or object beside the flag is data (a batch that partly failed, a
validator's report), so such an answer is a result; so is a number beside an
`error` string when nothing says false (`{"error": "E1001", "count": 3}`).

The two kinds differ for malformed input: junk computed from bad input is a
silent accept, an error text is a refusal that forgot `isError`.
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
    r"|(?:(?:(?!no\b)[a-z]+ )?error|exception|fatal|uncaught"
    r"|[A-Z][A-Za-z]*(?:Error|Exception))\b\s*[:!(])",
    re.IGNORECASE,
)
_MAX_ERROR_TEXT: Final = 500
_ENVELOPE_KEYS: Final = frozenset(
    {
        "error",
        "errors",
        "message",
        "code",
        "status",
        "statuscode",
        "success",
        "ok",
        "detail",
        "details",
        "type",
        "errorcode",
        "error_code",
        "hint",
    }
)


def junk_answer(result: Mapping[str, Any]) -> bool:
    """Whether every value of the answer is NaN, Infinity, null or "undefined"."""
    structured = result.get("structuredContent")
    if isinstance(structured, dict) and structured:
        return _all_junk(structured)
    strings = _text_parts(result)
    return bool(strings) and all(_junk_text(t) for t in strings if t)


def error_answer(result: Mapping[str, Any], asked: Any = None) -> str | None:
    """The error message a successful answer carries instead of a result, or None.

    `asked`: the arguments sent, to tell a requested error text from a disguised failure.
    """
    if _asks_for_error(asked):
        return None
    structured = result.get("structuredContent")
    if isinstance(structured, dict) and structured:
        wrapped = structured.get("result") if len(structured) == 1 else None
        if not isinstance(wrapped, str):
            return _envelope_message(structured)
        return _error_text(wrapped.strip())
    strings = _text_parts(result)
    return _error_text(strings[0]) if strings else None


def _text_parts(result: Mapping[str, Any]) -> list[str]:
    """The stripped text parts, or [] when any part is not text or all are blank."""
    content = result.get("content")
    if not isinstance(content, list):
        return []
    texts = [
        part.get("text")
        for part in content
        if isinstance(part, Mapping) and part.get("type") == "text"
    ]
    if not texts or len(texts) != len(content):
        return []  # an image, audio or resource part is real content
    strings = [t.strip() for t in texts if isinstance(t, str)]
    return strings if any(strings) else []  # blank text is emptySuccess, not garbage


def _error_text(text: str) -> str | None:
    if not text or len(text) >= _MAX_ERROR_TEXT:
        return None
    if _ERROR_TEXT.match(text):
        return text
    if text[:1] != "{":
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return _envelope_message(value)


def _envelope_message(value: Any) -> str | None:
    """The message of a JSON object made only of error fields, or None for anything else."""
    if not isinstance(value, dict) or not value:
        return None
    if not all(isinstance(key, str) and key.lower() in _ENVELOPE_KEYS for key in value):
        return None
    # `errors` alone is not enough: a linter's or validator's result is a list of errors.
    error = value.get("error")
    status = value.get("status")
    failed = _flagged_failed(value) or (
        isinstance(status, str) and bool(_FAILED_STATUS.search(status))
    )
    if isinstance(error, str) and error.strip():
        return error
    if isinstance(error, dict) and isinstance(error.get("message"), str):
        return str(error["message"])
    message = value.get("message", value.get("detail"))
    if failed and isinstance(message, str) and message.strip():
        return message
    return None


def failure_envelope(result: Mapping[str, Any], asked: Any = None) -> str | None:
    """The text of a success that is a failure envelope by structure (see the module), or None."""
    if _asks_for_error(asked):
        return None
    structured = result.get("structuredContent")
    if isinstance(structured, dict) and structured:
        return _failure_fields(structured)
    strings = _text_parts(result)
    if len(strings) != 1 or strings[0][:1] != "{" or len(strings[0]) >= _MAX_ERROR_TEXT * 8:
        return None
    try:
        value = json.loads(strings[0])
    except ValueError:
        return None
    return _failure_fields(value)


def _flagged_failed(value: Mapping[str, Any]) -> bool:
    """A flag of the object says the call failed: `success` or `ok` false, `error` true."""
    return value.get("success") is False or value.get("ok") is False or value.get("error") is True


def _failure_fields(value: Any) -> str | None:
    if not isinstance(value, dict) or not value:
        return None
    error = value.get("error")
    flagged = _flagged_failed(value)
    named = (isinstance(error, str) and bool(error.strip())) or (
        isinstance(error, dict) and bool(error)
    )
    if not (flagged or named):
        return None
    for key, inner in value.items():
        if key == "error":
            continue
        if isinstance(inner, dict | list) and inner:
            return None  # result data beside the flag: a result
        if not flagged and isinstance(inner, int | float) and not isinstance(inner, bool):
            return None  # an error code with a count beside it is a report, not a failure
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


_FAILED_STATUS: Final = re.compile(r"^(?:\w+[_ -])?(?:error|not[_ -]?found)$", re.IGNORECASE)
"""A `status` that says the call did not work (`"error"`, `"task_not_found"`); not `"failed"`,
which a tool reporting a build's or a job's state answers as its real result."""

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
            value = json.loads(text, parse_constant=lambda _name: _NOT_A_NUMBER)
        except ValueError:
            return False
        return isinstance(value, dict | list) and bool(value) and _all_junk(value)
    return False


_NOT_A_NUMBER: Final = float("nan")


def _all_junk(value: Any, depth: int = 0) -> bool:
    """Whether every leaf is NaN, Infinity, "undefined" or null; but an object of two or
    more named fields, all null, is a typed "nothing" (a regex with no match answers
    `{"matches": null, "index": null}`), not garbage."""
    if depth > 20:
        return False
    if isinstance(value, dict):
        if len(value) >= 2 and all(v is None for v in value.values()):
            return False
        return bool(value) and all(_all_junk(v, depth + 1) for v in value.values())
    if isinstance(value, list):
        return bool(value) and all(_all_junk(v, depth + 1) for v in value)
    if value is None:
        return True
    if isinstance(value, float):
        return value != value or value in (float("inf"), float("-inf"))
    return isinstance(value, str) and value.strip().lower() in _JUNK_WORDS
