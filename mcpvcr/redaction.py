"""The one place that removes secrets from anything mcpvcr lets out (pure).

Everything that leaves the process (stderr and stdout through `cli.run`,
report files, serve's tool results, CI annotations, cassettes) passes a
`Redactor`. A server may echo what it was given in any encoding (a header
echoed as base64 in a JSON blob, an API key percent-encoded in a URL it
returns, a token hex-dumped in a debug field), so a secret is replaced in its
raw form and in its base64, base64url, percent-encoded and hex forms too.

Secrets come from two places:
- a `Target` (env and header values, bearer and Basic credentials, URL user,
  password, query values and token-like path segments, values expanded from the
  environment into a config entry) — it registers them when it is built;
- `remember()` calls (the `MCPVCR_TARGET_TOKEN` variable, serve's targets).

The process-wide set exists because the error path has no `Target` at hand:
a one-line `CannotRun` is printed by the command-line wrapper, far from where
the target was built, and must still not carry its token.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable
from typing import Any, Final
from urllib.parse import quote, quote_plus

from mcpvcr.codec import DEPTH_MARKER, MAX_DEPTH

REDACTED: Final = "[REDACTED]"
SCRUBBED: Final = "[SCRUBBED]"
MIN_SECRET_LENGTH: Final = 4
"""Shorter values are not secrets: replacing "1" or "on" everywhere would wreck output."""
MIN_ENCODED_LENGTH: Final = 8
"""An encoded fragment shorter than this matches too much unrelated text."""

_lock = threading.Lock()
_known: set[str] = set()
TOKEN_ENV: Final = "MCPVCR_TARGET_TOKEN"
"""The environment variable that carries a target's bearer token (mcpvcr.targets reads
it); every command registers its value here first, so no output line can carry it."""

_process: Redactor | None = None


def variants(secret: str) -> set[str]:
    """`secret` and the encoded forms an echo may carry it in."""
    if len(secret) < MIN_SECRET_LENGTH:
        return set()
    data = secret.encode("utf-8", "surrogatepass")
    forms = {secret, quote(secret, safe=""), quote_plus(secret), data.hex(), data.hex().upper()}
    forms.add(re.sub(r"%[0-9A-F]{2}", lambda m: m.group().lower(), quote(secret, safe="")))
    for offset in range(3):
        forms |= _base64_cores(data, offset)
    return {form for form in forms if form == secret or len(form) >= MIN_ENCODED_LENGTH}


def _base64_cores(data: bytes, offset: int) -> set[str]:
    """The base64 characters that depend only on `data` when it starts `offset` bytes
    into a longer encoded run, so an echo inside a larger blob is found too."""
    import base64  # only when a secret is registered: not on every offline command's path

    encoded = base64.b64encode(b"\0" * offset + data).decode("ascii")
    start = -(-offset * 8 // 6)  # first character with no prefix bits
    end = (offset + len(data)) * 8 // 6  # last character with no suffix bits
    core = encoded[start:end]
    forms = {core, core.replace("+", "-").replace("/", "_")}
    if offset == 0:
        forms |= {encoded, base64.urlsafe_b64encode(data).decode("ascii")}
    return forms


def pattern_hash(pattern: str) -> str:
    """What a cassette keeps of a `--scrub` pattern: the pattern itself may be a secret."""
    import hashlib

    return "sha256:" + hashlib.sha256(pattern.encode("utf-8", "surrogatepass")).hexdigest()


class Redactor:
    """Replaces every form of every secret by REDACTED and each pattern match by SCRUBBED."""

    def __init__(
        self,
        secrets: Iterable[str] = (),
        patterns: Iterable[str] = (),
        placeholders: Iterable[tuple[re.Pattern[str], str]] = (),
    ) -> None:
        """Raises ValueError naming the pattern when a pattern does not compile.

        `placeholders` are mcpvcr.machine's rules (machine values -> `[HOME]`, ...),
        applied after the secrets and before the patterns."""
        forms: set[str] = set()
        for secret in secrets:
            forms |= variants(secret)
        # One alternation, longest first, so a token inside a longer value goes as a whole.
        ordered = sorted(forms, key=lambda s: (-len(s), s))
        self._secrets = re.compile("|".join(map(re.escape, ordered))) if ordered else None
        self._placeholders = list(placeholders)
        self._patterns: list[re.Pattern[str]] = []
        for pattern in patterns:
            try:
                self._patterns.append(re.compile(pattern))
            except re.error as exc:
                raise ValueError(
                    f"scrub pattern {pattern!r} is not a valid regular expression: {exc}"
                ) from exc

    def __bool__(self) -> bool:
        return self._secrets is not None or bool(self._patterns) or bool(self._placeholders)

    def secrets_only(self, text: str) -> str:
        """`text` with every secret form replaced (patterns not applied)."""
        return self._secrets.sub(REDACTED, text) if self._secrets is not None else text

    def text(self, text: str) -> str:
        """`text` with secrets, then pattern matches, replaced."""
        text = self.secrets_only(text)
        for rule, placeholder in self._placeholders:
            text = rule.sub(placeholder, text)
        for pattern in self._patterns:
            text = pattern.sub(SCRUBBED, text)
        return text

    def value(self, value: Any) -> Any:
        """A copy of a JSON-like value with every string (map keys too) redacted."""
        if not self:
            return value
        return self._walk(value, 0)

    def _walk(self, value: Any, depth: int) -> Any:
        # Plain loops, not comprehensions: a comprehension costs a second stack
        # frame per level, and hostile input may be nested hundreds deep.
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, bytes):
            return self.text(value.decode("utf-8", "replace")).encode("utf-8")
        if not isinstance(value, dict | list | tuple):
            return value
        if depth >= MAX_DEPTH:
            return DEPTH_MARKER
        if isinstance(value, dict):
            result: dict[Any, Any] = {}
            for key, item in value.items():
                result[self.text(key) if isinstance(key, str) else key] = self._walk(
                    item, depth + 1
                )
            return result
        items: list[Any] = []
        for item in value:
            items.append(self._walk(item, depth + 1))
        return items


def redact(
    value: Any,
    secrets: Iterable[str],
    patterns: Iterable[str] = (),
    placeholders: Iterable[tuple[re.Pattern[str], str]] = (),
) -> Any:
    """`value` with every form of every secret, every placeholder rule and every pattern
    match replaced."""
    return Redactor(secrets, patterns, placeholders).value(value)


def remember(secrets: Iterable[str]) -> None:
    """Add secrets to the set every outgoing line of this process is redacted with."""
    global _process
    fresh = {s for s in secrets if isinstance(s, str) and len(s) >= MIN_SECRET_LENGTH}
    with _lock:
        if fresh <= _known:
            return
        _known.update(fresh)
        _process = None


def known() -> frozenset[str]:
    with _lock:
        return frozenset(_known)


def process_redactor() -> Redactor:
    """The redactor for every secret remembered so far in this process."""
    global _process
    with _lock:
        if _process is None:
            _process = Redactor(_known)
        return _process


def outgoing(text: str) -> str:
    """`text` safe to let out of the process: every remembered secret replaced."""
    if not _known:
        return text
    return process_redactor().secrets_only(text)
