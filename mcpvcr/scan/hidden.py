"""Invisible, format and control characters, judged in the context where they stand.

ZWJ inside an emoji sequence, ZWNJ in Persian, RLM beside Hebrew or Arabic, one
variation selector after an emoji and an emoji tag flag are legitimate; the same
characters inside Latin words, in runs, or carrying a hidden message are not.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Final

from mcpvcr import linear_re

ZW: Final = frozenset({0x200B, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x180E})
BIDI_OVERRIDE: Final = frozenset({0x202A, 0x202B, 0x202C, 0x202D, 0x202E})
ISOLATES: Final = frozenset({0x2066, 0x2067, 0x2068, 0x2069})
MARKS: Final = frozenset({0x200E, 0x200F, 0x061C})
FILLERS: Final = frozenset({0x115F, 0x1160, 0x3164, 0xFFA0})
_ESCAPE: Final = linear_re.compile(
    r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|.)|\x9b[0-?]*[ -/]*[@-~]"
)
_LINE_BREAKS: Final = str.maketrans("", "", "\t\n\r")
_CONTROL: Final = linear_re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_SUSPECT: Final = linear_re.compile(
    "[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\u3164\ufe00-\ufe0f"
    "\ufeff\uffa0\U000e0000-\U000e01ef]"
)
"""Any character `find_hidden` judges: texts without one are skipped at C speed."""
_PADDING: Final = linear_re.compile(
    r"[ \t\u00a0\u2000-\u200a\u202f\u205f\u3000\u2800]{40,}|(?:[ \t]*\n){12,}"
)


@dataclass(frozen=True)
class Hidden:
    """One hidden-text span: what kind, and the message it carries when decodable."""

    start: int
    end: int
    kind: str
    decoded: str = ""


def find_hidden(text: str, *, name: bool = False) -> list[Hidden]:
    """Every hidden-text span of `text`; in a `name` every such character counts."""
    if text.isascii() or not _SUSPECT.search(text):
        return []  # every character judged here is outside ASCII
    found: list[Hidden] = []
    found.extend(_tags(text))
    found.extend(_selectors(text, name))
    rtl = _has_rtl(text)
    for index, char in enumerate(text):
        kind = _judge(text, index, ord(char), rtl=rtl, name=name)
        if kind:
            found.append(Hidden(index, index + 1, kind))
    found.extend(_binary(text))
    return _merge(found)


def find_escapes(text: str) -> list[Hidden]:
    """Terminal escape sequences and other C0/C1 controls (tab and newlines excepted)."""
    if text.translate(_LINE_BREAKS).isprintable():
        return []  # no control character at all (the usual case), checked at C speed
    spans = [Hidden(m.start(), m.end(), "terminal escape sequence") for m in _ESCAPE.finditer(text)]
    covered = {i for span in spans for i in range(span.start, span.end)}
    spans.extend(
        Hidden(m.start(), m.end(), f"control character U+{ord(m.group(0)):04X}")
        for m in _CONTROL.finditer(text)
        if m.start() not in covered
    )
    return spans


def find_padding(text: str) -> list[Hidden]:
    """Long blank runs followed by more text: content pushed off-screen in a dialog."""
    return [
        Hidden(m.start(), m.end(), "whitespace padding")
        for m in _PADDING.finditer(text)
        if text[m.end() :].strip()
    ]


def _judge(text: str, index: int, code: int, *, rtl: bool, name: bool) -> str:
    if name and (
        code in ZW | BIDI_OVERRIDE | ISOLATES | MARKS | FILLERS
        or code in (0x200C, 0x200D, 0xFEFF, 0xAD)
    ):
        return "invisible character in a name"
    if code in BIDI_OVERRIDE:
        return "bidi override or embedding"
    if code in ISOLATES:
        return "" if rtl else "bidi isolate without right-to-left text"
    if code in MARKS:
        return (
            ""
            if rtl and not _run(text, index, MARKS)
            else "direction mark without right-to-left text"
        )
    if code in ZW:
        return "zero-width character"
    if code == 0xFEFF:
        return "" if index == 0 else "zero-width no-break space inside text"
    if code == 0x200D:
        return (
            ""
            if _joiner_ok(text, index, emoji=True)
            else "zero-width joiner outside an emoji or Indic sequence"
        )
    if code == 0x200C:
        return (
            ""
            if _joiner_ok(text, index, emoji=False)
            else "zero-width non-joiner outside a script that uses it"
        )
    if code == 0xAD:
        return "" if _long_word(text, index) else "soft hyphen splitting a short word"
    if code in FILLERS:
        return "" if _hangul(text) else "Hangul filler (renders blank)"
    return ""


def _run(text: str, index: int, chars: frozenset[int]) -> bool:
    """True inside a run of 4 or more such characters (a binary carrier)."""
    start = index
    while start > 0 and ord(text[start - 1]) in chars:
        start -= 1
    end = index
    while end < len(text) and ord(text[end]) in chars:
        end += 1
    return end - start >= 4


def _joiner_ok(text: str, index: int, *, emoji: bool) -> bool:
    before = text[index - 1] if index else ""
    after = text[index + 1] if index + 1 < len(text) else ""
    if before and _virama(before):
        return True
    if not before or not after:
        return False
    if emoji:
        return _emoji(before) and _emoji(after)
    return _joining_script(before) and _joining_script(after)


def _emoji(char: str) -> bool:
    code = ord(char)
    return (
        0x1F000 <= code <= 0x1FAFF
        or 0x2600 <= code <= 0x27BF
        or 0x2300 <= code <= 0x23FF
        or 0x2B00 <= code <= 0x2BFF
        or code in (0xFE0F, 0x2640, 0x2642, 0x2695, 0x2696, 0x2708, 0x2764, 0x00A9, 0x00AE)
        or 0x1F3FB <= code <= 0x1F3FF
    )


def _virama(char: str) -> bool:
    return "VIRAMA" in unicodedata.name(char, "") or "AL-LAKUNA" in unicodedata.name(char, "")


def _joining_script(char: str) -> bool:
    code = ord(char)
    return (
        0x0600 <= code <= 0x08FF
        or 0xFB50 <= code <= 0xFEFC
        or 0x0900 <= code <= 0x0DFF
        or 0x0700 <= code <= 0x074F
    )


def _has_rtl(text: str) -> bool:
    return any(unicodedata.bidirectional(char) in ("R", "AL") for char in text)


def _long_word(text: str, index: int) -> bool:
    start, end = index, index + 1
    while start > 0 and (text[start - 1].isalpha() or text[start - 1] == "\u00ad"):
        start -= 1
    while end < len(text) and (text[end].isalpha() or text[end] == "\u00ad"):
        end += 1
    return sum(c.isalpha() for c in text[start:end]) >= 10


def _hangul(text: str) -> bool:
    return any(
        0xAC00 <= ord(c) <= 0xD7A3 or 0x1100 <= ord(c) <= 0x11FF
        for c in text
        if ord(c) not in FILLERS
    )


def _tags(text: str) -> list[Hidden]:
    """Unicode tag runs: allowed only as an emoji flag sequence; otherwise decoded."""
    out: list[Hidden] = []
    for match in re.finditer("[\U000e0000-\U000e007f]+", text):
        run = match.group(0)
        start = match.start()
        flag = (
            start > 0
            and text[start - 1] == "\U0001f3f4"
            and run.endswith("\U000e007f")
            and 2 <= len(run) - 1 <= 6
            and all(("a" <= chr(ord(c) - 0xE0000) <= "z") or c.isdigit() for c in run[:-1])
        )
        if not flag:
            decoded = "".join(chr(ord(c) - 0xE0000) for c in run if 0xE0020 <= ord(c) <= 0xE007E)
            out.append(Hidden(start, match.end(), "Unicode tag characters", decoded))
    return out


def _selectors(text: str, name: bool) -> list[Hidden]:
    """Variation selectors: one after an emoji/symbol or ideograph is fine; runs carry bytes."""
    out: list[Hidden] = []
    for match in re.finditer("[\ufe00-\ufe0f\U000e0100-\U000e01ef]+", text):
        run, start = match.group(0), match.start()
        base = text[start - 1] if start else ""
        single_ok = len(run) == 1 and base and not base.isascii() and not name
        if single_ok:
            continue
        decoded = (
            bytes(_selector_byte(c) for c in run).decode("utf-8", "replace") if len(run) > 2 else ""
        )
        out.append(
            Hidden(
                start,
                match.end(),
                "variation selector run"
                if len(run) > 1
                else "variation selector after a plain letter",
                decoded,
            )
        )
    return out


def _selector_byte(char: str) -> int:
    code = ord(char)
    return code - 0xFE00 if code <= 0xFE0F else code - 0xE0100 + 16


def _binary(text: str) -> list[Hidden]:
    """Runs of two alternating invisible characters spell bits: decode 8 at a time."""
    out: list[Hidden] = []
    for match in re.finditer("[\u200b\u200c\u200d\u2060\u200e\u200f]{8,}", text):
        run = match.group(0)
        symbols = sorted(set(run))
        if len(symbols) != 2:
            continue
        bits = "".join("0" if c == symbols[0] else "1" for c in run)
        chars = [chr(int(bits[i : i + 8], 2)) for i in range(0, len(bits) - 7, 8)]
        decoded = "".join(chars)
        if sum(c.isprintable() for c in decoded) >= 0.8 * max(len(decoded), 1):
            out.append(Hidden(match.start(), match.end(), "zero-width binary message", decoded))
    return out


def _merge(found: list[Hidden]) -> list[Hidden]:
    """Adjacent single-character hits of one kind become one span."""
    out: list[Hidden] = []
    for item in sorted(found, key=lambda h: (h.start, -h.end)):
        if (
            out
            and item.start <= out[-1].end
            and (item.kind == out[-1].kind or item.start < out[-1].end)
        ):
            last = out[-1]
            if item.end > last.end or item.decoded:
                out[-1] = Hidden(
                    last.start, max(last.end, item.end), last.kind, last.decoded or item.decoded
                )
            continue
        out.append(item)
    return out
