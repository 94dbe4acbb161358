"""Which configuration values are secrets: by the variable's name, then by the value's shape.

Every secret is replaced everywhere in a recording (redaction.Redactor), so treating a plain
value as one corrupts the cassette: `--env AWS_REGION=us-east-1` turned every "us-east-1" in
the server's tool descriptions into [REDACTED], `--env DEBUG=false` every "false". Leaking a
real secret into a committed cassette is worse than over-redacting, so the rule leans safe:

- a variable named like a credential (`API_KEY`, `GITHUB_TOKEN`, `DB_PASSWORD`, `AUTH`,
  `SESSION_COOKIE`, `DSN`, ...) is a secret whatever its value looks like;
- any other value is a secret unless its shape is one of a closed list of public shapes:
  a number, a boolean or a plain word or words, a version, a cloud region or zone, a path,
  a host name or address with a port, a URL (whose user, password, query values and
  token-like path segments stay secrets, see `targets.url_secrets`).
So a password under a harmless name ("hunter2", letters and digits) is still a secret.
Pure: no I/O, no imports beyond the standard library.
"""

from __future__ import annotations

import re
from typing import Final

_SECRET_PART: Final = re.compile(
    r"(?:^|[_.-])(?:api_?key|key|keys|token|tokens|secret|secrets|pass|passwd|password|passphrase"
    r"|pwd|pw|pin|otp|auth|authorization|credential|credentials|creds?|cookie|session|sid"
    r"|private|priv|signature|sig|salt|seed|mnemonic|bearer|jwt|dsn|cert|license|licence"
    r"|access_?key|client_?secret|conn(?:ection)?_?str(?:ing)?|webhook)(?:$|[_.-])",
    re.IGNORECASE,
)
"""A part of a variable name that names a credential (`GITHUB_TOKEN`, `OPENAI_API_KEY`)."""

_PUBLIC_SHAPES: Final = (
    re.compile(r"[+-]?\d+(?:\.\d+)?"),  # 8080, 0.5, -1
    # plain words: true, production, info, us-east (letters only, simple joints)
    # (a word of at most 20 letters: a long run of random letters may be a key)
    re.compile(r"[^\W\d_]{1,20}(?:[ _./,:-][^\W\d_]{1,20}){0,7}"),
    re.compile(r"v?\d+(?:\.\d+){1,3}(?:[-+][0-9A-Za-z.]{1,20})?"),  # 1.2.3, v2.0.0-rc1
    # regions and zones: us-east-1, eu-west-2a, europe-west4, ap-southeast-2
    re.compile(r"[a-z]{2,12}(?:-[a-z]{2,12}){1,3}-?\d{1,2}[a-z]?"),
    re.compile(r"(?:~|\.{1,2})?/[^\s:]*|[A-Za-z]:[\\/][^:]*"),  # /srv/data, ~/x, C:\data
    # host names and addresses with a dot or a port: localhost:8080, db.internal, 10.0.0.1
    re.compile(r"(?:[A-Za-z][A-Za-z0-9-]{0,62}\.)+[A-Za-z]{2,63}(?::\d{1,5})?"),
    re.compile(r"[A-Za-z][A-Za-z0-9-]{0,62}:\d{1,5}"),
    re.compile(r"\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?|\[[0-9a-fA-F:]+\](?::\d{1,5})?"),
    re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[T ][0-9:.]+Z?)?"),  # dates
)
"""Shapes a value takes that carry no credential."""

_URL: Final = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*://\S+")


def is_url(value: str) -> bool:
    """`value` is a URL (`scheme://...`): public as a whole, its credentials aside."""
    return bool(_URL.fullmatch(value.strip()))


def secret_name(name: str) -> bool:
    """`name` (an environment variable or header) names a credential."""
    return bool(_SECRET_PART.search(name))


def public_value(value: str) -> bool:
    """`value` has a shape that carries no credential (see the module docstring); a URL
    counts as public here, its credential parts are the caller's (`url_secrets`)."""
    text = value.strip()
    return not text or is_url(text) or any(shape.fullmatch(text) for shape in _PUBLIC_SHAPES)


def secret_value(name: str, value: str) -> bool:
    """The value of variable `name` must never be written (an empty name: shape alone)."""
    return secret_name(name) or not public_value(value)
