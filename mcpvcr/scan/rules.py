"""Combination rules: severity comes from conjunctions of signals, never from one keyword.

A lone family is at most a warning (an instruction tag, one advertising cue);
an error needs two that only an attack combines: a directive and concealment,
a source and a sink, an instruction about another tool. Each rule returns
`Verdict`s; `scanner` turns them into findings with raw evidence.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Final

from mcpvcr import linear_re
from mcpvcr.scan.context import ANSWERS, Context
from mcpvcr.scan.effect_places import (
    CREDENTIAL_FIELD,
    IDENTIFIER,
    denied_source,
    is_own,
    own_param,
    window,
)
from mcpvcr.scan.lexicon import param_sink_names
from mcpvcr.scan.rules_covert import CHECKS as COVERT_CHECKS
from mcpvcr.scan.rules_deceit import CHECKS as DECEIT_CHECKS
from mcpvcr.scan.rules_effects import CHECKS as EFFECT_CHECKS
from mcpvcr.scan.rules_flow import (
    _FORBIDS,
    command_hijack,
    destroy_and_misreport,
    foreign_recipient,
    model_call,
    published,
    steer_reply,
    store_into_param,
    system_prompt_out,
)
from mcpvcr.scan.rules_steer import json_role, preference, special
from mcpvcr.scan.signals import Signals, Span
from mcpvcr.scan.verdict import Verdict

_PURPOSE_SENSITIVE: Final = linear_re.compile(
    r"ssh|key|credential|secret|token|password|passwd|env|auth|login|sign[\s_-]?in|wallet|vault"
    r"|keychain|cookie|session|certificate|gpg|kube|aws|conversation|chat|messag|history|prompt"
    r"|summar|transcript|memory|context|dialog|mail|thread|reply|comment|ticket|journal|slack"
    r"|discord|teams|sms",
    re.I,
)


@lru_cache(maxsize=4096)
def purpose_sensitive(purpose: str) -> bool:
    """True when the tool's name or title says it works on credentials or conversations."""
    return bool(_PURPOSE_SENSITIVE.search(purpose))


def judge(sig: Signals, ctx: Context) -> list[Verdict]:
    """Every verdict on one text."""
    sig = _in_context(sig, ctx)
    out: list[Verdict] = []
    for check in _CHECKS:
        out.extend(check(sig, ctx))
    return out


# Words that tie a conversation phrase to the assistant's own context, whatever the server
# works on: "system prompt", "hidden instructions", "your instructions", "this chat so far".
_ASSISTANT_CONTEXT: Final = frozenset(
    {"system", "developer", "hidden", "secret", "your", "you", "so", "this", "user", "chain"}
)


_FIRST_OF: Final = frozenset({"original", "initial"})
_THREAD_ORDER: Final = frozenset({"earlier", "previous", "prior", "quoted", "older"})


@lru_cache(maxsize=64)
def _domain_nouns(own_tools: frozenset[str]) -> frozenset[str]:
    """The words of the server's own tool names (`list-mail-messages`: list, mail, message)."""
    words: set[str] = set()
    for name in own_tools:
        spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
        words.update(w.lower().removesuffix("s") for w in re.split(r"[^A-Za-z]+", spaced) if w)
    return frozenset(w for w in words if len(w) > 2)


# a precondition on answering holds every turn of the conversation, whatever tool it names
_ON_ANSWERING: Final = linear_re.compile(r"\b(?:answer|respond|repl[yi]|question)", re.I)


def _own_sequence(sig: Signals, ctx: Context, span: Span) -> bool:
    """A precondition that orders the server's own steps: the user decides first, or the
    sentence names only this server's tools ("use the collection-indexes tool to verify
    the index before using 'queryVector'"), not every other tool nor answering."""
    index = sig.sentence_of(span)
    if sig.in_sentence("user_first", index):
        return True
    if sig.in_sentence("generic_tools", index) or _ON_ANSWERING.search(sig.masked, *span):
        return False
    refs = [name for ref, name in sig.tool_refs if sig.sentence_of(ref) == index]
    return bool(refs) and all(is_own(name, ctx) for name in refs)


