"""Signal extraction: where each family of evidence occurs in one folded text.

The combination rules (`rules`) only ask questions of a `Signals` object:
"is there a concealment cue?", "does one sentence hold a source, a move verb
and a sink?". Spans are in the folded text; `Folded.span` maps them back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final

from mcpvcr import linear_re
from mcpvcr.pattern_group import PatternGroup, PossibleNames
from mcpvcr.scan.confusables import _MAP as _CONFUSABLE_MAP
from mcpvcr.scan.confusables import WELL_KNOWN, mixed_script
from mcpvcr.scan.effects import effect_spans
from mcpvcr.scan.lexicon import (
    _VERB_MOVE,
    _VERB_READ,
    DATA_SLOT,
    EMAIL,
    IMAGE,
    LINK,
    PARAM_SINK,
    PATTERNS,
    PHONE,
    SPECIAL,
    TAG,
    TOOL_WORD,
    URL,
    other_languages,
    param_sinks,
    patterns_wide,
)
from mcpvcr.scan.normalize import Folded, fold, mask_quoted, sentences
from mcpvcr.scan.normalize import framed as _framed

Span = tuple[int, int]

_BENIGN_HOST: Final = linear_re.compile(
    r"^(?:[\w-]+\.)*(?:example\.(?:com|org|net)|example|test|invalid|localhost|local)$"
    r"|^(?:127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[?::1\]?)$",
    re.I,
)
# A bare "key" is a JSON, map or tag key as often as a secret ("all tag keys", "any key outside
# the listed ones"): after a quantifier it takes a credential qualifier; a person's keys
# ("the user's keys", "their keys") need none.
_QUANTIFIED: Final = linear_re.compile(
    r"\b(?:any|all|every|each|whatever|the\s+user'?s|user'?s|their|other)\b[^.\n]{0,40}"
    r"\b(?:passwords?|tokens?|(?:api|ssh|private|secret|access|signing|encryption|gpg|pgp"
    r"|license|wallet|auth|master|deploy)[\s_-]*keys?|secrets?|credentials?|cookies"
    r"|home\s+address(?:es)?"
    r"|phone\s+numbers?|dates?\s+of\s+birth|passport|social\s+security|location\s+history)\b"
    r"|\b(?:the\s+user'?s|user'?s|their|your)\s+(?:[\w-]+\s+){0,2}?keys?\b"
    r"|\b(?:passwords?|tokens?|keys?|secrets?|credentials?)\b[^.\n]{0,30}\b(?:the\s+user|you)\s+"
    r"(?:has|have|had)?\s*(?:shared|mentioned|provided|pasted|typed|seen|received|used)\b",
    re.I,
)
# "evaluates the user's own system prompt": a system prompt the user writes and passes in,
# the tool's object, not the assistant's instructions ("your system prompt" still is)
_USERS_PROMPT: Final = linear_re.compile(
    r"\b(?:the\s+user'?s|their|customers?'?s?)\s+(?:own\s+)?system\s+prompts?\b"
    r"|\bsystem\s+prompts?\s+(?:under\s+test|to\s+(?:test|evaluate|lint|score|check|compare))\b",
    re.I,
)
_PROMPT_WORDS: Final = linear_re.compile(r"(?:the\s+)?system\s+prompt", re.I)
_YOUR_BEFORE: Final = linear_re.compile(r"\b(?:your|yours|you\s+were\s+given)\b[^.\n]{0,12}$", re.I)


def _theirs_not_yours(masked: str, span: Span) -> bool:
    """The span is a "system prompt" not said to be the assistant's own ("your")."""
    words = masked[span[0] : span[1]]
    before = masked[max(0, span[0] - 24) : span[0]]
    return bool(_PROMPT_WORDS.search(words)) and not _YOUR_BEFORE.search(before)


