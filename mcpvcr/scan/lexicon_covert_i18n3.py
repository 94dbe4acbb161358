"""Covert-act cues (`lexicon_covert`) in Iberian, Celtic, Greek, Hebrew, Dravidian and Malay.

Same contract as `lexicon_covert_i18n`, which merges these: one dict per language, each
naming the English concepts; an entry carries a `\\b` only beside an ASCII letter, and
entries in a non-Latin script carry none.
"""

from __future__ import annotations

from typing import Final

LANGS_3: Final[dict[str, dict[str, list[str]]]] = {
    # Catalan, Galician, Basque
    "ca_gl_eu": {
        "user_view": [
            (
                r"\bdeixa\w*\s+(?:\w+\s+){0,3}?fora\s+(?:del?\s+|de\s+la\s+)?(?:resum|resposta|informe)"
                r"|\bno\s+es\s+mostra\s+a\s+l['’]\s*usuari|\bnon\s+(?:o\s+|os\s+|a\s+|as\s+)?(?:mostres"
                r"|menciones|amoses|inclúas)\b|\bsen\s+(?:mencionar|mostrar|amosar)(?:lo|los)?\b"
                r"|\bez\s+(?:erakutsi|aipatu|zerrendatu)\s+(?:\w+\s+){0,3}?(?:erabiltzaile\w*"
                r"|laburpen\w*|erantzun\w*)|\berabiltzaileari\s+ez\s+zaio\s+erakusten"
            ),
        ],
        "persist_after": [
            (
                r"\bfins\s+i\s+tot\s+després\b|\b(?:mesmo|incluso)\s+despois\b"
                r"|\b(?:desinstalatu|ezabatu|kendu)\s+(?:ondoren|eta\s+gero)\s+ere\b"
            ),
        ],
        "no_ask": [
            (
                r"\bsense\s+(?:preguntar|confirmació|demanar\s+permís|permís|consentiment)"
                r"|\bsen\s+(?:preguntar|confirmación|agardar|consultar|pedir\s+permiso|permiso)\b"
                r"|\bgaldetu\s+gabe\b|\b(?:baimen|berrespen|onespen)(?:ik)?\s+gabe\b"
            ),
        ],
        "contrary": [
            (
                r"\ben\s+realitat\b|\bde\s+totes\s+maneres\b|\ben\s+realidade\b|\bde\s+todos\s+xeitos\b"
                r"|\bde\s+calquera\s+xeito\b|\berrealitatean\b|\bedozein\s+kasutan\b"
            ),
        ],
        "tell_user": [
            (
                r"\b(?:digues|informa|explica)\s+a\s+l['’]\s*usuari\b|\ba\s+la\s+teva\s+resposta\b"
                r"|\bdille\s+ao\s+usuario\b|\bna\s+túa\s+resposta\b"
                r"|\b(?:esan|jakinarazi)\s+erabiltzaileari\b|\berabiltzaileari\s+(?:esan|jakinarazi)\b"
                r"|\bzure\s+erantzunean\b"
            ),
        ],
        "phish_ask": [
            (
                r"\bdemana\s+a\s+l['’]\s*usuari\s+(?:que\s+)?(?:\w+\s+){0,4}?(?:contrasenya|codi|pin)"
                r"|\bpídelle\s+ao\s+usuario\s+(?:\w+\s+){0,4}?(?:contrasinal|código|pin)"
                r"|\beskatu\s+erabiltzaileari\s+(?:\w+\s+){0,4}?(?:pasahitz|pin|kode)"
            ),
        ],
        "pose_as": [r"\bpresenta't\s+com\b|\bgisa\s+aurkeztu\b|\baurkeztu\s+zaitez\b"],
    },
    # Welsh
    "cy": {
        "user_view": [
            (
                r"\b(?:paid|peidiwch)\s+(?:â\s+|ag\s+)?(?:dangos|sôn|rhestru)\s+(?:\w+\s+){0,4}?"
                r"(?:defnyddiwr|crynodeb|ateb)|\bgad(?:ewch)?\s+(?:\w+\s+){0,3}?allan\s+o['’]?r?\s+"
                r"(?:crynodeb|ateb|adroddiad)"
            ),
        ],
        "persist_after": [r"\bhyd\s+yn\s+oed\s+ar\s+ôl\b"],
        "no_ask": [r"\bheb\s+(?:ofyn|gofyn|gadarnhad|cadarnhad|ganiatâd|caniatâd)"],
        "contrary": [r"\bmewn\s+gwirionedd\b|\bbeth\s+bynnag\b"],
        "tell_user": [
            (
                r"\b(?:dywedwch|dywed|rhowch\s+wybod)\s+(?:wrth\s+|i\s+)?(?:y|['’]r)\s+defnyddiwr\b"
                r"|\byn\s+eich\s+ateb\b"
            ),
        ],
        "phish_ask": [
            r"\bgofynnwch\s+i['’]?r?\s+(?:y\s+)?defnyddiwr\s+(?:\w+\s+){0,4}?(?:cyfrinair|pin|cod)"
        ],
        "pose_as": [r"\bcyflwynwch\s+eich\s+hun\s+fel\b"],
    },
    # Greek (gaps); casefold writes the final sigma as the medial one
    "el": {
        "persist_after": [r"ακόμα\s+και\s+μετά"],
        "no_ask": [r"χωρίσ\s+(?:άδεια|έγκριση|συγκατάθεση)"],
        "contrary": [r"ούτωσ\s+ή\s+άλλωσ|έτσι\s+κι\s+αλλιώσ"],
        "tell_user": [
            r"(?:πείτε|ενημερώστε)\s+(?:στον|τον)\s+χρήστη|στην\s+απάντησή\s+(?:σου|σασ)",
        ],
        "phish_ask": [r"ζήτησε\s+από\s+τον\s+χρήστη\s+(?:\S+\s+){0,4}?(?:κωδικ|pin|συνθηματικ)"],
        "pose_as": [r"(?:συστήσου|παρουσιάσου)\s+ωσ"],
    },
    # Hebrew (gaps)
    "he": {
        "user_view": [
            r"אל\s+תכלול|לא\s+יוצג\s+למשתמש|השאר\s+(?:\S+\s+){0,3}?מחוץ\s+ל(?:סיכום|תשובה)"
        ],
        "persist_after": [r"גם\s+לאחר\s+(?:הסרת|מחיקת|הסרה|סיום)"],
        "no_ask": [r"ללא\s+(?:שאלה|הסכמה|רשות)|מבלי\s+לשאול|בלי\s+אישור"],
        "tell_user": [r"(?:אמור|ספר|דווח)\s+למשתמש|בתשובה\s+שלך|בתשובתך"],
        "phish_ask": [r"בקש\s+מהמשתמש\s+(?:\S+\s+){0,4}?(?:סיסמ|קוד|pin)"],
        "pose_as": [r"הצג\s+את\s+עצמך\s+כ"],
    },
    # Sinhala, Telugu, Kannada, Malayalam, Tamil (gaps)
    "indic_south": {
        "user_view": [
            (
                r"පෙන්වන්න\s+එපා|සඳහන්\s+කරන්න\s+එපා|පරිශීලකයාට\s+නොපෙන්වයි"
                r"|వినియోగదారుకు\s+చూపబడదు|సారాంశంలో\s+(?:\S+\s+){0,3}?(?:చేర్చవద్దు|పేర్కొనవద్దు)"
                r"|ತೋರಿಸಬೇಡಿ|ಉಲ್ಲೇಖಿಸಬೇಡಿ|ಬಳಕೆದಾರರಿಗೆ\s+ತೋರಿಸಲಾಗುವುದಿಲ್ಲ"
                r"|കാണിക്കരുത്|പരാമർശിക്കരുത്|ഉപയോക്താവിന്\s+കാണിക്കില്ല"
                r"|சுருக்கத்தில்\s+(?:\S+\s+){0,3}?(?:சேர்க்க|குறிப்பிட)\s+வேண்டாம்|பயனருக்குக்?\s+காட்டப்படாது"
            ),
        ],
        "persist_after": [
            (
                r"(?:ඉවත්\s+කළ|මකා\s+දැමූ)\s+පසුව(?:ද|ත්)|తొలగించిన\s+తర్వాత\s+కూడా"
                r"|(?:ತೆಗೆದುಹಾಕಿದ|ಅಳಿಸಿದ)\s+ನಂತರವೂ|(?:നീക്കം\s+ചെയ്ത|ഇല്ലാതാക്കിയ)\s+(?:ശേഷവും|ശേഷം\s+പോലും)"
            ),
        ],
        "no_ask": [
            (
                r"නොඅසා|අසන්නේ\s+නැතිව|අවසරයකින්\s+තොරව|අවසර\s+නොමැතිව|అడగకుండా"
                r"|(?:అనుమతి|నిర్ధారణ|ధృవీకరణ)\s+లేకుండా|ಕೇಳದೆ|(?:ಅನುಮತಿ|ದೃಢೀಕರಣ)\s+(?:ಇಲ್ಲದೆ|ಪಡೆಯದೆ)"
                r"|ചോദിക്കാതെ|അനുമതി(?:യില്ലാതെ|\s+ഇല്ലാതെ|\s+കൂടാതെ)|സ്ഥിരീകരണം\s+ഇല്ലാതെ"
                r"|(?:உறுதிப்படுத்தல்|ஒப்புதல்)\s+இல்லாமல்|அனுமதி\s+கேட்காமல்"
            ),
        ],
        "contrary": [
            (
                r"ඇත්ත\s+වශයෙන්ම|යථාර්ථයේ\s+දී|నిజానికి|వాస్తవానికి|ವಾಸ್ತವವಾಗಿ|യഥാർത്ഥത്തിൽ"
                r"|വാസ്തവത്തിൽ|நிஜத்தில்"
            ),
        ],
        "tell_user": [
            (
                r"පරිශීලකයාට\s+(?:කියන්න|දන්වන්න)|ඔබේ\s+පිළිතුරේ"
                r"|వినియోగదారు(?:కు|నికి)\s+(?:చెప్పండి|తెలియజేయండి)|మీ\s+సమాధానంలో"
                r"|ಬಳಕೆದಾರರಿಗೆ\s+(?:ತಿಳಿಸಿ|ಹೇಳಿ)|ನಿಮ್ಮ\s+ಉತ್ತರದಲ್ಲಿ"
                r"|ഉപയോക്താവിനോട്\s+(?:പറയുക|പറയൂ)|ഉപയോക്താവിനെ\s+അറിയിക്കുക|നിങ്ങളുടെ\s+മറുപടിയിൽ"
                r"|பயனருக்குத்?\s+(?:தெரிவிக்கவும்|சொல்லவும்)|உங்கள்\s+பதிலில்"
            ),
        ],
        "pose_as": [
            r"ලෙස\s+හඳුන්වා\s+දෙන්න|ಎಂದು\s+ಪರಿಚಯಿಸಿಕೊಳ್ಳಿ|ആയി\s+സ്വയം\s+പരിചയപ്പെടുത്തുക",
        ],
    },
    # Tagalog and Malay (gaps)
    "tl_ms": {
        "user_view": [
            (
                r"\bhindi\s+ipapakita\s+sa\s+(?:user|gumagamit)\b|\bjangan\s+(?:nyatakan|senaraikan"
                r"|sertakan)\s+(?:\w+\s+){0,4}?(?:dalam\s+)?(?:ringkasan|jawapan|balasan|pengguna)"
                r"|\btidak\s+(?:dipaparkan|dinyatakan|ditunjukkan)\s+kepada\s+pengguna\b"
            ),
        ],
        "persist_after": [
            (
                r"\bkahit\s+(?:na\s+)?(?:i-?uninstall|alisin|burahin|tanggalin)\b|\bwalaupun\s+selepas\b"
                r"|\bbahkan\s+setelah\b|\bkekal\s+(?:\w+\s+){0,3}?(?:walaupun|selepas)\b"
            ),
        ],
        "no_ask": [
            (
                r"\bnang\s+walang\s+(?:pahintulot|kumpirmasyon|pag-?apruba)\b|\bnang\s+hindi\s+humihingi"
                r"\s+ng\s+(?:pahintulot|kumpirmasyon)\b|\btanpa\s+(?:meminta\s+(?:izin|kebenaran)|kebenaran"
                r"|pengesahan|kelulusan)\b"
            ),
        ],
        "contrary": [r"\bang\s+totoo\b|\bsa\s+katotohanan\b|\bpada\s+hakikatnya\b"],
        "tell_user": [
            (
                r"\bipaalam\s+sa\s+(?:user|gumagamit)\b|\bsabihin\s+sa\s+gumagamit\b|\bsa\s+(?:iyong"
                r"|inyong)\s+sagot\b|\b(?:beritahu|maklumkan\s+kepada|katakan\s+kepada)\s+pengguna\b"
                r"|\bdalam\s+(?:balasan|jawapan|jawaban)\s+(?:anda|kamu)\b"
            ),
        ],
        "phish_ask": [
            (
                r"\bhilingin\s+sa\s+(?:user|gumagamit)\s+na\s+(?:\w+\s+){0,4}?(?:password|pin|code|otp)"
                r"|\bminta\s+pengguna\s+(?:untuk\s+)?(?:\w+\s+){0,3}?(?:kata\s+laluan|kata\s+sandi|pin"
                r"|kod|kode|otp)\b"
            ),
        ],
        "pose_as": [
            (
                r"\bipakilala\s+ang\s+(?:iyong\s+)?sarili\s+bilang\b|\bmagpakilala\s+bilang\b"
                r"|\bmemperkenalkan\s+diri\s+sebagai\b"
            ),
        ],
    },
}