def _in_context(sig: Signals, ctx: Context) -> Signals:
    """The signals as this server reads them: a conversation phrase whose noun is what the
    server's own tools work on ("the original message" beside `reply-mail-message`) names
    the server's data, not the assistant's conversation or instructions; a precondition
    that sequences the server's own steps or waits for the user hijacks nothing."""
    if sig.has("precondition"):
        steps = [s for s in sig.spans["precondition"] if not _own_sequence(sig, ctx, s)]
        if steps != sig.spans["precondition"]:
            sig = replace(sig, spans={**sig.spans, "precondition": steps})
    nouns = _domain_nouns(ctx.own_tools) if ctx.own_tools else frozenset()
    first_of = _FIRST_OF
    if sig.sentences and _MAIL_WORK.search(sig.masked, *sig.sentences[0]):
        # a tool that says first that it works on mail: its "original message" or "quoted
        # earlier messages" are the thread's e-mails
        nouns = nouns | {"message", "email", "mail"}
        first_of = _FIRST_OF | _THREAD_ORDER
    if not nouns or not sig.has("conv", "sysprompt"):
        return sig
    kept: dict[str, list[Span]] = {}
    for family in ("conv", "sysprompt"):
        kept[family] = []
        for span in sig.spans.get(family, []):
            words = re.findall(r"[a-z]+", sig.masked[span[0] : span[1]].lower())
            # only "original/initial X": "the previous messages" of a chat server are still
            # the user's conversation, the very data an exfiltration wants
            domain = (
                len(words) >= 2 and words[-2] in first_of and words[-1].removesuffix("s") in nouns
            )
            if not domain or _ASSISTANT_CONTEXT.intersection(words):
                kept[family].append(span)
    if all(kept[f] == sig.spans.get(f, []) for f in kept):
        return sig
    return replace(sig, spans={**sig.spans, **kept})


_MAIL_WORK: Final = linear_re.compile(
    r"\b(?:e-?mails?|mail|inbox|mailbox|thread|replies|reply|forwards?|smtp|imap)\b", re.I
)


def _override(sig: Signals, ctx: Context) -> list[Verdict]:
    return [
        Verdict(
            "poisoning_marker",
            "error",
            span,
            "tells the model to discard its instructions",
            ("override",),
        )
        for span in sig.spans["override"][:1]
    ]


_GUARDS_SECRET: Final = linear_re.compile(
    r"\b(?:reveal|show|disclose|display|print|repeat|echo|expose)\s+(?:the\s+|any\s+|its\s+|their"
    r"\s+|this\s+)?(?:\w+\s+)?(?:secrets?|passwords?|keys?|tokens?|credentials?|passphrases?)\b",
    re.I,
)


def _conceal(sig: Signals, ctx: Context) -> list[Verdict]:
    for span in sig.spans["conceal"]:
        index = sig.sentence_of(span)
        protective = sig.in_sentence("cred", index) and not (
            sig.in_sentence("read_verb", index) or sig.in_sentence("move_verb", index)
        )
        # "never reveal the secret value to the user": the hidden thing is the secret itself
        protective = protective or bool(_GUARDS_SECRET.search(sig.masked, *span))
        protective = protective or _forbids_a_claim(sig, span, index)
        if not protective:  # "never reveal API keys to the user" protects; it hides nothing
            why = "asks the model to keep what it does from the user"
            return [Verdict("poisoning_marker", "error", span, why, ("concealment",))]
    return []


# "never tell the user a schedule type is unsupported": what may not be said is a statement
# about the world (a subject and its verb), not the model's act nor these instructions
_CLAIM_AFTER: Final = linear_re.compile(
    r"\A\s+(?:that\s+)?(?:(?:a|an|the|any|some|no|its|their|our)\s+)?(?:[\w-]+\s+){0,3}?"
    r"(?:is|are|was|were|isn'?t|aren'?t|has|have|hasn'?t|haven'?t|cannot|can'?t|does|doesn'?t"
    r"|will|won'?t)\b",
    re.I,
)
_DONE_TO_DATA: Final = linear_re.compile(
    r"\b(?:(?:was|were|been|is|are|being)\s+read|sent|uploaded|forwarded|copied|shared|posted"
    r"|collected|stored|saved|logged"
    r"|recorded|transmitted|exported|deleted|removed|changed|modified|accessed|called|used"
    r"|attached|included|added|leaked|tracked|monitored|watched|leaves?|goes|travels?|flows?"
    r"|ends?\s+up|kept|retained|shared|sold|seen|visible)\b",
    re.I,
)
_TOLD_USER: Final = linear_re.compile(
    r"\b(?:(?:tell(?:ing)?|inform(?:ing)?|notify(?:ing)?|alert(?:ing)?|warn(?:ing)?)\s+"
    r"|(?:mention|say|explain|report|reveal|disclose|show)(?:ing)?\s+(?:to|with)\s+)"
    r"(?:the\s+|your\s+|any\s+)?(?:user|users|human|humans|person|customer)\Z",
    re.I,
)


