"""Security rules over every text a model reads, judged by the shared scanner (`mcpvcr.scan`).

A client puts tool names, descriptions, schemas, the server's instructions,
resource and prompt texts, and tool answers into the model's context, so a
malicious or compromised server hides instructions there ("tool poisoning").
The scanner combines signals (a directive and concealment, a source and a
sink, an instruction about another tool) so that a lone keyword is never an
error: the clean descriptions of real servers in `tests/lint/data` raise
nothing. Each rule below reports the scanner's findings of one family.
"""

from __future__ import annotations

from collections.abc import Iterator

from mcpvcr.lint.context import LintContext
from mcpvcr.lint.registry import Hit, rule
from mcpvcr.scan import Finding, Surface
from mcpvcr.scan.memo import remembered_scan


def _findings(ctx: LintContext) -> list[Finding]:
    """The scanner's findings on the whole recorded surface, computed once per lint run."""
    cached = ctx.cache.get("security.scan")
    if cached is None:
        cassette = ctx.cassette
        cached = ctx.cache["security.scan"] = remembered_scan(
            Surface(
                instructions=cassette.instructions,
                server_info=cassette.server_info,
                tools=cassette.tools,
                resources=cassette.resources,
                templates=cassette.resource_templates,
                prompts=cassette.prompts,
                interactions=cassette.interactions,
            )
        )
    found: list[Finding] = cached
    return found


def _subject(where: dict[str, str]) -> str:
    for key in ("tool", "resource", "template", "prompt"):
        if key in where:
            label = f"{key.capitalize()} '{where[key]}'"
            return f"{label} answer" if where.get("field") == "answer" else label
    return "Server"


def _hits(ctx: LintContext, family: str) -> Iterator[Hit]:
    seen: set[tuple[str, str]] = set()
    for finding in _findings(ctx):
        if finding.rule != family:
            continue
        where = dict(finding.location)
        key = (str(sorted(where.items())), finding.why)
        if key in seen:  # the same answer recorded by several fuzz cases
            continue
        seen.add(key)
        message = f'{_subject(where)} ({finding.field}): {finding.why}: "{finding.evidence}"'
        if finding.decoded:
            message += f' (decoded: "{" ".join(finding.decoded.split())[:120]}")'
        yield Hit(message, where, severity=finding.severity)


@rule(
    "security.poisoning_marker",
    "error",
    "Model-visible text gives the model hidden orders (override, secrecy, instruction tags).",
    "Remove instructions aimed at the model (<IMPORTANT> tags, 'do not tell the user', "
    "'ignore previous instructions'); describe only what the tool does.",
    scope="contract",
)
def poisoning_marker(ctx: LintContext) -> Iterator[Hit]:
    yield from _hits(ctx, "poisoning_marker")


@rule(
    "security.credential_access",
    "error",
    "Model-visible text asks the model to read or hand over credentials or conversation.",
    "A tool reads its own configuration itself; never ask the model to fetch keys, dotfiles, "
    "the conversation or the system prompt and pass them in a parameter.",
    scope="contract",
)
def credential_access(ctx: LintContext) -> Iterator[Hit]:
    yield from _hits(ctx, "credential_access")


@rule(
    "security.exfiltration",
    "error",
    "Model-visible text routes data to a fixed outside recipient (URL, e-mail, phone, image).",
    "Remove fixed recipients, BCC addresses and data-carrying image links; recipients belong "
    "in arguments the user sees.",
    scope="contract",
)
def exfiltration(ctx: LintContext) -> Iterator[Hit]:
    yield from _hits(ctx, "exfiltration")


@rule(
    "security.cross_tool_instruction",
    "error",
    "Model-visible text tells the model how to use other tools or servers (shadowing).",
    "Describe only this server's own tools; instructions about other tools or servers "
    "are how one server hijacks another.",
    scope="contract",
)
def cross_tool_instruction(ctx: LintContext) -> Iterator[Hit]:
    yield from _hits(ctx, "cross_tool_instruction")


@rule(
    "security.preference_manipulation",
    "error",
    "Model-visible text advertises the tool or disparages others to steer tool choice.",
    "Say what the tool does; drop superlatives, usage claims and 'never use other tools'.",
    scope="contract",
)
def preference_manipulation(ctx: LintContext) -> Iterator[Hit]:
    yield from _hits(ctx, "preference_manipulation")


@rule(
    "security.hidden_unicode",
    "error",
    "Model-visible text holds invisible, bidi or tag characters outside a context that needs them.",
    "Remove zero-width, bidi-override, tag and variation-selector characters and blank padding: "
    "they hide text from reviewers while the model still reads it.",
    scope="contract",
)
def hidden_unicode(ctx: LintContext) -> Iterator[Hit]:
    yield from _hits(ctx, "hidden_unicode")


@rule(
    "security.terminal_escape",
    "error",
    "Model-visible text holds terminal escape sequences or control characters.",
    "Remove ANSI escapes and control characters: a terminal hides or rewrites what they wrap.",
    scope="contract",
)
def terminal_escape(ctx: LintContext) -> Iterator[Hit]:
    yield from _hits(ctx, "terminal_escape")


@rule(
    "security.encoded_payload",
    "error",
    "Model-visible text carries an encoded block that decodes to instructions.",
    "Remove encoded blocks; text the model should read belongs in plain words.",
    scope="contract",
)
def encoded_payload(ctx: LintContext) -> Iterator[Hit]:
    yield from _hits(ctx, "encoded_payload")


@rule(
    "security.confusable_name",
    "error",
    "A tool name looks like another tool's name (homoglyphs, mixed scripts).",
    "Use plain ASCII names (A-Z a-z 0-9 _ . -) that differ from every sibling and well-known tool.",
    scope="contract",
)
def confusable_name(ctx: LintContext) -> Iterator[Hit]:
    yield from _hits(ctx, "confusable_name")


@rule(
    "security.secret_material",
    "warning",
    "Model-visible text contains a live-looking credential.",
    "Rotate the credential and remove it from descriptions, defaults and examples.",
    scope="contract",
)
def secret_material(ctx: LintContext) -> Iterator[Hit]:
    yield from _hits(ctx, "secret_material")


@rule(
    "security.tool_output_injection",
    "error",
    "A recorded tool answer or prompt message carries instructions to the model.",
    "Tool output is data: return results, not orders; quote untrusted content as such.",
    scope="contract",
)
def tool_output_injection(ctx: LintContext) -> Iterator[Hit]:
    yield from _hits(ctx, "tool_output_injection")