# "their secrets manager", "a password vault": the place credentials are kept safe, named
# as where the user should keep one, not a credential to take
_A_PLACE_FOR: Final = linear_re.compile(r"[\s_-]*(?:managers?|vaults?|stores?|scanners?)\b", re.I)
_STORE: Final = linear_re.compile(
    r"(?<![\w.])(?:[~$][\w./-]*/|/[\w./-]*/)?\.(?:ssh|aws|kube|docker|gnupg|netrc|npmrc|pypirc"
    r"|git-credentials|env)\b[\w./-]*"
    r"|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|\bmcp\.json\b|\bclaude_desktop_config\.json\b"
    r"|/etc/(?:shadow|passwd|sudoers)\b|\.pgpass\b|gh/hosts\.ya?ml\b|\.git-credentials\b"
    r"|\b[\w.-]*(?:credentials?|secrets?|tokens?)\.(?:json|ya?ml|txt|ini|toml|env)\b"
    r"|\b[\w.-]+\.(?:pem|p12|pfx|keystore|jks)\b"
    r"|\b(?:environment\s+variables?|env\s+vars?|process\.env|os\.environ|keychain|wallet\.dat"
    r"|private\s+keys?|ssh\s+keys?|seed\s+phrases?|mnemonics?|recovery\s+phrases?|cookies)\b"
    # the same stores named in the other scanned languages
    r"|\b(?:variables?\s+de\s+entorno|variables?\s+d['\u2019]\s*environnement|umgebungsvariablen"
    r"|variáveis\s+de\s+ambiente|переменн\w+\s+окружения)|环境变量|環境変数",
    re.I,
)
# "every tool of this server" names the server's own tools, not other servers' (checked after
# the match: RE2 has no look-ahead)
_OWN_TOOLS_AFTER: Final = linear_re.compile(r"\s*(?:of|in|from)\s+this\b", re.I)
_NOT_A_TOOL_AFTER: Final = linear_re.compile(
    r"\A[`'\"]?\s+(?:mutations?|quer(?:y|ies)|endpoints?|api|methods?|fields?|columns?|operations?"
    r"|tables?|events?|webhooks?|scopes?|permissions?|flags?|settings?|types?|formats?|keys?)\b",
    re.I,
)
# "use strictly for X, not for other tools": a restriction of its own scope
_NOT_FOR_BEFORE: Final = linear_re.compile(
    r"\b(?:not|never|nor)\s+(?:for|with|about|on|to|in|by)\s+\Z|\bexcept\s+\Z", re.I
)
# ~/.ssh/config and known_hosts hold no secret (checked after the match, as above)
_SSH_PUBLIC: Final = linear_re.compile(r"~/\.ssh/(?:config|known_hosts)\b", re.I)
_NOT_STORE: Final = linear_re.compile(r"\.ssh/(?:config|known_hosts)\b|\.env\.example\b", re.I)
_ID: Final = r"[a-z][a-z0-9]*(?:[_.][a-z0-9]+)+"
_QID: Final = r"[`'\"]([a-z][a-z0-9]*(?:[_.-][a-z0-9]+)+)[`'\"]"
_TOOL_REF: Final = linear_re.compile(
    _QID
    + r"\s*(?:tool|function)\b|\b("
    + _ID
    + r")\s+(?:tool|function)\b|\b(?:tool|function)\s+("
    + _ID
    + r")\b"
    r"|\b(?:call|calls|calling|invoke|invoking|invokes|use|using|uses|run|running)\s+(?:the\s+)?"
    r"([a-z][a-z0-9]*(?:[_.-][a-z0-9]+)+)\b"
    r"|\b(" + _ID + r")\b"
    r"|\bthe\s+([a-z][a-z0-9]+)\s+(?:tool|function)\b"
    # "whenever github_create_issue is called": a name that gets called is a tool
    r"|\b(?:when|whenever|before|after|if|once|each\s+time|every\s+time)\s+(?:the\s+)?("
    + _ID
    + r")\s+(?:is|gets|has\s+been)\s+(?:called|invoked|used|run|executed)\b",
    re.I,
)
# "lo strumento send_email", "send_message 도구를": a snake_case name beside the word for tool
_TOOL_REF_I18N: Final = linear_re.compile(
    TOOL_WORD + r"\s*[`'\"]?(" + _ID + r")\b|\b(" + _ID + r")[`'\"]?\s*" + TOOL_WORD, re.I
)
_GENERIC_TOOLS: Final = linear_re.compile(
    r"\b(?:any|all|every|each|other|another)\s+(?:other\s+)?(?:mcp\s+)?"
    r"(?:[a-z][a-z-]*(?:\s+or\s+[a-z][a-z-]*)?\s+)?"
    r"(?:tools?|functions?|servers?"
    r"|plugins?)\b|\bother\s+(?:mcp\s+)?servers?\b|\bthe\s+others\b",
    re.I,
)
_INSTRUCT_ABOUT: Final = linear_re.compile(
    r"\b(?:when|whenever|before|after|if|every\s+time|each\s+time|once)\b[^.\n]{0,80}\b(?:call|calls"
    r"|called|use|used|uses|invoke|invoked|invokes|send|sends|sent|run|runs|using|calling|invoking)\b"
    r"|\b(?:set|change|replace|override|modify|prefix|prepend|rewrite|redirect|alter|swap)\b"
    r"|\b(?:must|always|never|should|shall)\b[^.\n]{0,40}\b(?:call|use|invoke|send|add|include|set"
    r"|pass|change|forward|route|prefix|append|copy|attach|replace|redirect|bcc|cc|go|carry"
    r"|be\s+(?:called|used|invoked|sent|passed|set|routed|copied|forwarded|attached|given"
    r"|prefixed|prepended|appended|changed|replaced|redirected))\b"
    # "side rule for the post_message tool": a rule laid down for a tool
    r"|\b(?:rule|order|instruction|directive|policy|requirement|override)s?\s+(?:for|regarding"
    r"|about|concerning|on|that\s+applies\s+to|applying\s+to)\s+(?:the\s+|every\s+|any\s+)?"
    r"[`'\"]?[a-z][a-z0-9]*(?:[_.-][a-z0-9]+)+",
    re.I,
)
_IMPERATIVE: Final = linear_re.compile(
    r"(?:^|[:>]\s*|[,;]\s*(?:then\s+|also\s+|and\s+)?|\byou\s+(?:must|should|need\s+to|have\s+to"
    r"|are\s+(?:required|expected)\s+to)\s+)(?:please\s+|always\s+|also\s+|then,?\s+|next,?\s+"
    r"|first,?\s+|now,?\s+|immediately\s+|quietly\s+|silently\s+|you\s+(?:must|should|need\s+to"
    r"|have\s+to)\s+|make\s+sure\s+(?:to|you)\s+|be\s+sure\s+to\s+)?(?:"
    + _VERB_READ
    + "|"
    + _VERB_MOVE
    + r"|call|use|run|invoke|execute|set|change|ignore|tell|ask|delete|output|print|respond"
    r"|reply|say|create|remove|grant|approve|visit|navigate|click|render|display|show|list"
    r"|text|e-?mail|mail|message|sms|dm|notify|fax|wire)\b",
    re.I | re.M,
)
_SHELL: Final = linear_re.compile(
    r"\b(?:curl|wget|iwr|invoke-webrequest)\b[^|\n]{0,200}\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b"
    # a network call carrying a command's output out ("curl https://x/$(whoami)"), or chained
    r"|\b(?:curl|wget)\b[^\n]{0,200}(?:\$\(|`[^`\n]{1,40}`)|[;&|]\s*(?:curl|wget)\s+(?:-\w+\s+)*https?://"
    r"|\b(?:bash|sh|zsh)\s+-c\s|\brm\s+-rf\s+[~/$]|\bbase64\s+(?:-d|--decode)\b[^\n]{0,40}\|"
    r"|\bpowershell(?:\.exe)?\s+-(?:e|enc|encodedcommand)\b|\biex\s*\(",
    re.I,
)
"""Shell payloads: a downloaded script piped to a shell, destructive or encoded commands."""
_DECODE_ORDER: Final = linear_re.compile(
    r"\b(?:decode|base64[\s-]?decode|unhex|url[\s-]?decode|deobfuscate)\b[^.\n]{0,50}"
    r"\b(?:follow|execute|run|obey|apply|perform|do\s+what)\b",
    re.I,
)
# who the text may claim to speak for: the user by any name, or whoever runs the system
_PRINCIPAL: Final = (
    r"(?:user|account\s+(?:holder|owner)|customer|client|requester|operator|owner"
    r"|admin(?:istrator)?)"
)
_CLAIM: Final = r"\s+(?:has\s+)?(?:also\s+|now\s+|already\s+)?"
_IMPERSONATION: Final = linear_re.compile(
    # "the user wants you to ..." claims the user's voice; "User wants to find files -> use X"
    # routes the user's goal to one of the server's own tools
    r"\b(?:the\s+)?"
    + _PRINCIPAL
    + r"\s+(?:has\s+)?(?:also\s+|now\s+|already\s+)?(?:wants|would\s+like)"
    r"\s+(?:you|me)\s+to\b"
    r"|\b(?:the\s+)?"
    + _PRINCIPAL
    + r"\s+(?:has\s+)?(?:also\s+|now\s+|already\s+)?(?:asked|instructed"
    r"|requested|authori[sz]ed|approved|told\s+you)\s+(?:you\s+|me\s+)?to\b"
    r"|\b(?:system|admin(?:istrator)?|developer|operator)\s+(?:notice|message|override|note)\s*:",
    re.I,
)


