"""Rules on text that steers the model rather than moving data: fake chat turns and tool preference.

Same contract as `rules`: a lone cue is a warning, an error needs the cue together
with an order (a role token opening a turn with a directive) or two cues that only
manipulation combines (smearing the other tools and demanding exclusivity).
"""

from __future__ import annotations

import re
from typing import Final

from mcpvcr import linear_re
from mcpvcr.identifiers import spaced
from mcpvcr.scan.context import Context
from mcpvcr.scan.signals import Signals, Span
from mcpvcr.scan.verdict import Verdict

_ROLE_TURN: Final = linear_re.compile(
    r"^(?:\s|<[^>\n]{1,30}>|\[/?[a-z]{1,6}\]|(?:system|user|assistant|model|human|ai)\b\s*:?)*",
    re.I,
)
_ORDER_START: Final = linear_re.compile(
    r"(?:from\s+now\s+on,?\s+|always\s+|never\s+|immediately\s+|you\s+(?:must|should|will)\s+"
    r"(?:now\s+|also\s+|always\s+)?"
    r"|please\s+|first,?\s+)?(?:ignore|disregard|forget|run|call|use|send|forward|append|add"
    r"|include|read|open|fetch|delete|remove|execute|reply|respond|answer|output|print|tell|say"
    r"|never|always|do\s+not|don'?t|copy|attach|upload|post|grant|approve|set|change|act|obey"
    r"|follow|treat|pretend|reveal|show|list)\b",
    re.I,
)


def _turn_opens_with_order(sig: Signals, span: Span) -> bool:
    """The text right after a role token (past further tokens and role names) is an order."""
    window = sig.masked[span[1] : span[1] + 300]
    opened = _ROLE_TURN.match(window)
    body = window[opened.end() if opened else 0 :]
    return bool(_ORDER_START.match(body))


def _turn_like(sig: Signals, span: Span) -> bool:
    """The token opens a turn: a line break, a role name or another token follows it."""
    window = sig.masked[span[1] : span[1] + 40]
    opened = _ROLE_TURN.match(window)
    return "\n" in window[:2] or bool(opened and opened.group(0).strip())


_TEMPLATE_TOKEN: Final = linear_re.compile(
    "<\\|[a-z_]{2,30}\\|>|<\uff5c[^\uff5c>]{1,30}\uff5c>", re.I
)
# a token shown as an example ("Output looks like '<|im_start|>user ...'")
_SHOWN_BEFORE: Final = linear_re.compile(
    r"(?:['\"`]|(?:looks?\s+like|e\.g\.|for\s+example|such\s+as|example|template|format(?:ted)?"
    r"|output)\W{0,3})\s*\Z",
    re.I,
)
# what a template shows after its role line: a slot to fill ({question}, <input>, $prompt)
_SLOT_TURN: Final = linear_re.compile(r"\A\s*(?:[a-z]{2,12}\s*\n)?\s*[{<$]", re.I)


def _template_token(sig: Signals, span: Span) -> bool:
    """The token is a model's own chat-template token (`<|im_start|>`), not a legacy prefix."""
    return bool(_TEMPLATE_TOKEN.fullmatch(sig.folded.text[span[0] : span[1]].strip()))


def json_role(sig: Signals, ctx: Context) -> list[Verdict]:
    """A `{"role": "system", "content": ...}` message whose content gives orders is a fake turn
    (a parameter documenting the chat format quotes the shape, not an order)."""
    for span in sig.spans.get("json_role", []):
        content = sig.folded.text[span[1] : span[1] + 300]
        if _ORDER_START.match(content) or any(
            span[1] <= s[0] < span[1] + 300 for n in ("override", "conceal") for s in sig.spans[n]
        ):
            why = "a chat message object with a system role gives the model orders (a fake turn)"
            return [Verdict("poisoning_marker", "error", span, why, ("special_token", "order"))]
    return []


def special(sig: Signals, ctx: Context) -> list[Verdict]:
    spans = sig.spans["special"]
    if not spans:
        return []
    # The orders must follow the token closely: a long answer quoting a token is not a turn.
    for span in spans:
        index = sig.sentence_of(span)
        partners = [
            n
            for n in (
                "address",
                "imperative",
                "override",
                "conceal",
                "impersonation",
                "authority",
                "store",
                "conv",
                "recipient",
            )
            if any(
                index <= sig.sentence_of(s) <= index + 2 and s[0] >= span[0]
                for s in sig.spans.get(n, [])
            )
        ]
        if not _turn_like(sig, span):
            partners = []  # a token named in a list ("<|im_start|> and [INST] count as one")
        elif (
            ctx.kind != "answer"
            and _template_token(sig, span)
            and not _SLOT_TURN.match(sig.folded.text[span[1] : span[1] + 40])
            and not _SHOWN_BEFORE.search(sig.folded.text[max(0, span[0] - 40) : span[0]])
        ):
            partners.append("turn")  # a chat-template token opening a turn never belongs here
        if _turn_opens_with_order(sig, span):
            partners.append("order")
        if not partners:
            continue
        why = f"chat special tokens or role turns fake a new turn ({', '.join(partners)})"
        return [Verdict("poisoning_marker", "error", span, why, ("special_token", *partners))]
    why = "chat special tokens or role prefixes outside a code span"
    return [Verdict("poisoning_marker", "warning", spans[0], why, ("special_token",))]


def _field_name(sig: Signals, ctx: Context) -> bool:
    """The text is a schema property's own name ("unmatched_observations"): a word in a field
    name describes data and steers no tool choice (several cues still count)."""
    return ctx.kind == "param" and bool(ctx.param) and sig.folded.raw == spaced(ctx.param)


def preference(sig: Signals, ctx: Context) -> list[Verdict]:
    strong, soft = sig.spans["pref_strong"], sig.spans["pref_soft"]
    if strong:
        why = "disparages other tools or demands exclusivity (preference manipulation)"
        return [Verdict("preference_manipulation", "error", strong[0], why, ("exclusivity",))]
    # Either alone can be honest ("other tools cannot read Stripe charges", "use only this
    # for PDFs"); smearing the others and ordering exclusivity together is the attack.
    smear, only = sig.spans["pref_disparage"], sig.spans["pref_exclusive"]
    demand = only or soft or sig.spans["pref_named"] or sig.spans["pref_restricted"]
    if smear and demand:
        why = "calls other tools compromised or unsafe and demands to be used instead"
        span = min(smear[0], demand[0])
        return [Verdict("preference_manipulation", "error", span, why, ("disparage", "exclusive"))]
    if len(only) >= 2 or (only and soft):
        why = "demands exclusivity with several manipulation cues"
        return [Verdict("preference_manipulation", "error", only[0], why, ("exclusive",))]
    soft = soft + smear + only
    if len(soft) >= 2:
        why = (
            "advertises itself with several manipulation cues (superlatives, claims, 'always use')"
        )
        return [Verdict("preference_manipulation", "error", soft[0], why, ("advertising",))]
    if soft and not _field_name(sig, ctx):
        why = "advertising wording that steers tool choice"
        return [Verdict("preference_manipulation", "warning", soft[0], why, ("advertising",))]
    return []
