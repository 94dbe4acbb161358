"""Scrub volatile values out of recorded answers, and cut very large ones (pure).

So that two recordings of a deterministic server are byte-identical, every
string in a recorded answer (result or error, at any depth, keys excepted)
has these rules applied in order; each match is replaced by a placeholder:

| rule        | matches (examples)                                          | placeholder   |
|-------------|-------------------------------------------------------------|---------------|
| user        | each `scrub_patterns` regex (config / option), in order    | `[SCRUBBED]`  |
| timestamp   | ISO 8601 date-times: `2026-11-30T04:24:06Z`,                | `<timestamp>` |
|             | `2026-11-30 04:24:06.123+01:00` (a bare date is kept)       |               |
| date string | `Mon, 30 Nov 2026 04:24:06 GMT`,                            | `<timestamp>` |
|             | `Mon Nov 30 2026 04:24:06 GMT+0000 (UTC)` (HTTP, JS Date)   |               |
| clock time  | `4:33:06 AM`, `04:33:06`, `16:05:59.250` (with seconds)     | `<time>`      |
| uuid        | `123e4567-e89b-42d3-a456-426614174000` (any version)        | `<uuid>`      |
| temp path   | `/tmp/...`, `/var/tmp/...`, `/var/folders/...` (also inside | `<tmp>`       |
|             | `file:///tmp/...`),                                         |               |
|             | `/private/var/folders/...`, `C:\\...\\Temp\\...` up to a    |               |
|             | space, quote or bracket                                     |               |
| duration    | `123ms`, `1.5 s`, `42 µs`, `3 seconds`, `250 milliseconds`  | `<duration>`  |

Bare dates, plain numbers and hex digests are kept: they are usually the
answer itself. `keep_volatile` turns every rule off (user patterns too).

An answer whose canonical JSON exceeds MAX_ANSWER_BYTES is replaced by
`{"truncated": {"bytes": n, "sha256": hex, "preview": first PREVIEW_CHARS chars}}`
under the same key (`result` / `error`), and the interaction gets the
`truncated` flag. Size and hash are of the scrubbed answer, so they are stable.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from typing import Any, Final

MAX_ANSWER_BYTES: Final = 256 * 1024
PREVIEW_CHARS: Final = 2048

_RULES: Final = (
    (
        re.compile(
            r"\b\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?"
            r"(?:[Zz]|[+-]\d{2}:?\d{2}\b)?"
        ),
        "<timestamp>",
    ),
    (
        re.compile(
            r"\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun),? (?:\d{1,2} )?"
            r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (?:\d{1,2} )?\d{4} "
            r"\d{2}:\d{2}:\d{2}(?: (?:GMT|UTC)(?:[+-]\d{4})?(?: \([^)]*\))?)?"
        ),
        "<timestamp>",
    ),
    (
        re.compile(r"(?<![\d:])\d{1,2}:\d{2}:\d{2}(?:\.\d+)?(?:\s?[AaPp]\.?[Mm]\.?)?(?![\d:])"),
        "<time>",
    ),
    (
        re.compile(
            r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"
        ),
        "<uuid>",
    ),
    (
        re.compile(
            r"(?:(?<![\w.-])/(?:private/)?(?:var/)?(?:tmp|folders)/|[A-Za-z]:\\(?:[^\s\\\"'<>]+\\)*Temp\\)"
            r"[^\s\"'<>()\[\]{},;]*"
        ),
        "<tmp>",
    ),
    (
        re.compile(
            r"\b\d+(?:\.\d+)?\s?(?:ms|µs|us|ns|milliseconds?|microseconds?|seconds?|secs?)\b"
            r"|\b\d+\.\d+\s?s\b"
        ),
        "<duration>",
    ),
)


class Scrubber:
    """Applies the documented rules plus user regexes to every string of a JSON value."""

    def __init__(self, extra_patterns: Sequence[str] = (), *, keep_volatile: bool = False) -> None:
        """Raises ValueError naming the pattern when a user regex does not compile."""
        self.keep_volatile = keep_volatile
        self.extra: list[re.Pattern[str]] = []
        for pattern in extra_patterns:
            try:
                self.extra.append(re.compile(pattern))
            except re.error as exc:
                raise ValueError(
                    f"scrub pattern {pattern!r} is not a valid regular expression: {exc}"
                ) from exc

    def text(self, value: str) -> str:
        if self.keep_volatile:
            return value
        for pattern in self.extra:
            value = pattern.sub("[SCRUBBED]", value)
        for pattern, placeholder in _RULES:
            value = pattern.sub(placeholder, value)
        return value

    def value(self, value: Any) -> Any:
        """A copy of a JSON value with every string scrubbed (keys are kept as sent)."""
        if self.keep_volatile:
            return value
        stack_result = self._walk(value, 0)
        return stack_result

    def _walk(self, value: Any, depth: int) -> Any:
        if depth > 600:  # the codec cuts deeper values anyway; stay far from the recursion limit
            return value
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {key: self._walk(item, depth + 1) for key, item in value.items()}
        if isinstance(value, list):
            return [self._walk(item, depth + 1) for item in value]
        return value


def truncate(answer: Any) -> tuple[Any, bool]:
    """The answer, or its truncation marker when its canonical JSON is too large."""
    try:
        text = json.dumps(answer, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return answer, False
    data = text.encode("utf-8", "surrogatepass")
    if len(data) <= MAX_ANSWER_BYTES:
        return answer, False
    marker = {
        "bytes": len(data),
        "sha256": hashlib.sha256(data).hexdigest(),
        "preview": text[:PREVIEW_CHARS],
    }
    return {"truncated": marker}, True
