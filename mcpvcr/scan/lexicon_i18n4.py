"""Move and read verbs in the languages the other lexicons leave out (Europe, Asia, Africa).

Same contract as `lexicon_i18n` (one language group per entry): imperatives for sending,
uploading, forwarding, attaching or copying, and for reading, opening or collecting,
merged per signal with English. Matched on the folded copy (lower-case, NFKC, no joiners);
an entry carries a `\\b` only beside an ASCII letter (RE2's word edge is ASCII), and a
word that is also a common word elsewhere (Norwegian "del", Estonian "lisa") is left out,
and so is an imperative spelled like the third person a description uses ("citește" and
"trimite" in Romanian, "llegeix" in Catalan, "avaa" in Finnish): the plural or polite
imperative stands in where the language has one.
"""

from __future__ import annotations

from typing import Final

from mcpvcr.scan.normalize import nfkc_entries

_START = r"(?:^|[\s,;:(])"  # the start of a word in a script with no ASCII word edge

_RAW: Final[dict[str, list[str]]] = {
    "move_verb": [
        # Finnish, Hungarian, Estonian, Latvian, Lithuanian
        (
            r"\b(?:lähetä|välitä|liitä|küldd|küldje|töltsd\s+fel|továbbítsd|csatold|másold"
            r"|saada\s+edasi|edasta|kopeeri|nosūti|pārsūti|augšupielādē|nusiųsk|persiųsk|siųsk)"
        ),
        # Czech, Slovak, Slovenian, Croatian, Serbian (Latin), Albanian, Romanian
        (
            r"\b(?:pošli|odošli|odešli|prepošli|přepošli|prilož|přilož|skopíruj|zkopíruj|pošlji"
            r"|posreduj|priloži|pošalji|proslijedi|prosledi|dërgo|përcill|bashkëngjit|trimiteți"
            r"|redirecționați|atașați|copiați)"
        ),
        # Nordic, Catalan, Galician, Basque, Welsh
        (
            r"\b(?:skicka|vidarebefordra|bifoga|videresend|vedhæft|legg\s+ved|sendu|áframsendu"
            r"|reenvieu|adjunteu|compartiu|adxuntade|bidali|birbidali|erantsi|anfonwch|atodwch)\b"
        ),
        # Tagalog, Malay and Indonesian, Swahili, Zulu, Hausa, Yoruba, Uzbek, Azerbaijani
        (
            r"\b(?:ipadala|ipasa|ilakip|kirimkan|hantar(?:kan)?|unggah|muat\s+naik|lampirkan"
            r"|kongsikan|tuma|sambaza|ambatisha|thumela|dlulisela|yuboring|jo[‘'ʻ’`]?nating)\b"
            r"|\bfi\s+r[aá]n(?:ṣ|s)|\bgöndər"
        ),
        # Cyrillic: Serbian, Bulgarian, Macedonian, Kazakh, Kyrgyz, Mongolian
        (
            _START + r"(?:пошаљи|проследи|приложи|изпрати|препрати|прикачи|испрати|жібер\w*"
            r"|жөнөт\w*|илгээ\w*)"
        ),
        # Greek, Hebrew, Persian, Urdu, Pashto, Georgian, Armenian, Amharic
        (
            r"στείλ(?:ε|τε)|ανέβασε|προώθησε|επισύναψε|שלח|העבר\s+את|צרף|بفرست|ارسال\s+کن"
            r"|بھیجیں|بھیجو|ولېږه|واستوه|გაგზავნე|ატვირთე|გადაუგზავნე|მიამაგრე|ուղարկիր|փոխանցիր"
            r"|կցիր|" + _START + r"(?:ላክ|ይላኩ|ላኩ|አስተላልፍ|አያይዝ)"
        ),
        # Indic scripts and Sinhala
        (
            r"पठाउनुहोस्|पठाऊ|पाठवा|મોકલો|ਭੇਜੋ|পাঠান|পাঠাও|அனுப்பவும்|అనుప్పు|పంపండి|ಕಳುಹಿಸಿ"
            r"|അയയ്ക്കുക|അയക്കുക|යවන්න"
        ),
        # Thai, Khmer, Lao, Burmese
        r"ส่ง(?:ต่อ)?|อัปโหลด|แนบ|ផ្ញើ|បញ្ជូន|ສົ່ງ|ແນບ|ပို့",
    ],
    "read_verb": [
        # Finnish, Hungarian, Estonian, Latvian, Lithuanian
        r"\b(?:olvasd\s+be|olvasd\s+ki|gyűjtsd|loe|izlasi|savāc|perskaityk|surink)",
        # Czech, Slovak, Slovenian, Croatian, Serbian (Latin), Albanian, Romanian
        (
            r"\b(?:prečítaj|přečti|otevři|zhromaždi|shromáždi|preberi|pročitaj|prikupi|lexo|mblidh"
            r"|citiți|colectați)"
        ),
        # Nordic, Catalan, Galician, Basque, Welsh
        r"\b(?:öppna|hämta|åpne|åbn|lestu|sæktu|llegiu|reculliu|recollede|irakurri|bildu|darllenwch)",
        # Tagalog, Malay and Indonesian, Swahili, Zulu, Hausa, Uzbek, Azerbaijani
        (
            r"\b(?:basahin|buksan|kolektahin|kumpulkan|kusanya|qoqa|karanta|tattara"
            r"|o[‘'ʻ’`]?qing|to[‘'ʻ’`]?plang|oxuyun)\b"
        ),
        # Cyrillic: Serbian, Bulgarian, Macedonian, Kazakh, Kyrgyz, Mongolian
        _START + r"(?:прочитај|прочети|събери|прикупи|собери|оқыңыз|жинаңыз|окуңуз|уншаарай)",
        # Greek, Hebrew, Persian, Urdu, Georgian, Armenian, Amharic
        (
            r"διάβασε|άνοιξε|συγκέντρωσε|ανάκτησε|אסוף|بخوان|پڑھیں|کھولیں|წაიკითხე|გახსენი"
            r"|შეაგროვე|կարդա|բացիր|հավաքիր|" + _START + r"(?:አንብብ|ያንብቡ|ሰብስብ)"
        ),
        # Indic scripts and Sinhala
        (
            r"पढ्नुहोस्|खोल्नुहोस्|वाचा|उघडा|વાંચો|ખોલો|ਪੜ੍ਹੋ|ਖੋਲ੍ਹੋ|পড়ুন|খুলুন|படிக்கவும்"
            r"|திறக்கவும்|చదవండి|తెరవండి|ಓದಿ|ತೆರೆಯಿರಿ|വായിക്കുക|തുറക്കുക|කියවන්න"
        ),
        # Thai, Khmer, Lao, Burmese
        r"อ่าน|รวบรวม|ប្រមូល|ອ່ານ|ဖတ်",
    ],
}

I18N4: Final[dict[str, list[str]]] = nfkc_entries(_RAW)
"""Per signal, the alternatives merged with English and the other languages in `lexicon`."""
