"""Cue patterns in Italian, Dutch, Polish, Turkish, Korean, Arabic and Hindi.

Same families and contract as `lexicon_i18n` (one language per entry): lemma stems of each language,
matched on the folded copy (lower-case, NFKC), merged per signal with English
so every combination rule stays language-neutral. Scripts without spaces
between words, or with prefixes glued to the word (Arabic "و"), carry no `\\b`.
"""

from __future__ import annotations

import unicodedata
from typing import Final

_IT_USER = r"(?:all['’]\s*|l['’]\s*|agli\s+|gli\s+)?utent[ei]"
_NL_USER = r"(?:de\s+)?gebruikers?"
_PL_USER = r"użytkownik\w*"
_TR_USER = r"kullanıcı\w*"
_KO_USER = r"(?:사용자|유저|이용자)"
_AR_USER = r"(?:ال)?مستخدم\w*"
_HI_USER = r"(?:उपयोगकर्ता|यूज़र|यूजर)"

_RAW: Final[dict[str, list[str]]] = {
    "override": [
        (
            r"\b(?:ignora(?:re|te)?|dimentica(?:re|te)?)\s+(?:tutte\s+)?(?:le\s+)?(?:istruzioni|regole"
            r"|indicazioni)\s+(?:precedenti|anteriori|di\s+sistema|sopra)"
        ),
        (
            r"\b(?:negeer|vergeet)\s+(?:alle\s+)?(?:de\s+)?(?:vorige|eerdere|voorgaande|bovenstaande)\s+"
            r"(?:instructies|regels|aanwijzingen)"
        ),
        (
            r"\b(?:ignoruj(?:cie)?|zignoruj|zapomnij)\s+(?:wszystkie\s+)?(?:poprzednie|wcześniejsze"
            r"|powyższe)\s+(?:instrukcje|polecenia|zasady)"
        ),
        (
            r"\b(?:önceki|tüm|bütün)\s+(?:tüm\s+)?(?:talimatları|talimatlar|kuralları|yönergeleri)\s+"
            r"(?:yok\s+say|görmezden\s+gel|unut)"
        ),
        (
            r"(?:이전|앞의|위의|기존|모든)\s*(?:의\s*)?(?:모든\s*)?(?:지시|지침|명령|규칙)(?:사항)?"
            r"(?:을|를|은|는)?\s*(?:모두\s*)?(?:무시|잊)"
        ),
        r"تجاهل\s+(?:جميع\s+|كل\s+)?(?:التعليمات|الأوامر|القواعد|التوجيهات)(?:\s+(?:السابقة|الأصلية))?",
        (
            r"(?:पिछले|पिछली|पहले\s+के|सभी)\s+(?:सभी\s+)?(?:निर्देशों|निर्देश|नियमों)\s+(?:को\s+)?"
            r"(?:अनदेखा|नज़रअंदाज़|नजरअंदाज|भूल)"
        ),
    ],
    "conceal": [
        r"\bnon\s+(?:dirlo|dirglielo|dire|dica|menzionar\w*|informar\w*|rivelar\w*|avvisar\w*"
        r"|raccontar\w*|segnalar\w*|comunicar\w*|far(?:lo|glielo)?\s+sapere)\b[^.\n]{0,30}"
        + _IT_USER,
        r"\bsenza\s+(?:dirlo|dirglielo|informare|avvisare|avvertire)\b[^.\n]{0,15}" + _IT_USER,
        (
            r"\bl['’]\s*utente\s+non\s+(?:deve|dovrebbe|ha\s+bisogno\s+di)\s+(?:saper\w*|veder\w*"
            r"|accorger\w*)"
        ),
        r"\b(?:vertel|zeg|meld|noem|laat)\b[^.\n]{0,40}\b" + _NL_USER + r"\b[^.\n]{0,30}\bniets?\b",
        r"\b(?:vertel|zeg|meld)\s+(?:het\s+|dit\s+|hier\s+|er\s+)?niets?\b[^.\n]{0,30}\b"
        + _NL_USER,
        (
            r"\bzonder\s+(?:de\s+)?gebruiker\s+(?:te\s+|in\s+te\s+)?(?:informeren|lichten|vertellen"
            r"|waarschuwen|laten\s+weten)"
        ),
        (
            r"\bde\s+gebruiker\s+(?:mag|hoeft|moet)\s+(?:dit\s+|het\s+|hier\s+)?(?:niet|niets)\s+"
            r"(?:van\s+)?(?:te\s+)?(?:weten|zien|merken)"
        ),
        r"\bnie\s+(?:mów|mówcie|informuj|wspominaj|mówić|ujawniaj|pokazuj|zdradzaj|powiadamiaj)\b"
        r"[^.\n]{0,30}\b" + _PL_USER,
        r"\bbez\s+(?:wiedzy|informowania|powiadamiania)\s+" + _PL_USER,
        r"\b" + _PL_USER + r"\s+nie\s+(?:może|powinien|musi)\s+(?:o\s+tym\s+)?(?:wiedzieć|widzieć)",
        r"\b" + _TR_USER + r"\s+[^.\n]{0,30}(?:söyleme|bahsetme|anlatma|gösterme|bildirme"
        r"|haber\s+verme)",
        r"\b" + _TR_USER + r"\s+(?:bundan\s+)?(?:haberi\s+olmadan|bilmemeli|görmemeli)",
        _KO_USER + r"(?:에게|한테|에겐|에게는)[^.\n]{0,24}"
        r"(?:알리지|말하지|전하지|언급하지|보여\s*주지|공개하지|밝히지|알려\s*주지)\s*(?:마|말|않)",
        _KO_USER + r"(?:가|는|이)\s*(?:알|눈치\s*채|보)(?:지\s*못하게|면\s*안)",
        r"و?لا\s+(?:تخبر|تُخبر|تبلغ|تُبلغ|تذكر|تُعلم|تعلم|تقل|تكشف|تُظهر|تظهر)\w*\s+" + _AR_USER,
        r"(?:دون|بدون)\s+(?:علم|إخبار|اخبار|إبلاغ|ابلاغ|إعلام)\s+" + _AR_USER,
        _HI_USER + r"\s+(?:को|से)\s+[^।\n]{0,30}(?:न|मत)\s+(?:बताएं|बताएँ|बताना|बताओ|बताइए|कहें"
        r"|दिखाएं|दिखाएँ)",
        r"(?:न|मत)\s+(?:बताएं|बताएँ|बताओ)[^।\n]{0,20}" + _HI_USER,
    ],
    "conceal_soft": [
        r"\b(?:silenziosamente|di\s+nascosto|segretamente|in\s+segreto|discretamente)\b",
        (
            r"\bnon\s+(?:è\s+)?(?:necessario|serve|c['’]è\s+bisogno\s+di)\s+(?:informare|dirlo"
            r"|menzionar\w*|avvisare|dirglielo)"
        ),
        (
            r"\b(?:stilletjes|ongemerkt|heimelijk|stiekem)\b|\bin\s+het\s+geheim\b"
            r"|\bniet\s+nodig\s+om\s+(?:dit|het)\s+te\s+(?:melden|vermelden|vertellen)"
        ),
        (
            r"\b(?:po\s+cichu|potajemnie|ukradkiem)\b|\bnie\s+ma\s+potrzeby\s+(?:informować|wspominać"
            r"|mówić)"
        ),
        (
            r"\b(?:sessizce|gizlice|fark\s+ettirmeden|çaktırmadan)\b|(?:belirtmene|söylemene"
            r"|bahsetmene)\s+gerek\s+yok"
        ),
        r"몰래|은밀(?:히|하게)|비밀리에|(?:알릴|말할|언급할)\s*필요(?:가|는)?\s*없",
        # whole words: "خفية" (secretly) is also the end of "المخفية" (the hidden copy: Bcc)
        r"(?<!\w)(?:بصمت|سرًا|سراً|خفيةً?|بشكل\s+سري)(?!\w)|لا\s+داعي\s+(?:لإخبار|لذكر|لإبلاغ)",
        r"चुपचाप|गुप्त\s+रूप\s+से|छिपाकर|बताने\s+की\s+(?:कोई\s+)?(?:ज़रूरत|जरूरत|आवश्यकता)\s+नहीं",
    ],
    "address": [
        r"\b(?:l['’]\s*(?:assistente|agente|ia)|il\s+modello)\s+(?:deve|dovrà|dovrebbe)\b",
        r"\bde\s+(?:assistent|ai|agent|model)\s+(?:moet|dient|zal)\b",
        r"\b(?:asystent|model|agent)\s+(?:musi|powinien)\b",
        r"\b(?:asistan|model|yapay\s+zeka|ajan)\s+[^.\n]{0,30}(?:zorundadır|gerekir|malıdır|melidir)",
        (
            r"(?:어시스턴트|모델|에이전트|인공지능)(?:는|은|가|이)\s*[^.\n]{0,30}(?:해야\s*(?:합니다|한다)"
            r"|하십시오)"
        ),
        r"(?:يجب\s+على|على)\s+(?:المساعد|النموذج|الوكيل)|(?:المساعد|النموذج|الوكيل)\s+(?:يجب|ينبغي)",
        r"(?:सहायक|मॉडल|एजेंट|एआई)\s+को\s+[^।\n]{0,30}(?:चाहिए|होगा)",
        # a vocative opening an order ("assistent: stuur ...")
        r"\b(?:assistent|asystent|asistan|asisten|assistente|asistente)\s*[:,]\s*(?=\w)",
        r"ассистент\s*[:,]\s*(?=\w)",
        r"(?:어시스턴트|المساعد|सहायक)\s*[:،,]\s*(?=\w)",
    ],
    "precondition": [
        (
            r"\bprima\s+di\s+(?:usare|utilizzare|chiamare|invocare)\s+(?:questo|qualsiasi|ogni)\s+"
            r"(?:altro\s+)?strumento"
        ),
        (
            r"\bvoordat\s+(?:je|u)\s+(?:deze|een|enige|elke)\s+(?:andere\s+)?(?:tool|functie)\s+"
            r"(?:gebruikt|aanroept)"
        ),
        (
            r"\b(?:zanim|przed)\s+(?:użyjesz|użyciem|wywołaniem|wywołasz)\s+(?:tego|jakiegokolwiek)\s+"
            r"(?:innego\s+)?narzędzia"
        ),
        (
            r"\b(?:bu|herhangi\s+bir|başka\s+bir)\s+(?:aracı|araç|fonksiyonu)\s+(?:kullanmadan|çağırmadan)"
            r"\s+önce"
        ),
        r"(?:이|다른|모든)\s*(?:도구|툴|함수)(?:를|을)?\s*(?:사용|호출|실행)하기\s*전에",
        r"قبل\s+(?:استخدام|استدعاء|تشغيل)\s+(?:هذه|هذا|أي)\s+(?:ال)?(?:أداة|أدوات)",
        (
            r"(?:इस|किसी\s+भी)\s+(?:टूल|उपकरण|फ़ंक्शन|फंक्शन)\s+(?:का|को)\s+(?:उपयोग|इस्तेमाल|प्रयोग)\s+"
            r"करने\s+से\s+पहले"
        ),
    ],
    "read_verb": [
        r"\b(?:leggi|legga|leggere|apri|apra|recupera|recuperi|ottieni|ottenga|raccogli|estrai)\b",
        r"\b(?:lees|haal|verzamel)\b",
        r"\b(?:odczytaj|przeczytaj|otwórz|pobierz|zbierz|wczytaj)\b",
        r"\b(?:oku|okuyun|açın|topla|getir)\b",
        r"읽(?:어|고|으|기)|열어|가져와|수집",
        r"اقرأ|إقرأ|افتح|اجمع|استخرج",
        r"पढ़ें|पढ़ो|पढ़कर|पढ़िए|खोलें|इकट्ठा",
    ],
    "move_verb": [
        (
            r"\b(?:invia|invii|inviare|manda|mandi|inoltra|inoltri|allega|alleghi|includi|includa"
            r"|inserisci|inserisca|metti|metta|aggiungi|aggiunga|copia|incolla|carica|condividi)\b"
        ),
        r"\b(?:stuur|verstuur|zend|plak|voeg|kopieer|deel|verzend)\b",
        r"\b(?:wklej|wyślij|prześlij|dołącz|umieść|wstaw|dodaj|skopiuj|przekaż|załącz|wpisz)\b",
        r"\b(?:koy|koyun|gönder|gönderin|ekle|ekleyin|yapıştır|kopyala|ilet|paylaş)\b",
        r"넣(?:어|으|고)|보내|전송|첨부|포함|붙여|복사|전달",
        r"ضعه|ضعها|أرسل|ارسل|أرفق|انسخ|أضف|اضف|أدخل|الصق|شارك",
        r"डालें|डालो|भेजें|भेजो|भेजिए|जोड़ें|संलग्न|चिपकाएं",
    ],
    "cred": [
        r"\b(?:credenziali|chiav[ei]\s+(?:privat[ae]|api|ssh|segret[ae]))\b",
        r"\b(?:wachtwoord(?:en)?|privésleutel|geheime\s+sleutel|api-?sleutel|inloggegevens)\b",
        r"\b(?:hasł\w+|klucz\w*\s+(?:prywatn\w+|api|ssh)|dane\s+logowania)",
        r"\b(?:şifre\w*|parola\w*|özel\s+anahtar\w*|api\s+anahtar\w*|kimlik\s+bilgiler\w*)",
        r"비밀번호|개인\s*키|비밀\s*키|api\s*키|토큰|자격\s*증명|인증\s*정보",
        r"كلمة\s+(?:ال)?مرور|كلمات\s+(?:ال)?مرور|مفتاح\s+(?:خاص|سري)|المفتاح\s+الخاص|بيانات\s+الاعتماد",
        r"पासवर्ड|निजी\s+कुंजी|एपीआई\s+कुंजी|क्रेडेंशियल",
    ],
    "conv": [
        (
            r"\b(?:cronologia|storico)\s+(?:della\s+|delle\s+|dei\s+)?(?:conversazion\w+|chat|messaggi)"
            r"|\bconversazione\s+(?:completa|intera)|\bprompt\s+di\s+sistema"
        ),
        (
            r"\b(?:chat|gesprek|gespreks|berichten)geschiedenis|\bvolledige\s+(?:gesprek|chat)\b"
            r"|\bsysteemprompt"
        ),
        r"\bhistori\w+\s+(?:rozmowy|czatu|wiadomości)|\bcał\w+\s+rozmow\w+|\bprompt\w*\s+systemow\w+",
        r"\b(?:sohbet|konuşma|mesaj)\s+geçmiş\w*|\bsistem\s+istem\w*|\bönceki\s+(?:tüm\s+)?talimat\w*",
        r"(?:대화|채팅|메시지)\s*(?:기록|내역|이력|내용)|시스템\s*프롬프트",
        (
            r"(?:سجل|تاريخ)\s+(?:ال)?(?:محادثة|محادثات|دردشة|رسائل)|المحادثة\s+(?:كاملة|بالكامل)"
            r"|(?:موجه|تعليمات)\s+النظام"
        ),
        (
            r"बातचीत\s+(?:का|की)\s+(?:पूरा\s+|पूरी\s+)?(?:इतिहास|रिकॉर्ड)|चैट\s+(?:इतिहास|हिस्ट्री)"
            r"|सिस्टम\s+प्रॉम्प्ट"
        ),
    ],
    "recipient": [
        r"\bcopia\s+nascosta\b|\bccn\b|\bukryt\w+\s+kopi\w+|\budw\b|\bgizli\s+kopya\w*",
        r"숨은\s*참조|نسخة\s+(?:مخفية|كربونية)|बीसीसी|गुप्त\s+प्रति",
        # "change the recipient to ..."
        (
            r"\b(?:sostituisci|cambia|modifica)\s+(?:sempre\s+)?(?:il\s+)?destinatari[oi]"
            r"|\b(?:vervang|wijzig|verander)\s+(?:altijd\s+)?(?:de\s+)?ontvanger"
            r"|\b(?:zamień|zmień)\s+(?:zawsze\s+)?odbiorc\w+|\balıcıyı\s+(?:her\s+zaman\s+)?"
            r"(?:değiştir|\S+\s+(?:yap|değiştir))"
        ),
        r"수신자(?:를|을)?\s*[^.\n]{0,30}(?:바꾸|변경)",
        r"(?:غيّر|غير|استبدل)\s+(?:دائماً\s+|دائما\s+)?(?:ال)?مستلم",
        r"प्राप्तकर्ता\s+[^।\n]{0,30}बदल",
    ],
    "user_first": [
        (
            r"\b(?:conferma|approvazione|autorizzazione|istruzion[ei]|consenso|permesso)\s+"
            r"(?:\w+\s+){0,2}?(?:dell['’]\s*|degli\s+)utent[ei]"
        ),
        r"\b(?:bevestiging|goedkeuring|toestemming|instructie)\s+(?:\w+\s+){0,2}?van\s+" + _NL_USER,
        r"\b(?:potwierdzeni|zgod|zatwierdzeni|polece)\w*\s+(?:\w+\s+)?" + _PL_USER,
        _TR_USER + r"\s+(?:\w+\s+)?(?:onay|izin|talimat)\w*",
        _KO_USER + r"[^.\n]{0,10}(?:확인|승인|동의|지시|선택)",
        r"(?:تأكيد|موافقة|إذن|تعليمات)\s+" + _AR_USER,
        _HI_USER + r"\s+(?:की|के)\s+(?:पुष्टि|अनुमति|मंज़ूरी|मंजूरी|निर्देश)",
    ],
    # "never use other tools", "the only trustworthy tool"
    "pref_strong": [
        (
            r"\bnon\s+usare\s+(?:mai\s+)?(?:altri|nessun\s+altro)\s+strument[oi]"
            r"|\bunico\s+strumento\s+(?:affidabile|sicuro|fidato)"
        ),
        (
            r"\bgebruik\s+(?:nooit|geen)\s+(?:andere\s+)?(?:tools?|hulpmiddelen)"
            r"|\bde\s+enige\s+(?:betrouwbare|veilige)\s+tool"
        ),
        (
            r"\bnigdy\s+nie\s+używaj\s+innych\s+narzędzi"
            r"|\bjedyn\w+\s+(?:zaufan\w+|bezpieczn\w+|wiarygodn\w+)\s+narzędzi\w*"
        ),
        (
            r"\b(?:başka|diğer)\s+(?:hiçbir\s+)?ara[çc]\w*\s+(?:asla\s+)?kullanma"
            r"|\btek\s+(?:güvenilir|güvenli)\s+araç"
        ),
        (
            r"다른\s*(?:도구|툴)(?:를|을|는)?\s*(?:절대\s*)?(?:사용하지|쓰지)\s*(?:마|말)"
            r"|유일하게\s*(?:신뢰할\s*수\s*있는|안전한)\s*(?:도구|툴)"
        ),
        r"و?لا\s+تستخدم\s+(?:أي\s+)?(?:أدوات|أداة)\s+أخرى|الأداة\s+الوحيدة\s+(?:الموثوقة|الآمنة)",
        (
            r"(?:अन्य|दूसरे)\s+(?:टूल|उपकरण)\w*\s+(?:का\s+)?(?:कभी\s+)?(?:उपयोग|इस्तेमाल)\s+(?:न|मत)"
            r"|एकमात्र\s+(?:भरोसेमंद|सुरक्षित|विश्वसनीय)\s+(?:टूल|उपकरण)"
        ),
    ],
}

I18N2: Final[dict[str, list[str]]] = {
    signal: [unicodedata.normalize("NFKC", p) for p in patterns]
    for signal, patterns in _RAW.items()
}
"""Per signal, the alternatives merged with English and `lexicon_i18n` in `lexicon`.

Patterns are NFKC-normalised like the text they match (Devanagari nukta letters
decompose under NFKC).
"""
