"""Call out new text that trips LINT's security rules (`mcpvcr.lint`, `security.*`).

The diff's own `description.*_added` scanners classify; this hook adds LINT's
verdict as notes on the changes it concerns, so a reviewer sees the same words
`mcpvcr lint` would print. Only the items that changed are linted (old and new
versions), which keeps it cheap on big servers. `security.cross_tool_instruction`
is left to the diff's own cross-tool scanner: it needs every tool name of the
server, which the small cassettes here do not carry.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any, Final

from mcpvcr.cassette import Cassette
from mcpvcr.diff.model import Change
from mcpvcr.jsonpointer import pointer, unescape

SKIPPED: Final = ("security.cross_tool_instruction",)

REWORDINGS: Final = frozenset(
    {
        "tool.description.changed",
        "tool.title.changed",
        "tool.annotations_title.changed",
        "input.property.description.changed",
        "server.instructions.changed",
    }
)
"""Model-visible text rewritten: `security` only when the scanner finds a new error in the
new text (issue 22); an honest rewording is `info`, its word diff still shown."""

WORD_CUES: Final = frozenset(
    {
        "description.suspicious_words_added",
        "description.url_or_email_added",
        "description.coercive_priority_added",
        "description.exfiltration_language_added",
    }
)
"""The diff's own word-level cues: `security` only beside a new scanner error on the item."""


def _tool_of(location: str) -> str | None:
    parts = location.split("/")
    if len(parts) >= 3 and parts[1] == "tools":
        return unescape(parts[2])
    return None


def _mini(cassette: Cassette, tools: set[str]) -> Cassette:
    """The cassette cut down to the given tools (plus instructions, resources, prompts)."""
    body: dict[str, Any] = dict(cassette.body)
    body["tools"] = {
        "items": [t for t in cassette.tools if isinstance(t, dict) and t.get("name") in tools],
        "pageSizes": [],
    }
    return Cassette(header=cassette.header, body=body)


def _findings(cassette: Cassette) -> set[tuple[str, tuple[tuple[str, str], ...], str, str]]:
    from mcpvcr.config import LintConfig
    from mcpvcr.lint import lint

    config = LintConfig(select=("security",), ignore=SKIPPED)
    return {
        (f.code, tuple(sorted(f.location.items())), f.message, f.severity)
        for f in lint(cassette, config)
    }


def add_lint_notes(old: Cassette, new: Cassette, changes: Iterable[Change]) -> list[Change]:
    """`changes` with a note on each change whose new text trips a LINT security rule."""
    found = list(changes)
    tools = {name for c in found if (name := _tool_of(c.location)) is not None}
    server_level = any(not c.location.startswith("/tools/") for c in found)
    if not found or (not tools and not server_level):
        return found
    try:
        fresh = _findings(_mini(new, tools)) - _findings(_mini(old, tools))
    except ImportError:  # a build without the linter: the diff's own scanners still ran
        return found
    notes: dict[int, list[str]] = {}
    flagged: set[int] = set()
    for code, location, message, severity in sorted(fresh):
        index = _target(found, dict(location))
        if index is not None:
            notes.setdefault(index, []).append(f"mcpvcr lint {code}: {message}")
            if severity == "error":
                flagged.add(index)
    return [
        _classed(
            dataclasses.replace(c, notes=(*c.notes, *notes[i])) if i in notes else c,
            i in flagged,
        )
        for i, c in enumerate(found)
    ]


def reclassify_cues(old: Cassette, new: Cassette, changes: list[Change]) -> list[Change]:
    """The diff's word cues stay `security` only on an item where the scanner finds a new
    error (a new URL in an honest rewording is `info`)."""
    cues = [c for c in changes if c.rule in WORD_CUES and c.cls == "security"]
    if not cues:
        return changes
    tools = {name for c in cues if (name := _tool_of(c.location)) is not None}
    try:
        fresh = _findings(_mini(new, tools)) - _findings(_mini(old, tools))
    except ImportError:
        return changes
    flagged = {
        pointer("tools", tool) if (tool := dict(loc).get("tool")) is not None else "/server"
        for _, loc, _, severity in fresh
        if severity == "error"
    }
    return [
        dataclasses.replace(c, cls="info")
        if c.rule in WORD_CUES and c.cls == "security" and _item(c.location) not in flagged
        else c
        for c in changes
    ]


def _item(location: str) -> str:
    """`/tools/NAME` for a tool's location, else `/server`."""
    parts = location.split("/")
    return "/".join(parts[:3]) if len(parts) >= 3 and parts[1] == "tools" else "/server"


def _classed(change: Change, flagged: bool) -> Change:
    if change.rule not in REWORDINGS:
        return change
    cls = "security" if flagged else "info"
    return change if change.cls == cls else dataclasses.replace(change, cls=cls)


def _target(changes: list[Change], location: dict[str, str]) -> int | None:
    """The change a finding belongs to: a text change of that item first, else any change."""
    tool = location.get("tool")
    if tool is not None:
        prefix = pointer("tools", tool)
        candidates = [i for i, c in enumerate(changes) if c.location.startswith(prefix)]
    else:
        candidates = [i for i, c in enumerate(changes) if not c.location.startswith("/tools/")]
    texts = [
        i for i in candidates if changes[i].text_diff is not None or ".added" in changes[i].rule
    ]
    chosen = texts or candidates
    return chosen[0] if chosen else None
