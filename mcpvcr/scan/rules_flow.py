"""Combination rules that need little or no language: where data is told to go.

Same contract as `rules`: each verdict needs two families that only an attack
combines. These lean on language-neutral evidence (a credential file path, the
tool's own parameter names, a snake_case tool name, an address or phone number)
so that a payload written in a language the lexicon does not know is still seen.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from mcpvcr import linear_re
from mcpvcr.scan.context import ANSWERS, Context
from mcpvcr.scan.effect_places import denied_source
from mcpvcr.scan.lexicon import param_sink_names
from mcpvcr.scan.signals import Signals, Span
from mcpvcr.scan.verdict import Verdict

# Parameters that name or select a credential (a key path, a profile, a token) take such
# values by design; the attack routes a secret into a free-text one (notes, memo, extra).
_SELECTOR: Final = linear_re.compile(
    r"path|file|dir|folder|profile|region|host|user|account|context|namespace|cluster|name|^id$"
    r"|_id$|key|token|auth|pass|secret|cred|identity|config|env|cert|ssh|login|session|url|uri",
    re.I,
)
# Tools that write prompts or call a model of their own take a system prompt as their input.
_QUOTED: Final = linear_re.compile(r"[`'\"\u2018\u201c]([a-z_][a-z0-9_-]{0,40})[`'\"\u2019\u201d]")
_SAMPLE: Final = linear_re.compile(
    r"\b(?:e\.g\.|for\s+example|such\s+as|like|format|formats|looks?\s+like|numbers?\s+look)\b",
    re.I,
)
_BARE_NAME: Final = linear_re.compile(r"(?<![\w./~-])([a-z_][a-z0-9_]{2,40})(?![\w/])")
_HOLDS: Final = linear_re.compile(
    r"\b(?:contains?|hold|holds|carry|carries|includes?)\b|\bis\s+filled\s+with\b", re.I
)
# "never store passwords in body": a clause that forbids the move protects, it orders nothing
_FORBIDS: Final = linear_re.compile(
    r"\b(?:never|not|don'?t|avoid|no)\s+(?:\w+\s+){0,2}?(?:store|put|include|pass|paste|send|save"
    r"|log|write|add|copy|share|commit|enter|type|place|insert)\b",
    re.I,
)
_PROMPT_PURPOSE: Final = linear_re.compile(
    r"prompt|instruction|persona|agent|model|llm|gpt|claude|gemini|completion|inference|ollama",
    re.I,
)


@lru_cache(maxsize=4096)
def prompt_purpose(purpose: str) -> bool:
    """True when the tool's name says it writes prompts or calls a model."""
    return bool(_PROMPT_PURPOSE.search(purpose))


def model_call(ctx: Context) -> bool:
    """The tool, or the object holding this parameter, configures a call to a model: its name
    says so, or the parameter's sibling fields do (`model`, `prompt`, `temperature` beside a
    `system_prompt`, as in a workflow step that calls OpenAI)."""
    if prompt_purpose(ctx.purpose):
        return True
    siblings = " ".join(sorted(ctx.fields - {ctx.param}))
    return bool(siblings) and prompt_purpose(siblings)


def _clause(sig: Signals, span: Span) -> tuple[int, int]:
    """The clause around `span`: its sentence cut at semicolons."""
    index = sig.sentence_of(span)
    start, end = sig.sentences[index] if index < len(sig.sentences) else (0, 0)
    before = sig.folded.text.rfind(";", start, max(span[0], span[1] - 1))
    after = sig.folded.text.find(";", span[1], end)
    return (before + 1 if before >= 0 else start, after if after >= 0 else end)


