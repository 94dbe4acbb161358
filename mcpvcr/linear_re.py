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

A pattern is translated and compiled on first use (a run needs only some of them),
and a long translation is remembered between runs (`mcpvcr.linear_plans`).
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Iterator
from typing import Any, Final

import re2
from re2 import _re2

from mcpvcr import linear_plans

FALLBACK_CHARS: Final = 4096
"""A pattern RE2 cannot run sees at most this much of a text (its time stays bounded)."""
MAX_MATCHES: Final = 10_000
"""`finditer` and `spans` report at most this many matches of one text."""

# Python's \w is Unicode letters, digits and "_". RE2 builds a class like \p{L} (600 ranges)
# into a UTF-8 automaton at about 1 ms per use, and the lexicon uses thousands: the classes
# below are the same for ASCII and Latin-1 and, beyond, count a block of letters as word
# characters and a block of punctuation, symbols or emoji as not (close, and 40x cheaper).
_WORD: Final = (
    r"0-9A-Za-z_\x{aa}\x{b5}\x{ba}\x{c0}-\x{d6}\x{d8}-\x{f6}\x{f8}-\x{2ff}\x{370}-\x{1aaf}"
    r"\x{1b00}-\x{1dbf}\x{1e00}-\x{1fff}\x{2c00}-\x{2fff}"
    r"\x{3040}-\x{d7ff}\x{f900}-\x{fdff}\x{fe70}-\x{fefe}\x{ff10}-\x{ff19}\x{ff21}-\x{ff3a}"
    r"\x{ff41}-\x{ff5a}\x{ff66}-\x{ffef}\x{10000}-\x{1f0ff}\x{1fb00}-\x{dffff}"
)
_SPACE: Final = (
    r"\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}"
    r"\x{205f}\x{3000}"
)
_DIGIT: Final = r"0-9\x{660}-\x{669}\x{6f0}-\x{6f9}\x{966}-\x{96f}\x{ff10}-\x{ff19}"
_IN_CLASS: Final = {"w": _WORD, "d": _DIGIT, "s": _SPACE}
_OUTSIDE: Final = {
    "w": f"[{_WORD}]",
    "W": f"[^{_WORD}]",
    "d": f"[{_DIGIT}]",
    "D": f"[^{_DIGIT}]",
    "s": f"[{_SPACE}]",
    "S": f"[^{_SPACE}]",
    "Z": r"\z",
}
_SUPPORTED_FLAGS: Final = re.I | re.M | re.S | re.U


UNANCHORED: Final = re2._Anchor.UNANCHORED
ANCHOR_START: Final = re2._Anchor.ANCHOR_START
ANCHOR_BOTH: Final = re2._Anchor.ANCHOR_BOTH


def _re2_compile(source: str) -> Any:
    options = re2.Options()
    setattr(options, "max_mem", 64 << 20)  # noqa: B010 - RE2's option, set by name
    setattr(options, "log_errors", False)  # noqa: B010 - no RE2 log lines on stderr
    return re2.compile(source, options)


