"""Build a `Report` from one cassette: lint findings, the four dimensions, health, publishability.

The one scoring path: `mcpvcr score FILE` and `mcpvcr audit TARGET` both call
`build_report` on a cassette, so their reports are the same bytes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mcpvcr.cassette import CONTROL_PREFIX, side_effect_entries
from mcpvcr.jsonrpc import content_texts
from mcpvcr.scoring.model import (
    EVIDENCE_CAP,
    NO_RESULT_CAP,
    SECURITY_CAP,
    Critical,
    FuzzRow,
    Report,
    SideEffect,
    evidence_cap_reason,
    grade_of,
    no_result_cap_reason,
    round_half_up,
    security_cap_reason,
)

if TYPE_CHECKING:
    from mcpvcr.cassette import Cassette
    from mcpvcr.config import LintConfig

__all__ = ["build_report"]


def build_report(cassette: Cassette, config: LintConfig | None = None) -> Report:
    """Score `cassette`; `config` selects rules and severities exactly as for `lint`."""
    from mcpvcr.judge import judged, switched_off
    from mcpvcr.lint import lint
    from mcpvcr.lint.registry import RULES
    from mcpvcr.scoring import dimensions, health

    cassette = judged(cassette, switched_off(config))
    findings = lint(cassette, config)
    scored = [f for f in findings if RULES[f.code].scored]
    rows = fuzz_rows(cassette)
    dims = [
        dimensions.metadata(cassette),
        dimensions.schema_quality(scored, len(cassette.tools)),
    ]
    if cassette.fuzzed and rows:
        dims += [dimensions.error_handling(rows), dimensions.liveness(rows)]
    else:
        dims += [
            dimensions.not_measured("errorHandling", cassette.fuzzed),
            dimensions.not_measured("liveness", cassette.fuzzed),
        ]
    measured = [d.score for d in dims if not d.not_measured]
    average = int(round_half_up(sum(measured) / len(measured) * 10)) if measured else 0
    red = critical(rows)
    caps = [
        (limit, reason)
        for limit, reason in (
            (SECURITY_CAP, security_cap_reason(findings)),
            (NO_RESULT_CAP, no_result_cap_reason(red) if cassette.fuzzed else None),
            (EVIDENCE_CAP, evidence_cap_reason(cassette.fuzzed, len(cassette.tools), dims[3])),
        )
        if reason is not None and average > limit
    ]
    overall = min([average, *(limit for limit, _ in caps)])
    cap = "; ".join(reason for _, reason in caps) or None
    view = health.health(cassette)
    coverage = cassette.body.get("coverage")
    return Report(
        server=_server(cassette),
        protocol={
            "version": cassette.protocol_version,
            "handshake": cassette.handshake,
            "transport": str(cassette.header.get("transport") or ""),
        },
        overall=overall,
        grade=grade_of(overall),
        dimensions=tuple(dims),
        findings=tuple(findings),
        fuzz=tuple(rows),
        coverage=coverage if isinstance(coverage, dict) else None,
        critical=red,
        health=view,
        publishability=health.publishability(cassette, findings, view),
        fuzzed=cassette.fuzzed,
        complete=cassette.complete,
        incomplete=_text(cassette.header.get("incomplete")),
        counts={kind: len(cassette.items(kind)) for kind in _KINDS},
        uncapped=average if overall != average else None,
        cap=cap if overall != average else None,
        side_effects=side_effects(cassette),
        rules_off=rules_off(config),
    )


def rules_off(config: LintConfig | None) -> tuple[str, ...]:
    """What `config` turns off or weakens (see LintConfig.rules_off); () for the defaults."""
    if config is None:
        return ()
    from mcpvcr.lint import all_rules

    return config.rules_off((r.code, r.default, r.severity) for r in all_rules())


_KINDS = ("tools", "resources", "resourceTemplates", "prompts")


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _server(cassette: Cassette) -> dict[str, str]:
    info = cassette.server_info
    server = {
        "name": str(info.get("name") if info.get("name") is not None else ""),
        "version": str(info.get("version") if info.get("version") is not None else ""),
    }
    if cassette.instructions:
        server["instructions"] = cassette.instructions
    return server


def side_effects(cassette: Cassette) -> tuple[SideEffect, ...]:
    """What recorded calls changed in the jail's copy: `sideEffects` {change: [{path, size}]}."""
    return tuple(
        SideEffect(
            tool=str(item.get("target", "")),
            case=str(item.get("case", "")),
            change=change,
            path=path,
            size=size,
        )
        for item in cassette.interactions_for("tools/call")
        for change, path, size in side_effect_entries(item.get("sideEffects"))
    )


def fuzz_rows(cassette: Cassette) -> list[FuzzRow]:
    """The recorded tools/call interactions, in recorded order."""
    rows = []
    for item in cassette.interactions_for("tools/call"):
        if str(item.get("case", "")).startswith(CONTROL_PREFIX):
            continue  # evidence for its valid call, judged by the lint rules only
        flags = item.get("flags")
        latency = item.get("latencyMs")
        rows.append(
            FuzzRow(
                tool=str(item.get("target", "")),
                case=str(item.get("case", "")),
                outcome=str(item.get("outcome", "")),
                flags=tuple(f for f in flags if isinstance(f, str))
                if isinstance(flags, list)
                else (),
                latency_ms=latency if isinstance(latency, int) else None,
                message=answer_message(item.get("response")),
                by=str(item.get("by") or ""),
            )
        )
    return rows


def answer_message(response: Any) -> str | None:
    """A one-line account of an answer: the error, the tool's error text, or what happened."""
    if not isinstance(response, dict):
        return None
    error = response.get("error")
    if isinstance(error, dict):
        return f"error {error.get('code')}: {error.get('message', '')}"
    result = response.get("result")
    if isinstance(result, dict) and result.get("isError"):
        texts = content_texts(result)
        return texts[0] if texts else None
    if "timeout" in response:
        return "no answer within the time-out"
    if "closed" in response:
        return f"connection closed: {response['closed']}"
    return None


def critical(rows: list[FuzzRow]) -> Critical:
    """Tools that silently accept, return empty successes or break their outputSchema."""

    def tools_with(flag: str) -> tuple[str, ...]:
        return tuple(dict.fromkeys(r.tool for r in rows if flag in r.flags))

    return Critical(
        measured=bool(rows),
        silent_tools=tools_with("silentlyAccepted"),
        empty_tools=tuple(
            dict.fromkeys(
                r.tool
                for r in rows
                if "emptySuccess" in r.flags or ("garbageAnswer" in r.flags and r.case == "valid")
            )
        ),
        schema_tools=tools_with("outputSchemaViolation"),
        crashes=sum(r.outcome in ("protocolCrash", "timeout") for r in rows),
        valid_tried=sum(r.case == "valid" for r in rows),
        valid_working=sum(r.case == "valid" and working(r) for r in rows),
        valid_inconclusive=sum(r.case == "valid" and r.outcome == "inconclusive" for r in rows),
    )


def working(row: FuzzRow) -> bool:
    """A call that returned a real result: ok, with content, not garbage, output schema kept."""
    bad = ("emptySuccess", "garbageAnswer", "outputSchemaViolation")
    return row.outcome == "ok" and not any(flag in row.flags for flag in bad)
