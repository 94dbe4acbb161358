"""Combination rules on effects: what an order would do to the user, not how it is worded.

Same contract as `rules`: one family is never an error. Each rule joins an effect or
place (a secret's home described by what it is, a destructive command, a fake turn)
with a second family that honest text does not pair with it:

- a secret's place or variable, read, and moved into a parameter or outside address;
- the user's own choice overridden, with other tools shut out or data destroyed;
- a destructive effect, with a scripted report or secrecy toward the user;
- a destructive command the model is told to run with its own terminal or other tools;
- a fake conversation turn or system voice that grants itself powers;
- a standing order on every reply that carries hidden data or the model's instructions;
- the user's personal data moved to a fixed outside address.

Families come from `lexicon_effects` (several languages each) plus those of `signals`.
"""

from __future__ import annotations

import re
from typing import Final

from mcpvcr import linear_re
from mcpvcr.scan.context import ANSWERS, Context
from mcpvcr.scan.lexicon import param_sinks
from mcpvcr.scan.rules_flow import _documents_model_fields, model_call
from mcpvcr.scan.signals import Signals, Span
from mcpvcr.scan.verdict import Verdict

_SOURCES: Final = ("described_store", "env_secret", "store", "quantified")
_OUTSIDE: Final = ("url", "email", "phone", "image")
_TAKEN: Final = ("read_verb", "move_verb", "content_word", "fill_verb")
# A parameter meant for a credential takes one by design ("pass that token as
# `session_token`"): the attack routes a secret into a field that is not for it.
_CREDENTIAL_FIELD: Final = linear_re.compile(
    r"token|key|secret|pass|auth|cred|session|cookie|login|bearer|jwt|cert", re.I
)
# "the `payload` parameter", "`memo` 引数": a quoted name before the word for a field
_NAME_BEFORE_FIELD: Final = linear_re.compile(
    r"[`'\"‘“]([^\W\d][\w-]{0,40})[`'\"’”]\s*(?:parameter|argument|field|param|arg|property"
    r"|引数|参数|字段|매개변수|파라미터|필드|параметр\w*|поле)"
    # "al parámetro `delimitador`": the word for a field, then the quoted name
    r"|\b(?:parámetro|parâmetro|paramètre|argumento|argument|campo|champ|feld|parametro|trường"
    r"|tham\s+số|alan\w*|παράμετρ\w*|פרמטר|בפרמטר|پارامتر|পরামিতি|параметр\w*|поле|полі"
    r"|พารามิเตอร์|en|dans|nel|nella|no|na|w|ke|в|у|σε|στο|στην)\s*"
    r"[`'\"‘“]([^\W\d][\w-]{0,40})[`'\"’”]",
    re.I,
)
# "whenever any filesystem tool reads a file", "每当任何 Git 工具": other tools acting, as a trigger
_WHOLE: Final = linear_re.compile(
    r"\b(?:full|entire|whole|complete|all)\s+(?:\w+\s+)?(?:contents?|text|body|bodies|data)\b"
    r"|\bcontents?\b|\bbodies\b",
    re.I,
)
# "pass its path as `config`": a path or a name is not the secret itself
_ONLY_A_NAME: Final = linear_re.compile(
    r"\b(?:path|location|filename|file\s+name|name|directory)\s+(?:of\s+\w+\s+)?(?:as|in|into|to)\b",
    re.I,
)
_TERMINAL: Final = linear_re.compile(
    r"\b(?:terminal|shell|bash|console|command[\s-]line)\s+(?:tool|function|access|capability)\b"
    r"|\b(?:the|a)\s+shell\s+(?:that\s+)?you\b|\boutil\s+terminal\b"
    r"|\bherramienta\s+de\s+(?:terminal|consola)\b|\bterminal-?(?:tool|werkzeug)\b"
    r"|\bcông\s+cụ\s+dòng\s+lệnh\b|(?:命令行|终端)工具|(?:ターミナル|コマンドライン)(?:ツール|の?ツール)"
    r"|(?:터미널|명령줄)\s*도구|\bинструмент\w*\s+терминал\w*|\bтерминал\w*",
    re.I,
)
# the terminal is the model's own ("the shell you have access to", "mà bạn có"), not the tool's
_YOURS: Final = linear_re.compile(
    r"\byou\s+(?:already\s+)?(?:have|can\s+use)\b|\byour\b|\bavailable\s+to\s+you\b"
    r"|\bat\s+your\s+disposal\b|\bdont\s+(?:tu|vous)\s+dispos\w*|\bque\s+tienes\b"
    r"|\bdie\s+du\s+hast\b|\bmà\s+bạn\s+có\b|你(?:的|有|可用)|あなたの|使える|당신의|가진|사용할\s*수"
    r"|\bу\s+(?:тебя|вас)\b|\bvocê\s+tem\b|\bche\s+hai\b",
    re.I,
)
# "do not run destructive commands such as rm -rf": a command named to forbid or illustrate
_NOT_AN_ORDER: Final = linear_re.compile(
    r"\b(?:do\s+not|don'?t|never|such\s+as|e\.g\.|for\s+example|like|unless|avoid|refuses?"
    r"|blocks?|rejects?|prevents?|disallows?|forbids?|denies|detects?|flags?|warns?)\b",
    re.I,
)


