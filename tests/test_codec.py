"""The canonical codec: deterministic bytes, faithful values, hostile input refused."""

from __future__ import annotations

import random
from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcpvcr import codec
from mcpvcr.cassette import FORMAT_VERSION, Cassette
from mcpvcr.errors import CassetteCorrupt


def make_cassette(tools: list[Any] | None = None) -> Cassette:
    cassette = Cassette.new(
        transport="stdio",
        handshake="initialize",
        protocol_version="2025-11-25",
        client_info={"name": "mcpvcr", "version": "test"},
        client_capabilities={"roots": {"listChanged": False}},
        options={"fuzz": False, "seed": 0},
    )
    cassette.body["tools"]["items"] = list(tools or [])
    return cassette


def shuffled(value: Any, rng: random.Random) -> Any:
    """The same value with every dict's insertion order shuffled."""
    if isinstance(value, dict):
        keys = list(value)
        rng.shuffle(keys)
        return {key: shuffled(value[key], rng) for key in keys}
    if isinstance(value, list):
        return [shuffled(item, rng) for item in value]
    return value


TOOLS = [
    {"name": "zeta", "inputSchema": {"type": "object", "properties": {"b": {}, "a": {}}}},
    {"name": "alpha", "description": "first", "x-vendor": {"keep": True}},
    {"name": "mid", "annotations": {"readOnlyHint": True}},
]


def test_key_order_and_list_order_do_not_change_bytes() -> None:
    reference = codec.encode(make_cassette(TOOLS))
    rng = random.Random(7)
    for _ in range(5):
        tools = shuffled(TOOLS, rng)
        rng.shuffle(tools)
        assert codec.encode(make_cassette(tools)) == reference


def test_tools_are_sorted_by_name_with_nameless_last() -> None:
    cassette = make_cassette([{"name": "b"}, {"description": "no name"}, {"name": "a"}, 42])
    names = [
        t.get("name") if isinstance(t, dict) else t
        for t in codec.decode(codec.encode(cassette)).tools
    ]
    assert names[:2] == ["a", "b"]
    assert len(names) == 4


def test_round_trip_is_byte_identical_and_faithful() -> None:
    tools = [
        {
            "name": "t",
            "big": 2**70,
            "neg_big": -(2**80),
            "float_one": 1.0,
            "int_one": 1,
            "neg_zero": -0.0,
            "unicode": "snowman \u2603 and \U0001f600",
            "nested": [[[{"deep": None}]]],
            "flag": True,
        }
    ]
    data = codec.encode(make_cassette(tools))
    decoded = codec.decode(data)
    assert codec.encode(decoded) == data
    tool = decoded.tools[0]
    assert tool["big"] == 2**70 and tool["neg_big"] == -(2**80)
    assert isinstance(tool["float_one"], float) and isinstance(tool["int_one"], int)
    assert tool["flag"] is True
    assert tool["unicode"] == "snowman \u2603 and \U0001f600"


def test_file_starts_with_magic_containing_nul() -> None:
    data = codec.encode(make_cassette())
    assert b"\x00" in data[:16]
    assert data[3:10] == codec.MAGIC


def test_values_nested_too_deep_are_cut_not_fatal() -> None:
    deep: Any = "leaf"
    for _ in range(codec.MAX_DEPTH + 50):
        deep = {"a": deep}
    data = codec.encode(make_cassette([{"name": "deep", "inputSchema": deep}]))
    assert codec.DEPTH_MARKER.encode() in data
    assert codec.encode(codec.decode(data)) == data


def test_non_json_values_are_refused_at_encode() -> None:
    with pytest.raises(TypeError):
        codec.encode(make_cassette([{"name": "x", "blob": b"bytes"}]))
    with pytest.raises(TypeError):
        codec.encode(make_cassette([{"name": "x", 1: "int key"}]))


def envelope(*items: Any) -> bytes:
    return msgpack.packb(list(items), use_bin_type=True)


GOOD = {"mcpvcr": "0"}

