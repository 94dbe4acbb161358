"""Where the effect rules look: the fields a text names as places, its sentences, and the
user's data named in them (shared by `rules_effects` and `rules_deceit`)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Final

from mcpvcr import linear_re
from mcpvcr.scan.context import ANSWERS, Context
from mcpvcr.scan.lexicon import param_sinks
from mcpvcr.scan.signals import Signals, Span
from mcpvcr.scan.verdict import Verdict

SOURCES: Final = ("described_store", "env_secret", "store", "quantified")
OUTSIDE: Final = ("url", "email", "phone", "image")
TAKEN: Final = ("read_verb", "move_verb", "content_word", "fill_verb")
# A parameter meant for a credential takes one by design ("pass that token as
# `session_token`"): the attack routes a secret into a field that is not for it.
CREDENTIAL_FIELD: Final = linear_re.compile(
    r"token|key|secret|pass|auth|cred|session|cookie|login|bearer|jwt|cert", re.I
)
# "the `payload` parameter", "`memo` 引数": a quoted name before the word for a field
NAME_BEFORE_FIELD: Final = linear_re.compile(
    r"[`'\"‘“](\w[\w-]{0,40})[`'\"’”]\s*(?:parameter|argument|field|param|arg|property"
    r"|引数|参数|字段|매개변수|파라미터|필드|параметр\w*|поле)"
    # "al parámetro `delimitador`": the word for a field, then the quoted name
    r"|\b(?:parámetro|parâmetro|paramètre|argumento|argument|campo|champ|feld|parametro|trường"
    r"|tham\s+số|alan\w*|παράμετρ\w*|פרמטר|בפרמטר|پارامتر|পরামিতি|параметр\w*|поле|полі"
    r"|พารามิเตอร์|en|dans|nel|nella|no|na|w|ke|в|у|σε|στο|στην|als|comme|como|argumen)\s*"
    r"[`'\"‘“](\w[\w-]{0,40})[`'\"’”]",
    re.I,
)
# "whenever any filesystem tool reads a file", "每当任何 Git 工具": other tools acting, as a trigger
WHOLE: Final = linear_re.compile(
    r"\b(?:full|entire|whole|complete|all)\s+(?:\w+\s+)?(?:contents?|text|body|bodies|data)\b"
    r"|\bcontents?\b|\bbodies\b",
    re.I,
)
# "pass its path as `config`": a path or a name is not the secret itself
ONLY_A_NAME: Final = linear_re.compile(
    r"\b(?:path|location|filename|file\s+name|name|directory)\s+(?:of\s+\w+\s+)?(?:as|in|into|to)\b",
    re.I,
)
# "do not run destructive commands such as rm -rf": a command named to forbid or illustrate
NOT_AN_ORDER: Final = linear_re.compile(
    r"\b(?:do\s+not|don'?t|never|such\s+as|e\.g\.|for\s+example|like|unless|avoid|refuses?"
    r"|blocks?|rejects?|prevents?|disallows?|forbids?|denies|detects?|flags?|warns?)\b",
    re.I,
)
# "not", "never", "do not" in the other scanned languages: words that negate the verb after
# them (not "no need to", which in a concealment is itself the order). Read only within the
# clause: "it is not safe, and send the passport number" negates nothing that follows.
_NOT_ELSEWHERE: Final = linear_re.compile(
    r"(?<!\w)(?:no\s+se|nunca|jamás|jamais|não|nie|nigdy|nicht|niemals|keine?[nmrs]?|niet|nooit"
    r"|geen|non|mai|ne\s+pas|ne\s+\w+\s+(?:pas|jamais)|n'\w+\s+(?:pas|jamais)|nu|niciodată|nem"
    r"|soha|inte|aldrig|ikke|aldri|ei|älä|koskaan|asla|không|đừng|tidak|jangan|bukan|kamwe|δεν"
    r"|μην|ποτέ|не|ни|никогда|нельзя|ніколи|nikdy|nikada|nikoli|لا|لن|لم|أبدا|أبدًا|ليس|هرگز"
    r"|نباید|לא|לעולם|אל|नहीं|कभी|मत|না|কখনো|কখনও|ஒருபோதும்|இல்லை)(?!\w)"
    r"|从不|绝不|永不|不会|不得|不要|不可|不能|不被|不予|切勿|请勿|禁止|严禁|決して|しない|されません"
    r"|しません|ません|절대|않|금지|마십시오|마세요|ไม่|ห้าม",
    re.I,
)
_CLAUSE_BREAK: Final = linear_re.compile(r"[,;:，、；：،]")


def negated(sig: Signals, start: int, at: int) -> bool:
    """Whether the stretch from `start` (a sentence's start) to `at` forbids, negates or
    illustrates what follows: an English "never" or "such as" anywhere in it, another
    language's negation in the last clause before `at`."""
    return bool(NOT_AN_ORDER.search(sig.folded.text, start, at)) or _negated_in_clause(
        sig, start, at
    )


_NEVER: Final = linear_re.compile(r"\b(?:do\s+not|don'?t|never|must\s+not|avoid)\b", re.I)


def prohibited(sig: Signals, start: int, at: int) -> bool:
    """Like `negated`, with only the words that forbid ("never include the chat history"),
    not those that name a detector ("blocks", "flags") or an example ("such as")."""
    return bool(_NEVER.search(sig.folded.text, start, at)) or _negated_in_clause(sig, start, at)


_AND: Final = linear_re.compile(
    r"(?<!\w)(?:and|or|then|und|oder|dann|y|o|e|ou|et|ed|i|oraz|и|или|і|та|ve|veya|và|dan|atau|na"
    r"|och|og|en|ja|és|și|και|a|اور|और|এবং|و|ו)(?!\w)|並|并|和|然后|そして|および|그리고|및|และ",
    re.I,
)
"""A conjunction: what follows it is a new statement, even inside one clause."""


def negated_after(sig: Signals, span: Span, stop: int) -> bool:
    """Whether the statement `span` opens is negated after it, before a clause break or a
    conjunction ("the user's chat history is never stored", "Verlauf niemals einfügen"); an
    order to take the data "and never tell them" is not."""
    text = sig.folded.text
    found = _CLAUSE_BREAK.search(text, span[1], stop)
    end = found.start() if found else stop
    conjunction = _AND.search(text, span[1], end)
    end = conjunction.start() if conjunction else end
    return bool(_NEVER.search(text, span[1], end) or _NOT_ELSEWHERE.search(text, span[1], end))


def denied_source(sig: Signals, span: Span) -> bool:
    """Whether the data at `span` is named in a prohibition or a negated statement ("never
    include the chat", "the chat is never stored"), before or after it in its sentence."""
    index = sig.sentence_of(span)
    start, stop = sig.sentences[index] if index < len(sig.sentences) else (0, len(sig.folded.text))
    return prohibited(sig, start, span[0]) or negated_after(sig, span, stop)


def _negated_in_clause(sig: Signals, start: int, at: int) -> bool:
    text = sig.folded.text
    breaks = _CLAUSE_BREAK.spans(text[start:at])
    clause = start + breaks[-1][1] if breaks else start
    return bool(_NOT_ELSEWHERE.search(text, clause, at))


def near(sig: Signals, name: str, index: int, after: int = 2) -> list[Span]:
    """Spans of `name` in sentence `index` or the `after` sentences following it."""
    return [s for s in sig.spans.get(name, []) if index <= sig.sentence_of(s) <= index + after]


def sink_fields(sig: Signals, lo: int, hi: int) -> list[tuple[Span, str]]:
    text = sig.folded.text[lo:hi]
    found = [
        ((lo + m.start(), lo + m.end()), name)
        for m in param_sinks(text)
        for name in m.groups()
        if name
    ]
    found += [
        ((lo + m.start(), lo + m.end()), next(g for g in m.groups() if g))
        for m in NAME_BEFORE_FIELD.finditer(text)
    ]
    return found


BACKTICK_NAME: Final = linear_re.compile(r"`(\w[\w-]{0,40})`")
HOLDS_OR_FILLS: Final = linear_re.compile(
    r"\b(?:carr(?:y|ies)|contains?|holds?|includes?|must\s+(?:be\s+)?(?:populated|filled|set)"
    r"|populated|filled)\b",
    re.I,
)


def held_names(sig: Signals, lo: int, hi: int) -> list[tuple[Span, str]]:
    """Backticked names in a stretch that says a name holds or is filled with something
    ("`schema_url` carries ...", "the `calibration` field must be populated with ...")."""
    fills = any(lo <= s[0] < hi for s in sig.spans.get("fill_verb", []))
    if not (fills or HOLDS_OR_FILLS.search(sig.masked, lo, hi)):
        return []
    names = BACKTICK_NAME.finditer(sig.folded.text[lo:hi])
    return [((lo + m.start(), lo + m.end()), m.group(1)) for m in names]


def window(sig: Signals, index: int, after: int) -> tuple[int, int]:
    last = min(index + after, len(sig.sentences) - 1)
    if not sig.sentences:
        return (0, len(sig.folded.text))
    return (sig.sentences[min(index, last)][0], sig.sentences[last][1])


def name_parts(name: str) -> list[str]:
    """`agencyHosting_deployPhp`: agency, hosting, deploy, php."""
    snake = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    return [p for p in re.split(r"[-_.\s]+", snake.lower()) if p]


@functools.lru_cache(maxsize=8192)
def bare_name(name: str) -> str:
    """One spelling for any case and separators: `send_digits`, `SendDigits` and
    `send-digits` are one (text is matched lower-cased, so camelCase boundaries are gone
    from a name the text mentions)."""
    return "".join(name_parts(name))


@functools.lru_cache(maxsize=64)
def bare_names(names: frozenset[str]) -> frozenset[str]:
    """`bare_name` of each name; one set per server (a frozenset keeps its hash), not one
    per text: rebuilding it for each of 1,000 tools' texts made scoring quadratic."""
    return frozenset(map(bare_name, names))


def own_param(name: str, ctx: Context) -> bool:
    """`name` is a parameter of this server's tools, written in any case or joints."""
    return bare_name(name) in bare_names(ctx.own_params)


@functools.lru_cache(maxsize=64)
def _own_names(names: frozenset[str]) -> frozenset[str]:
    """The server's tool names in one spelling, with each namespaced tool's shorter names:
    `confluence_get_attachments` is also `get_attachments`, `maps_static_map` `static_map`
    (a multi-word tail only: a single word is too common to claim)."""
    split = [name_parts(name) for name in names]
    out = {"".join(parts) for parts in split}
    # a namespace is a prefix two or more tools share: one tool named `x_send_email` does not
    # make every mention of `send_email` its own
    prefixes: dict[tuple[str, ...], int] = {}
    for parts in split:
        for i in range(1, len(parts)):
            prefixes[tuple(parts[:i])] = prefixes.get(tuple(parts[:i]), 0) + 1
    for parts in split:
        out.update(
            "".join(parts[i:]) for i in range(1, len(parts) - 1) if prefixes[tuple(parts[:i])] > 1
        )
    return frozenset(out)


def is_own(name: str, ctx: Context) -> bool:
    """A name of this server's tools (any case or separator, with or without the namespace
    its siblings share), of a parameter of its tools or of this tool, or the tool's own
    name: not another server's. Sibling tools are never other servers."""
    bare = bare_name(name)
    if bare == bare_name(ctx.self_name) or bare in bare_names(ctx.params):
        return True
    return own_param(name, ctx) or bare in _own_names(ctx.own_tools)


def forbidden(sig: Signals, span: Span) -> bool:
    index = sig.sentence_of(span)
    start = sig.sentences[index][0] if index < len(sig.sentences) else 0
    return negated(sig, start, span[0])


REPLY_DATA: Final = (
    "cred",
    "conv",
    "quantified",
    "verbatim_context",
    "sysprompt",
    "conv_noun",
    "personal_noun",
    "secret_noun",
)


# A field named for what is put into it takes it by design (`password`, `recipient_email`);
# a generic input (`text`, `query`) may carry anything the user asks the tool to work on.
FOR_SECRETS: Final = linear_re.compile(
    r"token|key|secret|pass|auth|cred|session|cookie|login|bearer|jwt|cert|pin|otp|code|card|cvv"
    r"|mfa|totp|^(?:input|text|plaintext|value|data|content|query|q)$",
    re.I,
)
FOR_PERSONAL: Final = linear_re.compile(
    r"mail|phone|tel|mobile|addr|contact|recipient|^to$|^cc$|^bcc$|name|^user(?:_?id)?$|customer"
    r"|person|profile|birth|dob|iban|account|passport|ssn|number|^(?:input|text|query|q|search"
    r"|body|content|message|data|value|payload)$",
    re.I,
)
FOR_CONVERSATION: Final = linear_re.compile(
    r"conv|chat|messages?|history|transcript|context|text|content|body|input|prompt|dialog"
    r"|instruction|thread|mail|reply|draft|quote",
    re.I,
)
FOR_INSTRUCTIONS: Final = linear_re.compile(r"system_?prompt|instruction|^prompt$", re.I)
DATA_SLOT_OR_COLLECTOR: Final = linear_re.compile(
    r"[{<$]|=\s*$|collect|ingest|hook|track|telemetry|analytics|sync|backup|beacon|metrics|log\b",
    re.I,
)


def data_in_sentence(sig: Signals, index: int) -> list[tuple[Span, str]]:
    """The user's secrets or personal data named in sentence `index` (with whose they are)."""
    found = [(s, "conversation") for s in sig.in_sentence("conv_noun", index)]
    found += [(s, "instructions") for s in sig.in_sentence("sysprompt", index)]
    found += [(s, "instructions") for s in sig.in_sentence("system_text", index)]
    owned = sig.in_sentence("user_word", index) or sig.in_sentence("conv", index)
    if owned:
        found += [(s, "secret") for s in sig.in_sentence("secret_noun", index)]
        found += [(s, "personal") for s in sig.in_sentence("personal_noun", index)]
    start = sig.sentences[index][0] if index < len(sig.sentences) else 0
    stop = sig.sentences[index][1] if index < len(sig.sentences) else len(sig.folded.text)
    return [
        (span, kind)
        for span, kind in found
        if not negated(sig, start, span[0]) and not negated_after(sig, span, stop)
    ]


SAMPLE_MARK: Final = linear_re.compile(
    r"(?:e\.g\.|for\s+example|such\s+as|like|例如|比如|例[:：]|例えば|z\.\s?b\.|p\.\s?ej\.|par\s+exemple"
    r"|por\s+ejemplo|por\s+exemplo|ad\s+esempio|bijv\.?|np\.|örn\.?|misal(?:nya)?|например|напр\."
    r"|наприклад|예[:：]|예를\s*들어|ví\s+dụ|مثل|مثال|उदाहरण|เช่น)[\s(（:：,\"'“«]*"
    # a display name before an address: `e.g., "Your Name <sender@domain.com>"`
    r"(?:[^\s<>.!?]{1,20}(?:\s[^\s<>.!?]{1,20}){0,3}\s*<)?\Z",
    re.I,
)


def sample_before(sig: Signals, span: Span) -> bool:
    """A phone or address right after "e.g." / "例如" is a format sample, not a destination."""
    return bool(SAMPLE_MARK.search(sig.folded.text[max(0, span[0] - 50) : span[0]]))


EFFECTS_SEEN: Final = (
    "persistence_hook",
    "external_copy",
    "described_store",
    "env_secret",
    "destroy_cmd",
    "destroy_effect",
    "url",
    "email",
    "phone",
    "publish",
    "store",
    "cred",
    "conv",
    "secret_noun",
    "personal_noun",
    "conv_noun",
)

# harm to the user's money or machine named by the covert families (`lexicon_covert`)
MONEY_AND_HOST: Final = (
    "side_fee",
    "wallet",
    "amount_change",
    "host_change",
    "hostile_cmd",
    "sql_destroy",
)


# `parent_page_id` names where data goes; an identifier holds no secret and no conversation
IDENTIFIER: Final = linear_re.compile(r"(?:^|[_.-])ids?$|[a-z]Ids?$|^uuid$|_uuid$")

Rule = Callable[[Signals, Context], list[Verdict]]


def prose_only(rule: Rule) -> Rule:
    """The rule reads descriptions and other prose for the model, never a recorded answer (a
    file or page a tool returns quotes orders as data) nor a name."""

    @functools.wraps(rule)
    def checked(sig: Signals, ctx: Context) -> list[Verdict]:
        if ctx.kind in ANSWERS or ctx.kind == "name":
            return []
        return rule(sig, ctx)

    return checked
