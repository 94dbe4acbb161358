"""Plausible sample values: by `format`, by property name, by prompt-argument description.

A valid case should look like what a person would send, not merely satisfy
the schema: `timezone` gets an IANA zone, `url` a URL, `path` a relative file
name (targets run with no network and in a scratch directory, so these are
safe). The generator tries these candidates first and keeps the first one the
schema accepts (see values.py), so a wrong hint costs nothing.

The name table is checked in order against the lower-cased property name with
`_` and `-` removed; the first rule whose words appear wins (mcp-probe's
substring approach, with its misfires fixed: `hostname` and
`filename` are matched before `name`, and `security_level` does not look
like a URL because matching is on word parts, split at `_`, `-` and camelCase).
"""

from __future__ import annotations

import re
from typing import Final

from mcpvcr import identifiers

FORMAT_SAMPLES: Final[dict[str, tuple[str, ...]]] = {
    "date-time": ("2024-01-15T10:30:00Z",),
    "date": ("2024-01-15",),
    "time": ("10:30:00Z", "10:30:00"),
    "duration": ("PT1H",),
    "email": ("user@example.com",),
    "idn-email": ("user@example.com",),
    "hostname": ("example.com",),
    "idn-hostname": ("example.com",),
    "ipv4": ("192.0.2.1",),
    "ipv6": ("2001:db8::1",),
    "uri": ("https://example.com/",),
    "iri": ("https://example.com/",),
    "uri-reference": ("https://example.com/",),
    "iri-reference": ("https://example.com/",),
    "uri-template": ("https://example.com/{id}",),
    "uuid": ("123e4567-e89b-42d3-a456-426614174000",),
    "regex": ("^[a-z]+$",),
    "json-pointer": ("/a/b",),
    "relative-json-pointer": ("0/a",),
    "byte": ("aGVsbG8=",),
    "binary": ("hello",),
    "password": ("hunter2-example",),
}

BAD_FORMAT_SAMPLES: Final[dict[str, str]] = {
    "date-time": "not-a-date-time",
    "date": "2024-13-45",
    "time": "25:61:00",
    "duration": "one hour",
    "email": "not-an-email",
    "idn-email": "not-an-email",
    "hostname": "not a hostname!",
    "idn-hostname": "not a hostname!",
    "ipv4": "999.1.1.1",
    "ipv6": "not::an::ipv6",
    "uri": "not a uri",
    "iri": "not a uri",
    "uri-reference": "not a uri",
    "uuid": "not-a-uuid",
    "regex": "([unclosed",
}
"""Sent for `bad_format:<field>`; the case is dropped if the validator does not reject it."""

# (words that must all appear in the normalised name, candidate values)
_NAME_RULES: Final[tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]] = (
    (("timezone",), ("Europe/London",)),
    (("tz",), ("Europe/London",)),
    (("url",), ("https://example.com/",)),
    (("uri",), ("https://example.com/",)),
    (("link",), ("https://example.com/",)),
    (("href",), ("https://example.com/",)),
    (("email",), ("user@example.com",)),
    (("hostname",), ("example.com",)),
    (("host",), ("example.com",)),
    (("domain",), ("example.com",)),
    (("ip",), ("192.0.2.1",)),
    (("filename",), ("README.md",)),
    (("file",), ("README.md",)),
    (("directory",), (".",)),
    (("dir",), (".",)),
    (("folder",), (".",)),
    (("repo",), (".",)),
    (("path",), ("README.md",)),
    (("source",), ("README.md",)),
    (("destination",), ("copy-of-README.md",)),
    (("datetime",), ("2024-01-15T10:30:00Z",)),
    (("timestamp",), ("2024-01-15T10:30:00Z",)),
    (("date",), ("2024-01-15",)),
    (("time",), ("10:30", "10:30:00")),
    (("language",), ("en",)),
    (("locale",), ("en-US",)),
    (("lang",), ("en",)),
    (("country",), ("GB",)),
    (("currency",), ("EUR",)),
    (("color",), ("blue",)),
    (("colour",), ("blue",)),
    (("uuid",), ("123e4567-e89b-42d3-a456-426614174000",)),
    (("query",), ("example query",)),
    (("search",), ("example query",)),
    (("keyword",), ("example",)),
    (("message",), ("Hello from mcpvcr",)),
    (("text",), ("Hello from mcpvcr",)),
    (("content",), ("Hello from mcpvcr",)),
    (("prompt",), ("Hello from mcpvcr",)),
    (("title",), ("Example title",)),
    (("description",), ("An example description",)),
    (("username",), ("example-user",)),
    (("id",), ("1", "example-id")),
    (("user",), ("example-user",)),
    (("owner",), ("example-user",)),
    (("name",), ("example",)),
    (("key",), ("example-key",)),
    (("token",), ("example-token",)),
    (("version",), ("1.0.0",)),
    (("branch",), ("main",)),
    (("revision",), ("HEAD",)),
    (("ref",), ("HEAD",)),
    (("mode",), ("default",)),
    (("format",), ("json",)),
    (("temperature",), ("0.7",)),
)

