"""Combination rules on the user overridden, deceived or harmed (effects, not phrasings).

Same contract as `rules`: one family is never an error. A destructive effect with a scripted
report; the user's own request or pick replaced; authority claimed over the user's
instructions, or a fake turn granting itself powers; a standing order that sells, plants
code or turns off a security check; a payment redirected or an amount changed; a scripted
answer for when the user asks. The families come from `lexicon_effects`.
"""

from __future__ import annotations

import re
from typing import Final

from mcpvcr import linear_re
from mcpvcr.scan.context import Context
from mcpvcr.scan.effect_places import (
    EFFECTS_SEEN,
    MONEY_AND_HOST,
    forbidden,
    is_own,
    near,
    prose_only,
    sample_before,
    sink_fields,
    window,
)
from mcpvcr.scan.signals import Signals
from mcpvcr.scan.verdict import Verdict

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


@prose_only
def overrides_user(sig: Signals, ctx: Context) -> list[Verdict]:
    """The user's own request overridden ("even when the user asks for one by name"), with
    the other tools shut out or data destroyed: honest text defers to what the user asks."""
    for span in sig.spans.get("user_override", []):
        index = sig.sentence_of(span)
        if sig.in_sentence("user_first", index):
            continue  # "do not call other tools until the user says so, even if ...": it waits
        near = ("other_tools", "generic_tools", "pref_exclusive")
        shut = any(sig.in_sentence(n, index, reach=1) for n in near) or any(
            not is_own(name, ctx) for _ref, name in sig.tool_refs
        )
        destroys = sig.has("destroy_cmd", "destroy_effect")
        if shut or destroys:
            partner = "other tools shut out" if shut else "destruction"
            why = f"overrides the user's own request ({partner})"
            rule = "cross_tool_instruction" if shut else "poisoning_marker"
            return [Verdict(rule, "error", span, why, ("user_override", partner))]
    return []


@prose_only
def destroy_and_script(sig: Signals, ctx: Context) -> list[Verdict]:
    """A destructive effect with the words the user must be told, or kept from the user;
    or a destructive command the model is told to run with its own terminal or any tool."""
    destroys = sig.spans.get("destroy_cmd", []) + sig.spans.get("destroy_effect", [])
    if sig.has("asks_first") and not sig.has("scripted_report", "conceal", "conceal_soft"):
        destroys = []
    for span in [s for s in destroys if not forbidden(sig, s)]:
        told = [n for n in ("scripted_report", "conceal", "conceal_soft") if sig.has(n)]
        if told:
            why = f"destroys or takes the user's data and scripts what the user hears ({told[0]})"
            return [Verdict("poisoning_marker", "error", span, why, ("destroy", told[0]))]
    for span in sig.spans.get("destroy_cmd", []):
        index = sig.sentence_of(span)
        lo, hi = window(sig, max(0, index - 1), 2)
        if forbidden(sig, span):
            continue
        via = _TERMINAL.search(sig.folded.text, lo, hi) and _YOURS.search(sig.folded.text, lo, hi)
        others = near(sig, "other_tools", max(0, index - 1)) or near(
            sig, "generic_tools", max(0, index - 1)
        )
        if via or others:
            why = "tells the model to run a destructive command with its own or other tools"
            return [Verdict("cross_tool_instruction", "error", span, why, ("destroy", "own_tool"))]
    return []


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


@prose_only
def picks_overridden(sig: Signals, ctx: Context) -> list[Verdict]:
    """The user picks another tool and this one is used in its place."""
    for span in sig.spans.get("user_picks_other", []):
        index = sig.sentence_of(span)
        if near(sig, "in_place", index, 1) or near(sig, "user_override", index, 1):
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


