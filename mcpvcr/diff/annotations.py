"""Tool annotations compared by EFFECTIVE value: an absent hint means the spec's default.

Hosts decide approvals on these hints, so a hint turning risky (no longer
read-only, now destructive or open-world) is `security` even though the schema
did not change. Hints are untrusted: one turning reassuring is only `info`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from mcpvcr.diff.model import ABSENT, Change, make, pointer
from mcpvcr.diff.norm import canon
from mcpvcr.diff.text import text_change

HINT_DEFAULTS: Final = {
    "readOnlyHint": False,
    "destructiveHint": True,
    "idempotentHint": False,
    "openWorldHint": True,
}
"""The spec's defaults: an absent hint means the most cautious reading."""

HINT_RULES: Final = (
    # (hint, (old, new) effective values, rule, message, only meaningful when not read-only)
    (
        "readOnlyHint",
        (True, False),
        "annotation.read_only.dropped",
        "is no longer read-only; hosts that auto-approved it as read-only must ask again",
        False,
    ),
    (
        "readOnlyHint",
        (False, True),
        "annotation.read_only.added",
        "now claims to be read-only (a hint, never a reason to relax approval)",
        False,
    ),
    (
        "destructiveHint",
        (False, True),
        "annotation.destructive.raised",
        "may now destroy data (destructiveHint became true); re-review approval",
        True,
    ),
    (
        "destructiveHint",
        (True, False),
        "annotation.destructive.lowered",
        "now claims not to be destructive",
        True,
    ),
    (
        "idempotentHint",
        (True, False),
        "annotation.idempotent.dropped",
        "is no longer idempotent; clients that retry on time-out may now apply it twice",
        True,
    ),
    (
        "idempotentHint",
        (False, True),
        "annotation.idempotent.added",
        "is now idempotent; retries are safe",
        True,
    ),
    (
        "openWorldHint",
        (False, True),
        "annotation.open_world.raised",
        "now reaches external systems (openWorldHint became true); a new exfiltration path",
        False,
    ),
    (
        "openWorldHint",
        (True, False),
        "annotation.open_world.lowered",
        "now claims to stay inside a closed world",
        False,
    ),
)


def effective(annotations: dict[str, Any], hint: str) -> bool:
    value = annotations.get(hint)
    return value if isinstance(value, bool) else HINT_DEFAULTS[hint]


def compare_annotations(old: Any, new: Any, name: str, others: Iterable[str] = ()) -> list[Change]:
    """Changes of one tool's annotations: hints by effective value, then title and extras."""
    old_a = old if isinstance(old, dict) else {}
    new_a = new if isinstance(new, dict) else {}
    base = ("tools", name, "annotations")
    writable = not effective(old_a, "readOnlyHint") and not effective(new_a, "readOnlyHint")
    out: list[Change] = []
    fired: set[str] = set()
    for hint, values, rule, message, needs_writable in HINT_RULES:
        if (effective(old_a, hint), effective(new_a, hint)) != values:
            continue
        if needs_writable and not writable:
            continue  # destructive/idempotent mean nothing for a read-only tool
        fired.add(hint)
        out.append(
            make(
                rule,
                pointer(*base, hint),
                f"tool '{name}' {message}",
                old_a.get(hint, ABSENT),
                new_a.get(hint, ABSENT),
            )
        )
    out.extend(_restated(old_a, new_a, name, fired))
    out.extend(_title_and_extras(old_a, new_a, name, others))
    return out


def _restated(old: dict[str, Any], new: dict[str, Any], name: str, fired: set[str]) -> list[Change]:
    """Explicit hints equal to the default appearing or disappearing: no promise changed."""
    out: list[Change] = []
    for hint in HINT_DEFAULTS:
        before, after = old.get(hint, ABSENT), new.get(hint, ABSENT)
        if hint in fired or canon(before) == canon(after):
            continue
        if effective(old, hint) == effective(new, hint):
            out.append(
                make(
                    "annotation.restated",
                    pointer("tools", name, "annotations", hint),
                    f"tool '{name}' {hint} restated (explicit value equal to the default, or the"
                    " reverse); no promise changed",
                    before,
                    after,
                )
            )
    return out


def _title_and_extras(
    old: dict[str, Any], new: dict[str, Any], name: str, others: Iterable[str]
) -> list[Change]:
    out: list[Change] = []
    base = ("tools", name, "annotations")
    if canon(old.get("title", ABSENT)) != canon(new.get("title", ABSENT)):
        out.extend(
            text_change(
                "tool.annotations_title.changed",
                pointer(*base, "title"),
                f"tool '{name}' annotations.title",
                old.get("title", ABSENT),
                new.get("title", ABSENT),
                others,
                self_name=name,
            )
        )
    for key in sorted((set(old) | set(new)) - set(HINT_DEFAULTS) - {"title"}):
        if canon(old.get(key, ABSENT)) != canon(new.get(key, ABSENT)):
            out.append(
                make(
                    "annotation.unknown_key.changed",
                    pointer(*base, key),
                    f"tool '{name}' annotation '{key}' changed (not a standard hint)",
                    old.get(key, ABSENT),
                    new.get(key, ABSENT),
                )
            )
    return out
