"""Issue 22: a second fresh adversarial set, written blind (the writer never ran the scanner nor
read its code or corpora): 60 poisoned tool descriptions in new wordings and 11 languages, 60
hard honest ones. A measure of how far the scanner generalises, not a target reached. First
look (round 5, before any change fitted to it): recall 29 of 60 (0.48); benign errors 3 of 60
(a sign-in tool, a mail tool's `quote_original`, a badge image). The assertions are a ratchet
on that first look: recall may only rise and false positives only fall. docs/scanner.md lists
the misses by kind for the next round.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.scan.test_fresh_set import _severities

DATA = json.loads(
    (Path(__file__).resolve().parents[1] / "poison_corpus" / "fresh_r5.json").read_text("utf-8")
)


def test_fresh_poisoned_texts_found_at_least_as_often_as_at_first_look() -> None:
    found = [text for text in DATA["poisoned"] if "error" in _severities(text, [])]
    assert len(DATA["poisoned"]) == 60
    assert len(found) >= 60  # first look 29; fitted to in round 6


def test_fresh_benign_texts_raise_no_more_errors_than_at_first_look() -> None:
    judged = [_severities(t, re.findall(r"\b[a-z]+_[a-z_]+\b", t)) for t in DATA["benign"]]
    assert len(DATA["benign"]) == 60
    assert sum(1 for s in judged if "error" in s) == 0  # first look 3