HOSTILE: dict[str, bytes] = {
    "empty": b"",
    "random bytes": bytes(random.Random(1).getrandbits(8) for _ in range(4096)),
    "json": b'{"tools": []}',
    "msgpack but not a cassette": msgpack.packb({"tools": []}),
    "newer format": envelope(codec.MAGIC, FORMAT_VERSION + 1, GOOD, {}),
    "format zero": envelope(codec.MAGIC, 0, GOOD, {}),
    "format not int": envelope(codec.MAGIC, "1", GOOD, {}),
    "header not a map": envelope(codec.MAGIC, 1, [], {}),
    "wrong arity": envelope(codec.MAGIC, 1, GOOD),
    "map claims 2**31 entries": b"\x94\xc4\x07" + codec.MAGIC + b"\x01\xdf\x7f\xff\xff\xff",
    "array claims 2**32-1 items": b"\x94\xc4\x07" + codec.MAGIC + b"\x01\xdd\xff\xff\xff\xff",
    "string claims 4 GiB": b"\x94\xc4\x07" + codec.MAGIC + b"\x01\xdb\xff\xff\xff\xff",
    "foreign ext type": envelope(codec.MAGIC, 1, GOOD, {"x": msgpack.ExtType(5, b"zz")}),
    "malformed bigint": envelope(codec.MAGIC, 1, GOOD, {"x": msgpack.ExtType(1, b"12a")}),
    "non-str map key": envelope(codec.MAGIC, 1, GOOD, {1: 2}),
    "trailing garbage": envelope(codec.MAGIC, 1, GOOD, {}) + b"\x00\x01",
}


def _nesting_bomb(depth: int) -> bytes:
    return b"\x94\xc4\x07" + codec.MAGIC + b"\x01\x80" + b"\x91" * depth + b"\xc0"


HOSTILE["nesting bomb"] = _nesting_bomb(100_000)
HOSTILE["truncated"] = envelope(codec.MAGIC, 1, GOOD, {"tools": {"items": [{"name": "x" * 64}]}})[
    :-20
]


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_bytes_give_one_documented_error(name: str) -> None:
    with pytest.raises(CassetteCorrupt) as caught:
        codec.decode(HOSTILE[name], "cassettes/x.mcpvcr")
    message = str(caught.value)
    assert message.startswith("cassettes/x.mcpvcr: ")
    assert "\n" not in message
    assert caught.value.exit_code == 3


def test_truncated_cassette_names_truncation() -> None:
    data = codec.encode(make_cassette(TOOLS))
    for cut in (len(data) - 1, len(data) // 2, 12):
        with pytest.raises(CassetteCorrupt, match=r"truncated|corrupt"):
            codec.decode(data[:cut], "c.mcpvcr")


def test_newer_format_says_how_to_fix() -> None:
    with pytest.raises(CassetteCorrupt, match=r"newer mcpvcr.*upgrade mcpvcr"):
        codec.decode(HOSTILE["newer format"], "c.mcpvcr")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(), children, max_size=4)
    ),
    max_leaves=30,
)


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_any_json_value_round_trips_to_identical_bytes(value: Any) -> None:
    cassette = make_cassette([{"name": "t", "value": value}])
    data = codec.encode(cassette)
    assert codec.encode(codec.decode(data)) == data


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_cassettes_raise_only_documented_errors(data: st.DataObject) -> None:
    original = bytearray(codec.encode(make_cassette(TOOLS)))
    for _ in range(data.draw(st.integers(1, 8))):
        position = data.draw(st.integers(0, len(original) - 1))
        original[position] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(0, len(original)))
    mutated = bytes(original[:cut])
    try:
        decoded = codec.decode(mutated, "m.mcpvcr")
    except CassetteCorrupt:
        return
    # A mutation that still decodes must give a usable cassette.
    assert isinstance(decoded.header, dict) and isinstance(decoded.body, dict)


def test_lone_surrogates_from_a_server_do_not_lose_the_recording() -> None:
    data = codec.encode(make_cassette([{"name": "t\udc80", "description": "bad \ud800 text"}]))
    tool = codec.decode(data).tools[0]
    assert tool == {"name": "t\ufffd", "description": "bad \ufffd text"}


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ({b"key": 1}, "map key that is not a string"),
        ({"key": b"\x00\x01"}, "binary data"),
    ],
)
def test_binary_data_is_refused_at_decode(value: Any, problem: str) -> None:
    data = envelope(codec.MAGIC, 1, GOOD, {"tools": {"items": [value]}})
    with pytest.raises(CassetteCorrupt, match=problem):
        codec.decode(data, "b.mcpvcr")


def test_nesting_deeper_than_the_encoder_writes_is_refused_at_decode() -> None:
    deep: Any = 1
    for _ in range(codec.MAX_DEPTH + 20):
        deep = [deep]
    data = envelope(codec.MAGIC, 1, GOOD, {"x": deep})
    with pytest.raises(CassetteCorrupt, match="nested too deeply"):
        codec.decode(data, "d.mcpvcr")


def test_big_integer_deep_inside_a_value_still_encodes() -> None:
    deep: Any = {"n": 2**70}
    for _ in range(codec.MAX_DEPTH - 20):
        deep = {"a": deep}
    data = codec.encode(make_cassette([{"name": "t", "schema": deep}]))
    assert codec.encode(codec.decode(data)) == data