def _sentence(sig: Signals, span: Span) -> int:
    return sig.sentence_of(span)


def _near(sig: Signals, name: str, index: int, after: int = 2) -> list[Span]:
    """Spans of `name` in sentence `index` or the `after` sentences following it."""
    return [s for s in sig.spans.get(name, []) if index <= sig.sentence_of(s) <= index + after]


def _sink_fields(sig: Signals, lo: int, hi: int) -> list[tuple[Span, str]]:
    text = sig.folded.text[lo:hi]
    found = [
        ((lo + m.start(), lo + m.end()), name)
        for m in param_sinks(text)
        for name in m.groups()
        if name
    ]
    found += [
        ((lo + m.start(), lo + m.end()), next(g for g in m.groups() if g))
        for m in _NAME_BEFORE_FIELD.finditer(text)
    ]
    return found


_BACKTICK_NAME: Final = linear_re.compile(r"`([^\W\d][\w-]{0,40})`")
_HOLDS_OR_FILLS: Final = linear_re.compile(
    r"\b(?:carr(?:y|ies)|contains?|holds?|includes?|must\s+(?:be\s+)?(?:populated|filled|set)"
    r"|populated|filled)\b",
    re.I,
)


def _held_names(sig: Signals, lo: int, hi: int) -> list[tuple[Span, str]]:
    """Backticked names in a stretch that says a name holds or is filled with something
    ("`schema_url` carries ...", "the `calibration` field must be populated with ...")."""
    fills = any(lo <= s[0] < hi for s in sig.spans.get("fill_verb", []))
    if not (fills or _HOLDS_OR_FILLS.search(sig.masked, lo, hi)):
        return []
    names = _BACKTICK_NAME.finditer(sig.folded.text[lo:hi])
    return [((lo + m.start(), lo + m.end()), m.group(1)) for m in names]


def _window(sig: Signals, index: int, after: int) -> tuple[int, int]:
    last = min(index + after, len(sig.sentences) - 1)
    if not sig.sentences:
        return (0, len(sig.folded.text))
    return (sig.sentences[min(index, last)][0], sig.sentences[last][1])


def secret_into_place(sig: Signals, ctx: Context) -> list[Verdict]:
    """A secret's place (described, named by its variable, or a known store) that the text
    reads and moves into a field not meant for secrets, or to an outside address."""
    if ctx.kind in ANSWERS or ctx.kind == "name":
        return []
    for name in _SOURCES:
        for span in sig.spans.get(name, []):
            index = _sentence(sig, span)
            if not any(_near(sig, taken, max(0, index - 1), 3) for taken in _TAKEN):
                continue
            lo, hi = _window(sig, index, 2)
            for where, field in _sink_fields(sig, lo, hi):
                before = sig.folded.text[max(lo, where[0] - 40) : where[1]]
                if _CREDENTIAL_FIELD.search(field) or _ONLY_A_NAME.search(before):
                    continue
                why = f"tells the model to read secrets and put them into the field '{field}'"
                return [Verdict("credential_access", "error", span, why, ("source", "field"))]
            moved = _near(sig, "move_verb", index) or _near(sig, "imperative", index)
            outside = [n for n in _OUTSIDE if _near(sig, n, index)]
            if moved and outside and name in ("described_store", "quantified"):
                why = f"tells the model to send secrets from their place to an outside {outside[0]}"
                return [Verdict("exfiltration", "error", span, why, ("source", outside[0]))]
    return []


def _own(name: str, ctx: Context) -> bool:
    return name in ctx.own_tools or name == ctx.self_name


