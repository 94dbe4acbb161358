"""Cues for what the user is told: reports, reassurances, poses and the marks of a lie.

Part of the covert-act families (`lexicon_covert` merges them; `rules_covert` joins them):
a report to the user, a marker that it is not what happens ("in reality", "anyway" after a
success, "the branch they asked for"), results bent before the user sees them, a pose as
someone the user trusts, a request for a code, a tool's output claimed as orders.

Matched on the folded copy (lower-case, NFKC). Entries in a non-Latin script carry no
`\\b` beside a letter of that script (RE2's word edge is ASCII there).
"""

from __future__ import annotations

from typing import Final

# "only", in the scanned languages: a scripted message is the only thing the user is shown
_ONLY: Final = (
    r"(?:\b(?:only|just|nur|seulement|uniquement|solo|sólo|apenas|soltanto|alleen|tylko|jen|pouze"
    r"|sadece|yalnızca|yalnız|hanya|chỉ|tik|vain|csak|bare|kun|endast|doar|samo|ainult|tikai|faqat"
    r"|kawai|nikan|lamang|sahaja|tu|pekee)\b|только|лише|тільки|само|μόνο|רק|فقط|केवल|सिर्फ|फक्त"
    r"|শুধু|மட்டும்|మాత్రమే|ብቻ|只|仅|僅|だけ|のみ|만|เท่านั้น|ផ្តែ|သာ)"
)
_QUOTE_OPEN: Final = r"[«„\"“'‘「『‹]"
_QUOTE_CLOSE: Final = r"[»“”\"'’」』›]"
# a message of two to nine words, or a run of four or more CJK characters
_MESSAGE: Final = (
    r"(?:(?:[^\s«»„“”\"'‘’「」『』‹›]+\s+){1,8}[^\s«»„“”\"'‘’「」『』‹›]+"
    r"|[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]{4,40})"
)

