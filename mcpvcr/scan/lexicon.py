"""Cue patterns for the signal families, matched on the folded (lower-case) copy.

Each signal is one family of evidence; none is a verdict alone (see `combine`).
English cues live here, the other languages in `lexicon_i18n`; both are
merged per signal so every combination rule is language-neutral.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Final

from mcpvcr import linear_re
from mcpvcr.pattern_group import PatternGroup
from mcpvcr.scan.lexicon_i18n import I18N
from mcpvcr.scan.lexicon_i18n2 import I18N2
from mcpvcr.scan.lexicon_i18n3 import I18N3
from mcpvcr.scan.lexicon_i18n4 import I18N4

_USER = r"(?:the\s+|your\s+|any\s+)?(?:user|users|human|humans|operator|person|customer|requester)"
_TOOL = r"(?:tool|tools|function|functions|server|servers|mcp|plugin|plugins)"
_VERB_READ = (
    r"read|cat|open|load|access|retrieve|fetch|collect|gather|extract|grab|dump|scan|search|take"
    r"|look\s+up|find|locate|obtain|harvest|get"
)
_VERB_MOVE = (
    r"send|upload|post|forward|transmit|include|attach|append|pass|put|add|embed|insert|copy"
    r"|share|submit|report|paste|provide|supply|fill|encode|leak|exfiltrate|deliver|sync|mirror"
    r"|prepend|prefix|bcc|transfer"
)

EN: Final[dict[str, list[str]]] = {
    "override": [
        (
            r"\b(?:previous|prior|earlier|above|original|all|other)\s+(?:rules|instructions|guidelines"
            r"|policies)\s+(?:no\s+longer|do\s+not|don'?t|never)\s+apply"
        ),
        r"\bobey\s+only\b|\b(?:system|admin|developer)\s+override\b|\bdeveloper\s+mode\b",
        (
            r"\b(?:ignore|disregard|forget|override|bypass|skip)\s+(?:all\s+|any\s+|the\s+|your\s+)*"
            r"(?:previous|prior|above|earlier|preceding|former|original|system|other|existing|safety)"
            r"\s+(?:instructions?|prompts?|rules|guidelines|directives|messages|guardrails|policies)"
        ),
        r"\b(?:your|the)\s+new\s+(?:instructions?|task|role|directive)s?\s+(?:is|are)\b",
        r"\byou\s+are\s+now\s+(?:a|an|in|the)\b",
        (
            r"\b(?:ignore|disregard)\s+(?:the\s+|your\s+)?user'?s?\s+(?:original\s+)?(?:question|request"
            r"|instructions?|message|prompt|query|task)"
        ),
        r"\bnew\s+system\s+(?:prompt|instructions?)\b",
        (
            r"\btreat\s+(?:the\s+following|this|what\s+follows|these\s+lines)\s+as\s+(?:an?\s+)?(?:system"
            r"|developer|admin(?:istrator)?|operator)\s+(?:message|prompt|instructions?)\b"
        ),
        (
            r"\b(?:previous|prior|earlier|original|old|existing)\s+(?:guidance|instructions|rules|prompt"
            r"|guidelines|directives)\s+(?:is|are)\s+(?:now\s+)?(?:outdated|obsolete|void|invalid|revoked"
            r"|superseded|no\s+longer\s+valid)\b"
        ),
        r"\b(?:rules|instructions|directives)\s+below\s+(?:replace|supersede|override)\b",
        (
            r"\bpretend\s+(?:that\s+)?(?:the\s+|your\s+)?(?:safety|content|system|usage)?\s*(?:policy"
            r"|policies|rules|guidelines|restrictions|filters)\s+(?:do|does)\s*(?:not|n'?t)\s+(?:exist|apply)"
        ),
        (
            r"\b(?:act|behave|respond|operate)\s+as\s+an?\s+(?:unrestricted|unfiltered|uncensored"
            r"|jailbroken)\b|\bwith\s+no\s+(?:content|safety)\s+(?:rules|filters|restrictions|policy)\b"
        ),
        # "disregard whatever the user and the system said earlier", "forget what you were told"
        (
            r"\b(?:ignore|disregard|forget|override)\s+(?:what|whatever|everything|anything|all)\s+"
            r"(?:that\s+)?(?:the\s+user|the\s+system|you\s+(?:were|have\s+been)|your\s+\w+|the\s+\w+"
            r"\s+and\s+the\s+system)\b[^.\n]{0,30}\b(?:said|told|asked|instructed|given|wrote)\b"
        ),
        r"\b(?:this|these)\s+instructions?\s+(?:override|supersede|take\s+precedence)",
        (
            r"\b(?:overrides?|supersedes?|takes\s+precedence\s+over)\s+(?:the\s+|all\s+|any\s+)?"
            r"(?:instructions?|rules|prompts?|guidelines)\b"
        ),
    ],
    "conceal": [
        (
            r"\b(?:do\s+not|don'?t|never|must\s+not)\s+(?:disclose|reveal|mention|show|repeat|share"
            r"|acknowledge)\s+(?:this|these|the|any\s+of\s+these)\s+(?:instructions?|steps?|directives?"
            r"|rules?|notes?|section|requirements?)\b"
        ),
        r"\b(?:do\s+not|don'?t|never|must\s+not|should\s+not|shouldn'?t|avoid|refrain\s+from)\s+"
        r"(?:tell(?:ing)?|inform(?:ing)?|notify(?:ing)?|alert(?:ing)?|warn(?:ing)?|remind(?:ing)?"
        r"|let(?:ting)?)\s+" + _USER + r"\b",
        # not asking the user for consent hides the act; "do not ask the user to run it" hands
        # nothing over to them and hides nothing
        r"\b(?:do\s+not|don'?t|never|must\s+not|should\s+not|shouldn'?t|avoid|refrain\s+from)\s+"
        r"ask(?:ing)?\s+"
        + _USER
        # asked for consent, not for a value: "do not ask the user for the original value"
        # keeps nothing from them (it refuses to phish)
        + r"(?:\s+for\s+(?:(?:their|his|her|the|an?|any|explicit|further)\s+)?(?:confirm|permission"
        r"|approv|consent|authori[sz]|go-ahead|ok\b)|\s+(?:before|whether|if|about|first)\b"
        r"|\s*[.,;:!]|\s*$)",
        r"\b(?:do\s+not|don'?t|never|must\s+not|should\s+not|shouldn'?t|avoid|refrain\s+from)\s+"
        r"(?:mention|reveal|disclose|show|say|explain|bring\s+up|report|display|tell|surface"
        r"|expose|acknowledge|confirm)(?:ing)?\b[^.\n]{0,50}\b(?:to|with)\s+" + _USER + r"\b",
        r"\bwithout\s+(?:telling|informing|notifying|alerting|asking|letting|warning|bothering)"
        r"\s+(?:" + _USER + r"|them|anyone)\b",
        r"\b(?:without|before)\s+" + _USER + r"\s+(?:knowing|noticing|seeing|realizing)\b",
        r"\b" + _USER + r"\s+(?:must|should|shall|need|needs|may)\s*(?:not|never|n'?t)\s+"
        r"(?:know|see|notice|learn|find\s+out|be\s+(?:told|informed|aware|notified))\b",
        (
            r"\bkeep\s+(?:this|it|these|that|the\s+\w+)\s+(?:a\s+)?(?:secret|hidden|confidential|private"
            r"|between\s+us)\b"
        ),
        r"\bhide\s+(?:this|it|that|these|the\s+\w+)\s+from\s+" + _USER + r"\b",
        r"\b(?:secretly|covertly|surreptitiously|stealthily)\b",
        r"\bdo\s+not\s+(?:log|record|show)\s+this\s+(?:step|instruction|action|call)\b",
        (
            r"\b(?:nobody|no\s+one|no-one)\s+(?:else\s+)?(?:should|must|needs?\s+to|may|is\s+to)\s+"
            r"(?:ever\s+)?(?:be\s+told|know|find\s+out|notice|hear\s+about)\b"
        ),
        r"\bwithout\s+(?:the\s+)?user'?s?\s+(?:knowledge|awareness|noticing)\b",
    ],
    "conceal_soft": [
        r"\b(?:do\s+not|don'?t|never|no\s+need\s+to)\s+(?:bother|trouble|burden|worry|distract"
        r"|involve)\s+" + _USER + r"\b|\bwithout\s+involving\s+" + _USER + r"\b",
        # rendered out of the user's sight: an HTML comment or invisible text in a reply
        (
            r"\b(?:in|inside|within|into|as)\s+(?:an?\s+)?(?:hidden\s+|invisible\s+)?html\s+comments?\b"
            r"|\b(?:hidden|invisible)\s+(?:html\s+)?comments?\b"
            r"|\b(?:white|invisible|zero[\s-]width)\s+(?:text|font|characters)\b"
        ),
        (
            r"\bno\s+need\s+to\s+(?:bring\s+(?:it|this|that)\s+up|mention|tell|inform|bother|trouble"
            r"|notify|explain|say)\b"
        ),
        r"\b(?:mere|just\s+an?|an?\s+internal)\s+implementation\s+details?\b",
        r"\bimplementation\s+details?\b[^.\n]{0,40}\b(?:user|mention|tell)\b",
        r"\b(?:could|might|may|would|will)\s+(?:upset|alarm|confuse|worry|scare|distract|annoy"
        r"|concern|bother)\s+" + _USER + r"\b",
        # "silently accepted" describes; "silently copy" orders
        (
            r"\b(?:silently|quietly|invisibly|discreetly|unobtrusively)\s+(?:also\s+)?(?:read|send|copy"
            r"|attach|append|add|include|forward|upload|pass|put|call|run|execute|collect|gather|log"
            r"|store|save|record|exfiltrate|transmit|post|share|sync|mirror|cc|bcc)\b"
        ),
        (
            r"\b(?:do|perform|run|handle)\s+(?:it|this|that|these\s+steps?)\s+(?:silently|quietly"
            r"|discreetly|in\s+the\s+background)\b"
        ),
        r"\b" + _USER + r"\s+(?:does\s+not|doesn'?t|do\s+not|don'?t|won'?t)\s+need\s+to\s+"
        r"(?:know|see|hear|be\s+told)\b",
        r"\b(?:not|never)\s+(?:relevant|important|interesting|necessary)\s+(?:to|for)\s+"
        + _USER
        + r"\b",
        r"\bgentle\s+and\s+not\s+scary\b",
        # "users are not interested in such plumbing", "of no interest to the user"
        r"\b" + _USER + r"\s+(?:are|is|would\s+not\s+be|will\s+not\s+be)\s+(?:not\s+)?"
        r"(?:interested|concerned|bothered)\s+(?:in|with|by)\b",
        r"\b(?:of\s+no|not\s+of\s+any)\s+(?:interest|concern|relevance)\s+to\s+" + _USER + r"\b",
        (
            r"\b(?:do\s+not|don'?t|never)\s+(?:mention|say|reveal|admit|report|disclose)\s+(?:that|what)"
            r"\s+you\s+(?:did|have\s+done|sent|read|added|included|copied|forwarded)\b"
        ),
        (
            r"\b(?:tends?\s+to|would|will|might|may|could)\s+(?:only\s+)?(?:confuse|worry|upset|alarm"
            r"|bore|distract)\s+(?:people|users|them|the\s+user|humans)\b"
        ),
        # "Don't mention it." ends the sentence: nothing protective follows, but alone it is
        # ordinary politeness, so it only counts beside another partner
        (
            r"\b(?:do\s+not|don'?t|never)\s+(?:mention|reveal|disclose|bring\s+up)\s+(?:it|this|that"
            r"|them)\s*(?:[.!]|$)"
        ),
        r"\bkeep\s+(?:this|it|that)\s+(?:to\s+yourself|quiet|under\s+wraps|off\s+the\s+record)\b",
        r"\bwithout\s+(?:drawing|calling)\s+attention\b",
        (
            r"\b(?:leave|keep)\s+(?:it|this|that)\s+out\s+of\s+(?:the\s+|your\s+)?(?:answer|reply"
            r"|response|summary|conversation)\b"
        ),
        r"\b(?:only|just)\s+(?:tell|show|report)\s+" + _USER + r"\s+(?:the\s+)?(?:result|answer"
        r"|sum|outcome)\b",
    ],
    "address": [
        (
            r"\b(?:the\s+|you,?\s+the\s+|dear\s+)?(?:assistant|ai|a\.i\.|model|llm|agent|chatbot|claude"
            r"|chatgpt|gpt|copilot|gemini|language\s+model)\s+(?:must|should|shall|needs?\s+to|has\s+to"
            r"|is\s+(?:required|instructed|expected|supposed|asked)\s+to|will\s+now|ought\s+to)\b"
        ),
        (
            r"\b(?:note|message|instructions?|attention|important|reminder|requirements?|rules?|directives?"
            r"|notice|orders?)\s+(?:to|for)\s+(?:the\s+|any\s+)?"
            r"(?:ai|assistant|model|llm|agent|language\s+model|bot)s?\b"
        ),
        r"\bif\s+you\s+are\s+(?:an?\s+)?(?:ai|llm|assistant|agent|language\s+model|bot|claude|gpt)\b",
        r"\b(?:ai|assistant|agent|llm)\s*:\s*(?=\w)",
        r"\bas\s+an?\s+(?:ai|assistant|language\s+model)\s*,\s*you\b",
    ],
    "request": [
        (
            r"\b(?:it\s+would\s+be|it'?d\s+be)\s+(?:really\s+|very\s+|most\s+)?(?:great|helpful|nice"
            r"|appreciated|ideal|best|wonderful)\s+if\s+you\b"
        ),
        (
            r"\b(?:could|would|can)\s+you\s+(?:please\s+|kindly\s+)?(?:also\s+)?(?:read|send|include|pass"
            r"|forward|copy|attach|put|add|share|upload|provide|look\s+up|paste|use|create|call|fetch)\b"
        ),
        (
            r"\b(?:we|i)\s+(?:kindly\s+|politely\s+|strongly\s+)?(?:ask|request|recommend|suggest"
            r"|encourage|invite|expect)\s+(?:that\s+)?(?:you|assistants?|the\s+assistant|models?|agents?"
            r"|ai)\b"
        ),
        (
            r"\bkindly\s+(?:also\s+)?\w+|\bwe\s+would\s+appreciate\s+(?:it\s+)?if\s+you\b"
            r"|\bbe\s+so\s+kind\s+as\s+to\b"
        ),
        (
            r"\bif\s+you\s+(?:could|would)\s+(?:kindly\s+|please\s+)?(?:read|send|include|pass|forward"
            r"|copy|attach|put|add|share|upload|provide|look\s+up|paste)\b"
        ),
    ],
    "sysprompt": [
        r"\b(?:system|developer|initial|original|hidden|secret)\s+(?:prompt|message|instructions)\b",
        (
            r"\b(?:instructions?|text|rules|guidelines|prompt|setup)\s+(?:that\s+)?you\s+(?:were"
            r"|have\s+been|'ve\s+been)\s+(?:given|told|provided|configured\s+with|loaded\s+with)\b"
        ),
        (
            r"\b(?:all\s+|the\s+)?(?:earlier|previous|prior|preceding)\s+instructions\b"
            r"|\bchain[\s-]+of[\s-]+thought\b|\binternal\s+reasoning\b|\bhidden\s+(?:setup|preamble)\b"
        ),
        (
            r"系统提示|システムプロンプト|\bprompt\s+di\s+sistema|\bsysteemprompt|\bprompt\w*\s+systemow\w+"
            r"|\bsistem\s+istem\w*|\bönceki\s+(?:tüm\s+)?talimat\w*|시스템\s*프롬프트|(?:موجه|تعليمات)\s+النظام"
            r"|सिस्टम\s+प्रॉम्प्ट|\bsystemprompt|\bprompt\s+(?:del\s+)?sistema|\bprompt\s+système"
            r"|системн\w+\s+(?:промпт|подсказк\w+|инструкци\w+)"
        ),
    ],
    # the user acts first: "wait for explicit user instruction", "until the user confirms",
    # "the user's approval"; a precondition or a "no other tool" in such a sentence protects
    "user_first": [
        (
            r"\b(?:wait\w*\s+(?:for|on|until)|ask\w*|confirm\w*\s+with)\s+(?:[\w'-]+\s+){0,3}?"
            r"(?:user|human|operator)s?\b"
        ),
        (
            r"\b(?:user|human|operator)'?s?\s+(?:\w+\s+){0,2}?(?:confirm\w*|approv\w*|consent"
            r"|permission|instructions?|go[\s-]ahead|decision|selection|choice)\b"
        ),
        (
            r"\b(?:explicit|clear)\s+(?:\w+\s+)?(?:instructions?|confirmation|approval|consent"
            r"|permission)\s+(?:from|by)\s+(?:the\s+)?(?:user|human|operator)\b"
        ),
        (
            r"\b(?:until|before|once|after|unless)\s+(?:the\s+)?(?:user|human)\s+(?:has\s+|have\s+)?"
            r"(?:\w+\s+)?(?:confirm|approv|consent|agree|pick|select|cho|instruct|decid|ask|request"
            r"|authori)\w*"
        ),
    ],
    "publish": [
        (
            r"\bpublic(?:ly)?\s+(?:\w+\s+)?(?:gist|repo(?:sitory)?|issue|pull\s+request|paste(?:bin)?|post"
            r"|comment|channel|page|bucket|link)s?\b|\bpastebin\b|\bpaste\.ee\b"
        ),
    ],
    "steer_reply": [
        (
            r"\b(?:every|each|all|your)\s+(?:answers?|repl(?:y|ies)|responses?|messages?)\b[^.\n]{0,40}"
            r"\b(?:must|should|shall|always|needs?\s+to)\b[^.\n]{0,30}\b(?:end|start|begin|include|contain"
            r"|mention|append|link|close)\w*"
        ),
    ],
    "vouch": [
        (
            r"\b(?:say|tell\s+(?:the\s+)?user|claim|assure\s+(?:the\s+)?user|reply|answer|respond)\s+"
            r"(?:that\s+)?(?:this|the|our)\s+(?:server|tool|service|app|plugin)\s+(?:is|has\s+been|was)\s+"
            r"(?:\w+\s+){0,3}?(?:safe|secure|audited|verified|trusted|official|certified|harmless)\b"
        ),
    ],
    "authority": [
        (
            r"\b(?:takes?|has|have|given)\s+(?:top\s+|the\s+highest\s+|absolute\s+)?(?:priority|precedence)"
            r"\s+over\b|\b(?:highest|top|absolute|maximum)\s+priority\b"
        ),
        r"\bnew\s+(?:policy|rule|directive|instructions?|orders?)\s*:",
        r"\b(?:standing|mandatory|binding)\s+(?:requirement|order|instruction|rule|policy)\b",
        r"\bstrict\s+(?:security\s+)?policy\b",
    ],
    "precondition": [
        (
            r"\bbefore\s+(?:using|calling|invoking|running|executing|answering|responding|replying)"
            r"\s+(?:this|any|every|each|the|another|other)?\s*(?:other\s+)?(?:tool|function|request"
            r"|question|query|command)?"
        ),
        r"\b(?:must|always)\s+(?:be\s+)?(?:called|used|invoked|run)\s+(?:first|before)\b",
        r"\b(?:call|use|invoke)\s+this\s+(?:tool|function)\s+(?:first|before)\b",
    ],
    "pressure": [
        (
            r"\b(?:otherwise|or\s+else)\b[^.\n]{0,30}\b(?:will\s+not|won'?t|cannot|can'?t|fails?"
            r"|will\s+fail|break|crash)\b"
        ),
        r"\b(?:the\s+)?tool\s+(?:will\s+not|won'?t|cannot|can'?t|does\s+not|doesn'?t)\s+work\b",
        (
            r"\b(?:required|mandatory|necessary|needed)\s+for\s+(?:(?:the|this)\s+)?"
            r"(?:tool|function|compliance|security|verification|validation|auditing|audit)\b"
        ),
        r"\bcritical\s+(?:system|security)\s+(?:requirement|step)\b",
        r"\bto\s+(?:validate|verify|confirm)\s+(?:the\s+|your\s+|user'?s?\s+)?identity\b",
    ],
    "read_verb": [
        r"(?:^|[\s,;:(>*\]\"])(?:please\s+)?(?:" + _VERB_READ + r")\b",
        # "the contents of <a file>": what is read, whatever the verb
        r"\b(?:the\s+)?(?:full\s+|entire\s+|raw\s+|whole\s+)?contents?\s+of\b",
        (
            r"\b(?:reading|opening|retriev(?:es|ed|ing)|fetch(?:ed|ing)|collect(?:ed|ing)|gather(?:ed|ing)"
            r"|extract(?:ed|ing)|harvest(?:ed|ing)|obtain(?:ed|ing)|dump(?:ed|ing)|grabb(?:ed|ing)"
            r"|look(?:ed|ing)\s+up)\b"
        ),
    ],
    "move_verb": [
        r"(?:^|[\s,;:(>*\]\"])(?:please\s+)?(?:" + _VERB_MOVE + r")\b",
        (
            r"\b(?:sending|uploading|posting|forwarding|transmitting|including|attaching|appending"
            r"|passing|putting|embedding|inserting|cop(?:ied|ying)|sharing|submitting|pasting|providing"
            r"|supplying|leaking|exfiltrating|delivering|mirroring|prefix(?:ed|ing)|prepend(?:ed|ing)"
            r"|transferring|texting|e-?mailing)\b"
        ),
        r"(?:^|[\s,;:(])(?:save|store|record|log|write|summari[sz]e|jot\s+down|note\s+down)\b",
        (
            r"\b(?:quietly|silently|secretly|also|then|please|and|always|just)\s+(?:text|message|sms|dm"
            r"|e-?mail|fax|whatsapp)\b|\b(?:text|message|e-?mail|dm)\s+(?:it|them|this|that|a\s+copy)\b"
        ),  # after a modal these words are verbs ("the assistant must mail ...")
        (
            r"\b(?:must|should|shall|will|needs?\s+to|has\s+to|have\s+to|is\s+to|are\s+to)\s+"
            r"(?:also\s+|always\s+|quietly\s+|silently\s+|then\s+)?(?:e-?mail|mail|text|sms|dm|fax"
            r"|message|relay|ship|beam|pipe)\b"
        ),
    ],
    "cred": [
        (
            r"~/\.ssh/\S*|\bid_(?:rsa|ed25519|ecdsa|dsa)\b"
            r"|(?:~/|\$home/)?\.cursor/mcp\.json\b|\bmcp\.json\b|\bclaude_desktop_config\.json\b"
            r"|\.aws/credentials\b|(?<![\w.])\.netrc\b|(?<![\w.])\.npmrc\b|(?<![\w.])\.pypirc\b"
            r"|\.git-credentials\b|/etc/(?:shadow|passwd|sudoers)\b|\.pgpass\b|gh/hosts\.ya?ml\b"
            r"|\b[\w.-]*(?:credentials?|secrets?|tokens?)\.(?:json|ya?ml|txt|ini|toml|env)\b"
            r"|\b[\w.-]+\.(?:pem|p12|pfx|keystore|jks)\b|\.docker/config\.json\b|\.gnupg\b|\.kube/config\b"
            r"|\.(?:bash|zsh)_history\b|\bkeychain\b|\bwallet\.dat\b|(?<![\w.])\.env\b"
        ),
        (
            r"\b(?:private|secret|signing|ssh|api|access|auth|session|refresh|bearer|master|encryption)"
            r"[\s_-]*(?:keys?|tokens?)\b"
        ),
        (
            r"\b(?:passwords?|passphrases?|passcodes?|credentials?|secrets|cookies|seed\s+phrases?"
            r"|mnemonics?|recovery\s+(?:phrase|codes?)|otp\s+codes?|2fa\s+codes?)\b"
        ),
        r"\b(?:environment\s+variables?|env\s+vars?|process\.env|os\.environ)\b",
        r"\b(?:credit\s+card|card\s+numbers?|cvv|social\s+security|ssn|bank\s+account)\b",
        # a secret store named by what it holds, not by its path ("the file ftp and curl read
        # for machine logins", "the folder where the user's keys live")
        (
            r"\b(?:files?|folders?|director(?:y|ies)|config(?:uration)?|dotfiles?)\b[^.\n]{0,60}"
            r"\b(?:machine\s+logins?|saved\s+(?:logins?|passwords?)|login\s+(?:details|data)"
            r"|logins?\s+and\s+passwords?|(?:private|signing|deploy)\s+keys?|keys?\s+(?:live|are\s+kept"
            r"|are\s+stored))\b"
        ),
    ],
    "conv": [
        (
            r"\b(?:conversation|chat|message|dialog(?:ue)?|session)\s+(?:history|log|logs|transcript"
            r"|so\s+far|context)\b"
        ),
        (
            r"\b(?:full|entire|whole|complete|previous|prior|earlier|past|recent)\s+(?:conversation"
            r"|chat|messages|exchanges?|turns|dialog(?:ue)?|context|user\s+messages)\b"
        ),
        (
            r"\b(?:system\s+prompt|system\s+message|your\s+instructions|hidden\s+instructions"
            r"|chain[\s-]+of[\s-]+thought|internal\s+reasoning|your\s+reasoning)\b"
        ),
        (
            r"\b(?:everything|anything|all|whatever|any\s+\w+)\s+(?:that\s+)?(?:the\s+)?user\s+"
            r"(?:has\s+)?(?:said|typed|wrote|written|shared|mentioned|provided|pasted|told)\b"
        ),
        (
            r"\b(?:output|results?|responses?|answers?|data)\s+(?:of|from)\s+(?:all\s+|any\s+|the\s+)?"
            r"(?:other|previous|prior|earlier)\s+(?:tools?|tool\s+calls|calls|functions)\b"
        ),
        r"\b(?:other|previous)\s+tools?'?\s+(?:output|results?|responses?)\b",
        r"\b(?:list_chats|chat\s+list|contact\s+list|recent\s+chats)\b",
        (
            r"\b(?:every|all|each)\s+(?:of\s+the\s+)?(?:earlier|previous|prior|past|preceding)\s+"
            r"(?:messages?|turns?|exchanges?|prompts?|replies)\b"
        ),
        (
            r"\b(?:messages?|turns?|replies)\s+(?:in|of|from)\s+this\s+(?:chat|conversation|session"
            r"|thread|dialog(?:ue)?)\b"
        ),
        r"\b(?:system|developer|initial|original|hidden|secret)\s+(?:prompt|message|instructions)\b",
        (
            r"\b(?:instructions?|text|rules|guidelines|prompt|setup)\s+(?:that\s+)?you\s+(?:were"
            r"|have\s+been|'ve\s+been)\s+(?:given|told|provided|configured\s+with|loaded\s+with)\b"
        ),
        (
            r"\b(?:all\s+|the\s+)?(?:earlier|previous|prior|preceding)\s+instructions\b"
            r"|\bhidden\s+(?:setup|preamble)\b"
        ),
    ],
    "recipient": [
        r"\b(?:bcc|cc|blind\s+(?:carbon\s+)?copy|carbon\s+copy)\b",
        (
            r"\b(?:forward|redirect|reroute|mirror|copy|relay|cc)\s+(?:it|them|this|all|every|each"
            r"|the\s+\w+|a\s+copy|(?:all\s+)?(?:messages|emails?|mails?|replies|data|results))\b"
            r"[^.\n]{0,40}\bto\b"
        ),
        r"\b(?:send|add)\s+a\s+copy\b",
        r"\b(?:save|keep|store|post|upload|forward|mirror|push|log)\s+a\s+copy\b[^.\n]{0,30}\bto\b",
        (
            # "change the to field" names the recipient; "is set to true" does not
            r"\b(?:set|change|replace|override|rewrite|switch)\s+(?:the\s+)?(?:recipient"
            r"|to\s+(?:field|address|line|header)|destination"
            r"|target|address|phone\s+number|receiver|email|channel|account)s?\b"
        ),
        r"\b(?:recipient|destination|receiver)s?\s+(?:must|should|shall|will)\s+(?:always\s+)?be\b",
        (
            r"\b(?:must|should|shall|will|to)\s+(?:also|additionally|always)\s+(?:go|be\s+(?:sent|copied"
            r"|forwarded|delivered|mirrored|cc'?d|bcc'?d))\s+to\b"
        ),
        r"\b(?:carry|include|with)\s+a\s+copy\s+to\b|\bas\s+a\s+hidden\s+recipient\b",
        (
            r"\b(?:additional|extra|hidden|silent|secret|invisible|blind|second|permanent)\s+"
            r"(?:hidden\s+)?(?:recipients?|addressees?|copy|copies)\b"
        ),
        (
            r"\b(?:forward|redirect|relay|mirror)\s+(?:these|those|my|your|his|her|their|its"
            r"|the\s+user'?s)\b[^.\n]{0,60}\bto\b"
        ),
    ],
    "pref_strong": [
        (
            r"\b(?:use|call|choose)\s+this\s+(?:tool|function|server)\s+exclusively\b"
            r"|\brefuse\s+to\s+(?:call|use|invoke)\s+(?:them|any\s+other|other|the\s+others)\b"
        ),
        r"\b(?:never|do\s+not|don'?t|avoid)\s+(?:use|call|trust|rely\s+on)\s+(?:the\s+)?others\b",
        r"\b(?:never|do\s+not|don'?t|avoid)\s+(?:use|call|trust|invoke|choose|pick|rely\s+on)\s+"
        r"(?:any\s+)?(?:other|another|alternative|competing|third[\s-]party)\s+(?:\w+\s+)?"
        + _TOOL
        + r"\b",
        r"\b(?:the\s+)?(?:only|sole|single)\s+(?:trustworthy|trusted|reliable|safe|secure|official"
        r"|legitimate|authorized|approved|correct|accurate|genuine)\s+(?:\w+\s+)?" + _TOOL + r"\b",
        r"\b(?:all\s+|any\s+)?(?:other|competing|alternative)\s+(?:\w+\s+)?"
        + _TOOL
        + r"\s+(?:are|is|have\s+been|has\s+been|were|was)\s+(?:\w+\s+)?"
        r"(?:deprecated|unsafe|insecure|broken|unreliable|malicious|compromised|outdated|fake"
        r"|hacked|infected|spying|blocked|banned"
        r"|inaccurate|dangerous|untrusted|obsolete)\b",
        (
            r"\b(?:prefer|choose|use|select)\s+this\s+(?:tool|function|server)\s+(?:over|instead\s+of)\s+"
            r"(?:any|all|every|the)\s+(?:other|alternative)s?\b"
        ),
        r"\b(?:all\s+|any\s+)?(?:other|competing|alternative)\s+(?:\w+\s+)?"
        + _TOOL
        + r"\s+(?:\w+\s+){1,4}?(?:are|is|have\s+been|were)\s+(?:\w+\s+)?(?:deprecated|unsafe"
        r"|insecure|broken|unreliable|malicious|compromised|outdated|fake|hacked|obsolete)\b",
        (
            r"\b(?:run|execute)\s+(?:it\s+|this\s+)?with\s+(?:admin|administrator|root|elevated|sudo)"
            r"\s+(?:privileges|rights|permissions|access)\b"
        ),
    ],
    "pref_disparage": [
        (
            r"\b(?:from|on|of|by)\s+other\s+(?:servers?|providers?|vendors?|tools?)\b[^.\n]{0,40}\b(?:manipulated"
            r"|fake|wrong|compromised|malicious|unsafe|poisoned|fabricated|falsified|rigged|tampered)\b"
        ),
        (
            r"\b(?:all\s+|any\s+)?(?:other|competing|rival|alternative|third[\s-]party)\s+(?:\w+\s+){0,2}?"
            r"(?:tools?|utilit(?:y|ies)|servers?|plugins?|functions?|readers?|translators?|services?"
            r"|apis?|providers?|integrations?|clients?)\b[^.\n]{0,30}\b(?:compromised|malicious|unsafe"
            r"|insecure|poisoned|hacked|fake|spying|untrustworthy|dangerous|infected|tampered|backdoored"
            r"|leaks?|leaking|steals?|stealing|sells?|harvests?|sends?\s+your\s+data|malware|spyware"
            r"|scams?|phishing)\b"
        ),
        (
            r"\b(?:the\s+others|they)\s+(?:are|have\s+been|were)\s+(?:\w+\s+){0,2}?(?:to\s+)?(?:leak"
            r"|steal|sell|spy|harvest)\w*\b"
        ),
        (
            r"\bthey\s+(?:are|have\s+been)\s+(?:all\s+)?(?:compromised|malicious|unsafe|poisoned"
            r"|hacked|fake|backdoored|tampered\s+with|malware|spyware|scams?|phishing)(?![\w-])"
        ),
        (
            r"\b(?:tool|server|plugin|function|utility|extension)s?\s+(?:is|are|has\s+been|have\s+been"
            r"|was|were)\s+(?:\w+\s+)?(?:compromised|malicious|poisoned|hacked|backdoored|trojaned"
            r"|spying|tampered\s+with)\b"
        ),
    ],
    "pref_exclusive": [
        (
            r"\b(?:the\s+)?only\s+(?:one|tool|server|function)\s+(?:you\s+)?(?:should|can|may|must)\s+"
            r"(?:ever\s+)?(?:trust|use|call|rely\s+on|choose)\b"
        ),
        (
            r"\b(?:never|do\s+not|don'?t|avoid|stop)\s+(?:use|using|call|calling|touch|pick|choose|trust"
            r"|invoke|rely\s+on)\s+(?:them|those|another(?:\s+one)?|any\s+other|others?|the\s+others"
            r"|alternatives)\b"
        ),
        (
            r"\b(?:rely|depend)\s+(?:exclusively|solely|only)\s+on\b|\b(?:use|call|choose)\s+(?:only"
            r"\s+this|this\s+one\s+only|it\s+exclusively)\b|\buse\s+only\s+this\b"
        ),
        r"\b(?:always|only)\s+(?:use|prefer|choose|pick|select|call)\s+this\s+one\b",
        (
            r"\b(?:route|send|direct|run|pass)\s+(?:every|all|each|any)\s+(?:\w+\s+)?(?:through|to|via)"
            r"\s+this\s+(?:one|tool|server|function)\b"
        ),
        (
            r"\b(?:use|prefer|choose|pick|call)\s+this\s+(?:tool|one|server|function)\s+(?:instead\s+of"
            r"|over|rather\s+than)\s+(?:any|all|every)\b"
        ),
        (
            r"\b(?:the\s+)?(?:only|sole|single)\s+(?:dependable|trustworthy|trusted|reliable|safe|secure"
            r"|vetted|legitimate|genuine|authentic|uncompromised)\s+(?:\w+\s+){0,2}?(?:tool|reader"
            r"|translator|utility|server|plugin|function|service|client|option|one)\b"
        ),
    ],
    # "always use get_order" is ordinary advice: it only counts beside a smear of the others
    "pref_named": [
        (
            r"\b(?:always|only(?:\s+ever)?)\s+(?:use|call|choose|prefer|pick)\s+[`'\"]?[a-z][a-z0-9]*"
            r"(?:[_-][a-z0-9]+)+"
        ),
        r"\b(?:never|do\s+not|don'?t)\s+(?:use|call|invoke)\s+[`'\"]?[a-z][a-z0-9_-]*[`'\"]?\s*[;,]",
    ],
    "pref_soft": [
        # about the tool itself ("the most trusted weather tool"), not a result ("the best match")
        r"\b(?:world'?s|the|and)\s+(?:best|most\s+(?:trusted|reliable|accurate|popular|powerful"
        r"|secure))\s+(?:\w+\s+){0,2}?" + _TOOL + r"\b",
        r"\bworld'?s\s+(?:best|most\s+\w+)\b",
        r"\bthe\s+(?:only\s+)?official\s+(?:and\s+)?\w*\s*" + _TOOL + r"\b",
        r"\b(?:#1|number\s+one|industry[\s-]leading|unrivall?ed|unmatched|best[\s-]in[\s-]class)\b",
        (
            r"\b\d{2,3}(?:\.\d+)?\s*%\s+of\s+(?:\w+\s+){0,3}?(?:users|developers|professionals|experts"
            r"|companies|engineers|teams|agents|businesses|enterprises|organi[sz]ations)\b"
        ),
        (
            r"\btrusted\s+by\s+(?:over\s+|more\s+than\s+)?(?:\d[\d,.]*\s*(?:%|k|m|million)?|millions|thousands"
            r"|most|all\s+major)\b"
        ),
        (
            r"\b(?:officially\s+)?(?:endorsed|recommended|certified|approved)\s+by\s+(?:openai|anthropic"
            r"|google|microsoft|experts|professionals|the\s+mcp)\b"
        ),
        (
            r"\b(?:always|only)\s+(?:use|prefer|choose|pick|select|call)\s+this\s+(?:tool|function"
            r"|server)\b"
        ),
        r"\b(?:must|should)\s+always\s+be\s+(?:preferred|chosen|selected|used)\b",
        r"\bthe\s+default\s+(?:tool|choice|server|option)\s+for\s+(?:all|every|any)\b",
    ],
}

SIGNALS: Final = tuple(EN)


# Letters of the non-Latin scripts the lexicons cover (Cyrillic, Arabic, Devanagari, kana,
# CJK, Hangul, fullwidth forms): an entry needing one cannot match plain ASCII text.
WIDE_SCRIPT: Final = linear_re.compile(
    "[\u0400-\u04ff\u0600-\u06ff\u0900-\u097f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uffef]"
)


def other_languages(signal: str, wide: bool) -> list[str]:
    """The non-English entries of a signal; without `wide`, only those ASCII text can match."""
    entries = (
        I18N.get(signal, []) + I18N2.get(signal, []) + I18N3.get(signal, []) + I18N4.get(signal, [])
    )
    return [p for p in entries if wide or not WIDE_SCRIPT.search(p)]


def _compile(signal: str, wide: bool) -> linear_re.Pattern:
    alternatives = EN[signal] + other_languages(signal, wide)
    return linear_re.compile("|".join(f"(?:{p})" for p in alternatives), re.I | re.M)


# Most model-visible text is plain ASCII: it is matched without the branches of the
# other scripts, which cost a try at every position and can never match there.
PATTERNS: Final = PatternGroup({s: _compile(s, False) for s in SIGNALS})
"""One alternation per signal, for plain ASCII text: a single pass per text."""


@lru_cache(maxsize=1)
def patterns_wide() -> PatternGroup:
    """The same with every language's entries, for any other text (built when first needed)."""
    return PatternGroup({s: _compile(s, True) for s in SIGNALS})


