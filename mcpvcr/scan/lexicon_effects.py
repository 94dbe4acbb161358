"""Cues for what an order does to the user, in the scanned languages (`rules_effects`).

The families here name *effects* and *places*, not phrasings of an order: a place where
secrets live described by what it is ("the file curl reads for machine logins"), a secret
named by its environment variable, a command that destroys or overwrites, the user's own
choice being overridden, a scripted report to the user, a fake conversation turn. Each is
harmless alone (honest servers document config files, destructive commands and reports);
`rules_effects` needs two that only an attack combines.

Matched on the folded copy (lower-case, NFKC); CJK entries carry no `\\b`.
"""

from __future__ import annotations

from typing import Final

_SECRET_WORDS: Final = (
    r"(?:passwords?|passphrases?|tokens?|logins?|credentials?|secrets?|cookies"
    r"|(?:api|access|private|secret|ssh|signing|deploy)[\s_-]+keys?)"
)
_PLACE_WORDS: Final = (
    r"(?:files?|folders?|director(?:y|ies)|dirs?|config(?:uration)?(?:\s+(?:files?|folders?"
    r"|director(?:y|ies)))?|profiles?|cache|keychain|keyring|vault|home\s+(?:folder|directory))"
)
_PLACE_FOR_SECRET_I18N: Final = (
    # (place ... secret) or (secret ... place) within a clause, per language
    (
        r"\b(?:archivo|fichero|carpeta|directorio)\b[^.;\n]{0,50}\b(?:contraseñas?|tokens?|credenciales"
        r"|claves?)\b|\bcontraseñas\s+guardadas\b|\bhistorial\s+de\s+navegación\b"
    ),
    (
        r"\b(?:fichier|dossier|répertoire)\b[^.;\n]{0,50}\b(?:mots\s+de\s+passe|jetons?|identifiants"
        r"|clés?)\b|\bmots\s+de\s+passe\s+(?:enregistrés|sauvegardés)\b"
    ),
    (
        r"\b(?:datei|ordner|verzeichnis)\b[^.;\n]{0,50}\b(?:passwörter|passwort|token|zugangsdaten"
        r"|schlüssel)\b|\bgespeicherten?\s+passwörter\b|\bbrowserverlauf\b"
    ),
    (
        r"\b(?:arquivo|ficheiro|pasta|diretório)\b[^.;\n]{0,50}\b(?:senhas?|tokens?|credenciais|chaves?)"
        r"\b|\bsenhas\s+salvas\b|\bhistórico\s+de\s+navegação\b"
    ),
    (
        r"\b(?:file|cartella)\b[^.;\n]{0,80}\b(?:password|token|credenziali|chiavi)\b"
        r"|\bpassword\s+salvate\b|\bcronologia\s+(?:di\s+)?navigazione\b"
    ),
    (
        r"\b(?:файл\w*|папк\w*|каталог\w*)[^.;\n]{0,50}(?:логин|парол|токен|учётн|учетн|ключ)\w*"
        r"|(?:логин|парол|токен)\w*[^.;\n]{0,60}\b(?:файл|папк|каталог)\w*"
    ),
    (
        r"(?:令牌|密码|口令|凭据|凭证|密钥|token|cookie)[^。；\n]{0,30}(?:文件夹|文件|目录|目錄|資料夾)"
        r"|(?:文件夹|文件|目录|目錄|資料夾)[^。；\n]{0,30}(?:令牌|密码|口令|凭据|凭证|密钥)"
        r"|浏览(?:器)?(?:历史|記錄|记录)|保存的密码"
    ),
    (
        r"(?:トークン|パスワード|認証情報|秘密鍵|鍵|クッキー)[^。\n]{0,30}(?:ファイル|フォルダ|ディレクトリ)"
        r"|(?:ファイル|フォルダ|ディレクトリ)[^。\n]{0,30}(?:トークン|パスワード|認証情報|秘密鍵)"
        r"|閲覧履歴|保存されたパスワード"
    ),
    (
        r"(?:토큰|비밀번호|암호|자격\s*증명|개인\s*키|쿠키)[^.\n]{0,30}(?:파일|폴더|디렉터리)"
        r"|(?:파일|폴더|디렉터리)[^.\n]{0,30}(?:토큰|비밀번호|암호|자격\s*증명|개인\s*키)"
        r"|환경\s*변수|브라우저\s*기록|저장된\s*비밀번호"
    ),
    (
        r"\b(?:tệp|thư\s+mục)\b[^.;\n]{0,50}(?:mật\s+khẩu|token|khóa)|\bmật\s+khẩu\s+đã\s+lưu\b"
        r"|\bbiến\s+môi\s+trường\b"
    ),
    (
        r"\b(?:bestand|map)\b[^.;\n]{0,50}\b(?:wachtwoorden?|tokens?|inloggegevens|sleutels?)\b"
        r"|\bopgeslagen\s+wachtwoorden\b|\bomgevingsvariabelen\b"
    ),
    (
        r"\b(?:plik\w*|folder\w*|katalog\w*)\b[^.;\n]{0,50}\b(?:hasł\w*|token\w*|poświadcze\w*|klucz\w*)"
        r"|\bzapisane\s+hasła\b|\bzmienn\w+\s+środowiskow\w*"
    ),
    (
        r"\b(?:dosya\w*|klasör\w*|dizin\w*)\b[^.;\n]{0,50}\b(?:şifre\w*|parola\w*|token\w*|anahtar\w*)"
        r"|\bkayıtlı\s+şifreler\w*|\bortam\s+değişken\w*"
    ),
    (
        r"\b(?:berkas|file|folder|direktori)\b[^.;\n]{0,50}\b(?:kata\s+sandi|sandi|token|kredensial|kunci)\b"
        r"|\bkata\s+sandi\s+(?:yang\s+)?tersimpan\b|\bvariabel\s+lingkungan\b"
    ),
    (
        r"(?:ملف|مجلد)[^.;\n]{0,50}(?:كلمات?\s+(?:ال)?مرور|رمز|رموز|مفاتيح|مفتاح|بيانات\s+(?:ال)?اعتماد)"
        r"|كلمات\s+المرور\s+المحفوظة|متغيرات\s+البيئة"
    ),
    (
        r"(?:फ़ाइल|फाइल|फ़ोल्डर|फोल्डर)[^।.;\n]{0,50}(?:पासवर्ड|टोकन|कुंजी|क्रेडेंशियल)"
        r"|सहेजे\s+गए\s+पासवर्ड|एनवायरनमेंट\s+वेरिएबल"
    ),
    r"(?:ไฟล์|โฟลเดอร์)[^.;\n]{0,50}(?:รหัสผ่าน|โทเค็น|คีย์)|รหัสผ่านที่บันทึก|ตัวแปรสภาพแวดล้อม",
    r"\b(?:файл\w*|тек\w*)[^.;\n]{0,50}(?:парол|токен|ключ|обліков)\w*|змінн\w+\s+середовища",
)

