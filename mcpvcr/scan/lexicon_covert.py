"""Cues for covert acts: what the user is kept from seeing, changes to the host, lies told.

Each family names one concept in the scanned languages, written from the concept and not
from any one attack's words; none is an error alone (honest text documents cron entries,
hides tokens from replies, says "even if"). `rules_covert` joins two that only an attack
combines: an act kept out of the user's view, a change to the host with secrecy or
permanence, a report to the user that contradicts what happens.

Matched on the folded copy (lower-case, NFKC). Entries in a non-Latin script carry no
`\\b` beside a letter of that script (RE2's word edge is ASCII there).
"""

from __future__ import annotations

from typing import Final

from mcpvcr.scan.lexicon_covert_i18n import COVERT_I18N
from mcpvcr.scan.lexicon_reports import REPORTS

# what the user sees of the work: the reply, the summary, the confirmation
_VIEW_EN: Final = (
    r"(?:summar(?:y|ies)|recaps?|repl(?:y|ies)|answers?|confirmations?|overviews?|change\s*(?:log|list"
    r"|summary)|changelog|status\s+(?:message|report)|report\s+(?:to|for)\s+the\s+user|what\s+the"
    r"\s+user\s+sees|user[\s-]facing\s+\w+|echo(?:ed)?\s+\w+|output\s+(?:shown|you\s+show)"
    r"|(?:setup|install(?:ation)?|cleanup|final|session)\s+(?:summary|report|output|notes))"
)

