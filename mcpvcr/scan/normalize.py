"""A matching copy of a text: evasions folded away, every position mapped back to the raw text.

Keyword evasions (fullwidth letters, combining marks sprinkled on letters,
zero-width or soft-hyphen splits inside words) stop working on the folded copy,
while findings still quote the raw span the user can locate.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from mcpvcr import linear_re
from mcpvcr.scan.finding import _invisible

_FRAMING: Final = linear_re.compile(
    r"\b(?:detect|classif|flag|scan|identif|recogni|guard|filter|block|sanitiz|screen|label"
    r"|e\.g\.|such\s+as|for\s+example|examples?|patterns?|quot|phrases?|strings?\s+like)"
    # the same framing in the other scanned languages ("frases del tipo «...»", "例えば「...」")
    r"|\b(?:detecta|détect|erkenn|rileva|wykryw|tespit|mendeteksi|обнаруж|виявля|ejemplo|exemple"
    r"|beispiel|esempio|exemplo|przykład|örne|contoh|пример|приклад|frases|phrasen|frasi)"
    r"|например|наприклад|на\s+пример|\bnp\.|\bfraz\w*|\bnagłówk\w*"
    r"|检测|识别|例如|検出|例えば|」など|탐지|예를\s*들어|phát\s+hiện|ví\s+dụ|يكتشف|مثال|उदाहरण",
    re.I,
)
# A single quote between two letters is an apostrophe ("d'utiliser", "user's"), not a
# quotation mark: pairing two of them masked the clause between as a quoted example.
_QUOTED: Final = linear_re.compile(
    r"`[^`\n]{1,200}`|\"[^\"\n]{3,200}\"|“[^”\n]{3,200}”|(?<!\w)'[^'\n]{6,200}'(?!\w)"
    r"|«[^»\n]{2,200}»|„[^“”\n]{2,200}[“”]|「[^」\n]{1,200}」|『[^』\n]{1,200}』|\u2039[^\u203a\n]{2,200}\u203a"
)
# What a detector looks for, listed after the patterns it names: examples, not orders.
_DETECTED_LIST: Final = linear_re.compile(
    r"(\b(?:scan|detect|analy[sz]|inspect|flag|classif|check|look|screen)\w*\b[^.\n;]{0,120}"
    r"\b(?:injection|attack|jailbreak|poisoning|exfiltration)[\w-]*\s+patterns?\b"
    r"(?:\s*:|,?\s+(?:like|such\s+as|including|e\.g\.)))([^.\n;]*)",
    re.I,
)
_REAL_PLACE: Final = linear_re.compile(r"://|@[\w-]+\.|~/|/\.|\$\w")
# A framing word inside an address ("collect.example-cdn.io", "/patterns/x") frames nothing.
_ADDRESS: Final = linear_re.compile(
    r"\b(?:https?|ftp|wss?)://\S+|(?<![\w.-])[\w-]+(?:\.[\w-]+)*\.[a-z]{2,24}\b(?:/\S*)?", re.I
)
_CODE: Final = linear_re.compile(r"`[^`\n]{1,200}`|```.*?```", re.S)


@dataclass(frozen=True)
class Folded:
    """The folded text and, for each of its characters, the raw index it came from."""

    raw: str
    text: str
    origin: tuple[int, ...]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The raw span behind a folded span."""
        if not self.origin:
            return (0, 0)
        first = self.origin[min(start, len(self.origin) - 1)]
        last = self.origin[min(max(end - 1, start), len(self.origin) - 1)] + 1
        return (first, max(last, first + 1))


def fold(raw: str) -> Folded:
    """Casefolded NFKC copy without invisible characters or combining marks on Latin letters."""
    if raw.isascii():  # the common case: lower-casing keeps every position
        return Folded(raw, raw.lower(), tuple(range(len(raw))))
    out: list[str] = []
    origin: list[int] = []
    previous_latin = False
    for index, char in enumerate(raw):
        code = ord(char)
        if _invisible(code):
            continue
        if unicodedata.category(char) == "Mn" and previous_latin:
            continue  # "i̲g̲n̲o̲r̲e" reads as "ignore"
        if code < 0x80:
            piece = char.lower()
        else:
            piece = unicodedata.normalize("NFKC", char).casefold()
            piece = piece.replace("\u00a0", " ").replace("\u3000", " ")
        previous_latin = (char.isascii() and char.isalpha()) or (code >= 0x80 and _is_latin(char))
        for folded in piece:
            if previous_latin and folded == "\u0307":
                continue  # casefold turns a capital Turkish "İ" into "i" and a combining dot
            out.append(folded)
            origin.append(index)
    return Folded(raw, "".join(out), tuple(origin))


def nfkc_entries(families: Mapping[str, Iterable[str]]) -> dict[str, list[str]]:
    """Cue entries in the NFKC form `fold` gives every text: an entry written otherwise (a
    precomposed letter `fold` splits, a compatibility form) could never match."""
    return {
        family: [unicodedata.normalize("NFKC", entry) for entry in entries]
        for family, entries in families.items()
    }


def _is_latin(char: str) -> bool:
    return "LATIN" in unicodedata.name(char, "")


@lru_cache(maxsize=64)  # `extract` asks twice of each text: once here, once itself
def framed(text: str) -> bool:
    """True when the text frames what it quotes as examples ("detects phrases such as")."""
    return bool(_FRAMING.search(_ADDRESS.sub(" ", text)))


def mask_quoted(text: str) -> str:
    """`text` with quoted and code spans blanked when it frames them as examples.

    A classifier that "detects phrases such as 'ignore previous instructions'"
    quotes the attack as data; only what stands outside the quotes is judged. So does a
    detector's list of what it looks for ("scans text for injection patterns: fake <system>
    tags, hidden Unicode, requests to reveal the system prompt"), up to the clause's end.
    """
    # every code span holds a backtick: without one the text is its own masked copy
    masked = _CODE.sub(lambda m: " " * len(m.group(0)), text) if "`" in text else text
    if not framed(text):
        return masked
    masked = _QUOTED.sub(lambda m: " " * len(m.group(0)), masked)
    return _DETECTED_LIST.sub(_blank_list, masked) if "pattern" in masked else masked


def _blank_list(match: re.Match[str]) -> str:
    listed = match.group(2)
    if _REAL_PLACE.search(listed):  # a real address or path in the list is not an example
        return match.group(0)
    return match.group(1) + " " * len(listed)


def sentences(text: str) -> list[tuple[int, int]]:
    """Spans of the sentences (or clauses ended by a line break) of `text`."""
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        if match.start() > start:
            spans.append((start, match.start()))
        start = match.end()
    if start < len(text):
        spans.append((start, len(text)))
    return spans


_SENTENCE_END: Final = linear_re.compile(
    # the full stops of other scripts too: danda (Devanagari, Bengali...), Arabic and Urdu,
    # Armenian, Ethiopic, Myanmar, Khmer, Tibetan
    r"(?<=[.!?])\s+|[\u3002\uff01\uff1f\n]+|[\u0964\u0965\u061f\u06d4\u0589\u1362\u104b\u17d4\u0f0d]\s*"
    r"|\s*</?[a-z_]+>\s*",
    re.I,
)
