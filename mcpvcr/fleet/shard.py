"""Shards for job arrays: which servers this job records, by a stable hash of the server key.

Server `key` goes to shard `int(sha256(key)[:8], 16) % N`, so adding or removing
servers never moves the others. Indexes are 0-based, like GitHub's
`strategy.job-index`, Kubernetes' `JOB_COMPLETION_INDEX` and Slurm's task ids
(Playwright's `--shard=1/4` is 1-based: its `1/4` is our `0/4`).

`--shard I/N` wins; `--shard auto` reads MCPVCR_SHARD_INDEX/MCPVCR_SHARD_COUNT,
then the job-array variables of Kubernetes (count from MCPVCR_SHARD_COUNT),
Slurm, AWS Batch and Cloud Run. Without `--shard`, MCPVCR_SHARD_INDEX and
MCPVCR_SHARD_COUNT still apply when both are set.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass

from mcpvcr.errors import UsageError

# (index variable, count variable) per platform, in precedence order.
PLATFORMS: tuple[tuple[str, str], ...] = (
    ("MCPVCR_SHARD_INDEX", "MCPVCR_SHARD_COUNT"),
    ("JOB_COMPLETION_INDEX", "MCPVCR_SHARD_COUNT"),
    ("SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT"),
    ("AWS_BATCH_JOB_ARRAY_INDEX", "AWS_BATCH_JOB_ARRAY_SIZE"),
    ("CLOUD_RUN_TASK_INDEX", "CLOUD_RUN_TASK_COUNT"),
)


@dataclass(frozen=True)
class Shard:
    index: int
    count: int

    def owns(self, key: str) -> bool:
        return shard_of(key, self.count) == self.index

    def label(self) -> str:
        return f"{self.index}/{self.count}"


def shard_of(key: str, count: int) -> int:
    """The 0-based shard of `key` among `count`."""
    return int(hashlib.sha256(key.encode()).hexdigest()[:8], 16) % count


def parse_shard(text: str | None, environ: Mapping[str, str] | None = None) -> Shard | None:
    """`I/N`, `auto`, or None (then MCPVCR_SHARD_INDEX/COUNT when both are set)."""
    environ = os.environ if environ is None else environ
    if text is None:
        if environ.get("MCPVCR_SHARD_INDEX") and environ.get("MCPVCR_SHARD_COUNT"):
            return _checked(environ["MCPVCR_SHARD_INDEX"], environ["MCPVCR_SHARD_COUNT"], "env")
        return None
    if text.strip().lower() == "auto":
        return _from_environment(environ)
    index, sep, count = text.partition("/")
    if not sep:
        raise UsageError(f"--shard {text!r}: expected I/N (0-based, e.g. 0/4) or auto")
    return _checked(index, count, f"--shard {text}")


def _from_environment(environ: Mapping[str, str]) -> Shard:
    for index_var, count_var in PLATFORMS:
        index = environ.get(index_var)
        if index is None or index == "":
            continue
        count = environ.get(count_var)
        if not count:
            raise UsageError(f"--shard auto: {index_var} is set but {count_var} is not")
        if index_var == "SLURM_ARRAY_TASK_ID":  # ids may start above 0 or be stepped
            low = int(environ.get("SLURM_ARRAY_TASK_MIN", "0") or 0)
            step = int(environ.get("SLURM_ARRAY_TASK_STEP", "1") or 1)
            index = str((int(index) - low) // max(step, 1)) if index.isdigit() else index
        return _checked(index, count, f"--shard auto ({index_var}/{count_var})")
    names = ", ".join(index for index, _ in PLATFORMS)
    raise UsageError(f"--shard auto: no shard index in the environment (looked for {names})")


def _checked(index: str, count: str, where: str) -> Shard:
    try:
        i, n = int(index), int(count)
    except ValueError:
        raise UsageError(f"{where}: index and count must be integers") from None
    if n < 1:
        raise UsageError(f"{where}: the shard count must be at least 1")
    if not 0 <= i < n:
        raise UsageError(f"{where}: index {i} is outside 0..{n - 1} (indexes are 0-based)")
    return Shard(i, n)
