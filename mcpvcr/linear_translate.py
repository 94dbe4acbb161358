"""`re` syntax translated to RE2 syntax with Python's meaning kept (pure).

See `mcpvcr.linear_re` for what the translation keeps: Unicode `\\w`, `\\d`, `\\s`,
word edges and one-character look-arounds at a branch's ends as consumed context
characters outside the reported span, and the flags as inline flags. A construct RE2
does not have raises `Untranslatable` (the caller runs the pattern on `re`).
"""

from __future__ import annotations

import re
from typing import Final

from mcpvcr.linear_syntax import (
    branches,
    count_groups,
    escaped_at,
    open_for,
    open_of_last,
    split_top,
    structure,
    whole_group_prefix,
)

# Python's \w is Unicode letters, digits and "_". RE2 builds a class like \p{L} (600 ranges)
# into a UTF-8 automaton at about 1 ms per use, and the lexicon uses thousands: the classes
# below are the same for ASCII and Latin-1 and, beyond, count a block of letters as word
# characters and a block of punctuation, symbols or emoji as not (close, and 40x cheaper).
WORD: Final = (
    r"0-9A-Za-z_\x{aa}\x{b5}\x{ba}\x{c0}-\x{d6}\x{d8}-\x{f6}\x{f8}-\x{2ff}\x{370}-\x{1aaf}"
    r"\x{1b00}-\x{1dbf}\x{1e00}-\x{1fff}\x{2c00}-\x{2fff}"
    r"\x{3040}-\x{d7ff}\x{f900}-\x{fdff}\x{fe70}-\x{fefe}\x{ff10}-\x{ff19}\x{ff21}-\x{ff3a}"
    r"\x{ff41}-\x{ff5a}\x{ff66}-\x{ffef}\x{10000}-\x{1f0ff}\x{1fb00}-\x{dffff}"
)
SPACE: Final = (
    r"\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}"
    r"\x{205f}\x{3000}"
)
DIGIT: Final = r"0-9\x{660}-\x{669}\x{6f0}-\x{6f9}\x{966}-\x{96f}\x{ff10}-\x{ff19}"
_IN_CLASS: Final = {"w": WORD, "d": DIGIT, "s": SPACE}
# The same classes for ASCII text: their ASCII members, and the same first and last element
# as above, so what stands beside a class body in a source parses the same (`[\w-z]` keeps
# its literal "-"). RE2 builds them in about a third of the time.
_ON_ASCII: Final = {
    WORD: r"0-9A-Za-z_\x{1fb00}-\x{dffff}",
    SPACE: r"\t\n\x0b\x0c\r\x1c-\x1f \x{3000}",
    DIGIT: r"0-9\x{ff10}-\x{ff19}",
}
_OUTSIDE: Final = {
    "w": f"[{WORD}]",
    "W": f"[^{WORD}]",
    "d": f"[{DIGIT}]",
    "D": f"[^{DIGIT}]",
    "s": f"[{SPACE}]",
    "S": f"[^{SPACE}]",
    "Z": r"\z",
}
_SUPPORTED_FLAGS: Final = re.I | re.M | re.S | re.U


def on_ascii(source: str) -> str:
    """An RE2 source that finds in ASCII text exactly what `source` finds there.

    The class bodies the translation writes become their ASCII members: a class holds
    the same ASCII characters either way, with case ignored too (a character beyond ASCII
    that folds to an ASCII letter folds to one already in the class). The bodies are only
    ever written by the translation (`re` syntax has no `\\x{`)."""
    for body, narrow in _ON_ASCII.items():
        source = source.replace(body, narrow)
    return source


# An escape (with the braces of `\x{...}` and `\p{...}`), a class, or a counted repetition
# (group 1): read in one pass, so that only the last is rewritten.
_LOOSE_TOKENS: Final = re.compile(
    r"\\(?:[xpP]\{[^}]*\}|.)|\[\^?\]?(?:\\.|[^\]\\])*\]|(\{\d+(?:,\d*)?\})", re.S
)


def loosened(source: str) -> str:
    """An RE2 source that matches every text `source` matches, and maybe more: each counted
    repetition (`X{1,200}`) as `X*`, which RE2 builds in one step instead of 200 copies.

    For a Set that only rules patterns out (`pattern_group`). Braces in a class or an
    escape (`\\x{3000}`, `\\{`) are left as they are."""
    return _LOOSE_TOKENS.sub(_loosen, source)


