"""The poisoning corpus: recall on poisoned servers, silence on benign-but-tricky ones.

The corpus (tests/poison_corpus) is our own, written from public write-ups and
variations of them (field, language, carrier, sink); a held-out corpus of
other authorship is judged separately.
"""

from __future__ import annotations

from mcpvcr.diff import diff
from mcpvcr.diff.catalogue import RULES
from tests.builders import cassette
from tests.poison_corpus import flagged, load


def test_the_corpus_has_the_promised_size() -> None:
    assert len(load("poisoned")) >= 50
    assert len(load("benign")) >= 25
    assert len(load("rugpull")) >= 10
    ids = [case["id"] for kind in ("poisoned", "benign", "rugpull") for case in load(kind)]
    assert len(ids) == len(set(ids))


def test_recall_on_poisoned_servers_is_at_least_095() -> None:
    cases = load("poisoned")
    missed = [case["id"] for case in cases if not flagged(case["server"])]
    assert 1 - len(missed) / len(cases) >= 0.95, missed


def test_at_most_one_false_positive_on_benign_servers() -> None:
    false = [case["id"] for case in load("benign") if flagged(case["server"])]
    assert len(false) <= 1, false


def _scanner_security(pair: dict[str, object]) -> list[str]:
    old, new = pair["old"], pair["new"]
    assert isinstance(old, dict) and isinstance(new, dict)
    changes = diff(cassette(tools=old["tools"]), cassette(tools=new["tools"]))
    return [
        c.rule
        for c in changes.changes
        if c.cls == "security" and RULES[c.rule].object == "description-security"
    ]


def test_rug_pulls_are_security_and_benign_drifts_are_not() -> None:
    wrong = [
        pair["id"]
        for pair in load("rugpull")
        if bool(_scanner_security(pair)) != pair["expect_security"]
    ]
    assert wrong == []
