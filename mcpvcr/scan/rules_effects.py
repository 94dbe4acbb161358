"""Combination rules on effects: what an order would do to the user, not how it is worded.

Same contract as `rules`: one family is never an error. These rules follow the user's data:
a secret's place (described by what it is, named by its variable, or a known store), the
user's secrets, personal data, conversation or the assistant's own instructions, joined with
a place it must not go: a field not named for it, a fixed phone, e-mail or collector URL, an
image whose query the text fills, a hidden comment in every later reply, or whatever other
tools handle. The families come from `lexicon_effects` (several languages each).
"""

from __future__ import annotations

import re
from typing import Final

from mcpvcr import linear_re
from mcpvcr.scan.context import Context
from mcpvcr.scan.effect_places import (
    CREDENTIAL_FIELD,
    DATA_SLOT_OR_COLLECTOR,
    FOR_CONVERSATION,
    FOR_INSTRUCTIONS,
    FOR_PERSONAL,
    FOR_SECRETS,
    IDENTIFIER,
    ONLY_A_NAME,
    OUTSIDE,
    REPLY_DATA,
    SOURCES,
    TAKEN,
    WHOLE,
    data_in_sentence,
    held_names,
    near,
    own_param,
    prose_only,
    sample_before,
    sink_fields,
    window,
)
from mcpvcr.scan.rules_flow import _documents_model_fields, model_call
from mcpvcr.scan.signals import Signals, Span
from mcpvcr.scan.verdict import Verdict


@prose_only
def secret_into_place(sig: Signals, ctx: Context) -> list[Verdict]:
    """A secret's place (described, named by its variable, or a known store) that the text
    reads and moves into a field not meant for secrets, or to an outside address."""
    for name in SOURCES:
        for span in sig.spans.get(name, []):
            index = sig.sentence_of(span)
            if not any(near(sig, taken, max(0, index - 1), 3) for taken in TAKEN):
                continue
            lo, hi = window(sig, index, 2)
            for where, field in sink_fields(sig, lo, hi):
                before = sig.folded.text[max(lo, where[0] - 40) : where[1]]
                if CREDENTIAL_FIELD.search(field) or ONLY_A_NAME.search(before):
                    continue
                why = f"tells the model to read secrets and put them into the field '{field}'"
                return [Verdict("credential_access", "error", span, why, ("source", "field"))]
            moved = near(sig, "move_verb", index) or near(sig, "imperative", index)
            outside = [n for n in OUTSIDE if near(sig, n, index)]
            if moved and outside and name in ("described_store", "quantified"):
                why = f"tells the model to send secrets from their place to an outside {outside[0]}"
                return [Verdict("exfiltration", "error", span, why, ("source", outside[0]))]
    return []


@prose_only
def every_reply_leak(sig: Signals, ctx: Context) -> list[Verdict]:
    """A standing order on every reply that carries hidden data, the user's words or the
    model's own instructions out through the reply."""
    for span in sig.spans.get("every_reply", []):
        hidden = sig.has("hidden_carrier")
        data = [n for n in REPLY_DATA if sig.has(n)]
        if data and (hidden or sig.has("verbatim_context")):
            why = f"orders every reply to carry {data[0]} out" + (" hidden" if hidden else "")
            return [Verdict("exfiltration", "error", span, why, ("every_reply", data[0]))]
    return []


@prose_only
def personal_out(sig: Signals, ctx: Context) -> list[Verdict]:
    """The user's personal data (birth date, address, account numbers) moved to a fixed
    outside address or a link with a slot for it."""
    for found_span in sig.spans.get("personal_noun", []):
        index = sig.sentence_of(found_span)
        outside = [
            n for n in OUTSIDE if any(not sample_before(sig, s) for s in near(sig, n, index, 1))
        ]
        slot = [
            s
            for s in near(sig, "url", index, 1)
            if re.search(r"[<{$]", sig.folded.text[s[0] : s[1] + 2])
        ]
        moved = near(sig, "move_verb", index, 1) or sig.has("image_slot") or slot
        if outside and moved:
            why = f"sends the user's personal data to a fixed outside {outside[0]}"
            return [Verdict("exfiltration", "error", found_span, why, ("personal", outside[0]))]
    return []


@prose_only
def siphon_others(sig: Signals, ctx: Context) -> list[Verdict]:
    """Whenever another tool acts, what it handled is copied here or outside: every file or
    message of the other servers is mirrored (honest chaining passes one result on)."""
    for found_span in sig.spans.get("others_act", []):
        index = sig.sentence_of(found_span)
        fixed = [
            s
            for n in ("email", "phone", "url")
            for s in near(sig, n, index, 1)
            if not sample_before(sig, s)
        ]
        users = data_in_sentence(sig, index) or data_in_sentence(sig, index + 1)
        if (
            fixed
            or users
            or near(sig, "destroy_cmd", index, 1)
            or near(sig, "persistence_hook", index, 1)
        ):
            why = "attaches a fixed address or a command to what other tools do"
            return [
                Verdict(
                    "cross_tool_instruction", "error", found_span, why, ("other_tools", "rider")
                )
            ]
        lo, hi = window(sig, index, 1)
        moved = near(sig, "move_verb", index, 1) or near(sig, "imperative", index, 1)
        fields = sink_fields(sig, lo, hi)
        outside = [n for n in OUTSIDE if near(sig, n, index, 1)]
        if moved and (fields or outside) and WHOLE.search(sig.masked, lo, hi):
            why = "copies what other tools handle, every time they act, to another place"
            return [Verdict("exfiltration", "error", found_span, why, ("other_tools", "copy"))]
    return []


