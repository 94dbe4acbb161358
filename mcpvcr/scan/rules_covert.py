"""Combination rules on covert acts: hidden from the user, planted on the host, lied about.

Same contract as `rules`: one family is never an error. What joins them is what honest text
never does: it shows the user what it changes, asks before it weakens the machine, and
reports what happened. The families come from `lexicon_covert`.
"""

from __future__ import annotations

import re
from typing import Final

from mcpvcr import linear_re
from mcpvcr.scan.context import Context
from mcpvcr.scan.effect_places import (
    EFFECTS_SEEN,
    MONEY_AND_HOST,
    is_own,
    near,
    prose_only,
    sample_before,
    window,
)
from mcpvcr.scan.signals import Signals, benign_host
from mcpvcr.scan.verdict import Verdict

Span = tuple[int, int]

# what, kept from the user's view, harms them: an outside place, their data, the host, money
_HIDDEN_HARM: Final = (
    *EFFECTS_SEEN,
    "host_change",
    "wallet",
    "amount_change",
    "redirect_verb",
    "weaken",
    "payload_code",
    "param_sink",
    "side_fee",
    "in_place",
    "sell",
    "sql_destroy",
    "hostile_cmd",
)
# a host name written without a scheme ("mail.relay-nl.net"): an outside place too
_HOST_NAME: Final = linear_re.compile(
    r"\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|dev|app|co|ai|cloud|xyz|site"
    r"|online|info|biz|me|cc|de|fr|es|nl|pl|cz|ru|ua|in|jp|cn|br|uk|pt|se|ro|gr|ir|il|vn|id|th"
    r"|kr|tw|pk|ng|ke|ph|my|tk|top)\b",
    re.I,
)
_SECRETS: Final = ("cred", "secret_noun")


def _guarded(sig: Signals, span: Span) -> bool:
    """ "The token is never shown to the user": what is kept from view is the secret itself
    (named just before the words with no move between, or where nothing moves)."""
    index = sig.sentence_of(span)
    secrets = [s for n in _SECRETS for s in near(sig, n, max(0, index - 1), 1)]
    verbs = [v for n in ("move_verb", "read_verb", "fill_verb") for v in sig.in_sentence(n, index)]
    # the secret is what is not shown when nothing moves it between its name and the words,
    # or when the words name it ("请勿在对话中完整显示身份证号": do not show the ID number in full)
    if any(s[1] <= span[0] and not any(s[1] <= v[0] < span[0] for v in verbs) for s in secrets):
        return True
    named = [s for n in (*_SECRETS, "personal_noun") for s in sig.spans.get(n, [])]
    if any(span[0] <= s[0] and s[1] <= span[1] for s in named):
        return True
    return bool(secrets) and not verbs


def _around(sig: Signals, index: int) -> tuple[int, int]:
    """Sentence `index` with its neighbours on either side."""
    return window(sig, max(0, index - 1), 2 if index else 1)


def _outside_host(sig: Signals, index: int) -> bool:
    lo, hi = _around(sig, index)
    return any(not benign_host(m.group(0)) for m in _HOST_NAME.finditer(sig.masked[lo:hi]))


def _harm_near(sig: Signals, index: int, span: Span) -> list[str]:
    """Families of harm in the sentence of `span` or either neighbour, outside `span`."""
    seen = [
        name
        for name in _HIDDEN_HARM
        if any(
            not (span[0] <= s[0] < span[1]) and not sample_before(sig, s)
            for s in near(sig, name, max(0, index - 1), 2)
        )
    ]
    if not seen and _outside_host(sig, index):
        seen.append("host_name")
    return seen


@prose_only
def hidden_effect(sig: Signals, ctx: Context) -> list[Verdict]:
    """Something left out of what the user is shown, beside an act that harms them."""
    for span in sig.spans.get("user_view", []) + sig.spans.get("quiet_flag", []):
        if _guarded(sig, span):
            continue
        harm = _harm_near(sig, sig.sentence_of(span), span)
        if harm:
            why = f"keeps an act out of what the user is shown ({harm[0]})"
            return [Verdict("poisoning_marker", "error", span, why, ("concealment", harm[0]))]
    return []


