"""`mcpvcr verify` against live servers: a small server in two releases, and unchanged real ones."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from mcpvcr import store
from tests.live.helpers import run_mcpvcr
from tests.targets import everything_argv, time_argv


def versioned(release: int) -> str:
    return f"{sys.executable} -m tests.servers versioned --release {release}"


@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("verify") / "base.mcpvcr"
    run = run_mcpvcr("record", "--fuzz", "--stdio", versioned(1), "-o", str(path))
    assert run.returncode == 0, run.stderr
    return path


def test_verify_of_the_same_release_reports_nothing(baseline: Path) -> None:
    run = run_mcpvcr("verify", str(baseline), "--stdio", versioned(1), "--format", "json")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["changes"] == []
    assert "verify passed" in run.stderr


def test_verify_of_the_next_release_reports_each_change_with_its_class(baseline: Path) -> None:
    run = run_mcpvcr("verify", str(baseline), "--stdio", versioned(2), "--format", "json")
    assert run.returncode == 1, run.stderr
    found = {(c["rule"], c["class"], c["location"]) for c in json.loads(run.stdout)["changes"]}
    assert (
        "behaviour.answer.changed",
        "behaviour",
        "/behaviour/lookup/valid/content/0/text/value",
    ) in found
    assert ("behaviour.valid_call.now_fails", "breaking", "/behaviour/add/valid") in found
    accepted = {loc for rule, _, loc in found if rule == "behaviour.malformed.now_accepted"}
    assert "/behaviour/strict/wrong_type:n" in accepted
    assert ("behaviour.answer.flagged_text", "security", "/behaviour/notes/valid") in found
    # Nothing that did not change is reported: the prompt and the resource answer alike.
    assert not [loc for _, _, loc in found if "greet" in loc or "readme" in loc]
    assert not [rule for rule, _, _ in found if not rule.startswith("behaviour.")]


def test_behaviour_alone_passes_by_default_and_fails_when_asked(
    baseline: Path, tmp_path: Path
) -> None:
    # Release 1 recorded with another value: only a behaviour change.
    changed = tmp_path / "changed.mcpvcr"
    cassette = store.load(baseline)
    for item in cassette.body["interactions"]:
        if item["target"] == "lookup" and item["case"] == "valid":
            text = json.loads(item["response"]["result"]["content"][0]["text"])
            text["value"] = 0
            item["response"]["result"]["content"][0]["text"] = json.dumps(text)
    store.save(cassette, changed)
    run = run_mcpvcr("verify", str(changed), "--stdio", versioned(1))
    assert run.returncode == 0, run.stderr
    assert "1 behaviour" in run.stdout
    run = run_mcpvcr("verify", str(changed), "--stdio", versioned(1), "--fail-on", "behaviour")
    assert run.returncode == 1


def test_update_rewrites_the_baseline_on_purpose(baseline: Path, tmp_path: Path) -> None:
    copy = tmp_path / "base.mcpvcr"
    copy.write_bytes(baseline.read_bytes())
    run = run_mcpvcr("verify", str(copy), "--stdio", versioned(2), "--update")
    assert run.returncode == 0, run.stderr
    assert "baseline updated" in run.stderr
    assert run_mcpvcr("verify", str(copy), "--stdio", versioned(2)).returncode == 0
    assert store.load(copy).body["coverage"] == store.load(baseline).body["coverage"]


def test_markdown_comment_holds_the_behaviour_table(baseline: Path, tmp_path: Path) -> None:
    md = tmp_path / "comment.md"
    run = run_mcpvcr("verify", str(baseline), "--stdio", versioned(2), "--markdown", str(md))
    assert run.returncode == 1
    text = md.read_text()
    assert "| Tool | Case | Path | Old → New |" in text
    assert "| `lookup` | `valid` | `/content/0/text/value` | `1` → `2` |" in text


def test_a_baseline_without_calls_is_a_usage_error(tmp_path: Path) -> None:
    plain = tmp_path / "plain.mcpvcr"
    assert run_mcpvcr("record", "--stdio", versioned(1), "-o", str(plain)).returncode == 0
    run = run_mcpvcr("verify", str(plain), "--stdio", versioned(1))
    assert run.returncode == 2
    assert "no recorded calls" in run.stderr and "Traceback" not in run.stderr


@pytest.mark.real_target("everything")
def test_verify_of_unchanged_server_everything_reports_nothing(tmp_path: Path) -> None:
    command = shlex.join(everything_argv("stdio"))
    base = tmp_path / "everything.mcpvcr"
    assert run_mcpvcr("record", "--fuzz", "--stdio", command, "-o", str(base)).returncode == 0
    run = run_mcpvcr("verify", str(base), "--stdio", command, "--format", "json")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["changes"] == []


@pytest.mark.real_target("time")
def test_verify_of_unchanged_mcp_server_time_reports_nothing(tmp_path: Path) -> None:
    command = shlex.join(time_argv())
    base = tmp_path / "time.mcpvcr"
    env = {"TZ": "UTC"}
    run = run_mcpvcr("record", "--fuzz", "--stdio", command, "-o", str(base), env=env)
    assert run.returncode == 0, run.stderr
    run = run_mcpvcr("verify", str(base), "--stdio", command, "--format", "json", env=env)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["changes"] == []
