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
| weekday     | a weekday name next to a scrubbed timestamp (in the same    | `<weekday>`   |
|             | string, or as a value of the same object)                   |               |

The weekday of "today" changes from day to day like the timestamp it belongs to;
a weekday elsewhere (a calendar's answer about a fixed date) is kept. Booleans
such as a DST flag are kept: replacing them would break the answer's type (and a
client validating it against the outputSchema), and they change twice a year.

Bare dates, plain numbers and hex digests are kept: they are usually the
answer itself. `keep_volatile` turns every rule off (user patterns too).

An answer whose canonical JSON exceeds MAX_ANSWER_BYTES is replaced by
`{"truncated": {"bytes": n, "sha256": hex, "preview": first PREVIEW_CHARS chars}}`
under the same key (`result` / `error`), and the interaction gets the
`truncated` flag. Size and hash are of the scrubbed answer, so they are stable.

The target's secret values (given as `secrets`) are replaced by `[REDACTED]`
first, in keys too and even with `keep_volatile`, so neither a preview nor a
hash is ever computed over a secret.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from typing import Any, Final

from mcpvcr import redaction
from mcpvcr.codec import DEPTH_MARKER, MAX_DEPTH

MAX_ANSWER_BYTES: Final = 256 * 1024
PREVIEW_CHARS: Final = 2048
REDACTED: Final = redaction.REDACTED
MAX_WALK_DEPTH: Final = MAX_DEPTH - 8
"""Containers nested deeper in an answer become codec.DEPTH_MARKER.

Below codec.MAX_DEPTH so that the answer still fits once it sits inside an
interaction inside the body (a few more levels)."""

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


_WEEKDAY: Final = re.compile(r"\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b")
TIMESTAMP: Final = "<timestamp>"


def _scrub_now_derived(text: str) -> str:
    """Weekday names in a string that held a scrubbed timestamp."""
    return _WEEKDAY.sub("<weekday>", text)


class Scrubber:
    """Applies the documented rules plus user regexes to every string of a JSON value."""

    def __init__(
        self,
        extra_patterns: Sequence[str] = (),
        *,
        keep_volatile: bool = False,
        secrets: Sequence[str] = (),
        placeholders: Sequence[tuple[re.Pattern[str], str]] = (),
    ) -> None:
        """Raises ValueError naming the pattern when a user regex does not compile.

        `secrets` (the target's env and header values) are replaced by REDACTED
        before anything else, even with `keep_volatile`: the recorder redacts the
        whole cassette again at the end, but by then a truncation preview may
        have cut a secret in half and the sha256 would be over the secret.
        """
        self.keep_volatile = keep_volatile
        # Secrets (in every encoded form) and user patterns: the one redaction point.
        self.secrets = redaction.Redactor(secrets)
        # Machine values (mcpvcr.machine) before the volatile rules, even with keep_volatile.
        self.machine = redaction.Redactor((), (), placeholders)
        self.extra = redaction.Redactor((), extra_patterns)

    def text(self, value: str) -> str:
        value = self.machine.text(self.key(value))
        if self.keep_volatile:
            return value
        value = self.extra.text(value)
        for pattern, placeholder in _RULES:
            value = pattern.sub(placeholder, value)
        if TIMESTAMP in value:
            value = _scrub_now_derived(value)
        return value

    def key(self, value: str) -> str:
        """A map key: only secrets are replaced (volatile rules keep keys as sent)."""
        return self.secrets.secrets_only(value)

    def value(self, value: Any) -> Any:
        """A copy of a JSON value with every string scrubbed (keys are kept as sent)."""
        if self.keep_volatile and not self.secrets and not self.machine:
            return value
        return self._walk(value, 0)

    def _walk(self, value: Any, depth: int) -> Any:
        # Plain loops, not comprehensions: a comprehension costs a second stack
        # frame per level, and a hostile answer nested 700 deep then blew the
        # recursion limit and lost the whole fuzz pass.
        if isinstance(value, str):
            return self.text(value)
        if not isinstance(value, dict | list):
            return value
        if depth >= MAX_WALK_DEPTH:
            return DEPTH_MARKER  # the codec would cut it here anyway
        if isinstance(value, dict):
            result: dict[Any, Any] = {}
            for key, item in value.items():
                result[self.key(key) if isinstance(key, str) else key] = self._walk(item, depth + 1)
            if not self.keep_volatile and any(
                isinstance(item, str) and TIMESTAMP in item for item in result.values()
            ):
                _scrub_now_derived_siblings(result)
            return result
        items: list[Any] = []
        for item in value:
            items.append(self._walk(item, depth + 1))
        return items


def _scrub_now_derived_siblings(obj: dict[Any, Any]) -> None:
    """In an object holding a scrubbed timestamp: a weekday value is volatile too."""
    for key, item in obj.items():
        if isinstance(item, str) and _WEEKDAY.fullmatch(item):
            obj[key] = "<weekday>"


def truncate(answer: Any, scrubber: Scrubber | None = None) -> tuple[Any, bool]:
    """The (scrubbed) answer, or its truncation marker when its canonical JSON is too large.

    The size is measured on the raw answer first: scrubbing a 50 MB answer with
    the volatile-value regexes took tens of seconds on the event loop (and made
    other calls in flight time out), so a large answer is only redacted (a fast
    literal match) for its sha256, and only its preview is scrubbed.
    """
    active = scrubber or Scrubber(keep_volatile=True)
    try:
        text = json.dumps(answer, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return active.value(answer), False
    data = text.encode("utf-8", "surrogatepass")
    if len(data) <= MAX_ANSWER_BYTES:
        return active.value(answer), False
    redacted = active.key(text)
    marker = {
        "bytes": len(data),
        "sha256": hashlib.sha256(redacted.encode("utf-8", "surrogatepass")).hexdigest(),
        "preview": active.text(redacted[:PREVIEW_CHARS]),
    }
    return {"truncated": marker}, True
