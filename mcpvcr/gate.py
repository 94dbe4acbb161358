"""The pull-request gate as one library call: `run(old, new, policy, config) -> GateResult`.

diff -> accept-list -> scores -> verdict. `mcpvcr gate`, the GitHub Action
script (`ci_action.py`), the pre-commit hook and the library API all call
`run`, and the scores come from `mcpvcr.score.score` with the same `config`
that `mcpvcr score` uses, so `score` and `gate` cannot disagree about a
cassette. The decision itself (`evaluate`) is in `mcpvcr.diff.gate`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from mcpvcr.diff.gate import DEFAULT_FAIL_ON, Scores, evaluate

if TYPE_CHECKING:
    from mcpvcr.cassette import Cassette
    from mcpvcr.config import LintConfig
    from mcpvcr.diff.model import Changes
    from mcpvcr.diff.render import Verdict
    from mcpvcr.ignore import IgnoreEntry

__all__ = ["GateResult", "Policy", "artifact_path", "compute_scores", "run"]


@dataclass(frozen=True, kw_only=True)
class Policy:
    """What fails the gate, and which accept-list applies."""

    fail_on: tuple[str, ...] = DEFAULT_FAIL_ON
    min_score: int | None = None
    max_score_drop: int | None = None
    ignore_file: str | None = None
    """The accept-list; None = `.mcpvcr-ignore.toml` when it exists."""
    cosmetic: bool = False
    ignore_paths: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Answer paths left out of the behaviour comparison, per tool (`[tool.mcpvcr.verify]`)."""

    @property
    def scored(self) -> bool:
        return self.min_score is not None or self.max_score_drop is not None


@dataclass(frozen=True, kw_only=True)
class GateResult:
    """The changes left after the accept-list, the scores and the verdict."""

    changes: Changes
    verdict: Verdict
    scores: Scores | None
    expired: tuple[IgnoreEntry, ...] = ()
    unused: tuple[IgnoreEntry, ...] = ()
    ignore_lines: tuple[str, ...] = ()
    """What to print about the ignore file: pattern entries with their counts, expired and
    unused entries (an ignore file may come with the pull request it judges)."""

    warnings: tuple[str, ...] = ()
    """What makes the comparison weaker than it looks (one side fuzzed, the other not)."""

    @property
    def failed(self) -> bool:
        return self.verdict.failed


def run(
    old: Cassette,
    new: Cassette,
    policy: Policy,
    config: LintConfig | None = None,
    *,
    old_label: str = "",
    new_label: str = "",
    always_score: bool = False,
) -> GateResult:
    """Gate `old` -> `new` under `policy`; scores use `config` exactly as `mcpvcr score` does.

    `always_score` computes the scores for a report even when no threshold asks for them.
    """
    from mcpvcr.diff import diff, fuzz_mismatch
    from mcpvcr.ignore import apply_ignore_file

    changes = diff(
        old,
        new,
        old_label=old_label,
        new_label=new_label,
        cosmetic=policy.cosmetic,
        ignore_paths=policy.ignore_paths,
    )
    accepted = apply_ignore_file(changes, policy.ignore_file)
    scores = None
    if policy.scored or always_score:
        baseline = old if policy.max_score_drop is not None else None
        scores = compute_scores(baseline, new, config)
    verdict = evaluate(
        accepted.changes,
        policy.fail_on,
        scores=scores,
        min_score=policy.min_score,
        max_score_drop=policy.max_score_drop,
        expired=[entry.describe() for entry in accepted.expired],
    )
    return GateResult(
        changes=accepted.changes,
        verdict=verdict,
        scores=scores,
        expired=accepted.expired,
        unused=accepted.unused,
        ignore_lines=tuple(accepted.loud_lines()),
        warnings=tuple(w for w in (fuzz_mismatch(old, new),) if w),
    )


def compute_scores(old: Cassette | None, new: Cassette, config: LintConfig | None) -> Scores:
    """Both scores from the one offline scoring path (`mcpvcr.score.score`).

    When only one side is fuzzed, both are scored without their behaviour
    (Metadata and Schema Quality only), so the comparison is like for like.
    """
    from mcpvcr.score import score  # lazily: only score gates pay for lint and jsonschema

    if old is not None and old.fuzzed != new.fuzzed:
        old, new = old.without_behaviour(), new.without_behaviour()
    new_report = score(new, config)
    old_overall = int(score(old, config).overall) if old is not None else None
    return Scores(
        old=old_overall,
        new=int(new_report.overall),
        grade=str(new_report.grade),
        rules_off=new_report.rules_off,
    )


def artifact_path(old: str, new: str) -> str:
    """The file SARIF results point at: the new cassette, else the baseline."""
    path = new if os.path.isfile(new) else old
    if not os.path.isabs(path):
        return path
    relative = os.path.relpath(path)
    # SARIF wants a repository-relative path, or else a file: URI (GitHub shows no other).
    return relative if not relative.startswith("..") else Path(path).as_uri()