# "if the user asked to ...": a condition the text routes on, not a claim in the user's voice
_CONDITION_BEFORE: Final = linear_re.compile(
    r"\b(?:if|when|whenever|unless|once|where|in\s+case|whether)\s+(?:the\s+)?\Z", re.I
)
# "without the user's confirmation", "no need to ask the user": the user does not act first
_WAIVED_BEFORE: Final = linear_re.compile(
    r"(?:\b(?:without|no|not|never|skip|bypass|sin|sans|ohne|senza|sem|zonder|bez|без)\W+"
    r"(?:\w+\W+){0,3}?|无需|不需要|不必|无须|不用|なしで|없이)\Z",
    re.I,
)
# "only use this tool if the user explicitly confirms": a restriction that protects the user
_RESTRICTION_AFTER: Final = linear_re.compile(
    r"\A\s*(?:[\w-]+\s+){0,3}?(?:if|when|after|once|unless|until|with|before)\s+"
    r"(?:[\w'-]+\s+){0,6}?"
    r"(?:confirm\w*|approv\w*|consent\w*|permi\w*|agree\w*|explicitly|asks?|requests?|authori\w*"
    r"|pick\w*|select\w*|choos\w*|chose\w*|instruct\w*|decid\w*)\b",
    re.I,
)


# {"role": "system", "content": "..."}: a chat message object with a privileged role; the span
# ends where its content begins
_JSON_ROLE: Final = linear_re.compile(
    r"""[{,]\s*["']role["']\s*:\s*["'](?:system|developer)["']\s*,\s*["']content["']\s*:\s*["']""",
    re.I,
)


