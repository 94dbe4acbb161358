"""Every recording option given to a fleet reaches each worker's `mcpvcr record` unchanged."""

from __future__ import annotations

from typing import Any

from mcpvcr.commands import _fleet
from mcpvcr.commands._target_options import OPTION_KEYS, build_options, split_kwargs
from mcpvcr.commands.record import command

GIVEN: dict[str, Any] = {
    "timeout": 7.5,
    "protocol": "initialize",
    "fuzz": True,
    "seed": 9,
    "max_tools": 3,
    "concurrency": 2,
    "fuzz_destructive": False,
    "fuzz_readonly": True,
    "fuzz_writes": False,
    "sandbox": "bwrap",
    "elicit_defaults": True,
    "quiet": True,
    "keep_volatile": True,
    "scrub": ("req-[0-9]+",),
    "pin": ('add={"a": 1}',),
}


def test_every_option_key_is_forwarded() -> None:
    assert set(GIVEN) == set(OPTION_KEYS)  # a new record option needs forwarding here too
    args = _fleet._record_args(GIVEN, force=True)
    ctx = command.make_context("record", ["--stdio", "x", "-o", "f.mcpvcr", *args])
    _, options = split_kwargs(dict(ctx.params))
    assert build_options(**options) == build_options(**GIVEN)
    assert ctx.params["force"] is True