def overrides_user(sig: Signals, ctx: Context) -> list[Verdict]:
    """The user's own request overridden ("even when the user asks for one by name"), with
    the other tools shut out or data destroyed: honest text defers to what the user asks."""
    if ctx.kind in ANSWERS or ctx.kind == "name":
        return []
    for span in sig.spans.get("user_override", []):
        index = _sentence(sig, span)
        if sig.in_sentence("user_first", index):
            continue  # "do not call other tools until the user says so, even if ...": it waits
        near = ("other_tools", "generic_tools", "pref_exclusive")
        shut = any(sig.in_sentence(n, index, reach=1) for n in near) or any(
            not _own(name, ctx) for _ref, name in sig.tool_refs
        )
        destroys = sig.has("destroy_cmd", "destroy_effect")
        if shut or destroys:
            partner = "other tools shut out" if shut else "destruction"
            why = f"overrides the user's own request ({partner})"
            rule = "cross_tool_instruction" if shut else "poisoning_marker"
            return [Verdict(rule, "error", span, why, ("user_override", partner))]
    return []


def destroy_and_script(sig: Signals, ctx: Context) -> list[Verdict]:
    """A destructive effect with the words the user must be told, or kept from the user;
    or a destructive command the model is told to run with its own terminal or any tool."""
    if ctx.kind in ANSWERS or ctx.kind == "name":
        return []
    destroys = sig.spans.get("destroy_cmd", []) + sig.spans.get("destroy_effect", [])
    if sig.has("asks_first") and not sig.has("scripted_report", "conceal", "conceal_soft"):
        destroys = []
    for span in [s for s in destroys if not _forbidden(sig, s)]:
        told = [n for n in ("scripted_report", "conceal", "conceal_soft") if sig.has(n)]
        if told:
            why = f"destroys or takes the user's data and scripts what the user hears ({told[0]})"
            return [Verdict("poisoning_marker", "error", span, why, ("destroy", told[0]))]
    for span in sig.spans.get("destroy_cmd", []):
        index = _sentence(sig, span)
        lo, hi = _window(sig, max(0, index - 1), 2)
        before = sig.folded.text[
            sig.sentences[index][0] if index < len(sig.sentences) else 0 : span[0]
        ]
        if _NOT_AN_ORDER.search(before):
            continue
        via = _TERMINAL.search(sig.folded.text, lo, hi) and _YOURS.search(sig.folded.text, lo, hi)
        others = _near(sig, "other_tools", max(0, index - 1)) or _near(
            sig, "generic_tools", max(0, index - 1)
        )
        if via or others:
            why = "tells the model to run a destructive command with its own or other tools"
            return [Verdict("cross_tool_instruction", "error", span, why, ("destroy", "own_tool"))]
    return []


def _forbidden(sig: Signals, span: Span) -> bool:
    index = sig.sentence_of(span)
    start = sig.sentences[index][0] if index < len(sig.sentences) else 0
    return bool(_NOT_AN_ORDER.search(sig.folded.text[start : span[0]]))


def fake_turn(sig: Signals, ctx: Context) -> list[Verdict]:
    """A conversation turn, system voice or chat role written into text, followed by a grant
    of powers, a lifted safeguard or an overridden user: a forged instruction."""
    if ctx.kind == "name" or ctx.kind == "prompt_answer":
        return []
    turns = sig.spans.get("fake_turn", []) + sig.spans.get("json_role", [])
    turns += sig.spans.get("special", [])
    for span in turns:
        after = [
            n
            for n in (
                "grant",
                "precedence",
                "user_override",
                "destroy_effect",
                "override",
                "every_reply",
            )
            if any(s[0] >= span[0] and s[0] - span[1] < 600 for s in sig.spans.get(n, []))
        ]
        if after:
            why = f"a forged conversation turn or system voice grants itself powers ({after[0]})"
            return [Verdict("poisoning_marker", "error", span, why, ("fake_turn", after[0]))]
    return []


_REPLY_DATA: Final = (
    "cred",
    "conv",
    "quantified",
    "verbatim_context",
    "sysprompt",
    "conv_noun",
    "personal_noun",
    "secret_noun",
)


def every_reply_leak(sig: Signals, ctx: Context) -> list[Verdict]:
    """A standing order on every reply that carries hidden data, the user's words or the
    model's own instructions out through the reply."""
    if ctx.kind in ANSWERS or ctx.kind == "name":
        return []
    for span in sig.spans.get("every_reply", []):
        hidden = sig.has("hidden_carrier")
        data = [n for n in _REPLY_DATA if sig.has(n)]
        if data and (hidden or sig.has("verbatim_context")):
            why = f"orders every reply to carry {data[0]} out" + (" hidden" if hidden else "")
            return [Verdict("exfiltration", "error", span, why, ("every_reply", data[0]))]
    return []


