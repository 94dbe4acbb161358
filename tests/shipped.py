"""Produce the shipped data files (`mcpvcr.shipped`): `python -m tests.regen shipped`.

    linear_plans.json          the RE2 plan of every long pattern mcpvcr compiles
    scan/effect_branches.json  the ASCII branch list of every effect family

The patterns are collected in a fresh process (`python -m tests.shipped` prints them),
so what other code of the calling process compiled never gets in.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import re2

from mcpvcr import linear_plans, linear_re, linear_translate, shipped
from mcpvcr.scan import effects

REPO = Path(__file__).resolve().parent.parent


def own_patterns() -> list[tuple[str, int]]:
    """Every pattern the offline commands can compile (run in a fresh process: `main`)."""
    import mcpvcr.judge
    import mcpvcr.lint
    import mcpvcr.lint.publishability
    import mcpvcr.scan.lexicon
    import mcpvcr.scan.signals
    import mcpvcr.scan.surface
    import mcpvcr.scoring

    assert mcpvcr.judge and mcpvcr.lint and mcpvcr.scoring and mcpvcr.scan.surface
    assert mcpvcr.lint.publishability.AXES
    mcpvcr.scan.lexicon.patterns_wide()
    for wide in (False, True):
        mcpvcr.scan.signals._clause_verbs(wide)
        for name in effects._FAMILIES:
            effects.family(name, wide)
    return sorted(linear_re._COMPILED)


def plans_file(patterns: list[tuple[str, int]]) -> bytes:
    entries = {}
    for pattern, flags in patterns:
        if len(pattern) < linear_plans.MIN_CHARS:
            continue
        try:
            plan = linear_translate.translate(pattern, flags)
        except linear_translate.Untranslatable:
            continue
        try:  # shipped plans are known to build: both programs are compiled here
            linear_re._re2_compile(plan.source)
            linear_re._re2_compile(linear_translate.on_ascii(plan.source))
        except re2.error:
            continue
        packed = linear_plans.packed(linear_plans.kept(plan))
        if packed is not None:
            entries[linear_plans._key(pattern, flags)] = packed
    return shipped.rendered(linear_plans.SHIPPED.sources, entries, linear_plans.engine())


def branches_file() -> bytes:
    entries = {}
    for name in effects._FAMILIES:
        key, narrow = effects.narrow_branches(name)
        entries[key] = narrow
    return shipped.rendered(effects.SHIPPED.sources, entries)


def _collected() -> list[tuple[str, int]]:
    done = subprocess.run(
        [sys.executable, "-m", "tests.shipped"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "MCPVCR_NO_CACHE": "1"},
    )
    return [(pattern, flags) for pattern, flags in json.loads(done.stdout)]


def shipped_paths() -> list[Path]:
    return [linear_plans.SHIPPED.path, effects.SHIPPED.path]


@cache
def produced() -> dict[Path, bytes]:
    """Each shipped file and what it should hold."""
    return {
        linear_plans.SHIPPED.path: plans_file(_collected()),
        effects.SHIPPED.path: branches_file(),
    }


def main() -> None:
    print(json.dumps(own_patterns()))


if __name__ == "__main__":
    main()
