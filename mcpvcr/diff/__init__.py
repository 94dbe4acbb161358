"""Contract diff: classify every change between two cassettes.

`diff(old, new)` is pure and deterministic: the lists become dicts keyed by
identity, items are compared by canonical bytes first (cheap), and only the
items that differ are compared field by field with the direction-aware schema
rules. Each change carries a catalogue rule id, a class (breaking, security,
additive, info), a JSON-pointer location, old and new values and one line
saying who breaks and why.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mcpvcr.cassette import IDENTITY_KEY, Cassette
from mcpvcr.diff.lint_hook import add_lint_notes, reclassify_cues
from mcpvcr.diff.model import ABSENT, Change, Changes, make, pointer, sorted_changes
from mcpvcr.diff.norm import keyed
from mcpvcr.diff.server import compare_server, version_not_bumped
from mcpvcr.diff.surface import compare_prompts, compare_resources, compare_templates
from mcpvcr.diff.tools import compare_tools

__all__ = ["ABSENT", "COSMETIC", "Change", "Changes", "diff", "make", "pointer"]


COSMETIC = frozenset({"annotation.restated", "input.property.title_or_examples.changed"})
"""Rules the catalogue says to suppress by default (no promise changed; generator churn)."""


def diff(
    old: Cassette,
    new: Cassette,
    *,
    old_label: str = "",
    new_label: str = "",
    cosmetic: bool = False,
    ignore_paths: Mapping[str, Sequence[str]] | None = None,
) -> Changes:
    """Every classified contract change from `old` to `new`, in a stable order.

    `cosmetic` keeps the changes of COSMETIC rules (left out by default). When both
    cassettes hold recorded calls, their answers are compared too (`behaviour`);
    `ignore_paths` maps a tool name (or `*`) to answer paths left out of that.
    """
    found: list[Change] = []
    found.extend(compare_server(old, new))
    old_tools, old_dupes = keyed(old.tools, IDENTITY_KEY["tools"])
    new_tools, new_dupes = keyed(new.tools, IDENTITY_KEY["tools"])
    found.extend(compare_tools(old_tools, new_tools, new_dupes, old_dupes))
    found.extend(
        compare_resources(
            keyed(old.resources, IDENTITY_KEY["resources"])[0],
            keyed(new.resources, IDENTITY_KEY["resources"])[0],
        )
    )
    found.extend(
        compare_templates(
            keyed(old.resource_templates, IDENTITY_KEY["resourceTemplates"])[0],
            keyed(new.resource_templates, IDENTITY_KEY["resourceTemplates"])[0],
        )
    )
    found.extend(
        compare_prompts(
            keyed(old.prompts, IDENTITY_KEY["prompts"])[0],
            keyed(new.prompts, IDENTITY_KEY["prompts"])[0],
        )
    )
    if not cosmetic:
        found = [change for change in found if change.rule not in COSMETIC]
    found = add_lint_notes(old, new, [c for c in found if _lintable(c)]) + [
        c for c in found if not _lintable(c)
    ]
    found = reclassify_cues(old, new, found)  # a word cue: security only with a new scanner error
    notes = _notes(old, new)
    if old.interactions and new.interactions:
        # Both sides recorded answers: compare them too (deepdiff loads only on a difference).
        from mcpvcr.diff.behaviour import compare_behaviour

        behaviour, behaviour_notes = compare_behaviour(old, new, ignore_paths)
        found.extend(behaviour)
        notes.extend(behaviour_notes)
    breaking = sum(1 for change in found if change.cls == "breaking")
    found.extend(version_not_bumped(old, new, breaking))
    return Changes(
        changes=sorted_changes(found),
        old_label=old_label,
        new_label=new_label,
        notes=tuple(notes),
    )


def _lintable(change: Change) -> bool:
    """Changes that put new model-visible text in front of the model."""
    return change.text_diff is not None or change.rule in ("tool.added", "prompt.added")


def _notes(old: Cassette, new: Cassette) -> list[str]:
    """Facts that qualify the diff (incomplete recordings, failed lists)."""
    notes: list[str] = []
    mismatch = fuzz_mismatch(old, new)
    if mismatch:
        notes.append(mismatch)
    for side, cassette in (("old", old), ("new", new)):
        if not cassette.complete:
            reason = cassette.header.get("incomplete") or "cut short"
            notes.append(
                f"the {side} cassette is incomplete ({reason}); missing items may be false removals"
            )
        for kind in IDENTITY_KEY:
            error = cassette.list_record(kind).get("error")
            if error:
                notes.append(f"the {side} cassette's {kind} list failed ({_error_text(error)})")
    return notes


def fuzz_mismatch(old: Cassette, new: Cassette) -> str | None:
    """The warning when one side ran the behavioural pass and the other did not.

    Behaviour cannot be compared then: a fuzzed baseline against an unfuzzed
    recording would otherwise look like a score change (or hide one).
    """
    if old.fuzzed == new.fuzzed:
        return None
    fuzzed, plain = ("old", "new") if old.fuzzed else ("new", "old")
    return (
        f"the {fuzzed} cassette is fuzzed and the {plain} one is not: behaviour is not "
        "compared, and scores use only Metadata and Schema Quality (record both with --fuzz)"
    )


def _error_text(error: object) -> str:
    if isinstance(error, dict):
        return f"{error.get('code')}: {error.get('message')}"
    return str(error)