def _loosen(token: re.Match[str]) -> str:
    return "*" if token.group(1) else token.group(0)


class Untranslatable(Exception):
    """The pattern needs `re` (a construct RE2 does not have)."""


_EDGE_BEHIND: Final = re.compile(r"\A\(\?<([!=])(\\[wWdDsS]|\[(?:\\.|[^\]\\])+\])\)")
_EDGE_AHEAD: Final = re.compile(r"\(\?([!=])(\\[wWdDsS]|\[(?:\\.|[^\]\\])+\])\)\Z")
_ANY_BEFORE: Final = r"(?:\A|(?s:.))"
_NEVER: Final = r"[^\x00-\x{10ffff}]"


class Plan:
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
        self.builds = False  # known to compile on this RE2 (a shipped plan), without trying

    def spans(self, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
        if not self.wrappers:
            return spans
        whole = next((spans[w] for w in self.wrappers if spans[w][0] >= 0), spans[0])
        if not self.user_groups:
            return [whole]
        return [whole, *(spans[g] for g in self.user_groups)]


def translate(pattern: str, flags: int) -> Plan:
    """The RE2 plan for `pattern`: Unicode classes, and word edges as context characters."""
    if flags & ~_SUPPORTED_FLAGS:
        raise Untranslatable
    inline = "".join(
        letter for flag, letter in ((re.I, "i"), (re.M, "m"), (re.S, "s")) if flags & flag
    )
    prefix = f"(?{inline})" if inline else ""
    edged = [_edges(branch) for branch in branches(pattern)]
    if not any(lead or trail for lead, _, trail in edged):
        return Plan(prefix + _classes(_distribute(pattern)), [], count_groups(pattern))
    parts: list[str] = []
    starts: list[str] = []
    inners: list[str] = []
    wrappers: list[int] = []
    group = 0
    for lead, body, trail in edged:
        group += 1
        wrappers.append(group)
        inner = _classes(_distribute(body))
        inners.append(f"(?:{inner})")
        parts.append(f"{lead or _ANY_BEFORE}({inner}){trail}")
        # at the text's start a look-behind that asks for a character fails, the rest hold
        never = lead.startswith("[")
        starts.append(f"({_NEVER if never else ''}{inner}){trail}")
        group += count_groups(body)
    at_start = prefix + r"\A(?:" + "|".join(starts) + ")"
    return Plan(prefix + "|".join(parts), wrappers, group, at_start, prefix + "|".join(inners))


def _edges(branch: str) -> tuple[str, str, str]:
    """A branch's leading and trailing context (RE2 text, or "") and the body between."""
    body = branch
    lead = trail = ""
    behind = _EDGE_BEHIND.match(body)
    if behind:
        lead = _context(behind.group(2), behind.group(1) == "!", before=True)
        body = body[behind.end() :]
    elif body.startswith(r"\b") and _word_edge(body[2:], first=True):
        lead = f"(?:\\A|[^{WORD}])"
        body = body[2:]
    ahead = _EDGE_AHEAD.search(body)
    if ahead and not escaped_at(body, ahead.start()):
        trail = _context(ahead.group(2), ahead.group(1) == "!", before=False)
        body = body[: ahead.start()]
    elif (
        body.endswith(r"\b")
        and not escaped_at(body, len(body) - 2)
        and _word_edge(body[:-2], first=False)
    ):
        trail = f"(?:[^{WORD}]|\\z)"
        body = body[:-2]
    return lead, body, trail


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
        raise Untranslatable
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
        group = whole_group_prefix(body)
        if group is not None:
            return all(_word_edge(alt, first=True) for alt in split_top(group))
        if body.startswith("[") and "]" in body[1:]:
            return _word_class(body[1 : body.index("]", 2)])
        return body[0].isalnum() or body[0] == "_" or body.startswith(("\\w", "\\d"))
    repeated = re.search(r"(?:\+|\{[1-9]\d*(?:,\d*)?\})\Z", body)
    if repeated and not escaped_at(body, repeated.start()):
        body = body[: repeated.start()]
    if body.endswith("]") and not escaped_at(body, len(body) - 1):
        opening = body.rfind("[")
        inner = body[opening + 1 : -1]
        return opening >= 0 and _word_class(inner)
    if body.endswith(")") and not escaped_at(body, len(body) - 1):
        start = open_of_last(body)
        if start is None:
            return False
        inner = body[start:]
        inner = inner[3:-1] if inner.startswith("(?:") else inner[1:-1]
        if inner.startswith("?"):
            return False
        return all(_word_edge(alt, first=False) for alt in split_top(inner))
    last = body[-1]
    if len(body) >= 2 and body[-2] == "\\":
        return last in "wd" and not escaped_at(body, len(body) - 2)
    return last.isalnum() or last == "_"


def _classes(pattern: str, in_class: bool = False) -> str:
    """Python's Unicode shorthand classes spelled for RE2; `{,n}` as `{0,n}`."""
    out: list[str] = []
    index = 0
    depth_class = in_class
    while index < len(pattern):
        char = pattern[index]
        if char == "\\" and index + 1 < len(pattern):
            spelled, index = _escape(pattern, index, depth_class)
            out.append(spelled)
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
            raise Untranslatable  # a look-around inside the pattern
        elif not depth_class and char == "{" and pattern.startswith("{,", index):
            out.append("{0,")
            index += 2
            continue
        out.append(char)
        index += 1
    return "".join(out)


def _escape(pattern: str, index: int, in_class: bool) -> tuple[str, int]:
    """The escape at `index` spelled for RE2 (inside a class or not), and where it ends."""
    char, letter = pattern[index], pattern[index + 1]
    width = {"u": 4, "U": 8}.get(letter)
    if width:
        code = pattern[index + 2 : index + 2 + width]
        if len(code) != width or not all(c in "0123456789abcdefABCDEF" for c in code):
            raise Untranslatable
        return f"\\x{{{code}}}", index + 2 + width
    if in_class:
        if letter in _IN_CLASS:
            return _IN_CLASS[letter], index + 2
        if letter in "WDS":
            raise Untranslatable
        return char + letter, index + 2
    if letter == "b" and _beside_wide(pattern, index):
        return "", index + 2  # RE2's \b is ASCII: next to a wider letter the edge is left unchecked
    if letter in _OUTSIDE:
        return _OUTSIDE[letter], index + 2
    if letter.isdigit() and letter != "0":
        raise Untranslatable  # a back-reference
    return char + letter, index + 2


def _beside_wide(pattern: str, index: int) -> bool:
    """The `\\b` at `index` stands next to a letter (or a group holding one) beyond ASCII."""
    before = pattern[:index]
    after = pattern[index + 2 :]
    if before.endswith(")") and not escaped_at(before, len(before) - 1):
        start = open_of_last(before)
        if start is not None and not before[start:].isascii():
            return True
    if after.startswith("("):
        inner = whole_group_prefix(after + "")
        if inner is not None and not inner.isascii():
            return True
    if re.search(r"\)(?:[?*+]|\{\d*,?\d*\})\??\Z", before):  # a quantified group: its letters
        start = open_for(
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
    raise Untranslatable


def _distribute_once(pattern: str) -> str:
    for index, char in structure(pattern):
        if char == ")" and pattern.startswith("\\b", index + 1):
            start = open_for(pattern, index)
            if start is None:
                continue
            group = pattern[start : index + 1]
            head = "(?:" if group.startswith("(?:") else "(" if not group.startswith("(?") else None
            if head is None:
                continue
            alts = split_top(group[len(head) : -1])
            if all(alt.endswith("\\b") and not escaped_at(alt, len(alt) - 2) for alt in alts):
                return pattern[: index + 1] + pattern[index + 3 :]  # already inside
            inner = "|".join(alt + "\\b" for alt in alts)
            return pattern[:start] + head + inner + ")" + pattern[index + 3 :]
        if char == "(" and pattern.endswith("\\b", 0, index) and not escaped_at(pattern, index - 2):
            after = pattern[index:]
            inner_text = whole_group_prefix(after)
            if inner_text is None:
                continue
            head = "(?:" if after.startswith("(?:") else "("
            close = index + len(head) + len(inner_text)
            alts = split_top(inner_text)
            inner = "|".join("\\b" + alt for alt in alts)
            return pattern[: index - 2] + head + inner + pattern[close:]
    return pattern


def _word_class(inner: str) -> bool:
    """A class body that only holds word characters (`a-z0-9_`, `\\w`, `\\d`)."""
    return (
        bool(inner)
        and not inner.startswith("^")
        and bool(re.fullmatch(r"(?:[A-Za-z0-9_]-[A-Za-z0-9_]|[A-Za-z0-9_]|\\[wd])+", inner))
    )