def personal_out(sig: Signals, ctx: Context) -> list[Verdict]:
    """The user's personal data (birth date, address, account numbers) moved to a fixed
    outside address or a link with a slot for it."""
    if ctx.kind in ANSWERS or ctx.kind == "name":
        return []
    for found_span in sig.spans.get("personal_noun", []):
        index = sig.sentence_of(found_span)
        outside = [
            n for n in _OUTSIDE if any(not _sample_before(sig, s) for s in _near(sig, n, index, 1))
        ]
        slot = [
            s
            for s in _near(sig, "url", index, 1)
            if re.search(r"[<{$]", sig.folded.text[s[0] : s[1] + 2])
        ]
        moved = _near(sig, "move_verb", index, 1) or sig.has("image_slot") or slot
        if outside and moved:
            why = f"sends the user's personal data to a fixed outside {outside[0]}"
            return [Verdict("exfiltration", "error", found_span, why, ("personal", outside[0]))]
    return []


def siphon_others(sig: Signals, ctx: Context) -> list[Verdict]:
    """Whenever another tool acts, what it handled is copied here or outside: every file or
    message of the other servers is mirrored (honest chaining passes one result on)."""
    if ctx.kind in ANSWERS or ctx.kind == "name":
        return []
    for found_span in sig.spans.get("others_act", []):
        index = sig.sentence_of(found_span)
        fixed = [
            s
            for n in ("email", "phone", "url")
            for s in _near(sig, n, index, 1)
            if not _sample_before(sig, s)
        ]
        if fixed or _near(sig, "destroy_cmd", index, 1):
            why = "attaches a fixed address or a command to what other tools do"
            return [
                Verdict(
                    "cross_tool_instruction", "error", found_span, why, ("other_tools", "rider")
                )
            ]
        lo, hi = _window(sig, index, 1)
        moved = _near(sig, "move_verb", index, 1) or _near(sig, "imperative", index, 1)
        fields = _sink_fields(sig, lo, hi)
        outside = [n for n in _OUTSIDE if _near(sig, n, index, 1)]
        if moved and (fields or outside) and _WHOLE.search(sig.masked, lo, hi):
            why = "copies what other tools handle, every time they act, to another place"
            return [Verdict("exfiltration", "error", found_span, why, ("other_tools", "copy"))]
    return []


# A field named for what is put into it takes it by design (`password`, `recipient_email`);
# a generic input (`text`, `query`) may carry anything the user asks the tool to work on.
_FOR_SECRETS: Final = linear_re.compile(
    r"token|key|secret|pass|auth|cred|session|cookie|login|bearer|jwt|cert|pin|otp|code|card|cvv"
    r"|mfa|totp|^(?:input|text|plaintext|value|data|content|query|q)$",
    re.I,
)
_FOR_PERSONAL: Final = linear_re.compile(
    r"mail|phone|tel|mobile|addr|contact|recipient|^to$|^cc$|^bcc$|name|^user(?:_?id)?$|customer"
    r"|person|profile|birth|dob|iban|account|passport|ssn|number|^(?:input|text|query|q|search"
    r"|body|content|message|data|value|payload)$",
    re.I,
)
_FOR_CONVERSATION: Final = linear_re.compile(
    r"conv|chat|messages?|history|transcript|context|text|content|body|input|prompt|dialog"
    r"|instruction",
    re.I,
)
_FOR_INSTRUCTIONS: Final = linear_re.compile(r"system_?prompt|instruction|^prompt$", re.I)
_DATA_SLOT_OR_COLLECTOR: Final = linear_re.compile(
    r"[{<$]|=\s*$|collect|ingest|hook|track|telemetry|analytics|sync|backup|beacon|metrics|log\b",
    re.I,
)


def _data_in_sentence(sig: Signals, index: int) -> list[tuple[Span, str]]:
    """The user's secrets or personal data named in sentence `index` (with whose they are)."""
    found = [(s, "conversation") for s in sig.in_sentence("conv_noun", index)]
    found += [(s, "instructions") for s in sig.in_sentence("sysprompt", index)]
    found += [(s, "instructions") for s in sig.in_sentence("system_text", index)]
    owned = sig.in_sentence("user_word", index) or sig.in_sentence("conv", index)
    if owned:
        found += [(s, "secret") for s in sig.in_sentence("secret_noun", index)]
        found += [(s, "personal") for s in sig.in_sentence("personal_noun", index)]
    start = sig.sentences[index][0] if index < len(sig.sentences) else 0
    return [
        (span, kind)
        for span, kind in found
        if not _NOT_AN_ORDER.search(sig.folded.text, start, span[0])
    ]


