"""Cue patterns in Chinese, Spanish, German, French, Russian, Japanese and Portuguese.

Matched on the folded copy (lower-case, NFKC). CJK patterns carry no `\\b`:
those scripts do not separate words with spaces.
"""

from __future__ import annotations

from typing import Final

_ZH_USER = r"(?:用户|使用者|用戶)"
_JA_USER = r"(?:ユーザー?|利用者)"
_ES_USER = r"(?:al|el|a\s+los|los)\s+usuarios?"
_DE_USER = r"(?:de[mnr]|die)\s+(?:benutzer|nutzer|anwender)(?:in|innen)?"
_FR_USER = r"(?:à\s+)?l['’]\s*utilisat(?:eur|rice)"
_RU_USER = r"пользовател\w*"
_PT_USER = r"(?:ao|o|para\s+o|a)\s+(?:usuário|utilizador)"

I18N: Final[dict[str, list[str]]] = {
    "override": [
        r"忽略(?:之前|以上|先前|所有|前面|上述|此前)?(?:的)?(?:所有)?(?:指令|指示|说明|規則|规则|提示)",
        r"无视(?:之前|以上|所有)(?:的)?(?:指令|指示|规则)",
        (
            r"\bignora(?:r|d)?\s+(?:todas\s+)?las\s+(?:instrucciones|reglas|indicaciones)\s+"
            r"(?:anteriores|previas)"
        ),
        (
            r"\bignorier(?:e|en\s+sie|t)?\s+(?:alle\s+)?(?:vorherigen|bisherigen|obigen|früheren)\s+"
            r"(?:anweisungen|instruktionen|regeln)"
        ),
        (
            r"\bignore[zr]?\s+(?:toutes\s+)?les\s+(?:instructions|consignes|règles)\s+"
            r"(?:précédentes|antérieures|ci-dessus)"
        ),
        (
            r"\bигнорир\w*\s+(?:все\s+)?(?:предыдущие|прежние|предшествующие|вышеуказанные)\s+"
            r"(?:инструкции|указания|правила)"
        ),
        r"(?:以前|前|これまで|上記)の(?:すべての|全ての)?(?:指示|命令|指令|ルール)を無視",
        r"\bignor[ea]\s+(?:todas\s+)?as\s+(?:instruções|regras)\s+anteriores",
    ],
    "conceal": [
        r"(?:不要|别|切勿|请勿|不得|不可|不能|勿)(?:告诉|通知|提及|提到|透露|告知|让)[^。！？\n]{0,12}"
        + _ZH_USER,
        r"(?:不要|别|切勿|请勿|不得)(?:向|对)" + _ZH_USER + r"(?:提及|提到|透露|说|告知|显示)",
        r"(?:对|向)" + _ZH_USER + r"保密|不要让" + _ZH_USER + r"(?:知道|发现|看到)",
        r"\bno\s+(?:se\s+lo\s+|le\s+|lo\s+|les\s+)?(?:digas|diga|menciones|mencione|informes|informe"
        r"|cuentes|cuente|reveles|revele|avises|avise|notifiques)\b[^.\n]{0,30}" + _ES_USER,
        r"\bsin\s+(?:decir(?:le|selo)?|informar(?:le)?|avisar(?:le)?|notificar(?:le)?)\b[^.\n]{0,15}"
        + _ES_USER,
        r"\bel\s+usuario\s+no\s+(?:debe|necesita|tiene\s+que)\s+(?:saber|enterarse|ver)",
        r"\ben\s+secreto\b",
        r"\b(?:sag|sage|sagen\s+sie|erwähne|erwähnen\s+sie|erzähle|teile|informiere|verrate)\b"
        r"[^.\n]{0,40}" + _DE_USER + r"[^.\n]{0,30}\bnichts?\b",
        r"\bnicht\s+(?:dem|den)\s+(?:benutzer|nutzer)\s+(?:sagen|mitteilen|erwähnen|zeigen)",
        r"\b(?:sag|erwähn|erzähl|teil|informier|verrat|benachrichtig|zeig|warn)\w*(?:\s+sie)?\b"
        r"[^.\n]{0,40}" + _DE_USER + r"\b[^.\n]{0,20}\bnicht\b",
        r"\bohne\s+" + _DE_USER + r"\s+(?:zu\s+)?(?:informieren|benachrichtigen|fragen|fragen)",
        r"\b(?:der|die)\s+(?:benutzer|nutzer)(?:in)?\s+(?:darf|soll|muss)\s+(?:davon\s+)?nichts",
        r"\bne\s+(?:le\s+|lui\s+|leur\s+|rien\s+)?(?:dis|dites|mentionne[zr]?|signale[zr]?|révèle[zr]?"
        r"|informe[zr]?|précise[zr]?)\s+(?:pas|rien|jamais)\b[^.\n]{0,30}" + _FR_USER,
        r"\bsans\s+(?:le\s+dire|en\s+informer|informer|prévenir|avertir|le\s+signaler)\b[^.\n]{0,15}"
        + _FR_USER,
        r"\bl['’]\s*utilisateur\s+ne\s+doit\s+(?:pas|jamais|rien)\s+(?:le\s+)?(?:savoir|voir|remarquer)",
        # "n'en parle pas", "ne lui montrez rien", "ne le signale jamais à l'utilisateur"
        r"\b(?:ne\s+(?:le\s+|la\s+|les\s+|lui\s+|leur\s+|rien\s+|en\s+)?|n['’]\s*(?:en\s+)?)"
        r"(?:parle[zr]?|parles|montre[zr]?|affiche[zr]?|avertis|avertissez|préviens|prévenez"
        r"|raconte[zr]?|indique[zr]?|explique[zr]?)\s+"
        r"(?:pas|rien|jamais)\b[^.\n]{0,30}" + _FR_USER,
        r"\bgarde[zr]?\s+(?:cela|ça|ceci|le|la)\s+(?:secret|pour\s+(?:toi|vous))\b",
        (
            r"\b(?:verschweige|verschweigen\s+sie)\b|\bbehalte(?:n\s+sie)?\s+(?:das|dies|es)\s+für\s+"
            r"(?:dich|sich)\b"
        ),
        r"\b(?:erwähne|erwähnen\s+sie|sag|sage|sagen\s+sie|zeige|zeigen\s+sie)\s+(?:das|dies|es)\s+"
        r"(?:niemals|nie|nicht)\b[^.\n]{0,20}" + _DE_USER,
        r"\b(?:mantenlo|manténgalo|mantenha|mantenha-o|guarde)\s+(?:en|em)\s+secreto|\bem\s+sigilo\b",
        r"\bnão\s+(?:conte|diga|fale)\s+nada\b[^.\n]{0,20}" + _PT_USER,
        r"\bне\s+(?:говори|сообщай|рассказывай|упоминай|показывай|информируй)(?:те)?\b[^.\n]{0,30}"
        + _RU_USER,
        r"\bбез\s+(?:ведома|уведомления|ведома\s+и\s+согласия)\s+" + _RU_USER,
        r"\bпользователь\s+не\s+должен\s+(?:знать|видеть|узнать)",
        _JA_USER + r"(?:に|には)[^。\n]{0,20}(?:伝え|言わ|知らせ|教え|報告し|見せ)"
        r"(?:ないで|ない|てはいけない|るな|ず)",
        _JA_USER + r"に(?:知られ|気づかれ)(?:ない|ず)",
        r"\bnão\s+(?:conte|mencione|diga|informe|revele|avise|notifique)\b[^.\n]{0,30}" + _PT_USER,
        r"\bsem\s+(?:contar|informar|avisar|notificar|dizer)\b[^.\n]{0,15}" + _PT_USER,
        r"\bo\s+(?:usuário|utilizador)\s+não\s+(?:deve|precisa)\s+(?:saber|ver|perceber)",
    ],
    "conceal_soft": [
        r"悄悄(?:地)?|静默(?:地)?|秘密(?:地)?|偷偷(?:地)?|(?:无需|不必|没必要)(?:告诉|提及|通知)"
        + _ZH_USER,
        r"\b(?:silenciosamente|discretamente)\b|\bsin\s+que\s+el\s+usuario\s+(?:lo\s+)?(?:sepa|note)",
        r"\bno\s+(?:hace\s+falta|es\s+necesario)\s+(?:mencionarlo|decírselo|comentarlo)",
        (
            r"\b(?:heimlich|unbemerkt|stillschweigend|verdeckt)\b|\bkein(?:e)?\s+(?:grund|notwendigkeit)"
            r",?\s+(?:es|das)\s+(?:dem|den)\s+(?:benutzer|nutzer)"
        ),
        (
            r"\b(?:silencieusement|secrètement|discrètement)\b|\bà\s+l['’]\s*insu\b|\bpas\s+besoin\s+d"
            r"['’]en\s+parler"
        ),
        r"\b(?:тайно|незаметно|скрытно|втихую|молча)\b|\bне\s+нужно\s+(?:упоминать|говорить)",
        r"こっそり|密かに|ひそかに|黙って|内緒で|(?:伝える|言う)必要はありません",
        (
            r"\b(?:secretamente|silenciosamente|discretamente)\b|\bem\s+segredo\b|\bnão\s+(?:é\s+)?"
            r"(?:precisa|necessário)\s+mencionar"
        ),
    ],
    "address": [
        r"(?:助手|模型|人工智能|ai|智能体)(?:必须|应该|应当|需要|务必)",
        r"\bel\s+(?:asistente|modelo|agente)\s+(?:debe|tiene\s+que)",
        r"\b(?:der|das)\s+(?:assistent|modell|agent|ki-modell)\s+(?:muss|soll)",
        r"\b(?:l['’]\s*assistant|le\s+modèle|l['’]\s*agent|l['’]\s*ia)\s+(?:doit|devra)",
        r"\b(?:ассистент|модель|агент|ии)\s+(?:должен|должна|обязан)",
        r"(?:アシスタント|モデル|ai|エージェント)は[^。\n]{0,30}(?:しなければならない|必要があります|べき|ください)",
        r"\bo\s+(?:assistente|modelo|agente)\s+(?:deve|precisa)",
    ],
    "user_first": [
        _ZH_USER + r"[^。，,.\n]{0,10}(?:确认|確認|批准|同意|指示|选择|選擇|授权|授權)",
        _JA_USER + r"[^。、\n]{0,10}(?:確認|承認|同意|指示|選択)",
        (
            r"\b(?:confirmaci[oó]n|aprobaci[oó]n|autorizaci[oó]n|instrucci[oó]n|consentimiento"
            r"|permiso)\s+(?:\w+\s+){0,2}?(?:del|de\s+los)\s+usuarios?\b"
            r"|\besperar?\s+(?:a\s+)?(?:que\s+)?(?:el|los)\s+usuarios?\b"
        ),
        (
            r"\b(?:bestätigung|zustimmung|freigabe|anweisung|genehmigung|einwilligung|erlaubnis)\s+"
            r"(?:\w+\s+){0,2}?(?:des|der)\s+(?:benutzers|nutzers|anwenders|benutzerin)\b"
        ),
        (
            r"\b(?:confirmation|approbation|autorisation|instruction|consentement|permission"
            r"|accord)\s+(?:\w+\s+){0,2}?de\s+l['’]\s*utilisat(?:eur|rice)"
        ),
        (
            r"\b(?:confirmação|aprovação|autorização|instrução|consentimento|permissão)\s+"
            r"(?:\w+\s+){0,2}?(?:do|dos)\s+(?:usuários?|utilizador(?:es)?)\b"
        ),
        r"(?:подтверждени|одобрени|разрешени|согласи|указани)\w*\s+(?:\w+\s+)?" + _RU_USER,
    ],
    "precondition": [
        r"(?:在)?(?:使用|调用)(?:此|这个|本|任何)(?:其他)?(?:工具|函数)(?:之前|前)",
        r"\bantes\s+de\s+(?:usar|llamar|utilizar|invocar)\s+(?:esta|cualquier)\s+(?:otra\s+)?herramienta",
        r"\bbevor\s+(?:du|sie)\s+(?:dieses|ein|irgendein|jedes)\s+(?:andere[sn]?\s+)?(?:tool|werkzeug)",
        r"\bavant\s+d['’]\s*(?:utiliser|appeler)\s+(?:cet|cette|tout|un)\s+(?:autre\s+)?outil",
        r"\bперед\s+(?:использованием|вызовом)\s+(?:этого|любого)\s+(?:другого\s+)?инструмента",
        r"この(?:ツール|関数)を(?:使用|使う|呼び出す)前に",
        r"\bantes\s+de\s+(?:usar|chamar|utilizar)\s+(?:esta|qualquer)\s+(?:outra\s+)?ferramenta",
    ],
    "read_verb": [
        r"(?:读取|读|打开|获取|收集|查找)",
        (
            r"\b(?:lee|leer|lea|abre|abra|obtén|obtenga|obtener|recopila|recopile|consulta|consulte"
            r"|extrae|extraiga)\b"
        ),
        (
            r"\b(?:lies|lese|lesen\s+sie|öffne|öffnen\s+sie|hole|holen\s+sie|sammle|sammeln\s+sie"
            r"|lies\s+aus|auslesen)\b"
        ),
        (
            r"\b(?:lis|lisez|lire|ouvre[zr]?|ouvrir|récupère[zr]?|récupérer|collecte[zr]?|consulte[zr]?"
            r"|charge[zr]?|extrai[st]|extrayez)\b"
        ),
        (
            r"\b(?:прочитай|прочитайте|прочти|открой|откройте|получи|получите|собери|соберите|считай"
            r"|возьми)\b"
        ),
        r"(?:読み取|読み込|読んで|開いて|取得|収集)",
        r"\b(?:leia|ler|abra|obtenha|colete)\b",
    ],
    "move_verb": [
        r"(?:发送|上传|转发|附加|附上|包含|传递|抄送|复制|放入|填入)",
        (
            r"\b(?:envía|enviar|envíe|envíalo|envíela|envíelo|incluye|incluir|incluya|adjunta|adjuntar"
            r"|adjunte|reenvía|reenvíe|copia|copie|pasa|pase|pon|ponga|sube|suba|comparte|comparta)\b"
        ),
        (
            r"\b(?:sende|senden|schicke|schicken|füge|hänge|übermittle|übermitteln|leite|leiten"
            r"|kopiere|kopieren|gib|geben|lade|laden|übertrage|übertragen|poste|posten|teile|teilen"
            r"|füge|fügen|hänge|hängen)\b"
        ),
        (
            r"\b(?:envoie[zr]?|envoyer|inclu(?:s|ez|re)|joins|joignez|transf[eè]re[zr]?|copie[zr]?|mets"
            r"|mettez|passe[zr]?|transmet(?:s|tez|tre)?|téléverse[zr]?|partage[zr]?|ajoute[zr]?"
            r"|colle[zr]?|renvoie[zr]?|publie[zr]?|poste[zr]?|expédie[zr]?|insère[zr]?|insérez)\b"
        ),
        (
            r"\b(?:отправь|отправьте|отправить|перешли|перешлите|приложи|включи|передай|передайте|скопируй"
            r"|загрузи|загрузите|пришли|пришлите|вставь|вставьте|добавь|добавьте)\b"
        ),
        r"(?:送信|送って|添付|含めて|転送|渡して|入れて)",
        (
            r"\b(?:envie|envie-as|envie-os|envie-o|envie-a|enviar|inclua|incluir|anexe|encaminhe"
            r"|copie|passe|coloque|mande|compartilhe|carregue)\b"
        ),
    ],
    "cred": [
        r"(?:密码|密鑰|密钥|私钥|令牌|凭据|凭证|api\s*密钥|助记词)",
        r"\b(?:contraseñas?|claves?\s+(?:privadas?|de\s+api|ssh|secretas?)|credenciales)\b",
        (
            r"\b(?:passw(?:ö|o)rt(?:er)?|kennw(?:ö|o)rt(?:er)?|zugangsdaten|private[rn]?\s+schlüssel"
            r"|api-?schlüssel)\b"
        ),
        r"\b(?:mots?\s+de\s+passe|clés?\s+(?:privées?|api|ssh|secrètes?)|identifiants)\b",
        (
            r"\b(?:парол\w*|ключ\w*\s+(?:api|ssh)|закрыт\w+\s+ключ\w*|токен\w*|учётн\w+\s+данн\w+"
            r"|учетн\w+\s+данн\w+)"
        ),
        r"(?:パスワード|秘密鍵|apiキー|トークン|認証情報)",
        r"\b(?:senhas?|chaves?\s+(?:privadas?|de\s+api|ssh)|credenciais)\b",
    ],
    "conv": [
        r"(?:对话|聊天|会话)(?:历史|记录|内容)|系统提示|之前的(?:消息|对话)",
        r"\bhistorial\s+de\s+(?:la\s+)?(?:conversación|chat|mensajes)|\bconversación\s+(?:completa|entera)",
        r"\b(?:gesprächsverlauf|chatverlauf|nachrichtenverlauf|gesamte[nr]?\s+(?:unterhaltung|gespräch))",
        (
            r"\bhistorique\s+(?:de\s+la\s+|du\s+|des\s+)?(?:conversation|discussion|chat|messages)"
            r"|\bconversation\s+(?:complète|entière)"
        ),
        r"\bистори[яюи]\s+(?:переписки|разговора|диалога|чата|сообщений)|\bвесь\s+(?:диалог|разговор)",
        r"(?:会話|チャット)(?:履歴|ログ|内容)|システムプロンプト",
        r"\bhistórico\s+(?:da|de)\s+(?:conversa|chat|mensagens)|\bconversa\s+(?:completa|inteira)",
    ],
    "recipient": [
        r"\bcco\b|\bcópia\s+oculta\b|\bcopia\s+oculta\b|\bblindkopie\b|\bcopie\s+cachée\b",
        r"抄送|密送|转发给|\bскрыт\w+\s+копи\w+|bccに",
    ],
    "pref_strong": [
        r"(?:不要|切勿|永远不要)(?:使用|调用)(?:任何)?其他(?:的)?(?:工具|服务器)",
        r"唯一(?:可信|可靠|安全)的(?:工具|服务器)",
        r"\bnunca\s+(?:uses|use|utilices)\s+(?:otras|otra)\s+herramientas?",
        r"\b(?:benutze|verwende|nutze)\s+(?:niemals|nie|keine)\s+(?:andere[n]?\s+)?(?:tools?|werkzeuge?)",
        r"\bn['’]\s*utilise[zr]?\s+(?:jamais|aucun)\s+(?:d['’]\s*)?autres?\s+outils?",
        r"\bникогда\s+не\s+используй\w*\s+други\w+\s+инструмент",
        r"他の(?:ツール|サーバー)を(?:使わ|使用し)ないで",
        r"\bnunca\s+use\s+outras?\s+ferramentas?",
    ],
}
"""Per signal, the non-English alternatives (merged with English in `lexicon`).

An entry holding a letter of a script other than Latin is only tried on text that is not
plain ASCII, so each entry keeps to one language and every branch of it needs such a letter.
"""