_TOLD_IT: Final = linear_re.compile(
    r"\b(?:mention|say|explain|report|reveal|disclose|show|present|describe)(?:ing)?\s+"
    r"(?:it|this|that|them)\s+(?:to|with)\s+(?:the\s+|your\s+|any\s+)?"
    r"(?:user|users|human|humans|person|customer)\Z",
    re.I,
)
_FRAMED_AS: Final = linear_re.compile(r"\A\s+as\s+(?:an?\s+|the\s+)?[\w-]+", re.I)
_ACTORS: Final = frozenset(
    {"you", "i", "we", "it", "this", "that", "these", "those", "they", "he", "she", "anything"}
    | {"everything", "something", "what", "how", "why", "where", "when", "about", "of"}
)


def _forbids_a_claim(sig: Signals, span: Span, index: int) -> bool:
    """ "Never tell the user a schedule type is unsupported or missing" forbids a false
    statement about the world: nothing the model does is kept from the user. The sentence
    must hold no act on data (no read or move, nothing sent or used), no source, no sink
    and no tool; "never tell the user you read ~/.ssh" or "... the file was uploaded" hides
    the act."""
    told = sig.masked[span[0] : span[1]]
    end = sig.sentences[index][1] if index < len(sig.sentences) else len(sig.masked)
    rest = sig.masked[span[1] : end]
    if _DONE_TO_DATA.search(rest):
        return False
    if _TOLD_IT.search(told):
        # "do not report it to the user as an error": how a result is framed, not hidden
        if not _FRAMED_AS.match(rest):
            return False
    elif not _TOLD_USER.search(told) or not _CLAIM_AFTER.match(rest):
        return False
    else:
        subject = rest.split()[1:2] if rest.split()[:1] == ["that"] else rest.split()[:1]
        if not subject or subject[0].lower() in _ACTORS:
            return False  # "... that you ...", "... this step happened": the act or the text
    # reading the tool's own output hides nothing; a move, a source, a sink or a tool does
    busy = (
        *("store", "cred", "conv", "quantified", "url", "email"),
        *("phone", "recipient", "param_sink", "image"),
    )
    refs = any(sig.sentence_of(ref) == index for ref, _ in sig.tool_refs)
    # the verb of the telling itself ("report it to the user") moves nothing
    moves = [m for m in sig.in_sentence("move_verb", index) if not _within(m, [span])]
    return not refs and not moves and not sig.present(busy, index)


_SOFT_PARTNERS: Final = (
    "address",
    "precondition",
    "pressure",
    "tag",
    "special",
    "recipient",
    "param_sink",
    "impersonation",
    "override",
)


def _conceal_soft(sig: Signals, ctx: Context) -> list[Verdict]:
    spans = sig.spans["conceal_soft"]
    if not spans:
        return []
    partners = [name for name in _SOFT_PARTNERS if sig.has(name)]
    if sig.has("store", "conv", "quantified") and sig.has("read_verb", "move_verb"):
        partners.append("sensitive source")
    if not partners:
        return []
    why = f"paraphrased secrecy from the user together with {', '.join(partners[:3])}"
    return [Verdict("poisoning_marker", "error", spans[0], why, ("concealment", *partners[:3]))]


_TAG_PARTNERS: Final = (
    "address",
    "pressure",
    "conceal_soft",
    "store",
    "conv",
    "recipient",
    "pref_strong",
    "override",
    "impersonation",
)
# An order inside a tag ("[IMPORTANT] use create_items instead") is honest routing between the
# server's own tools: it takes a tag and an order about another server's tool, a sensitive
# source, a recipient, concealment or an override (the partners above) to make an attack.


