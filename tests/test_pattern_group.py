"""mcpvcr.pattern_group: a group's Set only skips patterns that cannot match."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcpvcr import linear_re, pattern_group
from mcpvcr.linear_translate import loosened
from mcpvcr.pattern_group import PatternGroup
from mcpvcr.scan.lexicon import PATTERNS, patterns_wide


@pytest.fixture(autouse=True)
def set_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pattern_group, "SET_AFTER", 0)


def _words() -> list[str]:
    found: set[str] = set()
    for pattern in [*PATTERNS.patterns.values(), *patterns_wide().patterns.values()]:
        found.update(re.findall(r"[^\W\d_]{3,}", pattern.pattern))
    return sorted(found)[:4000]


WORDS = _words()
GLUE = [" ", ". ", ", ", "\n", " you ", " must ", "~/.ssh/", "http://x.example/", "@", "`"]
TEXTS = st.lists(st.sampled_from(WORDS) | st.sampled_from(GLUE), max_size=80).map("".join)


GROUPS: list[PatternGroup] = []


@settings(max_examples=300, deadline=None)
@given(TEXTS)
def test_the_lexicon_group_answers_what_each_pattern_answers(text: str) -> None:
    if not GROUPS:  # built once: a Set costs about 0.1 s
        GROUPS.extend((PatternGroup(PATTERNS.patterns), PatternGroup(patterns_wide().patterns)))
    for group in GROUPS:
        expected = {name: p.spans(text) for name, p in group.patterns.items()}
        assert group.spans(text) == expected
        possible = group.possible(text)
        assert all(name in possible for name, spans in expected.items() if spans)


def test_a_group_builds_its_set_only_after_enough_texts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pattern_group, "SET_AFTER", 3)
    group = PatternGroup({"a": linear_re.compile(r"\bsecret\b")})
    for _ in range(3):
        group.spans("nothing here")
        assert True not in group._sets
    group.spans("nothing here")
    assert group._sets[True]
    assert group.spans("a secret word") == {"a": [(2, 8)]}
    assert "a" not in group.possible("nothing")
    assert False not in group._sets  # text beyond ASCII has a Set of its own
    for _ in range(4):
        assert group.spans("nothing é here") == {"a": []}
    assert group._sets[False]
    assert group.spans("ein é secret") == {"a": [(6, 12)]}


def test_ascii_text_has_a_smaller_program_that_finds_the_same() -> None:
    pattern = linear_re.compile(r"(?<![\w.-])\w+\s\d+\b|[\w.-]+|(?<=\s)[^\w\s]", re.I)
    for text in ("ab 12 x", "ab 12é", "é ab 12", "z-z.é ` _", "K k", "\u212a k _ !"):
        expected = [(m.span(), m.groups()) for m in re.finditer(pattern.pattern, text, re.I)]
        assert [(m.span(), m.groups()) for m in pattern.finditer(text)] == expected, text
    assert pattern._ascii.ProgramSize() < pattern._re2.ProgramSize()


def test_long_texts_and_patterns_re2_cannot_run_are_always_searched() -> None:
    fallback = linear_re.compile(r"(\w+) \1")  # a back-reference: runs on `re`
    assert not fallback.linear
    group = PatternGroup({"twice": fallback, "word": linear_re.compile(r"\bneedle\b")})
    assert group.spans("say say") == {"twice": [(0, 7)], "word": []}
    assert "twice" in group.possible("no repeat") and "word" not in group.possible("no repeat")
    long = "x " * pattern_group.SET_MAX_BYTES + "needle"
    assert group.spans(long)["word"] == [(len(long) - 6, len(long))]
    assert "word" in group.possible("y " * pattern_group.SET_MAX_BYTES)


def test_a_run_that_expects_many_ascii_texts_builds_the_ascii_set_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pattern_group, "SET_AFTER", 1000)
    group = PatternGroup({"a": linear_re.compile(r"\bsecret\b")})
    with pattern_group.expecting(pattern_group.SET_AT_ONCE - 1):
        assert group.spans("a secret word") == {"a": [(2, 8)]}
        assert True not in group._sets
    with pattern_group.expecting(pattern_group.SET_AT_ONCE):
        assert group.spans("a secret word") == {"a": [(2, 8)]}
        assert group._sets[True]
        assert group.spans("ein é secret") == {"a": [(6, 12)]}
        assert False not in group._sets  # text beyond ASCII waits as before
    assert pattern_group._expected["ascii"] == 0


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (r"a{1,200}b{3}c{2,}?", r"a*b*c*?"),
        (r"[{1,2}]x{1}", r"[{1,2}]x*"),
        (r"[]{1}]\{1,2}\x{3000}{2}\p{Greek}{1,3}", r"[]{1}]\{1,2}\x{3000}*\p{Greek}*"),
        (r"[^]{2}]{2}a{x}", r"[^]{2}]*a{x}"),
    ],
)
def test_a_loosened_sift_spells_counted_repetitions_as_stars(source: str, expected: str) -> None:
    assert loosened(source) == expected


@settings(max_examples=200, deadline=None)
@given(TEXTS)
def test_a_loosened_source_matches_wherever_the_source_does(text: str) -> None:
    import re2

    for pattern in PATTERNS.patterns.values():
        source = pattern.source
        assert source is not None
        if re2.compile(source).search(text):
            assert re2.compile(loosened(source)).search(text), pattern.pattern[:60]
