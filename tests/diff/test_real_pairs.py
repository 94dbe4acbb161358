"""Real release pairs recorded live (offline, in a network namespace) and classified.

The expected changes were read off the real recordings first:
- server-sequential-thinking 2025.11.25 -> 2026.8.31: three boolean inputs became
  boolean|string (accepts more: additive), one word of the description was rewritten
  (an honest rewording: info), and the tool now declares readOnlyHint/openWorldHint:false (info).
- mcp-server-git 2025.11.25 -> 2026.10.19: git_add's `files` gained minItems 1 (an empty
  list is now rejected: breaking), git_show's description was rewritten (honest: info), the
  handshake moved from initialize 2025-06-18 to server/discover 2026-07-28 (info), and
  git_add/git_reset became idempotent (additive).
- server-everything 2025.11.25 -> 2026.8.31: the tools moved from camelCase to kebab-case
  names; three kept their meaning under the new spelling (getTinyImage -> get-tiny-image,
  ...: renames, still breaking), the rest were dropped (add, zip, sampleLLM, ...) and new
  ones added; the 100 static test resources were removed; echo's description and the
  server instructions were rewritten (honest rewordings the scanner finds nothing in: info).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from mcpvcr.cassette import Cassette
from mcpvcr.diff import Changes, diff
from mcpvcr.diff.gate import evaluate
from mcpvcr.recording import RecordOptions
from mcpvcr.targets import Target
from tests.targets import everything_argv, git_argv, sequential_thinking_argv

OLD_ST, NEW_ST = "2025.11.25", "2026.8.31"
OLD_GIT, NEW_GIT = "2025.11.25", "2026.10.19"


def _record(argv: list[str], label: str) -> Cassette:
    from mcpvcr.live import record

    return record(
        Target(transport="stdio", command=tuple(argv), label=label), RecordOptions(timeout=30)
    )


def _pairs(changes: Changes) -> set[tuple[str, str, str]]:
    return {(c.rule, c.cls, c.location) for c in changes.changes}


@pytest.mark.real_target(f"sequential-thinking@{OLD_ST}", f"sequential-thinking@{NEW_ST}")
def test_sequential_thinking_release_pair() -> None:
    old = _record(sequential_thinking_argv(OLD_ST), "st-old")
    new = _record(sequential_thinking_argv(NEW_ST), "st-new")
    changes = diff(old, new)
    base = "/tools/sequentialthinking"
    assert {
        ("input.type.widened", "additive", f"{base}/inputSchema/properties/{name}/type")
        for name in ("isRevision", "needsMoreThoughts", "nextThoughtNeeded")
    } <= _pairs(changes)
    # an honest rewording (the scanner finds nothing new in it) is info, its diff still shown
    assert ("tool.description.changed", "info", f"{base}/description") in _pairs(changes)
    assert changes.counts()["breaking"] == 0
    [rewrite] = [c for c in changes.changes if c.rule == "tool.description.changed"]
    assert "[-next_thought_needed-] {+nextThoughtNeeded+}" in (rewrite.text_diff or "")
    assert not evaluate(changes, ["breaking"]).failed
    assert not evaluate(changes, ["breaking", "security"]).failed
    # The downgrade is the mirror: the same inputs now accept less.
    back = diff(new, old)
    assert back.counts()["breaking"] == 3
    assert {c.rule for c in back.of_class("breaking")} == {"input.type.narrowed"}


OLDEST_ST = "2025.7.1"


@pytest.mark.real_target(f"sequential-thinking@{OLDEST_ST}", f"sequential-thinking@{NEW_ST}")
def test_sequential_thinking_zod_safe_integer_bounds_break_nobody() -> None:
    """2025.7.1 -> 2026.8.31: the move to zod 4 added `maximum: 2^53-1` to the four
    integer inputs (what zod emits for every `.int()`): info, not four false breaks."""
    old = _record(sequential_thinking_argv(OLDEST_ST), "st-oldest")
    new = _record(sequential_thinking_argv(NEW_ST), "st-new")
    changes = diff(old, new)
    base = "/tools/sequentialthinking"
    props = ("branchFromThought", "revisesThought", "thoughtNumber", "totalThoughts")
    assert {
        ("schema.bound.safe_integer_limit", "info", f"{base}/inputSchema/properties/{p}/maximum")
        for p in props
    } <= _pairs(changes)
    assert changes.counts()["breaking"] == 0
    assert not evaluate(changes, ["breaking"]).failed
    assert {(c.rule, c.location) for c in changes.of_class("additive")} == {
        *(
            ("input.type.widened", f"{base}/inputSchema/properties/{p}/type")
            for p in ("isRevision", "needsMoreThoughts", "nextThoughtNeeded")
        ),
        ("tool.output_schema.added", f"{base}/outputSchema"),
    }
    # the rewritten descriptions are honest: shown as info with their word diff, not security
    assert changes.of_class("security") == []
    info = {c.location for c in changes.of_class("info")}
    assert f"{base}/description" in info
    assert {f"{base}/inputSchema/properties/{p}/description" for p in props[2:]} <= info


@pytest.mark.real_target(f"git@{OLD_GIT}", f"git@{NEW_GIT}")
def test_git_release_pair(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    old = _record(git_argv(repo, OLD_GIT), "git-old")
    new = _record(git_argv(repo, NEW_GIT), "git-new")
    changes = diff(old, new)
    pairs = _pairs(changes)
    assert [(c.rule, c.location) for c in changes.of_class("breaking")] == [
        ("input.min_items.tightened", "/tools/git_add/inputSchema/properties/files/minItems")
    ]
    assert changes.of_class("security") == []
    assert ("tool.description.changed", "info", "/tools/git_show/description") in pairs
    assert ("server.protocol_version.changed", "info", "/server/protocolVersion") in pairs
    for tool_name in ("git_add", "git_reset"):
        location = f"/tools/{tool_name}/annotations/idempotentHint"
        assert ("annotation.idempotent.added", "additive", location) in pairs
    assert not {"tool.removed", "tool.added", "tool.renamed"} & {c.rule for c in changes.changes}
    verdict = evaluate(changes, ["breaking", "security"])
    assert verdict.failed and len(verdict.reasons) == 1


@pytest.mark.real_target(f"sequential-thinking@{NEW_ST}")
def test_rerecording_an_unchanged_real_server_diffs_empty() -> None:
    first = _record(sequential_thinking_argv(NEW_ST), "a")
    second = _record(sequential_thinking_argv(NEW_ST), "b")
    assert diff(first, second).identical


OLD_EVERYTHING, NEW_EVERYTHING = "2025.11.25", "2026.8.31"


@pytest.mark.real_target(f"everything@{OLD_EVERYTHING}", f"everything@{NEW_EVERYTHING}")
def test_server_everything_release_pair() -> None:
    old = _record(everything_argv("stdio", OLD_EVERYTHING), "everything-old")
    new = _record(everything_argv("stdio", NEW_EVERYTHING), "everything-new")
    changes = diff(old, new)
    renames = {(c.old, c.new) for c in changes.changes if c.rule == "tool.renamed"}
    assert renames == {
        ("getResourceLinks", "get-resource-links"),
        ("getResourceReference", "get-resource-reference"),
        ("getTinyImage", "get-tiny-image"),
    }
    pairs = _pairs(changes)
    assert ("tool.removed", "breaking", "/tools/sampleLLM") in pairs
    assert ("tool.added", "additive", "/tools/get-env") in pairs
    assert ("tool.description.changed", "info", "/tools/echo/description") in pairs
    assert ("server.instructions.changed", "info", "/server/instructions") in pairs
    removed_resources = [c for c in changes.changes if c.rule == "resource.removed"]
    assert len(removed_resources) == 100
    assert evaluate(changes, ["breaking"]).failed
