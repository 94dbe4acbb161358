"""The learned partner: a second opinion from `learned.score` where the rules stopped short.

The combination rules make an error only from conjunctions they know; blind attack sets written
to dodge them got through more than half the time at first look. The learned model
(`mcpvcr.scan.learned`) reads wording the rules have no entry for, but alone it is too coarse
to accuse: it would put honest servers at an error. So it only ever confirms evidence the
signal families already found:

- it reads a text only when the rules raised no error on it, the text is prose of the server
  (a description, title or schema text; never a name, a recorded answer, nor a bare URL or
  identifier, which the model never saw in training), and the text holds attack-relevant
  evidence (`EVIDENCE`): a source of secrets, personal data or the conversation; an outside
  sink; words about other tools; a steer between tools; an order, concealment or harmful
  effect aimed at the model;
- a learned score above `learned.threshold()` beside that evidence makes an error, reported
  under the evidence's family (`credential_access`, `exfiltration`, ...) with a reason that
  says it is a learned judgement;
- the score never counts without evidence: an honest text the model dislikes, with nothing the
  families recognise, gets no finding.

Both numbers, the threshold and the evidence list, are measured in `docs/scanner.md` (leave
one blind set out); `bench/train_learned.py` rebuilds the weights.
"""

from __future__ import annotations

from typing import Final

from mcpvcr.scan import learned
from mcpvcr.scan.context import Context
from mcpvcr.scan.effect_places import denied_source
from mcpvcr.scan.signals import Signals, Span
from mcpvcr.scan.verdict import Verdict

EVIDENCE: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    # an outside sink: where data would go
    (
        "exfiltration",
        (
            "url",
            "email",
            "phone",
            "recipient",
            "param_sink",
            "image",
            "image_slot",
            "external_copy",
        ),
    ),
    # a source: secrets, personal data, the conversation or the assistant's own instructions
    (
        "credential_access",
        (
            "cred",
            "secret_noun",
            "store",
            "env_secret",
            "personal_noun",
            "conv",
            "conv_noun",
            "sysprompt",
            "wallet",
            "quantified",
            "verbatim_context",
        ),
    ),
    ("cross_tool_instruction", ("other_tools", "generic_tools", "precedence", "others_act")),
    (
        "preference_manipulation",
        (
            "pref_exclusive",
            "pref_strong",
            "pref_soft",
            "pref_named",
            "pref_disparage",
            "steer",
            "rank_rig",
            "user_picks_other",
        ),
    ),
    # orders, concealment and harmful effects aimed at the model
    (
        "poisoning_marker",
        (
            "conceal",
            "conceal_soft",
            "kept_out",
            "user_view",
            "left_out",
            "quiet_flag",
            "hidden_carrier",
            "reassure",
            "override",
            "tag",
            "special",
            "fake_turn",
            "json_role",
            "address",
            "impersonation",
            "authority",
            "system_text",
            "user_override",
            "every_reply",
            "no_ask",
            "frame_as",
            "frame_normal",
            "lie_on_ask",
            "scripted_report",
            "steer_reply",
            "output_authority",
            "decode_order",
            "destroy_cmd",
            "shell",
            "hostile_cmd",
            "payload_code",
            "sql_destroy",
            "persistence_hook",
            "persist_after",
            "host_change",
            "amount_change",
            "side_fee",
            "grant",
            "falsify",
            "sabotage",
            "weaken",
            "phish_ask",
        ),
    ),
)
"""Signal families that count as evidence, with the rule a confirmed text is reported under
(the first group present decides)."""

READS: Final = frozenset({"text", "param"})
"""The kinds of text the partner reads: descriptions, not names or recorded answers."""


NEGATABLE: Final = frozenset({"exfiltration", "credential_access"})
"""Groups whose evidence a prohibition takes back: "never send the passport number into
`notes`" names a source and a sink, and orders neither (the model reads no negation)."""


def evidence(sig: Signals) -> tuple[str, str, Span] | None:
    """The first attack-relevant evidence in `sig`: (rule, family, span), or None."""
    for rule, families in EVIDENCE:
        for family in families:
            spans = sig.spans.get(family, [])
            if rule in NEGATABLE:
                spans = [span for span in spans if not denied_source(sig, span)]
            if spans:
                return rule, family, spans[0]
    return None


def prose(text: str) -> bool:
    """Six words or more, or 24 characters of a script written without spaces: what the model
    was trained on. A bare URL, identifier or enum value is not read (never seen in training),
    nor a fragment ("Searches. Syntax: <link>"), on which a few features swing the score."""
    return len(text.split()) >= 6 or (not text.isascii() and len(text.replace(" ", "")) >= 24)


def second_opinion(sig: Signals, ctx: Context, serious: bool) -> list[Verdict]:
    """An error when the learned model confirms evidence the rules did not judge an error.

    `serious`: the rules already made an error on this text (then the model is not run).
    """
    if serious or ctx.kind not in READS or ctx.depth:
        return []
    found = evidence(sig)
    if found is None or not prose(sig.folded.raw):
        return []
    value = learned.score(sig.folded.raw, learned.present(sig.spans))
    limit = learned.threshold()
    if value <= limit:
        return []
    rule, family, span = found
    why = (
        f"learned judgement: a model trained on known attacks scores this text {value:.2f} "
        f"(errors above {limit:.2f}) and it holds {family.replace('_', ' ')} evidence; "
        "no single rule matched"
    )
    return [Verdict(rule, "error", span, why, ("learned", family))]