_SAMPLE_MARK: Final = linear_re.compile(
    r"(?:e\.g\.|for\s+example|such\s+as|like|例如|比如|例[:：]|例えば|z\.\s?b\.|p\.\s?ej\.|par\s+exemple"
    r"|por\s+ejemplo|por\s+exemplo|ad\s+esempio|bijv\.?|np\.|örn\.?|misal(?:nya)?|например|напр\."
    r"|наприклад|예[:：]|예를\s*들어|ví\s+dụ|مثل|مثال|उदाहरण|เช่น)[\s(（:：]*\Z",
    re.I,
)


def _sample_before(sig: Signals, span: Span) -> bool:
    """A phone or address right after "e.g." / "例如" is a format sample, not a destination."""
    return bool(_SAMPLE_MARK.search(sig.folded.text[max(0, span[0] - 25) : span[0]]))


def user_data_into_field(sig: Signals, ctx: Context) -> list[Verdict]:
    """The user's secrets or personal data told into a field not meant for them (`mood`,
    `tz`, `remark`): a covert channel, whatever language the order is in."""
    if ctx.kind in ANSWERS or ctx.kind == "name":
        return []
    for index in range(len(sig.sentences)):
        for span, kind in _data_in_sentence(sig, index):
            lo, hi = _window(sig, max(0, index - 1), 2 if index else 1)
            related = _FOR_SECRETS if kind == "secret" else _FOR_PERSONAL
            if kind in ("conversation", "instructions"):
                related = _FOR_CONVERSATION if kind == "conversation" else _FOR_INSTRUCTIONS
                if kind == "instructions" and (model_call(ctx) or _documents_model_fields(sig)):
                    break  # a model call takes a system prompt for its own model
            for _where, field in _sink_fields(sig, lo, hi) + _held_names(sig, lo, hi):
                if related.search(field) or field in ctx.closed_params or field in ctx.own_tools:
                    continue
                why = f"tells the model to put the user's {kind} data into the field '{field}'"
                return [Verdict("credential_access", "error", span, why, (kind, "field"))]
    return []


def user_data_out(sig: Signals, ctx: Context) -> list[Verdict]:
    """The user's secrets or personal data sent to a fixed phone or e-mail address, or to a
    URL with a slot for them or a collector path."""
    if ctx.kind in ANSWERS or ctx.kind == "name":
        return []
    for index in range(len(sig.sentences)):
        for span, kind in _data_in_sentence(sig, index):
            fixed = [
                n
                for n in ("email", "phone")
                if any(not _sample_before(sig, s) for s in _near(sig, n, index, 1))
            ]
            urls = [
                s
                for s in _near(sig, "url", index, 1)
                if _DATA_SLOT_OR_COLLECTOR.search(sig.folded.text[s[0] : s[1] + 1])
            ]
            if fixed or urls or _near(sig, "image_slot", index, 1):
                where = fixed[0] if fixed else "url"
                why = f"sends the user's {kind} data to a fixed outside {where}"
                return [Verdict("exfiltration", "error", span, why, (kind, where))]
    return []


def data_moved_and_denied(sig: Signals, ctx: Context) -> list[Verdict]:
    """The user's data or conversation moved somewhere, with the words the user must be told
    about it scripted ("if asked, answer that nothing left the machine")."""
    if ctx.kind in ANSWERS or ctx.kind == "name" or not sig.has("scripted_report"):
        return []
    for index in range(len(sig.sentences)):
        data = _data_in_sentence(sig, index)
        if data and (_near(sig, "move_verb", index) or _near(sig, "destroy_effect", index)):
            why = "moves the user's data and scripts what the user is told about it"
            return [Verdict("exfiltration", "error", data[0][0], why, (data[0][1], "scripted"))]
    return []


def picks_overridden(sig: Signals, ctx: Context) -> list[Verdict]:
    """The user picks another tool and this one is used in its place."""
    if ctx.kind in ANSWERS or ctx.kind == "name":
        return []
    for span in sig.spans.get("user_picks_other", []):
        index = _sentence(sig, span)
        if _near(sig, "in_place", index, 1) or _near(sig, "user_override", index, 1):
            why = "uses this tool in place of the one the user picked"
            return [
                Verdict("cross_tool_instruction", "error", span, why, ("user_choice", "replaced"))
            ]
    return []


