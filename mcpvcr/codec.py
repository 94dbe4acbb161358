"""Canonical, hardened msgpack encoding of cassettes (the vcrpy "serializer" role).

File layout: one msgpack array `[b"MCPVCR\\x00", FORMAT_VERSION, header, body]`.
The NUL byte in the magic makes git (and GitHub) treat cassettes as binary
until the textconv driver from `mcpvcr git install` is configured.

Canonical form, so the same logical cassette is always the same bytes:
- map keys sorted by code point, recursively (msgpack keeps insertion order);
- the four contract lists sorted by identity (tool/prompt name, resource uri,
  template uriTemplate), ties broken by the items' canonical bytes;
- floats stay float64 (1.0 is not 1), integers beyond 64 bits become
  ExtType(1, decimal digits), tuples become lists;
- values nested deeper than MAX_DEPTH are replaced by a marker string (the
  wire allows any depth; Python recursion and msgpack do not).

Reading treats the file as untrusted: bounded size, no ext types but the big
integer one, strict str map keys, and a clear `CassetteCorrupt` naming the file
and the fix for anything else.
"""

from __future__ import annotations

import functools
import math
import re
import time
from typing import Any, Final

import msgpack

from mcpvcr.cassette import FORMAT_VERSION, IDENTITY_KEY, LIST_KINDS, Cassette
from mcpvcr.errors import CassetteCorrupt

MAGIC: Final = b"MCPVCR\x00"
MAX_FILE_BYTES: Final = 512 * 1024 * 1024
MAX_DEPTH: Final = 640
MAX_BIGINT_DIGITS: Final = 4000
DEPTH_MARKER: Final = f"[mcpvcr: value nested deeper than {MAX_DEPTH} levels was cut]"
_BIGINT_EXT: Final = 1
_INT_MIN: Final = -(2**63)
_INT_MAX: Final = 2**64 - 1

MAX_OBJECTS: Final = 1_000_000
"""Values in one cassette (each map, array and item counted). Real cassettes hold
a few thousand; a crafted 10 MB file of empty maps would otherwise build ten
million dicts (gigabytes, tens of seconds) before anything could look at it."""
MAX_CONTAINERS: Final = 150_000
"""Maps and arrays in one cassette: each costs a dict or list (and a check here)."""
MAX_CONTAINER_ITEMS: Final = 200_000
MAX_DECODE_SECONDS: Final = 5.0
RERECORD_HINT: Final = "re-record it with `mcpvcr record`"


