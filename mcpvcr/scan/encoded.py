"""Encoded blocks (base64, hex, percent-encoding, HTML entities, \\u escapes): decode with bounds.

IDs, hashes and sample data are ordinary in enums, defaults and answers, so a
block only counts when it decodes to mostly printable text with words; the
caller then scans the decoded text again (depth-bounded) rather than flagging
the block itself.
"""

from __future__ import annotations

import base64
import binascii
import html
import re
from dataclasses import dataclass
from typing import Final
from urllib.parse import unquote

from mcpvcr import linear_re

MAX_BLOCKS: Final = 16
MAX_BLOCK_CHARS: Final = 16384

_BASE64: Final = linear_re.compile(r"(?<![\w+/=-])[A-Za-z0-9+/_-]{24,}={0,2}(?![\w+/=-])")
_HEX: Final = linear_re.compile(
    r"(?<![0-9a-fA-F])(?:[0-9a-fA-F]{2}){16,}(?![0-9a-fA-F])|(?:\\x[0-9a-fA-F]{2}){8,}"
)
_PERCENT: Final = linear_re.compile(r"(?:%[0-9a-fA-F]{2}[^\s%]{0,3}){6,}")
_ENTITIES: Final = linear_re.compile(r"(?:&#x?[0-9a-fA-F]{1,6};\s?){6,}")
_UESCAPE: Final = linear_re.compile(r"(?:\\u[0-9a-fA-F]{4}){6,}")


@dataclass(frozen=True)
class Decoded:
    start: int
    end: int
    encoding: str
    text: str


def decode_blocks(text: str) -> list[Decoded]:
    """Encoded blocks of `text` that decode to readable text, at most MAX_BLOCKS."""
    out: list[Decoded] = _leet(text)
    for encoding, pattern, decoder in _DECODERS:
        needle = _NEEDS.get(encoding)
        if needle is not None and needle not in text:
            continue  # the block cannot be there without this literal: skip the search
        for match in pattern.finditer(text):
            block = match.group(0)[:MAX_BLOCK_CHARS]
            decoded = decoder(block)
            if decoded and _readable(decoded):
                out.append(Decoded(match.start(), match.end(), encoding, decoded))
            if len(out) >= MAX_BLOCKS:
                return out
    return out


def _b64(block: str) -> str:
    if block.isdigit() or (block.isalpha() and (block.islower() or block.isupper())):
        return ""  # a plain word or number run, not an encoding
    padded = block + "=" * (-len(block) % 4)
    try:
        raw = base64.b64decode(padded.replace("-", "+").replace("_", "/"), validate=True)
    except (binascii.Error, ValueError):
        return ""
    return raw.decode("utf-8", "replace")


def _hex(block: str) -> str:
    try:
        return bytes.fromhex(block.replace("\\x", "")).decode("utf-8", "replace")
    except ValueError:
        return ""


def _percent(block: str) -> str:
    return unquote(block)


def _entities(block: str) -> str:
    return html.unescape(block)


def _uescape(block: str) -> str:
    try:
        return block.encode("ascii").decode("unicode_escape")
    except (UnicodeDecodeError, UnicodeEncodeError):
        return ""


# Leetspeak ("1gn0r3 4ll pr3v10u5 1n5truct10n5"): words that mix letters with the digits
# standing for letters. Ids such as sha256 or k8s read back as nonsense, which the rescan drops.
_LEET_WORD: Final = linear_re.compile(
    r"(?<![\w@$])(?=[\w@$]*[a-z])(?=[\w@$]*[013457@$])[a-z013457@$]{2,}(?![\w@$])", re.I
)
_LEET_MAP: Final = str.maketrans("013457@$", "oieastas")
MIN_LEET_WORDS: Final = 3
MAX_LEET_GAP: Final = 5
"""Plain words allowed between two leet words of one run: an encoded order is written in
leet throughout; ids scattered through honest prose (v3, s3, log4j) are not one run."""


def _substitutes(word: str) -> bool:
    """A leet word has a stand-in letter inside it: a leading `$` or `@` is a sigil
    (`$vectorSearch`, `@user`), the plain reading of a code name or a handle."""
    body = word[1:] if word[0] in "@$" else word
    return any(c in "013457@$" for c in body)


def _leet(text: str) -> list[Decoded]:
    capped = text[:MAX_BLOCK_CHARS]
    words = [m for m in _LEET_WORD.finditer(capped) if _substitutes(m.group(0))]
    runs: list[list[re.Match[str]]] = []
    for word in words:
        gap = capped[runs[-1][-1].end() : word.start()].split() if runs else []
        if runs and sum(any(c.isalpha() for c in w) for w in gap) <= MAX_LEET_GAP:
            runs[-1].append(word)
        else:
            runs.append([word])
    out: list[Decoded] = []
    for run in runs:
        if len(run) < MIN_LEET_WORDS:
            continue
        start, end = run[0].start(), run[-1].end()
        block = capped[start:end]
        decoded = _LEET_WORD.sub(lambda m: m.group(0).translate(_LEET_MAP), block)
        if _readable(decoded):
            out.append(Decoded(start, end, "leetspeak", decoded))
    return out[:MAX_BLOCKS]


_NEEDS: Final = {"percent-encoding": "%", "HTML entities": "&#", "\\u escapes": "\\u"}
"""A literal every block of the encoding holds."""
_DECODERS: Final = (
    ("base64", _BASE64, _b64),
    ("hex", _HEX, _hex),
    ("percent-encoding", _PERCENT, _percent),
    ("HTML entities", _ENTITIES, _entities),
    ("\\u escapes", _UESCAPE, _uescape),
)


def _readable(text: str) -> bool:
    """Mostly printable, with at least three letter words: text a model would read."""
    if not text or "\ufffd" in text[:64]:
        return False
    printable = sum(c.isprintable() or c in "\n\t" for c in text)
    words = re.findall(r"[^\W\d_]{2,}", text)
    return printable >= 0.9 * len(text) and len(words) >= 3
