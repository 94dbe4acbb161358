"""`scan_text`: every finding on one model-visible text, with its raw evidence span."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Final

from mcpvcr.scan.context import ANSWERS, Context, Kind
from mcpvcr.scan.encoded import decode_blocks
from mcpvcr.scan.finding import Finding, Severity, show
from mcpvcr.scan.hidden import Hidden, find_escapes, find_hidden, find_padding
from mcpvcr.scan.lexicon import SECRET
from mcpvcr.scan.partner import second_opinion
from mcpvcr.scan.rules import judge
from mcpvcr.scan.signals import Signals, extract

MAX_TEXT_CHARS: Final = 256 * 1024
"""At most this much of one text is scanned: a hostile 50 MB description stays cheap."""
MAX_DEPTH: Final = 2
"""Decoded payloads are rescanned at most this deep (decode amplification is a DoS)."""


def scan_text(text: str, field_path: str, context: Context | None = None) -> list[Finding]:
    """Every finding on `text`, the model-visible string at `field_path`."""
    ctx = context or Context()
    raw = text[:MAX_TEXT_CHARS]
    if not raw.strip() and not raw:
        return []
    if ctx.kind == "code":  # only what hides text from the user who sees the rendered page
        found = _hidden(raw, field_path, ctx) + _controls(raw, field_path)
        return _dedupe([_as_answer(f) for f in found])
    # a decoded block is rescanned knowing the server's own tools (a sibling is no stranger)
    server = (ctx.kind == "name", ctx.depth, ctx.own_tools, ctx.own_params, ctx.self_name)
    findings = [replace(f, field=field_path) for f in _carriers(raw, *server)]
    sig = _signals(raw)
    verdicts = judge(sig, ctx)
    serious = any(v.severity == "error" for v in verdicts) or any(
        f.severity == "error" for f in findings
    )
    for verdict in verdicts + second_opinion(sig, ctx, serious):
        findings.append(
            _from_span(
                sig,
                verdict.rule,
                verdict.severity,
                verdict.span,
                verdict.why,
                field_path,
                verdict.signals,
            )
        )
    if ctx.kind in ANSWERS:
        findings = [_as_answer(f) for f in findings]
    return _dedupe(findings)


# Servers repeat texts (shared parameter descriptions): the context-free work on a text,
# its signals and its hidden or encoded carriers, is done once per distinct text.
@lru_cache(maxsize=8192)
def _signals(raw: str) -> Signals:
    return extract(raw)


def signals_of(text: str) -> Signals:
    """The (cached) signals of a text, as `scan_text` sees it."""
    return _signals(text[:MAX_TEXT_CHARS])


@lru_cache(maxsize=8192)
def _carriers(
    raw: str,
    name: bool,
    depth: int,
    own_tools: frozenset[str],
    own_params: frozenset[str],
    self_name: str,
) -> tuple[Finding, ...]:
    kind: Kind = "name" if name else "text"
    ctx = Context(
        own_tools=own_tools, own_params=own_params, self_name=self_name, kind=kind, depth=depth
    )
    found = _hidden(raw, "", ctx) + _controls(raw, "") + _secrets(raw, "")
    return tuple(found + _encoded(raw, "", ctx))


def _hidden(raw: str, field: str, ctx: Context) -> list[Finding]:
    out: list[Finding] = []
    for item in find_hidden(raw, name=ctx.kind == "name"):
        why = item.kind
        if item.decoded and ctx.depth < MAX_DEPTH:
            inner = scan_text(item.decoded, field, ctx.at(depth=ctx.depth + 1, kind="text"))
            if inner:
                why += f"; the hidden text itself: {inner[0].why}"
            why += f' (decodes to "{show(item.decoded, 80)}")'
        out.append(
            _finding(
                "hidden_unicode",
                "warning" if _stray(item) else "error",
                raw,
                item.start,
                item.end,
                why,
                field,
                ("hidden",),
                item.decoded or None,
            )
        )
    for item in find_padding(raw):
        why = "long blank run pushes the following text out of view"
        out.append(
            _finding(
                "hidden_unicode", "warning", raw, item.start, item.end, why, field, ("padding",)
            )
        )
    return out


STRAY_ZERO_WIDTH: Final = 3
"""Up to this many zero-width spaces together hide no text: too few to spell bits, no tag
characters; they are a copy-paste artefact ("How\u200b\u200bto"), worth a warning only. A
word they split is still read whole by every rule, as the folded text drops them."""


def _stray(item: Hidden) -> bool:
    return (
        item.kind == "zero-width character"
        and not item.decoded
        and item.end - item.start <= STRAY_ZERO_WIDTH
    )


def _controls(raw: str, field: str) -> list[Finding]:
    return [
        _finding(
            "terminal_escape",
            "error",
            raw,
            item.start,
            item.end,
            f"{item.kind} can hide or rewrite displayed text",
            field,
            ("control",),
        )
        for item in find_escapes(raw)[:3]
    ]


def _secrets(raw: str, field: str) -> list[Finding]:
    out: list[Finding] = []
    for match in SECRET.finditer(raw):
        value = match.group(0)
        if "EXAMPLE" in value.upper() or "XXXX" in value.upper():
            continue  # documented sample keys (AKIAIOSFODNN7EXAMPLE)
        why = "a live-looking credential is written into text every client shows the model"
        out.append(
            _finding(
                "secret_material",
                "warning",
                raw,
                match.start(),
                match.end(),
                why,
                field,
                ("secret",),
            )
        )
    return out[:3]


def _encoded(raw: str, field: str, ctx: Context) -> list[Finding]:
    if ctx.depth >= MAX_DEPTH:
        return []
    out: list[Finding] = []
    inner_ctx = ctx.at(depth=ctx.depth + 1, kind="text")
    for block in decode_blocks(raw):
        inner = scan_text(block.text, field, inner_ctx)
        serious = [f for f in inner if f.severity == "error"]
        if serious and block.encoding == "leetspeak":
            # leet decodes words in place: what the plain reading of the same words already
            # says (and is judged on) was not hidden by the encoding
            plain = {f.rule for f in scan_text(raw[block.start : block.end], field, inner_ctx)}
            serious = [f for f in serious if f.rule not in plain]
        if serious:
            why = f"{block.encoding} block decodes to text that {serious[0].why}"
            out.append(
                _finding(
                    "encoded_payload",
                    "error",
                    raw,
                    block.start,
                    block.end,
                    why,
                    field,
                    ("encoded", serious[0].rule),
                    block.text,
                )
            )
    return out


def _from_span(
    sig: Signals,
    rule: str,
    severity: str,
    span: tuple[int, int],
    why: str,
    field: str,
    signals: tuple[str, ...],
) -> Finding:
    start, end = sig.folded.span(*span)
    return _finding(rule, severity, sig.folded.raw, start, end, why, field, signals)


def _finding(
    rule: str,
    severity: str,
    raw: str,
    start: int,
    end: int,
    why: str,
    field: str,
    signals: tuple[str, ...],
    decoded: str | None = None,
) -> Finding:
    level: Severity = (
        "error" if severity == "error" else "warning" if severity == "warning" else "info"
    )
    return Finding(
        rule=rule,
        severity=level,
        field=field,
        start=start,
        end=end,
        evidence=show(raw[max(0, start - 20) : end + 40]),
        why=why,
        signals=signals,
        decoded=decoded,
    )


def _as_answer(finding: Finding) -> Finding:
    """Findings in tool answers and prompt messages are tool output injection."""
    return Finding(
        rule="tool_output_injection",
        severity=finding.severity,
        field=finding.field,
        start=finding.start,
        end=finding.end,
        evidence=finding.evidence,
        why=f"tool output injection: {finding.why}",
        signals=(finding.rule, *finding.signals),
        decoded=finding.decoded,
    )


def _dedupe(findings: list[Finding]) -> list[Finding]:
    """One finding per rule and field: the most severe, then the earliest."""
    rank = {"error": 0, "warning": 1, "info": 2}
    best: dict[str, Finding] = {}
    for finding in sorted(findings, key=lambda f: (rank[f.severity], f.start)):
        best.setdefault(finding.rule, finding)
    return sorted(best.values(), key=lambda f: (rank[f.severity], f.start, f.rule))
