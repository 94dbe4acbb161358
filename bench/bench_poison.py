"""Recall and precision of the security scanner on the poisoning corpus (tests/poison_corpus).

    python bench/bench_poison.py

A server counts as flagged when the scanner reports at least one error on it
(what fails lint and caps the score); rug-pull pairs count when the diff
reports a scanner-derived security change.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def poison_table() -> str:
    from mcpvcr.diff import diff
    from mcpvcr.diff.catalogue import RULES
    from tests.builders import cassette
    from tests.poison_corpus import flagged, load

    start = time.perf_counter()
    poisoned, benign = load("poisoned"), load("benign")
    hits = sum(flagged(case["server"]) for case in poisoned)
    false = [case["id"] for case in benign if flagged(case["server"])]
    seconds = time.perf_counter() - start
    recall = hits / len(poisoned)
    precision = hits / (hits + len(false)) if hits + len(false) else 1.0
    pairs = load("rugpull")
    right = 0
    for pair in pairs:
        changes = diff(cassette(tools=pair["old"]["tools"]), cassette(tools=pair["new"]["tools"]))
        security = any(
            c.cls == "security" and RULES[c.rule].object == "description-security"
            for c in changes.changes
        )
        right += security == pair["expect_security"]
    return "\n".join(
        [
            f"poison corpus: {len(poisoned)} poisoned, {len(benign)} benign,"
            f" {len(pairs)} rug pairs",
            f"  recall    {recall:.3f} ({hits}/{len(poisoned)})",
            f"  precision {precision:.3f} (false positives: {len(false)} {false})",
            f"  rug pulls {right}/{len(pairs)} classified right",
            f"  scan time {seconds * 1000:.0f} ms for {len(poisoned) + len(benign)} servers",
        ]
    )


if __name__ == "__main__":
    print(poison_table())