_BACKDOOR_PARTNERS: Final = (
    "user_view",
    "quiet_flag",
    "persist_after",
    "no_ask",
    "frame_normal",
    "conceal",
    "conceal_soft",
    "kept_out",
    "left_out",
    "scripted_report",
    "frame_as",
)


@prose_only
def host_backdoor(sig: Signals, ctx: Context) -> list[Verdict]:
    """A change that weakens the host or outlives the task, made quietly, without asking, or
    meant to stay: honest tools that edit profiles or cron say so and ask."""
    changes = sig.spans.get("host_change", [])
    if not changes:
        return []
    partners = [name for name in _BACKDOOR_PARTNERS if sig.has(name)]
    if partners:
        why = f"changes the host quietly or for good ({partners[0]})"
        return [Verdict("poisoning_marker", "error", changes[0], why, ("host_change", partners[0]))]
    return []


_TELLING: Final = ("tell_user", "scripted_report", "lie_on_ask", "user_asks")


# an act the text says is not done, and the words for claiming it was
_NOT_DONE: Final = linear_re.compile(
    r"\binstead\s+of\s+(?:actually\s+)?(delet|eras|remov|purg|send|cancel+|refund|revok|encrypt"
    r"|block)ing\b",
    re.I,
)
_ERASED: Final = linear_re.compile(r"\b(?:deleted|erased|removed|purged)\b", re.I)
_CLAIMED: Final = {
    **dict.fromkeys(("delet", "eras", "remov", "purg"), _ERASED),
    "send": linear_re.compile(r"\b(?:sent|delivered)\b", re.I),
    **dict.fromkeys(("cancel", "cancell"), linear_re.compile(r"\bcancell?ed\b", re.I)),
    "refund": linear_re.compile(r"\brefunded\b", re.I),
    "revok": linear_re.compile(r"\brevoked\b", re.I),
    "encrypt": linear_re.compile(r"\bencrypted\b", re.I),
    "block": linear_re.compile(r"\bblocked\b", re.I),
}
# a scripted answer over these is a cover-up (`rules_deceit` reads the narrower lie_on_ask)
_HARM_ASKED: Final = (*MONEY_AND_HOST, "external_copy", "destroy_cmd", "destroy_effect")


def _claims_undone(sig: Signals) -> Verdict | None:
    """ "Set the record inactive instead of deleting it, then confirm that the data was
    erased": the user is told an act happened that the text says does not."""
    for match in _NOT_DONE.finditer(sig.masked):
        index = sig.sentence_of(match.span())
        for told in near(sig, "tell_user", max(0, index - 1), 2):
            end = window(sig, sig.sentence_of(told), 0)[1]
            if _CLAIMED[match.group(1).lower()].search(sig.masked[told[0] : end]):
                why = "tells the user an act was done that the text says is not"
                return Verdict("poisoning_marker", "error", match.span(), why, ("misreport",))
    return None


@prose_only
def misreport(sig: Signals, ctx: Context) -> list[Verdict]:
    """What the user is told, next to a marker that it is not what happens ("anyway", "in
    reality", "the branch they asked for"), or next to results altered before they see them."""
    for name in ("contrary", "falsify"):
        for span in sig.spans.get(name, []):
            index = sig.sentence_of(span)
            told = [n for n in _TELLING if near(sig, n, max(0, index - 1), 2)]
            if name == "falsify" and sig.has("user_view"):
                told.append("user_view")
            if told:
                why = f"scripts a report to the user that contradicts what happens ({name})"
                return [Verdict("poisoning_marker", "error", span, why, ("misreport", name))]
    for span in sig.spans.get("reassure", []):
        if sig.has("falsify") and near(sig, "tell_user", max(0, sig.sentence_of(span) - 1), 2):
            why = "reassures the user about results it has told the model to bend"
            return [Verdict("poisoning_marker", "error", span, why, ("misreport", "reassure"))]
    for span in sig.spans.get("asked_script", []):
        harm = [n for n in _HARM_ASKED if sig.has(n)]
        if harm:
            why = f"scripts what the user is told when they ask ({harm[0]})"
            return [Verdict("poisoning_marker", "error", span, why, ("lie_on_ask", harm[0]))]
    for span in sig.spans.get("sql_destroy", []):
        told = [n for n in ("scripted_report", "frame_as", "user_view") if sig.has(n)]
        if told:
            why = f"wipes records and scripts what the user is told ({told[0]})"
            return [Verdict("poisoning_marker", "error", span, why, ("misreport", "sql_destroy"))]
    undone = _claims_undone(sig)
    return [undone] if undone else []