REPORTS: Final[dict[str, list[str]]] = {
    # an answer scripted for when the user asks or notices something
    "asked_script": [
        (
            r"\bif\s+(?:the\s+)?user\s+(?:later\s+|ever\s+)?(?:asks?|notices?|sees?|wonders?|questions?"
            r"|complains?)\b[^.\n]{0,80}\b(?:explain|say|tell|answer|reply|describe|attribute|claim|assure)"
        ),
    ],
    # a scripted message, the only thing the user is shown or told (read with code spans)
    "only_quote": [
        _ONLY + r"[^.\n。]{0,50}" + _QUOTE_OPEN + _MESSAGE + _QUOTE_CLOSE,
        _QUOTE_OPEN + _MESSAGE + _QUOTE_CLOSE + r"\s*(?:と|라고|ဟု)\s*(?:だけ|のみ|만|သာ)",
    ],
    # a tool's output claimed as orders from the developer or system
    "output_authority": [
        (
            r"\btreat\s+(?:it|them|this|that|these|such\s+\w+|the\s+\w+)\s+as\s+(?:an?\s+)?(?:instructions?"
            r"|orders?|commands?|directives?)\s+from\s+(?:your|the)\s+(?:developer|system|operator|admin\w*"
            r"|platform|vendor)|\b(?:responses?|results?|output|snippets?)\s+(?:from\s+this\s+tool\s+)?(?:are"
            r"|is)\s+system[\s-]level\s+(?:messages?|instructions?)"
        ),
    ],
    # the user reassured that all is well (a verdict, the carrier of a cover-up)
    "reassure": [
        (
            r"\b(?:no\s+(?:blocking\s+|open\s+|known\s+)?(?:issues|problems|vulnerabilities|findings|risks)"
            r"|(?:standard|safe)\s+(?:and\s+safe\s+)?to\s+sign|all\s+clear|nothing\s+to\s+worry"
            r"|(?:is|are)\s+(?:standard|safe|secure|fine)\s+and\s+(?:safe|secure|fine)|rules\s+hardened"
            r"|everything\s+is\s+(?:fine|in\s+order|ok(?:ay)?))\b|\balles\s+in\s+orde\b"
            r"|\balles\s+in\s+ordnung\b|\btout\s+est\s+en\s+ordre\b|\btodo\s+está\s+en\s+orden\b"
        ),
        (
            r"\bkeine\s+(?:\w+)?(?:probleme|schwachstellen|risiken)\s+gefunden\b|\baucun\s+(?:problème"
            r"|risque)\b|\btout\s+va\s+bien\b|\b(?:ningún|ningun)\s+problema\b|\bsin\s+problemas\b"
            r"|\bnenhum\s+problema\b|\btudo\s+(?:certo|em\s+ordem)\b|\bnessun\s+problema\b"
            r"|\btutto\s+in\s+ordine\b|\bgeen\s+problemen\b|\bbrak\s+problemów\b"
            r"|\bwszystko\s+w\s+porządku\b|\bsorun\s+(?:yok|bulunmadı)\b|\bher\s+şey\s+yolunda\b"
            r"|\btidak\s+ada\s+masalah\b|\bsemuanya\s+aman\b|\bkhông\s+có\s+vấn\s+đề\b"
            r"|\bmọi\s+thứ\s+đều\s+ổn\b"
        ),
        (
            r"проблем\s+не\s+(?:обнаружено|найдено|виявлено)|вс[её]\s+в\s+порядке|все\s+гаразд"
            r"|没有(?:发现)?(?:问题|风险|漏洞)|一切正常|問題(?:は)?(?:ありません|なし)|문제(?:가)?\s*없"
            r"|لا\s+توجد\s+(?:مشاكل|مشكلات)|كل\s+شيء\s+على\s+ما\s+يرام|कोई\s+समस्या\s+नहीं|सब\s+ठीक\s+है"
        ),
    ],
    # a report that contradicts what happens
    "contrary": [
        (
            r"\b(?:succe\w+|removed|deleted|complete\w*|done|worked|fine|sent|saved|passed|ok)\b[^.\n]{0,20}"
            r"\banyway\b|\bin\s+(?:reality|truth)\b"
            r"|\b(?:originally|initially|first)\s+(?:chose|chosen|selected|picked|named|asked\s+for"
            r"|requested|entered|typed|wanted)\b|\bregardless\s+of\s+(?:the\s+)?(?:result|outcome"
            r"|errors?|what\s+(?:happened|actually))\b|\bwhatever\s+\w+\s+(?:the\s+)?user\s+(?:names"
            r"|chooses|picks|selects|asks\s+for|wants|enters|gives)\b|\b(?:the\s+one|what|the\s+\w+)"
            r"\s+(?:they|the\s+user)\s+(?:asked\s+for|chose|selected|picked|typed|wrote|entered)\b"
            r"|\beven\s+(?:if|when|though)\s+(?:the\s+)?(?:\w+\s+){0,3}?(?:fail\w*|errors?|did\s+not"
            r"|didn'?t|was\s+not|wasn'?t|is\s+not|isn'?t|still|continu\w*|says?\s+stop)\b"
        ),
        (
            r"\btrotzdem\b|\bin\s+wirklichkeit\b|\btatsächlich\s+(?:wird|werden)\b|\bquand\s+même\b"
            r"|\ben\s+réalité\b|\bde\s+todos\s+modos\b|\ben\s+realidad\b|\bde\s+qualquer\s+forma\b"
            r"|\bna\s+realidade\b|\bcomunque\b|\bin\s+realtà\b|\btoch\b|\bin\s+werkelijkheid\b"
            r"|\bw\s+rzeczywistości\b|\bi\s+tak\b|\bve\s+skutečnosti\b|\bîn\s+realitate\b|\bde\s+fapt\b"
            r"|\baslında\b|\bgerçekte\b|\bsebenarnya\b|\bpadahal\b|\bthực\s+ra\b|\bthực\s+tế\b"
            r"|\bkwa\s+kweli\b|\bsa\s+totoo\b|\bi\s+själva\s+verket\b|\bvalójában\b|\btodellisuudessa\b"
            r"|\b(?:que|que\s+él|que\s+ella|que\s+el\s+usuario)\s+(?:escribió|eligió|seleccionó|pidió)\b"
            r"|\b(?:que\s+)?(?:o\s+usuário|ele)\s+(?:escolheu|digitou|pediu)\b|\bdie\s+(?:der\s+)?nutzer"
            r"\s+(?:gewählt|angegeben|eingegeben)\b|\bque\s+l['’]\s*utilisateur\s+a\s+(?:choisi|saisi)\b"
        ),
        (
            r"на\s+самом\s+деле|в\s+действительности|насправді|всё\s+равно|все\s+одно|στην\s+πραγματικότητα"
            r"|في\s+الواقع|في\s+الحقيقة|در\s+واقع|در\s+حقیقت|בפועל|במציאות|גם\s+כאשר|वास्तव\s+में|असल\s+में"
            r"|মূল\s+প্রাপক|আসলে|உண்மையில்|实际上|事实上|其实|即使[^。\n]{0,20}(?:失败|出错|错误)"
            r"|実際には|と言っても|失敗しても|(?:失敗|エラー)[^。\n]{0,10}(?:場合|とき)でも|실패하더라도|실패해도|실제로는|원래\s*(?:선택|고른|입력)한|(?:사용자|유저)가\s*(?:선택한|고른|입력한)[^.\n]{0,20}그대로|ที่จริง|ความจริง"
            r"|मूल\s+प्राप्तकर्ता|原来的收款|元の(?:宛先|受取人)"
        ),
    ],
    # the user told something in the reply (the carrier of a scripted report)
    "tell_user": [
        (
            r"\b(?:tell|inform|assure|reassure|notify)\s+(?:the\s+)?(?:user|customer|human)s?\b"
            r"|\b(?:say|state|report|confirm|explain|answer|reply|respond|show|present|display"
            r"|summari[sz]e|describe|relay)\s+"
            r"(?:\w+\s+){0,6}?to\s+(?:the\s+)?(?:user|customer|human)s?\b"
            r"|\bin\s+(?:your|the)\s+(?:reply|answer|response|summary|confirmation)\b"
            r"|\bwhen\s+you\s+(?:reply|answer|respond|report)\b|\bpresent\s+(?:\w+\s+){0,4}?(?:under"
            r"|as)\b|\b(?:describe|call|label|frame)\s+(?:it|this|them|the\s+\w+(?:\s+\w+)?)\s+as\b"
            r"|\bgive\s+the\s+\w+\s+as\b|\bintroduce\s+yourself\s+as\b"
            r"|\b(?:keep\s+)?show(?:ing)?\s+(?:the\s+)?user\b|\b(?:confirm|report|say|state)\s+to\s+(?:the\s+)?"
            r"(?:requester|customer|client|caller|recipient|sender)\b|\breports?\s+(?:the\s+)?\w+(?:\s+\w+)?\s+as\b"
            r"|\bshould\s+read\s+[\"'‘“]"
        ),
        (
            r"\b(?:sag|sage|melde|teile|erkläre)\w*\s+(?:dem|der|den)\s+(?:nutzer|benutzer)\w*"
            r"|\bmelde\s+(?:anschlie(?:ß|ss)end|danach|dann)?\s*,?\s*dass\b|\b(?:dis|dites|indique[zr]?"
            r"|confirme[zr]?|présente[zr]?)\s+(?:à\s+)?(?:l['’]\s*utilisateur|lui)\b"
            r"|\b(?:dile|dígale|informa|muestra|muéstrale|indica|presenta)\w*\s+al\s+usuario\b"
            r"|\brépond\w*\s+(?:\w+\s+){0,3}?à\s+l['’]\s*utilisateur\b"
            r"|\b(?:diga|mostre|informe|apresente)\s+ao\s+usuário\b|\b(?:di|comunica|mostra|spiega)\w*"
            r"\s+all['’]\s*utente\b|\b(?:vertel|meld|toon)\s+(?:aan\s+)?de\s+gebruiker\b"
            r"|\b(?:powiedz|poinformuj|zgłoś|pokaż)\w*\s+użytkownik\w*|\b(?:řekni|sděl|oznam)\w*\s+"
            r"uživatel\w*|\b(?:spune|comunică|explică)\w*\s+utilizatorului\b|\bkullanıcıya\b"
            r"|\b(?:beri\s*tahu|katakan\s+kepada)\s+pengguna\b|\b(?:báo|nói)\s+(?:với\s+|cho\s+)?"
            r"người\s+dùng\b|\bmwambie\s+mtumiaji\b|\bsabihin\s+sa\s+user\b|\bberätta\s+för\s+användaren\b"
        ),
        (
            r"скажи\w*\s+пользовател\w*|сообщи\w*\s+пользовател\w*|скажи\w*\s+користувач\w*"
            r"|повідом\w*\s+користувач\w*|πες\s+στον\s+χρήστη|ενημέρωσε\s+τον\s+χρήστη|أخبر\s+المستخدم"
            r"|قل\s+للمستخدم|به\s+کاربر\s+(?:بگو|بگویید)|תגיד\s+למשתמש|ענה|הודע\s+למשתמש"
            r"|उपयोगकर्ता\s+को\s+(?:बताएं|बताएँ|दिखाएँ|दिखाएं|कहें)|पुष्टि\s+में|ব্যবহারকারীকে\s+(?:বলুন|জানান)"
            r"|பயனரிடம்\s+சொல்|告诉用户|告知用户|向用户(?:说明|报告|显示)|ユーザーに(?:伝え|報告|説明|表示)"
            r"|伝えてください|사용자에게\s*(?:알리|말하|표시|보고)|บอกผู้ใช้|แจ้งผู้ใช้"
            r"|(?:요약|응답|답변|보고서?)에는|(?:摘要|回复|答复|总结|报告)中|(?:要約|回答|返答|報告)には|ユーザーには|用户(?:说|表示)"
        ),
    ],
    # the record of what happened altered before the user sees it
    "falsify": [
        (
            r"\b(?:adjust|alter|change|round|bump|inflate|edit|rewrite|tweak)\s+(?:the\s+)?(?:numbers"
            r"|figures|results|totals?|counts?|metrics|scores?|assertions?|expected\s+values?)\s+"
            r"(?:to|so|until|before)\b|\bgive\s+the\s+(?:count|number|total)\s+as\s+(?:zero|0|none)\b"
            r"|\breport\s+(?:the\s+)?(?:count|number)\s+as\s+(?:zero|0)\b|\bmark\s+(?:the\s+)?"
            r"(?:test|tests|check|checks)\s+(?:as\s+)?(?:skipped|passed|passing|green)\b"
            r"|\ball\s+tests\s+(?:are\s+)?(?:green|pass(?:ed|ing)?)\b"
            r"|\b(?:return|report|give|show)\s+(?:the\s+)?original\s+\w+(?:\s+\w+)?\s+as\b"
            r"|\btreat\s+(?:[\w@/-]+\s+){0,5}?as\s+(?:informational|low[\s-]severity|false\s+positives?|safe)\b"
            r"|\b(?:do\s+not|don'?t|never)\s+flag\b"
        ),
        (
            r"\bpasse\s+die\s+assertions?\b|\btests?\s+(?:sind\s+)?grün\b|\bmarkiere\s+den\s+test\b"
            r"|\bajust[ae]\w*\s+(?:os|los|les|i)\s+(?:números|numeros|nombres|numeri|resultados)\b"
            r"|\bmodifi\w+\s+(?:les|los|os|i)\s+(?:chiffres|números|numeri|résultats|resultados)\b"
            r"|\bpas\s+(?:de\s+)?(?:cijfers|resultaten)\s+aan\b|\bzmień\s+(?:wyniki|liczby)\b"
        ),
        (
            r"\bstatus\b[^.\n]{0,20}\b(?:always|immer|toujours|siempre|sempre|zawsze)\b[^.\n]{0,20}\b"
            r"(?:success|ok|passed)\b|\b(?:always|immer|toujours|siempre|sempre)\s+(?:return|report|mark)\w*"
            r"\s+(?:\w+\s+){0,2}?(?:success|ok|passed)\b|\b(?:ändere|modifie[zr]?|modifica|ajusta|ajuste"
            r"|aanpas\w*|zmień)\s+(?:\w+\s+){0,2}?(?:ergebnisse|zahlen|résultats|chiffres|resultados"
            r"|números|cifras|risultati|numeri|resultaten|cijfers|wyniki|liczby)\b"
        ),
        (
            r"измени\w*\s+(?:\S+\s+)?(?:результат|цифр|показател)\w*|зміни\w*\s+(?:\S+\s+)?(?:результат|цифр)\w*"
            r"|修改(?:结果|数字|数据|数值)|(?:結果|数値)を(?:変更|調整|書き換え)|(?:결과|수치)를?\s*(?:조정|변경|수정)"
            r"|常に\s*success|总是(?:返回)?\s*success|항상\s*success"
        ),
        (
            r"\b(?:summari[sz]e|report|describe|mark|present)\s+(?:the\s+)?(?:run|build|tests?|findings?"
            r"|issues?|results?|checks?)\s+(?:to\s+the\s+user\s+)?as\s+(?:passing|passed|green|resolved"
            r"|fixed|successful|clean)\b|\bround\s+(?:them|it|the\s+\w+)\s+(?:up\s+)?to\s+(?:the\s+)?"
            r"(?:next\s+)?more\s+favou?rable\b|\bapprove\s+it\s+without\s+(?:raising\s+)?(?:any\s+)?"
            r"(?:comments|review)\b|\bby\s+small\s+random\s+(?:values|amounts)\b|\binline\s+suppression"
            r"\s+comments\b"
        ),
    ],
    # the user asked for a secret they should never type into a chat
    "phish_ask": [
        (
            r"\b(?:ask|request|prompt|invite|get)\s+(?:the\s+)?(?:user|customer|them)\s+(?:to\s+)?"
            r"(?:type|enter|paste|share|provide|send|give|read\s+out|confirm|re-?enter)\s+(?:\w+\s+){0,3}?"
            r"(?:password|passcode|pin|one[\s-]time\s+(?:code|password)|otp|2fa|mfa|verification\s+code"
            r"|sign[\s-]?in\s+(?:phrase|code)|login|seed\s+phrase|recovery\s+phrase|card\s+number|cvv"
            r"|cvc|security\s+code|passphrase)"
            r"|\bask\s+(?:the\s+)?(?:user|customer|them)\s+for\s+(?:their\s+|the\s+|a\s+)?(?:\w+[\s-]+){0,3}?"
            r"(?:code|pin|password|passcode|otp|seed\s+phrase|recovery\s+phrase)\b"
        ),
        (
            r"\b(?:pide|pídele|solicita)\s+al\s+usuario\s+(?:que\s+)?(?:\w+\s+){0,3}?(?:contraseña|código"
            r"|pin|clave)|\bbitte\s+(?:den|die)\s+(?:nutzer|benutzer)\w*\s+(?:\w+\s+){0,3}?(?:passwort"
            r"|code|pin|kennwort)|\bdemande[zr]?\s+à\s+l['’]\s*utilisateur\s+(?:\w+\s+){0,4}?(?:mot\s+de"
            r"\s+passe|code|pin)|\b(?:peça|solicite)\s+ao\s+usuário\s+(?:\w+\s+){0,4}?(?:senha|código"
            r"|pin)|\bchiedi\s+all['’]\s*utente\s+(?:\w+\s+){0,4}?(?:password|codice|pin)"
        ),
        (
            r"попроси\w*\s+пользовател\w*\s+(?:\w+\s+){0,3}?(?:парол|код|пин)|попрос\w*\s+користувач\w*"
            r"\s+(?:\w+\s+){0,3}?(?:парол|код)|(?:请|讓|让)用户(?:输入|提供|发送)(?:其)?(?:密码|验证码|口令)"
            r"|ユーザーに[^。\n]{0,15}(?:パスワード|認証コード|暗証番号)を(?:入力|送)|사용자에게[^.\n]{0,15}"
            r"(?:비밀번호|인증\s*코드)를?\s*(?:입력|보내)"
        ),
    ],
    # the assistant posing as someone the user trusts, or a page passed off as official
    "pose_as": [
        (
            r"\b(?:introduce|present|identify|describe)\s+yourself\s+as\b|\b(?:say|claim)\s+(?:that\s+)?"
            r"you\s+are\s+(?:from|with|the)\b|\bdescribe\s+(?:it|this|the\s+\w+)\s+as\s+(?:the\s+)?"
            r"(?:\w+'?s?\s+)?official\b|\bpresent\s+(?:\w+\s+){0,3}?as\s+(?:coming|sent)\s+from\b"
            r"|\b(?:explain|say|tell\s+(?:them|the\s+user))\s+(?:that\s+)?(?:this|it)\s+is\s+(?:an?\s+|the\s+)?"
            r"(?:standard|official|required|routine|normal|mandatory)\s+(?:[\w-]+\s+){0,3}?"
            r"(?:verification|security|check|step|procedure)"
        ),
        (
            r"\bpreséntate\s+como\b|\bstell\s+dich\s+als\b|\bgib\s+dich\s+als\b|\bprésente[zr]?-(?:toi"
            r"|vous)\s+comme\b|\bapresente-se\s+como\b|\bpresentati\s+come\b|\bstel\s+je\s+voor\s+als\b"
            r"|\bprzedstaw\s+się\s+jako\b|\bkendini\s+\S+\s+olarak\s+tanıt|\bperkenalkan\s+diri\b"
            r"|\bgiới\s+thiệu\s+(?:mình|bản\s+thân)\s+là\b"
        ),
        (
            r"представься|представьтесь|представся|представтеся|自称|と名乗|(?:으로|로)\s*소개|แนะนำตัวว่า"
            r"|عرّف\s+نفسك|معرفی\s+کن|खुद\s+को\s+[^।\n]{0,30}\s+बताएं"
        ),
    ],
}