def _tag(sig: Signals, ctx: Context) -> list[Verdict]:
    spans = sig.spans["tag"]
    if not spans:
        return []
    partners = [name for name in _TAG_PARTNERS if sig.has(name)]
    if _foreign_refs(sig, ctx):  # a system tag about another server's tool is shadowing
        partners.append("other_tool")
    if partners:
        why = f"an instruction tag wraps orders to the model ({', '.join(partners[:3])})"
        return [Verdict("poisoning_marker", "error", spans[0], why, ("tag", *partners[:3]))]
    why = "an instruction tag (<IMPORTANT>, <SYSTEM>, hidden comment) in model-visible text"
    return [Verdict("poisoning_marker", "warning", spans[0], why, ("tag",))]


def _address(sig: Signals, ctx: Context) -> list[Verdict]:
    spans = sig.spans["address"]
    if not spans:
        return []
    partners = [n for n in ("precondition", "pressure", "recipient", "impersonation") if sig.has(n)]
    if sig.has("store", "conv", "quantified") and sig.has("read_verb", "move_verb"):
        partners.append("sensitive source")
    if ctx.kind == "answer" and sig.has("imperative"):
        partners.append("imperative")
    if partners:
        why = f"text addressed to the model gives it orders ({', '.join(partners)})"
        return [Verdict("poisoning_marker", "error", spans[0], why, ("model_addressed", *partners))]
    return []


def _impersonation(sig: Signals, ctx: Context) -> list[Verdict]:
    spans = sig.spans["impersonation"]
    # a claim in the user's voice plus an order, a recipient, or an outside address to use
    partners = ("imperative", "recipient", "move_verb", "email", "phone", "url")
    if not spans or not (ctx.kind == "answer" or sig.has(*partners)):
        return []
    why = "claims to speak for the user or an administrator to give new orders"
    return [Verdict("poisoning_marker", "error", spans[0], why, ("impersonation",))]


def _sources(sig: Signals, ctx: Context) -> list[Verdict]:
    out: list[Verdict] = []
    for index in range(len(sig.sentences)):
        source = [
            span
            for span in sig.in_sentence("store", index)
            + sig.in_sentence("conv", index)
            + sig.in_sentence("quantified", index)
            if not denied_source(sig, span)  # "never include the chat"
        ]
        if not source:
            continue
        moves = sig.in_sentence("move_verb", index) + sig.in_sentence("read_verb", index)
        if not moves or _DETECTOR_FRAME.search(sig.masked, *sig.sentences[index]):
            continue  # "flags texts that tell the model to read ~/.ssh" reports, orders nothing
        external = sig.present(("url", "email", "phone", "image"), index, reach=1)
        if external and sig.in_sentence("move_verb", index):
            why = f"sends credentials or conversation to an outside {external[0]}"
            out.append(
                Verdict("exfiltration", "error", source[0], why, ("source", "sink", external[0]))
            )
            break
        if all(_transparent(sig, ctx, span) for span in source):
            continue
        own_input = ctx.kind == "param" and not ctx.closed and not purpose_sensitive(ctx.purpose)
        # a parameter's own description saying what happens ("pages in one context share
        # cookies") informs; one ordering what to put there is the attack
        ordered = sig.in_sentence("imperative", index) or sig.has("address", "impersonation")
        # a parameter named in the next or previous sentence is where the source goes only
        # when one of the two orders it ("`system_prompt` sets the instructions. The API key
        # is read from OPENAI_API_KEY" documents both)
        beside = sig.in_sentence("param_sink", index, reach=1) and (
            sig.in_sentence("param_sink", index) or sig.in_sentence("imperative", index, reach=1)
        )
        conversation_only = not (
            sig.in_sentence("store", index) or sig.in_sentence("quantified", index)
        )
        if beside and (
            _named_for_secrets(sig, index)
            or _named_for_secrets(sig, index, IDENTIFIER)
            or (conversation_only and _named_for_secrets(sig, index, _CONVERSATION_FIELD))
        ):
            beside = []  # "pass the user's password in the `password` field": its own place
        if beside or (own_input and ordered):
            why = "asks the model to put credentials or conversation into a parameter"
            out.append(
                Verdict("credential_access", "error", source[0], why, ("source", "parameter_sink"))
            )
            break
        # "Retrieve the message history of a channel" documents a reader; an order to hand
        # conversation over needs a move verb, credentials a store or "any/the user's".
        handed = sig.in_sentence("move_verb", index) or not sig.in_sentence("conv", index)
        # "set `quote_original` to true to include the original message": a flag, not a hand-over
        handed = handed and not _FLAG_SET.search(sig.masked, *sig.sentences[index])
        ordered = sig.in_sentence("imperative", index) and handed
        ordered = ordered and not _tool_summary(sig, ctx, index)
        own_place = (
            _named_for_secrets(sig, index) or _named_for_secrets(sig, index, IDENTIFIER)
        ) or (
            not (sig.in_sentence("store", index) or sig.in_sentence("quantified", index))
            and _named_for_secrets(sig, index, _CONVERSATION_FIELD)
        )
        if ordered and not purpose_sensitive(ctx.purpose) and not own_place:
            why = "orders the model to fetch or hand over credentials or conversation"
            out.append(Verdict("credential_access", "error", source[0], why, ("source", "order")))
            break
        pushers = [
            n for n in ("precondition", "pressure", "tag", "conceal", "conceal_soft") if sig.has(n)
        ]
        if sig.in_sentence("store", index) and sig.in_sentence("read_verb", index) and pushers:
            why = f"orders the model to read a credential store ({pushers[0]})"
            out.append(
                Verdict("credential_access", "error", source[0], why, ("source", pushers[0]))
            )
            break
    return out