_NUMBER_RULES: Final[tuple[tuple[str, float], ...]] = (
    ("temperature", 0.7),
    ("percent", 50),
    ("port", 8080),
    ("year", 2024),
    ("month", 1),
    ("day", 15),
    ("hour", 10),
    ("limit", 10),
    ("count", 3),
    ("max", 10),
    ("size", 10),
    ("page", 1),
    ("timeout", 5),
    ("seconds", 1),
    ("duration", 1),
    ("delay", 0),
    ("sleep", 0),
    ("wait", 0),
    ("interval", 1),
    ("offset", 0),
    ("index", 0),
    ("depth", 1),
)

SPEED_WORDS: Final = frozenset({"duration", "delay", "sleep", "wait", "interval", "seconds"})
"""Optional numeric fields that set how long a call runs; the valid case fills them (small)."""


def is_speed_knob(name: str) -> bool:
    """True for fields like `duration` or `delay_ms`: leaving them out means the default wait."""
    return bool(_word_parts(name) & SPEED_WORDS)


GENERIC_STRINGS: Final = ("example", "test", "1.0.0", "2024-01-15", "abcdef12", "en")
"""Tried against a `pattern` before generating a string from the pattern itself."""


_SUFFIX_WORDS: Final = frozenset(
    {"path", "url", "uri", "name", "file", "id", "email", "count", "limit"}
)
"""Words also recognised at the end of a single word part (`filepath`, `maxcount`)."""


def _has_word(word: str, parts: set[str]) -> bool:
    if word in parts:
        return True
    return word in _SUFFIX_WORDS and any(part.endswith(word) for part in parts)


def _word_parts(name: str) -> set[str]:
    return set(identifiers.words(name))


_DIRECTORY_TOOL_WORDS: Final = frozenset(
    {
        "directory",
        "directories",
        "dir",
        "dirs",
        "tree",
        "list",
        "ls",
        "search",
        "find",
        "glob",
        "folder",
    }
)
"""Words in a tool's name that make a `path` argument a directory (mcp-probe used descriptions)."""


_ONCE_WORDS: Final = frozenset({"idempotency", "idempotence", "dedup", "deduplication"})
"""Words naming a key the server remembers to run a write once (`idempotency_key`)."""


def string_hints(name: str | None, tool: str | None = None) -> list[str]:
    """Candidate strings for a property called `name` of tool `tool`, most plausible first."""
    if not name:
        return []
    parts = _word_parts(name)
    if parts & _ONCE_WORDS:
        # A key that makes a write happen once: shared across tools, it lets the server
        # answer one tool's call with the record another tool's call made (a replay).
        return [f"mcpvcr-{re.sub(r'[^A-Za-z0-9]+', '-', tool or 'call').strip('-')}-once"]
    for words, values in _NAME_RULES:
        if all(_has_word(word, parts) for word in words):
            if values[0] == "README.md" and _word_parts(tool or "") & _DIRECTORY_TOOL_WORDS:
                return [".", *values]
            return list(values)
    return []


def number_hint(name: str | None) -> float | None:
    """A plausible number for a property called `name`, or None."""
    if not name:
        return None
    parts = _word_parts(name)
    for word, value in _NUMBER_RULES:
        if _has_word(word, parts):
            return value
    return None


def boolean_hint(name: str | None) -> bool:
    """False, except for dry-run style switches, where True is the safe choice."""
    joined = re.sub(r"[^a-z0-9]", "", (name or "").lower())
    return "dryrun" in joined or joined in ("preview", "simulate")


_QUOTED = re.compile(r"'([^'\s]{1,60})'|\"([^\"\s]{1,60})\"|`([^`\s]{1,60})`")


def description_strings(description: object) -> list[str]:
    """Quoted words in a field's description (`'local'`, `"UTC"`, `` `HEAD` ``), in order.

    Authors put example values there ("e.g. 'America/New_York'", "branches ('local')"); they
    are tried before the name table, and the schema still has the last word.
    """
    if not isinstance(description, str):
        return []
    found = [
        next(group for group in match.groups() if group) for match in _QUOTED.finditer(description)
    ]
    return list(dict.fromkeys(found))[:5]