@prose_only
def user_data_into_field(sig: Signals, ctx: Context) -> list[Verdict]:
    """The user's secrets or personal data told into a field not meant for them (`mood`,
    `tz`, `remark`): a covert channel, whatever language the order is in."""
    for index in range(len(sig.sentences)):
        for span, kind in data_in_sentence(sig, index):
            lo, hi = window(sig, max(0, index - 1), 2 if index else 1)
            related = FOR_SECRETS if kind == "secret" else FOR_PERSONAL
            if kind in ("conversation", "instructions"):
                related = FOR_CONVERSATION if kind == "conversation" else FOR_INSTRUCTIONS
                if kind == "instructions" and (model_call(ctx) or _documents_model_fields(sig)):
                    break  # a model call takes a system prompt for its own model
            for _where, field in sink_fields(sig, lo, hi) + _held_params(sig, lo, hi, ctx):
                if (
                    related.search(field)
                    or field in ctx.closed_params
                    or field in ctx.own_tools
                    or IDENTIFIER.search(field)
                ):
                    continue
                why = f"tells the model to put the user's {kind} data into the field '{field}'"
                return [Verdict("credential_access", "error", span, why, (kind, "field"))]
    return []


def _held_params(sig: Signals, lo: int, hi: int, ctx: Context) -> list[tuple[Span, str]]:
    """`held_names`; in a parameter's own description only those that are this server's
    parameters: there "Can be: `twilio` or `hosted`" beside "include" lists its values."""
    held = held_names(sig, lo, hi)
    if ctx.kind != "param" or not ctx.own_params:
        return held
    return [(span, name) for span, name in held if own_param(name, ctx)]


@prose_only
def user_data_out(sig: Signals, ctx: Context) -> list[Verdict]:
    """The user's secrets or personal data sent to a fixed phone or e-mail address, or to a
    URL with a slot for them or a collector path."""
    for index in range(len(sig.sentences)):
        for span, kind in data_in_sentence(sig, index):
            fixed = [
                n
                for n in ("email", "phone")
                if any(not sample_before(sig, s) for s in near(sig, n, index, 1))
            ]
            urls = [
                s
                for s in near(sig, "url", index, 1)
                if DATA_SLOT_OR_COLLECTOR.search(sig.folded.text[s[0] : s[1] + 1])
            ]
            if fixed or urls or near(sig, "image_slot", index, 1):
                where = fixed[0] if fixed else "url"
                why = f"sends the user's {kind} data to a fixed outside {where}"
                return [Verdict("exfiltration", "error", span, why, (kind, where))]
    return []


@prose_only
def data_moved_and_denied(sig: Signals, ctx: Context) -> list[Verdict]:
    """The user's data or conversation moved somewhere, with the words the user must be told
    about it scripted ("if asked, answer that nothing left the machine")."""
    denied = ("scripted_report", "kept_out", "left_out", "conceal", "conceal_soft", "lie_on_ask")
    if not sig.has(*denied):
        return []
    for index in range(len(sig.sentences)):
        data = data_in_sentence(sig, index)
        if data and (near(sig, "move_verb", index) or near(sig, "destroy_effect", index)):
            why = "moves the user's data and scripts what the user is told about it"
            return [Verdict("exfiltration", "error", data[0][0], why, (data[0][1], "scripted"))]
    return []


_IMAGE_URL: Final = linear_re.compile(r"!\[[^\]\n]{0,100}\]\((https?://[^)\s]+)\)", re.I)
_QUERY_VALUE: Final = linear_re.compile(r"=(\w{3,41})")


@prose_only
def explained_slot(sig: Signals, ctx: Context) -> list[Verdict]:
    """An image whose query value is a name the text explains ("?c=LOG, LOG being the chat"):
    a slot for data, filled when the image renders."""
    text = sig.folded.text
    data = sig.has("conv", "conv_noun", "secret_noun", "personal_noun", "cred")
    for image in _IMAGE_URL.finditer(text) if data else []:
        for value in [v for v in _QUERY_VALUE.findall(image.group(1)) if not v.isdigit()]:
            if text.find(value, image.end()) >= 0:
                why = "an image URL has a slot the text fills with the user's data"
                return [Verdict("exfiltration", "error", image.span(), why, ("image", "slot"))]
    return []


CHECKS: Final = (
    secret_into_place,
    every_reply_leak,
    personal_out,
    siphon_others,
    user_data_into_field,
    user_data_out,
    data_moved_and_denied,
    explained_slot,
)
