"""ASCII text is searched without the alternatives that need more: the same spans.

The narrow effect groups (`effects.family(name, False)`) and `lexicon.PATTERNS` run only
on text that `str.isascii()`, without alternatives that cannot match there. Checked on
the pattern (`effects.beyond_ascii`, and the case-folds it trusts) and on the corpus.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
import re2

from mcpvcr import linear_re
from mcpvcr.scan import effects, lexicon
from mcpvcr.scan.normalize import fold
from tests.poison_corpus import strings

ROOT = Path(__file__).resolve().parents[2]


def test_the_case_folds_to_ascii_are_all_known() -> None:
    beyond = "".join(chr(c) for c in range(0x80, 0x110000) if not 0xD800 <= c < 0xE000)
    found: set[int] = set()
    for letter in map(chr, range(128)):
        found.update(map(ord, re.findall("(?i)" + re.escape(letter), beyond)))
        found.update(map(ord, re2.findall("(?i)" + re.escape(letter), beyond)))
    assert found == effects.ASCII_FOLDS


@pytest.mark.parametrize(
    ("pattern", "beyond"),
    [
        (r"\bпароль\b", True),
        (r"حتى\s+(?:لو|إذا)\s+طلب\w*", True),
        (r"(?:如果|当)(?:用户|使用者)[^。\n]{0,15}", True),
        (r"\bxóa\s+tất\s+cả\b", True),
        (r"[а-я]+", True),
        (r"(?:пароль)?foo", False),
        (r"\b(?:assistent|ассистент)\s*:", False),
        (r"[а-яa]+", False),
        (r"[^a-z]", False),
        (r"\w+", False),
        (r"\x{212a}elvin", False),  # not `re` syntax: in doubt
        ("\u212aelvin", False),  # the Kelvin sign matches "k"
        ("\u017fecret", False),
    ],
)
def test_beyond_ascii_decides_on_every_way_to_match(pattern: str, beyond: bool) -> None:
    assert effects.beyond_ascii(pattern) is beyond


def test_every_left_out_branch_holds_a_character_beyond_ascii() -> None:
    dropped = [
        branch
        for name in effects._FAMILIES
        for branch in effects.branches(name, True)
        if branch not in effects.branches(name, False)
    ]
    assert len(dropped) > 300
    assert all(not branch.isascii() for branch in dropped)


def test_the_lexicon_leaves_out_only_entries_ascii_text_cannot_match() -> None:
    odd = [
        entry
        for signal in lexicon.SIGNALS
        for entry in lexicon.other_languages(signal, True)
        if lexicon.WIDE_SCRIPT.search(entry) and not effects.beyond_ascii(entry)
    ]
    # an entry mixing ASCII words with another script's would be dropped for ASCII text
    # whole (the "address" entry did until the Cyrillic word got an entry of its own)
    assert odd == []


def test_the_narrow_and_full_patterns_run_on_the_same_engine() -> None:
    for name in effects._FAMILIES:
        assert effects.family(name, False).linear == effects.family(name, True).linear, name
    for signal in lexicon.SIGNALS:
        wide = lexicon.patterns_wide().patterns[signal]
        assert lexicon.PATTERNS.patterns[signal].linear == wide.linear, signal


def _ascii_texts() -> list[str]:
    texts: list[str] = []

    for path in sorted((ROOT / "tests" / "poison_corpus").glob("*.json")):
        texts += strings(json.loads(path.read_text("utf-8")))
    with gzip.open(ROOT / "tests" / "scan" / "data" / "real_servers.json.gz", "rt") as data:
        texts += strings(json.load(data))
    long = {t for t in texts if len(t) >= 12}
    return sorted(t for t in long | {fold(t).text for t in long} if t.isascii())


TEXTS = _ascii_texts()


def test_the_texts_cover_the_corpus() -> None:
    assert len(TEXTS) > 1000


@pytest.mark.parametrize("name", sorted(effects._FAMILIES))
def test_a_narrow_effect_family_finds_what_the_full_one_finds_on_ascii(name: str) -> None:
    narrow, wide = effects.family(name, False), effects.family(name, True)
    assert [t[:80] for t in TEXTS if narrow.spans(t) != wide.spans(t)] == []


@pytest.mark.parametrize("signal", lexicon.SIGNALS)
def test_a_narrow_signal_finds_what_the_full_one_finds_on_ascii(signal: str) -> None:
    narrow = lexicon.PATTERNS.patterns[signal]
    wide = lexicon.patterns_wide().patterns[signal]
    assert [t[:80] for t in TEXTS if narrow.spans(t) != wide.spans(t)] == []


def test_a_narrow_branch_list_keeps_the_order_of_the_full_one() -> None:
    for name in effects._FAMILIES:
        full = effects.branches(name, True)
        narrow = effects.branches(name, False)
        assert narrow == [b for b in full if b in narrow], name
        assert linear_re.branches(effects.family(name, False).pattern) == narrow, name


@pytest.mark.parametrize("stored", [None, "x", [1, 2], ["ok", None]])
def test_a_remembered_branch_list_of_the_wrong_shape_is_made_afresh(
    monkeypatch: pytest.MonkeyPatch, stored: object
) -> None:
    fresh = [b for b in effects.branches("grant", True) if not effects.beyond_ascii(b)]
    table = effects._table()
    assert table is not None
    monkeypatch.setattr(table, "get", lambda key: stored)
    assert effects.branches("grant", False) == fresh
