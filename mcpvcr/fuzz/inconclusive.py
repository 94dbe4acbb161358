"""Failures that blame where mcpvcr ran, or what it guessed, rather than the server (pure).

A recording runs without network more often than not (CI, `unshare -rn`),
and its valid arguments are made up: a path that does not exist, a name no
entity has. A server that answers those honestly did nothing wrong, so the
call is `inconclusive` (it costs nothing) and the report says how to pin a
real argument instead.

Two families, matched on the text of the error or the tool's error content:
- ENVIRONMENT, always: no network, DNS failure, connection refused, a path
  outside the server's allowed roots or repository, a rate limit or quota
  (mcpvcr calls faster than a person would; the server's limiter answered
  before its code ran, so the call says nothing about the input);
- GUESS, only when mcpvcr invented the arguments (not `--pin`ned) and the
  case was meant to be accepted: "not found", "does not exist", ENOENT,
  "no such <thing>", "not a git repository", "unknown <thing>", "did not match
  any files", "no pending <thing> for" (an id only a client's earlier call
  would hold), a path that "must be absolute" (mcpvcr guesses relative
  names); and state the made-up input ran into: "already exists" (an
  earlier case made it), "nothing to commit", "no changes"; and an error that
  quotes back a string mcpvcr made up and calls it invalid, unknown,
  unsupported or says what it must be.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Final

ENVIRONMENT: Final = re.compile(
    r"ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ENETUNREACH|EHOSTUNREACH|ETIMEDOUT"
    r"|getaddrinfo|name or service not known|temporary failure in name resolution"
    r"|nodename nor servname|(?:could not|failed to|unable to) resolve"
    r"|network is unreachable|no route to host|connection refused"
    r"|fetch failed|connecterror|connecttimeout|failed to (?:connect|fetch)"
    r"|outside (?:of )?(?:the )?(?:allowed|permitted|repository|repo|root|workspace)"
    r"|not (?:within|inside|under|in) (?:the |any )?(?:allowed|permitted|repository|root)"
    r"|access denied"
    # the jail keeps every write outside the work folder read-only (errno EROFS, any runtime)
    r"|\bEROFS\b|read-only file system|\[Errno 30\]"
    r"|rate.?limit(?:ed|ing)?\b(?:\s+(?:exceeded|reached|hit))?(?=\W*(?:$|[.;,:)\]]|try|please))"
    r"|too many requests|\b(?:HTTP|status(?: code)?)\W{0,3}429\b|quota (?:exceeded|exhausted)",
    re.IGNORECASE,
)
GUESS: Final = re.compile(
    r"\bnot found\b|does ?n[o']t exist|\bENOENT\b|\bno such \w+"
    r"|not a git repository|\bunknown (?:id|entity|item|resource|name|key|file|path)\b"
    r"|could not find|cannot find|can't find|did not match any|already exists"
    r"|\bnothing to (?:commit|do|show|read|return)\b|\bno changes\b"
    r"|\bno (?:pending|matching|active|open|existing) \w+ (?:for|with|named|matching|found)\b"
    r"|\bmust be (?:an )?absolute\b|\bis not (?:an )?absolute\b",
    re.IGNORECASE,
)


_REFUSAL: Final = re.compile(
    r"\binvalid\b|\bnot (?:a |an )?valid\b|\bunknown\b|\bunsupported\b|\bunrecogni[sz]ed\b"
    r"|\bmust\b|\bexpected\b|\b(?:could|can)not (?:be )?pars|\bmalformed\b",
    re.IGNORECASE,
)
_MIN_ECHO: Final = 3
"""Shorter values ("1", "en") turn up in any text by chance: they count only when quoted."""


def blame(
    texts: Iterable[str],
    *,
    guess: bool,
    arguments: Any = None,
    disabled: frozenset[str] = frozenset(),
) -> str | None:
    """The heuristic id when an error text blames the environment (or, with `guess`, our
    made-up input): `text.environment`, `text.guess`, `text.echoed_refusal`; else None.

    With `guess`, an error that quotes back a string mcpvcr made up (from `arguments`) and
    calls it invalid, unknown or unsupported (`Invalid range 'dependents'`, `Path 'README.md'
    must point to an Excel file`) refuses the guess: the schema allowed any string there.
    """
    guessed = _strings(arguments) if guess else set()
    for text in texts:
        head = text[:2000]  # error texts are short; a long answer is no error message
        if "text.environment" not in disabled and ENVIRONMENT.search(head):
            return "text.environment"
        if guess and "text.guess" not in disabled and GUESS.search(head):
            return "text.guess"
        if (
            guessed
            and "text.echoed_refusal" not in disabled
            and _REFUSAL.search(head)
            and any(_echoed(value, head) for value in guessed)
        ):
            return "text.echoed_refusal"
    return None


def _echoed(value: str, text: str) -> bool:
    """`value` in `text`: anywhere when long enough, else only quoted ('.', "en")."""
    if len(value.strip()) >= _MIN_ECHO:
        return value in text
    return any(f"{quote}{value}{quote}" in text for quote in ("'", '"', "`"))


def _strings(value: Any, depth: int = 0) -> set[str]:
    """The string values (not keys) of the arguments sent, long enough to be recognised."""
    if depth > 10:
        return set()
    if isinstance(value, str):
        return {value} if value.strip() else set()
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    found: set[str] = set()
    for item in items:
        found |= _strings(item, depth + 1)
    return found
