"""Scrubbing volatile values and truncating very large answers."""

from __future__ import annotations

import hashlib
import json

import pytest

from mcpvcr.fuzz.scrub import MAX_ANSWER_BYTES, Scrubber, truncate
from mcpvcr.machine import placeholder_rules


def test_answers_differing_only_in_volatile_values_scrub_equal() -> None:
    scrubber = Scrubber()
    first = {
        "content": [
            {
                "type": "text",
                "text": "now 2026-11-30T04:24:06.123Z id 0b9a4c1e-5f7d-4e3a-9c2b-1a2b3c4d5e6f",
            }
        ],
        "structuredContent": {
            "at": "2026-11-30 04:24:06+01:00",
            "file": "/tmp/pytest-of-u/pytest-3/x.txt",
            "took": "12ms",
        },
    }
    second = {
        "content": [
            {
                "type": "text",
                "text": "now 2027-01-02T11:00:59Z id 7c1d2e3f-0000-4111-8222-933344455566",
            }
        ],
        "structuredContent": {
            "at": "2027-01-02 11:00:59-05:00",
            "file": "/tmp/pytest-of-u/pytest-9/x.txt",
            "took": "3.5 s",
        },
    }
    assert scrubber.value(first) == scrubber.value(second)
    assert scrubber.value(first)["structuredContent"] == {
        "at": "<timestamp>",
        "file": "<tmp>",
        "took": "<duration>",
    }


@pytest.mark.parametrize(
    "text",
    [
        "2024-01-15",
        "version 1.2.3",
        "sha 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b",
        "/home/u/tmp/file",
        "42 items",
        "3s",
    ],
)
def test_stable_values_are_kept(text: str) -> None:
    assert Scrubber().text(text) == text


def test_keep_volatile_turns_every_rule_off() -> None:
    text = "2026-11-30T04:24:06Z secret-1"
    assert Scrubber(["secret-\\d"], keep_volatile=True).text(text) == text


def test_user_patterns_and_bad_pattern() -> None:
    assert Scrubber(["req-[0-9a-f]+"]).text("id req-1f2e ok") == "id [SCRUBBED] ok"
    with pytest.raises(ValueError, match="not a valid regular expression"):
        Scrubber(["(unclosed"])


def test_machine_placeholders_come_before_the_volatile_rules() -> None:
    # TMPDIR=/tmp/ci-42 on one runner, unset (so /tmp) on a laptop: both must record
    # [TMPDIR], not <tmp> on one and [TMPDIR] on the other; and even with keep_volatile.
    rules = placeholder_rules({"TMPDIR": "/tmp/ci-42"}, None)
    answer = {"TMPDIR": "/tmp/ci-42", "log": "wrote /tmp/ci-42/x.log and /tmp/other"}
    assert Scrubber(placeholders=rules).value(answer) == {
        "TMPDIR": "[TMPDIR]",
        "log": "wrote [TMPDIR]/x.log and <tmp>",
    }
    kept = Scrubber(keep_volatile=True, placeholders=rules).value(answer)
    assert kept == {"TMPDIR": "[TMPDIR]", "log": "wrote [TMPDIR]/x.log and /tmp/other"}


def test_keys_are_kept() -> None:
    assert Scrubber().value({"/tmp/x": 1}) == {"/tmp/x": 1}


def test_truncate_keeps_size_and_hash() -> None:
    small = {"content": [{"type": "text", "text": "x"}]}
    assert truncate(small) == (small, False)
    big = {"content": [{"type": "text", "text": "y" * (MAX_ANSWER_BYTES + 10)}]}
    stored, cut = truncate(big)
    assert cut
    data = json.dumps(big, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    assert stored["truncated"]["bytes"] == len(data)
    assert stored["truncated"]["sha256"] == hashlib.sha256(data).hexdigest()
    assert len(stored["truncated"]["preview"]) == 2048


def test_deeply_nested_answer_is_cut_not_a_recursion_error() -> None:
    from mcpvcr.codec import DEPTH_MARKER, MAX_DEPTH

    deep: object = "x"
    for _ in range(700):  # comprehensions used two frames a level: 700 blew the limit
        deep = {"a": deep}
    scrubbed = Scrubber().value(deep)
    depth = 0
    while isinstance(scrubbed, dict):
        scrubbed, depth = scrubbed["a"], depth + 1
    assert scrubbed == DEPTH_MARKER and depth < MAX_DEPTH


def test_secrets_are_redacted_before_the_preview_is_cut() -> None:
    secret = "abcdef123456"
    prefix = '{"content":[{"text":"'
    text = "A" * (2048 - len(prefix) - 6) + secret + "B" * MAX_ANSWER_BYTES
    answer = {"content": [{"text": text, secret: 1}]}
    for keep_volatile in (False, True):
        scrubber = Scrubber(keep_volatile=keep_volatile, secrets=[secret])
        stored, cut = truncate(answer, scrubber)
        assert cut
        dumped = json.dumps(stored)
        assert "abcdef" not in dumped and "[REDAC" in dumped