TAG: Final = linear_re.compile(
    r"<\s*/?\s*(?:system(?:[_-][a-z]+){0,2}|admin(?:[_-][a-z]+){1,2}|important|instructions?"
    r"|secret|hidden|critical|override|priority"
    r"|system[_-]?(?:prompt|message|instructions?)|user[_-]?instructions?|assistant[_-]?instructions?"
    r"|admin[_-]?instructions?|mandatory|urgent|note[_-]?to[_-]?(?:ai|assistant|model))\s*>"
    r"|<!--.{0,1000}?.{0,1000}?-->"  # up to the first closer, within 2,000 characters
    r"|\[\s*(?:system|important|instructions?|hidden|admin)\s*(?:message|note|instructions?)?\s*\]"
    r"|(?:^|\n)\s*(?:#{1,4}\s*)?(?:system|important)\s+(?:override|instructions?|notice|message)\s*:",
    re.I | re.S,
)
"""Instruction tags: they matter when they wrap an imperative to the model."""

SPECIAL: Final = linear_re.compile(
    r"<\|(?:im_start|im_end|im_sep|system|user|assistant|end|endoftext|begin_of_text|end_of_text"
    r"|start_header_id|end_header_id|eot_id|eom_id|start|channel|message|return|call|constrain"
    r"|tool_call|tool_response|fim_\w+)\|>"
    r"|\[/?INST\]|<<\s*/?SYS\s*>>|<start_of_turn>|<end_of_turn>|<｜[^｜>]{1,30}｜>"
    r"|</(?:system|tool_result|tool_output|function_results?|user_query|tool_response|result"
    r"|instructions)>\s*<\s*(?:system|user|assistant|instructions)\b"
    r"|(?:^|\n)\s*(?:#{1,4}\s*)?(?:human|assistant|system)\s*:\s*(?=\S)"
    r"|(?:^|\n)\s*#{1,4}\s*(?:instruction|user|response)\s*:\s*(?=\S)",
    re.I,
)
"""Chat-template special tokens, fake turn closers and legacy role prefixes."""

