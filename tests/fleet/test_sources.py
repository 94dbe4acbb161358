"""Fleet inputs from an mcpServers config: every server, or several named; bad entries skipped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mcpvcr.errors import UsageError
from mcpvcr.fleet.sources import config_specs
from mcpvcr.fleet.spec import ServerSpec


def config(tmp_path: Path) -> str:
    path = tmp_path / ".mcp.json"
    path.write_text(
        json.dumps(
            {
                "mcpServers": {
                    "b": {"command": "node", "args": ["b.js"], "env": {"K": "${HOME_X:-v}"}},
                    "a": {"url": "http://127.0.0.1:1/mcp", "headers": {"X": "${TOKEN_X}"}},
                    "c": {"command": "x", "env": {"K": "${NOT_SET_ANYWHERE}"}},
                    "d": {"type": "carrier-pigeon"},
                }
            }
        )
    )
    return str(path)


def test_all_servers_sorted_with_bad_entries_skipped_and_named(tmp_path: Path) -> None:
    specs = config_specs(config(tmp_path), environ={"TOKEN_X": "t0k3n"})
    assert [s.name for s in specs] == ["a", "b", "c", "d"]
    a, b, c, d = specs
    assert a.transport == "http" and dict(a.headers) == {"X": "t0k3n"}
    assert b.argv == ("node", "b.js") and dict(b.env) == {"K": "v"}
    assert c.skip == "missing-inputs" and c.missing == ("NOT_SET_ANYWHERE",)
    assert d.skip is not None and "unknown type" in d.skip


def test_named_servers_only_and_unknown_names_refused(tmp_path: Path) -> None:
    path = config(tmp_path)
    assert [s.name for s in config_specs(path, ["b", "a"], environ={"TOKEN_X": "t"})] == ["a", "b"]
    with pytest.raises(UsageError, match="no server named 'z'"):
        config_specs(path, ["z"], environ={})


def test_spec_hash_covers_names_not_secret_values() -> None:
    one = ServerSpec(name="s", argv=("x",), env={"K": "secret-1"})
    two = ServerSpec(name="s", argv=("x",), env={"K": "secret-2"})
    three = ServerSpec(name="s", argv=("x", "--flag"), env={"K": "secret-1"})
    assert one.spec_hash("none", {}) == two.spec_hash("none", {})
    assert one.spec_hash("none", {}) != three.spec_hash("none", {})
    assert one.spec_hash("none", {}) != one.spec_hash("netns", {})
    assert "secret" not in json.dumps(one.launch_spec("none", {}))


def test_stems_are_safe_and_distinct_for_names_differing_by_case() -> None:
    upper, lower = ServerSpec(name="io.x/Server"), ServerSpec(name="io.x/server")
    assert upper.stem().lower() != lower.stem().lower()
    assert "/" not in ServerSpec(name="../../etc/passwd").stem()
    assert not ServerSpec(name="../../etc/passwd").stem().startswith(".")
