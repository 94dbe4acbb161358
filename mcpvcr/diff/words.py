"""Word-level diffs of model-visible text: unchanged words plain, `[-removed-]` and `{+added+}`."""

from __future__ import annotations

import difflib
from typing import Final

MAX_DIFF_CHARS: Final = 4000
CONTEXT_WORDS: Final = 8
"""Unchanged words kept on each side of an edit in a word diff."""


def word_diff(old: str, new: str) -> str:
    """A word-level diff: unchanged words plain, `[-removed-]` and `{+added+}`."""
    old_words, new_words = old.split(), new.split()
    parts: list[str] = []
    matcher = difflib.SequenceMatcher(a=old_words, b=new_words, autojunk=False)
    opcodes = matcher.get_opcodes()
    for index, (op, a1, a2, b1, b2) in enumerate(opcodes):
        if op == "equal":
            parts.append(
                _context(old_words[a1:a2], first=index == 0, last=index == len(opcodes) - 1)
            )
            continue
        if a2 > a1:
            parts.append("[-" + " ".join(old_words[a1:a2]) + "-]")
        if b2 > b1:
            parts.append("{+" + " ".join(new_words[b1:b2]) + "+}")
    text = " ".join(parts)
    if old.split() == new.split() and old != new:
        text += " (whitespace or invisible characters only)"
    if len(text) > MAX_DIFF_CHARS:
        text = text[:MAX_DIFF_CHARS] + " [...]"
    return text


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
