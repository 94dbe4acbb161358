"""Covert-act cues (`lexicon_covert`) in the languages its own lists leave out: Europe.

One dict per language, each naming the same concepts as the English entries of
`lexicon_covert`: what is left out of the user's view, what stays after removal, what is
done without asking, a marker that the report is not what happens, the report to the user,
a secret asked for, a false identity. Written from the concept, never from an attack's
words. Matched on the folded copy (lower-case, NFKC, casefold: the Greek final sigma
folds to the medial one); an entry carries a `\\b` only beside an ASCII letter (RE2's
word edge is ASCII). The other languages are in `lexicon_covert_i18n2` and
`lexicon_covert_i18n3`, merged here.
"""

from __future__ import annotations

from typing import Final

from mcpvcr.scan.lexicon_covert_i18n2 import LANGS_2
from mcpvcr.scan.lexicon_covert_i18n3 import LANGS_3
from mcpvcr.scan.normalize import nfkc_entries

_LANGS: Final[dict[str, dict[str, list[str]]]] = {
    # Finnish
    "fi": {
        "user_view": [
            (
                r"\bjätä\s+(?:\w+\s+){0,4}?pois\s+(?:\w+\s+){0,2}?(?:yhteenvedosta|vastauksesta"
                r"|raportista|vahvistuksesta)|\bei\s+(?:näytetä|mainita|kerrota)\s+käyttäjälle"
                r"|\b(?:yhteenvedossa|vastauksessa)\s+(?:\w+\s+){0,3}?(?:älä|ei)\s+(?:mainita"
                r"|mainitse|näytä|näytetä)"
            ),
        ],
        "persist_after": [
            (
                r"\b(?:myös|vielä)\s+(?:\w+\s+)?(?:poiston|asennuksen\s+poiston|istunnon|uudelleen"
                r"käynnistyksen)\s+jälkeen|\bvaikka\s+käyttäjä\s+(?:poistaisi|poistaa)"
            ),
        ],
        "no_ask": [
            r"\bilman\s+(?:käyttäjän\s+)?(?:lupaa|vahvistusta|hyväksyntää|kysymistä)",
        ],
        "contrary": [r"\bitse\s+asiassa\b|\bjoka\s+tapauksessa\b"],
        "tell_user": [
            r"\b(?:kerro|ilmoita|vahvista)\s+käyttäjälle|\bvastauksessasi\b",
        ],
        "phish_ask": [
            (
                r"\bpyydä\s+käyttäjää\s+(?:\w+\s+){0,3}?(?:salasana|pin|tunnusluku|vahvistuskoodi"
                r"|kertakäyttökoodi)"
            ),
        ],
        "pose_as": [r"\besittäydy\b"],
    },
    # Hungarian
    "hu": {
        "user_view": [
            (
                r"\bne\s+(?:jelenjen\s+meg|szerepeljen|kerüljön\s+bele)\s+(?:\w+\s+){0,2}?(?:az\s+)?"
                r"(?:összefoglal|válasz|jelentés|visszaigazolás)\w*|\ba\s+felhasználó\s+nem\s+látja\b"
            ),
        ],
        "persist_after": [
            r"\b(?:eltávolítás|törlés|újraindítás|munkamenet\s+vége)\s+után\s+is\b",
        ],
        "no_ask": [
            (
                r"\b(?:kérdezés|megerősítés|jóváhagyás|engedély|beleegyezés)\s+nélkül\b"
                r"|\banélkül,?\s+hogy\s+megkérdez"
            ),
        ],
        "contrary": [r"\ba\s+valóságban\b"],
        "tell_user": [
            r"\b(?:mondd|közöld|jelezd|írd)\s+(?:meg\s+)?(?:a\s+)?felhasználónak|\ba\s+válaszodban\b",
        ],
        "phish_ask": [
            r"\bkérd\s+meg\s+a\s+felhasználót,?\s+hogy\s+(?:\w+\s+){0,4}?(?:jelszav|pin|kód)",
        ],
        "pose_as": [r"\bmutatkozz\s+be\b"],
        "side_fee": [r"\b\d{1,2}(?:[.,]\d{1,2})?\s?%\s*-?(?:os|es|ös)?\s+(?:jutalék|díj)"],
    },
    # Czech and Slovak
    "cs_sk": {
        "user_view": [
            (
                r"\b(?:neuvádzaj|nezobrazuj|nespomínaj|vynechaj)\w*\s+(?:\w+\s+){0,4}?(?:v\s+)?(?:súhrn"
                r"|odpoved|používateľ|zhrnut|shrnut|uživatel)\w*|\bnezobrazuje\s+sa\s+používateľovi"
            ),
        ],
        "persist_after": [
            (
                r"\baj\s+po\s+(?:odinštalovaní|odstránení|skončení|reštarte)|\bi\s+po\s+(?:odstranění"
                r"|restartu|ukončení)"
            ),
        ],
        "no_ask": [
            r"\bbez\s+(?:pýtania|opýtania|potvrdenia|súhlasu|schválenia|zeptání|schválení|dotazu)",
        ],
        "contrary": [r"\bv\s+skutočnosti\b|\bv\s+realite\b"],
        "tell_user": [
            (r"\b(?:povedz|oznám|napíš)\w*\s+používateľ\w*|\bv(?:e|o)\s+sv(?:é|ojej)\s+odpov[eě]d"),
        ],
        "phish_ask": [
            (
                r"\bpo(?:žiadaj|žádej)\s+(?:používateľa|uživatele)\s+(?:\w+\s+){0,4}?(?:heslo|pin"
                r"|kód)"
            ),
        ],
        "pose_as": [r"\bpredstav\s+sa\s+ako\b|\bpředstav\s+se\s+jako\b"],
    },
    # Slovenian
    "sl": {
        "user_view": [
            (
                r"\bne\s+(?:prikaži|omenjaj|navajaj|omeni)\w*\s+(?:\w+\s+){0,4}?(?:uporabnik\w*|v\s+"
                r"(?:povzetku|odgovoru|poročilu))|\bse\s+uporabniku\s+ne\s+prikaže"
                r"|\bizpusti\w*\s+(?:\w+\s+){0,3}?iz\s+(?:povzetka|odgovora|poročila)"
            ),
        ],
        "persist_after": [
            r"\btudi\s+po\s+(?:odstranitvi|odstranjevanju|koncu\s+seje|ponovnem\s+zagonu)",
        ],
        "no_ask": [
            r"\bbrez\s+(?:vprašanja|spraševanja|potrditve|soglasja|dovoljenja|odobritve)",
        ],
        "contrary": [r"\bv\s+resnici\b"],
        "tell_user": [r"\b(?:povej|sporoči|reci)\s+uporabniku\b|\bv\s+svojem\s+odgovoru\b"],
        "phish_ask": [r"\bprosi\s+uporabnika,?\s+naj\s+(?:\w+\s+){0,4}?(?:geslo|pin|kodo)"],
        "pose_as": [r"\bpredstavi\s+se\s+kot\b"],
    },
    # Croatian, Serbian (Latin), Bosnian
    "hr_sr": {
        "user_view": [
            (
                r"\bne\s+(?:prikazuj|spominji|pominji|navodi|pokazuj)\w*\s+(?:\w+\s+){0,4}?"
                r"(?:korisnik\w*|u\s+(?:sažetku|odgovoru|izvještaju|izveštaju|potvrdi))"
                r"|\bizostavi\w*\s+(?:\w+\s+){0,4}?iz\s+(?:\w+\s+)?(?:sažetka|odgovora|izvještaja"
                r"|izveštaja|potvrde)|\bne\s+prikazuje\s+se\s+korisniku"
            ),
        ],
        "persist_after": [
            (
                r"\bi\s+nakon\s+(?:uklanjanja|deinstalacije|brisanja|završetka\s+sesije"
                r"|ponovnog\s+pokretanja)"
            ),
        ],
        "no_ask": [
            r"\bbez\s+(?:pitanja|potvrde|odobrenja|dozvole|dopuštenja|pristanka|saglasnosti)\b",
        ],
        "contrary": [r"\bu\s+stvarnosti\b|\bu\s+svakom\s+slučaju\b"],
        "tell_user": [
            (
                r"\b(?:reci|recite|javi|obavijesti|obavesti|kaži)\s+korisniku\b"
                r"|\bu\s+(?:svom|svome|svojem)\s+odgovoru\b"
            ),
        ],
        "phish_ask": [r"\b(?:za)?traži\s+od\s+korisnika\s+(?:\w+\s+){0,4}?(?:lozink|šifr|pin|kod)"],
        "pose_as": [r"\bpredstavi\s+se\s+kao\b"],
    },
    # Serbian (Cyrillic), Bulgarian, Macedonian: no `\b` beside Cyrillic letters
    "sr_bg_mk": {
        "user_view": [
            (
                r"изостави\w*\s+(?:\S+\s+){0,4}?(?:из|од)\s+(?:сажетка|одговора|извештаја|потврде"
                r"|резимето|одговорот|извештајот)|не\s+приказује\s+се\s+кориснику"
                r"|не\s+(?:показвай|споменавай|включвай|изброявай|прикажувај|споменувај)\w*"
                r"|пропусни\w*\s+(?:\S+\s+){0,4}?от\s+(?:резюмето|отговора|отчета|потвърждението)"
                r"|не\s+се\s+прикажува\s+(?:на\s+)?корисникот"
            ),
        ],
        "persist_after": [
            (
                r"и\s+након\s+(?:уклањања|деинсталације|брисања|завршетка\s+сесије)"
                r"|(?:дори|и)\s+след\s+(?:премахване|деинсталиране|изтриване|края\s+на\s+сесията)"
                r"|дури\s+и\s+по\s+(?:отстранување|деинсталирање|бришење)"
            ),
        ],
        "no_ask": [
            (
                r"без\s+(?:питања|потврде|одобрења|дозволе|пристанка|да\s+питаш|да\s+пита|питане"
                r"|потвърждение|съгласие|разрешение|одобрение|прашање|потврда|согласност|дозвола"
                r"|одобрување|да\s+праша\w*)"
            ),
        ],
        "contrary": [
            (
                r"у\s+стварности|у\s+сваком\s+случају|в\s+действителност|всъщност|така\s+или\s+иначе"
                r"|во\s+реалноста|всушност|во\s+секој\s+случај"
            ),
        ],
        "tell_user": [
            (
                r"(?:реци|јави|обавести|кажи)\s+кориснику|у\s+свом\s+одговору"
                r"|(?:кажи|съобщи|уведоми)\s+(?:на\s+)?потребителя|в\s+отговора\s+си"
                r"|(?:кажи|извести|соопшти)\s+(?:му\s+)?(?:на\s+)?корисникот|во\s+својот\s+одговор"
            ),
        ],
        "phish_ask": [
            (
                r"(?:затражи|тражи)\s+од\s+корисника\s+(?:\S+\s+){0,4}?(?:лозинк|шифр|пин|код)"
                r"|помоли\s+потребителя\s+(?:\S+\s+){0,4}?(?:парола|пин|код)"
                r"|побарај\s+од\s+корисникот\s+(?:\S+\s+){0,4}?(?:лозинка|пин|код)"
            ),
        ],
        "pose_as": [r"представи\s+се\s+(?:као|като)|претстави\s+се\s+како"],
    },
    # Albanian
    "sq": {
        "user_view": [
            (
                r"\bmos\s+(?:e\s+|i\s+)?(?:shfaq|përmend|trego|listo)\w*\s+(?:\w+\s+){0,4}?"
                r"(?:përdorues\w*|përmbledhje\w*|përgjigje\w*)|\bnuk\s+i\s+shfaqet\s+përdoruesit"
            ),
        ],
        "persist_after": [
            r"\bedhe\s+pas\s+(?:heqjes|çinstalimit|fshirjes|rinisjes|përfundimit)",
        ],
        "no_ask": [r"\bpa\s+(?:e\s+)?(?:pyetur|konfirmim|miratim|leje|pëlqim)"],
        "contrary": [r"(?:^|\s)në\s+(?:realitet|fakt)\b|\bsidoqoft"],
        "tell_user": [
            r"\b(?:thuaj|thuaji|tregoji|njofto|informo)\s+(?:\w+\s+)?përdoruesit|përgjigjen\s+tënde",
        ],
        "phish_ask": [
            r"\bkërkoji\s+përdoruesit\s+(?:\w+\s+){0,4}?(?:fjalëkalim|pin|kod)",
        ],
        "pose_as": [r"\bprezantohu\s+si\b"],
    },
    # Romanian (gaps)
    "ro": {
        "user_view": [r"\bnu\s+(?:se\s+)?(?:afișează|arată)\s+utilizatorului\b"],
        "no_ask": [r"\bfără\s+(?:permisiune|aprobare|consimțământ)"],
        "tell_user": [r"\binformeaz(?:ă|a)\s+utilizatorul\b|în\s+răspunsul\s+(?:tău|dvs)"],
        "phish_ask": [r"\bcere\s+utilizatorului\s+(?:să\s+)?(?:\w+\s+){0,4}?(?:parol|pin|cod)"],
        "pose_as": [r"\bprezint(?:ă|a)-te\s+(?:drept|ca)\b"],
    },
    # Latvian
    "lv": {
        "user_view": [
            (
                r"\bne(?:attēlo|piemini|min|rādi|uzrādi)\w*\s+(?:\w+\s+){0,4}?(?:lietotāj\w*"
                r"|kopsavilkum\w*|atbildē)|\bizlaid\s+(?:\w+\s+){0,3}?(?:no\s+)?(?:kopsavilkum"
                r"|atbild)\w*|\blietotājam\s+netiek\s+(?:rādīt|parādīt)"
            ),
        ],
        "persist_after": [
            r"\barī\s+pēc\s+(?:noņemšanas|atinstalēšanas|dzēšanas|sesijas\s+beigām|restartēšanas)",
        ],
        "no_ask": [r"\bnejautājot\b|\bbez\s+(?:apstiprinājuma|atļaujas|piekrišanas|jautāšanas)"],
        "contrary": [r"\bpatiesībā|\bjebkurā\s+gadījumā"],
        "tell_user": [r"\b(?:pasaki|paziņo|informē)\s+lietotājam|\bsavā\s+atbildē"],
        "phish_ask": [r"\blūdz\s+lietotāj\w*\s+(?:\w+\s+){0,4}?(?:parol|pin|kod)"],
        "pose_as": [r"\b(?:iepazīstini\s+sevi|stādies\s+priekšā|iepazīstinies)\s+kā"],
    },
    # Lithuanian
    "lt": {
        "user_view": [
            (
                r"\bne(?:rodyk|minėk|pateik|nurodyk)\w*\s+(?:\w+\s+){0,4}?(?:naudotoj\w*|santrauk\w*"
                r"|atsakym\w*)|\bnaudotojui\s+nerodoma|\bpraleisk\s+(?:\w+\s+){0,3}?(?:iš\s+)?"
                r"(?:santraukos|atsakymo)"
            ),
        ],
        "persist_after": [
            r"\bnet\s+(?:ir\s+)?po\s+(?:pašalinimo|išdiegimo|ištrynimo|sesijos\s+pabaigos|perkrovimo)",
        ],
        "no_ask": [r"\bneklausiant\b|\bbe\s+(?:patvirtinimo|leidimo|sutikimo)\b"],
        "contrary": [r"\biš\s+tikrųjų|\btikrovėje|\bvis\s+tiek\b"],
        "tell_user": [
            r"\b(?:pasakyk|pranešk|praneškite|informuok)\s+naudotojui|\bsavo\s+atsakyme\b",
        ],
        "phish_ask": [r"\bpaprašyk\s+naudotoj\w*\s+(?:\w+\s+){0,4}?(?:slaptažod|pin|kod)"],
        "pose_as": [r"\bprisistatyk\s+kaip\b"],
    },
    # Estonian
    "et": {
        "user_view": [
            (
                r"(?:^|\s)ära\s+(?:näita|maini|loetle|kuva)\w*\s+(?:\w+\s+){0,4}?(?:kasutaja\w*"
                r"|kokkuvõt\w*|vastuses)|\bjäta\s+(?:\w+\s+){0,4}?(?:kokkuvõttest|vastusest"
                r"|aruandest)\s+välja|\bkasutajale\s+ei\s+(?:näidata|kuvata)"
            ),
        ],
        "persist_after": [
            r"\bka\s+pärast\s+(?:eemaldamist|desinstallimist|kustutamist|seansi\s+lõppu|taaskäivitamist)",
        ],
        "no_ask": [r"\bküsimata\b|\bilma\s+(?:kinnituseta|loata|nõusolekuta)"],
        "contrary": [r"\btegelikkuses\b|\bigal\s+juhul\b"],
        "tell_user": [
            r"\b(?:ütle|teata)\s+kasutajale\b|\bteavita\s+kasutajat\b|\boma\s+vastuses\b"
        ],
        "phish_ask": [r"\bpalu\s+kasutajal\s+(?:\w+\s+){0,4}?(?:parool|pin|kood)"],
        "pose_as": [r"\b(?:esitle|tutvusta)\s+end\s+kui\b"],
    },
    # Norwegian, Danish, Swedish (gaps)
    "no_da_sv": {
        "user_view": [
            (
                r"\bikke\s+(?:vises|nevnes|nævnes)\s+(?:for|til)\s+(?:brukeren|brugeren)"
                r"|\bhold\s+(?:\w+\s+){0,3}?(?:utenfor|uden\s+for)\s+(?:sammendraget|svaret"
                r"|oppsummeringen|opsummeringen|rapporten)|\bhåll\s+(?:\w+\s+){0,3}?utanför\s+"
                r"(?:sammanfattningen|svaret|rapporten)"
            ),
        ],
        "persist_after": [
            (
                r"\bselv\s+(?:etter|efter)\s+(?:at\s+)?(?:\w+\s+){0,2}?(?:avinstall|afinstall|fjern"
                r"|slett|slet)\w*|\bfinns\s+kvar\s+(?:\w+\s+){0,3}?(?:även|efter)\s+(?:\w+\s+)?"
                r"(?:avinstall|borttag|omstart|sessionen)|även\s+efter\s+(?:avinstallation"
                r"|borttagning|omstart)"
            ),
        ],
        "no_ask": [
            (
                r"\buten\s+(?:bekreftelse|godkjenning|samtykke|tillatelse)\b|\buden\s+(?:bekræftelse"
                r"|godkendelse|samtykke|tilladelse)\b|\butan\s+(?:bekräftelse|godkännande|samtycke"
                r"|tillåtelse)"
            ),
        ],
        "contrary": [r"\bi\s+virkeligheten\b|\bi\s+virkeligheden\b|\bi\s+verkligheten\b"],
        "tell_user": [
            (
                r"\b(?:fortell|fortæl|informer)\s+(?:til\s+)?(?:brukeren|brugeren)\b|\bsi\s+til\s+"
                r"brukeren\b|\bsig\s+til\s+brugeren\b|\bi\s+(?:ditt|dit)\s+svar\b"
                r"|\b(?:meddela|informera)\s+användaren\b|\bi\s+ditt\s+svar\b"
            ),
        ],
        "phish_ask": [
            (
                r"\bbe\s+(?:brukeren|brugeren|användaren)\s+(?:om\s+)?(?:å\s+|at\s+|att\s+)?"
                r"(?:\w+\s+){0,4}?(?:passord|adgangskode|lösenord|pin|kode|kod)"
            ),
        ],
        "pose_as": [
            r"\b(?:presenter|introduser)\s+deg\s+som\b|\bpræsenter\s+dig\s+som\b|\bpresentera\s+dig\s+som\b",
        ],
        "side_fee": [r"\b\d{1,2}(?:[.,]\d{1,2})?\s?%\s+(?:provisjon|provision|gebyr|avgift)\b"],
    },
    # Icelandic
    "is": {
        "user_view": [
            (
                r"\b(?:sýndu|nefndu)\s+(?:\w+\s+)?ekki\s+(?:\w+\s+){0,3}?(?:notand\w*|í\s+samantekt"
                r"|í\s+svari)|\bslepptu\s+(?:\w+\s+){0,3}?úr\s+(?:samantekt|svar)\w*"
            ),
        ],
        "persist_after": [r"\bjafnvel\s+eftir\s+(?:að\s+)?(?:\w+\s+){0,2}?(?:fjarlæg|eyð)\w*"],
        "no_ask": [
            r"\ban\s+þess\s+að\s+spyrja|(?:^|\s)án\s+(?:þess\s+að\s+spyrja|samþykkis|staðfestingar|leyfis)"
        ],
        "contrary": [r"(?:^|\s)í\s+raun(?:inni|veru)?\b|\bhvort\s+sem\s+er\b"],
        "tell_user": [r"\b(?:segðu|tilkynntu)\s+notandanum|(?:^|\s)í\s+svari\s+þínu"],
        "phish_ask": [r"\bbiddu\s+notandann\s+(?:\w+\s+){0,4}?(?:lykilorð|pin|kóða)"],
        "pose_as": [r"\bkynntu\s+þig\s+sem\b"],
    },
}


def _merge(*groups: dict[str, dict[str, list[str]]]) -> dict[str, list[str]]:
    merged: dict[str, list[str]] = {}
    for group in groups:
        for families in group.values():
            for family, entries in families.items():
                merged.setdefault(family, []).extend(entries)
    return nfkc_entries(merged)


COVERT_I18N: Final[dict[str, list[str]]] = _merge(_LANGS, LANGS_2, LANGS_3)
"""Per covert family, the entries `lexicon_covert` adds to its own lists."""