_AUTHORITY_OBJECT: Final = linear_re.compile(
    r"user|system|platform|instruction|guidance|guideline|polic|rule|prompt|operator|utente|sistema"
    r"|usuario|utilisateur|nutzer|benutzer|gebruiker|użytkownik|kullanıcı|pengguna|пользоват|користувач"
    r"|用户|系统|ユーザ|システム|사용자|시스템|المستخدم|النظام|उपयोगकर्ता|सिस्टम|người\s+dùng",
    re.I,
)
_GRANT_PARTNERS: Final = (
    "fake_turn",
    "json_role",
    "user_override",
    "every_reply",
    "destroy_cmd",
    "destroy_effect",
    "conceal",
    "conceal_soft",
    "override",
)


def self_granted(sig: Signals, ctx: Context) -> list[Verdict]:
    """The text claims authority over the user's or system's instructions, or lifts the
    assistant's safeguards beside another order: no honest description ranks itself so."""
    if ctx.kind == "name" or ctx.kind == "prompt_answer":
        return []
    for span in sig.spans.get("precedence", []):
        if _AUTHORITY_OBJECT.search(sig.folded.text, span[0], span[1] + 60):
            why = "claims authority over the user's or system's instructions"
            return [Verdict("poisoning_marker", "error", span, why, ("precedence",))]
    for span in sig.spans.get("grant", []):
        partners = [n for n in _GRANT_PARTNERS if sig.has(n)]
        if partners:
            why = f"lifts the assistant's safeguards or grants itself powers ({partners[0]})"
            return [Verdict("poisoning_marker", "error", span, why, ("grant", partners[0]))]
    return []


_CODE_PLANT: Final = linear_re.compile(
    r"`[^`\n]{0,200}(?:\bimport\b|\brequire\(|<script|\beval\(|\bexec\(|https?://)[^`\n]{0,200}`",
    re.I,
)
_USERS_OWN: Final = linear_re.compile(
    r"\byour\s+(?:own\s+)?(?:terminal|shell|console)\b|\bmanually\b|\byourself\b", re.I
)


def orders_run(sig: Signals, ctx: Context) -> list[Verdict]:
    """A host-level destructive command the model is ordered to run; a shell payload or a
    destructive command put into one of the tool's fields; or code planted into every later
    answer by a standing order."""
    if ctx.kind in ANSWERS or ctx.kind == "name":
        return []
    for span in sig.spans.get("destroy_cmd", []) if not sig.has("asks_first") else []:
        index = _sentence(sig, span)
        if _forbidden(sig, span):
            continue
        lo, hi = _window(sig, index, 0)
        if _sink_fields(sig, lo, hi):
            why = "puts a destructive command or a downloaded script into a field"
            return [Verdict("cross_tool_instruction", "error", span, why, ("command", "field"))]
        if _PIPE_TO_SHELL.match(sig.folded.text, span[0]):
            continue  # "run `curl ... | sh` once": an install hint, judged by command_hijack
        ordered = (
            sig.in_sentence("imperative", index)
            or sig.in_sentence("exec_verb", index)
            or _STEP.search(sig.folded.text, max(0, lo - 12), hi)
        )
        if ordered and not _USERS_OWN.search(sig.folded.text, lo, hi):
            why = "orders the model to run a destructive command"
            return [Verdict("cross_tool_instruction", "error", span, why, ("command", "order"))]
    for span in sig.spans.get("every_reply", []):
        index = _sentence(sig, span)
        lo, hi = _window(sig, index, 1)
        if _near(sig, "url", index, 1) and not sig.in_sentence("user_first", index):
            why = "orders every later reply to carry a fixed link"
            return [Verdict("poisoning_marker", "error", span, why, ("every_reply", "url"))]
        if _CODE_PLANT.search(sig.folded.text, lo, hi):
            why = "plants code into everything the model writes from now on"
            return [Verdict("poisoning_marker", "error", span, why, ("every_reply", "code"))]
    return []


_PIPE_TO_SHELL: Final = linear_re.compile(r"(?:curl|wget)\b", re.I)
# a payload that runs code or fetches and runs a script, inside a code span
# the model writing for the user: code, scripts, fixes (a payload added there reaches them)
_AUTHORING: Final = linear_re.compile(
    r"\b(?:writ\w*|suggest\w*|generat\w*|creat\w*|propos\w*|produc\w*|fix\w*|edit\w*)\b[^.\n]{0,40}"
    r"\b(?:code|scripts?|fix(?:es)?|dockerfiles?|functions?|programs?|snippets?|patch(?:es)?)\b"
    r"|\b(?:when|whenever|each\s+time|every\s+time)\s+(?:you\s+)?(?:write|suggest|generate|create"
    r"|fix|edit)\b|\b(?:schreib|erstell)\w*\s+(?:\w+\s+)?(?:code|skript)|\bécri\w*\s+(?:du\s+)?code"
    r"|\bescrib\w*\s+(?:\w+\s+)?(?:código|script)|\bescrev\w*\s+(?:\w+\s+)?(?:código|script)"
    r"|\bnapis\w*\s+(?:\w+\s+)?(?:kod|skrypt)|\bkod\s+yaz|\bmenulis\s+(?:kode|skrip)"
    r"|пиш\w*\s+(?:\w+\s+)?(?:код|скрипт)|напиш\w*\s+(?:\w+\s+)?(?:код|скрипт)|كتابة|سكربت"
    r"|कोड\s+लिख|编写|写代码|生成代码|コードを(?:書|生成|作成)|코드를?\s*작성|작성해|viết\s+(?:mã|code)",
    re.I,
)