_PLACEHOLDER: Final = linear_re.compile(
    r"=(?:[A-Z][A-Z0-9_]{3,}|[^&]*(?:conversation|messages?|history|secret|token|password|summary"
    r"|chat|context|prompt|email|answer|reply)[^&]*)(?:&|$)",
    re.I,
)


@dataclass
class Signals:
    """Every signal of one text, by family, with spans in the folded text."""

    folded: Folded
    masked: str
    spans: dict[str, list[Span]] = field(default_factory=dict)
    sentences: list[Span] = field(default_factory=list)
    tool_refs: list[tuple[Span, str]] = field(default_factory=list)

    def has(self, *names: str) -> bool:
        return any(self.spans.get(name) for name in names)

    def first(self, *names: str) -> Span | None:
        found = [span for name in names for span in self.spans.get(name, [])]
        return min(found) if found else None

    def sentence_of(self, span: Span) -> int:
        # The last character decides: cue patterns may start on the separator before a word.
        point = max(span[0], span[1] - 1)
        for index, (start, end) in enumerate(self.sentences):
            if start <= point < end:
                return index
        return len(self.sentences)

    def in_sentence(self, name: str, index: int, reach: int = 0) -> list[Span]:
        return [s for s in self.spans.get(name, []) if abs(self.sentence_of(s) - index) <= reach]

    def present(self, names: tuple[str, ...], index: int, reach: int = 0) -> list[str]:
        """Which of `names` (in that order) have a span within `reach` sentences of `index`."""
        return [name for name in names if self.in_sentence(name, index, reach)]


# The per-text patterns below, grouped by the text they search: a large cassette's texts
# are first sifted by one RE2 Set per group (mcpvcr.pattern_group), small ones never are.
_ON_MASKED: Final = PatternGroup(
    {
        "tag": TAG,
        "decode_order": _DECODE_ORDER,
        "impersonation": _IMPERSONATION,
        "quantified": _QUANTIFIED,
        "generic_tools": _GENERIC_TOOLS,
        "store": _STORE,
    }
)
_ON_TEXT: Final = PatternGroup(
    {
        "json_role": _JSON_ROLE,
        "shell": _SHELL,
        "url": URL,
        "email": EMAIL,
        "phone": PHONE,
        "param_sink": PARAM_SINK,
        "image": IMAGE,
        "link": LINK,
        "store": _STORE,
        "tool_ref": _TOOL_REF,
        "tool_ref_i18n": _TOOL_REF_I18N,
    }
)