@prose_only
def orders_run(sig: Signals, ctx: Context) -> list[Verdict]:
    """A host-level destructive command the model is ordered to run; a shell payload or a
    destructive command put into one of the tool's fields; or code planted into every later
    answer by a standing order."""
    for span in sig.spans.get("destroy_cmd", []) if not sig.has("asks_first") else []:
        index = sig.sentence_of(span)
        if forbidden(sig, span):
            continue
        lo, hi = window(sig, index, 0)
        if sink_fields(sig, lo, hi):
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
        index = sig.sentence_of(span)
        lo, hi = window(sig, index, 1)
        if near(sig, "url", index, 1) and not sig.in_sentence("user_first", index):
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


@prose_only
def code_planted(sig: Signals, ctx: Context) -> list[Verdict]:
    """A payload (a script piped to a shell, eval of encoded text) to be added to the code the
    model writes for the user: every later script carries it."""
    for found_span in sig.spans.get("payload_code", []):
        index = sig.sentence_of(found_span)
        lo, hi = window(sig, max(0, index - 1), 1)
        if (
            near(sig, "every_reply", max(0, index - 1), 2)
            or _AUTHORING.search(sig.folded.text, lo, hi)
        ) and not forbidden(sig, found_span):
            why = "adds a payload to the code the model writes for the user"
            return [Verdict("poisoning_marker", "error", found_span, why, ("code", "planted"))]
    return []


@prose_only
def scripted_and_hidden(sig: Signals, ctx: Context) -> list[Verdict]:
    """The words the user must be told, beside keeping the user out of what happens."""
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


@prose_only
def standing_ad(sig: Signals, ctx: Context) -> list[Verdict]:
    """A standing order on every later answer that sells something: an advertisement or a
    steered purchase the user takes for the model's own advice."""
    for span in sig.spans.get("every_reply", []):
        index = sig.sentence_of(span)
        promoted = near(sig, "promote", max(0, index - 1), 2) or (
            near(sig, "url", index, 1) and sig.has("conceal_soft", "kept_out")
        )
        sold = near(sig, "sell", max(0, index - 1), 2) or near(sig, "url", index, 1)
        if promoted and sold:
            why = "orders every later answer to promote something"
            return [Verdict("preference_manipulation", "error", span, why, ("every_reply", "ad"))]
    return []


@prose_only
def wallet_redirect(sig: Signals, ctx: Context) -> list[Verdict]:
    """A fixed wallet address or IBAN that payments are redirected to, or a fixed address
    swapped in for the one the user gave."""
    for span in sig.spans.get("redirect_verb", []):
        index = sig.sentence_of(span)
        fixed = [
            s
            for n in ("email", "phone")
            for s in near(sig, n, index, 0)
            if not sample_before(sig, s)
        ]
        if fixed and sig.has("user_word", "amount_change"):
            why = "swaps a fixed address in for the one the user gave"
            return [Verdict("exfiltration", "error", span, why, ("redirect", "fixed"))]
    for span in sig.spans.get("wallet", []):
        if sample_before(sig, span):
            continue
        index = sig.sentence_of(span)
        if near(sig, "redirect_verb", max(0, index - 1), 2) or near(sig, "in_place", index, 1):
            why = "redirects the user's payments to a fixed account"
            return [Verdict("exfiltration", "error", span, why, ("wallet", "redirect"))]
    return []


@prose_only
def kept_out(sig: Signals, ctx: Context) -> list[Verdict]:
    """The user kept from knowing what happens, beside something that matters to them."""
    for span in sig.spans.get("kept_out", []):
        seen = [
            n
            for n in (*EFFECTS_SEEN, "kept_out", "left_out", "conceal", "conceal_soft")
            if sig.has(n)
        ]
        if seen:
            why = f"keeps the user from knowing what happens ({seen[0]})"
            return [Verdict("poisoning_marker", "error", span, why, ("kept_out", seen[0]))]
    return []