class _Untranslatable(Exception):
    """The pattern needs `re` (a construct RE2 does not have)."""


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

    __slots__ = ("_fallback", "_plan", "_re2", "_ready", "_start_re2", "flags", "pattern")
    _plan: _Plan

    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern = pattern
        self.flags = flags
        self._ready = False  # translated and compiled on first use (`_load`)
        self._re2: Any = None
        self._start_re2: Any = None
        self._fallback: re.Pattern[str] | None = None

    def _load(self) -> None:
        """Translate and compile: on first use, since a run needs only some of the patterns."""
        try:
            self._plan = _plan_of(self.pattern, self.flags)
            self._re2 = _re2_compile(self._plan.source)._regexp
        except (_Untranslatable, re2.error):
            self._re2 = None
            self._fallback = re.compile(self.pattern, self.flags)
        self._ready = True

    @property
    def linear(self) -> bool:
        """True when RE2 runs this pattern (time linear in the text)."""
        if not self._ready:
            self._load()
        return self._re2 is not None

    @property
    def source(self) -> str | None:
        """The RE2 source that runs this pattern (None when `re` runs it)."""
        if not self._ready:
            self._load()
        return self._plan.source if self._re2 is not None else None

    @property
    def sift(self) -> str | None:
        """An RE2 source that matches every text this pattern matches (and maybe more),
        cheaper to build into an RE2 Set than `source` (None when `re` runs this pattern)."""
        if not self._ready:
            self._load()
        return self._plan.sift if self._re2 is not None else None

    # --- the engine -----------------------------------------------------------------

    def _at_text_start(self, data: bytes, limit: int) -> Any:
        """The branches tried at the text's first character, in order (built when needed)."""
        if self._start_re2 is None:
            self._start_re2 = _re2_compile(self._plan.at_start)._regexp
        return self._start_re2.Match(ANCHOR_START, data, 0, limit)

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
        match = self._re2.Match
        out: list[list[tuple[int, int]]] = []
        while at <= end_byte and len(out) < limit:
            spans = match(anchor, data, at, end_byte)
            if spans[0][0] < 0:
                break
            found = plan.spans(spans) if wrapped else spans
            if wrapped and spans[0][0] == 0 and found[0][0] > 0:
                # the first character was taken as context: a later branch may match on it
                first = self._at_text_start(data, end_byte)
                if first[0][0] >= 0:
                    found = plan.spans(first)
            if found[0][0] < floor:  # the text's-start route of a context, before `pos`
                if anchor != UNANCHORED:
                    break
                at = spans[0][0] + 1
                continue
            if offsets.plain:
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
            self._load()
        if self._fallback is not None:
            head, pos, end = _capped(text, 0, None)
            return list(itertools.islice(self._fallback.finditer(head, pos, end), limit))
        return [Match(text, spans) for spans in self._find(UNANCHORED, text, 0, None, limit)]

    def spans(self, text: str, limit: int = MAX_MATCHES) -> list[tuple[int, int]]:
        """Where the first `limit` matches are (what `[m.span() for m in finditer]` gives)."""
        if not self._ready:
            self._load()
        if self._fallback is not None:
            head, pos, end = _capped(text, 0, None)
            found = itertools.islice(self._fallback.finditer(head, pos, end), limit)
            return [m.span() for m in found]
        return [spans[0] for spans in self._find(UNANCHORED, text, 0, None, limit)]

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> Any:
        if not self._ready:
            self._load()
        if self._fallback is not None:
            return self._fallback.search(*_capped(text, pos, endpos))
        found = self._find(UNANCHORED, text, pos, endpos, 1)
        return Match(text, found[0]) if found else None

    def match(self, text: str, pos: int = 0, endpos: int | None = None) -> Any:
        if not self._ready:
            self._load()
        if self._fallback is not None:
            return self._fallback.match(*_capped(text, pos, endpos))
        found = self._find(ANCHOR_START, text, pos, endpos, 1)
        return Match(text, found[0]) if found and found[0][0][0] == pos else None

    def fullmatch(self, text: str, pos: int = 0, endpos: int | None = None) -> Any:
        if not self._ready:
            self._load()
        if self._fallback is not None or self._plan.wrappers:
            if len(text) > FALLBACK_CHARS:
                return None
            return re.compile(self.pattern, self.flags).fullmatch(text, pos, endpos or len(text))
        found = self._find(ANCHOR_BOTH, text, pos, endpos, 1)
        return Match(text, found[0]) if found else None

    def finditer(self, text: str, pos: int = 0, endpos: int | None = None) -> Iterator[Any]:
        if not self._ready:
            self._load()
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
            self._load()
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
            self._load()
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


# --- translation ----------------------------------------------------------------------


def _plan_of(pattern: str, flags: int) -> _Plan:
    """The translation of `pattern`, remembered from an earlier run (`linear_plans`) or made."""
    stored = linear_plans.get(pattern, flags)
    if stored is not None:
        return _Plan(*stored)
    plan = _translate(pattern, flags)
    stored = (plan.source, plan.wrappers, plan.groups, plan.at_start, plan.sift)
    linear_plans.put(pattern, flags, stored)
    return plan


_EDGE_BEHIND: Final = re.compile(r"\A\(\?<([!=])(\\[wWdDsS]|\[(?:\\.|[^\]\\])+\])\)")
_EDGE_AHEAD: Final = re.compile(r"\(\?([!=])(\\[wWdDsS]|\[(?:\\.|[^\]\\])+\])\)\Z")
_ANY_BEFORE: Final = r"(?:\A|(?s:.))"
_NEVER: Final = r"[^\x00-\x{10ffff}]"


