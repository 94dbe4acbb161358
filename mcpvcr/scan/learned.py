"""The learned scorer for poisoned tool descriptions, in pure Python (`partner` uses it).

A linear model (logistic regression, trained offline with scikit-learn by
`bench/train_learned.py` on the blind attack sets, the published servers' text and
tests/poison_corpus/benign.json) over hashed features of the text: character 2- to 5-grams of
the folded text, word unigrams and bigrams, and the names of the signal families the scanner
found in it. Each feature is present or not; the vector is
L2-normalised, so the score is

    bias + scale * sum(weight[b] for b in buckets) / sqrt(len(buckets))

with `buckets` the distinct hashed features of the text and integer weights. The weights are
the module `learned_weights` (base64 arrays in Python source, so the scanner's remembered
findings are keyed by them too), read on the first score only: most texts never need one.
`score` only answers how poisoned a text looks; `partner` decides what that is worth.
"""

from __future__ import annotations

import math
import re
import sys
import unicodedata
import zlib
from array import array
from base64 import b64decode
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import pairwise, repeat
from typing import Final

MAX_CHARS: Final = 4096
"""Only this much of a text is scored: the cost stays linear and small."""

_SPACES: Final = re.compile(r"\s+")
_DIGITS: Final = re.compile(r"\d")
_WORDS: Final = re.compile(r"\w+")


@dataclass(frozen=True)
class Model:
    """A linear model over hashed features."""

    bits: int
    low: int
    high: int
    bias: float
    scale: float
    weights: dict[int, int]
    threshold: float


def fold(text: str) -> str:
    """Compatibility-fold, case-fold, digits to 0, runs of space to one; padded by a space."""
    folded = unicodedata.normalize("NFKC", text[:MAX_CHARS]).casefold()
    return " " + _DIGITS.sub("0", _SPACES.sub(" ", folded)).strip() + " "


def grams(text: str, low: int = 2, high: int = 5, families: Iterable[str] = ()) -> set[str]:
    """The distinct features of `text`: its character n-grams, words and word pairs, and the
    signal families the scanner found in it (`families`: a source, a sink, an order... named
    in any language the lexicons know, which the n-grams of an unseen language miss)."""
    folded = fold(text)
    size = len(folded)
    found = {folded[i : i + n] for n in range(low, high + 1) for i in range(size - n + 1)}
    words = _WORDS.findall(folded)
    found.update(["\x01" + word for word in words])
    found.update(["\x02" + a + " " + b for a, b in pairwise(words)])
    found.update(["\x03" + family for family in families])
    return found


def buckets(
    text: str, bits: int = 20, low: int = 2, high: int = 5, families: Iterable[str] = ()
) -> list[int]:
    """The distinct hashed features of `text` (CRC-32 of the UTF-8 feature, low `bits`)."""
    mask = (1 << bits) - 1
    crc = zlib.crc32
    found = grams(text, low, high, families)
    return sorted({crc(g.encode("utf-8", "surrogatepass")) & mask for g in found})


def decide(model: Model, found: list[int]) -> float:
    """The linear decision value for a text's hashed features `found`."""
    if not found:
        return model.bias
    total = sum(map(model.weights.get, found, repeat(0, len(found))))
    return model.bias + model.scale * total / math.sqrt(len(found))


@cache
def model() -> Model:
    """The shipped model, read once (a few milliseconds)."""
    from mcpvcr.scan import learned_weights as raw

    buckets, weights = array("I"), array("h")
    buckets.frombytes(b64decode(raw.BUCKETS))
    weights.frombytes(b64decode(raw.WEIGHTS))
    if sys.byteorder != "little":
        buckets.byteswap()
        weights.byteswap()
    return Model(
        bits=raw.BITS,
        low=raw.LOW,
        high=raw.HIGH,
        bias=raw.BIAS,
        scale=raw.SCALE,
        weights=dict(zip(buckets, weights, strict=True)),
        threshold=raw.THRESHOLD,
    )


def score(text: str, families: Iterable[str] = ()) -> float:
    """How poisoned `text` looks: the model's decision value (above `threshold()` = flagged).

    `families`: the signal families present in the text (`present(signals)`), as in training.
    """
    m = model()
    return decide(m, buckets(text, m.bits, m.low, m.high, families))


def present(spans: Mapping[str, Sequence[object]]) -> list[str]:
    """The names of the signal families with at least one span: the model's family features."""
    return sorted(name for name, found in spans.items() if found)


def threshold() -> float:
    """The decision value above which the shipped model flags a text."""
    return model().threshold
