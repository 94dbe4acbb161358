"""`mcpvcr record` command-line behaviour: usage errors, overwrite policy, output streams."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcpvcr import store
from mcpvcr.cli import run
from tests.live.helpers import fake_command, run_mcpvcr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-o", "x.mcpvcr"], "no target"),
        (["my-server", "-o", "x.mcpvcr"], "is not a URL"),
        (["--stdio", "srv", "--bearer", "t", "-o", "x.mcpvcr"], "apply to HTTP servers only"),
        (["--stdio", "srv", "--scrub", "(", "-o", "x.mcpvcr"], "not a regular expression"),
        (["--config", "missing.json", "--server", "a", "-o", "x.mcpvcr"], "no such config file"),
        (["--stdio", "srv", "--protocol", "v9", "-o", "x.mcpvcr"], "Invalid value"),
    ],
)
def test_usage_errors_exit_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code = run(["record", *args])
    captured = capsys.readouterr()
    assert code == 2
    assert message in captured.err
    assert captured.out == ""
    assert "Traceback" not in captured.err


def test_help_lists_the_target_and_recording_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["record", "--help"]) == 0
    text = capsys.readouterr().out
    for option in (
        "--stdio",
        "--config",
        "--server",
        "--transport",
        "--header",
        "--bearer",
        "--env",
        "--cwd",
        "--timeout",
        "--protocol",
        "--fuzz",
        "--seed",
        "-o",
    ):
        assert option in text


def test_empty_recording_never_replaces_a_cassette_unless_forced(tmp_path: Path) -> None:
    out = tmp_path / "c.mcpvcr"
    good = run_mcpvcr("record", "--stdio", fake_command("paged"), "-o", str(out))
    assert good.returncode == 0
    before = out.read_bytes()
    empty = run_mcpvcr("record", "--stdio", fake_command("empty"), "-o", str(out))
    assert empty.returncode == 3
    assert "listed no tools" in empty.stderr and "--force" in empty.stderr
    assert out.read_bytes() == before
    forced = run_mcpvcr("record", "--stdio", fake_command("empty"), "-o", str(out), "--force")
    assert forced.returncode == 0
    assert store.load(out).tools == []


def test_empty_recording_to_a_new_file_is_written(tmp_path: Path) -> None:
    out = tmp_path / "new.mcpvcr"
    done = run_mcpvcr("record", "--stdio", fake_command("empty"), "-o", str(out))
    assert done.returncode == 0
    cassette = store.load(out)
    # nothing advertised, so no list was asked for
    assert all(
        cassette.list_record(k) == {"items": [], "pageSizes": []} for k in ("tools", "prompts")
    )


def test_unwritable_output_is_a_one_line_error(tmp_path: Path) -> None:
    out = tmp_path / "no-such-dir" / "c.mcpvcr"
    done = run_mcpvcr("record", "--stdio", fake_command("paged"), "-o", str(out))
    assert done.returncode == 3
    assert str(out) in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("key", ["mcpServers", "servers"])
def test_record_from_a_config_file_entry(tmp_path: Path, key: str) -> None:
    import json
    import sys

    from tests.live.helpers import FAKE

    config = tmp_path / "mcp.json"
    entry = {
        "command": sys.executable,
        "args": [str(FAKE), "echo_env"],
        "env": {"FAKE_SECRET": "${MY_SECRET_VALUE}"},
    }
    config.write_text(json.dumps({key: {"fake": entry}}), encoding="utf-8")
    out = tmp_path / "c.mcpvcr"
    run = run_mcpvcr(
        "record",
        "--config",
        str(config),
        "fake",
        "-o",
        str(out),
        env={"MY_SECRET_VALUE": "s3cr3t-from-the-environment"},
    )
    assert run.returncode == 0, run.stderr
    assert f"fake ({config})" in run.stderr
    data = out.read_bytes()
    assert b"s3cr3t-from-the-environment" not in data
    cassette = store.load(out)
    assert cassette.header["target"]["envNames"] == ["FAKE_SECRET"]
    assert cassette.tool_named("tool_0")["description"] == "env says [REDACTED]"
