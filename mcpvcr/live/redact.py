"""Remove every secret value mcpvcr knows from a recorded body.

A server may echo what it was given (server-everything's `get-env` returns its
whole environment; a tool may echo request headers), so after recording, every
header value, bearer token and env value given to the target is replaced by
"[REDACTED]" in every string of the body, map keys included. User-supplied
`--scrub` patterns are applied the same way, replaced by "[SCRUBBED]".
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from mcpvcr.codec import DEPTH_MARKER, MAX_DEPTH

REDACTED = "[REDACTED]"
SCRUBBED = "[SCRUBBED]"


def redact(
    value: Any,
    secrets: Iterable[str],
    patterns: Iterable[str] = (),
    placeholders: Iterable[tuple[re.Pattern[str], str]] = (),
) -> Any:
    """Return `value` with every secret, every placeholder rule and every pattern replaced.

    `placeholders` are mcpvcr.machine's rules (machine values -> `[HOME]`, ...).
    """
    rules: list[tuple[re.Pattern[str], str]] = []
    literal = [s for s in secrets if s]
    if literal:
        # One alternation, longest first, so a token inside a longer value is
        # replaced as part of the longer value.
        ordered = sorted(set(literal), key=lambda s: (-len(s), s))
        rules.append((re.compile("|".join(re.escape(s) for s in ordered)), REDACTED))
    rules.extend(placeholders)
    rules.extend((re.compile(p), SCRUBBED) for p in patterns)
    if not rules:
        return value
    return _walk(value, rules)


def _walk(value: Any, rules: list[tuple[re.Pattern[str], str]], depth: int = 0) -> Any:
    if isinstance(value, str):
        for pattern, replacement in rules:
            value = pattern.sub(replacement, value)
        return value
    if depth > MAX_DEPTH:
        return DEPTH_MARKER  # the codec would cut it here anyway; a secret must not survive
    if isinstance(value, dict):
        result = {}
        for key, item in value.items():
            result[_walk(key, rules)] = _walk(item, rules, depth + 1)
        return result
    if isinstance(value, list):
        items = []
        for item in value:
            items.append(_walk(item, rules, depth + 1))
        return items
    return value