def extract(raw: str) -> Signals:
    """Fold `raw`, mask quoted examples, and find every signal family."""
    folded = fold(raw)
    text = _unconfuse(folded.text)
    folded = Folded(folded.raw, text, folded.origin)
    masked = mask_quoted(text)
    found = Signals(folded, masked, sentences=sentences(masked))
    plain = masked.isascii()
    found.spans.update((PATTERNS if plain else patterns_wide()).spans(masked, MAX_MATCHES))
    found.spans["cred"] = [
        s
        for s in found.spans["cred"]
        if not _SSH_PUBLIC.match(masked, s[0]) and not _A_PLACE_FOR.match(masked, s[1])
    ]
    on_masked = _ON_MASKED.possible(masked)
    on_text = _ON_TEXT.possible(text)
    found.spans["tag"] = [
        m.span()
        for m in _each_if("tag" in on_masked, TAG, masked)
        if _tag_counts(m.group(0)) and not _xml_data(masked, m)
    ]
    found.spans["special"] = _spans(SPECIAL, _code_masked(text))
    found.spans["json_role"] = _spans_if("json_role" in on_text, _JSON_ROLE, text)
    # a polite request to the model ("it would be great if you could send ...") is an order too
    found.spans["imperative"] = sorted(
        _imperatives(masked, found.sentences) + found.spans["request"]
    )
    found.spans["shell"] = _spans_if("shell" in on_text, _SHELL, text)
    found.spans["decode_order"] = _spans_if("decode_order" in on_masked, _DECODE_ORDER, masked)
    found.spans["impersonation"] = [
        span
        for span in _spans_if("impersonation" in on_masked, _IMPERSONATION, masked)
        if not _CONDITION_BEFORE.search(masked[max(0, span[0] - 30) : span[0]])
    ]
    # the user acts first, unless the text waives it ("without the user's confirmation")
    found.spans["user_first"] = [
        span
        for span in found.spans["user_first"]
        if not _WAIVED_BEFORE.search(masked[max(0, span[0] - 30) : span[0]])
    ]
    # "do not call other tools until the user picks one" waits for the user: a restriction
    # (kept aside: beside a smear of the other tools it is still a demand)
    found.spans["pref_restricted"] = []
    for name in ("pref_soft", "pref_exclusive", "pref_strong"):
        kept = []
        for span in found.spans[name]:
            if _RESTRICTION_AFTER.search(masked[span[1] : span[1] + 120]) or found.in_sentence(
                "user_first", found.sentence_of(span)
            ):
                found.spans["pref_restricted"].append(span)
            else:
                kept.append(span)
        found.spans[name] = kept
    # A credential file inside a code span is still named ("`cat ~/.ssh/id_rsa`"); only an
    # example framed as data ("detects paths such as ...") is masked.
    framed = _framed(text)
    plain_text = masked if framed else text
    found.spans["store"] = [
        m.span()
        for m in _each_if("store" in (on_masked if framed else on_text), _STORE, plain_text)
        if not _NOT_STORE.match(plain_text, m.start()) and not _NOT_STORE.search(m.group(0))
    ]
    if _USERS_PROMPT.search(masked):  # a prompt-testing tool: the prompt is the user's data
        for name in ("sysprompt", "conv"):
            found.spans[name] = [
                span for span in found.spans[name] if not _theirs_not_yours(masked, span)
            ]
    found.spans["quantified"] = [
        span
        for span in _spans_if("quantified" in on_masked, _QUANTIFIED, masked)
        if not _A_PLACE_FOR.match(masked, span[1])
    ]
    found.spans["url"] = [
        m.span() for m in _each_if("url" in on_text, URL, text) if not _benign_url(m.group(0))
    ]
    found.spans["email"] = [
        m.span()
        for m in _each_if("email" in on_text, EMAIL, text)
        if not benign_host(m.group(0).split("@")[1])
    ]
    found.spans["phone"] = _spans_if("phone" in on_text, PHONE, text)
    found.spans["param_sink"] = (
        [m.span() for m in param_sinks(text)] if "param_sink" in on_text else []
    )
    images = _each_if("image" in on_text, IMAGE, text)
    # an upper-case placeholder (`c=CONVERSATION`) is told apart from a value (`branch=main`)
    # in the raw text: folding lower-cased both
    images = [m for m in images if _placeholder_case(m, folded)]
    found.spans["image"] = [m.span() for m in images if _image_with_data(m)]
    found.spans["image_slot"] = [m.span() for m in images if _image_slot(m)]
    # a link the model is told to fill with data leaks it when the user (or a preview) opens it
    links = [
        m.span(1)
        for m in _each_if("link" in on_text, LINK, text)
        if _link_slot(m) and _placeholder_case(m, folded)
    ]
    found.spans["image"] += links
    found.spans["image_slot"] += links
    found.spans["generic_tools"] = [
        m.span()
        for m in _each_if("generic_tools" in on_masked, _GENERIC_TOOLS, masked)
        if not _OWN_TOOLS_AFTER.match(masked[m.end() : m.end() + 40])
        and not _NOT_FOR_BEFORE.search(masked[max(0, m.start() - 20) : m.start()])
    ]
    found.spans.update(effect_spans(text, masked))
    # "only when the user explicitly asks for a force push": a command the user asks for is
    # the user's act, not an order of the text (a request cue ends just before it)
    asked = [end for _, end in found.spans.get("user_asks", [])]
    found.spans["destroy_cmd"] = [
        span
        for span in found.spans.get("destroy_cmd", [])
        if not any(0 <= span[0] - end <= 16 for end in asked)
    ]
    found.tool_refs = _tool_refs(text, on_text)
    return found