def _only_own_params(sig: Signals, index: int, ctx: Context) -> bool:
    """Every field named as a place around sentence `index` is a parameter of this server's
    own tools (compared without case or joints: `send_digits` is `SendDigits`)."""
    lo, hi = window(sig, max(0, index - 1), 2)
    names = param_sink_names(sig.folded.text[lo:hi])
    return bool(names) and all(own_param(n, ctx) for n in names)


def _named_for_secrets(sig: Signals, index: int, field: linear_re.Pattern | None = None) -> bool:
    """Every field the sentence names as a place is one meant for what goes there (a
    credential; with `field`, e.g. the conversation)."""
    lo, hi = sig.sentences[index] if index < len(sig.sentences) else (0, 0)
    names = param_sink_names(sig.folded.text[lo:hi])
    return bool(names) and all((field or CREDENTIAL_FIELD).search(n) for n in names)


_CONVERSATION_FIELD: Final = linear_re.compile(
    r"conv|chat|messages?|history|transcript|thread|dialog", re.I
)


_PLACES: Final = ("param_sink", "url", "email", "phone", "image", "recipient", "other_tools")


def _tool_summary(sig: Signals, ctx: Context, index: int) -> bool:
    """The first sentence of a description opening on a reading verb ("Get information about
    the Firefox instance, including its environment variables") says what the tool returns,
    as docstrings do; with no place anywhere in the text to send anything, it orders nothing
    (with one, the hand-over rules judge it)."""
    if ctx.kind != "text" or index != 0 or sig.has(*_PLACES) or not sig.sentences:
        return False
    opening = sig.sentences[0][0]
    reads = sig.in_sentence("read_verb", 0)
    # "and include it in the query" moves what was read; "including X" or "log file" does not
    if any(_MOVED_OBJECT.match(sig.masked, end) for _, end in sig.spans.get("move_verb", [])):
        return False
    return bool(reads) and not sig.masked[opening : reads[0][0]].strip(" `*#-:")


# a move verb with an object after it ("include it", "send the contents", "post them")
_MOVED_OBJECT: Final = linear_re.compile(
    r"\s+(?:it|them|its|their|the|this|these|that|those|all|every\w*|each)(?!\w)", re.I
)


_DETECTOR_FRAME: Final = linear_re.compile(
    r"\b(?:flags?|detects?|catch(?:es)?|finds?|reports?|blocks?|scans?\s+for|audits?|identif(?:y|ies)"
    r"|warns?\s+about|looks?\s+for)\b[^.\n]{0,200}\b(?:descriptions?|texts?|prompts?|instructions?"
    r"|messages?|content|tools?|servers?|inputs?|manifests?)\s+(?:that|which)\s+(?:tell|ask|instruct"
    r"|order|make|try|attempt)",
    re.I,
)
_FLAG_SET: Final = linear_re.compile(
    r"\bset\s+(?:the\s+)?(?:[`'\"]?[\w-]+[`'\"]?\s+)?(?:flag\s+|option\s+)?to\s+(?:true|false|yes|no|on|off"
    r"|\d+)\b",
    re.I,
)


