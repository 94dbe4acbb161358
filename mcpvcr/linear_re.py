"""Regular expressions on a linear-time engine (RE2), `re` only where RE2 cannot go (pure).

Python's `re` backtracks: a cue pattern that starts with `\\s*` or `[^\\n]*` tries
every position of a 10 KB run of newlines and rescans the rest from each one, and
one hostile description stalled `lint` for minutes. `compile` translates a `re`
pattern into RE2 syntax and runs it on RE2 (google-re2), whose time is linear in
the text whatever the pattern. The translation keeps Python's meaning:

- `\\w`, `\\d`, `\\s` and their negations are Unicode classes, as in `re` (RE2's are ASCII);
- a `\\b` or a one-character look-behind at the start of the pattern, and a `\\b` or a
  one-character look-ahead at its end, become a consumed context character outside
  the reported span (`(?:\\A|[^\\w])(X)(?:[^\\w]|\\z)`), so spans and groups stay those `re`
  reports; a `\\b` elsewhere keeps RE2's ASCII meaning (a word edge against a letter
  of the pattern, which is where such a `\\b` stands);
- `re.I`, `re.M`, `re.S` become inline flags.

What RE2 cannot express (back-references, a look-around in the middle) runs on `re`
over at most `FALLBACK_CHARS` characters of the text: bounded work, never a stall.

A pattern is translated (`mcpvcr.linear_translate`) and compiled on first use (a run
needs only some of them), and a long translation is remembered between runs
(`mcpvcr.linear_plans`). This module is the engine: `Pattern` runs a plan on RE2 and
reports what `re` would.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from typing import Any, Final

import re2
from re2 import _re2

from mcpvcr import linear_plans, linear_syntax
from mcpvcr.linear_translate import Plan, Untranslatable, on_ascii

FALLBACK_CHARS: Final = 4096
"""A pattern RE2 cannot run sees at most this much of a text (its time stays bounded)."""
MAX_MATCHES: Final = 10_000
"""`finditer` and `spans` report at most this many matches of one text."""

SURE_SIZE: Final = 500_000
"""An RE2 program of up to this many instructions builds (the limit, at `max_mem`, is
over 2 million)."""
ASCII_RATIO: Final = 8
"""A class spelled for any text has at most this many times the instructions of the same
class spelled for ASCII text (at most about 4 measured, for `\\w`)."""

UNANCHORED: Final = re2._Anchor.UNANCHORED
ANCHOR_START: Final = re2._Anchor.ANCHOR_START
ANCHOR_BOTH: Final = re2._Anchor.ANCHOR_BOTH


def _re2_compile(source: str) -> Any:
    options = re2.Options()
    setattr(options, "max_mem", 64 << 20)  # noqa: B010 - RE2's option, set by name
    setattr(options, "log_errors", False)  # noqa: B010 - no RE2 log lines on stderr
    return re2.compile(source, options)


class Match:
    """The part of `re.Match` the callers use, over an RE2 answer."""

    __slots__ = ("_spans", "string")

    def __init__(self, string: str, spans: list[tuple[int, int]]) -> None:
        self.string = string
        self._spans = spans

    def span(self, group: int = 0) -> tuple[int, int]:
        return self._spans[group]

    def start(self, group: int = 0) -> int:
        return self._spans[group][0]

    def end(self, group: int = 0) -> int:
        return self._spans[group][1]

    def group(self, *groups: int) -> Any:
        if len(groups) > 1:
            return tuple(self[g] for g in groups)
        return self[groups[0] if groups else 0]

    def __getitem__(self, group: int) -> str | None:
        start, end = self._spans[group]
        return None if start < 0 else self.string[start:end]

    def groups(self, default: Any = None) -> tuple[Any, ...]:
        return tuple(
            default if self._spans[g][0] < 0 else self[g] for g in range(1, len(self._spans))
        )

    @property
    def lastindex(self) -> int | None:
        # the group that closed last: the one with the greatest end, the outermost on a tie
        best: int | None = None
        for index in range(1, len(self._spans)):
            start, end = self._spans[index]
            if start >= 0 and (best is None or end > self._spans[best][1]):
                best = index
        return best


class Pattern:
    """A compiled pattern: RE2 when it can run it, else `re` over a capped text."""

    __slots__ = ("_ascii", "_fallback", "_plan", "_re2", "_ready", "_start", "flags", "pattern")
    _plan: Plan

    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern = pattern
        self.flags = flags
        self._ready = False  # translated and compiled on first use (`_load`)
        self._re2: Any = None  # the program for any text
        self._ascii: Any = None  # the program for ASCII text (`on_ascii`)
        self._start: dict[bool, Any] = {}  # the text-start programs, by ASCII or not
        self._fallback: re.Pattern[str] | None = None

    def _load(self, plain: bool = True) -> None:
        """Translate and compile: on first use, since a run needs only some of the patterns,
        and only the program for the text at hand (ASCII text has a smaller one)."""
        try:
            self._plan = linear_plans.plan_of(self.pattern, self.flags)
            if not self._plan.builds:  # else compiled when a text first needs it
                self._program(plain)
        except (Untranslatable, re2.error):
            self._re2 = self._ascii = None
            self._fallback = re.compile(self.pattern, self.flags)
        self._ready = True

    def _program(self, plain: bool) -> Any:
        """The RE2 program for ASCII text (`plain`) or for any text, built on first use.

        Whether RE2 runs the pattern at all is decided by the program for any text. The
        ASCII one has the same syntax and, class by class, at least a quarter of its
        instructions (`ASCII_RATIO` allows an eighth), so while the ASCII one is small the
        other is sure to build too, and is left until a text needs it."""
        if plain and self._ascii is None:
            program = _re2_compile(on_ascii(self._plan.source))._regexp
            big = program.ProgramSize() * ASCII_RATIO > SURE_SIZE
            if big and self._re2 is None and not self._plan.builds:
                self._re2 = _re2_compile(self._plan.source)._regexp
            self._ascii = program
        elif not plain and self._re2 is None:
            self._re2 = _re2_compile(self._plan.source)._regexp
        return self._ascii if plain else self._re2

    @property
    def linear(self) -> bool:
        """True when RE2 runs this pattern (time linear in the text)."""
        if not self._ready:
            self._load()
        return self._fallback is None

    @property
    def source(self) -> str | None:
        """The RE2 source that runs this pattern (None when `re` runs it)."""
        if not self._ready:
            self._load()
        return self._plan.source if self._fallback is None else None

    @property
    def sift(self) -> str | None:
        """An RE2 source that matches every text this pattern matches (and maybe more),
        cheaper to build into an RE2 Set than `source` (None when `re` runs this pattern)."""
        if not self._ready:
            self._load()
        return self._plan.sift if self._fallback is None else None

    # --- the engine -----------------------------------------------------------------

    def _at_text_start(self, data: bytes, limit: int, plain: bool) -> Any:
        """The branches tried at the text's first character, in order (built when needed)."""
        program = self._start.get(plain)
        if program is None:
            source = self._plan.at_start
            program = self._start[plain] = _re2_compile(on_ascii(source) if plain else source)
        return program._regexp.Match(ANCHOR_START, data, 0, limit)

    def _find(
        self, anchor: int, text: str, pos: int, endpos: int | None, limit: int
    ) -> list[list[tuple[int, int]]]:
        """The group spans (in characters) of up to `limit` matches from `pos`, in `re`'s order."""
        data, offsets = _encoded(text)
        pos = max(0, min(pos, len(text)))
        end_byte = len(data) if endpos is None else offsets.to_byte(min(endpos, len(text)))
        plan = self._plan
        wrapped = bool(plan.wrappers)
        floor = offsets.to_byte(pos)  # no reported match starts before this
        at = offsets.to_byte(pos - 1) if wrapped and pos > 0 else floor  # its context first
        plain = offsets.plain
        match = self._program(plain).Match
        out: list[list[tuple[int, int]]] = []
        while at <= end_byte and len(out) < limit:
            spans = match(anchor, data, at, end_byte)
            if spans[0][0] < 0:
                break
            found = plan.spans(spans) if wrapped else spans
            if wrapped and spans[0][0] == 0 and found[0][0] > 0:
                # the first character was taken as context: a later branch may match on it
                first = self._at_text_start(data, end_byte, plain)
                if first[0][0] >= 0:
                    found = plan.spans(first)
            if found[0][0] < floor:  # the text's-start route of a context, before `pos`
                if anchor != UNANCHORED:
                    break
                at = spans[0][0] + 1
                continue
            if plain:
                out.append(found)
            else:
                out.append([_chars(offsets, s, e) for s, e in found])
            if anchor != UNANCHORED:
                break
            end = found[0][1]
            if end == found[0][0]:  # an empty match: step one character on
                if end >= end_byte:
                    break
                end = offsets.to_byte(offsets.to_char(end) + 1)
            floor = at = end
            if wrapped and end > 0:  # the next match's context may be this one's last character
                at = offsets.to_byte(offsets.to_char(end) - 1)
        return out

    def matches(self, text: str, limit: int = MAX_MATCHES) -> list[Any]:
        """The first `limit` matches (what `list(finditer(text))[:limit]` gives)."""
        if not self._ready:
            self._load(text.isascii())
        if self._fallback is not None:
            head, pos, end = _capped(text, 0, None)
            return list(itertools.islice(self._fallback.finditer(head, pos, end), limit))
        return [Match(text, spans) for spans in self._find(UNANCHORED, text, 0, None, limit)]

    def spans(self, text: str, limit: int = MAX_MATCHES) -> list[tuple[int, int]]:
        """Where the first `limit` matches are (what `[m.span() for m in finditer]` gives)."""
        if not self._ready:
            self._load(text.isascii())
        if self._fallback is not None:
            head, pos, end = _capped(text, 0, None)
            found = itertools.islice(self._fallback.finditer(head, pos, end), limit)
            return [m.span() for m in found]
        return [spans[0] for spans in self._find(UNANCHORED, text, 0, None, limit)]

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> Any:
        if not self._ready:
            self._load(text.isascii())
        if self._fallback is not None:
            return self._fallback.search(*_capped(text, pos, endpos))
        found = self._find(UNANCHORED, text, pos, endpos, 1)
        return Match(text, found[0]) if found else None

    def match(self, text: str, pos: int = 0, endpos: int | None = None) -> Any:
        if not self._ready:
            self._load(text.isascii())
        if self._fallback is not None:
            return self._fallback.match(*_capped(text, pos, endpos))
        found = self._find(ANCHOR_START, text, pos, endpos, 1)
        return Match(text, found[0]) if found and found[0][0][0] == pos else None

    def fullmatch(self, text: str, pos: int = 0, endpos: int | None = None) -> Any:
        if not self._ready:
            self._load(text.isascii())
        if self._fallback is not None or self._plan.wrappers:
            if len(text) > FALLBACK_CHARS:
                return None
            return re.compile(self.pattern, self.flags).fullmatch(text, pos, endpos or len(text))
        found = self._find(ANCHOR_BOTH, text, pos, endpos, 1)
        return Match(text, found[0]) if found else None

    def finditer(self, text: str, pos: int = 0, endpos: int | None = None) -> Iterator[Any]:
        if not self._ready:
            self._load(text.isascii())
        if self._fallback is not None:
            return self._fallback.finditer(*_capped(text, pos, endpos))
        return iter(
            [Match(text, spans) for spans in self._find(UNANCHORED, text, pos, endpos, MAX_MATCHES)]
        )

    def findall(self, text: str) -> list[Any]:
        out: list[Any] = []
        for found in self.finditer(text):
            groups = found.groups()
            out.append(found.group(0) if not groups else groups[0] if len(groups) == 1 else groups)
        return out

    def sub(self, repl: str | Callable[[Any], str], text: str, count: int = 0) -> str:
        if not self._ready:
            self._load(text.isascii())
        if self._fallback is not None:
            head, _, _ = _capped(text, 0, None)
            return self._fallback.sub(repl, head, count) + text[len(head) :]
        pieces: list[str] = []
        last = 0
        for index, found in enumerate(self.finditer(text)):
            if count and index >= count:
                break
            pieces.append(text[last : found.start()])
            pieces.append(repl(found) if callable(repl) else _expand(repl, found))
            last = found.end()
        pieces.append(text[last:])
        return "".join(pieces)

    def split(self, text: str) -> list[str]:
        if not self._ready:
            self._load(text.isascii())
        if self._fallback is not None:
            head, _, _ = _capped(text, 0, None)
            pieces = self._fallback.split(head)
            pieces[-1] += text[len(head) :]
            return pieces
        parts: list[str] = []
        last = 0
        for found in self.finditer(text):
            if found.end() == found.start() and found.start() in (0, len(text)):
                continue
            parts.append(text[last : found.start()])
            parts.extend(g for g in found.groups())
            last = found.end()
        parts.append(text[last:])
        return parts


