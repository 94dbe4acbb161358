"""The shared helpers every module uses instead of its own copy (one place each)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from mcpvcr.identifiers import spaced, words
from mcpvcr.jsonrpc import content_texts
from mcpvcr.recording import DEFAULT_TIMEOUT_SECONDS, RecordOptions

PACKAGE = Path(__file__).resolve().parent.parent / "mcpvcr"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("add_observations", ["add", "observations"]),
        ("createEntity", ["create", "entity"]),
        ("git-log", ["git", "log"]),
        ("getV2Item", ["get", "v2", "item"]),
        ("", []),
    ],
)
def test_words_splits_identifiers(name: str, expected: list[str]) -> None:
    assert words(name) == expected


def test_spaced_keeps_case_for_reading_as_prose() -> None:
    assert spaced("sideNote") == "side Note"
    assert spaced("chat_history.v1") == "chat history v1"
    assert spaced("plain") == "plain"


def test_content_texts_walks_only_text_parts() -> None:
    result = {
        "content": [
            {"type": "text", "text": "one"},
            {"type": "image", "data": "..."},
            "not a part",
            {"type": "text", "text": 5},
            {"type": "text", "text": "two"},
        ]
    }
    assert content_texts(result) == ["one", "two"]
    assert content_texts({"content": "text"}) == []  # mirror: no list, no texts
    assert content_texts(None) == [] and content_texts({}) == []


OTHER_TENS = {
    "recording.py": "the definition itself",
    "scoring/model.py": "the 0-10 dimension scale",
    "scoring/dimensions.py": "the 0-10 dimension scale",
    "replay/http_guard.py": "HEADER_SECONDS, the replay server's header deadline",
}
"""Files where a 10.0 means something other than the default time-out."""


def _tens(source: str) -> list[int]:
    """Lines holding the float literal 10.0."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant) and isinstance(node.value, float) and node.value == 10.0
    ]


def test_the_default_time_out_is_written_once() -> None:
    assert RecordOptions().timeout == DEFAULT_TIMEOUT_SECONDS == 10.0
    found = [
        f"{path.relative_to(PACKAGE)}:{line}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if str(path.relative_to(PACKAGE)) not in OTHER_TENS
        for line in _tens(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "use recording.DEFAULT_TIMEOUT_SECONDS (or list the file in OTHER_TENS)"


def test_a_stray_ten_is_found() -> None:
    """Mirror: the check sees a time-out written as a literal again."""
    assert _tens("def f(timeout: float = 10.0) -> None: ...\nx = 10\n") == [1]