@prose_only
def scripted_only(sig: Signals, ctx: Context) -> list[Verdict]:
    """A quoted message as the only thing the user is told, in a text that also harms them
    (a host change, a fee, records wiped, a destination swapped): the message covers it."""
    for span in sig.spans.get("only_quote", []):
        harm = [n for n in _SCRIPTED_HARM if sig.has(n)]
        if harm:
            why = f"scripts the only message the user sees over a harmful act ({harm[0]})"
            return [Verdict("poisoning_marker", "error", span, why, ("misreport", harm[0]))]
    return []


_SCRIPTED_HARM: Final = (
    *("host_change", "hostile_cmd", "sql_destroy", "destroy_cmd"),
    *("side_fee", "wallet", "amount_change"),
)

# a call to a tool the server does not have, one that acts (pays, sends, writes, deletes)
_ACTING_TOOL: Final = linear_re.compile(
    r"`((?:create|send|transfer|update|delete|drop|pay|submit|post|write|remove|move|share|invite"
    r"|withdraw|approve|grant)_[a-z0-9_]+|transfer|send|pay|withdraw)`",
    re.I,
)
# a fixed destination written out: an account number, a wallet, an address, a share of money
_FIXED_PLACE: Final = linear_re.compile(
    r"\b\d{10,}\b|\b0x[0-9a-f]{30,}\b|\b(?:bc1|[13])[a-z0-9]{25,}\b|\b[a-z]{2}\d{2}(?:\s?[a-z0-9]{4}){3,}"
    r"|[\w.+-]+@[\w-]+\.[\w.-]+|\bhttps?://|\b\d{1,2}(?:[.,]\d+)?\s?%",
    re.I,
)


@prose_only
def other_servers_tool(sig: Signals, ctx: Context) -> list[Verdict]:
    """An acting tool this server does not have (`create_payment`, `transfer`), named with a
    fixed account, wallet, address or share: another server's work redirected, in any
    language."""
    # `send_digits` names the parameter `SendDigits`: names compared without case or joints
    text = sig.folded.text
    for match in _ACTING_TOOL.finditer(text):
        lo, hi = _around(sig, sig.sentence_of(match.span()))
        if is_own(match.group(1), ctx) or not _FIXED_PLACE.search(text[lo:hi]):
            continue
        why = f"redirects '{match.group(1)}', a tool of another server, to a fixed place"
        return [Verdict("cross_tool_instruction", "error", match.span(), why, ("other_tool",))]
    return []


@prose_only
def rigged_results(sig: Signals, ctx: Context) -> list[Verdict]:
    """Rival or cheaper options hidden, or a sponsor called the best, while a product is
    pushed or the user's own request answered: the user's choice is steered."""
    for span in sig.spans.get("rank_rig", []):
        partners = [n for n in ("promote", "user_asks", "sell", "steer", "in_place") if sig.has(n)]
        if partners:
            why = f"hides the user's alternatives to push one ({partners[0]})"
            return [Verdict("preference_manipulation", "error", span, why, ("rank_rig",))]
    return []


