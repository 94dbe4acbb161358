"""pytest: gate a server's behaviour on a recorded baseline (the `mcpvcr_verify` fixture).

    @pytest.mark.mcpvcr_verify("cassettes/server.mcpvcr", stdio="python -m my_server")
    def test_server_behaves_as_recorded(mcpvcr_verify):
        assert mcpvcr_verify.changes == []          # or just take the fixture

The record mode decides what happens (marker `record_mode=`, or `--mcpvcr-record-mode`
for the whole run, which wins):

- `once` (default): no baseline yet -> record one (`record --fuzz`, plus the
  marker's `scenarios=` file) and pass; a baseline -> `verify` against it;
- `none`: only verify; a missing baseline fails the test (use this in CI);
- `all`: re-record the baseline on every run (`verify --update`), on purpose.

The test fails when `verify` finds a change in `fail_on` (default
`breaking,security`), with the report as the failure message. Paths are relative
to the pytest root. The server runs as a separate process; nothing imports `mcp`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import pytest

from mcpvcr.replay.modes import RecordMode

VERIFY_MODES: Final = (RecordMode.ONCE, RecordMode.NONE, RecordMode.ALL)
"""The record modes of a verify baseline (new_episodes has no meaning for one)."""
RECORD_MODES: Final = tuple(mode.value for mode in VERIFY_MODES)


@dataclass(frozen=True, kw_only=True)
class VerifyResult:
    """What the fixture did: `recorded` a new baseline, or verified (`changes` as JSON)."""

    baseline: Path
    recorded: bool
    changes: list[dict[str, Any]] = field(default_factory=list)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--mcpvcr-record-mode",
        choices=RECORD_MODES,
        default=None,
        help="mcpvcr_verify: once (record a missing baseline, else verify), none, all.",
    )


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mcpvcr", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        check=False,
    )


@pytest.fixture
def mcpvcr_verify(request: pytest.FixtureRequest) -> VerifyResult:
    """Record or verify the marked server against its baseline (see the module docstring)."""
    marker = request.node.get_closest_marker("mcpvcr_verify")
    if marker is None or not (marker.args or marker.kwargs.get("baseline")):
        raise pytest.UsageError(
            f"{request.node.nodeid}: mark the test with"
            " @pytest.mark.mcpvcr_verify('baseline.mcpvcr', stdio='COMMAND')"
        )
    root = Path(request.config.rootpath)
    baseline = Path(marker.args[0] if marker.args else marker.kwargs["baseline"])
    baseline = baseline if baseline.is_absolute() else root / baseline
    target = _target(marker.kwargs, request.node.nodeid)
    raw = request.config.getoption("--mcpvcr-record-mode") or marker.kwargs.get(
        "record_mode", RecordMode.ONCE
    )
    try:
        mode = RecordMode.parse(raw)
    except ValueError:
        mode = None
    if mode not in VERIFY_MODES:
        raise pytest.UsageError(f"{request.node.nodeid}: record_mode must be one of {RECORD_MODES}")
    if mode is RecordMode.ALL or (mode is RecordMode.ONCE and not baseline.exists()):
        return _record(baseline, target, marker.kwargs, root, update=baseline.exists())
    if not baseline.exists():
        pytest.fail(f"{baseline}: no baseline (record mode none); record one with mode once")
    fail_on = str(marker.kwargs.get("fail_on", "breaking,security"))
    done = _run(["verify", str(baseline), *target, "--format", "json", "--fail-on", fail_on], root)
    if done.returncode not in (0, 1):
        pytest.fail(f"mcpvcr verify could not run: {done.stderr.strip()}")
    changes = json.loads(done.stdout)["changes"] if done.stdout.strip() else []
    if done.returncode == 1:
        text = _run(["verify", str(baseline), *target, "--fail-on", "none"], root).stdout
        pytest.fail(f"behaviour changed against {baseline}:\n{text}", pytrace=False)
    return VerifyResult(baseline=baseline, recorded=False, changes=changes)


def _target(kwargs: dict[str, Any], nodeid: str) -> list[str]:
    if kwargs.get("stdio"):
        return ["--stdio", str(kwargs["stdio"])]
    if kwargs.get("url"):
        return [str(kwargs["url"])]
    raise pytest.UsageError(f"{nodeid}: mcpvcr_verify needs stdio='COMMAND' or url='http://...'")


def _record(
    baseline: Path, target: list[str], kwargs: dict[str, Any], root: Path, *, update: bool
) -> VerifyResult:
    if update:
        done = _run(["verify", str(baseline), *target, "--update"], root)
    else:
        args = ["record", *target, "-o", str(baseline)]
        if kwargs.get("fuzz", True):
            args.insert(1, "--fuzz")
        if kwargs.get("scenarios"):
            scenarios = Path(str(kwargs["scenarios"]))
            path = scenarios if scenarios.is_absolute() else root / scenarios
            args[1:1] = ["--scenarios", str(path)]
        os.makedirs(baseline.parent, exist_ok=True)
        done = _run(args, root)
    if done.returncode != 0:
        pytest.fail(f"mcpvcr could not record {baseline}: {done.stderr.strip()}")
    return VerifyResult(baseline=baseline, recorded=True)
