"""The four dimensions of the overall score, exactly as MCProbe computes them.

As in MCProbe, every dimension is 0-10 through `clamp_dim`; Error Handling
and Liveness are read from the recorded `tools/call` interactions (case
`valid` against the malformed cases) and are "not measured" when the recording
did not run the behavioural pass. Deliberate differences, all from the
richer outcomes a cassette records:
- a JSON-RPC error is not a crash: -32602 (`rejected`) and any other code
  (`toolError`, flagged `wrongErrorCode` and reported by lint) are refusals;
  only a dead server, a broken transport or a time-out counts as a crash;
- a malformed case answered `ok` without the `silentlyAccepted` flag (a
  `lenient` probe the schema allows, e.g. an unknown key on an open schema)
  is left out of the rate;
- `inconclusive` calls (the environment or mcpvcr's guess failed, not the
  server) are left out of both rates;
- a valid call answered with garbage (`garbageAnswer`: NaN, null, an error
  text dressed as success) is not a real result, and a malformed case refused
  only in an error text dressed as success is no clean rejection;
- the latency penalty reads only calls that had the server to themselves
  (valid cases run one at a time); a call that shared the server records no
  latency (null) and is not read, nor is a call made as a task (long work
  by design).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from mcpvcr.cassette import Cassette
from mcpvcr.lint.registry import Finding
from mcpvcr.scoring.model import DIMENSION_LABELS, Dimension, FuzzRow, clamp_dim, to_fixed

SEVERITY_WEIGHT = {"error": 1.0, "warning": 0.5, "info": 0.25}
PER_TOOL_CAP = 2.0
LATENCY_TARGET_MS = 200
MIN_MALFORMED_JUDGED = 1
"""Error Handling is "not measured" below this many malformed calls judged."""
MIN_VALID_JUDGED = 1
"""Liveness is "not measured" below this many valid calls judged."""
NOT_FUZZED = "not measured — record with --fuzz to evaluate this dimension"
NOTHING_FUZZED = "fuzz ran but no tools were eligible to fuzz (see coverage)"


def metadata(cassette: Cassette) -> Dimension:
    """Name and version reported in the handshake; instructions give a +1 bonus."""
    info = cassette.server_info
    score = 10.0
    reasons: list[str] = []
    for key, penalty in (("name", 4), ("version", 2)):
        value = info.get(key)
        if not isinstance(value, str) or not value.strip() or value == "unknown":
            score -= penalty
            reasons.append(f"server did not report a {key} in the handshake")
        else:
            reasons.append(f"server reported {key}='{value}'")
    capabilities = cassette.capabilities
    if capabilities:
        reasons.append(f"server advertised capabilities: {', '.join(sorted(capabilities))}")
    else:
        reasons.append("server advertised no capabilities (empty object)")
    if (cassette.instructions or "").strip():
        score = min(10.0, score + 1)
        reasons.append("server exposed non-empty 'instructions' (+1 bonus)")
    return _dimension("metadata", score, reasons)


def schema_quality(findings: Sequence[Finding], tool_count: int) -> Dimension:
    """A per-tool rate of weighted findings (each tool capped at 2), plus server-wide ones."""
    buckets: dict[str, float] = {}
    server_wide = 0.0
    for finding in findings:
        weight = SEVERITY_WEIGHT[finding.severity]
        tool = finding.location.get("tool")
        if tool is not None:
            buckets[tool] = buckets.get(tool, 0.0) + weight
        else:
            server_wide += weight
    tools = max(tool_count, len(buckets))
    if tools == 0:
        score = 10 - server_wide
    else:
        average = sum(min(b, PER_TOOL_CAP) for b in buckets.values()) / tools + server_wide
        score = 10 - 10 * min(1.0, average / 2)
    return _dimension("schemaQuality", score, _schema_reasons(findings, tools))


def _schema_reasons(findings: Sequence[Finding], tools: int) -> list[str]:
    if not findings:
        return ["no lint findings — schemas pass every rule"]
    by_severity = Counter(f.severity for f in findings)
    errors, warnings, infos = (by_severity[s] for s in ("error", "warning", "info"))
    rate = (errors + warnings * 0.5 + infos * 0.25) / max(tools, 1)
    reasons = [
        f"{len(findings)} finding(s) across {tools} tool(s): "
        f"{errors} error, {warnings} warning, {infos} info",
        f"scored as a per-tool rate ({to_fixed(rate, 2)} deduction per tool), "
        "so breadth isn't penalized",
    ]
    counts = Counter(f.code for f in findings)  # insertion order = first appearance
    top = sorted(counts.items(), key=lambda item: -item[1])[:5]  # stable: ties keep order
    reasons.extend(f"  {code}: {count}" for code, count in top)
    return reasons


def error_handling(rows: Sequence[FuzzRow]) -> Dimension:
    """Share of malformed calls rejected cleanly (isError result or -32602)."""
    graceful = silent = crash = hung = disguised = 0
    for row in rows:
        if row.case == "valid" or row.outcome == "inconclusive":
            continue
        if row.silent:
            silent += 1
        elif row.outcome == "ok" and "garbageAnswer" in row.flags and "lenient" not in row.flags:
            disguised += 1  # refused in words, but answered as a success: not clean
        elif row.outcome == "protocolCrash":
            crash += 1
        elif row.outcome == "timeout":
            hung += 1
        elif row.outcome in ("toolError", "rejected"):
            graceful += 1
    counted = graceful + silent + crash + hung + disguised
    if counted < MIN_MALFORMED_JUDGED:
        # A 10 from nothing would grade the server on calls never judged.
        tried = [row for row in rows if row.case != "valid"]
        if tried and all(row.outcome == "inconclusive" for row in tried):
            why = f"{len(tried)} malformed call(s), all inconclusive: nothing to judge"
        elif not tried:
            why = "no malformed cases were generated for the fuzzed tools"
        else:
            # Cases were sent, but each was a probe the schema allows (or inconclusive):
            # "none generated" would misstate what the fuzz table shows.
            why = (
                f"{counted} malformed input(s) judged of the {len(tried)} probe(s) sent (the "
                "rest were inputs the schema allows or inconclusive)"
            )
        return _unmeasured(
            "errorHandling",
            f"{why}; at least {MIN_MALFORMED_JUDGED} needed to measure",
            judged=counted,
        )
    reasons = [
        f"{graceful}/{counted} malformed input(s) rejected with a clean tool error or "
        f"-32602 ({to_fixed(100 * graceful / counted, 0)}%)"
    ]
    if silent:
        reasons.append(
            f"{silent} malformed case(s) silently accepted — the tool let bad input through"
        )
    if crash:
        reasons.append(
            f"{crash} malformed case(s) crashed the protocol instead of rejecting gracefully"
        )
    if disguised:
        reasons.append(
            f"{disguised} malformed case(s) refused in the answer's text but reported as a "
            "success (no isError)"
        )
    if hung:
        # Said apart from crashes: a server that sat on the call stayed up, and the
        # author looks for a different bug (a wait, a poll) than for a dead transport.
        reasons.append(f"{hung} malformed case(s) got no answer within the time-out")
    if not silent and not crash and not hung and not disguised:
        reasons.append("every malformed input was rejected gracefully")
    return _dimension("errorHandling", 10 * graceful / counted, reasons, judged=counted)


def liveness(rows: Sequence[FuzzRow]) -> Dimension:
    """Share of valid calls that returned a real result, minus a p50 latency penalty."""
    tried = [row for row in rows if row.case == "valid"]
    valid = [row for row in tried if row.outcome != "inconclusive"]
    if len(valid) < MIN_VALID_JUDGED:
        if tried:
            # Nothing was judged: a 10 here would grade the server on calls that failed
            # for the environment's or mcpvcr's reasons. Not measured, like an unfuzzed run.
            return _unmeasured(
                "liveness",
                f"{len(tried)} valid call(s), all inconclusive (environment or guessed "
                "arguments): pin real arguments to measure liveness",
                judged=len(valid),
            )
        return _unmeasured("liveness", "no valid calls were made", judged=0)
    ok_latencies: list[int] = []
    schema_bad = failed = empty = ok = 0
    for row in valid:
        if "outputSchemaViolation" in row.flags:
            schema_bad += 1
        elif row.outcome != "ok":
            failed += 1
        elif "emptySuccess" in row.flags or "garbageAnswer" in row.flags:
            empty += 1
        else:
            ok += 1
            # A task is long work by design (polled, not waited on): its time is no latency.
            if row.latency_ms is not None and "task" not in row.flags:
                ok_latencies.append(row.latency_ms)
    score = 10 * ok / len(valid)
    reasons = [
        f"{ok}/{len(valid)} valid call(s) returned a real result "
        f"({to_fixed(100 * ok / len(valid), 0)}%)"
    ]
    if empty:
        reasons.append(
            f"{empty} valid call(s) returned an empty or garbage success "
            "— possible hallucinated success"
        )
    if len(tried) > len(valid):
        reasons.append(
            f"{len(tried) - len(valid)} valid call(s) inconclusive (environment or guessed "
            "argument; not scored)"
        )
    if schema_bad:
        reasons.append(
            f"{schema_bad} valid call(s) returned a success that violates its outputSchema"
        )
    if failed:
        reasons.append(f"{failed} valid call(s) failed on good input ({_failures(valid)})")
    if ok_latencies:
        p50 = median(ok_latencies)
        line = f"p50 latency on valid calls = {to_fixed(p50, 0)}ms (target {LATENCY_TARGET_MS}ms)"
        if p50 > LATENCY_TARGET_MS:
            penalty = _half_up((p50 - LATENCY_TARGET_MS) / 100) * 0.5
            score -= penalty
            line += f" → {to_fixed(penalty, 1)} point penalty"
        reasons.append(line)
        reasons.append(
            f"valid-call latency max = {max(ok_latencies)}ms across {len(ok_latencies)} call(s) "
            "(recorded as coarse buckets)"
        )
    return _dimension("liveness", score, reasons, judged=len(valid))


_FAILURE_WORDS = {
    "toolError": "tool error",
    "rejected": "rejected as invalid",
    "protocolCrash": "protocol crash",
    "timeout": "time-out",
}


def _failures(rows: Sequence[FuzzRow]) -> str:
    """`2 tool error, 1 time-out`: what the failed valid calls ended in, not a fixed list."""
    counts = Counter(
        row.outcome
        for row in rows
        if row.outcome != "ok" and "outputSchemaViolation" not in row.flags
    )
    return ", ".join(
        f"{counts[outcome]} {word}" for outcome, word in _FAILURE_WORDS.items() if counts[outcome]
    )


def median(values: Iterable[int]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return float(ordered[middle])
    return (ordered[middle - 1] + ordered[middle]) / 2


def _half_up(value: float) -> int:
    import math

    return math.floor(value + 0.5)


def not_measured(key: str, fuzzed: bool) -> Dimension:
    reason = NOTHING_FUZZED if fuzzed else NOT_FUZZED
    return Dimension(
        key=key, label=DIMENSION_LABELS[key], score=0.0, reasons=(reason,), not_measured=True
    )


def _unmeasured(key: str, reason: str, *, judged: int | None = None) -> Dimension:
    return Dimension(
        key=key,
        label=DIMENSION_LABELS[key],
        score=0.0,
        reasons=(reason,),
        not_measured=True,
        judged=judged,
    )


def _dimension(
    key: str, score: float, reasons: list[str], *, judged: int | None = None
) -> Dimension:
    return Dimension(
        key=key,
        label=DIMENSION_LABELS[key],
        score=clamp_dim(score),
        reasons=tuple(reasons),
        judged=judged,
    )
