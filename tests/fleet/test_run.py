"""Recording fleets for real: deterministic, shardable, resumable, and robust to hostile servers.

Real servers run in the fleet's network sandbox (`--sandbox netns`): no network.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tests.fleet.kit import (
    REAL,
    REPO,
    alive_with_marker,
    cassettes,
    demo,
    entries,
    index,
    mcpvcr,
    real,
    write_config,
    zoo,
)

pytestmark = pytest.mark.slow
# A generous request time-out: the Python servers import the MCP SDK, slow on a loaded machine.
FLEET_ARGS = ("--jobs", "2", "--sandbox", "netns", "--timeout", "60", "--server-timeout", "240")


@pytest.fixture(scope="module")
def real_fleet(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """The config of every pinned real server plus two zoo servers, recorded once."""
    from tests.conftest import _missing_targets

    if _missing_targets(()):
        pytest.skip("real targets not installed")  # the real_target marker fails this in CI
    base = tmp_path_factory.mktemp("fleet")
    servers = {spec: real(spec) for spec in REAL}
    servers |= {"demo": demo(), "paginated": zoo("paginated")}
    config = write_config(base / ".mcp.json", servers)
    out = base / "one"
    done = mcpvcr("record", "--config", config, "--all", "-o", str(out), *FLEET_ARGS)
    assert done.returncode == 0, done.stderr
    return config, out


@pytest.mark.real_target()
def test_every_server_recorded_with_scores(real_fleet: tuple[str, Path]) -> None:
    _, out = real_fleet
    found = entries(out)
    assert len(found) == 12
    assert {e["outcome"] for e in found.values()} == {"recorded"}, found
    for entry in found.values():
        assert entry["grade"] in "ABCDF" and 0 <= entry["score"] <= 100
        assert (out / entry["cassette"]).is_file()
    assert index(out)["sandbox"] == "netns"


@pytest.mark.real_target()
def test_recording_twice_gives_the_same_cassettes_and_index(
    real_fleet: tuple[str, Path], tmp_path: Path
) -> None:
    config, first = real_fleet
    second = tmp_path / "two"
    done = mcpvcr("record", "--config", config, "--all", "-o", str(second), *FLEET_ARGS)
    assert done.returncode == 0, done.stderr
    assert cassettes(second) == cassettes(first)
    assert entries(second) == entries(first)
    strip = lambda data: {k: v for k, v in data.items() if k != "servers"}  # noqa: E731
    assert strip(index(second)) == strip(index(first))


@pytest.mark.real_target()
def test_two_shards_merged_equal_the_unsharded_run(
    real_fleet: tuple[str, Path], tmp_path: Path
) -> None:
    config, whole = real_fleet
    shards = [tmp_path / "s0", tmp_path / "s1"]
    for number, out in enumerate(shards):
        done = mcpvcr(
            "record",
            "--config",
            config,
            "--all",
            "-o",
            str(out),
            "--shard",
            f"{number}/2",
            *FLEET_ARGS,
        )
        assert done.returncode == 0, done.stderr
        assert index(out)["shard"] == f"{number}/2"
    parts = [entries(out) for out in shards]
    assert parts[0] and parts[1] and not set(parts[0]) & set(parts[1])
    assert parts[0] | parts[1] == entries(whole)
    assert cassettes(shards[0]) | cassettes(shards[1]) == cassettes(whole)
    merged = mcpvcr("score", *map(str, shards), "--format", "json")
    single = mcpvcr("score", str(whole), "--format", "json")
    assert merged.returncode == 0 and single.returncode == 0, merged.stderr + single.stderr

    def board(text: str) -> list[dict[str, object]]:
        keep = ("name", "grade", "score", "dimensions", "securityErrors", "tools", "outcome")
        return [{k: row.get(k) for k in keep} for row in json.loads(text)["servers"]]

    assert board(merged.stdout) == board(single.stdout)
    assert json.loads(merged.stdout)["warnings"] == []


def test_hostile_servers_cost_only_their_own_slot_and_time_out(tmp_path: Path) -> None:
    marker = f"MCPVCR_FLEET_MARKER={uuid.uuid4().hex}"
    key, value = marker.split("=")
    pidfile = tmp_path / "grandchild.pid"
    env = {key: value}
    servers = {
        "good-demo": demo() | {"env": env},
        "good-paginated": zoo("paginated", env=env),
        "hang": zoo("hang_handshake", "--ignore-sigterm", "--ignore-eof", env=env),
        "crash": zoo("crash_start", env=env),
        "log-flood": zoo("log_flood", env=env),
        "stderr-flood": zoo("stderr_flood", "--mb", "20", env=env),
        "grandchild": zoo(
            "grandchild", "--setsid", env={**env, "MCPVCR_GRANDCHILD_PIDFILE": str(pidfile)}
        ),
    }
    config = write_config(tmp_path / "fleet.json", servers)
    out = tmp_path / "out"
    done = mcpvcr(
        "record",
        "--config",
        config,
        "--all",
        "-o",
        str(out),
        "--jobs",
        "3",
        "--timeout",
        "60",
        "--server-timeout",
        "15",
        "--sandbox",
        "netns",
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    found = entries(out, timings=True)
    outcome = {name: found[name]["outcome"] for name in servers}
    assert outcome == {
        "good-demo": "recorded",
        "good-paginated": "recorded",
        "hang": "timeout",
        "crash": "failed",
        "log-flood": "recorded",
        "stderr-flood": "recorded",
        "grandchild": "recorded",
    }
    # the hang took its time-out plus the kill grace, not the 60 s request time-out
    assert 15 <= found["hang"]["seconds"] < 15 + 3 + 10
    assert "per-server time-out" in found["hang"]["reason"]
    assert "crash_start" in found["crash"]["reason"]
    assert alive_with_marker(value) == []


def test_ctrl_c_keeps_what_finished_and_leaves_no_server(tmp_path: Path) -> None:
    key, value = "MCPVCR_FLEET_MARKER", uuid.uuid4().hex
    env = {key: value}
    servers = {
        "a-demo": demo() | {"env": env},
        **{
            f"hang-{i}": zoo("hang_handshake", "--ignore-sigterm", "--ignore-eof", env=env)
            for i in range(3)
        },
    }
    config = write_config(tmp_path / "fleet.json", servers)
    out = tmp_path / "out"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "mcpvcr",
            "record",
            "--config",
            config,
            "--all",
            "-o",
            str(out),
            "--jobs",
            "4",
            "--timeout",
            "100",
            "--server-timeout",
            "100",
        ],
        cwd=REPO,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    journal = out / "fleet-index.journal.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and "a-demo" not in _read(journal):
        time.sleep(0.2)
    assert len(alive_with_marker(value)) >= 3  # the hanging servers are running
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr
    found = entries(out)
    assert set(found) == {"a-demo"} and found["a-demo"]["outcome"] == "recorded"
    assert alive_with_marker(value) == []


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""


def test_resume_skips_unchanged_servers_and_reruns_changed_ones(tmp_path: Path) -> None:
    servers = {"demo": demo(), "pages": zoo("paginated"), "crash": zoo("crash_start")}
    config = write_config(tmp_path / "fleet.json", servers)
    out = tmp_path / "out"
    assert mcpvcr("record", "--config", config, "--all", "-o", str(out)).returncode == 0
    before = entries(out, timings=True)
    stamps = {p.name: p.stat().st_mtime_ns for p in out.glob("*.mcpvcr")}
    servers["pages"] = zoo("paginated", "--tools", "3")
    write_config(tmp_path / "fleet.json", servers)
    done = mcpvcr("record", "--config", config, "--all", "-o", str(out), "--resume")
    assert done.returncode == 0, done.stderr
    after = entries(out, timings=True)
    assert after["demo"] == before["demo"]  # skipped: the same entry, timing included
    assert after["pages"]["specHash"] != before["pages"]["specHash"]
    assert after["crash"]["outcome"] == "failed"  # failures are tried again
    demo_file = before["demo"]["cassette"]
    assert (out / demo_file).stat().st_mtime_ns == stamps[demo_file]
    assert (out / after["pages"]["cassette"]).stat().st_mtime_ns != stamps[
        after["pages"]["cassette"]
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--all", "-o", "{out}"), "--all and repeated --server need --config"),
        (("--stdio", "x", "-o", "{out}/x.mcpvcr", "--jobs", "2"), "need a fleet"),
        (("--config", "{config}", "--all", "-o", "{file}"), "not a directory"),
        (("--config", "{config}", "--all", "-o", "{out}", "--shard", "2/2"), "outside 0..1"),
        (("--config", "{config}", "--all", "--stdio", "x", "-o", "{out}"), "not a TARGET"),
        (("--config", "{config}", "--all", "--server", "demo", "-o", "{out}"), "not both"),
        (("--registry", "{file}", "-o", "{out}"), "line 1 is not JSON"),
        (("--config", "{config}", "--all", "--scenarios", "{file}", "-o", "{out}"), "one server"),
        (
            ("--config", "{config}", "--server", "demo", "--server", "nope", "-o", "{out}"),
            "no server named 'nope'",
        ),
    ],
)
def test_fleet_usage_errors(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    config = write_config(tmp_path / "fleet.json", {"demo": demo()})
    file = tmp_path / "file"
    file.write_text("keep me")
    values = {"out": str(tmp_path / "out"), "config": config, "file": str(file)}
    done = mcpvcr("record", *(a.format(**values) for a in args))
    assert done.returncode == 2, done.stderr
    assert message in done.stderr and "Traceback" not in done.stderr
    assert file.read_text() == "keep me"


@pytest.mark.real_target("everything@2026.8.31", "time")
def test_registry_entries_run_from_a_prefilled_cache_with_no_network(tmp_path: Path) -> None:
    from tests.targets import targets_dir

    cache = tmp_path / "cache"
    npm = cache / "npm" / "@modelcontextprotocol_server-everything@2026.8.31"
    npm.mkdir(parents=True)
    (npm / "node_modules").symlink_to(targets_dir() / "node" / "node_modules")
    pypi = cache / "pypi" / "mcp-server-time@2026.10.19"
    pypi.mkdir(parents=True)
    (pypi / "bin").symlink_to(targets_dir() / "pyvenv" / "bin")
    (pypi / ".mcpvcr-installed").touch()
    meta = "io.modelcontextprotocol.registry/official"
    rows = [
        {
            "server": {
                "name": "io.github.modelcontextprotocol/server-everything",
                "version": "9",
                "packages": [
                    {
                        "registryType": "npm",
                        "version": "2026.8.31",
                        "identifier": "@modelcontextprotocol/server-everything",
                        "transport": {"type": "stdio"},
                        "packageArguments": [{"type": "positional", "value": "stdio"}],
                    }
                ],
            },
            "_meta": {meta: {"isLatest": True}},
        },
        {
            "name": "io.github.modelcontextprotocol/time",
            "version": "1",
            "packages": [
                {
                    "registryType": "pypi",
                    "identifier": "mcp-server-time",
                    "version": "2026.10.19",
                    "packageArguments": [
                        {"type": "named", "name": "--local-timezone", "default": "UTC"}
                    ],
                }
            ],
        },
        {
            "name": "com.example/weather",
            "version": "1",
            "packages": [
                {
                    "registryType": "pypi",
                    "identifier": "weather-mcp",
                    "version": "0.5.0",
                    "environmentVariables": [
                        {"name": "WEATHER_API_KEY", "isRequired": True, "isSecret": True}
                    ],
                }
            ],
        },
        {
            "server": {
                "name": "com.evil/deleted",
                "version": "1",
                "packages": [{"registryType": "npm", "identifier": "evil", "version": "1.0.0"}],
            },
            "_meta": {meta: {"status": "deleted"}},
        },
    ]
    registry = tmp_path / "servers.jsonl"
    registry.write_text("\n".join(json.dumps(row) for row in rows))
    out = tmp_path / "out"
    env = {**os.environ, "MCPVCR_FLEET_CACHE": str(cache)}
    done = mcpvcr("record", "--registry", str(registry), "-o", str(out), env=env)
    assert done.returncode == 0, done.stderr
    assert "no network (--sandbox netns" in done.stderr
    found = entries(out)
    assert set(found) == {
        "com.example/weather",
        "io.github.modelcontextprotocol/server-everything",
        "io.github.modelcontextprotocol/time",
    }
    assert found["com.example/weather"]["missing"] == ["WEATHER_API_KEY"]
    assert found["io.github.modelcontextprotocol/time"]["outcome"] == "recorded"
    everything = found["io.github.modelcontextprotocol/server-everything"]
    assert everything["outcome"] == "recorded" and everything["version"] == "2026.8.31"
    assert everything["tools"] >= 10