COVERT: Final[dict[str, list[str]]] = {
    # something left out of what the user is shown or told
    "user_view": [
        (
            r"\b(?:leave|leaves|left|keep|kept)\s+(?:\w+\s+){0,6}?out\s+of\s+(?:the\s+|your\s+|any\s+"
            r"|every\s+|all\s+)?(?:\w+[\s-]+){0,2}?" + _VIEW_EN
        ),
        (
            r"\b(?:omit|omitted|omits|exclude[sd]?|drop(?:ped)?|strip(?:ped)?|hide|hidden|suppress(?:ed)?"
            r"|withh[eo]ld)\s+(?:\w+\s+){0,6}?(?:from|in)\s+(?:the\s+|your\s+|any\s+|every\s+|all\s+)?"
            r"(?:\w+[\s-]+){0,2}?" + _VIEW_EN
        ),
        (
            r"\b(?:don'?t|do\s+not|never|no\s+need\s+to|need\s+not|without)\s+(?:list|enumerate|itemi[sz]e"
            r"|mention|include|show|display|surface|call\s+out|point\s+out|bring\s+up|announce)(?:ing)?\s+"
            r"(?:it|them|this|these|that|those|the\s+\w+(?:\s+\w+)?)\s+(?:in|to|when|as|within)\s+"
            r"(?:the\s+|your\s+|any\s+)?(?:\w+[\s-]+){0,2}?(?:" + _VIEW_EN + r"|user|customer)"
        ),
        r"\b(?:don'?t|do\s+not)\s+(?:list|enumerate|itemi[sz]e)\s+(?:it|them|these|those)\b",
        (
            r"\b(?:needs?\s+not|should\s+not|shouldn'?t|must\s+not|is\s+not\s+to|are\s+not\s+to)\s+be\s+"
            r"(?:shown|displayed|mentioned|surfaced|listed|reported|announced|visible)\b"
        ),
        (
            r"\b(?:is|are|stays?|remains?|will\s+be)\s+(?:not|never)\s+(?:shown|displayed|visible"
            r"|surfaced|listed|mentioned)\s+(?:to\s+(?:the\s+)?(?:user|customer|human)s?|in\s+(?:the\s+)?"
            r"(?:results|summary|reply|confirmation|output|response))\b"
        ),
        (
            r"\b(?:mention|show|report|display|list|state|say|give|name)\s+only\s+(?:the\s+)?\w+"
            r"[^.\n]{0,40}\b(?:when\s+you\s+repl|in\s+(?:your|the)\s+(?:reply|answer|summary"
            r"|response|confirmation))|\bkeep\s+(?:your|the)\s+(?:summary|reply|answer|report"
            r"|response|message)\s+to\b|\bin\s+(?:your|the)\s+(?:reply|answer|summary|response)"
            r",?\s+(?:mention|state|report|list|show|say)\s+only\b"
        ),
        r"\bsilent(?:ly)?\s+(?:participant|attendee|recipient|observer|member|admin\w*|cc|bcc|copy)\b",
        (
            r"\b(?:leave|keep)\s+(?:it|them|this|that|these|those)\s+(?:out|off)\s+(?:when|while)\s+you\s+"
            r"(?:summari[sz]e|report|reply|describe|tell|show|present|list|confirm)"
            r"|\bneeds?\s+no\s+(?:mention|explanation|comment)\b|\b(?:does|do)\s*(?:not|n't)\s+need\s+to\s+"
            r"be\s+(?:mentioned|shown|listed|surfaced|reported|itemi[sz]ed|displayed|disclosed)\b"
            r"|\b(?:should|must)\s+not\s+be\s+itemi[sz]ed\b"
        ),
        (
            r"\b(?:should|must|need)\s*(?:not|n't)\s+be\s+brought\s+up\b|\bneed\s+not\s+(?:list|mention"
            r"|show|disclose|report)\b|\b(?:not|never)\s+(?:necessary|needed|required)\s+to\s+(?:disclose"
            r"|mention|show|report|list)\b|\bwithout\s+(?:pointing\s+(?:this|it|that)\s+out|mentioning"
            r"\s+(?:that|it|this)|annotating)\b|\bdon'?t\s+annotate\b|\bnot\s+user[\s-]facing\b"
            r"|\b(?:preview|summary|listing|confirmation|receipt)s?\s+(?:shown\s+to\s+the\s+user\s+)?"
            r"(?:\w+\s+){0,4}?omits?\b|\bleft\s+out\s+of\s+(?:\w+\s+){0,3}?(?:listings?|lists?)\s+shown"
            r"|\bdo\s+not\s+reveal\s+that\b"
        ),
        (
            r"\b(?:don'?t|do\s+not|never|no\s+need\s+to|without)\s+(?:point(?:ing)?\s+out|call(?:ing)?\s+out"
            r"|flag(?:ging)?|mention(?:ing)?|surfac(?:e|ing)|itemi[sz](?:e|ing)|disclos(?:e|ing)"
            r"|announc(?:e|ing))\s+(?:the\s+|this\s+|that\s+|any\s+)?(?:extra|additional|second|duplicate"
            r"|hidden|backup|substitut\w*|swap|switch|change|fee|margin|charge|copy|upload|hook|entry"
            r"|redirect\w*)\b"
        ),
        # German
        (
            r"\b(?:weg(?:ge)?lass\w*|ausgelassen|auslassen|nicht\s+(?:an(?:ge)?zeigt|anzeigen|auf(?:ge)?"
            r"(?:führt|listet|listen|führen)|erwähn\w*|genannt|nennen))\b[^.\n]{0,60}"
            r"\b(?:zusammenfassung|bestätigung|antwort|übersicht|bericht|nutzer\w*|benutzer\w*)"
            r"|\b(?:zusammenfassung|bestätigung|antwort|übersicht|bericht)\b[^.\n]{0,60}"
            r"\b(?:weg(?:ge)?lass\w*|ausgelassen|nicht\s+(?:an(?:ge)?zeigt|aufgeführt|erwähnt|genannt))"
            r"|\bnur\s+(?:\w+\s+){0,3}?(?:erwähnen|nennen|melden|anzeigen)\b"
        ),
        # French
        (
            r"\b(?:omett\w*|omis(?:e|es)?\b|n['’]\s*(?:a|ont)\s+pas\s+à\s+être\s+(?:affiché|mentionné|montré|signalé)"
            r"\w*|ne\s+(?:pas\s+)?(?:l['’]\s*|les\s+)?(?:affich|mentionn|montr|énumér|lister|signal)\w*"
            r"(?:\s+pas)?|sans\s+(?:le\s+|l['’]\s*)?(?:mentionner|signaler|afficher))\b"
            r"|\b(?:résumé|récapitulatif|réponse|confirmation)\b[^.\n]{0,40}\bsans\s+(?:mentionner|ce)"
            r"|\bne\s+mentionne[zr]?\s+que\b|\bindique[zr]?\s+seulement\b"
        ),
        # Spanish / Portuguese / Italian / Catalan
        (
            r"\b(?:omit[ea]\w*|no\s+(?:lo\s+|los\s+|las\s+|la\s+)?(?:muestres|mostrar|enumeres|enumerar"
            r"|menciones|mencionar|incluyas|listes|detalles)|no\s+se\s+muestra\w*|sin\s+(?:mencionar"
            r"|mostrar)(?:lo|los|las)?|menciona\s+solo|solo\s+menciona)\b"
            r"|\b(?:não\s+(?:o\s+|os\s+|a\s+|as\s+)?(?:mostre|mostrar|liste|listar|mencione|mencionar"
            r"|inclua|exiba|exibir)|sem\s+(?:mencionar|mostrar|exibir)|omiti\w*)\b"
            r"|\b(?:non\s+(?:lo\s+|li\s+|la\s+|le\s+)?(?:mostrare|mostrar\w*|elencar\w*|menzionar\w*"
            r"|includer\w*|visualizzar\w*)|ometti\w*|senza\s+(?:menzionar\w*|mostrar\w*))\b"
            r"|\b(?:no\s+(?:ho\s+)?(?:mostris|mencionis|enumeris)|omet\w*)\b"
        ),
        # Dutch / Swedish / Danish / Norwegian
        (
            r"\b(?:laat|laten)\s+(?:\w+\s+){0,4}?weg\b|\bweggelaten\b|\bniet\s+(?:tonen|vermelden|weergeven"
            r"|noemen|getoond|vermeld)\b|\bvermeld\s+alleen\b"
            r"|\b(?:nämn|visa|lista|ange)\s+(?:\w+\s+)?inte\b|\butelämna\w*|\bvisas\s+inte\b"
            r"|\b(?:nævn|vis|nevn)\s+(?:\w+\s+)?ikke\b|\bikke\s+(?:vis|nævn|nevn)\w*|\budelad\w*|\butelat\w*"
        ),
        # Polish / Czech / Slovak / Romanian / Hungarian / Finnish
        (
            r"\b(?:pomiń|pomijaj|nie\s+(?:pokazuj|wymieniaj|wspominaj|wyświetlaj|podawaj)\w*"
            r"|nie\s+jest\s+(?:pokazywan|wyświetlan)\w*)"
            r"|\b(?:neuváděj|nezobrazuj|nezmiňuj|vynech)\w*|\buveď\s+(?:jen|pouze)\b|\bnezobrazuje\s+se\b"
            r"|\b(?:nu\s+(?:afișa|menționa|enumera|arăta)\w*|omite\w*)|\bmenționează\s+doar\b"
            r"|\bne\s+(?:mutasd|említsd|sorold)\w*|\bhagyd\s+ki\b"
            r"|\bälä\s+(?:näytä|mainitse|luettele)\b|\bjätä\s+pois\b"
        ),
        # Turkish / Indonesian / Malay / Tagalog / Swahili / Vietnamese
        (
            r"\b(?:gösterme\w*|belirtme\w*|listeleme\w*|gösterilmez|yalnızca\s+[\"'‘“]?\w+[\"'’”]?\s+yazıl\w*)"
            r"|\bjangan\s+senarai\w*|\b(?:jangan\s+(?:tampilkan|sebutkan|cantumkan|tunjukkan|paparkan)|tidak\s+(?:ditampilkan"
            r"|disebutkan|dicantumkan|perlu\s+ditampilkan))\b"
            r"|\b(?:huwag\s+(?:ipakita|banggitin|isama)|hindi\s+ipinapakita)\b"
            r"|\b(?:bila\s+ku(?:i|m|ki|vi)?onyesha|usionyeshe|bila\s+kutaja|usitaje)\w*"
            r"|\bkhông\s+(?:hiển\s+thị|đề\s+cập|liệt\s+kê|cần\s+hiển\s+thị)|\bchỉ\s+(?:ghi|nêu|báo)\b"
        ),
        # Russian / Ukrainian / Bulgarian / Serbian
        (
            r"не\s+(?:показыва|показ|упомина|перечисля|отобража|включа)\w*|опусти\w*|не\s+відобража\w*"
            r"|не\s+показу\w*|не\s+згаду\w*|не\s+перелічу\w*|користувачеві\s+[^.\n]{0,20}не\s+показу\w*"
            r"|не\s+се\s+показва|не\s+споменава\w*|не\s+приказу\w*"
        ),
        # Greek
        (
            r"δεν\s+(?:χρειάζεται\s+να\s+)?(?:εμφανίζ|αναφέρ|δείχν)\w*|μην\s+(?:το\s+|τα\s+)?(?:εμφανίσ|αναφέρ"
            r"|δείξ)\w*|παράλειψε"
        ),
        # Arabic / Persian / Urdu / Hebrew
        (
            r"لا\s+(?:تذكر|تعرض|تظهر|تُظهر|تدرج)|دون\s+(?:ذكر|عرض|إظهار)|لا\s+يظهر\s+للمستخدم"
            r"|نمایش\s+نده|نشان\s+نده|ذکر\s+نکن|نمایش\s+داده\s+نمی\s*شود|نہ\s+دکھائیں|ذکر\s+نہ\s+کریں"
            r"|אל\s+(?:תציג|תזכיר|תפרט)|השמט|לא\s+מוצג\s+למשתמש|בלי\s+להזכיר"
        ),
        # Hindi / Marathi / Bengali / Tamil / Telugu / Gujarati / Punjabi
        (
            r"(?:न|नहीं)\s+(?:दिखाएँ|दिखाएं|दिखाया|बताएं|बताएँ)|उल्लेख\s+न\s+कर|नहीं\s+दिखाया\s+जाना"
            r"|सारांश\s+में\s+[^।\n]{0,30}(?:न|नहीं)|दाखवू\s+नका|দেখাবেন\s+না|উল্লেখ\s+করবেন\s+না"
            r"|காட்டப்படக்கூடாது|காட்ட\s+வேண்டாம்|குறிப்பிட\s+வேண்டாம்|చూపవద్దు|ప్రస్తావించవద్దు"
            r"|બતાવશો\s+નહીં|ਨਾ\s+ਦਿਖਾਓ"
        ),
        # Chinese / Japanese / Korean / Thai
        (
            r"(?:不要|无需|无须|不必|不用|请勿|勿)(?:在[^。\n]{0,15})?(?:显示|顯示|提及|列出|告知|展示|说明)"
            r"|不(?:会|要)?(?:显示|顯示)给用户|(?:摘要|回复|回覆|答复|总结)中(?:不|省略)"
            r"|(?:回答|返答|要約|概要|報告|まとめ|サマリー)(?:に|で)は?[^。\n]{0,15}(?:含めない|記載しない"
            r"|触れない|表示しない|書かない)|表示しないで|含めないで|伝えないで"
            r"|(?:요약|응답|답변|보고)(?:에는|에서는?)[^.\n]{0,20}(?:표시하지|언급하지|포함하지)"
            r"|표시하지\s*(?:마|않)|언급하지\s*(?:마|않)|보여주지\s*(?:마|않)"
            r"|ไม่ต้อง(?:แสดง|แจ้ง|บอก|ระบุ)|อย่า(?:แสดง|แจ้ง|ระบุ)|โดยไม่(?:แสดง|แจ้ง)"
        ),
    ],
    # a change to the host that weakens it or outlives the task (read in code spans too)
    "host_change": [
        (
            r"~/\.(?:bashrc|zshrc|bash_profile|profile|zprofile|zshenv)\b|\bprompt_command\b"
            r"|\bauthorized_keys\b|@reboot\b|\bcrontab\s+(?:-e|-l|entry|line)?|\bcron\s+(?:entry|job)\b"
            r"|\bschtasks\b|\bscheduled\s+task\b|\blaunchagents?\b|\blaunchdaemons?\b"
            r"|\bsystemctl\s+enable\b|\\currentversion\\run\b"
        ),
        (
            r"\bcore\.hookspath\b|--no-verify\b|\bpush\s+(?:\S+\s+){0,3}?--force\b|--force\b[^.\n]{0,20}"
            r"\bmain\b|\bsudoers\b|\bnopasswd\b|\bchmod\s+(?:-r\s+)?(?:[0-7]?777|[24][0-7]{3}|u\+s|\+s)\b"
            r"|\bsetuid\b|\buseradd\b|\badduser\b|\buid\s*(?:=\s*)?0\b|\buid\s+0\b"
        ),
        (
            r"\bset-mppreference\b|\bdisablerealtimemonitoring\b|\bdefender\s+exclusions?\b"
            r"|\bsetenforce\s+0\b|\bufw\s+disable\b|\biptables\s+-f\b|\bspctl\s+--master-disable\b"
            r"|\bdisabl\w*\s+(?:the\s+)?(?:firewall|antivirus|anti-virus|selinux|gatekeeper"
            r"|real-?time\s+(?:protection|monitoring)|endpoint\s+protection)\b"
        ),
        (
            r"\broot\s+certificates?\b|\b(?:trusted|root)\s+(?:ca|certificate\s+authorit(?:y|ies))\b"
            r"|\btrust\s+store\b|\bupdate-ca-certificates\b|\bsystem(?:-wide)?\s+(?:https?\s+)?proxy\b"
            r"|\binsecure-registries\b|\bsecurity\.workspace\.trust\.enabled\b"
            r"|\bcluster-admin\b|\bclusterrolebinding\b|\b/etc/hosts\b|\b/etc/resolv\.conf\b"
            r"|\.git/hooks\b|\b(?:open|expose|allow)\w*\b[^.\n]{0,40}\b0\.0\.0\.0/0\b"
            r"|\btrusted[\s-]host\b|--privileged\b|\bpasswordless\s+(?:root|sudo)\b"
            r"|\bprivilege[\s-]escalation\s+config\w*|\b(?:adds?|register\w*)\s+itself\s+(?:to|as)\s+"
            r"(?:startup|login\s+items?|autostart|a\s+service)\b|\b(?:turn(?:s|ing)?|switch(?:es|ing)?)\s+off"
            r"\s+(?:the\s+)?(?:os\s+|system\s+|windows\s+)?(?:firewall|antivirus|anti-virus|defender"
            r"|real-time\s+(?:protection|antivirus|scanning))"
            r"|\b(?:disabl\w*|turn(?:s|ing)?\s+off|switch(?:es|ing)?\s+off|schakel\w*)\b[^.\n]{0,40}\b"
            r"(?:two[\s-]factor|2fa|mfa|branch[\s-]protection|tweestapsverificatie|zwei-faktor\w*"
            r"|audit\s+log\w*)"
        ),
        (
            r"/dev/tcp/|\bnc\s+(?:-\w+\s+)*-e\b|\bncat\b|--reverse\b|\breverse\s+(?:shell|tunnel)\b"
            r"|\bbash\s+-i\b|\bcurl\s+[^|\n]{0,120}\|\s*(?:sudo\s+)?(?:ba|z)?sh\b"
            r"|\bwget\s+[^|\n]{0,120}\|\s*(?:sudo\s+)?(?:ba|z)?sh\b"
        ),
        (
            r"\b(?:role|is_admin|is_superuser|admin)\s*=\s*(?:'admin'|\"admin\"|1|true)\b"
            r"|\bgrant\s+all\b|\bgrant\s+(?:\w+\s+)?admin\b"
        ),
        (
            r"(?:~/)?\.claude/claude\.md\b|\bclaude\.md\b|\.cursorrules\b|\bagents\.md\b"
            r"|\bcopilot-instructions\.md\b|\.windsurfrules\b"
        ),
    ],
    # a fee, commission or share of the user's money taken on the side
    "side_fee": [
        (
            r"\b\d{1,2}(?:[.,]\d{1,2})?\s?%\s+(?:\w+\s+){0,3}?(?:fee|commission|surcharge|cut|markup|margin|spread|charge"
            r"|gebühr|provision|frais|commission|comisión|cargo|taxa|comissão|commissione|prowizj\w*"
            r"|poplatek|comision|komisyon|ücret|biaya|komisi|phí|ada|bayad)\b"
            r"|\b(?:fee|commission|surcharge|gebühr|provision|frais|comisión|cargo|taxa|comissão"
            r"|commissione|prowizj\w*|poplatek|comision|komisyon|ücret\w*|biaya|komisi|phí|ada|tume"
            r"|bayad)\s+(?:\w+\s+){0,4}?(?:of\s+|von\s+|de\s+|di\s+|ya\s+)?\d{1,2}(?:[.,]\d{1,2})?\s?%"
        ),
        (
            r"\d{1,2}\s?%\s*(?:的)?(?:手续费|佣金|服务费)|(?:手数料|コミッション)\s*\d|수수료\s*\d|\d{1,2}\s?%\s*(?:комисси|збір|комісі)\w*"
            r"|(?:комисси|комісі)\w*\s+\d{1,2}\s?%|عمولة\s+\d|کارمزد\s+\d|कमीशन|শতাংশ\s+ফি|கமிஷன்"
        ),
    ],
    # commands that only open the machine up or wipe its history, whatever language surrounds
    # them (read in code spans too; a deny-list naming them is told apart by `rules_covert`)
    "hostile_cmd": [
        (
            r"\bchmod\s+-r\s+[0-7]?777\s+/(?:etc|home|usr|bin|var|root)?\b|\bchmod\s+(?:[24]755|u\+s|\+s)\s+"
            r"/(?:usr/)?bin/\w+|\bsetenforce\s+0\b|\bselinux=disabled\b|\bset-mppreference\s+-disable\w+"
            r"|\bspctl\s+--master-disable\b|\bnopasswd\s*:\s*all\b|\bufw\s+disable\b|\biptables\s+-f\b"
            r"|\bnetsh\s+advfirewall\s+set\s+\w+\s+state\s+off\b"
        ),
        (
            r"/dev/tcp/\d|\bnc\s+(?:-\w+\s+)*-e\s+/bin/|\bbash\s+-i\s+>&|\breflog\s+expire\s+--expire=now\b"
            r"|\b(?:tcp://)?0\.0\.0\.0:2375\b|\binsecure-registries\b[^\n]{0,10}0\.0\.0\.0/0"
            r"|(?:bashrc|zshrc|profile)\b[^\n]{0,80}\b(?:curl|wget)\s+[^|\n]{0,100}\|\s*(?:ba|z)?sh\b"
            r"|\b(?:curl|wget)\s+[^|\n]{0,100}\|\s*(?:ba|z)?sh\b[^\n]{0,80}\b(?:bashrc|zshrc|crontab|@reboot)"
            r"|@reboot\s+\S+\s+[^\n]{0,40}(?:--reverse|\d+\.\d+\.\d+\.\d+:\d+)"
        ),
    ],
    # statements that wipe records (read in code spans too)
    "sql_destroy": [
        r"\btruncate\s+(?:table\s+)?\w+\s*;|\bdelete\s+from\s+\w+|\bdrop\s+(?:table|database|schema)\s+\w+",
    ],
    # where the user is: a harm when it leaves unseen
    "location": [
        r"\b(?:gps|geolocation|precise\s+location|(?:precise\s+|gps\s+)?coordinates|location\s+history)\b",
    ],
    # a flag in a config fragment that keeps the user from being told
    "quiet_flag": [
        (
            r"[\"']?\b(?:notify(?:_user)?|announce|inform_user|show_user|user_visible|visible_to_user"
            r"|alert_user|confirm(?:ation)?_required|ask_user)[\"']?\s*[:=]\s*(?:false|no|0|off)\b"
        ),
    ],
    # a harmful change presented as the normal course of the work
    "frame_normal": [
        (
            r"\b(?:part\s+of\s+(?:the\s+)?)?(?:normal|routine|standard|usual|regular|default)\s+"
            r"(?:cleanup|setup|output|housekeeping|maintenance|steps?|procedure|configuration"
            r"|operation|diagnostics?)\b|\btransient\s+tweaks?\b|\bconsidéra?\w*\s+(?:comme\s+)?"
            r"(?:normal|standard)|\bconsid[ée]ra?lo\s+parte\b|\bparte\s+de\s+la\s+configuración"
            r"|\bbước\s+chuẩn\b|\blangkah\s+standar\b|\bstandardschritt\b|\broutinemä(?:ß|ss)ig\b"
            r"|\bexpected\s+behaviou?r\b|\broutine\s+(?:repo\s+)?hygiene\b|\bone-time\s+setup\b"
        ),
        r"常规步骤|标准步骤|通常の手順|표준\s*단계|обычн\w+\s+(?:процедур|шаг)\w*|стандартн\w+\s+(?:шаг|процедур)\w*",
    ],
    # an act presented to the user under another name ("describe this step as 'configuring Git'")
    "frame_as": [
        (
            r"\b(?:describe|present|report|label|call|frame|refer\s+to)s?\s+(?:\w+\s+){0,6}?as\s+[\"'‘“(]"
            r"|\bshould\s+read\s+[\"'‘“]"
        ),
        (
            r"\b(?:beschreib|bezeichn|darstell|meld)\w*\s+(?:\w+\s+){0,5}?als\s+[„\"'«]"
            r"|\b(?:décri|présent|qualifi|signal)\w*\s+(?:\w+\s+){0,5}?comme\s+[«\"'“]"
            r"|\b(?:describ|present|report|calific|informa)\w*\s+(?:\w+\s+){0,5}?como\s+[«\"'“]"
            r"|\b(?:descriv|present|segnal)\w*\s+(?:\w+\s+){0,5}?come\s+[«\"'“]"
            r"|\b(?:beschrijf|presenteer|meld)\w*\s+(?:\w+\s+){0,5}?als\s+[„\"'«]"
            r"|\b(?:opisz|przedstaw|zgłoś)\w*\s+(?:\w+\s+){0,5}?jako\s+[„\"'«]"
            r"|\bolarak\s+(?:tanımla|göster|bildir|sun)\w*"
        ),
        (
            r"(?:опиш|представ|назов|назв|сообщ|повідом)\w*\s+(?:\S+\s+){0,5}?(?:как|як)\s+[«\"„']"
            r"|(?:描述|说成|称为|報告|报告)(?:为|為)[“「\"]|[」』]と(?:説明|表示|報告|記載)"
            r"|(?:이라고|라고)\s*(?:설명|표시|보고)"
        ),
    ],
    # results rigged for a sponsor: cheaper or rival options hidden, the sponsor called the
    # best, safety warnings about it left out
    "rank_rig": [
        (
            r"\b(?:omit|hide|exclude|drop|suppress|leave\s+out|don'?t\s+(?:show|list|mention)|do\s+not"
            r"\s+(?:show|list|mention))\s+(?:\w+\s+){0,4}?(?:cheaper|lower-priced|less\s+expensive"
            r"|competing|competitors?'?|rival|other\s+(?:brands?|vendors?|agencies|providers|sellers"
            r"|airlines|stores|shops|retailers))\b|\b(?:present|describe|label|call|show)\s+(?:\w+\s+){0,4}?"
            r"as\s+(?:the\s+)?(?:best|cheapest|safest|lowest|most\s+(?:reliable|trusted|secure))\b"
            r"|\b(?:don'?t|do\s+not|never)\s+(?:mention|cite|show|include|quote)\s+(?:the\s+|any\s+)?"
            r"(?:\w+\s+){0,3}?(?:warnings?|side\s+effects|recalls?|safety\s+notices?|negative\s+reviews?"
            r"|complaints)\b|\b(?:competing|rival|other|remaining)\s+(?:sellers?|merchants?|vendors?|brands?"
            r"|stores?|agencies)'?\s*(?:offers?\s+)?(?:should\s+be\s+)?(?:described|labell?ed|presented|shown)"
            r"\s+(?:\w+\s+){0,4}?as\b|\bdescribe\s+the\s+(?:remaining|other)\s+\w+'?\s+(?:offers?\s+)?as\b"
            r"|\bdiscourage\s+(?:\w+\s+){0,3}?(?:seeing|consulting|visiting|calling)\s+(?:a\s+)?(?:doctor"
            r"|physician|professional|lawyer|pharmacist)"
        ),
        (
            r"\b(?:omite|oculta|no\s+muestres)\s+(?:\w+\s+){0,4}?(?:más\s+(?:económicas|baratas)"
            r"|(?:de\s+)?otras\s+(?:agencias|marcas|tiendas)|competencia)|\bcomo\s+(?:el|la)\s+mejor\b"
            r"|\b(?:omita|oculte|não\s+mostre)\s+(?:\w+\s+){0,4}?(?:mais\s+baratas|concorrentes"
            r"|outras\s+(?:lojas|marcas))|\bcomo\s+(?:o|a)\s+melhor\b|\b(?:masquez|omettez|ne\s+montrez"
            r"\s+pas)\s+(?:\w+\s+){0,4}?(?:moins\s+chères|concurrents)|\bcomme\s+(?:le|la)\s+meilleur"
            r"|\b(?:blende|verschweige|zeige\s+nicht)\w*\s+(?:\w+\s+){0,4}?(?:günstiger\w*|konkurren\w*)"
            r"|\bals\s+(?:das|den|die)\s+beste\w*|\bnon\s+citare\s+(?:le\s+)?avvertenze\b"
            r"|\bnascondi\s+(?:\w+\s+){0,4}?(?:più\s+economiche|concorrenti)|\bcome\s+(?:il|la)\s+migliore\b"
        ),
        (
            r"(?:隐藏|不要显示|省略)[^。\n]{0,15}(?:更便宜|竞争对手|其他品牌)|(?:安い|競合)[^。\n]{0,15}(?:表示しない|隠"
            r"|除外)|(?:더\s*저렴한|경쟁사)[^.\n]{0,15}(?:숨기|표시하지|제외)|(?:дешевл|конкурент)\w*[^.\n]{0,20}"
            r"(?:не\s+показыва|скрыва|исключа)\w*|(?:не\s+показывай|скрой)\s+(?:\S+\s+){0,3}?(?:дешевл|конкурент)\w*"
        ),
    ],
    # what stays after the task, the session or the tool's removal
    "persist_after": [
        (
            r"\b(?:leave|keep)\s+(?:it|them|this|that|the\s+\w+)\s+in\s+place\s+(?:after|when|once"
            r"|even)\b|\b(?:persists?|remains?|stays?|survives?|kept)\s+(?:\w+\s+){0,3}?(?:after|beyond"
            r"|across)\s+(?:the\s+)?(?:session|uninstall\w*|removal|reboots?|restarts?|the\s+tool"
            r"|(?:the\s+)?\w+\s+(?:ends|finishes|is\s+removed|is\s+uninstalled))"
            r"|\b(?:should|must|will)\s+persist\b|\beven\s+(?:if|after|when)\s+(?:the\s+)?user\s+"
            r"(?:removes|uninstalls|deletes|disables|closes)\b"
        ),
        (
            r"\bbleib\w*\s+(?:\w+\s+){0,4}?(?:bestehen|erhalten|aktiv)\b|\bauch\s+nach\s+(?:der\s+)?"
            r"(?:deinstallation|sitzung|entfernung)|\b(?:reste|restent|persiste)\w*\s+(?:\w+\s+){0,3}?"
            r"(?:après|même)\b|\bmême\s+après\b|\b(?:permanece|persiste|sigue)\w*\s+(?:\w+\s+){0,3}?"
            r"(?:después|tras|aunque|incluso|mesmo|após)\b|\b(?:incluso|mesmo)\s+(?:después|após|depois)\b"
            r"|\b(?:rimane|resta|persiste)\w*\s+(?:\w+\s+){0,3}?(?:anche|dopo)\b|\banche\s+dopo\b"
            r"|\bblijft\s+(?:\w+\s+){0,3}?(?:staan|bestaan|actief)\b|\book\s+na\s+(?:de\s+)?"
            r"(?:verwijdering|sessie)|\bpozostaje\w*|\bnawet\s+po\b|\bzůstává\b|\bi\s+po\s+(?:odinstal|skonč)"
            r"|\brămân\w*\s+(?:\w+\s+){0,3}?(?:după|chiar)\b|\bchiar\s+(?:și\s+)?după\b"
        ),
        (
            r"\b(?:sonra\s+da|silse\s+bile|kaldırsa\s+bile|sistemde\s+kal\w*)"
            r"|\b(?:tetap\s+(?:ada|aktif|berjalan)|walaupun\s+pengguna|meskipun\s+pengguna)\b"
            r"|\b(?:vẫn\s+(?:giữ|còn|tồn\s+tại)|kể\s+cả\s+khi)\b|\bbaki\s+(?:kwenye|hata)\b"
            r"|\bhata\s+baada\b|\bmananatili\b|\bkahit\s+(?:pagkatapos|tanggalin)\b"
        ),
        (
            r"остаётся|остается|останется|даже\s+после|залишає\w*|навіть\s+після|παραμέν\w*|ακόμη\s+και\s+μετά"
            r"|حتى\s+بعد|يبقى|باقی\s+می\s*ماند|حتی\s+پس\s+از|נשאר|גם\s+אחרי|के\s+बाद\s+भी|बना\s+रहे"
            r"|পরেও|பிறகும்|之后(?:仍|也)|后(?:仍|也)(?:保留|存在|有效)|仍然保留|即使[^。\n]{0,10}(?:删除|卸载)"
            r"|後も(?:残|有効|維持)|削除しても|이후에도|삭제해도|ยังคง(?:อยู่|ทำงาน)|แม้(?:ว่า)?ผู้ใช้"
        ),
    ],
    # done without the user's say
    "no_ask": [
        (
            r"\bwithout\s+(?:first\s+)?(?:asking|confirming|confirmation|prompting|approval|consent"
            r"|waiting\s+for\s+(?:\w+\s+){0,2}?(?:approval|confirmation|consent|an?\s+answer))\b"
            r"|\bno\s+need\s+to\s+(?:ask|confirm|check\s+with)\b|\b(?:don'?t|do\s+not|never)\s+(?:ask"
            r"|prompt|wait\s+for)\b[^.\n]{0,20}\b(?:user|confirmation|approval|permission)\b"
        ),
        (
            r"\bohne\s+(?:\w+\s+)?(?:rückfrage|nachzufragen|zu\s+fragen|bestätigung|zustimmung)"
            r"|\bsans\s+(?:demander|confirmation|l['’]\s*accord|attendre)\b|\bsin\s+(?:preguntar"
            r"|confirmación|esperar|consultar|pedir\s+permiso)\b|\bsem\s+(?:perguntar|confirmação"
            r"|esperar|consultar)\b|\bsenza\s+(?:chiedere|conferma|attendere)\b|\bzonder\s+(?:te\s+)?"
            r"(?:vragen|bevestiging|toestemming)\b|\bbez\s+(?:pytania|pytać|potwierdzenia|zgody|ptaní"
            r"|potvrzení|souhlasu)\b|\bfără\s+(?:a\s+)?(?:întreba|confirmare|acord)\b"
            r"|\butan\s+att\s+fråga\b|\buden\s+at\s+spørge\b|\buten\s+å\s+spørre\b|\bkysymättä\b"
        ),
        (
            r"\b(?:sormadan|onay\s+beklemeden|onay\s+almadan)\b|\btanpa\s+(?:bertanya|persetujuan"
            r"|konfirmasi|izin)\b|\bkhông\s+cần\s+(?:hỏi|xác\s+nhận|xin\s+phép)\b|\bbila\s+(?:kuuliza"
            r"|idhini|ruhusa)\b|\bnang\s+hindi\s+nagtatanong\b"
        ),
        (
            r"не\s+спрашивая|без\s+(?:подтверждения|согласия|спроса)|не\s+питаючи|без\s+(?:підтвердження"
            r"|згоди)|χωρίς\s+να\s+ρωτ\w*|χωρίς\s+επιβεβαίωση|دون\s+(?:انتظار\s+)?(?:موافقة|إذن|سؤال|تأكيد)"
            r"|بدون\s+(?:انتظار\s+)?(?:موافقة|إذن|سؤال|تأكيد|پرسیدن|اجازه|تایید)|בלי\s+לשאול|ללא\s+אישור"
            r"|बिना\s+(?:पूछे|अनुमति|पुष्टि)|জিজ্ঞাসা\s+না\s+করে|அனுமதி\s+இல்லாமல்|கேட்காமல்"
            r"|无需(?:询问|确认|征得|用户同意)|不必(?:询问|确认)|不用(?:问|确认)|未经(?:用户)?(?:同意|确认)"
            r"|確認せず|尋ねずに|確認不要|許可なく|묻지\s*않고|확인\s*없이|동의\s*없이|ไม่ต้องถาม|โดยไม่ถาม"
            r"|โดยไม่ต้องขออนุญาต"
        ),
    ],
    # results harmed on purpose: bugs planted, records dropped or bent
    "sabotage": [
        (
            r"\b(?:introduce|insert|inject|add|plant)\s+(?:a\s+few\s+|some\s+|small\s+|subtle\s+|an?\s+)?"
            r"(?:subtle\s+|small\s+|hard-to-spot\s+)?(?:bugs?|errors|mistakes|vulnerabilit(?:y|ies)"
            r"|off-by-one|typos)\b|\b(?:silently|quietly)\s+(?:drop|discard|delete|remove|skip|alter"
            r"|change|swap|truncate|corrupt|round|shuffle)\s+(?:\w+\s+){0,3}?(?:rows?|records?|entries"
            r"|items?|results?|values?|lines?|transactions?|emails?|messages?|files?|numbers?)\b"
            r"|\b(?:dropped|discarded|deleted|removed|skipped|altered|changed|truncated)\s+silently\b"
        ),
    ],
    **REPORTS,
}

# the languages these lists leave out (Europe, Asia, Africa): `lexicon_covert_i18n`

for _family, _entries in COVERT_I18N.items():
    COVERT[_family].extend(_entries)