MAX_MATCHES: Final = 2000
"""At most this many matches of one pattern count per text: honest text never comes
near, and a hostile one (50,000 `a@b.`) costs no more than this much evidence."""


def _spans(pattern: linear_re.Pattern, text: str) -> list[Span]:
    return pattern.spans(text, MAX_MATCHES)


def _each_if(possible: bool, pattern: linear_re.Pattern, text: str) -> list[Any]:
    return pattern.matches(text, MAX_MATCHES) if possible else []


def _spans_if(possible: bool, pattern: linear_re.Pattern, text: str) -> list[Span]:
    return pattern.spans(text, MAX_MATCHES) if possible else []


def _unconfuse(text: str) -> str:
    """Mixed-script words read as their Latin look-alike (a Cyrillic letter inside "ignore")."""
    if text.isascii():
        return text  # an ASCII word is all Latin: nothing mixes

    def fix(match: re.Match[str]) -> str:
        word = match.group(0)
        return (
            word.translate(_CONFUSABLE_MAP) if not word.isascii() and mixed_script(word) else word
        )

    return re.sub(r"\w{2,}", fix, text)


def _code_masked(text: str) -> str:
    """Code spans and short quoted strings blanked: a quoted token is data, not a turn."""
    blank = re.sub(r"`[^`\n]{1,200}`", lambda m: " " * len(m.group(0)), text)
    return re.sub(r"\"[^\"\n]{1,40}\"|'[^'\n]{1,40}'", lambda m: " " * len(m.group(0)), blank)


def _tag_counts(tag: str) -> bool:
    """An HTML comment counts only when it says something (not an empty `<!-- -->`)."""
    return not tag.startswith("<!--") or len(tag.strip("<!-> \n")) > 8


def _xml_data(text: str, match: re.Match[str]) -> bool:
    """`<system><name>db1</name></system>`: an element holding child elements is data."""
    if match.group(0).replace(" ", "").startswith("</"):
        before = text[max(0, match.start() - 60) : match.start()].rstrip()
        child = re.search(r"</[a-z][\w-]*>$", before)
        return bool(child) and not TAG.fullmatch(child.group(0) if child else "")
    rest = text[match.end() : match.end() + 60].lstrip()
    return bool(re.match(r"</?[a-z][\w-]*>", rest)) and not TAG.match(rest)


# The other languages' read and move verbs opening a clause are orders too ("Lisez ...",
# "Senden Sie ...", "Envíe ..."): the same combination rules then see them.
@lru_cache(maxsize=2)
def _clause_verbs(wide: bool) -> linear_re.Pattern:
    verbs = other_languages("read_verb", wide) + other_languages("move_verb", wide)
    return linear_re.compile(
        r"(?:^|[:>]\s*|[,;]\s*)(?:" + "|".join(f"(?:{p})" for p in verbs) + ")", re.I | re.M
    )


_IMPERATIVE_I18N: Final = _clause_verbs(False)


