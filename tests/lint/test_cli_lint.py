"""`mcpvcr lint` on the command line: formats, exit codes, selection."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mcpvcr import store
from mcpvcr.cli import run
from tests.builders import cassette
from tests.golden.demo_cassette import demo_cassette


@pytest.fixture
def demo_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.chdir(tmp_path)  # no config file above tmp_path's own folder
    path = tmp_path / "demo.mcpvcr"
    store.save(demo_cassette(), path)
    return "demo.mcpvcr"


def test_lint_exits_1_on_an_error_and_prints_lines(
    demo_file: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["lint", demo_file]) == 1
    out, err = capsys.readouterr()
    assert (
        "demo.mcpvcr: error tool.missing_description [greet] Tool 'greet' has no description."
        in out
    )
    assert out.rstrip().endswith("20 finding(s): 1 error, 9 warning, 10 info")
    assert err == "mcpvcr: demo.mcpvcr: 1 finding(s) at or above error\n"


def test_lint_fail_on_never_and_select(demo_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["lint", demo_file, "--fail-on", "never"]) == 0
    capsys.readouterr()
    assert run(["lint", demo_file, "--select", "tool.no_annotations"]) == 0
    assert run(["lint", demo_file, "--select", "tool.no_annotations", "--fail-on", "info"]) == 1


def test_lint_clean_cassette_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store.save(cassette(), tmp_path / "clean.mcpvcr")
    assert run(["lint", str(tmp_path / "clean.mcpvcr"), "--fail-on", "info"]) == 0
    assert capsys.readouterr().out == "No findings.\n"


def test_lint_json_format(demo_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    run(["lint", demo_file, "--format", "json", "--fail-on", "never"])
    document = json.loads(capsys.readouterr().out)
    assert document["schema"] == "mcpvcr.lint/1"
    assert document["summary"] == {"total": 20, "error": 1, "warning": 9, "info": 10}
    assert document["findings"][0]["code"] == "tool.no_annotations"


def test_unknown_selector_is_a_usage_error(
    demo_file: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["lint", demo_file, "--ignore", "tol"]) == 2
    assert "'tol' matches no lint rule" in capsys.readouterr().err


def test_missing_file_cannot_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["lint", str(tmp_path / "nope.mcpvcr")]) == 3
    err = capsys.readouterr().err
    assert "nope.mcpvcr" in err and err.count("\n") == 1 and "Traceback" not in err


def test_corrupt_file_cannot_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.mcpvcr").write_bytes(b"\x00not a cassette")
    assert run(["lint", str(tmp_path / "bad.mcpvcr")]) == 3
    assert "Traceback" not in capsys.readouterr().err


def test_list_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["lint", "--list-rules"]) == 0
    out = capsys.readouterr().out
    assert "security.poisoning_marker" in out and "tool.missing_description" in out


def test_config_file_applies(
    demo_file: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "mcpvcr.toml").write_text(
        'ignore = ["tool.missing_description"]\n', encoding="utf-8"
    )
    assert run(["lint", demo_file]) == 0
    assert "tool.missing_description" not in capsys.readouterr().out


def test_untrusted_text_is_neutralised_in_terminal_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.builders import tool

    store.save(
        cassette(tools=[tool(name="evil\x1b[2J\u202e", description=None)]), tmp_path / "e.mcpvcr"
    )
    run(["lint", str(tmp_path / "e.mcpvcr")])
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out and "\\x1b" in out