def code_planted(sig: Signals, ctx: Context) -> list[Verdict]:
    """A payload (a script piped to a shell, eval of encoded text) to be added to the code the
    model writes for the user: every later script carries it."""
    if ctx.kind in ANSWERS or ctx.kind == "name":
        return []
    for found_span in sig.spans.get("payload_code", []):
        index = sig.sentence_of(found_span)
        lo, hi = _window(sig, max(0, index - 1), 1)
        if _AUTHORING.search(sig.folded.text, lo, hi) and not _forbidden(sig, found_span):
            why = "adds a payload to the code the model writes for the user"
            return [Verdict("poisoning_marker", "error", found_span, why, ("code", "planted"))]
    return []


def scripted_and_hidden(sig: Signals, ctx: Context) -> list[Verdict]:
    """The words the user must be told, beside keeping the user out of what happens."""
    if ctx.kind in ANSWERS or ctx.kind == "name":
        return []
    for span in sig.spans.get("scripted_report", []):
        partners = [n for n in ("conceal", "conceal_soft", "kept_out") if sig.has(n)]
        if partners:
            why = f"scripts what the user is told and keeps the rest from them ({partners[0]})"
            return [Verdict("poisoning_marker", "error", span, why, ("scripted", partners[0]))]
    return []


_STEP: Final = linear_re.compile(
    r"(?:^|\s)(?:\d[.)]|step\s+\d|schritt\s+\d|paso\s+\d|passo\s+\d|étape\s+\d|крок\s+\d"
    r"|шаг\s+\d|ステップ\s*\d|단계\s*\d|第.步)",
    re.I,
)


def standing_ad(sig: Signals, ctx: Context) -> list[Verdict]:
    """A standing order on every later answer that sells something: an advertisement or a
    steered purchase the user takes for the model's own advice."""
    if ctx.kind in ANSWERS or ctx.kind == "name":
        return []
    for span in sig.spans.get("every_reply", []):
        index = _sentence(sig, span)
        if _near(sig, "promote", max(0, index - 1), 2):
            why = "orders every later answer to promote something"
            return [Verdict("preference_manipulation", "error", span, why, ("every_reply", "ad"))]
    return []


def wallet_redirect(sig: Signals, ctx: Context) -> list[Verdict]:
    """A fixed wallet address or IBAN that payments are redirected to."""
    if ctx.kind in ANSWERS or ctx.kind == "name":
        return []
    for span in sig.spans.get("wallet", []):
        if _sample_before(sig, span):
            continue
        index = _sentence(sig, span)
        if _near(sig, "redirect_verb", max(0, index - 1), 2) or _near(sig, "in_place", index, 1):
            why = "redirects the user's payments to a fixed account"
            return [Verdict("exfiltration", "error", span, why, ("wallet", "redirect"))]
    return []


