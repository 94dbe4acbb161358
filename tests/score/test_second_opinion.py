"""mcp-probe's health view and publishability composite, computed by hand."""

from __future__ import annotations

from mcpvcr.score import score
from tests.builders import call, cassette, schema, tool, tool_error
from tests.golden.demo_cassette import demo_cassette

READ_NOTE = tool(
    name="read_note",
    description="Read a note.",
    inputSchema=schema({"id": {"type": "string", "description": "Note id."}}, ["id"]),
    annotations={"readOnlyHint": True},
)
PROCESS = tool(
    name="process_record",
    description="Process a record.",
    inputSchema=schema(
        {
            "record": {"type": "string", "description": ""},
            "mode": {"type": "string", "description": "Must be Text or Blob."},
        },
        ["record"],
    ),
    annotations=None,
)
RUN_SQL = tool(
    name="run_sql",
    description="Run SQL.",
    inputSchema=schema({"sql": {"type": "string", "description": "SQL text."}}, ["sql"]),
    annotations=None,
)


def unpublishable(fuzz: bool) -> object:
    interactions = [call(target=n) for n in ("read_note", "process_record", "run_sql")]
    return cassette(
        tools=[READ_NOTE, PROCESS, RUN_SQL], interactions=interactions if fuzz else [], fuzz=fuzz
    )


def test_unpublishable_fixture_static() -> None:
    pub = score(unpublishable(fuzz=False)).publishability  # type: ignore[arg-type]
    # protocol 100 (no compliance issue). Edge, calls not measured: 4 properties, 1 schema warning
    # (record has an empty description) -> clean = 1 - 1/4 = 0.75 -> 75.
    # Checks: five-axis fails (avg < 3) -50, enum-shape fails (mode) -20, mutation fails
    # (process_record, run_sql silent: 2/3 > 0.4) -30 -> publishability 0; anti-purpose fails (0).
    # composite = round(0.35 * 100 + 0.25 * 75 + 0.40 * 0) = round(53.75) = 54; cap 60 not binding.
    assert (pub.protocol, pub.edge, pub.publishability) == (100, 75, 0)
    # anti-purpose fails at severity "low": listed as a failure, deducts nothing
    assert pub.failures == (
        "description-five-axis",
        "enum-shape",
        "mutation-legibility",
        "anti-purpose-clause",
    )
    assert [c.verdict for c in pub.checks] == ["FAIL", "FAIL", "FAIL", "SKIP", "FAIL"]
    assert (pub.composite, pub.grade, pub.band) == (54, "C", "Rough")
    assert pub.caps == (("description-five-axis: ≥50% of tools below per-tool axis threshold", 60),)


def test_unpublishable_fixture_fuzzed_counts_tool_calls() -> None:
    pub = score(unpublishable(fuzz=True)).publishability  # type: ignore[arg-type]
    # edge = round((0.5 * 3/3 + 0.3 * 0.75 + 0.2 * 1.0) * 100) = round(92.5) = 93
    # composite = round(35 + 23.25 + 0) = 58
    assert pub.edge == 93 and pub.composite == 58 and pub.band == "Rough"


def test_health_counts_calls_reads_and_gets() -> None:
    c = cassette(
        fuzz=True,
        capabilities={"tools": {}, "resources": {}, "prompts": {}},
        resources=[{"uri": "a://1", "name": "1"}, {"uri": "a://2", "name": "2"}],
        prompts=[{"name": "p"}],
        interactions=[
            call(),
            call(target="other", outcome="toolError", response=tool_error()),
            call(case="extra_garbage", flags=["silentlyAccepted"]),
            call(method="resources/read", target="a://1", case="read"),
            call(method="resources/read", target="a://2", case="read", outcome="protocolCrash"),
            call(method="prompts/get", target="p", case="get"),
        ],
    )
    health = score(c).health
    assert (health.tools_callable, health.tools_exercised) == (1, 2)
    assert (health.resources_readable, health.resources_read, health.resources_total) == (1, 2, 2)
    assert (health.prompts_gettable, health.prompts_got) == (1, 1)


def test_demo_publishability_is_capped_at_60() -> None:
    pub = score(demo_cassette()).publishability
    # protocol 100; edge = round((0.5 * 4/4 + 0.3 * 0 + 0.2 * 1) * 100) = 70 (5 schema warnings
    # over 4 properties -> clean 0); publishability 100 - 50 - 30 = 20;
    # composite = round(35 + 17.5 + 8) = round(60.5) = 61 -> capped to 60 (all 4 tools below 3 axes)
    assert (pub.protocol, pub.edge, pub.publishability) == (100, 70, 20)
    assert (pub.composite, pub.grade, pub.band) == (60, "C", "Rough")