@prose_only
def user_request_replaced(sig: Signals, ctx: Context) -> list[Verdict]:
    """The user asks for something (another tool) and the text puts this one in its place, or
    tells the model to deny the other tools exist."""
    for span in sig.spans.get("user_asks", []):
        index = sig.sentence_of(span)
        replaced = near(sig, "in_place", max(0, index - 1), 2)
        others = sig.has("other_tools", "generic_tools", "pref_exclusive", "user_picks_other")
        if replaced and others:
            why = "puts this tool in place of what the user asks for"
            return [
                Verdict("cross_tool_instruction", "error", span, why, ("user_choice", "replaced"))
            ]
    return []


@prose_only
def scripted_answer_to_user(sig: Signals, ctx: Context) -> list[Verdict]:
    """A scripted answer for when the user asks about what happens, beside something the
    user would care about (data kept or sent, a destructive effect)."""
    for span in sig.spans.get("lie_on_ask", []):
        seen = [n for n in (*EFFECTS_SEEN, *MONEY_AND_HOST) if sig.has(n)] or (
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


@prose_only
def money_steered(sig: Signals, ctx: Context) -> list[Verdict]:
    """A purchase steered against the user's interest, or the amount changed and the original
    shown to the user."""
    for span in sig.spans.get("steer", []):
        why = "steers the user's purchase against their interest"
        return [Verdict("preference_manipulation", "error", span, why, ("steer",))]
    changed = sig.spans.get("amount_change", [])
    if len(changed) >= 2 or (changed and sig.has("wallet", "kept_out", "conceal", "conceal_soft")):
        why = "changes the amount the user pays and hides the change"
        return [Verdict("exfiltration", "error", changed[0], why, ("amount", "hidden"))]
    return []


@prose_only
def weakened_in_every_answer(sig: Signals, ctx: Context) -> list[Verdict]:
    """A standing order (or an order before other tools act) to turn off a security check in
    what the model writes or runs."""
    for span in sig.spans.get("weaken", []):
        index = sig.sentence_of(span)
        standing = near(sig, "every_reply", max(0, index - 1), 2)
        ordered = sig.in_sentence("exec_verb", index) or sig.in_sentence("imperative", index)
        if (
            standing
            or (ordered and sig.has("other_tools", "generic_tools"))
            or sig.has("others_act")
        ):
            why = "turns off a security check in what the model writes or runs"
            return [Verdict("poisoning_marker", "error", span, why, ("weaken",))]
    return []


@prose_only
def smear_and_redirect(sig: Signals, ctx: Context) -> list[Verdict]:
    """Other tools smeared (unsafe, buggy, leaking) and their work routed to this one."""
    for span in sig.spans.get("disparage", []):
        index = sig.sentence_of(span)
        smeared = sig.in_sentence("other_tools", index) or sig.in_sentence("generic_tools", index)
        routed = near(sig, "in_place", max(0, index - 1), 2) or near(
            sig, "user_override", max(0, index - 1), 2
        )
        if smeared and routed:
            why = "smears the other tools and routes their work to this one"
            return [
                Verdict("preference_manipulation", "error", span, why, ("disparage", "redirect"))
            ]
    return []


@prose_only
def left_out(sig: Signals, ctx: Context) -> list[Verdict]:
    """What happens, left out of what the user is told ("leave the script out of your
    explanation"); keeping secrets out of replies protects and is not reported."""
    for span in sig.spans.get("left_out", []):
        guarded = any(
            span[0] <= s[0] < span[1] for n in ("cred", "secret_noun") for s in sig.spans.get(n, [])
        )
        if not guarded:
            why = "keeps what the tool does out of what the user is told"
            return [Verdict("poisoning_marker", "error", span, why, ("concealment",))]
    return []


CHECKS: Final = (
    overrides_user,
    destroy_and_script,
    fake_turn,
    picks_overridden,
    self_granted,
    orders_run,
    code_planted,
    scripted_and_hidden,
    standing_ad,
    wallet_redirect,
    kept_out,
    user_request_replaced,
    scripted_answer_to_user,
    money_steered,
    weakened_in_every_answer,
    smear_and_redirect,
    left_out,
)