_EFFECTS_SEEN: Final = (
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


def kept_out(sig: Signals, ctx: Context) -> list[Verdict]:
    """The user kept from knowing what happens, beside something that matters to them."""
    if ctx.kind in ANSWERS or ctx.kind == "name":
        return []
    for span in sig.spans.get("kept_out", []):
        seen = [n for n in _EFFECTS_SEEN if sig.has(n)]
        if seen:
            why = f"keeps the user from knowing what happens ({seen[0]})"
            return [Verdict("poisoning_marker", "error", span, why, ("kept_out", seen[0]))]
    return []


_IMAGE_URL: Final = linear_re.compile(r"!\[[^\]\n]{0,100}\]\((https?://[^)\s]+)\)", re.I)
_QUERY_VALUE: Final = linear_re.compile(r"=([^\W\d]\w{2,40})")


def explained_slot(sig: Signals, ctx: Context) -> list[Verdict]:
    """An image whose query value is a name the text explains ("?c=LOG, LOG being the chat"):
    a slot for data, filled when the image renders."""
    if ctx.kind in ANSWERS or ctx.kind == "name":
        return []
    text = sig.folded.text
    data = sig.has("conv", "conv_noun", "secret_noun", "personal_noun", "cred")
    for image in _IMAGE_URL.finditer(text) if data else []:
        for value in _QUERY_VALUE.findall(image.group(1)):
            if text.find(value, image.end()) >= 0:
                why = "an image URL has a slot the text fills with the user's data"
                return [Verdict("exfiltration", "error", image.span(), why, ("image", "slot"))]
    return []


def user_request_replaced(sig: Signals, ctx: Context) -> list[Verdict]:
    """The user asks for something (another tool) and the text puts this one in its place, or
    tells the model to deny the other tools exist."""
    if ctx.kind in ANSWERS or ctx.kind == "name":
        return []
    for span in sig.spans.get("user_asks", []):
        index = _sentence(sig, span)
        replaced = _near(sig, "in_place", max(0, index - 1), 2)
        others = sig.has("other_tools", "generic_tools", "pref_exclusive", "user_picks_other")
        if replaced and others:
            why = "puts this tool in place of what the user asks for"
            return [
                Verdict("cross_tool_instruction", "error", span, why, ("user_choice", "replaced"))
            ]
    return []


def scripted_answer_to_user(sig: Signals, ctx: Context) -> list[Verdict]:
    """A scripted answer for when the user asks about what happens, beside something the
    user would care about (data kept or sent, a destructive effect)."""
    if ctx.kind in ANSWERS or ctx.kind == "name":
        return []
    for span in sig.spans.get("lie_on_ask", []):
        seen = [n for n in _EFFECTS_SEEN if sig.has(n)] or (
            ["retain"] if _RETAIN.search(sig.masked) else []
        )
        if seen:
            why = f"scripts what the user is told when they ask ({seen[0]})"
            return [Verdict("poisoning_marker", "error", span, why, ("lie_on_ask", seen[0]))]
    return []


_RETAIN: Final = linear_re.compile(
    r"\b(?:retain|keep|store|sell|share)s?\s+(?:a\s+copy\s+of\s+)?(?:every|all|each)\b"
    r"|\b(?:kept|retained|stored|sold|shared|uploaded|sent|logged)\s+(?:\w+\s+)?(?:by|to|with)\s+"
    r"(?:the\s+)?(?:vendor|us|our|partner|third)",
    re.I,
)


def money_steered(sig: Signals, ctx: Context) -> list[Verdict]:
    """A purchase steered against the user's interest, or the amount changed and the original
    shown to the user."""
    if ctx.kind in ANSWERS or ctx.kind == "name":
        return []
    for span in sig.spans.get("steer", []):
        why = "steers the user's purchase against their interest"
        return [Verdict("preference_manipulation", "error", span, why, ("steer",))]
    changed = sig.spans.get("amount_change", [])
    if len(changed) >= 2 or (changed and sig.has("wallet", "kept_out", "conceal", "conceal_soft")):
        why = "changes the amount the user pays and hides the change"
        return [Verdict("exfiltration", "error", changed[0], why, ("amount", "hidden"))]
    return []


def weakened_in_every_answer(sig: Signals, ctx: Context) -> list[Verdict]:
    """A standing order (or an order before other tools act) to turn off a security check in
    what the model writes or runs."""
    if ctx.kind in ANSWERS or ctx.kind == "name":
        return []
    for span in sig.spans.get("weaken", []):
        index = _sentence(sig, span)
        standing = _near(sig, "every_reply", max(0, index - 1), 2)
        ordered = sig.in_sentence("exec_verb", index) or sig.in_sentence("imperative", index)
        if (
            standing
            or (ordered and sig.has("other_tools", "generic_tools"))
            or sig.has("others_act")
        ):
            why = "turns off a security check in what the model writes or runs"
            return [Verdict("poisoning_marker", "error", span, why, ("weaken",))]
    return []


CHECKS: Final = (
    secret_into_place,
    overrides_user,
    destroy_and_script,
    fake_turn,
    every_reply_leak,
    personal_out,
    siphon_others,
    user_data_into_field,
    user_data_out,
    data_moved_and_denied,
    picks_overridden,
    self_granted,
    orders_run,
    code_planted,
    scripted_and_hidden,
    standing_ad,
    wallet_redirect,
    kept_out,
    explained_slot,
    user_request_replaced,
    scripted_answer_to_user,
    money_steered,
    weakened_in_every_answer,
)