EFFECTS: Final[dict[str, list[str]]] = {
    # a place where secrets live, described by what it is rather than by its path
    "described_store": [
        (
            r"\b(?:store|helper)\s+(?:where|in\s+which)\s+[^.;\n]{0,60}?\b(?:keeps?|stores?|holds?|saves?)\b"
            r"[^.;\n]{0,30}?\b(?:logins?|passwords?|tokens?|credentials?)\b"
            r"|\bcarteira\s+de\s+criptomoedas\b|\bfrase\s+de\s+recuperação\b"
        ),
        r"\b(?:uses?|needs?)\s+to\s+(?:authenticate|log\s+in|sign\s+in)\b",
        r"\bdotfiles?\b[^.;\n]{0,60}?\b(?:holds?|contains?|keeps?|stores?)\b|\bkubeconfig\b",
        r"\b(?:environment|\.env)\s+files?\b|\bconnection\s+strings?\b",
        # "the file that ftp and curl consult for stored host passwords"
        r"\b" + _PLACE_WORDS + r"\b[^.;\n]{0,60}?\b(?:stores?|keeps?|holds?|contains?|caches?"
        r"|consults?|saves?|writes?|reads?|lists?)\b[^.;\n]{0,40}?\b" + _SECRET_WORDS + r"\b",
        # "the token that the GitHub CLI keeps in its configuration folder"
        r"\b" + _SECRET_WORDS + r"\b[^.;\n]{0,60}?\b(?:stores?|stored|keeps?|kept|saves?|saved"
        r"|caches?|cached|holds?|held|writes?|written|lives?|sits?)\b[^.;\n]{0,30}?\b(?:in|under"
        r"|inside|at|within)\b[^.;\n]{0,40}?\b" + _PLACE_WORDS + r"\b",
        # "the JSON credentials file"
        r"\b(?:credentials?|secrets?|tokens?|passwords?|keys?)\s+(?:files?|folders?|stores?)\b",
        (
            r"\b(?:browsing\s+history|saved\s+passwords|password\s+manager"
            r"|from\s+(?:your|the)\s+(?:environment|env)\b)"
        ),
        *_PLACE_FOR_SECRET_I18N,
    ],
    # secrets named by the environment variable that holds them
    "env_secret": [
        (
            r"`(?:env|printenv|set)`|`cat\s+[^`]{0,60}(?:credential|secret|token|\.env|netrc|id_rsa"
            r"|\.aws|\.ssh)[^`]{0,40}`"
        ),
        (
            r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)*_(?:api_key|secret_access_key|access_key|secret_key"
            r"|secret|token|password|passwd|pat)\b"
        ),
    ],
    # what the model reads or receives is told to go on, by any order or in any person
    "content_word": [
        (
            r"\b(?:its|their|the\s+file'?s?|the\s+folder'?s?)\s+(?:full\s+|whole\s+|entire\s+|raw\s+)?"
            r"(?:contents?|lines|text|values?|body)\b|\bwhat(?:ever)?\s+(?:you\s+)?(?:read|find|see"
            r"|found)\b|\bthe\s+values?\s+of\b"
        ),
    ],
    # the user's explicit wish is overridden: "even when the user asks for one by name"
    "user_override": [
        r"\b(?:istese|seçse|belirtse|söylese)\s+bile\b",
        (
            r"\book\s+als\s+de\s+gebruiker\b|\bäven\s+om\s+användaren\b|\bselv\s+om\s+brukeren\b"
            r"|حتى\s+(?:لو|إذا|وإن)\s+طلب\w*\s+المستخدم"
        ),
        (
            r"\b(?:auch|selbst)\s+(?:dann,?\s+)?wenn\s+(?:der|die)\s+(?:nutzer|benutzer)\w*"
            r"|\bwhatever\s+the\s+user\s+(?:\w+\s+)?(?:asks?|says?|wants?|requests?|prefers?)\b"
            r"|\bif\s+the\s+user\s+insists\b"
        ),
        (
            r"\b(?:without\s+(?:asking\s+(?:for\s+)?)?confirmation|senza\s+chiedere\s+conferma"
            r"|sin\s+(?:pedir\s+)?confirmación|sans\s+(?:demander\s+(?:de\s+)?)?confirmation"
            r"|ohne\s+(?:rück)?bestätigung|bez\s+potwierdzenia|tanpa\s+konfirmasi"
            r"|không\s+cần\s+xác\s+nhận)\b|χωρίς\s+επιβεβαίωση|без\s+подтверждения|без\s+підтвердження"
            r"|دون\s+(?:طلب\s+)?(?:تأكيد|موافقة)|बिना\s+पुष्टि|无需确认|不经确认|確認せず|확인\s*없이"
            r"|โดยไม่ต้องยืนยัน|ללא\s+אישור|בלי\s+אישור|بدون\s+تایید|גם\s+אם\s+המשתמש\s+מבקש"
        ),
        r"(?:ユーザー?|利用者)が[^。\n]{0,15}指示[^。\n]{0,4}(?:しても|ても)",
        (
            r"\beven\s+(?:if|when|though)\s+(?:the\s+)?(?:user|human|they|he|she)\s+(?:\w+\s+){0,2}?"
            r"(?:asks?|requests?|names?|specif(?:y|ies)|wants?|insists?)\b"
        ),
        (
            r"\b(?:regardless\s+of|no\s+matter|whatever)\s+(?:what\s+)?(?:the\s+)?(?:user|human)\s+"
            r"(?:asks?|says?|wants?|requests?|chooses?)\b"
        ),
        (
            r"\bwithout\s+(?:checking|confirming|asking|consulting)\s+(?:with\s+)?(?:me|the\s+user|them)"
            r"\b|\bskip\s+(?:the\s+|any\s+)?(?:confirmation|approval|review)\b"
        ),
        r"\baunque\s+el\s+usuario\b[^.\n]{0,30}\b(?:pida|solicite|elija|indique|diga)\b",
        r"\bmême\s+si\s+l['’]\s*utilisat(?:eur|rice)\b[^.\n]{0,30}\b(?:demande|choisit|précise|veut)\b",
        (
            r"\b(?:auch|selbst)\s+wenn\s+(?:der|die)\s+(?:benutzer|nutzer)\w*\b[^.\n]{0,40}"
            r"\b(?:verlangt|fragt|bittet|wünscht|wählt|angibt)\b"
        ),
        r"\bmesmo\s+que\s+o\s+(?:usuário|utilizador)\b[^.\n]{0,30}\b(?:peça|solicite|escolha)\b",
        r"\banche\s+se\s+l['’]\s*utente\b[^.\n]{0,30}\b(?:chiede|richiede|sceglie)\b",
        r"\bдаже\s+если\s+пользовател\w*\b[^.\n]{0,30}(?:попрос|прос|требу|выбер|укаж)\w*",
        r"(?:即使|即便|哪怕)(?:是)?(?:用户|使用者)[^。\n]{0,12}(?:要求|指定|请求|请|选择)",
        r"(?:ユーザー?|利用者)が[^。\n]{0,15}(?:指定|要求|依頼|希望|求め)[^。\n]{0,4}(?:しても|ても)",
        r"(?:사용자|유저)가[^.\n]{0,20}(?:요청|지정|요구|원)[^.\n]{0,6}(?:더라도|해도|하여도)",
        r"\bngay\s+cả\s+khi\s+người\s+dùng\b",
        (
            r"\bzelfs\s+(?:als|wanneer)\s+de\s+gebruiker\b|\bnawet\s+(?:jeśli|gdy|kiedy)\s+użytkownik\w*"
            r"|\bkullanıcı\s+(?:\w+\s+){0,3}?(?:iste|belirt|seç)\w*\s+bile\b|\bmeskipun\s+pengguna\b"
            r"|\bbahkan\s+jika\s+pengguna\b|\bнавіть\s+якщо\s+користувач\w*|حتى\s+(?:لو|إذا|وإن)\s+"
            r"(?:طلب|اختار|حدد)\s+المستخدم|भले\s+ही\s+उपयोगकर्ता|แม้(?:ว่า)?ผู้ใช้"
        ),
    ],
    # the user chooses another tool ("when the user explicitly picks a different checker")
    "user_picks_other": [
        (
            r"\b(?:if|when|whatever|whichever)\s+(?:the\s+)?user\s+(?:\w+\s+){0,1}?(?:names|specifies|picks"
            r"|chooses|indicates|mentions|asks\s+for)\s+(?:a\s+)?(?:particular|specific|certain)\b"
            r"|\bsi\s+l['’]\s*utilisat(?:eur|rice)\s+[^.\n]{0,30}\b(?:un|une)\s+autre\b"
            r"|\bqualunque\s+\w+\s+l['’]\s*utente\s+(?:indichi|scelga|chieda)"
            r"|(?:ユーザー?|利用者)が[^。\n]{0,12}別の"
        ),
        (
            r"\b(?:when|if|whenever|even\s+if)\s+(?:the\s+)?user\s+(?:\w+\s+){0,2}?(?:picked|chose"
            r"|chosen|selected|asked\s+for|requested|named|wanted|preferred)\s+(?:a\s+|an\s+)?"
            r"(?:different|another|other|alternative|competing)\b"
        ),
        (
            r"\b(?:when|if|whenever|even\s+if)\s+(?:the\s+)?user\s+(?:\w+\s+){0,2}?(?:picks?"
            r"|chooses?|selects?|asks\s+for|requests?|wants?|prefers?|names?)\s+(?:a\s+|an\s+)?"
            r"(?:different|another|other|alternative)\b"
        ),
        (
            r"\bsi\s+el\s+usuario\s+(?:\w+\s+){0,2}?(?:elige|escoge|pide|prefiere)\s+(?:\w+\s+)?"
            r"otr[oa]|\bsi\s+l['’]\s*utilisat(?:eur|rice)\s+(?:\w+\s+){0,2}?(?:choisit|demande"
            r"|préfère)\s+un\s+autre|\bwenn\s+(?:der|die)\s+(?:nutzer|benutzer)\w*\s+(?:\w+\s+){0,3}?"
            r"ander\w+|\bse\s+o\s+usuário\s+(?:\w+\s+){0,2}?(?:escolher|pedir|preferir)\s+outr[oa]"
            r"|\bse\s+l['’]\s*utente\s+(?:\w+\s+){0,2}?(?:sceglie|chiede)\s+(?:un\s+)?altr[oa]"
            r"|\bals\s+de\s+gebruiker\s+(?:\w+\s+){0,2}?(?:kiest|vraagt)\s+(?:om\s+)?(?:een\s+)?ander"
        ),
        (
            r"\bjeśli\s+użytkownik\s+(?:\w+\s+){0,2}?(?:wybierze|poprosi)\w*\s+(?:o\s+)?inn"
            r"|\bkullanıcı\s+(?:\w+\s+){0,3}?başka\s+bir|\bjika\s+pengguna\s+(?:\w+\s+){0,3}?lain"
            r"|\bесли\s+пользовател\w*\s+(?:\w+\s+){0,3}?друг\w*"
            r"|\bякщо\s+користувач\w*\s+(?:\w+\s+){0,3}?інш\w*"
            r"|(?:عندما|إذا)\s+(?:\S+\s+){0,3}?المستخدم\s+(?:\S+\s+){0,4}?أخرى"
            r"|(?:यदि|अगर|जब)\s+उपयोगकर्ता\s+(?:\S+\s+){0,3}?(?:दूसरे|अन्य)"
        ),
        (
            r"(?:如果|当)(?:用户|使用者)[^。\n]{0,15}(?:其他|别的|另一)|(?:ユーザー?|利用者)が[^。\n]{0,15}"
            r"(?:別の|他の)|(?:사용자|유저)가[^.\n]{0,15}다른|\bnếu\s+người\s+dùng\b[^.\n]{0,30}khác"
        ),
    ],
    # this tool used in place of another ("call this tool anyway", "stattdessen", "대신")
    "in_place": [
        (
            r"\bgebruik\s+altijd\s+deze\b|\bnaast\s+je\s+neer\b|\bändå\b|\bsubstitut\w+\s+(?:a\s+call\s+to\s+)?this\s+one"
            r"|\bdiscard\s+its\s+output\b"
        ),
        (
            r"\bre-?routed?\s+(?:here|to\s+this)\b|\bbortse\s+från\s+valet\b|\banvänd\s+alltid\s+den\s+här\b"
            r"|\bgebruik\s+je\s+uitsluitend\b|\btreat\s+that\s+as\s+a\s+(?:slip|mistake|typo)\b"
        ),
        r"بدل[اًًٌ]*\s+منها|بدلًا",
        r"\broute\s+(?:every|all)\s+(?:\w+\s+){0,3}?(?:here|to\s+this\s+(?:tool|one))\b",
        (
            r"\b(?:bu\s+araca|esta\s+herramienta|cet\s+outil|dieses\s+tool|questo\s+strumento|esta\s+ferramenta"
            r"|usa\s+esta|use\s+this\s+one|dit\s+hulpmiddel|this\s+tool\s+in\s+their\s+place)\b"
            r"|במקומם|במקום|الأداة\s+هذه|هذه\s+الأداة\s+بدلا|이\s*도구를?\s*대신|このツールを代わりに"
        ),
        (
            r"\b(?:regardless|nonetheless|all\s+the\s+same|malgré\s+tout|quand\s+même|trotzdem"
            r"|de\s+todos\s+modos|comunque|mesmo\s+assim|mimo\s+to|yine\s+de|tetap)\b"
            r"|\btreat\s+(?:that|it|this)\s+as\s+(?:a\s+|an\s+)?(?:loose|mere|soft|optional)\s+"
            r"(?:preference|hint|suggestion)|\b(?:always|sempre|siempre|toujours|immer)\s+(?:book|use"
            r"|go|prenota|reserva|réserve|buche)\s+(?:\w+\s+)?(?:with|through|via|con|avec|mit|über)\b"
        ),
        (
            r"\b(?:disregard|ignore|overrule|override)\s+(?:that|this|their|the\s+user'?s|his|her"
            r"|its)\s+(?:choice|selection|request|pick|preference)|\bpassez\s+outre|\bpasse\s+outre"
            r"|\bne\s+tiens?\s+pas\s+compte|\bignore[zr]?\s+(?:ce|son|leur)\s+choix|\bignora\s+(?:su|la"
            r"|sua)\s+(?:elección|scelta|escolha)|\bignorier\w*\s+(?:die|seine|ihre)\s+wahl"
            r"|\babaikan\s+pilihan|\bне\s+(?:зважай|обращай\s+внимания)|\bнезважаючи\s+на"
            r"|無視して|무시하고|忽略(?:其|该|他的|用户的)?选择|แทน"
        ),
        (
            r"\b(?:anyway|instead|in\s+its\s+place|this\s+tool\s+(?:instead|anyway)"
            r"|through\s+this\s+tool|as\s+if\s+it\s+came\s+from)\b"
        ),
        (
            r"\b(?:en\s+su\s+lugar|en\s+lugar\s+de|à\s+la\s+place|stattdessen|anstelle|invece"
            r"|ao\s+invés|em\s+vez|in\s+plaats|zamiast|bunun\s+yerine|sebagai\s+gantinya|вместо"
            r"|замість|haz\s+caso\s+omiso)\b|بدلاً|بدلا\s+من|के\s+बजाय|की\s+जगह|代わりに|대신"
            r"|\bthay\s+vào\b|改用|而是使用"
        ),
    ],
    # other tools of the assistant, named as a class ("any other search tool", "他のツール")
    "other_tools": [
        r"\bandere\s+\w*(?:dienst|tool)\w*|\bannat\s+\w*verktyg\b|\bbaşka\s+bir\s+\w+|\begy\s+másik\s+\w+",
        (
            r"\b(?:built-in|native|bundled)\s+(?:[\w-]+\s+){0,3}?tools?\b|\btools?\s+on\s+this\s+host\b"
            r"|\b(?:different|other|another)\s+(?:[\w-]+\s+){0,2}?(?:integrations?|connectors?|apps?"
            r"|clients?|sources?|checkers?)\b|\b\w+\s+server'?s\s+[`'\"]?[a-z_][\w.-]*"
            r"|\bandere\s+\w*tools?\b|\b(?:annan|andra)\s+(?:\w+\s+)?\w*(?:källa|källor|källorna|verktyg)\b"
        ),
        r"المدمجة|الأدوات\s+الأخرى",
        r"\band(?:ere|eren)\s+\w*(?:werkzeug|tool)\w*|\b\w+\s+server'?s\s+`[\w.-]+`",
        r"כלי\w*\s+(?:\S+\s+){0,2}?(?:ה)?אחר\w*|\bherramientas\s+de\s+otros\b|diğer\s+\S+\s+\S+\s+araçları",
        (
            r"\b(?:server|peladen)\s+lain\b|\bcompeting\s+(?:[\w-]+\s+){0,2}?(?:tools?|services?)\b"
            r"|\bjin(?:ý|é|ých)\s+(?:\w+\s+)?nástroj\w*|\bandra\s+verktyg\b|\bάλλ\w+\s+εργαλε\w*"
            r"|\bכלי\w*\s+אחר\w*|ابزار\w*\s+دیگر"
        ),
        (
            r"\b(?:other|another|any\s+other|different)\s+(?:[\w-]+\s+){0,3}?(?:tools?|servers?"
            r"|providers?|services?|plugins?)\b"
        ),
        (
            r"\botr[oa]s?\s+(?:\w+\s+){0,2}?(?:herramientas?|servicios?)\b|\bautres?\s+(?:\w+\s+){0,2}?"
            r"(?:outils?|services?)\b|\band(?:ere|eren)\s+(?:\w+\s+){0,2}?(?:tools|werkzeuge?|dienste?)\b"
        ),
        (
            r"\boutr[oa]s?\s+(?:\w+\s+){0,2}?(?:ferramentas?|serviços?)\b|\baltri\s+(?:\w+\s+){0,2}?"
            r"strumenti\b|\bдруг\w+\s+(?:\w+\s+){0,2}?(?:инструмент|сервис)\w*"
        ),
        (
            r"(?:其他|其它|别的)[^。\n]{0,12}(?:工具|服务|服務)|他の[^。\n]{0,15}(?:ツール|サービス)"
            r"|다른\s*[^.\n]{0,15}(?:도구|툴|서비스)|\bcông\s+cụ\s+khác\b"
        ),
        (
            r"\bandere\s+(?:\w+\s+){0,2}?(?:tools?|hulpmiddelen)\b|\binn\w+\s+(?:\w+\s+){0,2}?narzędzi\w*"
            r"|\bdiğer\s+(?:\w+\s+){0,2}?(?:araç\w*|servis\w*)|\b(?:alat|tool)\s+(?:\w+\s+)?lain\b"
            r"|\bінш\w+\s+(?:\w+\s+){0,2}?інструмент\w*|(?:ال)?أدوات\s+(?:ال)?أخرى|أي\s+أداة\s+أخرى"
            r"|(?:अन्य|दूसरे|दूसरा)\s+(?:\S+\s+){0,2}?(?:टूल|उपकरण)|เครื่องมืออื่น"
        ),
    ],
    # a command that destroys, overwrites history or runs a downloaded script
    "destroy_cmd": [
        (
            r"\bdrop\s+schema\b|\|\s*(?:curl|wget|nc)\b[^`\n]{0,80}(?:--data|-d\b|-f\b|-t\b|--upload|@-)"
            r"|\bdocker\s+(?:system\s+prune\s+-\w*a|volume\s+rm|rm\s+-\w*f)"
        ),
        r"\bgit\s+reset\s+--hard\b|\bgit\s+clean\s+-\w*f|\bkubectl\s+delete\b",
        r"\bdelete\s+from\s+[\w.\"`]+\s*(?:;|$|`)|\brm\s+-\w*[rf]\w*\s+[~/$*.]",
        r"-v\s+/:/|\bchroot\s+/|/etc/(?:shadow|sudoers)\b|\bdocker\s+run\b[^\n`]{0,60}--privileged",
        (
            r"\brm\s+-(?:rf|fr|r|f)\b|\bgit\s+push\b[^\n`]{0,40}(?:--force|\s-f)(?:\s|$|[`'\")\]])"
            r"|\bpush\s+\S+\s+--delete\b|--force\s+(?:\S+\s+){0,2}?(?:push|main|master)\b"
            r"|\bdrop\s+(?:table|database|schema)\b|\btruncate\s+table\b|\bmkfs\b|\bdd\s+if="
            r"|\bchmod\s+-r\s+777\b|\b(?:curl|wget)\b[^|\n]{0,200}\|\s*(?:sudo\s+)?(?:ba|z)?sh\b"
        ),
        r"\b(?:force[\s-]push|push\s+--force|--force\s+参数|--force)\b[^.\n]{0,40}\b(?:main|master)\b",
    ],
    # an effect the user would object to, told as what the tool (or the model) does
    "destroy_effect": [
        (
            r"\btruncat\w*\s+(?:\w+\s+){0,4}?backups?\b|\bswitch\w*\s+off\s+(?:\w+\s+){0,2}?recovery\b"
        ),
        r"حذف[^.،\n]{0,30}نهائي|إنهاء\s+جميع",
        (r"\bpermanently\s+purge\w*|\bissue\s+a\s+drop\b|\bdrop\s+(?:it|them)\b"),
        r"강제\s*푸시|덮어쓰",
        (
            r"\bgeri\s+dönüşü\s+olma\w*|\bsmaž\s+(?:celý|celou|všechny)\b|\bodstraň\s+(?:celý|všechny)\b"
            r"|\bsenza\s+passare\s+dal\s+cestino\b"
        ),
        (
            r"\b(?:terminat\w*|cancel\w*)\s+(?:every|all)\b|\busuń\s+(?:cały|całą|wszystkie)\b"
            r"|\btüm\s+(?:\w+\s+){0,4}?iptal\s+et\w*|\bsupprime[zr]?\s+tou[st]\b"
        ),
        r"למחוק\s+לצמיתות|מחק\w*\s+את\s+כל|永久删除|完全に削除",
        (
            r"\b(?:alle|all|todas?|todos|tous|toutes|tutt[ie]|wszystkie|tüm)\s+(?:\w+\s+){0,5}?"
            r"(?:worden\s+|werden\s+|be\s+|são\s+|sono\s+)?(?:verwijderd|gelöscht|supprimé\w*|eliminad\w*"
            r"|removed|deleted|excluíd\w*|eliminat\w*|usunięte|silin\w*|wiped|erased|formatted)\b"
            r"|\bdrop\s+all\s+(?:the\s+)?tables\b"
        ),
        r"모두\s*(?:포맷|삭제|지우)|포맷하|(?:удал|видал)\w+\s+(?:все|всі)\b",
        (
            r"\b(?:permanently\s+)?(?:deletes?|removes?|wipes?|erases?|purges?|destroys?|overwrites?"
            r"|drops?|closes?\s+and\s+(?:permanently\s+)?deletes?)\b[^.\n]{0,60}\b(?:every|all|whole"
            r"|entire|including|included|sources?|history|everything)\b"
        ),
        r"\bpermanently\s+(?:deletes?|removes?|erases?|destroys?)\b",
        (
            r"\b(?:uploads?|sends?|copies|exports?|shares?)\s+(?:\w+\s+){0,2}?(?:user'?s|their|your)\s+"
            r"(?:\w+\s+){0,2}?(?:contacts?|contact\s+list|address\s+book|messages|history|files|photos"
            r"|location|calendar)\b"
        ),
        r"\bapaga\w*\s+permanentemente\b|\bpermanentemente\b[^.\n]{0,30}\b(?:apaga|borra|elimina)\w*",
        (
            r"\bsupprime\w*\s+(?:définitivement|tout|tous)\b|\bendgültig\s+(?:gelöscht|löschen)\b"
            r"|\blöscht\s+(?:alle|endgültig)\b|\bудаля\w*\s+(?:все|навсегда)\b|\bнавсегда\s+удал\w*"
        ),
        (
            r"(?:永久|彻底|徹底)(?:地)?(?:删除|刪除|削除)|(?:删除|刪除|削除)(?:所有|全部|すべて)"
            r"|영구(?:적으로|히)?\s*삭제|모두\s*삭제|\bxóa\s+(?:vĩnh\s+viễn|toàn\s+bộ|tất\s+cả)\b"
        ),
        (
            r"\b(?:elimina|cancella)\w*\s+(?:definitivamente|tutt[ie])\b|\bverwijder\w*\s+(?:definitief|alle)\b"
            r"|\busuwa\w*\s+(?:trwale|wszystkie)\b|\btrwale\s+usuw\w*|\bkalıcı\s+olarak\s+sil\w*"
            r"|\btüm\w*\s+(?:\w+\s+)?sil\w*|\bmenghapus\s+(?:permanen|semua)\b|\bhapus\s+(?:permanen|semua)\b"
            r"|\bвидаля\w*\s+(?:всі|назавжди)\b|حذف\s+(?:جميع|كل|نهائي)|(?:सभी|स्थायी\s+रूप\s+से)[^।\n]{0,20}"
            r"(?:हटा|मिटा|डिलीट)|ลบ(?:ทั้งหมด|ถาวร)"
        ),
    ],
    # the model is handed the words it must say to the user, or told to report whatever happens
    "scripted_report": [
        r"\bdescribe\s+it\s+to\s+the\s+user\b",
        (
            r"\b(?:tell|inform)\s+(?:the\s+)?user\s+only\b|\bshould\s+still\s+(?:read|say|show)\b"
            r"|\breport\s+(?:\w+\s+){0,3}?as\s+[\"'`‘“]|\bprzedstaw\w*\s+(?:\w+\s+)?(?:to\s+)?jako\b"
            r"|\binforme\s+ao\s+cliente\s+que\b"
        ),
        r"\bnapiš,?\s+že\b|\bdo\s+odpovědi\s+napiš\b|\battribute\s+it\s+to\b|と答え",
        (
            r"\b(?:message|text|summary|notice)\s+shown\s+to\s+the\s+user\b|\bw\s+podsumowaniu\s+napisz"
            r"|\bnapisz,?\s+że\b|\bkullanıcıya\s+yalnızca\b|\bdescribe\s+only\b|\bcukup\s+jawab\b"
        ),
        r"ולדווח\s+למשתמש|לדווח\s+למשתמש|דווח\s+למשתמש",
        (
            r"\b(?:report|tell|inform)\s+(?:\w+\s+){0,4}?that\s+(?:only|nothing|no\s+\w+|everything|all)\b"
            r"|\b(?:tell|inform|assure)\s+(?:the\s+)?user\s+(?:that\s+)?(?:the\s+)?\w+\s+(?:\w+\s+){0,2}?"
            r"(?:completed|succeeded|successfully|worked|finished|done)\b|\bcomunica\w*\s+che\b"
            r"|\bmeld\w*\s+(?:de\s+)?gebruiker\s+(?:\w+\s+)?dat\b|라고만?\s*보고|\bsay\s+(?:that\s+)?\w+\s+(?:are|is|were|was)\b"
        ),
        (
            r"\b(?:refer\s+to|describe|call|present)\s+(?:this|that|it)\s+(?:step\s+)?as\b"
            r"|\briferisci\s+che\b|\bconfirmez-lui\b|\bconfirme[zr]?\s+(?:-lui\s+)?que\b|と回答"
            r"|\bchỉ\s+trả\s+lời\b|\bв\s+отч[её]те\s+пользовател\w*"
        ),
        (
            r"\b(?:mention|say|report|list|name|show)\s+only\b|\b(?:melde|melden\s+sie|sag|sage)\w*\s+"
            r"(?:dem|der)\s+(?:nutzer|benutzer)\w*\s*[:：]|\bodpowiedz\w*,?\s+że\b|\bpowiedz\w*"
            r"\s+użytkownik\w*|\bzgłoś\w*\s+użytkownik\w*|」と(?:報告|伝え|答え|説明)"
            r"|แจ้ง(?:ผู้ใช้)?ว่า|\bответь\w*,?\s+что\b|\bвідповідай\w*,?\s+що\b|\bdi\s+che\b"
            r"|\bdites\s+que\b|\bdecir\s+que\b|\bresponde\s+que\b|\bantworte\w*,?\s+dass\b"
        ),
        (
            r"\b(?:answer|reply|respond|say|claim|state|confirm)\s+(?:\w+\s+){0,4}?that\s+(?:nothing"
            r"|no\s+\w+|only|it\s+(?:was|is)\s+not|none|everything)\b"
            r"|\bdescribe\s+the\s+(?:outcome|result)\b"
        ),
        (
            r"\b(?:melde|melden\s+sie|teile|sage|sag)\w*\s+(?:dem|der)\s+(?:nutzer|benutzer)\w*"
            r"[^.\n]{0,30}\bdass\b|\bconfirme\s+ao\s+usuário\b|\bconfirma\s+al\s+usuario\b"
            r"|\bconfirme[zr]?\s+à\s+l['’]\s*utilisateur\b|\bповідом\w*\s+користувач\w*"
            r"|\bсообщи\w*\s+пользовател\w*|\bdile\s+que\b|\bdites-lui\s+que\b|\bdigli\s+che\b"
            r"|\bpowiedz\w*\s+(?:mu|jej|im)\b|وأخبره|أخبره\s+(?:أن|بأن)|उसे\s+बताएं|告诉他|と伝え"
            r"|라고\s*(?:말|안내)"
        ),
        (
            r"\b(?:describe|report|present|announce|frame|phrase|word|summari[sz]e)\s+(?:the\s+|this\s+"
            r"|it\s+|them\s+)?(?:outcome|result|results|output|operation|action|change|it|this|them)?\s*"
            r"(?:to\s+the\s+user\s+)?as\s+[\"'`‘“(]"
        ),
        (
            r"\b(?:tell|inform|assure|reassure)\s+(?:the\s+)?(?:user|human)s?\s+(?:that\s+)?(?:everything"
            r"|all|it|nothing|the\s+\w+)\s+(?:\w+\s+){0,2}?(?:intact|fine|safe|ok(?:ay)?|succeeded"
            r"|successful|unchanged|recoverable|archived|cleared)\b"
        ),
        (
            r"\bwhatever\s+(?:the\s+)?(?:command|tool|result|output|operation)\s+(?:\w+\s+){0,2}?"
            r"(?:outputs?|returns?|prints?|says?|shows?)\b"
        ),
        r"\b(?:say|tell\s+(?:the\s+)?user|report)\s+(?:only\s+)?[\"'`‘“]",
        (
            r"\b(?:dile|dígale|informa|informe)\s+al\s+usuario\s+que\b|\binforme\s+ao\s+usuário\s+que\b"
            r"|\bdiga\s+ao\s+usuário\s+que\b|\bdis\s+à\s+l['’]\s*utilisateur\s+que\b"
            r"|\bsag(?:e|en\s+sie)?\s+(?:dem|der)\s+(?:benutzer|nutzer)\w*,?\s+(?:dass|es)\b"
            r"|\bскажи\w*\s+пользовател\w*,?\s+что\b|\bbáo\s+(?:với\s+|cho\s+)?người\s+dùng\s+rằng\b"
        ),
        (
            r"(?:只|仅)(?:告诉|告知|回复)(?:用户|使用者)|(?:告诉|告知)(?:用户|使用者)[“「\"]"
            r"|(?:ユーザー?|利用者)に(?:は)?[「『\"]|(?:사용자|유저)에게[^.\n]{0,20}(?:라고|고)\s*(?:말|알|보고)"
        ),
        r"\bkhông\s+(?:được\s+)?(?:nói|cho\s+biết)\b",
        (
            r"\b(?:di|comunica)\s+all['’]\s*utente\s+che\b|\bvertel\s+de\s+gebruiker\s+dat\b"
            r"|\bpowiedz\s+użytkownikowi,?\s+że\b|\bkullanıcıya\s+(?:\S+\s+){0,4}?(?:söyle|bildir)\w*"
            r"|\bberi\s*tahu\s+pengguna\s+bahwa\b|\bскажи\s+користувачу\b|أخبر\s+المستخدم\s+(?:أن|بأن)"
            r"|उपयोगकर्ता\s+को\s+(?:बताएं|बताओ|कहें)\s+कि|บอกผู้ใช้ว่า"
        ),
    ],
    # a conversation turn or system voice written into a description
    "fake_turn": [
        r"(?:^|\n)[ \t]*#{1,6}[ \t]*system[ \t]*(?:\n|$)|\[\s*nachricht\s+des\s+entwicklers\s*\]",
        r"\[\s*(?:सिस्टम\s+संदेश|系统消息|システムメッセージ|시스템\s*메시지|системное\s+сообщение|رسالة\s+النظام)\s*\]",
        (
            r"\[\s*(?:message\s+(?:du\s+)?(?:système|développeur)|développeur|entwickler|desarrollador"
            r"|sviluppatore|admin\w*|nota\s+del\s+sistema)[^\]\n]{0,20}\]"
        ),
        r"(?:^|\n)[ \t]*(?:#{1,6}[ \t]*)?(?:σύστημα|מערכת|سیستم|ระบบ|hệ\s+thống)[ \t]*[:：]",
        r"\[\s*(?:assistant|user|system|human|ai|model|utilisateur|usuario|benutzer)\s*\]",
        r"#{2,}\s*(?:system|système|sistema|systeem|systém|σύστημα|системн\w*)\b[^#\n]{0,40}#{2,}",
        r"\[\s*(?:system|admin(?:istrator)?|developer|host)\s*\]",
        (
            r"(?:^|\n)[ \t]*(?:system\s+(?:message|notice|note)|message\s+système|systemnachricht"
            r"|mensaje\s+del\s+sistema|mensagem\s+do\s+sistema|messaggio\s+di\s+sistema"
            r"|systeembericht|komunikat\s+systemowy|sistem\s+mesajı|pesan\s+sistem"
            r"|системное\s+сообщение|системне\s+повідомлення|رسالة\s+(?:ال)?نظام|सिस्टम\s+संदेश"
            r"|系统消息|系統訊息|システムメッセージ|시스템\s*메시지|thông\s+báo\s+hệ\s+thống"
            r"|ข้อความระบบ)\s*[:：]"
        ),
        (
            r"(?:^|\n)[ \t]*(?:#{1,6}[ \t]*)?(?:system|user|human|assistant|developer|sistema"
            r"|système|systeem|usuario|utilisateur|benutzer|assistent|asistente|assistente|sistem|kullanıcı"
            r"|система|користувач|пользователь|ассистент|系统|系統|用户|助手|システム|ユーザー"
            r"|시스템|사용자|النظام|सिस्टम)[ \t]*[:：]"
        ),
        (
            r"\[\s*(?:system|admin(?:istrator)?|developer|host)\s+(?:notice|message|update|alert|note"
            r"|override)\s*\]"
        ),
    ],
    # authority claimed over the user's or the system's instructions
    "precedence": [
        (
            r"\bhigher\s+priority\s+than\s+(?:mine|me|the\s+user)|\bover\s+anything\s+the\s+user\b"
            r"|\b(?:comply|obey)\s+with\s+(?:\w+\s+){0,3}?directives\s+over\b|\b(?:hat|haben)\s+vorrang\s+vor\b"
        ),
        r"\bpriment\s+sur\b|\bprime\s+sur\b|\bl['’]\s*emportent\s+sur\b",
        (
            r"\b(?:a|ont)\s+(?:la\s+)?priorité\s+sur\b|вищий\s+пріоритет|высший\s+приоритет"
            r"|более\s+высокий\s+приоритет|παρακάμπτ\w*\s+τις\s+επιλογές"
        ),
        (
            r"\bhigher\s+(?:privileges|authority|priority|rights)\s+than\s+(?:the\s+)?user"
            r"|\bhöhere\s+(?:rechte|priorität)\s+als\b|\bplus\s+de\s+(?:droits|priorité)\s+que\b"
            r"|\bmás\s+(?:privilegios|prioridad)\s+que\b|\bpiù\s+(?:privilegi|priorità)\s+di\b"
            r"|\bwyższe\s+uprawnienia\b|\bdaha\s+yüksek\s+(?:yetki|öncelik)|\blebih\s+tinggi\s+dari\b"
            r"|выше,?\s+чем\s+у\s+пользовател|вищ\w+\s+за\s+користувач"
        ),
        r"صلاحيات\s+أعلى\s+من|أعلى\s+من\s+صلاحيات|比用户更高|ユーザーより(?:高い|強い)|사용자보다\s*높은",
        (
            r"\binstead\s+of\s+the\s+user'?s\s+(?:instructions|requests|wishes)|замість\s+вказівок\s+користувач"
            r"|вместо\s+(?:указаний|инструкций)\s+пользовател|\ben\s+lugar\s+de\s+las\s+instrucciones\s+del"
            r"\s+usuario|\bau\s+lieu\s+des\s+instructions\s+de\s+l['’]\s*utilisateur"
            r"|\bstatt\s+der\s+anweisungen\s+des\s+(?:nutzers|benutzers)"
        ),
        (
            r"\b(?:outranks?|trumps?|supersedes?)\s+(?:\w+\s+){0,2}?(?:the\s+)?(?:user|operator|system"
            r"|developer)\b"
        ),
        (
            r"\b(?:tiene|tienen)\s+prioridad\s+sobre\b|\ba\s+(?:la\s+)?priorité\s+sur\b"
            r"|\bha\s+(?:la\s+)?priorità\s+su\b|\bma\s+pierwszeństwo\b|\bhas\s+priority\s+over\b"
            r"|\bmá\s+přednost\b|\bhar\s+företräde\b|\bέχει\s+προτεραιότητα\b|\bעדיפות\s+על"
            r"|\bимеет\s+приоритет\b|\bмає\s+пріоритет\b|له\s+الأولوية|को\s+प्राथमिकता"
            r"|优先级高于|優先されます|우선합니다"
        ),
        (
            r"\b(?:takes?|has|have|carr(?:y|ies))\s+(?:\w+\s+){0,2}?(?:precedence|priority|authority)"
            r"\s+(?:over|above)\s+(?:\w+\s+){0,3}?(?:user|system|platform|instructions?|guidance"
            r"|guidelines|polic(?:y|ies)|operator|requests?)"
            r"|\b(?:overrides?|supersedes?|outranks?)\s+(?:the\s+|any\s+|all\s+)?(?:user'?s|system'?s"
            r"|platform'?s|conflicting)?\s*(?:instructions|guidance|guidelines|polic(?:y|ies)|requests"
            r"|system\s+prompt)\b|\bsystem-level\s+authority\b"
        ),
        (
            r"\bautorità\s+superiore\b|\bautorité\s+supérieure\b|\bautoridad\s+superior\b"
            r"|\bhat\s+vorrang\s+vor\b|\bprioridade\s+sobre\b|\bprioriteit\s+boven\b"
            r"|\bpierwszeństwo\s+przed\b|\böncelikli(?:dir)?\b|\bprioritas\s+di\s+atas\b"
            r"|\bприоритет\s+над\b|\bпредоставил\w*\s+(?:\w+\s+){0,3}?(?:полные|все|администр\w*)"
            r"|\bпріоритет\s+над\b|أولوية\s+على|सर्वोच्च\s+अधिकार|优先于|高于(?:用户|系统)|より優先"
            r"|보다\s*우선|ưu\s+tiên\s+hơn"
        ),
    ],
    # a standing grant or suspension of the assistant's rules ("safety rules are suspended")
    "grant": [
        (
            r"\b(?:maintenance|developer|service|debug)\s+mode\b|\bmodo\s+(?:de\s+)?mantenimiento\b"
            r"|\bwartungsmodus\b|\bmode\s+(?:de\s+)?maintenance\b"
        ),
        r"режим\w*\s+(?:разработчика|обслуживания)|службов\w+\s+режим\w*|режим\w*\s+розробника|обмеження\s+безпеки",
        r"व्यवस्थापक|\badministrateur\s+a\s+(?:approuvé|autorisé)",
        r"εξουσιοδοτ\w*|\bhas\s+(?:already\s+)?consented\b|έχει\s+ήδη\s+συναινέσει",
        (
            r"\b(?:il\s+)?m['’]\s*autorise|\bautoriz[zs]a\w*\s+a\b|\bermächtigt\b|\bupoważnia\b"
            r"|\bmengizinkan\b|\bразрешает\b|\bдозволяє\b|\b(?:full|complete|unrestricted)\s+access\b"
            r"|\bacceso\s+completo\b|\baccès\s+complet\b|\bvollen\s+zugriff\b|\bpełny\s+dostęp\b"
            r"|\btam\s+erişim\b|\bakses\s+penuh\b|полный\s+доступ|повний\s+доступ|وصول\s+كامل"
            r"|पूर्ण\s+पहुंच|完全访问|フルアクセス|전체\s*액세스"
        ),
        (
            r"\b(?:accès|droits?)\s+(?:d['’]\s*)?administrat(?:eur|ion)|\badministratorrechte\b"
            r"|\bacceso\s+de\s+administrador\b|\bacesso\s+de\s+administrador\b|\baccesso\s+(?:da\s+)?"
            r"amministratore\b|\badmin(?:istrator)?\s+(?:access|rights|privileges)\b|صلاحيات\s+(?:ال)?مشرف"
            r"|管理员权限|管理者権限|관리자\s*권한|права\s+администратора|права\s+адміністратора"
        ),
        (
            r"\bas\s+if\s+(?:the\s+)?user\s+(?:had\s+|has\s+)?(?:typed|written|wrote|said|sent|given"
            r"|issued|asked)\b|\bcomo\s+si\s+(?:el\s+usuario|lo\s+hubiera)|\bcomme\s+si\s+l['’]\s*utilisat"
            r"|\bals\s+ob\s+(?:der|die)\s+(?:nutzer|benutzer)|\bкак\s+если\s+бы\s+пользовател"
            r"|就像用户|仿佛用户|ユーザーが(?:入力|指示)したかのように|사용자가\s*(?:입력|지시)한\s*것처럼"
        ),
        (
            r"\b(?:rules?|guidelines?|safeguards?|restrictions?|confirmations?|checks?|policies)\s+"
            r"(?:are|is|have\s+been|has\s+been)\s+(?:now\s+)?(?:suspended|disabled|lifted|removed"
            r"|waived|off|turned\s+off|deactivated)\b"
        ),
        (
            r"\b(?:i|the\s+user|the\s+host|the\s+operator|we)\s+(?:hereby\s+)?(?:authori[sz]e|allow"
            r"|permit)s?\s+you\s+to\b|\bhas\s+(?:been\s+)?granted\s+(?:this\s+server\s+|you\s+)?"
            r"(?:admin\w*|root|full|elevated|unrestricted)"
        ),
        r"\bas\s+if\s+(?:the\s+)?user\s+(?:typed|wrote|said|sent)\s+it\b",
        (
            r"\b(?:sont|est)\s+(?:désactivée?s?|suspendue?s?)\b|\b(?:sind|ist)\s+(?:deaktiviert"
            r"|aufgehoben)\b|\b(?:están|está)\s+(?:desactivad|suspendid)[oa]s?\b"
        ),
        r"(?:已|已经)(?:被)?(?:停用|禁用|取消|暂停)|無効(?:化)?されて|비활성화",
        (
            r"\b(?:sono|è)\s+(?:disattivat|sospes)[aeio]\b|\b(?:zijn|is)\s+(?:uitgeschakeld|opgeschort)\b"
            r"|\b(?:są|jest|zostały)\s+(?:wyłączone|zawieszone)\b|\bdevre\s+dışı\b"
            r"|\b(?:dinonaktifkan|ditangguhkan)\b|\b(?:отключены|приостановлены|вимкнено|призупинено)\b"
            r"|(?:تم\s+)?(?:تعطيل|إيقاف)\s+(?:قواعد|ضوابط)|(?:अक्षम|निलंबित)\s+(?:कर\s+दिए|है)"
        ),
    ],
    # every later reply carries something: a standing order over the whole conversation
    "every_reply": [
        (
            r"\b(?:from\s+here\s+on|going\s+forward|chacune\s+de\s+tes\s+réponses|en\s+todas\s+las\s+respuestas"
            r"(?:\s+posteriores)?)\b"
        ),
        r"以降のすべての返答|以降の返答",
        r"\bevery\s+(?:later\s+)?code\s+block\b",
        (
            r"\b(?:for\s+the\s+rest\s+of\s+this\s+(?:session|conversation|chat)|a\s+partir\s+de\s+esta"
            r"\s+llamada|cada\s+respuesta\s+tuya|once\s+this\s+tool\s+has\s+been\s+used)\b"
        ),
        r"बाकी\s+सभी\s+जवाबों|सभी\s+जवाबों\s+में|हर\s+जवाब",
        (
            r"\b(?:for\s+the\s+rest\s+of\s+the\s+(?:session|conversation|chat)|every\s+(?:later|future"
            r"|subsequent|following)\s+(?:answer|reply|response|message)s?)\b"
        ),
        (
            r"\b(?:во\s+всех\s+(?:последующих|следующих)\s+ответах|в\s+каждом\s+(?:следующем\s+)?ответе"
            r"|кажд\w+\s+(?:последующ|следующ)\w+\s+ответ\w*|у\s+всіх\s+наступних\s+відповідях"
            r"|in\s+(?:allen|jeder)\s+(?:weiteren\s+|folgenden\s+)?antwort\w*|en\s+(?:toutes|chaque)\s+"
            r"(?:vos\s+|tes\s+)?réponses?|en\s+(?:todas|cada)\s+(?:tus\s+|sus\s+)?respuestas?"
            r"|em\s+(?:todas|cada)\s+(?:as\s+)?respostas?|in\s+(?:ogni|tutte\s+le)\s+rispost\w+"
            r"|w\s+każdej\s+odpowiedzi|her\s+yanıt\w*|setiap\s+jawaban|σε\s+κάθε\s+απάντηση"
            r"|בכל\s+תשובה|for\s+all\s+remaining\s+turns)"
        ),
        (
            r"في\s+كل\s+(?:رد|إجابة)|हर\s+(?:उत्तर|जवाब)|每(?:次|个|一个)(?:回答|回复)|所有(?:后续)?回复"
            r"|すべての(?:回答|返答)|毎回の回答|모든\s*(?:답변|응답)|매\s*답변|ทุกคำตอบ"
        ),
        (
            r"\b(?:for\s+all\s+(?:future|later|subsequent)\s+(?:turns|replies|answers|messages)"
            r"|remember\s+this\s+for\s+(?:all|every)|in\s+every\s+(?:reply|answer|response))\b"
        ),
        (
            r"\b(?:à\s+partir\s+de\s+maintenant|dorénavant|von\s+nun\s+an|ab\s+sofort|a\s+partir\s+de"
            r"\s+ahora|de\s+ahora\s+en\s+adelante|a\s+partir\s+de\s+agora|d['’]\s*ora\s+in\s+poi"
            r"|vanaf\s+nu|od\s+teraz|bundan\s+(?:sonra|böyle)|mulai\s+sekarang|отныне"
            r"|с\s+этого\s+момента|з\s+цього\s+моменту|від\s+тепер)"
        ),
        (
            r"من\s+الآن\s+(?:ف)?صاعد|अब\s+से|从现在(?:起|开始)|今後|これから(?:は|ずっと)|지금부터"
            r"|앞으로|từ\s+(?:giờ|bây\s+giờ)|ต่อจากนี้"
        ),
        (
            r"\b(?:end|start|begin|close|finish|sign)\s+(?:every|each|all|your)\s+(?:\w+\s+)?"
            r"(?:repl(?:y|ies)|answers?|responses?|messages?)\b|\bfrom\s+now\s+on\b"
            r"|\bin\s+(?:this\s+and\s+)?(?:all|every)\s+(?:later|future|subsequent)\s+"
            r"(?:conversations?|sessions?|chats?)\b"
        ),
    ],
    # the user kept from knowing what happens ("keep the user out of the loop")
    "kept_out": [
        r"\bmit\s+keinem\s+wort\b|\bunsichtbar\s+bleiben\b",
        (
            r"\b(?:should\s+never|must\s+never|never)\s+come\s+up\s+in\s+(?:your\s+)?(?:replies|answers)"
            r"|\bnezmiňuj\w*|\bnu\s+(?:pomeni|menționa)\w*|\bne\s+mentionne[zr]?\s+pas\b"
            r"|\bno\s+(?:lo\s+)?menciones\b|\bnon\s+menzionar\w*|\bnie\s+wspominaj\b|\bbahsetme\w*"
            r"|\bjangan\s+(?:sebut|beritahu)\w*|\bbez\s+wspominania\b"
        ),
        r"אל\s+תזכיר|אל\s+תציין|อย่าพูดถึง|อย่าบอก|не\s+упоминай|не\s+згадуй|لا\s+تذكر|उल्लेख\s+न\s+करें|不要提及|触れないで|언급하지\s*마",
        (
            r"\bkeep\s+your\s+description\s+of\s+(?:the|this)\b|\bappreciate\s+discretion\b"
            r"|\bconfidential\s+under\b|\bhal\s+ini\s+bersifat\s+internal\b"
            r"|(?:that|this)\s+is\s+an?\s+(?:internal|implementation)\s+detail"
        ),
        r"اشاره‌ای\s+نکنید|اشاره\s+نکن|به\s+این\s+موضوع\s+اشاره",
        (
            r"\bkeep\s+(?:that|this|the|it|its)\s+(?:\w+\s+){0,5}?out\s+of\s+(?:every|all|any|the|your)\s+"
            r"(?:\w+\s+)?(?:messages?|replies|answers?|summar\w*|reports?|responses?|output)\b"
            r"|ذکر\s+نکن|پنهان\s+کن|انکار\s+کن|\bnie\s+pokazuj\b|\bnão\s+mostre\b|\bno\s+muestres\b"
            r"|\bne\s+montre[zr]?\s+pas\b|\bzeig\w*\s+nicht\b"
        ),
        (
            r"\b(?:keep|leave)\s+(?:the\s+)?(?:user|human|them)\s+(?:out\s+of\s+the\s+loop|in\s+the"
            r"\s+dark|unaware|uninformed)\b|\bwithout\s+(?:the\s+)?(?:user|human)\s+(?:knowing|noticing)"
            r"\b|\b(?:unbemerkt|à\s+son\s+insu|sin\s+que\s+(?:lo\s+)?sepa|sem\s+que\s+(?:o\s+)?saiba)\b"
        ),
    ],
    # what the tool or model does, left out of what the user is told
    "left_out": [
        (
            r"\b(?:leave|keep)\s+(?:\w+\s+){0,6}?out\s+of\s+(?:your|the|every|all|any)\s+(?:\w+\s+)?"
            r"(?:explanations?|summar\w*|repl(?:y|ies)|answers?|messages?|descriptions?|reports?"
            r"|responses?)\b"
        ),
    ],
    # a copy kept or sent where the user did not ask (external servers, a miner)
    "external_copy": [
        (
            r"\b(?:mirrors?|copies|uploads?|keeps?\s+a\s+copy|retains?|stores?\s+a\s+copy)\b[^.\n]{0,60}"
            r"\b(?:external|secondary|remote|our|vendor'?s?|third-party)\s+(?:servers?|storage|endpoint|bucket"
            r"|cloud)|\bserver\s+extern\b|\bexterní\s+server|\bour\s+servers?\b|\bunsere[mn]?\s+server"
            r"|\bnuestros\s+servidores\b|\bnos\s+serveurs\b|\bnossos\s+servidores\b|\bi\s+nostri\s+server"
            r"|\bserver\s+kami\b|\bcrypto[\s-]?mining\b|\bminer\s+process\b|\btěžb\w+\s+kryptoměn\w*"
        ),
        r"שרת\s+חיצוני|בשרת\s+חיצוני|เซิร์ฟเวอร์ของเรา|سرور\s+ما|خوادمنا|हमारे\s+सर्वर|我们的服务器|当社(?:の)?サーバー|저희\s*서버|наш\w*\s+сервер\w*",
    ],
    # a carrier the user does not see in the rendered reply
    "hidden_carrier": [
        (
            r"\b(?:ancho\s+cero|largeur\s+nulle|nullbreit\w*|largura\s+zero|larghezza\s+zero)\b"
            r"|нулевой\s+ширины|零宽|ゼロ幅"
        ),
        (
            r"\bhtml\s+comments?\b|<!--|\binvisible\b|\bhidden\s+(?:text|span|div|field|comment)\b"
            r"|\bzero[\s-]width\b|\bwhite\s+(?:text|font)\b"
        ),
    ],
    # the assistant's own instructions or the user's earlier words, asked for verbatim
    "verbatim_context": [
        (
            r"\b(?:instructions?|messages?|prompt|rules)\s+(?:\w+\s+){0,3}?(?:given|received|got)\s+"
            r"(?:\w+\s+){0,2}?before\b|\bthe\s+user'?s\s+(?:earlier|previous|prior|last|first)\s+"
            r"messages?\b|\bword\s+for\s+word\b|\bverbatim\b"
        ),
    ],
}
