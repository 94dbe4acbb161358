"""Issue 23 item 12: a fleet index names cassettes only inside its own directory.

The `cassette` field of `fleet-index.json` could be absolute or `../`: `score DIR/`
read outside DIR and said whether files existed there. Now it is refused with
one line that reads the same whether or not the file exists.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mcpvcr import store
from tests.builders import cassette, tool
from tests.live.helpers import run_mcpvcr


def _fleet(base: Path, name: str) -> Path:
    fleet = base / "fleet"
    fleet.mkdir(exist_ok=True)
    entry = {"key": "srv", "name": "srv", "outcome": "recorded", "cassette": name}
    (fleet / "fleet-index.json").write_text(json.dumps({"format": 1, "servers": [entry]}))
    return fleet


@pytest.mark.parametrize("where", ["../outside.mcpvcr", "ABS", "sub/../../outside.mcpvcr", "LINK"])
def test_score_dir_refuses_a_cassette_outside_and_says_nothing_of_existence(
    tmp_path: Path, where: str
) -> None:
    store.save(cassette(tools=[tool(name="secret_tool_name")]), tmp_path / "outside.mcpvcr")
    messages = []
    for target in ("outside.mcpvcr", "missing.mcpvcr"):  # one exists, one does not
        name = {
            "ABS": str(tmp_path / target),
            "LINK": "link.mcpvcr",
        }.get(where, where.replace("outside.mcpvcr", target))
        fleet = _fleet(tmp_path, name)
        link = fleet / "link.mcpvcr"
        link.unlink(missing_ok=True)
        if where == "LINK":
            link.symlink_to(tmp_path / target)
        run = run_mcpvcr("score", str(fleet) + "/")
        assert run.returncode == 2, run.stdout + run.stderr
        assert "secret_tool_name" not in run.stdout + run.stderr
        assert len(run.stderr.strip().splitlines()) == 1
        assert "not a file name inside" in run.stderr
        messages.append(run.stderr.replace("missing", "outside"))
    assert messages[0] == messages[1]  # the same line whether the file exists or not


def test_a_cassette_inside_the_directory_is_scored(tmp_path: Path) -> None:
    fleet = _fleet(tmp_path, "srv.mcpvcr")
    store.save(cassette(tools=[tool(name="inside_tool")]), fleet / "srv.mcpvcr")
    run = run_mcpvcr("score", str(fleet) + "/")
    assert run.returncode == 0, run.stderr
    assert "srv" in run.stdout
