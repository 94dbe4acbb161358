"""`RecordMode`: one enum for the CLI, the pytest plugin and the library; `once` decided once."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mcpvcr import store
from mcpvcr.pytest_plugin import RecordMode as PluginRecordMode
from mcpvcr.replay.modes import RecordMode, Resolved, resolve
from tests.replay.test_modes import DEMO, INIT, INITIALIZED, REPO, call

pytest_plugins = ["pytester"]


def test_parse_names_the_valid_modes() -> None:
    assert RecordMode.parse("new_episodes") is RecordMode.NEW_EPISODES
    assert RecordMode.parse(RecordMode.ALL) is RecordMode.ALL
    with pytest.raises(ValueError, match=r"'new-episodes' is not a record mode \(one of 'none'"):
        RecordMode.parse("new-episodes")


@pytest.mark.parametrize(
    ("mode", "exists", "target", "expected"),
    [
        (RecordMode.ONCE, False, True, Resolved(RecordMode.NEW_EPISODES, record_first=True)),
        (RecordMode.ONCE, True, True, Resolved(RecordMode.NONE, record_first=False)),
        (RecordMode.NONE, True, False, Resolved(RecordMode.NONE, record_first=False)),
        (RecordMode.NEW_EPISODES, True, True, Resolved(RecordMode.NEW_EPISODES, False)),
        (RecordMode.ALL, True, True, Resolved(RecordMode.ALL, record_first=False)),
    ],
)
def test_resolve(mode: RecordMode, exists: bool, target: bool, expected: Resolved) -> None:
    assert resolve(mode, cassette_exists=exists, has_target=target) == expected


@pytest.mark.parametrize("mode", [RecordMode.ONCE, RecordMode.NEW_EPISODES, RecordMode.ALL])
def test_modes_that_reach_a_server_need_a_target(mode: RecordMode) -> None:
    with pytest.raises(ValueError, match="needs a target"):
        resolve(mode, cassette_exists=True, has_target=False)


def test_the_plugin_exposes_the_core_enum() -> None:
    assert PluginRecordMode is RecordMode
    assert not RecordMode.NONE.forwards and RecordMode.NEW_EPISODES.forwards


def test_plugin_refuses_an_unknown_mode(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import pytest

        @pytest.mark.mcpvcr("x.mcpvcr", record_mode="sometimes")
        def test_it(mcpvcr_server):
            pass
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*'sometimes' is not a record mode*"])


def test_plugin_once_records_a_missing_cassette(pytester: pytest.Pytester, tmp_path: Path) -> None:
    """The marker's record_mode=ONCE reaches `mcpvcr replay`, which records the cassette first."""
    cassette = tmp_path / "new.mcpvcr"
    args_file = tmp_path / "args.txt"
    pytester.makepyfile(
        f"""
        import pytest
        from mcpvcr.pytest_plugin import RecordMode

        @pytest.mark.mcpvcr({str(cassette)!r}, record_mode=RecordMode.ONCE, target={DEMO!r})
        def test_it(mcpvcr_server):
            open({str(args_file)!r}, "w").write("\\n".join(mcpvcr_server.args))
        """
    )
    pytester.runpytest_subprocess("-p", "no:cacheprovider").assert_outcomes(passed=1)
    args = args_file.read_text().splitlines()
    assert args[args.index("--mode") + 1] == "once" and not cassette.exists()
    messages = [INIT, INITIALIZED, call(2, "greet", {"name": "Ada"})]
    done = subprocess.run(
        [sys.executable, *args],
        input="".join(json.dumps(m) + "\n" for m in messages),
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Hello, Ada!" in done.stdout
    assert store.load(cassette).tools  # recorded first, then served
