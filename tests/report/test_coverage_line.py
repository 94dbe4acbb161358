"""The coverage line counts the tools really called, not only the ones planned."""

from __future__ import annotations

from mcpvcr.report.common import coverage_parts
from mcpvcr.score import score
from tests.builders import cassette, tool


def _call(target: str) -> dict[str, object]:
    return {
        "method": "tools/call",
        "target": target,
        "case": "valid",
        "params": {"name": target, "arguments": {}},
        "response": {"result": {"content": [{"type": "text", "text": "done"}]}},
        "facts": ["guessed"],
        "latencyMs": 5,
    }


def test_a_recording_that_stopped_early_says_how_many_tools_were_called() -> None:
    tools = [tool(name=f"t{i}") for i in range(5)]
    stopped = cassette(
        tools=tools, interactions=[_call("t0"), _call("t1")], fuzz=True, coverage={"fuzzed": 5}
    )
    (first, _), *_ = coverage_parts(score(stopped))
    assert first == "fuzzed 2 of 5 tool(s) (5 planned; the recording stopped early)"
    whole = cassette(
        tools=tools,
        interactions=[_call(f"t{i}") for i in range(5)],
        fuzz=True,
        coverage={"fuzzed": 5},
    )
    assert coverage_parts(score(whole))[0][0] == "fuzzed 5 of 5 tool(s)"