def store_into_param(sig: Signals, ctx: Context, sensitive: bool) -> list[Verdict]:
    """A credential file and one of the tool's own free-text parameters named as its place;
    or credentials or conversation told to go into (or be held by) such a parameter."""
    if sensitive:
        return []
    free = {p.lower() for p in ctx.params if not _SELECTOR.search(p) and p not in ctx.closed_params}
    if not ctx.params:
        # a text judged without its tool (a diff of one description): the names the text
        # itself calls a field or parameter stand in for the tool's parameters
        free = set(_sink_names(sig, (0, len(sig.folded.text)), None))
        free = {n for n in free if not _SELECTOR.search(n)}
    if not free:
        return []
    for span in sig.spans.get("store", []):
        clause = _clause(sig, span)
        # a quoted own name in the file's clause is its place in any language ("'ghichu'")
        named = _sink_names(sig, clause, free) + _quoted_names(sig, clause, free)
        named += _moved_names(sig, clause, free, _BARE_NAME)
        if named:
            why = f"names a credential file and this tool's parameter '{named[0]}' as where it goes"
            return [Verdict("credential_access", "error", span, why, ("source", "own_parameter"))]
    for span in sig.spans.get("cred", []) + sig.spans.get("conv", []) + sig.spans["quantified"]:
        clause = _clause(sig, span)
        index = sig.sentence_of(span)
        if not (sig.in_sentence("imperative", index) or sig.has("address", "impersonation")):
            continue  # "pages in one context share cookies": a description, not an order
        if denied_source(sig, span):
            continue  # "never put the chat history into `notes`"
        named = _sink_names(sig, clause, free) + _moved_names(sig, clause, free, _BARE_NAME)
        if named:
            why = f"tells the model to put credentials or conversation into parameter '{named[0]}'"
            return [Verdict("credential_access", "error", span, why, ("source", "own_parameter"))]
    return []


def _sink_names(sig: Signals, clause: tuple[int, int], free: set[str] | None) -> list[str]:
    """Names the clause calls a field or parameter (of `free`, when given)."""
    text = sig.folded.text[clause[0] : clause[1]]
    names = param_sink_names(text)
    return [n for n in names if free is None or n in free]


def _quoted_names(sig: Signals, clause: tuple[int, int], free: set[str]) -> list[str]:
    text = sig.folded.text
    return [m.group(1) for m in _QUOTED.finditer(text, *clause) if m.group(1) in free]


def _moved_names(
    sig: Signals, clause: tuple[int, int], free: set[str], names: linear_re.Pattern
) -> list[str]:
    """Own parameter names in a clause that also moves data (or says a parameter holds it):
    a quoted or bare name alone may be documentation ("unless `depth` is given")."""
    start, end = clause
    verbs = sig.spans["move_verb"] + sig.spans["read_verb"]
    moved = any(start <= s < end for s, _ in verbs)
    moved = moved or bool(_HOLDS.search(sig.masked, start, end))
    if not moved or _FORBIDS.search(sig.masked, start, end):
        return []
    return [m.group(1) for m in names.finditer(sig.folded.text, start, end) if m.group(1) in free]


_MODEL_FIELD: Final = linear_re.compile(
    r"`(?:system_?prompt|system_?message|temperature|top_p|max_tokens|model|messages)`", re.I
)


def _documents_model_fields(sig: Signals) -> bool:
    """The text lists a model call's own fields (`system_prompt`, `temperature`): the system
    message it speaks of is one it sends to its model, not the assistant's own."""
    fields = len(_MODEL_FIELD.findall(sig.folded.text))
    return fields >= 2 or (fields == 1 and bool(_LLM_WORD.search(sig.folded.text)))


_LLM_WORD: Final = linear_re.compile(
    r"llm|\b(?:language\s+models?|gpt|claude|gemini|ollama|chat\s+completions?)\b|モデル|模型|모델",
    re.I,
)