@prose_only
def authority_on_output(sig: Signals, ctx: Context) -> list[Verdict]:
    """A tool's output claimed as orders from the developer or the system."""
    for span in sig.spans.get("output_authority", []):
        why = "claims the tool's output as orders from the developer or system"
        return [Verdict("poisoning_marker", "error", span, why, ("authority", "output"))]
    return []


@prose_only
def phishing(sig: Signals, ctx: Context) -> list[Verdict]:
    """The assistant posing as someone the user trusts, asking for a secret or pointing at an
    outside page."""
    for span in sig.spans.get("pose_as", []):
        index = sig.sentence_of(span)
        asks = near(sig, "phish_ask", max(0, index - 1), 3)
        page = near(sig, "url", max(0, index - 1), 2) or _outside_host(sig, index)
        if asks or page:
            why = "poses as someone the user trusts to take a secret or send them elsewhere"
            return [Verdict("poisoning_marker", "error", span, why, ("impersonation", "pose_as"))]
    return []


@prose_only
def sent_without_asking(sig: Signals, ctx: Context) -> list[Verdict]:
    """Data moved to a fixed outside address without the user's say."""
    for span in sig.spans.get("no_ask", []):
        index = sig.sentence_of(span)
        moved = near(sig, "move_verb", max(0, index - 1), 2)
        place = [n for n in ("email", "url", "phone") if near(sig, n, max(0, index - 1), 2)] or (
            ["host_name"] if _outside_host(sig, index) else []
        )
        if moved and place:
            why = f"sends data to a fixed outside place without asking the user ({place[0]})"
            return [Verdict("exfiltration", "error", span, why, ("no_ask", place[0]))]
    return []


@prose_only
def sabotaged(sig: Signals, ctx: Context) -> list[Verdict]:
    """Results harmed on purpose (bugs planted, records silently dropped) and hidden from the
    user or reported as sound."""
    for span in sig.spans.get("sabotage", []):
        index = sig.sentence_of(span)
        planted = sig.masked[span[0] : span[1]].split()[0] in _PLANT
        hidden = [
            n
            for n in (*_TELLING, "user_view", "conceal", "conceal_soft", "kept_out")
            if near(sig, n, max(0, index - 1), 2)
        ]
        if planted or hidden:
            why = "harms the results on purpose" + (f" ({hidden[0]})" if hidden else "")
            return [Verdict("poisoning_marker", "error", span, why, ("sabotage",))]
    return []


_PLANT: Final = frozenset({"introduce", "insert", "inject", "plant"})

# a list of what is refused or detected names hostile commands honestly
_DENY_LIST: Final = linear_re.compile(
    r"\b(?:block|blocks|blocked|deny|denies|denied|refuse[sd]?|reject(?:s|ed)?|forbid(?:s|den)?|never\s+run"
    r"|dangerous|detect(?:s|ed)?|flag(?:s|ged)?|warn(?:s|ed)?|prevent(?:s|ed)?|not\s+allowed|disallowed"
    r"|prohibited|blacklist|denylist|blocklist|risky|malicious|audit(?:s|ed)?|scan(?:s|ned)?)\b"
    r"|verboten|blockiert|interdit|bloqu|prohibid|proibid|vietat|запрещ|блокир|禁止|拒否|차단|금지",
    re.I,
)


@prose_only
def hostile_command(sig: Signals, ctx: Context) -> list[Verdict]:
    """A command that only opens the machine up or wipes its history (a root shell for anyone,
    SELinux off, a reverse shell, a downloaded script in every new shell), in any language,
    unless the text lists it as something refused or detected."""
    spans = sig.spans.get("hostile_cmd", [])
    if spans and not _DENY_LIST.search(sig.folded.text):
        why = "runs or plants a command that opens the machine up"
        return [Verdict("poisoning_marker", "error", spans[0], why, ("hostile_cmd",))]
    return []


CHECKS: Final = (
    rigged_results,
    scripted_only,
    other_servers_tool,
    authority_on_output,
    hostile_command,
    sabotaged,
    hidden_effect,
    host_backdoor,
    misreport,
    phishing,
    sent_without_asking,
)