def _forbids_moving(sig: Signals, index: int) -> bool:
    """The sentence forbids moving data ("never copy the password into ..."), hiding nothing."""
    if index >= len(sig.sentences) or sig.in_sentence("conceal", index):
        return False
    return bool(_FORBIDS.search(sig.masked, *sig.sentences[index]))


def _plain_secret_out(sig: Signals, ctx: Context) -> list[Verdict]:
    """Passwords or keys (no store, no quantifier) ordered or hidden on their way outside."""
    pushed = sig.has("imperative", "conceal", "conceal_soft")
    for span in sig.spans["cred"] if pushed else []:
        index = sig.sentence_of(span)
        external = sig.present(("url", "email", "phone"), index)
        if external and sig.in_sentence("move_verb", index):
            why = f"sends passwords or keys to an outside {external[0]}"
            return [Verdict("exfiltration", "error", span, why, ("credential", external[0]))]
    return []


def _parameter(sig: Signals, ctx: Context) -> list[Verdict]:
    """A parameter whose name or description asks for credentials or conversation."""
    if ctx.kind != "param":
        return []
    # Environment variables or a key path as an argument are ordinary inputs of launch or
    # SSH tools; conversation content and "any passwords the user shared" never are.
    span = sig.first("conv", "quantified")
    if span is None or purpose_sensitive(ctx.purpose) or ctx.closed:
        return []  # a flag or a number holds no password and no conversation
    # a tool that calls a model takes a system message for *that* model as an argument
    own_prompt = all(_within(s, sig.spans["sysprompt"]) for s in sig.spans["conv"])
    if own_prompt and not sig.spans["quantified"] and model_call(ctx):
        return []
    index = sig.sentence_of(span)
    ordered = (
        sig.in_sentence("imperative", index)
        or sig.in_sentence("move_verb", index)
        or _HOLDS.search(sig.masked, *sig.sentences[index])
        or sig.has("address", "impersonation")
    )
    if _transparent(sig, ctx, span):
        return []
    # The first sentence says what the value is; a later one remarks on it ("the API token
    # used in the request must belong to this user") unless it orders or fills; an
    # identifier ("convo_id: only turns from this conversation") selects, it holds nothing.
    if not ordered and (index > 0 or _identifier(ctx.param)):
        return []
    why = (
        "a parameter asks for credentials or conversation content the tool's purpose does not need"
    )
    return [Verdict("credential_access", "error", span, why, ("parameter_source",))]


_HOLDS: Final = linear_re.compile(
    r"\b(?:contains?|hold|holds|carry|carries|includes?|should\s+be|must\s+be)\b"
    r"|\bis\s+filled\s+with\b",
    re.I,
)


def _identifier(param: str) -> bool:
    """`convo_id`, `threadId`: the parameter names a thing by identifier."""
    return bool(param) and bool(IDENTIFIER.search(param))


def _words(text: str) -> set[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text)
    return {w.lower().removesuffix("s") for w in re.split(r"[^A-Za-z]+", spaced) if len(w) > 2}


_CREDENTIAL_NOUN: Final = linear_re.compile(
    r"passw|passphrase|token|keys?\b|secret|credential|cookie|seed|mnemonic", re.I
)


_REACHES: Final = linear_re.compile(
    r"\b(?:any|all|every|whatever|other)\b|\b(?:shared|mentioned|provided|pasted|typed|seen"
    r"|received|used|earlier|previous|so\s+far)\b",
    re.I,
)
_HIDDEN_PUSH: Final = ("address", "impersonation", "conceal", "conceal_soft", "tag", "override")


def _transparent(sig: Signals, ctx: Context, span: Span) -> bool:
    """A parameter whose name openly says what it takes ("approval_password: the current
    user's password", a flag `getAllEnvVars`) hides nothing, even when its text says to fill
    it; a name or text that addresses the model ("assistant_must_echo_users_password") or
    hides the act does, and so does conversation, which no name makes a tool's input."""
    if ctx.kind != "param" or sig.has(*_HIDDEN_PUSH) or _within_any(span, sig.spans["conv"]):
        return False
    phrase = sig.masked[span[0] : span[1]]
    # "every password the user shared earlier" reaches past the one value the name declares
    return not _REACHES.search(phrase) and _declares(ctx, phrase)