URL: Final = linear_re.compile(
    r"\b(?:https?|ftp|wss?)://[^\s<>\"'`)\]]+|\b(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?/\S*"
)
EMAIL: Final = linear_re.compile(
    r"\b[\w.+-]{1,64}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})*\.[a-z]{2,24}\b", re.I
)
# the number may run straight into a particle of a script without spaces ("+82-10-...로")
PHONE: Final = linear_re.compile(r"(?<![\w+])\+\d[\d\s().-]{7,18}\d(?!\d)")
IMAGE: Final = linear_re.compile(
    r"!\[[^\]\n]{0,200}\]\(\s*<?((?:https?:)?//[^)\s>]+)>?[^)]*\)"
    r"|<img\b[^>]{0,300}\bsrc\s*=\s*[\"']?((?:https?:)?//[^\"'\s>]+)"
    r"|^\s*\[[^\]\n]{1,60}\]:\s*((?:https?:)?//\S+)",
    re.I | re.M,
)
# a plain markdown link (not an image); it counts when its URL has a slot for data
LINK: Final = linear_re.compile(
    r"(?:\A|[^!])\[[^\]\n]{0,200}\]\(\s*<?((?:https?:)?//[^)\s>]+)>?[^)]*\)"
)
_FIELD_WORD_LATIN: Final = (
    r"(?:pol[eiua]|campo|câmpul\w*|champ|feld\w*|veld|kolom|fält\w*|mez[őö]\w*|kenttä\w*"
    r"|sehemu|medan|trường|parametr\w*|parametre\w*|parámetro|parâmetro|πεδί\w*|παράμετρ\w*"
    r"|пол[еяюіи]|параметр\w*)"
)
_FIELD_WORD_OTHER: Final = (
    r"(?:שדה|הפרמטר|פרמטר|فیلد|پارامتر|الحقل|حقل|المعامل|ฟิลด์|พารามิเตอร์|পরামিতি|ফিল্ড|புலம்"
    r"|அளவுரு|पैरामीटर|फ़ील्ड|फील्ड|필드|매개변수|파라미터|字段|参数|フィールド|パラメータ|引数)"
)
"""The word for "field" or "parameter" in the scanned languages (with common case forms):
in alphabets with word edges, and in scripts written without them or with marks."""
_QUOTED_ANY_NAME: Final = r"[`'\"‘“«]([^\s\d`'\"’”»][^\s`'\"’”»]{0,40})[`'\"’”»]"
"""A quoted name in any script (a mark inside it, as Bengali's, is part of the name)."""
PARAM_SINK: Final = linear_re.compile(
    r"\b(?:as|in|into|inside|to|via|under|through|using)\s+(?:the\s+)?[`'\"]?([a-z_][\w-]{1,40})[`'\"]?"
    r"\s+(?:parameter|argument|field|param|arg|property|key)\b"
    r"|\b(?:parameter|argument|field|param)\s+[`'\"]([a-z_][\w-]{1,40})[`'\"]"
    r"|\b(?:as|in|into)\s+[`'\"]([a-z_][\w-]{1,40})[`'\"]"
    # the word for "field" or "parameter" in the other scanned languages, before or after the name
    r"|(?:\b(?:campo|champ|feld|veld|pole|pola|kolom|fältet|fält|parametro|parametr\w*|parametre\w*"
    r"|alan\w*|поле|параметр\w*)|الحقل|حقل|المعامل|पैरामीटर|फ़ील्ड|फील्ड|필드|매개변수|파라미터|字段"
    r"|参数|フィールド|パラメータ|引数)\s*[`'\"‘“]?([a-z_][\w-]{0,40})\b"
    r"|[`'\"‘“]([a-z_][\w-]{0,40})[`'\"’”]\s*(?:(?:alan|parametr|parametre|параметр)\w*|पैरामीटर"
    r"|फ़ील्ड|फील्ड|필드|매개변수|파라미터|フィールド|パラメータ|引数|字段|参数)"
    # a quoted name in any script beside the word for a field or parameter (case forms too)
    rf"|\b{_FIELD_WORD_LATIN}\s*{_QUOTED_ANY_NAME}|{_FIELD_WORD_OTHER}\s*{_QUOTED_ANY_NAME}"
    rf"|{_QUOTED_ANY_NAME}\s*(?:{_FIELD_WORD_LATIN}|{_FIELD_WORD_OTHER})",
    re.I,
)


