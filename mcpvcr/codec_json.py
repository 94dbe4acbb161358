"""The canonical JSON cassette (`*.json`, e.g. `server.mcpvcr.json`): reviewable in a PR.

Same content as the msgpack cassette, as one JSON document
`{"body": ..., "format": N, "header": ..., "mcpvcr": "cassette"}` with sorted
keys, two-space indentation and a final newline, so a deterministic server
records the same bytes every time and a pull request shows a line diff.
Control, bidi and invisible characters are written as `\\uXXXX` escapes, so
what GitHub shows is what the file holds. The file is chosen by the extension
when saving; every command reads either kind (the first byte tells them apart).
"""

from __future__ import annotations

import json
import math
from typing import Final

from mcpvcr.cassette import FORMAT_VERSION, Cassette
from mcpvcr.codec import (
    MAGIC,
    MAX_CONTAINERS,
    RERECORD_HINT,
    _from_envelope,
    canonical_body,
    canonicalize,
)
from mcpvcr.errors import CassetteCorrupt
from mcpvcr.terminal import json_safe

KIND: Final = "cassette"
"""The value of the document's `mcpvcr` key: says what the file is."""
EXTENSION: Final = ".json"


def is_json_path(path: str) -> bool:
    """Whether a cassette saved to `path` is written as JSON (by its extension)."""
    return path.lower().endswith(EXTENSION)


def looks_like_json(data: bytes) -> bool:
    return data.lstrip()[:1] == b"{"


def encode(cassette: Cassette) -> bytes:
    """The canonical JSON bytes of a cassette."""
    document = {
        "mcpvcr": KIND,
        "format": FORMAT_VERSION,
        "header": canonicalize(cassette.header),
        "body": canonical_body(cassette.body),
    }
    from mcpvcr.canonical_json import _deep_enough

    with _deep_enough():
        text = json.dumps(document, sort_keys=True, ensure_ascii=False, indent=2, allow_nan=True)
    return (json_safe(text) + "\n").encode("utf-8")


def decode(data: bytes, path: str = "<cassette>") -> Cassette:
    """Decode a JSON cassette, or raise CassetteCorrupt naming `path`."""
    # Bounded like the msgpack form (codec.decode): an array or object costs a Python
    # object per `[` or `{`, so their count caps the work before any is built.
    if data.count(b"[") + data.count(b"{") > MAX_CONTAINERS:
        raise CassetteCorrupt(
            path, f"holds more than {MAX_CONTAINERS} maps and lists (refused)", RERECORD_HINT
        )
    try:
        document = json.loads(data.decode("utf-8"), parse_constant=_constant)
    except UnicodeDecodeError:
        raise CassetteCorrupt(path, "is not UTF-8 text", RERECORD_HINT) from None
    except RecursionError:
        raise CassetteCorrupt(path, "is nested too deeply", RERECORD_HINT) from None
    except ValueError as err:
        raise CassetteCorrupt(path, f"is not valid JSON ({_short(err)})", RERECORD_HINT) from None
    if not isinstance(document, dict) or document.get("mcpvcr") != KIND:
        raise CassetteCorrupt(
            path, 'is JSON but not a cassette (no "mcpvcr": "cassette" key)', RERECORD_HINT
        )
    envelope = [MAGIC, document.get("format"), document.get("header"), document.get("body")]
    return _from_envelope(envelope, path)


def _constant(name: str) -> float:
    """NaN and the infinities round-trip (Python writes them; msgpack cassettes can hold them)."""
    value = float(name)
    if not math.isnan(value) and not math.isinf(value):
        raise ValueError(name)
    return value


def _short(err: ValueError) -> str:
    text = str(err)
    return text if len(text) <= 120 else text[:119] + "…"