class _Budget:
    """Counts what the decoder builds and stops it past MAX_OBJECTS or MAX_DECODE_SECONDS."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.count = 0
        self.containers = 0
        self.deadline = time.monotonic() + MAX_DECODE_SECONDS

    def _spend(self, items: int) -> None:
        self.count += items + 1
        self.containers += 1
        if self.count > MAX_OBJECTS or self.containers > MAX_CONTAINERS:
            raise CassetteCorrupt(
                self.path,
                f"holds more than {MAX_OBJECTS} values or {MAX_CONTAINERS} maps and lists "
                "(refused)",
                RERECORD_HINT,
            )
        if self.containers & 0xFFF == 0 and time.monotonic() > self.deadline:
            raise CassetteCorrupt(
                self.path, f"took over {MAX_DECODE_SECONDS:g} s to decode (refused)", RERECORD_HINT
            )

    def list(self, value: list[Any]) -> list[Any]:
        self._spend(len(value))
        return value

    def map(self, value: dict[str, Any]) -> dict[str, Any]:
        self._spend(len(value))
        return value


class _NotJson(TypeError):
    """A value that JSON cannot carry reached the encoder."""


def canonicalize(value: Any, _depth: int = 0) -> Any:
    """Return `value` with every map's keys sorted and tuples turned into lists.

    Raises TypeError for values JSON cannot hold (bytes, sets, objects, non-str keys).
    """
    if _depth > MAX_DEPTH:
        return DEPTH_MARKER
    # Plain loops, not comprehensions: on 3.11 a comprehension is one more
    # stack frame per level, and MAX_DEPTH must fit under the recursion limit.
    if isinstance(value, dict):
        result: dict[str, Any] = {}
        for key in sorted(value, key=_str_key):
            result[key] = canonicalize(value[key], _depth + 1)
        return result
    if isinstance(value, list | tuple):
        items: list[Any] = []
        for item in value:
            items.append(canonicalize(item, _depth + 1))
        return items
    if isinstance(value, str):
        return _encodable(value)
    if value is None or isinstance(value, bool | int | float):
        return value
    raise _NotJson(f"{type(value).__name__} is not a JSON value")


_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def _encodable(text: str) -> str:
    """`text`, with lone surrogates (valid in JSON, not in UTF-8) made U+FFFD.

    A server may send "\\udc80"; json.loads accepts it, msgpack cannot encode
    it, and one such character must not cost the whole recording.
    """
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text)
    return text


def _str_key(key: object) -> str:
    if not isinstance(key, str):
        raise _NotJson(f"map key {key!r} is not a string")
    return _encodable(key)


def _identity_sort_key(kind: str, item: Any) -> tuple[int, str, bytes]:
    ident = item.get(IDENTITY_KEY[kind]) if isinstance(item, dict) else None
    if isinstance(ident, str):
        return (0, ident, _pack(item))
    return (1, "", _pack(item))  # nameless or malformed items go last, still deterministic


def canonical_body(body: dict[str, Any]) -> dict[str, Any]:
    """Canonicalize a body and sort the contract lists by identity."""
    result: dict[str, Any] = canonicalize(body)
    for kind in LIST_KINDS:
        record = result.get(kind)
        if isinstance(record, dict) and isinstance(record.get("items"), list):
            items: list[Any] = record["items"]
            record["items"] = sorted(items, key=functools.partial(_identity_sort_key, kind))
    return result


def _pack(value: Any) -> bytes:
    try:
        packed: bytes = msgpack.packb(value, use_bin_type=True)
    except OverflowError:
        # msgpack raises instead of calling `default` for ints beyond 64 bits
        # (JSON bignums, rare): swap them for the big-integer ext type first.
        packed = msgpack.packb(_replace_big_ints(value), use_bin_type=True)
    return packed


def encode(cassette: Cassette) -> bytes:
    """Encode a cassette to its canonical bytes."""
    envelope = [
        MAGIC,
        FORMAT_VERSION,
        canonicalize(cassette.header),
        canonical_body(cassette.body),
    ]
    return _pack(envelope)


def _replace_big_ints(value: Any) -> Any:
    # Loops, not comprehensions: one stack frame per level (see canonicalize).
    if isinstance(value, dict):
        mapping: dict[str, Any] = {}
        for key, item in value.items():
            mapping[key] = _replace_big_ints(item)
        return mapping
    if isinstance(value, list):
        items: list[Any] = []
        for item in value:
            items.append(_replace_big_ints(item))
        return items
    if isinstance(value, int) and not isinstance(value, bool) and not _INT_MIN <= value <= _INT_MAX:
        return msgpack.ExtType(_BIGINT_EXT, str(value).encode("ascii"))
    return value


def _ext_hook(code: int, data: bytes) -> int:
    if code != _BIGINT_EXT or len(data) > MAX_BIGINT_DIGITS:
        raise ValueError(f"unexpected msgpack ext type {code}")
    text = data.decode("ascii")
    if not text.lstrip("-").isdigit():
        raise ValueError("malformed big integer")
    return int(text)


def decode(data: bytes, path: str = "<cassette>") -> Cassette:
    """Decode canonical bytes into a Cassette, or raise CassetteCorrupt naming `path`."""
    if len(data) > MAX_FILE_BYTES:
        raise CassetteCorrupt(path, f"is {len(data)} bytes, over the {MAX_FILE_BYTES} byte limit")
    if not data.startswith(b"\x94\xc4\x07" + MAGIC):
        raise CassetteCorrupt(path, _foreign_reason(data), RERECORD_HINT)
    budget = _Budget(path)
    try:
        envelope = msgpack.unpackb(
            data,
            raw=False,
            strict_map_key=True,
            use_list=True,
            ext_hook=_ext_hook,
            list_hook=budget.list,
            object_hook=budget.map,
            max_array_len=MAX_CONTAINER_ITEMS,
            max_map_len=MAX_CONTAINER_ITEMS,
        )
    except CassetteCorrupt:
        raise
    except (
        ValueError,
        TypeError,
        msgpack.ExtraData,
        msgpack.FormatError,
        msgpack.StackError,
    ) as err:
        reason = "is truncated" if "insufficient" in str(err).lower() else "is corrupt"
        if "exceeds max_" in str(err):
            raise CassetteCorrupt(
                path, f"has a list or map of more than {MAX_CONTAINER_ITEMS} items (refused)"
            ) from None
        raise CassetteCorrupt(path, f"{reason} ({type(err).__name__})", RERECORD_HINT) from None
    except RecursionError:
        raise CassetteCorrupt(path, "is nested too deeply", RERECORD_HINT) from None
    return _from_envelope(envelope, path)


def _foreign_reason(data: bytes) -> str:
    if not data:
        return "is empty, not a cassette"
    if data.lstrip()[:1] in (b"{", b"["):
        return "is JSON, not a cassette (cassettes are binary msgpack)"
    return "is not a cassette (no MCPVCR magic header)"


def _from_envelope(envelope: Any, path: str) -> Cassette:
    if not isinstance(envelope, list) or len(envelope) != 4:
        raise CassetteCorrupt(path, "has a malformed envelope", RERECORD_HINT)
    _magic, version, header, body = envelope
    if not isinstance(version, int) or isinstance(version, bool):
        raise CassetteCorrupt(path, "has a malformed format version", RERECORD_HINT)
    if version > FORMAT_VERSION:
        from mcpvcr._version import __version__

        raise CassetteCorrupt(
            path,
            f"format {version} was written by a newer mcpvcr "
            f"(this is {__version__}, reads format {FORMAT_VERSION})",
            "upgrade mcpvcr, or re-record it with `mcpvcr record`",
        )
    if version < 1:
        raise CassetteCorrupt(path, f"has unknown format version {version}", RERECORD_HINT)
    if not isinstance(header, dict) or not isinstance(body, dict):
        raise CassetteCorrupt(path, "has a malformed header or body", RERECORD_HINT)
    problem = _not_json_problem([header, body])
    if problem is not None:
        raise CassetteCorrupt(path, problem, RERECORD_HINT)
    return Cassette(header=header, body=body)


def _not_json_problem(root: Any) -> str | None:
    """Why a decoded value is not the JSON data a cassette holds, or None.

    msgpack can carry binary strings and binary map keys, and nesting deeper
    than the encoder ever writes; every command downstream assumes JSON data,
    so such a file is refused here, once, without recursion.
    """
    stack: list[tuple[Any, int]] = [(root, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH + 4:  # the envelope adds a few levels above the body
            return "is nested too deeply"
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    return "has a map key that is not a string"
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, bytes | bytearray):
            return "holds binary data, which JSON cannot carry"
    return None


def is_canonical(data: bytes, path: str = "<cassette>") -> bool:
    """True when re-encoding the decoded cassette gives the same bytes."""
    return encode(decode(data, path)) == data


def to_json_value(value: Any) -> Any:
    """Make a decoded value printable as JSON: non-finite floats become strings."""
    if isinstance(value, dict):
        mapping: dict[str, Any] = {}
        for key, item in value.items():
            mapping[key] = to_json_value(item)
        return mapping
    if isinstance(value, list):
        items: list[Any] = []
        for item in value:
            items.append(to_json_value(item))
        return items
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)
    return value
