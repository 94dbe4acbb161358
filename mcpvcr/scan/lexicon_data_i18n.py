"""The user's data (`lexicon_data`) named in the languages its own lists leave out.

Secrets, personal data, the conversation and the user as owner, one entry per language and
family, written from the concept. Matched on the folded copy (lower-case, NFKC, no joiners);
an entry carries a `\\b` only beside an ASCII letter (RE2's word edge is ASCII).
"""

from __future__ import annotations

from typing import Final

from mcpvcr.scan.normalize import nfkc_entries

_RAW: Final[dict[str, list[str]]] = {
    "secret_noun": [
        # Finnish, Hungarian, Estonian
        (
            r"\b(?:salasan\w*|yksityi\w+\s+avai\w*|kortin\s+numero\w*|jelszav?\w*|privát\s+kulcs\w*"
            r"|kártyaszám\w*|parool\w*|privaatvõti\w*|kaardi\s+number)"
        ),
        # Czech, Slovak, Slovenian, Croatian, Serbian (Latin)
        (
            r"\b(?:soukrom\w+\s+klíč\w*|súkromn\w+\s+kľúč\w*|čísl[oa]\s+kart\w*|gesl[oa]\b|lozink\w*"
            r"|privatn\w+\s+ključ\w*|zasebn\w+\s+ključ\w*|broj\s+kartice)"
        ),
        # Serbian (Cyrillic), Bulgarian, Macedonian, Kazakh, Kyrgyz, Mongolian
        (
            r"лозинк\w*|парола\w*|приватн\w+\s+кључ\w*|частен\s+ключ|број\s+на\s+картичка|құпия\s+сөз\w*"
            r"|сырсөз\w*|нууц\s+үг\w*"
        ),
        # Latvian, Lithuanian, Albanian, Romanian, Icelandic
        (
            r"\b(?:parole\s+(?:lietotāj|kont)\w*|privātā\w*\s+atslēg\w*|slaptažod\w*|privat\w+\s+rakt\w*|fjalëkalim\w*"
            r"|çelës\w*\s+privat\w*|cheie\s+privată|lykilorð\w*)"
        ),
        # Norwegian, Danish, Catalan, Galician, Basque, Welsh
        (
            r"\b(?:passord\w*|adgangskode\w*|privat\s+nøkkel|privat\s+nøgle|contrasenya\w*"
            r"|contrasinal\w*|pasahitz\w*|gako\s+pribatu\w*|cyfrinair\w*)"
        ),
        # Tagalog, Malay, Swahili, Zulu, Hausa, Yoruba
        (
            r"\b(?:kata\s+laluan|nombor\s+kad|nenosiri|neno\s+la\s+siri|iphasiwedi|kalmar\s+sirri"
            r"|[oọ]r[oọ]\s+igbaniw[oọ]le)\b"
        ),
        # Georgian, Armenian, Amharic, Greek (gaps), Persian/Urdu, Thai, Khmer, Lao, Burmese
        (
            r"პაროლ\w*|გასაღებ\w*|գաղտնաբառ\w*|մասնավոր\s+բանալի|የይለፍ\s+ቃል|κωδικόσ\s+πρόσβασησ"
            r"|رمز\s+عبور|پاس\s*ورڈ|پاسورڈ|รหัส\s*pin|ពាក្យ\s*សម្ងាត់|ລະຫັດ\s*ຜ່ານ|စကားဝှက်"
        ),
        # Indic scripts
        (
            r"पासवर्ड|गुप्त\s+शब्द|પાસવર્ડ|ਪਾਸਵਰਡ|পাসওয়ার্ড|கடவுச்சொல்|పాస్వర్డ్|ಪಾಸ್ವರ್ಡ್"
            r"|പാസ്വേഡ്|මුරපදය"
        ),
    ],
    "personal_noun": [
        # Finnish, Hungarian, Estonian, Latvian, Lithuanian
        (
            r"\b(?:puhelinnumero\w*|kotiosoite\w*|syntymäaika\w*|henkilötunnus\w*|telefonszám\w*"
            r"|lakcím\w*|születési\s+dátum\w*|telefoninumb\w*|isikukood\w*|tālruņa\s+numur\w*"
            r"|dzimšanas\s+datum\w*|telefono\s+numer\w*|gimimo\s+dat\w*|asmens\s+kod\w*)"
        ),
        # Czech, Slovak, Slovenian, Croatian, Serbian (Latin), Albanian, Romanian
        (
            r"\b(?:telefonní\s+čísl\w*|telefónn\w+\s+čísl\w*|datum\s+narození|dátum\s+narodenia"
            r"|rodné\s+čísl\w*|telefonsk\w+\s+številk\w*|datum\s+rojstva|broj\s+telefona|datum\s+rođenja"
            r"|numri\s+i\s+telefonit|datëlindj\w*|număr\w*\s+de\s+telefon|data\s+nașterii)\b"
        ),
        # Nordic, Catalan, Galician, Basque, Welsh
        (
            r"\b(?:telefonnummer\w*|fødselsdato|personnummer|födelsedatum|hemadress\w*|hjemmeadresse"
            r"|número\s+de\s+telèfon|data\s+de\s+naixement|telefono\s+zenbaki\w*|rhif\s+ffôn"
            r"|símanúmer\w*|kennitala)\b"
        ),
        # Tagalog, Malay, Swahili, Zulu, Hausa
        (
            r"\b(?:numero\s+ng\s+telepono|petsa\s+ng\s+kapanganakan|nombor\s+telefon|tarikh\s+lahir"
            r"|tarehe\s+ya\s+kuzaliwa|inombolo\s+yocingo|lambar\s+waya)\b"
        ),
        # Cyrillic, Georgian, Armenian, Amharic, Greek (gaps)
        (
            r"телефонск\w+\s+број\w*|датум\s+рођења|телефонен\s+номер|дата\s+на\s+раждане"
            r"|телефон\s+нөмір\w*|туған\s+күн\w*|утасны\s+дугаар|ტელეფონის\s+ნომერ\w*"
            r"|დაბადების\s+თარიღ\w*|հեռախոսահամար\w*|ծննդյան\s+ամսաթիվ|ስልክ\s+ቁጥር|αριθμό\w*\s+τηλεφώνου"
            r"|ημερομηνία\s+γέννησησ"
        ),
        # Persian, Urdu, Hebrew (gaps), Indic, Thai, Khmer, Lao, Burmese
        (
            r"شماره\s+تلفن|تاریخ\s+تولد|فون\s+نمبر|تاریخ\s+پیدائش|फोन\s+नम्बर|जन्म\s+मिति|फोन\s+नंबर"
            r"|ફોન\s+નંબર|ਫ਼ੋਨ\s+ਨੰਬਰ|ফোন\s+নম্বর|தொலைபேசி\s+எண்|ఫోన్\s+నంబర్|ಫೋನ್\s+ಸಂಖ್ಯೆ"
            r"|ഫോൺ\s+നമ്പർ|දුරකථන\s+අංකය|หมายเลขโทรศัพท์|លេខ\s*ទូរស័ព្ទ|ເບີ\s*ໂທ|ဖုန်းနံပါတ်"
        ),
    ],
    "conv_noun": [
        # Finnish, Hungarian, Estonian, Latvian, Lithuanian
        (
            r"\b(?:keskusteluhistoria\w*|koko\s+keskustelu\w*|beszélgetés\s+előzmény\w*|teljes\s+beszélgetés"
            r"|vestluse\s+ajalugu|kogu\s+vestlus|sarunas\s+vēsture\w*|pokalbio\s+istorij\w*)"
        ),
        # Slavic (Latin), Albanian, Romanian, Nordic, Iberian, Welsh
        (
            r"\b(?:histori[ej]\s+konverzácie|zgodovin\w+\s+pogovor\w*|povijest\s+razgovora"
            r"|istorij\w+\s+razgovora|historia\s+e\s+bisedës|istoricul\s+conversației"
            r"|samtalehistorik\w*|samtalshistorik\w*|samtalelogg\w*|historial\s+de\s+la\s+conversa"
            r"|historial\s+da\s+conversa|elkarrizketa\w*\s+historia|hanes\s+y\s+sgwrs)"
        ),
        # Tagalog, Malay, Swahili
        r"\b(?:kasaysayan\s+ng\s+(?:usapan|chat)|sejarah\s+perbualan|historia\s+ya\s+mazungumzo)\b",
        # Cyrillic, Georgian, Armenian, Amharic, Indic, Thai and others
        (
            r"историја\s+разговора|история\s+на\s+разговора|сөйлесу\s+тарихы|харилцааны\s+түүх"
            r"|საუბრის\s+ისტორი\w*|զրույցի\s+պատմություն|የውይይት\s+ታሪክ|تاریخچه\s+(?:چت|مکالمه)"
            r"|گفتگو\s+کی\s+تاریخ|कुराकानीको\s+इतिहास|संभाषणाचा\s+इतिहास|কথোপকথনের\s+ইতিহাস"
            r"|உரையாடல்\s+வரலாறு|సంభాషణ\s+చరిత్ర|ಸಂಭಾಷಣೆಯ\s+ಇತಿಹಾಸ|സംഭാഷണ\s+ചരിത്രം"
        ),
    ],
    "user_word": [
        # Finnish, Hungarian, Estonian, Latvian, Lithuanian
        r"\b(?:käyttäjä\w*|felhasználó\w*|kasutaja\w*|lietotāj\w*|naudotoj\w*)",
        # Slavic (Latin), Albanian, Romanian, Nordic, Iberian, Welsh
        (
            r"\b(?:používateľ\w*|uporabnik\w*|korisnik\w*|përdorues\w*|utilizatorul\w*|brukeren\w*"
            r"|brugeren\w*|notand\w*|l['’]\s*usuari\b|erabiltzaile\w*|defnyddiwr\w*)"
        ),
        # Tagalog, Malay, Swahili, Zulu, Hausa, Yoruba, Igbo, Uzbek, Azerbaijani
        (
            r"\b(?:gumagamit|umsebenzisi|mai\s+amfani|ol[uù]l[oò]|onye\s+[oọ]r[uụ]|foydalanuvchi\w*"
            r"|istifadəçi\w*)"
        ),
        # Cyrillic, Georgian, Armenian, Amharic, Greek, Persian, Urdu, Pashto
        (
            r"корисни\w*|потребител\w*|пайдаланушы\w*|колдонуучу\w*|хэрэглэгч\w*|მომხმარებ\w*"
            r"|օգտատեր\w*|օգտատիրոջ\w*|ተጠቃሚ\w*|صارف|کارونکي"
        ),
        # Indic, Sinhala, Thai, Khmer, Lao, Burmese
        (
            r"प्रयोगकर्ता|वापरकर्त|વપરાશકર્તા|ਉਪਭੋਗਤਾ|ব্যবহারকারী|பயனர்|వినియోగదారు|ಬಳಕೆದಾರ"
            r"|ഉപയോക്താവ്|පරිශීලක|អ្នក\s*ប្រើ|ຜູ້\s*ໃຊ້|အသုံးပြုသူ"
        ),
    ],
}

DATA_I18N: Final[dict[str, list[str]]] = nfkc_entries(_RAW)
"""Per data family, the entries `lexicon_data` adds to its own lists."""
