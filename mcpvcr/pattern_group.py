"""Named patterns run over the same texts, skipped together when they cannot match (pure).

The scanner runs one alternation per signal family (about twenty) over every text
of a server: on a 5,000-tool cassette that is some 400,000 searches, most finding
nothing, each paying Python's call overhead. An RE2 `Set` of the group answers in
one pass which patterns match a text at all, so only those are searched. The Set
holds each pattern's `sift` source (its branches without the context characters
that stand for word edges, counted repetitions loosened to `*`: it matches a superset,
and builds in about a third of the time); it still costs about as much as compiling
the patterns, so it is built only once a group has seen `SET_AFTER` texts, or at once
when a run announces many (`expecting`: a large cassette), never for a small one. ASCII
text has a Set of its own, spelled with ASCII classes (`linear_translate.on_ascii`).

The Set is a filter, never a judge: a pattern RE2 cannot run (`re` fallback), a
text longer than `SET_MAX_BYTES` (where RE2's automaton could run out of memory
and answer "nothing" silently), or a Set that failed to build means every pattern
runs as before. The answers are the same either way (tests/test_pattern_group.py).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Final

from mcpvcr import linear_re
from mcpvcr.linear_translate import loosened, on_ascii

SET_AFTER: Final = 150
"""Texts a group sees before it builds its Set. Measured on a 1,000-tool cassette: once
its patterns are warm a Set pays off after some 700 texts (a large group) to 2,000 (a
small one), but the first texts also build each pattern's automaton, and a scan with
Sets from text 150 on took 0.43 s where one from text 400 on took 0.49 s."""
SET_AT_ONCE: Final = 300
"""A run that announces (`expect`) at least this many distinct ASCII texts builds the ASCII
Sets on the first text: a pattern the Set rules out for every text is then never searched,
nor even compiled (on a 1,000-tool cassette a first scan takes ~20% less)."""
SET_MAX_BYTES: Final = 4096
"""Longer texts are searched pattern by pattern (the Set is only trusted on short text)."""
_SET_MEMORY: Final = 256 << 20

Span = tuple[int, int]


class _Every:
    """The answer "any pattern may match" (contains every name)."""

    def __contains__(self, name: object) -> bool:
        return True


_EVERY: Final = _Every()
_expected: dict[str, int] = {"ascii": 0}


@contextmanager
def expecting(ascii_texts: int) -> Iterator[None]:
    """Within the block, the groups expect about `ascii_texts` distinct ASCII texts (the
    answers are the same whatever is announced: only when the Sets are built changes)."""
    before = _expected["ascii"]
    _expected["ascii"] = ascii_texts
    try:
        yield
    finally:
        _expected["ascii"] = before


PossibleNames = frozenset[str] | _Every
_Built = tuple[Any, list[int], frozenset[int]]
"""A built Set, the pattern behind each of its entries, and the patterns it cannot hold."""


class PatternGroup:
    """Named `linear_re` patterns, searched together with `spans`."""

    def __init__(self, patterns: Mapping[str, linear_re.Pattern]) -> None:
        self.patterns = dict(patterns)
        self._names = tuple(self.patterns)
        self._seen = {True: 0, False: 0}  # texts seen, ASCII or not
        self._sets: dict[bool, _Built | None] = {}  # a Set for ASCII text, one for any text

    def spans(self, text: str, limit: int = linear_re.MAX_MATCHES) -> dict[str, list[Span]]:
        """Each pattern's match spans in `text` (what `pattern.spans(text, limit)` gives)."""
        candidates = self._candidates(text)
        if candidates is None:
            return {name: pattern.spans(text, limit) for name, pattern in self.patterns.items()}
        found: dict[str, list[Span]] = {name: [] for name in self._names}
        for index in candidates:  # the few the Set let through (the order of keys is kept)
            name = self._names[index]
            found[name] = self.patterns[name].spans(text, limit)
        return found

    def possible(self, text: str) -> PossibleNames:
        """Which patterns can match `text` (`name in result`); every one when unknown."""
        candidates = self._candidates(text)
        if candidates is None:
            return _EVERY
        return frozenset(self._names[index] for index in candidates)

    def _candidates(self, text: str) -> set[int] | None:
        """The patterns that can match `text`, or None when every one must be tried."""
        plain = text.isascii()
        seen = self._seen[plain] = self._seen[plain] + 1
        at_once = plain and _expected["ascii"] >= SET_AT_ONCE
        if plain not in self._sets and (seen > SET_AFTER or at_once):
            self._sets[plain] = self._build(plain)  # None when it cannot be built
        built = self._sets.get(plain)
        if built is None:
            return None
        data, _ = linear_re.encoded(text)
        if len(data) > SET_MAX_BYTES:
            return None
        matcher, members, always = built
        found = {members[i] for i in matcher.Match(data) or ()}
        return found | always

    def _build(self, plain: bool) -> _Built | None:
        """A Set of the patterns' sifts (spelled for ASCII text when `plain`), the pattern
        behind each of its entries, and the patterns it cannot hold."""
        import re2

        options = re2.Options()
        setattr(options, "max_mem", _SET_MEMORY)  # noqa: B010 - RE2's option, set by name
        setattr(options, "log_errors", False)  # noqa: B010 - no RE2 log lines on stderr
        built = re2.Set.SearchSet(options)
        members: list[int] = []
        always: set[int] = set()
        try:
            for index, pattern in enumerate(self.patterns.values()):
                source = pattern.sift  # a superset: the Set only rules patterns out
                if source is None:
                    always.add(index)
                    continue
                built.Add(loosened(on_ascii(source) if plain else source))
                members.append(index)
            built.Compile()
        except re2.error:
            return None
        return built._set, members, frozenset(always)
