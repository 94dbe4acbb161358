"""The `.mcpvcr-ignore.toml` accept-list: matching, reasons, expiry, validation."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from mcpvcr.diff import Changes, diff
from mcpvcr.errors import UsageError
from mcpvcr.ignore import apply_ignore, load_ignore, parse_ignore
from tests.diff.helpers import cassette, tool

TODAY = dt.date(2026, 11, 30)


def _changes() -> Changes:
    old = cassette(tools=[tool("a"), tool("b"), tool("c", description="Old.")])
    new = cassette(tools=[tool("c", description="New.")])
    return diff(old, new)


def test_rule_and_location_select_changes() -> None:
    entries = parse_ignore(
        {"ignore": [{"rule": "tool.removed", "location": "/tools/a", "reason": "Planned."}]}
    )
    result = apply_ignore(_changes(), entries, TODAY)
    assert [(c.rule, c.location) for c in result.changes.ignored] == [("tool.removed", "/tools/a")]
    assert ("tool.removed", "/tools/b") in [(c.rule, c.location) for c in result.changes.changes]
    assert not result.unused and not result.expired


def test_expiry_is_inclusive_of_the_day_and_reported() -> None:
    entries = parse_ignore(
        {
            "ignore": [
                {
                    "rule": rule,
                    "location": "/tools/*",
                    "reason": "Until the release.",
                    "expires": TODAY,
                }
                for rule in ("tool.removed", "tool.description.changed")
            ]
        }
    )
    result = apply_ignore(_changes(), entries, TODAY)
    assert not result.changes.ignored
    assert result.expired == tuple(entries)
    assert len(result.loud_lines()) == 2
    still = apply_ignore(_changes(), entries, TODAY - dt.timedelta(days=1))
    assert len(still.changes.ignored) == len(_changes().changes)


def test_unused_entries_are_reported() -> None:
    entries = parse_ignore(
        {"ignore": [{"rule": "prompt.removed", "location": "/prompts/p", "reason": "Old."}]}
    )
    assert apply_ignore(_changes(), entries, TODAY).unused == tuple(entries)


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ({"ignore": [{"rule": "tool.removed", "location": "/t"}]}, "needs a 'reason'"),
        ({"ignore": [{"rule": "tool.removed", "location": "/t", "reason": " "}]}, "'reason'"),
        ({"ignore": [{"reason": "x"}]}, "needs a 'rule'"),
        ({"ignore": [{"rule": "tool.removed", "reason": "y"}]}, "needs a 'location'"),
        ({"ignore": [{"rule": "x", "reason": "y", "until": "2027-01-01"}]}, "unknown key 'until'"),
        (
            {"ignore": [{"rule": "tool.removed", "location": "/t", "reason": "y", "expires": "x"}]},
            "invalid 'expires'",
        ),
        ({"ignore": {"rule": "x"}}, "array of tables"),
        ({"accept": []}, "unknown top-level key 'accept'"),
        ({"ignore": ["x"]}, "is not a table"),
    ],
)
def test_invalid_documents_are_usage_errors(document: dict[str, object], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        parse_ignore(document, "ign.toml")


def test_load_reads_toml_dates_and_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "ign.toml"
    path.write_text(
        '[[ignore]]\nrule = "tool.removed"\nlocation = "/tools/a"\nreason = "b"\n'
        "expires = 2027-01-31\n"
    )
    [entry] = load_ignore(path)
    assert entry.expires == dt.date(2027, 1, 31)
    path.write_text("[[ignore]\n")
    with pytest.raises(UsageError, match=f"{path}: not valid TOML"):
        load_ignore(path)
    with pytest.raises(UsageError, match="no such ignore file"):
        load_ignore(tmp_path / "missing.toml")
