"""The per-server gate of a fleet: exactly `mcpvcr gate OLD NEW`, through `mcpvcr.gate.run`.

Same policy (fail-on classes, score thresholds, the accept-list) and the same
lint configuration as `score`, so a fleet gate and a single gate never disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcpvcr.cassette import Cassette

if TYPE_CHECKING:
    from mcpvcr.config import LintConfig
    from mcpvcr.gate import Policy


def check(
    old: Cassette, new: Cassette, policy: Policy, config: LintConfig | None = None
) -> tuple[str, ...]:
    """The reasons `gate` fails on (empty: it passes)."""
    from mcpvcr.gate import run

    result = run(old, new, policy, config)
    return tuple(result.verdict.reasons)
