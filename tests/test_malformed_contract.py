"""A hostile contract (no names, no schemas, recursive $ref, 300-level nesting,
duplicate names) is recorded with the fuzz pass and every offline command
reads it without an internal error."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mcpvcr import store
from tests.live.helpers import run_mcpvcr

REPO = Path(__file__).resolve().parent.parent
SERVER = f"{sys.executable} -m tests.servers malformed_contract"


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("malformed") / "malformed.mcpvcr"
    done = run_mcpvcr("record", "--fuzz", "--stdio", SERVER, "-o", str(out))
    assert done.returncode == 0, done.stderr
    return out


def test_fuzz_pass_completes_on_a_hostile_contract(recorded: Path) -> None:
    cassette = store.load(recorded)
    assert cassette.complete, cassette.header["incomplete"]
    assert cassette.interactions
    notes = cassette.body["coverage"]["noValidCase"]
    assert any("nested too deeply" in reason for reason in notes.values()), notes


@pytest.mark.parametrize(
    "argv",
    [
        ["show", "{f}"],
        ["lint", "{f}"],
        ["score", "{f}"],
        ["score", "{f}", "--format", "html"],
        ["score", "{f}", "--format", "sarif"],
        ["diff", "{f}", "{f}"],
        ["gate", "{f}", "{f}"],
    ],
    ids=lambda argv: " ".join(a for a in argv if a != "{f}"),
)
def test_every_offline_command_reads_it(argv: list[str], recorded: Path) -> None:
    done = run_mcpvcr(*[part.format(f=recorded) for part in argv])
    assert done.returncode in (0, 1), done.stderr
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr


def test_deep_schema_is_reported_not_crashed_on(recorded: Path) -> None:
    done = run_mcpvcr("lint", str(recorded), "--format", "json")
    assert "nested too deeply to check" in done.stdout
