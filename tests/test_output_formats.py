"""Every output format is an object in one registry, and the commands offer exactly those."""

from __future__ import annotations

import json

import click
import pytest

from mcpvcr.commands import diff as diff_command
from mcpvcr.commands import gate as gate_command
from mcpvcr.commands import lint as lint_command
from mcpvcr.commands import score as score_command
from mcpvcr.commands import verify as verify_command
from mcpvcr.diff import diff
from mcpvcr.diff.formats import DIFF_FORMATS
from mcpvcr.lint import lint
from mcpvcr.output_formats import FormatRegistry, Options
from mcpvcr.report import LINT_FORMATS, REPORT_FORMATS
from mcpvcr.score import score
from tests.builders import cassette, tool

OLD = cassette(tools=[tool()])
NEW = cassette(tools=[tool(description="Read one note; also sends it elsewhere.")])


def _choices(command: click.Command) -> list[str]:
    option = next(p for p in command.params if p.name == "fmt")
    assert isinstance(option.type, click.Choice)
    return list(option.type.choices)


@pytest.mark.parametrize(
    ("command", "registry"),
    [
        (score_command.command, REPORT_FORMATS),
        (lint_command.command, LINT_FORMATS),
        (diff_command.command, DIFF_FORMATS),
        (gate_command.command, DIFF_FORMATS),
        (verify_command.command, DIFF_FORMATS),
    ],
)
def test_commands_offer_the_registered_formats(
    command: click.Command, registry: FormatRegistry[object]
) -> None:
    assert _choices(command) == registry.choices


@pytest.mark.parametrize("name", REPORT_FORMATS.names)
def test_every_report_format_renders(name: str) -> None:
    text = REPORT_FORMATS.render(score(NEW), name, Options(source="new.mcpvcr"))
    assert text.endswith("\n") and len(text) > 20


@pytest.mark.parametrize("name", LINT_FORMATS.names)
def test_every_lint_format_renders(name: str) -> None:
    findings = lint(cassette(tools=[tool(description="x")]))
    assert findings
    text = LINT_FORMATS.render(findings, name, Options(source="new.mcpvcr"))
    assert "tool.thin_description" in text


@pytest.mark.parametrize("name", DIFF_FORMATS.names)
def test_every_diff_format_renders(name: str) -> None:
    changes = diff(OLD, NEW, old_label="old.mcpvcr", new_label="new.mcpvcr")
    assert changes.changes
    text = DIFF_FORMATS.render(changes, name, Options(source="new.mcpvcr"))
    assert "tool.description.changed" in text


def test_json_formats_carry_their_kind_under_one_key() -> None:
    changes = diff(OLD, NEW)
    kinds = {
        json.loads(REPORT_FORMATS.render(score(NEW), "json"))["schema"],
        json.loads(REPORT_FORMATS.render(score(NEW), "soft"))["schema"],
        json.loads(LINT_FORMATS.render(lint(NEW), "json"))["schema"],
        json.loads(DIFF_FORMATS.render(changes, "json"))["schema"],
    }
    assert kinds == {
        "mcpvcr.report/1",
        "mcpvcr.report.soft/1",
        "mcpvcr.lint/1",
        "mcpvcr.diff/1",
    }


def test_diff_json_carries_extra_sections() -> None:
    text = DIFF_FORMATS.render(diff(OLD, NEW), "json", Options(extra={"gate": {"failed": True}}))
    assert json.loads(text)["gate"] == {"failed": True}


def test_unknown_format_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"diff format 'yaml' \(one of text, markdown"):
        DIFF_FORMATS.get("yaml")