_PROMPT_DESCRIPTION = re.compile(r"(?i:must be|one of:?)\s+([A-Z][A-Za-z0-9_]*)")


def prompt_argument(name: str, description: str | None) -> str:
    """A value for a prompt argument (prompt arguments are strings).

    mcp-probe's rule first (a capitalised token after "must be" / "one of", any case, in
    the description), then a quoted word of the description, then the name
    table, then "example".
    """
    if description:
        found = _PROMPT_DESCRIPTION.search(description)
        if found:
            return found.group(1)
    candidates = [*description_strings(description), *string_hints(name)]
    return candidates[0] if candidates else "example"


# Payload fields whose useful value is written in a small language the tool names: SQL for
# a database, an arithmetic expression for a calculator, base64 for a decoder, JSON for a
# JSON formatter. A generic word ("example query") only earns the tool's error message, so
# the valid case measured mcpvcr's guess instead of the server.
_SQL_FIELDS: Final = frozenset({"sql", "query", "statement", "stmt"})
_SQL_CONTEXT: Final = re.compile(
    r"\b(?:sql|sqlite3?|postgres(?:ql)?|mysql|duckdb|mariadb|tables?)\b", re.IGNORECASE
)
_SQL_WORDS: Final = frozenset({"sql", "sqlite", "sqlite3", "table", "tables"})
"""Words of a tool's name that make its `query` SQL (`create_table`, `sqlite_query`)."""
_SQL_KEYWORD: Final = re.compile(r"\b(SELECT|CREATE TABLE|ALTER TABLE|INSERT|UPDATE|DELETE)\b")
"""Upper case only: "select the best match" in prose is no SQL."""
_SQL_SAMPLES: Final = {
    "CREATE TABLE": "CREATE TABLE IF NOT EXISTS mcpvcr_example (id INTEGER PRIMARY KEY, name TEXT)",
    "ALTER TABLE": "ALTER TABLE mcpvcr_example ADD COLUMN note TEXT",
    "INSERT": "INSERT INTO mcpvcr_example (name) VALUES ('example')",
    "UPDATE": "UPDATE mcpvcr_example SET name = 'example' WHERE id = 1",
    "DELETE": "DELETE FROM mcpvcr_example WHERE id = 1",
    "SELECT": "SELECT 1",
}
_MATH_FIELDS: Final = frozenset({"expression", "expr", "formula", "equation", "calculation"})
_MATH_CONTEXT: Final = re.compile(r"calculat|\bmath|arithmetic|evaluat", re.IGNORECASE)
_DATA_FIELDS: Final = frozenset(
    {"data", "input", "text", "string", "str", "value", "content", "encoded", "json", "raw"}
)


def payload_hints(
    name: str | None, tool: str, about: str = "", *, writes: bool = False
) -> list[str]:
    """Values in the small language a payload field takes, judged from the tool's words.

    `about`: the tool's description and the field's, the only place a `query` says it is SQL.
    `writes`: writes were opted in (--fuzz-writes/--fuzz-destructive); without it SQL is
    only ever a SELECT, whatever statement the tool asks for.
    """
    parts = _word_parts(name or "")
    context = f"{tool} {about}"
    tool_words = _word_parts(tool)
    if "sql" in parts or (parts & _SQL_FIELDS and _is_sql(tool_words, context)):
        return _sql_samples(tool_words, context) if writes else [_SQL_SAMPLES["SELECT"]]
    if parts & _MATH_FIELDS and _MATH_CONTEXT.search(context):
        return ["2 + 3"]
    if parts & _DATA_FIELDS and "decode" in tool_words and re.search(r"base ?64|b64", context):
        return ["SGVsbG8gZnJvbSBtY3B2Y3I="]
    if parts & _DATA_FIELDS and "json" in tool_words:
        return ['{"example": 1}']
    return []


def _is_sql(tool_words: set[str], context: str) -> bool:
    return bool(
        tool_words & _SQL_WORDS or _SQL_CONTEXT.search(context) or _SQL_KEYWORD.search(context)
    )


def _sql_samples(tool_words: set[str], context: str) -> list[str]:
    """The statement the tool's words ask for first (a table is created before it is used)."""
    for verb in ("create", "alter"):
        if {verb, "table"} <= tool_words:
            return [_SQL_SAMPLES[f"{verb.upper()} TABLE"]]
    named = [match.group(1) for match in _SQL_KEYWORD.finditer(context)]
    if named:
        return [_SQL_SAMPLES[named[0]]]
    return [_SQL_SAMPLES["SELECT"]]