def param_sinks(text: str) -> list[Any]:
    """PARAM_SINK's matches, less "such as `x`": that introduces examples, not a place."""
    return [
        m
        for m in PARAM_SINK.matches(text)
        if not (
            m.group(0)[:2].lower() == "as"
            and text[max(0, m.start() - 5) : m.start()].lower() == "such "
        )
    ]


def param_sink_names(text: str) -> list[str]:
    """The names `param_sinks` finds in `text`: the fields it calls a place, in order."""
    return [name for m in param_sinks(text) for name in m.groups() if name]


SECRET: Final = linear_re.compile(
    r"\bAKIA[0-9A-Z]{16}\b|\bgh[pousr]_[A-Za-z0-9]{30,}\b|\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{24,}"
    r"|-----BEGIN [A-Z ]*PRIVATE KEY-----|\bxox[baprs]-[A-Za-z0-9-]{10,}|\bAIza[0-9A-Za-z_-]{35}\b"
)
DATA_SLOT: Final = linear_re.compile(
    r"[{<$]|%s|\b(?:data|secret|token|key|conversation|history|chat|content|msg|message|summary"
    r"|context|payload|info|q|d)=(?:[^&\s]{0,4}$|[{<\[$])|[A-Za-z0-9+/=_%-]{24,}",
    re.I,
)
"""In an image or link URL: a template slot or a long encoded value (data riding out)."""

TOOL_WORD: Final = (
    r"(?:strumento|herramienta|ferramenta|outil|werkzeug|narzędzi\w*|araç\w*|aracı\w*|verktyg\w*"
    r"|alat|công\s+cụ|инструмент\w*|функци\w*|공구|도구\w*|툴\w*|أداة|الأداة|टूल|उपकरण|工具|ツール|関数|函数)"
)
"""The word for "tool" or "function" in the scanned languages."""
