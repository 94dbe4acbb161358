"""The word diff shown for a changed text: `[-removed-]` and `{+added+}` (pure).

Near-linear on hostile input: the common leading and trailing words are cut off
first (one pass each), so a small edit in a long description diffs only the
edited middle. difflib's matcher is quadratic in the worst case (two unrelated
55 KB descriptions took 81 s), so a middle larger than MAX_MATCH_WORK word pairs
is summarised (word counts and the first words of each side) instead of matched.
"""

from __future__ import annotations

import difflib
from typing import Final

MAX_DIFF_CHARS: Final = 4000
CONTEXT_WORDS: Final = 8
MAX_MATCH_WORK: Final = 250_000
"""Largest (old middle words x new middle words) handed to the matcher."""
SUMMARY_WORDS: Final = 12


def word_diff(old: str, new: str) -> str:
    """A word-level diff: unchanged words plain, `[-removed-]` and `{+added+}`."""
    old_words, new_words = old.split(), new.split()
    head = _common_prefix(old_words, new_words)
    tail = _common_prefix(old_words[head:][::-1], new_words[head:][::-1])
    old_mid = old_words[head : len(old_words) - tail]
    new_mid = new_words[head : len(new_words) - tail]
    pieces: list[tuple[str, list[str], list[str]]] = []
    if head:
        pieces.append(("equal", old_words[:head], []))
    pieces.extend(_middle(old_mid, new_mid))
    if tail:
        pieces.append(("equal", old_words[len(old_words) - tail :], []))
    text = _render(pieces)
    if old_words == new_words and old != new:
        text += " (whitespace or invisible characters only)"
    if len(text) > MAX_DIFF_CHARS:
        text = text[:MAX_DIFF_CHARS] + " [...]"
    return text


def _common_prefix(a: list[str], b: list[str]) -> int:
    count = 0
    for left, right in zip(a, b, strict=False):
        if left != right:
            break
        count += 1
    return count


def _middle(old: list[str], new: list[str]) -> list[tuple[str, list[str], list[str]]]:
    if not old and not new:
        return []
    if len(old) * len(new) > MAX_MATCH_WORK:
        return [("summary", old, new)]
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    return [
        ("equal", old[a1:a2], []) if op == "equal" else ("replace", old[a1:a2], new[b1:b2])
        for op, a1, a2, b1, b2 in matcher.get_opcodes()
    ]


def _render(pieces: list[tuple[str, list[str], list[str]]]) -> str:
    parts: list[str] = []
    last = len(pieces) - 1
    for index, (op, old, new) in enumerate(pieces):
        if op == "equal":
            parts.append(_context(old, first=index == 0, last=index == last))
        elif op == "summary":
            parts.append(f"[-{_summary(old)}-]")
            parts.append(f"{{+{_summary(new)}+}}")
        else:
            if old:
                parts.append("[-" + " ".join(old) + "-]")
            if new:
                parts.append("{+" + " ".join(new) + "+}")
    return " ".join(parts)


def _summary(words: list[str]) -> str:
    shown = " ".join(words[:SUMMARY_WORDS])
    more = len(words) - SUMMARY_WORDS
    return (
        f"{shown} … ({more} more words, too different to diff word by word)" if more > 0 else shown
    )


def _context(words: list[str], *, first: bool, last: bool) -> str:
    """Unchanged words around an edit: a few on each side, the middle elided."""
    keep = CONTEXT_WORDS
    if first and last:
        return " ".join(words)
    if first:
        return ("… " if len(words) > keep else "") + " ".join(words[-keep:])
    if last:
        return " ".join(words[:keep]) + (" …" if len(words) > keep else "")
    if len(words) <= 2 * keep:
        return " ".join(words)
    return " ".join(words[:keep]) + " … " + " ".join(words[-keep:])