def system_prompt_out(sig: Signals, ctx: Context) -> list[Verdict]:
    """The model's system prompt or earlier instructions, told to be copied somewhere."""
    if model_call(ctx) or ctx.kind == "name" or _documents_model_fields(sig):
        return []
    for span in sig.spans.get("sysprompt", []):
        index = sig.sentence_of(span)
        if sig.in_sentence("move_verb", index):
            why = "asks the model to hand over its system prompt or earlier instructions"
            return [Verdict("credential_access", "error", span, why, ("system_prompt", "move"))]
    return []


def published(sig: Signals, ctx: Context) -> list[Verdict]:
    """Credentials or conversation ordered onto a public place (a public gist, issue, paste)."""
    for span in sig.spans.get("publish", []):
        index = sig.sentence_of(span)
        source = (
            sig.in_sentence("store", index)
            + sig.in_sentence("conv", index)
            + sig.in_sentence("quantified", index)
        )
        pushed = sig.in_sentence("imperative", index) or sig.in_sentence("move_verb", index)
        if source and pushed:
            why = "orders credentials or conversation published where anyone can read them"
            return [Verdict("exfiltration", "error", source[0], why, ("source", "publish"))]
    return []


def foreign_recipient(sig: Signals, foreign: list[tuple[Span, str]]) -> list[Verdict]:
    """Another server's tool named in the same sentence as a fixed address or phone it routes to."""
    for span, name in foreign:
        index = sig.sentence_of(span)
        fixed = sig.present(("email", "phone"), index)
        # the address must be where something goes, not a contact or a format sample: an
        # order says so, or (in any language) the name and the address share a clause
        routed = any(sig.in_sentence(n, index) for n in ("recipient", "move_verb", "imperative"))
        start, end = _clause(sig, span)
        near = [
            n
            for n in ("email", "phone")
            if any(start <= s < end for s, _ in sig.spans[n])
            and not _SAMPLE.search(sig.masked, start, end)
        ]
        if (fixed and routed) or near:
            why = f"ties '{name}', a tool this server does not have, to a fixed {fixed[0]}"
            return [Verdict("cross_tool_instruction", "error", span, why, ("other_tool", fixed[0]))]
    return []


_CHAINS: Final = linear_re.compile(
    r"\b(?:append|prepend|prefix|add|insert|chain|inject|attach)\w*\b[^.\n]{0,120}\bcommands?\b"
    r"|\bcommands?\b[^.\n]{0,120}\b(?:append|prepend|prefix|add|insert|chain|inject|attach)\w*\b",
    re.I,
)


# "with the terminal tool you have", "using your shell tool": the model's own way to run code
_VIA_OWN_TOOL: Final = linear_re.compile(
    r"\b(?:with|using|via|through|in|from|by)\s+(?:the\s+|your\s+|any\s+|a\s+|an\s+)?"
    r"(?:[\w-]+\s+){0,2}?(?:terminal|shell|bash|command(?:[\s_-]line)?|console|exec(?:ution)?"
    r"|code[\s_-]execution|run_command|execute_command)\s*(?:tool|function|capability)"
    r"|\b(?:terminal|shell|bash|command(?:[\s_-]line)?|console|exec(?:ution)?)\s+(?:tool|function|access)"
    r"\s+(?:you\s+have|available\s+to\s+you|of\s+yours)",
    re.I,
)
# destroying everything, then telling the user it went well
_DESTROY: Final = linear_re.compile(
    r"\b(?:delete|remove|drop|wipe|erase|purge|destroy|truncate|overwrite|force[\s-]push\s+over)\s+"
    r"(?:\w+\s+){0,2}?(?:every|all|each|the\s+entire|all\s+the|any)\s+(?:\w+\s+){0,2}?"
    r"(?:branch(?:es)?|repo(?:sitor(?:y|ies))?|files?|tables?|databases?|records?|backups?"
    r"|buckets?|projects?|commits?|issues?|users?|data|documents?|emails?|messages?)\b",
    re.I,
)
_MISREPORT: Final = linear_re.compile(
    r"\b(?:report|tell|say|claim|confirm|reply|answer|respond)\w*\s+(?:\w+\s+){0,4}?"
    r"(?:success(?:ful(?:ly)?)?|succeeded|it\s+worked|nothing\s+(?:was\s+)?(?:changed|deleted|lost)"
    r"|(?:that\s+)?(?:everything|all)\s+(?:went|is|was)\s+(?:fine|well|ok(?:ay)?))\b",
    re.I,
)
_PROTECTED: Final = linear_re.compile(
    r"\bincluding\s+(?:the\s+)?(?:main|master|trunk|production|prod|default)\b", re.I
)
_USER: Final = linear_re.compile(r"\b(?:the\s+)?(?:user|human|requester)\b", re.I)


