"""The per-server gate, behind one call, so the fleet gate applies exactly `gate`'s rules.

`check(old, new, policy)` runs what `mcpvcr gate OLD NEW` runs: the contract
diff, the ignore file, the scores when a threshold is set, and the verdict.
"""

from __future__ import annotations

from dataclasses import dataclass

from mcpvcr.cassette import Cassette


@dataclass(frozen=True)
class Policy:
    fail_on: tuple[str, ...]
    min_score: int | None = None
    max_score_drop: int | None = None
    ignore_file: str | None = None


def check(old: Cassette, new: Cassette, policy: Policy) -> tuple[str, ...]:
    """The reasons `gate` would fail on (empty: it passes)."""
    from mcpvcr.commands.diff import apply_ignore_file
    from mcpvcr.commands.gate import compute_scores
    from mcpvcr.diff import diff
    from mcpvcr.diff.gate import evaluate

    result = apply_ignore_file(diff(old, new), policy.ignore_file)
    scores = None
    if policy.min_score is not None or policy.max_score_drop is not None:
        scores = compute_scores(old if policy.max_score_drop is not None else None, new)
    verdict = evaluate(
        result.changes,
        policy.fail_on,
        scores=scores,
        min_score=policy.min_score,
        max_score_drop=policy.max_score_drop,
    )
    return verdict.reasons