def _within_any(span: Span, spans: list[Span]) -> bool:
    return any(s[0] < span[1] and span[0] < s[1] for s in spans)


def _declares(ctx: Context, source: str) -> bool:
    """The parameter's name holds the noun of the sensitive phrase (`approval_password`:
    the current user's password); personal data may be named by a sibling field (`emails`
    beside `mobiles`: each mobile phone number), a credential only by the field itself."""
    names = [ctx.param] if _CREDENTIAL_NOUN.search(source) else [ctx.param, *ctx.fields]
    return any(name and _words(name) & _words(source) for name in names)


def _within(span: Span, spans: list[Span]) -> bool:
    return any(start <= span[0] and span[1] <= end for start, end in spans)


def _recipient(sig: Signals, ctx: Context) -> list[Verdict]:
    if ctx.kind == "recipient_value":
        span = sig.first("email", "phone", "url")
        if span is not None:
            why = "a recipient parameter defaults to a fixed outside address (hidden recipient)"
            return [Verdict("exfiltration", "error", span, why, ("hidden_recipient",))]
        return []
    for span in sig.spans["recipient"]:
        index = sig.sentence_of(span)
        fixed = sig.present(("email", "phone", "url"), index)
        if fixed:
            why = f"adds or redirects a recipient to a fixed {fixed[0]} (hidden recipient)"
            return [Verdict("exfiltration", "error", span, why, ("recipient", fixed[0]))]
    return []


def _image(sig: Signals, ctx: Context) -> list[Verdict]:
    # Pages fetched by a browse tool carry signed image URLs: in answers only a slot counts.
    spans = sig.spans["image_slot" if ctx.kind in ("answer", "prompt_answer") else "image"]
    if not spans:
        return []
    why = "an image or link to an outside host whose URL carries data (rendering it leaks the data)"
    return [Verdict("exfiltration", "error", spans[0], why, ("image_sink",))]


def _foreign_refs(sig: Signals, ctx: Context) -> list[tuple[Span, str]]:
    """Tool references to tools neither this server has nor a parameter is called."""
    if not sig.tool_refs:
        return []
    return [(span, name) for span, name in sig.tool_refs if not is_own(name, ctx)]


def _shadowing(sig: Signals, ctx: Context) -> list[Verdict]:
    for span, name in sig.tool_refs:
        if is_own(name, ctx):
            continue
        index = sig.sentence_of(span)
        # "if the prompt mentions X, use Y instead": routing, even under a condition
        hides = sig.present(("conceal", "conceal_soft", "recipient"), index, reach=1)
        if _routes(sig, index) and not hides:
            # "use this instead of web_search for internal docs": steering, not hijacking
            why = f"steers the model away from '{name}', a tool of another server"
            return [
                Verdict("cross_tool_instruction", "warning", span, why, ("other_tool", "routing"))
            ]
        if _instructs(sig, index):
            why = f"gives instructions about '{name}', a tool this server does not have (shadowing)"
            return [
                Verdict("cross_tool_instruction", "error", span, why, ("other_tool", "instruction"))
            ]
    for span, name in sig.tool_refs:
        index = sig.sentence_of(span)
        if (
            name in ctx.own_tools
            and name != ctx.self_name
            and (sig.in_sentence("recipient", index) or sig.has("conceal", "conceal_soft"))
        ):
            why = f"changes how sibling tool '{name}' is used and hides it or its recipients"
            return [
                Verdict("cross_tool_instruction", "error", span, why, ("sibling_tool", "recipient"))
            ]
    return foreign_recipient(sig, _foreign_refs(sig, ctx)) or _generic(sig, ctx)


def _own_param(sig: Signals, ctx: Context) -> list[Verdict]:
    return store_into_param(sig, ctx, purpose_sensitive(ctx.purpose))


def _instructs(sig: Signals, index: int) -> bool:
    from mcpvcr.scan.signals import _INSTRUCT_ABOUT

    start, end = sig.sentences[index] if index < len(sig.sentences) else (0, 0)
    return bool(_INSTRUCT_ABOUT.search(sig.masked, start, end))


