"""The synthetic cassette generator the benchmarks (and DIFF) use: seeded and realistic."""

from __future__ import annotations

from bench.synth import mutate, synth_cassette
from mcpvcr import codec
from mcpvcr.score import score


def test_same_seed_same_bytes_other_seed_other_bytes() -> None:
    assert codec.encode(synth_cassette(50, seed=3)) == codec.encode(synth_cassette(50, seed=3))
    assert codec.encode(synth_cassette(50, seed=3)) != codec.encode(synth_cassette(50, seed=4))


def test_synthetic_cassette_is_well_formed_and_scores() -> None:
    cassette = synth_cassette(200, seed=0)
    names = [t["name"] for t in cassette.tools]
    assert len(names) == 200 and names == sorted(names)
    assert all(t["inputSchema"]["type"] == "object" for t in cassette.tools)
    report = score(cassette)
    # realistic: mostly clean, a few flaws (missing descriptions, undescribed parameters)
    assert 60 <= report.overall < 100
    assert not any(f.code in ("schema.invalid", "contract.malformed_item") for f in report.findings)


def test_mutate_makes_every_kind_of_change_without_touching_the_input() -> None:
    base = synth_cassette(100, seed=0)
    before = codec.encode(base)
    changed = mutate(base, 12, seed=1)
    assert codec.encode(base) == before
    old = {t["name"]: t for t in base.tools}
    new = {t["name"]: t for t in changed.tools}
    assert set(old) - set(new), "a tool was removed"
    assert set(new) - set(old), "a tool was added"
    common = [n for n in old if n in new]
    assert any(old[n].get("description") != new[n].get("description") for n in common)
    assert any(
        set(new[n]["inputSchema"].get("required", []))
        - set(old[n]["inputSchema"].get("required", []))
        for n in common
    )
    types = [
        (p, old[n]["inputSchema"]["properties"][p].get("type"), q.get("type"))
        for n in common
        for p, q in new[n]["inputSchema"]["properties"].items()
        if p in old[n]["inputSchema"]["properties"]
    ]
    assert any(a != b for _, a, b in types), "a type changed"
    assert codec.encode(mutate(base, 12, seed=1)) == codec.encode(changed)
