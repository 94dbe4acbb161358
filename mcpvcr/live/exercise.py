"""The behavioural pass: send the planned calls over a live connection and record the answers.

Called by the recorder after the lists when `--fuzz` is on. The plan (which
calls, in which order) and everything done to an answer (scrubbing,
truncation) are pure and live in `mcpvcr.fuzz`; the verdicts are the
judge's, at read time (`mcpvcr.judge`); this module only
runs the calls: raw `tools/call` / `resources/read` / `prompts/get` requests
(never the SDK's `call_tool`, which validates output itself and hides the
server's answer; tools whose `execution.taskSupport` is "required" through
`mcpvcr.live.tasks`), each bounded by `options.timeout`.

Two phases (`mcpvcr.fuzz.plan.split_calls`): first every valid case and
every case of a tool that may change state, one at a time in plan order
(the dependency order of `mcpvcr.fuzz.order`), then one retry of valid cases
that failed for missing state; then the malformed cases of read-only tools,
resource reads and prompt gets, at most `options.concurrency` in flight.
Only calls of the first phase record a latency (they had the server to
themselves); the others record null.

Interactions are stored in plan order whatever order answers arrive in, so
`--concurrency 1` and `8` record the same bytes for a deterministic server.
When the connection dies, no further calls are sent; the interactions before
the first call that found it dead, and that call, are kept (later ones are
dropped so the recording does not depend on the concurrency), and `died`
says why. A server that stops answering (HUNG_AFTER calls in a row timed out,
over two or more targets) counts as dead. Calls are only started while the
recorder's bound on the pass leaves time for them to end; calls not started
for that reason are counted in `coverage["unsent"]`.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from mcpvcr.cassette import TIMED_OUT_LATENCY_MS, Cassette, coarse_latency_ms
from mcpvcr.errors import UsageError
from mcpvcr.fuzz.control import CONTROL_PREFIX
from mcpvcr.fuzz.harvest import Harvest, is_lister
from mcpvcr.fuzz.inconclusive import GUESS
from mcpvcr.fuzz.plan import Call, PlanSettings, plan_calls, split_calls
from mcpvcr.fuzz.scrub import Scrubber, truncate
from mcpvcr.jsonrpc import content_texts
from mcpvcr.judge import facts_of, verdict
from mcpvcr.live.effects import SideEffects, files_written
from mcpvcr.live.tasks import call_as_task, task_params
from mcpvcr.live.wire import Connection, Reply
from mcpvcr.recording import FUZZ_LIMIT_SECONDS, RecordOptions

_SAFETY_MARGIN = 5.0
"""Extra seconds before a call the connection failed to time out is given up on."""
HUNG_AFTER = 10
"""Calls timed out in a row (over two or more targets) after which the server counts as hung."""


@dataclass(frozen=True)
class ExerciseResult:
    """What the recorder stores: interactions, coverage, and why the server died (if it did)."""

    interactions: list[dict[str, Any]] = field(default_factory=list)
    coverage: dict[str, Any] = field(default_factory=dict)
    died: str | None = None


async def exercise(
    conn: Connection,
    cassette: Cassette,
    options: RecordOptions,
    *,
    secrets: Sequence[str] = (),
    placeholders: Sequence[tuple[re.Pattern[str], str]] = (),
) -> ExerciseResult:
    """Run every planned call against `conn`; never raises for server-side problems.

    `secrets` (Target.secret_values()) are redacted from each answer before it
    is truncated and hashed, so no preview holds part of one. `placeholders`
    (mcpvcr.machine's rules) go next, before the volatile rules: a TMPDIR under
    /tmp is `[TMPDIR]` on every machine, not `<tmp>` on the ones that set it.
    """
    try:
        scrubber = Scrubber(
            options.scrub_patterns,
            keep_volatile=options.keep_volatile,
            secrets=secrets,
            placeholders=placeholders,
        )
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    settings = PlanSettings(
        seed=options.seed,
        max_tools=options.max_tools,
        fuzz_destructive=options.fuzz_destructive,
        fuzz_readonly=options.fuzz_readonly,
        fuzz_writes=options.fuzz_writes,
        jailed=options.jail is not None,
        max_resources=options.max_resources,
        pinned_arguments=options.pinned_arguments,
        order=options.fuzz_order,
    )
    if options.replay_calls:
        from mcpvcr.verify.calls import replayed_calls

        calls, coverage = replayed_calls(cassette, options.replay_calls, settings)
    else:
        calls, coverage = plan_calls(cassette, settings) if options.fuzz else ([], {})
        if options.fuzz and not options.quiet:
            _announce(settings, coverage, options, SideEffects.jail_of(conn))
        if options.scenarios:
            from mcpvcr.verify.calls import replayed_calls

            named, _ = replayed_calls(cassette, options.scenarios, first_index=len(calls))
            calls.extend(named)
            coverage["scenarios"] = len(named)
    solo, shared = split_calls(calls)
    run = _Pass(conn, options, scrubber, _Values(cassette))
    # Calls that change state, and every valid case, one at a time in plan
    # order: the server's state is the same at each call whatever the
    # concurrency, and a valid case's latency is its own, not a queue's.
    for call in solo:
        await run.one(call, alone=True)
    for call in _retry_candidates(solo, run.recorded, run.replies):
        await run.one(call, alone=True, retried=True)
    limiter = asyncio.Semaphore(max(1, options.concurrency))

    async def shared_call(call: Call) -> None:
        async with limiter:
            await run.one(call, alone=False)

    async with asyncio.TaskGroup() as group:
        for call in shared:
            group.create_task(shared_call(call))
    died: str | None = None
    last = len(calls)
    if run.watch.deaths:
        last, died = min(run.watch.deaths)
    interactions = [run.recorded[i] for i in sorted(run.recorded) if i <= last]
    coverage["unsent"] = run.watch.unsent
    wrote = files_written(interactions)
    if wrote:
        coverage["wrote"] = wrote
    return ExerciseResult(interactions=interactions, coverage=coverage, died=died)


def _announce(
    settings: PlanSettings, coverage: dict[str, Any], options: RecordOptions, jail: Any
) -> None:
    """The run-time line at the start of a fuzz pass: what will be called, and where."""
    import sys

    from mcpvcr.fuzz.plan import call_policy
    from mcpvcr.fuzz.policy import describe
    from mcpvcr.terminal import printable

    line = describe(call_policy(settings), int(coverage.get("fuzzed") or 0), coverage)
    where = f" ({options.jail})" if options.jail else ""
    if jail is not None and not jail.copied:
        where = (
            f" ({options.jail}; the working directory {printable(jail.cwd)} is read-only: "
            f"{jail.note}; a smaller --cwd lets tools write to a copy)"
        )
    print(f"mcpvcr: fuzz pass: {line}{where}", file=sys.stderr, flush=True)


class _Pass:
    """Sends calls and keeps their replies and recorded interactions by plan index."""

    def __init__(
        self, conn: Connection, options: RecordOptions, scrubber: Scrubber, values: _Values
    ) -> None:
        self.values = values
        self.conn = conn
        self.timeout = options.timeout
        self.scrubber = scrubber
        self.watch = _Watch(_budget(options.timeout))
        self.recorded: dict[int, dict[str, Any]] = {}
        self.replies: dict[int, Reply] = {}
        self.effects = SideEffects(conn)

    async def one(self, call: Call, *, alone: bool, retried: bool = False) -> None:
        if not self.watch.may_send():
            return
        call, from_server = self.values.fill(call)
        before = self.effects.before(call.method, alone)
        reply = await _send(self.conn, call, self.timeout)
        self.watch.saw(call, reply)
        self.replies[call.index] = reply
        self.values.learn(call, reply)
        self.recorded[call.index] = interaction(
            call, reply, self.scrubber, alone=alone, retried=retried, from_server=from_server
        )
        changed = self.effects.after(before)
        if changed:  # observations of the jail's copy (live/effects.py)
            self.recorded[call.index]["sideEffects"] = changed


class _Values:
    """Values from the server (mcpvcr.fuzz.harvest): listers' answers feed later guesses."""

    def __init__(self, cassette: Cassette) -> None:
        self.harvest = Harvest()
        self.schemas = {
            str(tool["name"]): tool.get("inputSchema")
            for tool in cassette.tools
            if isinstance(tool, dict) and isinstance(tool.get("name"), str)
        }

    def fill(self, call: Call) -> tuple[Call, bool]:
        valid = call.case == "valid" or call.case.startswith(CONTROL_PREFIX)
        if call.method != "tools/call" or not call.guessed or not valid:
            return call, False
        keep = call.case[len(CONTROL_PREFIX) :] if call.case != "valid" else None
        arguments, changed = self.harvest.fill(
            call.params.get("arguments"), self.schemas.get(call.target), keep
        )
        if not changed:
            return call, False
        return replace(call, params={**call.params, "arguments": arguments}), True

    def learn(self, call: Call, reply: Reply) -> None:
        if call.method == "tools/call" and call.case == "valid" and is_lister(call.target):
            self.harvest.learn(reply.result)


def _retry_candidates(
    solo: Sequence[Call], recorded: dict[int, dict[str, Any]], replies: dict[int, Reply]
) -> list[Call]:
    """Valid cases that failed only for missing state, once a producer has succeeded.

    The plan runs producers first, so a tool that still finds nothing was
    misordered by the heuristic (or needs a producer that ran after it);
    sending it once more, after every producer ran, settles which.
    """
    produced = any(
        call.producer and call.index in recorded and outcome_now(call, recorded[call.index]) == "ok"
        for call in solo
        if call.case == "valid"
    )
    if not produced:
        return []
    again = []
    for call in solo:
        reply = replies.get(call.index)
        if call.case != "valid" or call.method != "tools/call" or reply is None:
            continue
        outcome = outcome_now(call, recorded[call.index])
        if outcome in ("inconclusive", "toolError", "rejected") and missing_state(reply):
            again.append(call)
    return again


class _Watch:
    """Decides when to stop sending: the connection died, the server hangs, or time is up."""

    def __init__(self, budget: float) -> None:
        self.deaths: list[tuple[int, str]] = []
        self.unsent = 0
        self._deadline = time.monotonic() + budget
        self._timeouts: list[str] = []  # targets of the calls timed out in a row

    def may_send(self) -> bool:
        if self.deaths:
            return False
        if time.monotonic() > self._deadline:
            self.unsent += 1  # counted, so the coverage says the pass was cut short
            return False
        return True

    def saw(self, call: Call, reply: Reply) -> None:
        if reply.closed is not None:
            self.deaths.append((call.index, reply.closed))
        elif reply.timed_out:
            self._timeouts.append(call.target)
            # One slow tool times out on all its cases; many targets in a row means a hung server.
            if len(self._timeouts) >= HUNG_AFTER and len(set(self._timeouts)) >= 2:
                count = len(self._timeouts)
                self.deaths.append(
                    (call.index, f"stopped answering: {count} calls in a row timed out")
                )
        else:
            self._timeouts.clear()


def missing_state(reply: Reply) -> bool:
    """Whether a failed answer says something it needed does not exist (yet)."""
    texts: list[str] = []
    if isinstance(reply.error, dict) and isinstance(reply.error.get("message"), str):
        texts.append(reply.error["message"])
    texts += content_texts(reply.result)
    return any(GUESS.search(text[:2000]) for text in texts)


def _budget(timeout: float) -> float:
    """Seconds in which to start calls, so the last ones end inside the recorder's bound."""
    return max(0.0, FUZZ_LIMIT_SECONDS - 2 * (timeout + _SAFETY_MARGIN) - 30.0)


async def _send(conn: Connection, call: Call, timeout: float) -> Reply:
    """One request; a connection that breaks its never-raise promise counts as dead."""
    try:
        async with asyncio.timeout(timeout + _SAFETY_MARGIN):
            if _is_task(call):
                return await call_as_task(conn, _without_task(call.params), timeout)
            return await conn.request(call.method, call.params, timeout)
    except TimeoutError:
        return Reply(timed_out=True, seconds=timeout)
    except Exception as exc:  # a transport bug must not lose the recording so far
        # Recorded, so the class only: the text may differ from run to run.
        return Reply(closed=f"connection closed ({type(exc).__name__})")


def interaction(
    call: Call,
    reply: Reply,
    scrubber: Scrubber,
    *,
    alone: bool = True,
    retried: bool = False,
    from_server: bool = False,
) -> dict[str, Any]:
    """The recorded Interaction dict (keys: mcpvcr.cassette.INTERACTION_KEYS).

    An observation, no verdict: the request, the raw answer, the facts the
    recorder knew (`mcpvcr.judge.FACTS`) and a timing bucket; `mcpvcr.judge`
    decides at read time what the answer means. `latencyMs` is kept only for a
    call that had the server to itself (`alone`); a call that shared it
    records null, so the bytes do not depend on `--concurrency` and no
    queueing enters the score. A task call records null too: its time is the
    server's poll interval and its work, not latency.
    """
    facts: set[str] = set()
    if call.malformed:
        facts.add("malformed")
    if call.allowed:
        facts.add("allowed")
    if call.guessed:
        facts.add("guessed")
    task = _is_task(call)
    if task:
        facts.add("task")
    if retried:
        facts.add("retried")
    if from_server:
        facts.add("fromServer")
    response: dict[str, Any]
    if reply.timed_out:
        # Not the --timeout value: options that change only how long a recording
        # takes stay out of the file (see mcpvcr.recording).
        response = {"timeout": True}
    elif reply.closed is not None:
        response = {"closed": scrubber.text(reply.closed)}
    else:
        key, answer = (
            ("error", reply.error) if reply.error is not None else ("result", reply.result)
        )
        stored, cut = truncate(answer, scrubber)
        if cut:
            facts.add("truncated")
        response = {key: stored}
    return {
        "method": call.method,
        "target": call.target,
        "case": call.case,
        "params": task_params(_without_task(call.params)) if task else call.params,
        "response": response,
        "facts": sorted(facts),
        # A task is long work by design (polled, not waited on): not timed.
        "latencyMs": _latency(reply, alone and not task),
    }


def outcome_now(call: Call, interaction_: dict[str, Any]) -> str:
    """The current judge's outcome for a call just made (the retry decision only; not stored)."""
    facts = facts_of(interaction_)
    return verdict(interaction_, facts, call.output_schema)[0]


def _is_task(call: Call) -> bool:
    """Planned as a task, or a recorded task call sent again (`verify` replays its params)."""
    return call.task or (call.method == "tools/call" and "task" in call.params)


def _without_task(params: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in params.items() if key != "task"}


def _latency(reply: Reply, alone: bool) -> int | None:
    if reply.timed_out:
        return TIMED_OUT_LATENCY_MS
    return coarse_latency_ms(reply.seconds) if alone else None