def _expand(template: str, found: Match) -> str:
    if "\\" not in template:
        return template
    return re.sub(
        r"\\(\d+)|\\g<(\d+)>", lambda m: found[int(m.group(1) or m.group(2))] or "", template
    )


def _capped(text: str, pos: int, endpos: int | None) -> tuple[str, int, int]:
    end = len(text) if endpos is None else min(endpos, len(text))
    return text[:FALLBACK_CHARS], min(pos, FALLBACK_CHARS), min(end, FALLBACK_CHARS)


def _chars(offsets: _Offsets, start: int, end: int) -> tuple[int, int]:
    return (offsets.to_char(start), offsets.to_char(end)) if start >= 0 else (-1, -1)


class _Offsets:
    """Character and UTF-8 byte offsets of one text, converted from the nearest known pair."""

    __slots__ = ("_byte", "_char", "_data", "plain")

    def __init__(self, data: bytes, plain: bool) -> None:
        self._data = data
        self.plain = plain
        self._byte = self._char = 0

    def to_char(self, offset: int) -> int:
        if self.plain:
            return offset
        if offset < self._byte:
            self._byte = self._char = 0
        self._char += _re2.BytesToCharLen(self._data, self._byte, offset)
        self._byte = offset
        return self._char

    def to_byte(self, offset: int) -> int:
        if self.plain:
            return offset
        if offset < self._char:
            self._byte = self._char = 0
        self._byte += _re2.CharLenToBytes(self._data, self._byte, offset - self._char)
        self._char = offset
        return self._byte


_last: list[Any] = [None, None, None]


def encoded(text: str) -> tuple[bytes, _Offsets]:
    """The UTF-8 bytes RE2 searches for `text` (and their offsets)."""
    return _encoded(text)


def _encoded(text: str) -> tuple[bytes, _Offsets]:
    """UTF-8 bytes of `text` and their offsets (identity for ASCII); the last text is kept."""
    if _last[0] is not text:
        plain = text.isascii()
        data = text.encode("ascii" if plain else "utf-8", "surrogatepass")
        _last[0], _last[1], _last[2] = text, data, _Offsets(data, plain)
    return _last[1], _last[2]


_COMPILED: dict[tuple[str, int], Pattern] = {}


def compile(pattern: str, flags: int = 0) -> Pattern:
    """`pattern` (re syntax and flags) on RE2 when it translates, else on capped `re`."""
    key = (pattern, int(flags))
    found = _COMPILED.get(key)
    if found is None:
        if len(_COMPILED) >= 4096:
            _COMPILED.clear()
        found = _COMPILED[key] = Pattern(pattern, int(flags))
    return found


def branches(pattern: str) -> list[str]:
    """The top-level alternatives of `pattern`, as the translation splits them."""
    return linear_syntax.branches(pattern)