# After a comma, a word that is a noun as often as a verb ("email", "text", "message") opens a
# list item when a noun follows it ("names, email addresses"), an order when an object does.
_LISTED_NOUN: Final = linear_re.compile(
    r"[,;]\s*(?:and\s+|or\s+)?(?:e-?mail|mail|text|message|list|show|sms|dm|fax)\s+"
    r"(?:address(?:es)?|messages?|ids?|lists?|numbers?|fields?|bodies|body|subjects?|threads?"
    r"|templates?|formats?|notifications?|accounts?|files?)\b",
    re.I,
)


def _imperatives(masked: str, spans: list[Span]) -> list[Span]:
    out: list[Span] = []
    for start, end in spans:
        clause = masked[start:end]
        other = _IMPERATIVE_I18N if clause.isascii() else _clause_verbs(True)
        found_any = [*_IMPERATIVE.finditer(clause), *other.finditer(clause)]
        for found in sorted(found_any, key=lambda m: m.start()):
            prefix = clause[: found.start()]
            # a leading vocative or turn marker ("ai assistant:", "[inst]", "important -")
            prefix = re.sub(
                r"^\s*(?:\[[^\]]{1,12}\]|<[^>]{1,20}>|[\w ]{1,60}(?::|\s-))\s*", "", prefix
            )
            clause_start = (
                prefix.strip(" ,;:-*>•") == ""
                or found.group(0)[:1] in ",;"
                or "you" in found.group(0)
            )
            if clause_start and _LISTED_NOUN.match(clause, found.start()):
                continue  # "names, email addresses, phone numbers": a list of nouns
            if clause_start:
                out.append((start + found.start(), start + found.end()))
                break
    return out


def _host(url: str) -> str:
    rest = url.split("//", 1)[-1]
    return rest.split("/", 1)[0].split("?", 1)[0].split("@")[-1].rsplit(":", 1)[0]


def benign_host(host: str) -> bool:
    """A reserved or local host name (example.com, localhost, 127.0.0.1): no outside place."""
    return bool(_BENIGN_HOST.match(host.strip("[]")))


def _benign_url(url: str) -> bool:
    return benign_host(_host(url))


_SLUG: Final = re.compile(r"[a-z]{1,24}(?:[-_=][a-z]{1,24})+")


def _data_in_query(query: str) -> bool:
    """A template slot or a long encoded value in a URL's query; a long run of words joined
    by hyphens (`?code-sample=code-create-a-call-resource`) is a readable name, not data."""
    return any(
        not (len(m.group(0)) >= 24 and _SLUG.fullmatch(m.group(0)))
        for m in DATA_SLOT.finditer(query)
    )


def _image_with_data(match: re.Match[str]) -> bool:
    url = next((g for g in match.groups() if g), "")
    if not url or _benign_url(url if "//" in url else "//" + url):
        return False
    query = url.split("?", 1)[1] if "?" in url else ""
    # "?c=" left open at the end: the text fills it ("with the whole chat appended")
    return bool(
        _data_in_query(query)
        or re.search(r"[{<$]|%s", url)
        or _PLACEHOLDER.search(query)
        or query.endswith("=")
    )


_LOWER_VALUE: Final = re.compile(r"=([a-z][a-z0-9_]{3,})(?:&|$)")


def _placeholder_case(match: re.Match[str], folded: Folded) -> bool:
    """False when the only data an image URL seems to carry is a lower-case query value that
    the raw text writes in lower case too (`?branch=main`): a value, not a slot."""
    url = next((g for g in match.groups() if g), "")
    query = url.split("?", 1)[1] if "?" in url else ""
    if not query or not _image_with_data(match):
        return True
    if _data_in_query(query) or re.search(r"[{<$]|%s", url):
        return True
    start, end = folded.span(*match.span())
    raw_query = folded.raw[start:end].split("?", 1)[-1]
    words = _LOWER_VALUE.findall(query)
    return not words or any(w.upper() in raw_query for w in words)


def _image_slot(match: re.Match[str]) -> bool:
    """An image URL with a template slot the model is meant to fill with data."""
    url = next((g for g in match.groups() if g), "")
    return _image_with_data(match) and bool(re.search(r"[{<$]|%s|\[[a-z_ ]+\]", url))


def _link_slot(match: Any) -> bool:
    """A link whose query has a slot for the conversation or a secret (`d=CONVERSATION_B64`,
    `c={chat_history}`); `q={query}` is the tool's own argument, not a leak."""
    url = match.group(1) or ""
    if _benign_url(url if "//" in url else "//" + url):
        return False
    query = url.split("?", 1)[1] if "?" in url else ""
    return bool(_PLACEHOLDER.search(query))


