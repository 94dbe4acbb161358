"""Security rules over every text a model reads: tool poisoning and hidden text.

A client puts tool descriptions, titles, parameter schemas and the server's
instructions into the model's context, so a malicious or compromised server can
hide instructions there ("tool poisoning"). These rules look for the known
markers: `<IMPORTANT>`-style tags and secrecy ("do not tell the user"),
instructions to read credentials or dotfiles, invisible or bidi Unicode, and
text that steers the model's use of other tools or servers ("shadowing").
Patterns are narrow on purpose: the clean descriptions of real servers in
`tests/lint/data` must raise nothing.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from mcpvcr.lint.context import MAX_TEXT_CHARS, LintContext, ToolView, schema_texts
from mcpvcr.lint.registry import Hit, rule

_HIDDEN = re.compile(
    "[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff"
    "\U000e0000-\U000e007f]"
)

_POISON = [
    re.compile(
        r"<\s*/?\s*(?:important|system|instructions?|secret|hidden|admin|override|critical"
        r"|assistant|context|system[_-]?prompt|user[_-]?instructions?)\b[^>]{0,80}>",
        re.I,
    ),
    re.compile(
        r"\b(?:do\s+not|don'?t|never)\s+(?:tell|inform|mention|reveal|disclose|show|notify|alert)"
        r"\b[^.\n]{0,40}\b(?:user|human|them|anyone)\b",
        re.I,
    ),
    re.compile(r"\bwithout\s+(?:telling|informing|notifying|alerting|asking)\s+the\s+user\b", re.I),
    re.compile(r"\bthe\s+user\s+(?:must|should)\s+(?:not|never)\s+(?:know|see|be\s+told)\b", re.I),
    re.compile(
        r"\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+)?(?:the\s+)?(?:previous|prior|above"
        r"|earlier|other|system)\s+(?:instructions|prompts?|rules|messages)\b",
        re.I,
    ),
    re.compile(r"\bkeep\s+this\s+(?:secret|hidden|confidential)\b", re.I),
]

_SENSITIVE_PATH = re.compile(
    r"~/\.ssh\b|\.ssh/|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|(?<![\w.])\.env\b|\bmcp\.json\b"
    r"|\bclaude_desktop_config\.json\b|\.aws/credentials\b|(?<![\w.])\.netrc\b"
    r"|(?<![\w.])\.npmrc\b|(?<![\w.])\.pypirc\b|\.git-credentials\b|/etc/(?:passwd|shadow)\b"
    r"|\.kube/config\b|\.docker/config\.json\b|(?<![\w.])\.(?:bash|zsh)_history\b",
    re.I,
)
_SECRET_GRAB = re.compile(
    r"\b(?:read|cat|open|include|send|pass|upload|forward|attach|append|copy)\b[^.\n]{0,60}"
    r"\b(?:contents?\s+of|the\s+user'?s)\b[^.\n]{0,40}\b(?:credentials?|secrets?|api[ _-]?keys?"
    r"|private\s+keys?|passwords?|tokens?|ssh\s+keys?)\b",
    re.I,
)

_SHADOW = [
    re.compile(
        r"\b(?:before|after|when|whenever|instead\s+of)\b[^.\n]{0,80}\b(?:call|calling|use|using"
        r"|invoke|invoking|run|running)\b[^.\n]{0,20}\b(?:any|every|all|other|another)\s+"
        r"(?:other\s+)?(?:tools?|functions?)\b",
        re.I,
    ),
    re.compile(
        r"\b(?:all|any|every)\s+other\s+(?:tools?|functions?|servers?)\s+(?:must|should|need\s+to"
        r"|have\s+to|are\s+to)\b",
        re.I,
    ),
    re.compile(r"\b(?:other|another|different)\s+(?:mcp\s+)?servers?'?s?\s+tools?\b", re.I),
    re.compile(
        r"\b(?:overrides?|supersedes?|shadows?|takes\s+precedence\s+over)\b[^.\n]{0,40}"
        r"\b(?:tools?|instructions?)\b",
        re.I,
    ),
]
# "When ... the send_email tool ..., always ..." naming a tool this server does not have
_OTHER_TOOL = re.compile(
    r"\b(?:when|whenever|if|before|after)\b[^.\n]{0,80}?[`'\"]?([A-Za-z][\w./-]*[_./-][\w./-]*)"
    r"[`'\"]?\s+tool\b[^.\n]{0,120}\b(?:always|must|never|also|instead|first)\b",
    re.I,
)


def _one(patterns: list[re.Pattern[str]]) -> re.Pattern[str]:
    """One case-insensitive alternation: a single scan per text instead of one per pattern."""
    return re.compile("|".join(f"(?:{p.pattern})" for p in patterns), re.I)


_POISON_ANY = _one(_POISON)
_CREDENTIAL_ANY = _one([_SENSITIVE_PATH, _SECRET_GRAB])
_SHADOW_ANY = _one(_SHADOW)
Span = tuple[int, int] | None


# Texts repeat across tools (shared parameter descriptions), so each verdict is
# computed once per distinct text.
@lru_cache(maxsize=32768)
def _search(kind: str, text: str) -> Span:
    pattern = {
        "hidden": _HIDDEN,
        "poison": _POISON_ANY,
        "credential": _CREDENTIAL_ANY,
        "shadow": _SHADOW_ANY,
    }[kind]
    found = pattern.search(text)
    return found.span() if found else None


def _texts(ctx: LintContext) -> list[tuple[str, str, dict[str, str]]]:
    """(what, text, location) for every model-visible string, collected once per lint run.

    Each text is cut at MAX_TEXT_CHARS, so every rule below scans a bounded prefix.
    """
    cached = ctx.cache.get("security.texts")
    if cached is None:
        cached = ctx.cache["security.texts"] = [
            (what, value[:MAX_TEXT_CHARS], where) for what, value, where in _collect(ctx)
        ]
    return cached


def _collect(ctx: LintContext) -> Iterator[tuple[str, str, dict[str, str]]]:
    """(what, text, location) for every model-visible string of the contract."""
    instructions = ctx.cassette.instructions
    if instructions:
        yield "server instructions", instructions, {"field": "instructions"}
    for tool in ctx.tools:
        yield from _tool_texts(tool)
    for kind, label in (("resources", "resource"), ("resourceTemplates", "template")):
        key = "uri" if kind == "resources" else "uriTemplate"
        for item in ctx.dicts(kind):
            where = {label: str(item.get(key, ""))}
            for field in ("name", "title", "description"):
                if isinstance(item.get(field), str):
                    yield f"{label} {field}", item[field], where
    for item in ctx.dicts("prompts"):
        where = {"prompt": str(item.get("name", ""))}
        for field in ("name", "title", "description"):
            if isinstance(item.get(field), str):
                yield f"prompt {field}", item[field], where
        for arg in item.get("arguments") or []:
            if isinstance(arg, dict) and isinstance(arg.get("description"), str):
                yield "prompt argument description", arg["description"], where


def _tool_texts(tool: ToolView) -> Iterator[tuple[str, str, dict[str, str]]]:
    for field in ("name", "title", "description"):
        if isinstance(tool.raw.get(field), str):
            yield f"tool {field}", tool.raw[field], tool.where()
    notes = tool.annotations or {}
    if isinstance(notes.get("title"), str):
        yield "annotation title", notes["title"], tool.where()
    schema: Any = tool.input_schema
    if isinstance(schema, dict):
        for name, prop in tool.properties.items():
            yield "parameter name", str(name), tool.where(str(name))
            for keyword, value in schema_texts(prop):
                yield f"parameter {keyword}", value, tool.where(str(name))
        rest = {k: v for k, v in schema.items() if k != "properties"}
        for keyword, value in schema_texts(rest):
            yield f"inputSchema {keyword}", value, tool.where()
    for keyword, value in schema_texts(tool.output_schema):
        yield f"outputSchema {keyword}", value, {**tool.where(), "field": "outputSchema"}


def _other_tool(text: str, own: frozenset[str]) -> Span:
    """A "when ... the X tool ..., always ..." sentence naming a tool this server lacks."""
    found = _OTHER_TOOL.search(text)
    return found.span() if found and found.group(1) not in own else None


def _subject(where: dict[str, str]) -> str:
    if "tool" in where:
        return f"Tool '{where['tool']}'"
    for key in ("resource", "template", "prompt"):
        if key in where:
            return f"{key.capitalize()} '{where[key]}'"
    return "Server"


def _quote(text: str, start: int, end: int) -> str:
    snippet = " ".join(text[max(0, start - 10) : end + 10].split())
    return snippet[:80]


@rule(
    "security.hidden_unicode",
    "error",
    "Model-visible text holds invisible or bidi-control characters.",
    "Remove zero-width, bidi-override and Unicode tag characters: they hide text from "
    "reviewers while the model still reads it.",
    scope="contract",
)
def hidden_unicode(ctx: LintContext) -> Iterator[Hit]:
    for what, value, where in _texts(ctx):
        found = _search("hidden", value)
        if found:
            char = value[found[0]]
            name = unicodedata.name(char, "unnamed")
            count = len(_HIDDEN.findall(value))
            yield Hit(
                f"{_subject(where)} {what} contains {count} invisible or bidi character(s), "
                f"first U+{ord(char):04X} ({name}) at offset {found[0]}.",
                where,
            )


@rule(
    "security.poisoning_marker",
    "error",
    "Model-visible text carries tool-poisoning markers (hidden-instruction tags, secrecy).",
    "Remove instructions aimed at the model (<IMPORTANT> tags, 'do not tell the user', "
    "'ignore previous instructions'); describe only what the tool does.",
    scope="contract",
)
def poisoning_marker(ctx: LintContext) -> Iterator[Hit]:
    for what, value, where in _texts(ctx):
        found = _search("poison", value)
        if found:
            yield Hit(
                f"{_subject(where)} {what} contains a tool-poisoning marker: "
                f'"{_quote(value, *found)}".',
                where,
            )


@rule(
    "security.credential_access",
    "error",
    "Model-visible text points the model at credentials or dotfiles.",
    "Remove references to ~/.ssh, .env, mcp.json, cloud credentials and similar files: "
    "a tool description has no reason to send the model there.",
    scope="contract",
)
def credential_access(ctx: LintContext) -> Iterator[Hit]:
    for what, value, where in _texts(ctx):
        found = _search("credential", value)
        if found:
            yield Hit(
                f"{_subject(where)} {what} points at credentials or dotfiles: "
                f'"{_quote(value, *found)}".',
                where,
            )


@rule(
    "security.cross_tool_instruction",
    "warning",
    "Model-visible text tells the model how to use other tools or servers (shadowing).",
    "Describe only this server's own tools; instructions about other tools or servers "
    "are how one server hijacks another.",
    scope="contract",
)
def cross_tool_instruction(ctx: LintContext) -> Iterator[Hit]:
    own = ctx.tool_names
    for what, value, where in _texts(ctx):
        found = _search("shadow", value) or _other_tool(value, own)
        if found:
            yield Hit(
                f"{_subject(where)} {what} gives instructions about other tools: "
                f'"{_quote(value, *found)}".',
                where,
            )