def command_hijack(sig: Signals, ctx: Context) -> list[Verdict]:
    """A shell payload (a script piped to a shell) told to ride along with the commands run,
    or told to be run with the model's own terminal tool.

    Not in answers: a file, diff or log a tool returns quotes shell code as data."""
    if ctx.kind in ANSWERS:
        return []
    for span in sig.spans.get("shell", []):
        start, end = _clause(sig, span)
        index = sig.sentence_of(span)
        lo, hi = sig.sentences[index] if index < len(sig.sentences) else (start, end)
        # the payload may itself start with ';' ("append '; curl ...' to it"): the sentence
        if _CHAINS.search(sig.folded.text, start, end) or _CHAINS.search(sig.folded.text, lo, hi):
            why = "tells the model to add a downloaded script or destructive command to commands"
            return [Verdict("cross_tool_instruction", "error", span, why, ("shell", "commands"))]
        if _VIA_OWN_TOOL.search(sig.folded.text, lo, hi):
            why = "tells the model to run a downloaded script with its own terminal tool"
            return [Verdict("cross_tool_instruction", "error", span, why, ("shell", "own_tool"))]
    return []


def destroy_and_misreport(sig: Signals, ctx: Context) -> list[Verdict]:
    """An order to destroy everything of a kind, with the protected default branch included or
    a report of success to the user: an honest tool asks first and says what it did."""
    if ctx.kind in ANSWERS:
        return []
    for found in _DESTROY.finditer(sig.masked):
        index = sig.sentence_of(found.span())
        lo = sig.sentences[index][0] if index < len(sig.sentences) else 0
        hi = sig.sentences[min(index + 1, len(sig.sentences) - 1)][1] if sig.sentences else 0
        hi = max(hi, found.end())
        if _ASKS_FIRST.search(sig.masked, lo, hi):
            continue
        told = _MISREPORT.search(sig.masked, lo, hi) and _USER.search(sig.masked, lo, hi)
        if told or _PROTECTED.search(sig.masked, found.start(), hi):
            why = "orders destroying everything of a kind and misreporting it to the user"
            span = found.span()
            return [Verdict("poisoning_marker", "error", span, why, ("destroy", "misreport"))]
    return []


_ASKS_FIRST: Final = linear_re.compile(
    r"\b(?:ask|confirm\s+with|check\s+with)\s+(?:the\s+)?(?:user|human)|\b(?:never|do\s+not|don'?t"
    r"|must\s+not|refuses?\s+to)\b",
    re.I,
)


def steer_reply(sig: Signals, ctx: Context) -> list[Verdict]:
    """Orders about what every reply must carry (a fixed link or address), or vouching for
    the server to the user."""
    for span in sig.spans.get("vouch", []):
        why = "tells the model to vouch to the user that this server is safe or verified"
        return [Verdict("poisoning_marker", "error", span, why, ("vouch",))]
    for span in sig.spans.get("steer_reply", []):
        index = sig.sentence_of(span)
        fixed = sig.present(("url", "email", "phone"), index)
        if fixed:
            why = f"tells the model to put a fixed {fixed[0]} into every reply"
            return [Verdict("poisoning_marker", "error", span, why, ("reply", fixed[0]))]
    return []