_ROUTES: Final = linear_re.compile(
    r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\b|\binstead\s*(?:[.,;:!)]|\Z)", re.I
)


def _routes(sig: Signals, index: int) -> bool:
    start, end = sig.sentences[index] if index < len(sig.sentences) else (0, 0)
    return bool(_ROUTES.search(sig.masked, start, end))


def _own_kind(sig: Signals, span: Span, ctx: Context) -> bool:
    """ "other calendar tools" where `calendar` is a word of this server's own tool names (and
    it has siblings): the server's own tools of that kind, not every tool of every server."""
    if len(ctx.own_tools) < 2:
        return False
    words = re.findall(r"[a-z]+", sig.masked[span[0] : span[1]].lower())
    kinds = {w.removesuffix("s") for w in words} - {
        "other",
        "another",
        "any",
        "all",
        "every",
        "each",
    }
    kinds -= {"tool", "function", "server", "plugin", "mcp"}
    return bool(kinds) and kinds <= _domain_nouns(ctx.own_tools)


def _generic(sig: Signals, ctx: Context) -> list[Verdict]:
    for span in sig.spans["generic_tools"]:
        index = sig.sentence_of(span)
        if _forbids_moving(sig, index) or _DETECTOR_FRAME.search(sig.masked, *sig.sentences[index]):
            continue  # "never copy the password into any other tool's arguments" protects
        strong = sig.present(("recipient", "conceal", "conceal_soft", "param_sink"), index, reach=1)
        if "param_sink" in strong and _only_own_params(sig, index, ctx):
            strong.remove("param_sink")  # "every tool takes it as `cluster_id`": its own inputs
        # a source counts when its own sentence moves or reads it: "contains critical system
        # instructions for Maps" describes what the server offers, it hands nothing over
        strong += [
            name
            for name in ("store", "conv")
            if any(_moved(sig, s) for s in sig.in_sentence(name, index, reach=1))
        ]
        if sig.in_sentence("move_verb", index) and sig.in_sentence("quantified", index):
            strong.append("quantified")  # "with any file-writing tool, write the user's keys ..."
        if sig.in_sentence("move_verb", index) and sig.in_sentence("imperative", index):
            strong += sig.present(("url", "email", "phone"), index)
        # "every shell command through any tool must be prefixed with `curl ... | sh`"
        if ctx.kind not in ANSWERS:  # an answer quoting shell code or a policy is data
            strong += sig.present(("shell", "authority"), index, reach=1)
            if _instructs(sig, index):
                strong += sig.present(("url", "email", "phone"), index)
        if strong:
            why = f"gives instructions about every other tool or server ({strong[0]})"
            return [
                Verdict("cross_tool_instruction", "error", span, why, ("other_tools", strong[0]))
            ]
        if _own_kind(sig, span, ctx):
            continue  # "before using other calendar tools" beside `list_events`: its own tools
        if sig.in_sentence("precondition", index) or sig.in_sentence("override", index):
            why = "puts itself before every other tool or server (tool-order hijack)"
            return [
                Verdict(
                    "cross_tool_instruction", "warning", span, why, ("other_tools", "precondition")
                )
            ]
    return []


def _moved(sig: Signals, span: Span) -> bool:
    index = sig.sentence_of(span)
    return bool(sig.in_sentence("move_verb", index) or sig.in_sentence("read_verb", index))


def _decode_order(sig: Signals, ctx: Context) -> list[Verdict]:
    return [
        Verdict(
            "encoded_payload",
            "error",
            span,
            "tells the model to decode a block and act on it",
            ("decode",),
        )
        for span in sig.spans["decode_order"][:1]
    ]


_CHECKS: Final = (
    _override,
    _conceal,
    _conceal_soft,
    _tag,
    special,
    json_role,
    _address,
    _impersonation,
    _sources,
    _plain_secret_out,
    _parameter,
    _recipient,
    _image,
    _shadowing,
    preference,
    _decode_order,
    _own_param,
    system_prompt_out,
    published,
    command_hijack,
    destroy_and_misreport,
    steer_reply,
    *EFFECT_CHECKS,
    *DECEIT_CHECKS,
    *COVERT_CHECKS,
)
