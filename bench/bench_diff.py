"""Diff speed on synthetic cassettes: 1,000 tools with 50 changes, 10,000 with 500.

    python bench/bench_diff.py            # prints one line per size, best of 3 runs

Uses LINT's `bench/synth.py` (`synth_cassette`, `mutate`) when it exists, else the
generator below. Targets (issue 5): 1,000/50 well under a second, 10,000/500 under 2 s.
"""

from __future__ import annotations

import copy
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mcpvcr.cassette import Cassette
from mcpvcr.diff import diff

TYPES = ("string", "integer", "number", "boolean")


def _tool(rng: random.Random, index: int) -> dict[str, Any]:
    props: dict[str, Any] = {}
    for j in range(rng.randint(1, 6)):
        prop: dict[str, Any] = {"type": rng.choice(TYPES), "description": f"Parameter {j}."}
        if prop["type"] == "string" and rng.random() < 0.3:
            prop["enum"] = ["a", "b", "c"]
        props[f"p{j}"] = prop
    return {
        "name": f"tool_{index:05d}",
        "description": f"Tool number {index} does one thing well.",
        "inputSchema": {
            "type": "object",
            "properties": props,
            "required": sorted(rng.sample(sorted(props), k=1)),
        },
        "annotations": {"readOnlyHint": rng.random() < 0.5},
    }


def own_synth(n_tools: int, seed: int) -> Cassette:
    rng = random.Random(seed)
    c = Cassette.new(
        transport="stdio",
        handshake="initialize",
        protocol_version="2025-06-18",
        client_info={"name": "bench", "version": "0"},
        client_capabilities={},
        server={"serverInfo": {"name": "synth", "version": "1.0.0"}, "capabilities": {"tools": {}}},
    )
    c.body["tools"]["items"] = [_tool(rng, i) for i in range(n_tools)]
    return c


def own_mutate(cassette: Cassette, n_changes: int, seed: int) -> Cassette:
    """Description edits, new required params, type changes, removals and additions, shuffled."""
    rng = random.Random(seed)
    body = copy.deepcopy(cassette.body)
    tools = body["tools"]["items"]
    picked = rng.sample(range(len(tools)), n_changes)
    for k, index in enumerate(picked):
        t = tools[index]
        kind = k % 5
        if kind == 0:
            t["description"] += " Now better."
        elif kind == 1:
            t["inputSchema"]["properties"]["extra"] = {"type": "string"}
            t["inputSchema"]["required"] = sorted([*t["inputSchema"]["required"], "extra"])
        elif kind == 2:
            first = sorted(t["inputSchema"]["properties"])[0]
            t["inputSchema"]["properties"][first]["type"] = "array"
        elif kind == 3:
            t["removed"] = True
        else:
            tools.append({**_tool(rng, len(tools) + k), "name": f"added_{k:05d}"})
    body["tools"]["items"] = [t for t in tools if not t.pop("removed", False)]
    rng.shuffle(body["tools"]["items"])
    return Cassette(header=copy.deepcopy(cassette.header), body=body)


def generators() -> tuple[Any, Any, str]:
    try:
        from bench.synth import mutate, synth_cassette  # LINT's shared generator

        return synth_cassette, mutate, "bench/synth.py"
    except ImportError:
        return own_synth, own_mutate, "bench_diff.py generator"


def measure(n_tools: int, n_changes: int, runs: int = 3) -> tuple[float, int]:
    synth, mutate, _ = generators()
    old = synth(n_tools, 1)
    new = mutate(old, n_changes, 2)
    best = float("inf")
    count = 0
    for _ in range(runs):
        start = time.perf_counter()
        changes = diff(old, new)
        best = min(best, time.perf_counter() - start)
        count = len(changes.changes)
    return best, count


def main() -> None:
    print(f"generator: {generators()[2]}")
    for n_tools, n_changes, target in ((1000, 50, 1.0), (10000, 500, 2.0)):
        seconds, count = measure(n_tools, n_changes)
        verdict = "ok" if seconds < target else "SLOW"
        print(
            f"{n_tools} tools, {n_changes} mutations: {seconds * 1000:.0f} ms,"
            f" {count} changes (target < {target:.0f} s: {verdict})"
        )


if __name__ == "__main__":
    main()