class _Plan:
    """An RE2 source and how its groups map back to the pattern's own."""

    def __init__(
        self, source: str, wrappers: list[int], groups: int, at_start: str = "", sift: str = ""
    ) -> None:
        wrapped = set(wrappers)
        self.user_groups = [g for g in range(1, groups + 1) if g not in wrapped]
        self.source = source
        self.at_start = at_start  # the same branches tried at the text's start, no context
        self.sift = sift or source  # the branches without their context: matches a superset
        self.wrappers = wrappers  # the RE2 groups that hold the reported match, one per branch
        self.groups = groups  # the RE2 group count

    def spans(self, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
        if not self.wrappers:
            return spans
        whole = next((spans[w] for w in self.wrappers if spans[w][0] >= 0), spans[0])
        if not self.user_groups:
            return [whole]
        return [whole, *(spans[g] for g in self.user_groups)]


def _translate(pattern: str, flags: int) -> _Plan:
    """The RE2 plan for `pattern`: Unicode classes, and word edges as context characters."""
    if flags & ~_SUPPORTED_FLAGS:
        raise _Untranslatable
    inline = "".join(
        letter for flag, letter in ((re.I, "i"), (re.M, "m"), (re.S, "s")) if flags & flag
    )
    prefix = f"(?{inline})" if inline else ""
    branches = [_edges(branch) for branch in _branches(pattern)]
    if not any(lead or trail for lead, _, trail in branches):
        return _Plan(prefix + _classes(_distribute(pattern)), [], _count_groups(pattern))
    parts: list[str] = []
    starts: list[str] = []
    inners: list[str] = []
    wrappers: list[int] = []
    group = 0
    for lead, body, trail in branches:
        group += 1
        wrappers.append(group)
        inner = _classes(_distribute(body))
        inners.append(f"(?:{inner})")
        parts.append(f"{lead or _ANY_BEFORE}({inner}){trail}")
        # at the text's start a look-behind that asks for a character fails, the rest hold
        never = lead.startswith("[")
        starts.append(f"({_NEVER if never else ''}{inner}){trail}")
        group += _count_groups(body)
    at_start = prefix + r"\A(?:" + "|".join(starts) + ")"
    return _Plan(prefix + "|".join(parts), wrappers, group, at_start, prefix + "|".join(inners))


def _edges(branch: str) -> tuple[str, str, str]:
    """A branch's leading and trailing context (RE2 text, or "") and the body between."""
    body = branch
    lead = trail = ""
    behind = _EDGE_BEHIND.match(body)
    if behind:
        lead = _context(behind.group(2), behind.group(1) == "!", before=True)
        body = body[behind.end() :]
    elif body.startswith(r"\b") and _word_edge(body[2:], first=True):
        lead = f"(?:\\A|[^{_WORD}])"
        body = body[2:]
    ahead = _EDGE_AHEAD.search(body)
    if ahead and not _escaped_at(body, ahead.start()):
        trail = _context(ahead.group(2), ahead.group(1) == "!", before=False)
        body = body[: ahead.start()]
    elif (
        body.endswith(r"\b")
        and not _escaped_at(body, len(body) - 2)
        and _word_edge(body[:-2], first=False)
    ):
        trail = f"(?:[^{_WORD}]|\\z)"
        body = body[:-2]
    return lead, body, trail


def branches(pattern: str) -> list[str]:
    """The top-level alternatives of `pattern`, as the translation splits them."""
    return _branches(pattern)


def _branches(pattern: str) -> list[str]:
    """The top-level alternatives, with whole-branch non-capturing groups opened up."""
    out: list[str] = []
    for branch in _split_top(pattern):
        inner = _whole_group(branch)
        if inner is not None and len(_split_top(inner)) > 1:
            out.extend(_branches(inner))
        elif inner is not None:
            out.append(inner)
        else:
            out.append(branch)
    return out


def _whole_group(branch: str) -> str | None:
    """`X` when `branch` is exactly `(?:X)`."""
    if not branch.startswith("(?:") or not branch.endswith(")"):
        return None
    depth = 0
    for index, char in _structure(branch):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return branch[3:-1] if index == len(branch) - 1 else None
    return None


def _structure(text: str) -> tuple[tuple[int, str], ...]:
    """The `(`, `)` and `|` of `text` outside escapes and classes, with their offsets."""
    return _structure_of(text)


@functools.lru_cache(maxsize=4096)
def _structure_of(text: str) -> tuple[tuple[int, str], ...]:
    return tuple(_scan_structure(text))


def _scan_structure(text: str) -> Iterator[tuple[int, str]]:
    index = 0
    in_class = False
    while index < len(text):
        char = text[index]
        if char == "\\":
            index += 2
            continue
        if in_class:
            if char == "]":
                in_class = False
        elif char == "[":
            in_class = True
            if text.startswith("^", index + 1):
                index += 1
            if text.startswith("]", index + 1):
                index += 1
        elif char in "()|":
            yield index, char
        index += 1


def _split_top(pattern: str) -> list[str]:
    parts: list[str] = []
    depth = 0
    last = 0
    for index, char in _structure(pattern):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif depth == 0:
            parts.append(pattern[last:index])
            last = index + 1
    parts.append(pattern[last:])
    return parts


def _count_groups(pattern: str) -> int:
    return sum(
        1
        for index, char in _structure(pattern)
        if char == "("
        and (not pattern.startswith("(?", index) or pattern.startswith("(?P<", index))
    )


def _escaped_at(text: str, index: int) -> bool:
    backslashes = len(text[:index]) - len(text[:index].rstrip("\\"))
    return backslashes % 2 == 1


def _context(cls: str, negative: bool, before: bool) -> str:
    """The consumed character a one-character look-around asks for (or the text's edge)."""
    inner, negated = _class_body(cls)
    wanted = f"[^{inner}]" if negated else f"[{inner}]"
    if not negative:
        return wanted
    other = f"[{inner}]" if negated else f"[^{inner}]"
    return f"(?:\\A|{other})" if before else f"(?:{other}|\\z)"


def _class_body(cls: str) -> tuple[str, bool]:
    """A one-character look-around's class as an RE2 class body, and whether it is negated."""
    if cls.startswith("\\"):
        letter = cls[1]
        if letter.lower() in _IN_CLASS:
            return _IN_CLASS[letter.lower()], letter.isupper()
        raise _Untranslatable
    inner = cls[1:-1]
    if inner.startswith("^"):
        return _classes(inner[1:], in_class=True), True
    return _classes(inner, in_class=True), False


def _word_edge(body: str, first: bool) -> bool:
    """Every way `body` can start (`first`) or end is a word character, so a `\\b` there
    is a test of the character outside."""
    if not body:
        return False
    if first:
        group = _whole_group_prefix(body)
        if group is not None:
            return all(_word_edge(alt, first=True) for alt in _split_top(group))
        if body.startswith("[") and "]" in body[1:]:
            return _word_class(body[1 : body.index("]", 2)])
        return body[0].isalnum() or body[0] == "_" or body.startswith(("\\w", "\\d"))
    repeated = re.search(r"(?:\+|\{[1-9]\d*(?:,\d*)?\})\Z", body)
    if repeated and not _escaped_at(body, repeated.start()):
        body = body[: repeated.start()]
    if body.endswith("]") and not _escaped_at(body, len(body) - 1):
        opening = body.rfind("[")
        inner = body[opening + 1 : -1]
        return opening >= 0 and _word_class(inner)
    if body.endswith(")") and not _escaped_at(body, len(body) - 1):
        start = _open_of_last(body)
        if start is None:
            return False
        inner = body[start:]
        inner = inner[3:-1] if inner.startswith("(?:") else inner[1:-1]
        if inner.startswith("?"):
            return False
        return all(_word_edge(alt, first=False) for alt in _split_top(inner))
    last = body[-1]
    if len(body) >= 2 and body[-2] == "\\":
        return last in "wd" and not _escaped_at(body, len(body) - 2)
    return last.isalnum() or last == "_"


def _whole_group_prefix(body: str) -> str | None:
    """The inside of a non-capturing or capturing group that opens `body`, unquantified."""
    if not body.startswith("("):
        return None
    depth = 0
    for index, char in _structure(body):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                after = body[index + 1 : index + 2]
                if after in ("?", "*", "{"):
                    return None
                inner = body[:index]
                if inner.startswith("(?:"):
                    return inner[3:]
                return None if inner.startswith("(?") else inner[1:]
    return None


def _open_of_last(body: str) -> int | None:
    """Where the group that closes `body` opens."""
    stack: list[int] = []
    last: int | None = None
    for index, char in _structure(body):
        if char == "(":
            stack.append(index)
        elif char == ")" and stack:
            last = stack.pop()
    return last if last is not None and not stack else None


def _classes(pattern: str, in_class: bool = False) -> str:
    """Python's Unicode shorthand classes spelled for RE2; `{,n}` as `{0,n}`."""
    out: list[str] = []
    index = 0
    depth_class = in_class
    while index < len(pattern):
        char = pattern[index]
        if char == "\\" and index + 1 < len(pattern):
            letter = pattern[index + 1]
            width = {"u": 4, "U": 8}.get(letter)
            if width:
                code = pattern[index + 2 : index + 2 + width]
                if len(code) != width or not all(c in "0123456789abcdefABCDEF" for c in code):
                    raise _Untranslatable
                out.append(f"\\x{{{code}}}")
                index += 2 + width
                continue
            if depth_class:
                if letter in _IN_CLASS:
                    out.append(_IN_CLASS[letter])
                elif letter in "WDS":
                    raise _Untranslatable
                else:
                    out.append(char + letter)
            elif letter == "b" and _beside_wide(pattern, index):
                pass  # RE2's \b is ASCII: next to a wider letter the edge is left unchecked
            elif letter in _OUTSIDE:
                out.append(_OUTSIDE[letter])
            elif letter.isdigit() and letter != "0":
                raise _Untranslatable  # a back-reference
            else:
                out.append(char + letter)
            index += 2
            continue
        if not in_class and char == "[" and not depth_class:
            depth_class = True
            out.append(char)
            index += 1
            for lead in ("^]", "]", "^"):
                if pattern.startswith(lead, index):
                    out.append(lead.replace("]", "\\]"))
                    index += len(lead)
                    break
            continue
        if depth_class and not in_class and char == "]":
            depth_class = False
        elif not depth_class and pattern.startswith(("(?=", "(?!", "(?<=", "(?<!"), index):
            raise _Untranslatable  # a look-around inside the pattern
        elif not depth_class and char == "{" and pattern.startswith("{,", index):
            out.append("{0,")
            index += 2
            continue
        out.append(char)
        index += 1
    return "".join(out)


def _beside_wide(pattern: str, index: int) -> bool:
    """The `\\b` at `index` stands next to a letter (or a group holding one) beyond ASCII."""
    before = pattern[:index]
    after = pattern[index + 2 :]
    if before.endswith(")") and not _escaped_at(before, len(before) - 1):
        start = _open_of_last(before)
        if start is not None and not before[start:].isascii():
            return True
    if after.startswith("("):
        inner = _whole_group_prefix(after + "")
        if inner is not None and not inner.isascii():
            return True
    if re.search(r"\)(?:[?*+]|\{\d*,?\d*\})\??\Z", before):  # a quantified group: its letters
        start = _open_for(
            before.rstrip("?*+}0123456789,{"), len(before.rstrip("?*+}0123456789,{")) - 1
        )
        if start is not None and not before[start:].isascii():
            return True
    near = (before[-1:] + after[:1]).replace("\\", "")
    return any(not char.isascii() and (char.isalnum() or char == "_") for char in near)


def _distribute(pattern: str) -> str:
    """`(?:a|é)\\b` as `(?:a\\b|é\\b)` and `\\b(?:a|é)` as `(?:\\ba|\\bé)`: each `\\b` beside
    the letter it tests, so one next to a wider letter is the only one left unchecked."""
    if pattern.isascii():
        return pattern  # every letter beside a \\b is ASCII: RE2's own \\b tests it
    for _ in range(200):
        changed = _distribute_once(pattern)
        if changed == pattern:
            return pattern
        pattern = changed
    raise _Untranslatable


def _distribute_once(pattern: str) -> str:
    for index, char in _structure(pattern):
        if char == ")" and pattern.startswith("\\b", index + 1):
            start = _open_for(pattern, index)
            if start is None:
                continue
            group = pattern[start : index + 1]
            head = "(?:" if group.startswith("(?:") else "(" if not group.startswith("(?") else None
            if head is None:
                continue
            alts = _split_top(group[len(head) : -1])
            if all(alt.endswith("\\b") and not _escaped_at(alt, len(alt) - 2) for alt in alts):
                return pattern[: index + 1] + pattern[index + 3 :]  # already inside
            inner = "|".join(alt + "\\b" for alt in alts)
            return pattern[:start] + head + inner + ")" + pattern[index + 3 :]
        if (
            char == "("
            and pattern.endswith("\\b", 0, index)
            and not _escaped_at(pattern, index - 2)
        ):
            after = pattern[index:]
            inner_text = _whole_group_prefix(after)
            if inner_text is None:
                continue
            head = "(?:" if after.startswith("(?:") else "("
            close = index + len(head) + len(inner_text)
            alts = _split_top(inner_text)
            inner = "|".join("\\b" + alt for alt in alts)
            return pattern[: index - 2] + head + inner + pattern[close:]
    return pattern


def _open_for(pattern: str, close: int) -> int | None:
    """Where the group that closes at `close` opens."""
    stack: list[int] = []
    for index, char in _structure(pattern):
        if char == "(":
            stack.append(index)
        elif char == ")" and stack:
            start = stack.pop()
            if index == close:
                return start
    return None


def _word_class(inner: str) -> bool:
    """A class body that only holds word characters (`a-z0-9_`, `\\w`, `\\d`)."""
    return (
        bool(inner)
        and not inner.startswith("^")
        and bool(re.fullmatch(r"(?:[A-Za-z0-9_]-[A-Za-z0-9_]|[A-Za-z0-9_]|\\[wd])+", inner))
    )