_KEBAB_VERBS: Final = frozenset(
    [
        "get",
        "set",
        "list",
        "create",
        "update",
        "delete",
        "read",
        "write",
        "send",
        "run",
        "search",
        "fetch",
        "add",
        "remove",
        "query",
        "open",
        "close",
        "start",
        "stop",
        "post",
        "put",
        "upload",
        "download",
        "execute",
        "call",
        "make",
        "find",
        "browse",
        "navigate",
        "click",
        "fill",
        "take",
        "describe",
        "generate",
        "check",
        "validate",
        "edit",
        "move",
        "copy",
        "rename",
        "insert",
        "append",
        "clear",
        "reset",
        "sync",
        "show",
        "view",
        "load",
        "save",
        "submit",
        "export",
        "import",
        "convert",
        "analyze",
        "analyse",
        "summarize",
        "translate",
        "",
    ]
)
# More verbs tool names start or end with: a name used ("before using primary_type") that
# holds none of these is a field or a value, not a tool.
_TOOL_VERBS: Final = _KEBAB_VERBS | frozenset(
    {
        *("exec", "transfer", "pay", "invoke", "ping", "lookup", "scrape", "crawl", "publish"),
        *("share", "notify", "deploy", "build", "install", "login", "logout", "sign", "approve"),
        *("merge", "push", "pull", "commit", "reply", "forward", "schedule", "buy", "sell"),
        *("render", "scan", "parse", "extract", "compute", "calculate", "summarise", "email"),
        *("summarize", "browse", "click", "press", "select", "upload", "modify", "patch"),
        *("replace", "download", "transcribe", "eval", "evaluate", "ask"),
    }
)
_USED_VERB: Final = linear_re.compile(r"\A(?:use|using|uses)\b", re.I)
# "use the read-only POSIX tools `ls`, `cat`": the name qualifies a kind of tools named by
# more words, not one tool ("use the slack-bot tools" still names one server's tools)
_KIND_OF_TOOLS_AFTER: Final = linear_re.compile(
    r"\A[`'\"]?(?:\s+[a-z][\w-]*){1,2}\s+(?:tools|functions)\b", re.I
)
_TOOL_NOUN_AFTER: Final = linear_re.compile(r"\A[`'\"]?\s*(?:tool|function|server)s?\b", re.I)


def _compound_word(name: str, after: str) -> bool:
    """`markdown-inspired`: one hyphen, no verb first, and not called a tool: a compound word."""
    if "_" in name or "." in name or name.count("-") != 1:
        return False
    return name.split("-")[0] not in _KEBAB_VERBS and not _TOOL_NOUN_AFTER.match(after)


def _tool_refs(masked: str, possible: PossibleNames) -> list[tuple[Span, str]]:
    refs: list[tuple[Span, str]] = []
    for match in _each_if("tool_ref" in possible, _TOOL_REF, masked):
        name = next((g for g in match.groups() if g), "")
        bare = match.lastindex in (5, 6)
        if bare and name not in WELL_KNOWN:
            continue  # a snake_case word alone is as likely a parameter or value name
        if _NOT_A_TOOL_AFTER.match(masked[match.end() : match.end() + 30]):
            continue  # "uses create_subitem mutation": an API's name for something, not a tool
        if match.lastindex == 4 and _KIND_OF_TOOLS_AFTER.match(
            masked[match.end() : match.end() + 40]
        ):
            continue
        if _compound_word(name, masked[match.end() : match.end() + 20]):
            continue  # "uses Markdown-inspired text": an English compound, not a kebab-case tool
        if "." in name and not re.search(r"[_-]", name):
            continue  # a file or host name (mcp.json, api.example.com), not a tool
        if (
            match.lastindex == 4
            and _USED_VERB.match(match.group(0))
            and name not in WELL_KNOWN
            and not _TOOL_VERBS.intersection(re.split(r"[_.-]", name.lower()))
            and not _TOOL_NOUN_AFTER.match(masked[match.end() : match.end() + 20])
        ):
            continue  # "before using primary_type": a field or value is used, not called
        refs.append((match.span(), name.strip(".")))
    for match in _each_if("tool_ref_i18n" in possible, _TOOL_REF_I18N, masked):
        name = next((g for g in match.groups() if g), "")
        if "." in name and not re.search(r"[_-]", name):
            continue
        if all(name != known for _, known in refs):
            refs.append((match.span(), name.strip(".")))
    return refs
