"""Shards: parsing, the job-array variables, and a stable partition."""

from __future__ import annotations

import pytest

from mcpvcr.errors import UsageError
from mcpvcr.fleet.shard import Shard, parse_shard, shard_of

NAMES = [f"io.example/server-{i}" for i in range(200)]


def test_every_server_lands_in_exactly_one_shard() -> None:
    owners = [[s for s in range(4) if Shard(s, 4).owns(name)] for name in NAMES]
    assert all(len(found) == 1 for found in owners)
    assert len({found[0] for found in owners}) == 4  # no empty shard among 200 names


def test_the_assignment_is_stable_when_servers_come_and_go() -> None:
    before = {name: shard_of(name, 8) for name in NAMES}
    after = {name: shard_of(name, 8) for name in [*NAMES[50:], "new/one", "new/two"]}
    assert all(before[name] == after[name] for name in NAMES[50:])


@pytest.mark.parametrize(
    ("text", "environ", "expected"),
    [
        ("0/4", {}, Shard(0, 4)),
        ("3/4", {"MCPVCR_SHARD_INDEX": "1", "MCPVCR_SHARD_COUNT": "4"}, Shard(3, 4)),
        (None, {"MCPVCR_SHARD_INDEX": "1", "MCPVCR_SHARD_COUNT": "4"}, Shard(1, 4)),
        (None, {"JOB_COMPLETION_INDEX": "2"}, None),
        ("auto", {"JOB_COMPLETION_INDEX": "2", "MCPVCR_SHARD_COUNT": "5"}, Shard(2, 5)),
        (
            "auto",
            {
                "SLURM_ARRAY_TASK_ID": "7",
                "SLURM_ARRAY_TASK_MIN": "5",
                "SLURM_ARRAY_TASK_STEP": "2",
                "SLURM_ARRAY_TASK_COUNT": "3",
            },
            Shard(1, 3),
        ),
        ("auto", {"AWS_BATCH_JOB_ARRAY_INDEX": "0", "AWS_BATCH_JOB_ARRAY_SIZE": "2"}, Shard(0, 2)),
        ("auto", {"CLOUD_RUN_TASK_INDEX": "1", "CLOUD_RUN_TASK_COUNT": "2"}, Shard(1, 2)),
    ],
)
def test_parse(text: str | None, environ: dict[str, str], expected: Shard | None) -> None:
    assert parse_shard(text, environ) == expected


@pytest.mark.parametrize(
    ("text", "environ", "message"),
    [
        ("4/4", {}, "outside 0..3"),
        ("1", {}, "expected I/N"),
        ("a/b", {}, "integers"),
        ("0/0", {}, "at least 1"),
        ("auto", {}, "no shard index"),
        ("auto", {"JOB_COMPLETION_INDEX": "1"}, "MCPVCR_SHARD_COUNT is not"),
    ],
)
def test_bad_shards_are_usage_errors(text: str, environ: dict[str, str], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        parse_shard(text, environ)
