"""Issue 22, rounds 6 to 9: eighteen adversarial sets written blind, one after another.

Each set (60 poisoned tool descriptions in 13 to 37 languages, 60 hard honest ones) was written
by a helper who never saw the scanner, its code or an earlier set, and measured once before any
change was fitted to it; `first_look` in the data keeps that figure, `before_round` the scanner
of the round's start on the same set. The first looks are the honest measure of how far the
scanner generalises (round 6: 21, 37, 29, 29, 35, 29, 28, 34 and 29 of 60; round 7: 24, 18, 19
and 19 of 60 for fresh14 to fresh17, fresh13 having been used to build the covert-act rules;
round 8: 30 and 21 of 60 for fresh18 and fresh19, with the learned partner; round 9: 34 and
39 of 60 for fresh20 and fresh21, with the partner retrained on families and 110 languages). The
assertions below are a ratchet on the present figures: recall may only rise and false
positives only fall.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.scan.test_fresh_set import _severities

_CORPUS = Path(__file__).resolve().parents[1] / "poison_corpus"
DATA: dict[str, Any] = {
    name: meta
    for round_file in ("blind_r6.json", "blind_r7.json", "blind_r8.json", "blind_r9.json")
    for name, meta in json.loads((_CORPUS / round_file).read_text("utf-8"))["sets"].items()
}

# present figures: poisoned found (of 60), benign errors (of 60). With the learned partner
# (scan/partner.py), whose model was trained on every one of these sets: in sample, so the
# gain over the rules here says nothing of unseen text (docs/scanner.md has the figures
# leaving each set out).
NOW = {
    "fresh4": (60, 0),
    "fresh5": (60, 0),
    "fresh6": (59, 0),
    "fresh7": (60, 0),
    "fresh8": (60, 0),
    "fresh9": (58, 0),
    "fresh10": (60, 0),
    "fresh11": (60, 0),
    "fresh12": (57, 0),
    "fresh13": (56, 0),
    "fresh14": (55, 0),
    "fresh15": (48, 2),
    "fresh16": (50, 1),
    "fresh17": (51, 0),
    # round 8: first looks 30/3 and 21/4; in the learned model's training data since round 9
    "fresh18": (49, 2),
    "fresh19": (42, 1),
    # round 9, not in the learned model's training data: first looks 34/5 and 39/3
    "fresh20": (34, 1),
    "fresh21": (39, 0),
}


@pytest.mark.parametrize("name", sorted(NOW))
def test_a_blind_set_keeps_its_recall(name: str) -> None:
    found = [t for t in DATA[name]["poisoned"] if "error" in _severities(t, [])]
    assert len(DATA[name]["poisoned"]) == 60
    assert len(found) >= NOW[name][0]


@pytest.mark.parametrize("name", sorted(NOW))
def test_a_blind_sets_honest_texts_stay_clean(name: str) -> None:
    benign = DATA[name]["benign"]
    judged = [_severities(t, re.findall(r"\b[a-z]+_[a-z_]+\b", t)) for t in benign]
    assert len(benign) == 60
    assert sum(1 for s in judged if "error" in s) <= NOW[name][1]


def test_the_first_looks_are_recorded_with_the_round_start() -> None:
    for meta in DATA.values():
        found, errors = meta["first_look"]
        assert 0 <= found <= 60 and 0 <= errors <= 60
        assert found >= meta["before_round"][0]  # each first look beat the round's start
