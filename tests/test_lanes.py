"""`python -m tests.lanes` (what `.ci/run` runs): lanes in order, timed, failures counted."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests import lanes

REPO = Path(__file__).resolve().parent.parent


def test_ci_runs_the_lanes_and_the_lanes_split_on_the_real_target_marker() -> None:
    last = (REPO / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    assert last.endswith(".venv/bin/python -m tests.lanes")
    assert list(lanes.LANES) == ["lint", "offline", "real"]
    offline, real = lanes.LANES["offline"][-1], lanes.LANES["real"][-1]
    assert offline[offline.index("-m", 3) + 1] == "not real_target"
    assert real[real.index("-m", 3) + 1] == "real_target"
    lint = [" ".join(step[2:4]) for step in lanes.LANES["lint"]]
    assert lint == ["ruff check", "ruff format", "mypy mcpvcr"]


@pytest.mark.parametrize(
    ("line", "counts"),
    [
        ("2092 passed, 5 skipped in 168.12s (0:02:48)", {"passed": 2092, "skipped": 5}),
        ("==== 1 failed, 3 passed, 2 warnings in 0.50s ====", {"failed": 1, "passed": 3}),
        ("1 error in 0.1s", {"error": 1}),
    ],
)
def test_a_pytest_summary_line_is_read(line: str, counts: dict[str, int]) -> None:
    match = lanes.SUMMARY.match(line)
    assert match is not None
    lane = lanes.Lane("x")
    for number, word in lanes.COUNT.findall(match["body"]):
        lane.counts[word.rstrip("s") if word != "passed" else word] += int(number)
    assert {k: v for k, v in lane.counts.items() if k in counts} == counts


def test_other_lines_are_no_summary() -> None:
    assert lanes.SUMMARY.match("tests/test_x.py::test_y PASSED in order") is None
    assert lanes.SUMMARY.match("ran 3 steps") is None


def test_every_lane_runs_and_a_failure_makes_the_exit_code_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    say = [sys.executable, "-c"]
    monkeypatch.setattr(
        lanes,
        "LANES",
        {
            "a": [[*say, "print('1 failed, 2 passed in 0.10s'); raise SystemExit(1)"]],
            "b": [[*say, "print('3 passed, 1 skipped in 0.20s')"]],
        },
    )
    assert lanes.main([]) == 1
    out = capsys.readouterr().out.splitlines()
    assert any(line.startswith("lane a") and "FAILED" in line for line in out)
    assert any(line.startswith("lane b") and "passed" in line for line in out)
    assert out[-1].startswith("======= 1 failed, 5 passed, 1 skipped in ")
    monkeypatch.setitem(lanes.LANES, "a", [[*say, "print('1 passed in 0.1s')"]])
    assert lanes.main(["a"]) == 0  # mirror: all green is exit 0


def test_an_unknown_lane_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as done:
        lanes.main(["fast"])
    assert done.value.code == 2
