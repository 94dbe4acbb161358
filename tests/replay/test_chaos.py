"""`replay --chaos SPEC`: each fault at its seeded rate, repeatable, logged, validated."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from typing import Any

import pytest

from mcpvcr.cassette import Cassette
from mcpvcr.replay.chaos import PADDING_KEY, Chaos, ChaosSpec, ChaosSpecError
from mcpvcr.replay.peer import Peer
from mcpvcr.replay.responder import Close, Responder, Send, Silence
from tests.replay.test_modes import DEMO_CASSETTE, INIT, INITIALIZED, REPO, call

N = 2000
pytest_plugins = ["pytester"]


def spec(text: str) -> ChaosSpec:
    return ChaosSpec.parse(text)


def fates(text: str, n: int = N) -> list[str]:
    chaos = Chaos(spec(text))
    out = []
    for _ in range(n):
        fault = chaos.request("tools/call")
        assert fault is not None
        out.append(fault.describe())
    return out


def test_the_spec_of_the_docs_parses() -> None:
    parsed = spec(
        "latency=3x,jitter=50ms,errors=10%,timeouts=5%,disconnect-after=20,oversize=1%,seed=7"
    )
    assert (parsed.latency, parsed.jitter, parsed.errors, parsed.timeouts) == (3.0, 0.05, 0.1, 0.05)
    assert (parsed.disconnect_after, parsed.oversize, parsed.seed) == (20, 0.01, 7)
    assert spec("oversize-bytes=2MiB").oversize_bytes == 2 * 1024 * 1024
    assert spec("") == ChaosSpec()  # no faults at all


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("errors=10", "expected a share such as 10%"),
        ("errors=101%", "expected a share"),
        ("speed=2", "unknown key 'speed'"),
        ("latency=fast", "expected a multiplier"),
        ("jitter=5", "expected a duration"),
        ("seed=x", "expected a whole number"),
        ("errors=60%,timeouts=50%", "more than 100%"),
        ("seed=1,seed=2", "seed given twice"),
        ("errors", "expected KEY=VALUE"),
    ],
)
def test_a_bad_spec_is_one_line_naming_the_part(text: str, says: str) -> None:
    with pytest.raises(ChaosSpecError, match=says):
        spec(text)


def test_the_cli_refuses_a_bad_spec_with_exit_2() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mcpvcr", "replay", str(DEMO_CASSETTE), "--chaos", "errors=ten"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "--chaos: errors=ten" in done.stderr


@pytest.mark.parametrize(
    ("text", "fault", "rate"),
    [
        ("errors=10%,seed=7", "error", 0.10),
        ("timeouts=5%,seed=7", "time-out (no answer)", 0.05),
        ("oversize=1%,seed=7", "oversized answer", 0.01),
        ("errors=30%,timeouts=20%,seed=3", "error", 0.30),
        ("errors=30%,timeouts=20%,seed=3", "time-out (no answer)", 0.20),
    ],
)
def test_each_request_fault_comes_at_its_seeded_rate(text: str, fault: str, rate: float) -> None:
    seen = fates(text).count(fault)
    assert abs(seen / N - rate) < 0.025, seen
    assert fates(text) == fates(text)  # the same seed, the same run


def test_no_fault_without_a_share_and_another_seed_another_run() -> None:
    assert set(fates("seed=7", 200)) == {""}
    assert fates("errors=50%,seed=1", 200) != fates("errors=50%,seed=2", 200)


def test_notifications_are_dropped_and_duplicated_at_their_rates() -> None:
    chaos = Chaos(spec("drop-notifications=10%,duplicate-notifications=5%,seed=7"))
    times = [chaos.notification() for _ in range(N)]
    assert abs(times.count(0) / N - 0.10) < 0.025
    assert abs(times.count(2) / N - 0.05) < 0.02
    assert Chaos(spec("seed=7")).notification() == 1


def test_disconnect_after_hangs_up_on_the_next_request_and_spares_the_handshake() -> None:
    chaos = Chaos(spec("disconnect-after=20"))
    assert chaos.request("initialize") is None
    faults = [chaos.request("tools/call") for _ in range(21)]
    assert [f.disconnect for f in faults if f] == [False] * 20 + [True]


def test_jitter_stays_within_its_bound() -> None:
    chaos = Chaos(spec("jitter=50ms,seed=7"))
    delays = [f.delay for f in (chaos.request("ping") for _ in range(500)) if f]
    assert min(delays) >= 0 and max(delays) <= 0.05 and max(delays) > 0.04


# -- the responder applies them --------------------------------------------------------------


def cassette(exchange: list[dict[str, Any]] | None = None) -> Cassette:
    c = Cassette.new(
        transport="stdio",
        handshake="initialize",
        protocol_version="2025-06-18",
        client_info={},
        client_capabilities={},
        server={"capabilities": {"tools": {}}},
    )
    item: dict[str, Any] = {
        "method": "tools/call",
        "target": "t",
        "params": {"name": "t", "arguments": {}},
        "response": {"result": {"content": [{"type": "text", "text": "fine"}]}},
        "latencyMs": 1000,
    }
    if exchange:
        item["exchange"] = exchange
    c.append_interaction(item)
    return c


def test_latency_multiplies_the_recorded_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    monkeypatch.setattr(asyncio, "sleep", sleep)
    asyncio.run(Responder(cassette()).answer(call(1, "t", {}), Peer()))
    [recorded] = waits
    waits.clear()
    slow = Responder(cassette(), chaos=Chaos(spec("latency=3x")))
    asyncio.run(slow.answer(call(1, "t", {}), Peer()))
    assert recorded > 0.5 and max(waits) == pytest.approx(3 * recorded)


def test_the_responder_errors_times_out_pads_and_hangs_up(
    capsys: pytest.CaptureFixture[str],
) -> None:
    def run(text: str) -> Any:
        responder = Responder(cassette(), replay_latency=False, chaos=Chaos(spec(text)))
        return asyncio.run(responder.answer(call(9, "t", {}), Peer()))

    error = run("errors=100%,error-code=-32000")
    assert isinstance(error, Send) and error.message["error"]["code"] == -32000
    assert error.message["id"] == 9
    assert isinstance(run("timeouts=100%"), Silence)
    padded = run("oversize=100%,oversize-bytes=1MB")
    assert isinstance(padded, Send)
    assert len(padded.message["result"]["_meta"][PADDING_KEY]) == 1_000_000
    assert padded.message["result"]["content"][0]["text"] == "fine"  # the answer is intact
    assert isinstance(run("disconnect-after=0"), Close)
    logged = capsys.readouterr().err.splitlines()
    assert logged == [
        "mcpvcr: chaos: request 1 (tools/call t): error",
        "mcpvcr: chaos: request 1 (tools/call t): time-out (no answer)",
        "mcpvcr: chaos: request 1 (tools/call t): oversized answer",
        "mcpvcr: chaos: request 1 (tools/call t): disconnect",
    ]


def test_notifications_of_an_answer_are_dropped_or_repeated() -> None:
    log = {"notification": {"method": "notifications/message", "params": {"data": "x"}}}
    sent: list[dict[str, Any]] = []

    async def out(message: dict[str, Any]) -> None:
        sent.append(message)

    def notes(text: str) -> int:
        sent.clear()
        responder = Responder(cassette([log] * 50), replay_latency=False, chaos=Chaos(spec(text)))
        asyncio.run(responder.answer(call(1, "t", {}), Peer(), out))
        return len(sent)

    assert notes("seed=1") == 50
    assert notes("drop-notifications=100%") == 0
    assert notes("duplicate-notifications=100%") == 100


def _replay(*args: str, messages: list[dict[str, Any]]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mcpvcr", "replay", str(DEMO_CASSETTE), "--no-latency", *args],
        input="".join(json.dumps(m) + "\n" for m in messages),
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
    )


def test_over_stdio_the_seeded_faults_are_the_predicted_ones() -> None:
    text = "errors=20%,timeouts=10%,seed=7"
    messages = [INIT, INITIALIZED, *(call(n, "greet", {}) for n in range(2, 42))]
    done = _replay("--chaos", text, messages=messages)
    assert done.returncode == 0, done.stderr
    answers = {a["id"]: a for a in map(json.loads, done.stdout.splitlines())}
    predicted = fates(text, 40)
    for n, fate in zip(range(2, 42), predicted, strict=True):
        if fate == "error":
            assert answers[n]["error"]["code"] == -32603
        elif fate:
            assert n not in answers  # timed out: never answered
        else:
            assert "result" in answers[n]
    assert done.stderr.count("mcpvcr: chaos: request") == sum(1 for f in predicted if f)


def test_over_stdio_a_disconnect_ends_the_replay_quietly() -> None:
    messages = [INIT, INITIALIZED, *(call(n, "greet", {}) for n in range(2, 12))]
    done = _replay("--chaos", "disconnect-after=3", messages=messages)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    ids = [json.loads(line)["id"] for line in done.stdout.splitlines()]
    assert sorted(ids) == [1, 2, 3, 4]  # the handshake and three calls
    assert "request 4 (tools/call greet): disconnect" in done.stderr


def test_over_http_an_injected_error_is_the_posts_answer() -> None:
    import http.client

    from tests.security.test_replay_http import replay as replay_http

    with replay_http("--no-latency", "--chaos", "errors=100%,error-code=-32001") as (port, _):
        codes = []
        for message in (INIT, call(2, "greet", {})):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            headers = {"Content-Type": "application/json", "Accept": "application/json"}
            conn.request("POST", "/mcp", body=json.dumps(message).encode(), headers=headers)
            answer = json.loads(conn.getresponse().read())
            conn.close()
            codes.append(answer.get("error", {}).get("code"))
    assert codes == [None, -32001]  # the handshake is spared, the call is not


def test_the_pytest_marker_passes_chaos_and_exhausted(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        f"""
        import pytest

        @pytest.mark.mcpvcr({str(DEMO_CASSETTE)!r}, chaos="errors=10%,seed=7", exhausted="miss")
        def test_it(mcpvcr_server):
            args = list(mcpvcr_server.args)
            assert args[args.index("--chaos") + 1] == "errors=10%,seed=7"
            assert args[args.index("--exhausted") + 1] == "miss"

        @pytest.mark.mcpvcr({str(DEMO_CASSETTE)!r})
        def test_plain(mcpvcr_server):
            assert "--chaos" not in mcpvcr_server.args
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)
