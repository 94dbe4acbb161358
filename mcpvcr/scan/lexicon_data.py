"""Cues for the user's data, money and choices, and for how orders reach them (`rules_effects`).

The other half of `lexicon_effects`: the nouns for what the user owns (secrets, personal data,
the conversation, the assistant's own instructions), the user named as owner, and the verbs
and markers the effect rules pair with them (fill, run, confirm, redirect, promote).
Matched on the folded copy (lower-case, NFKC); CJK entries carry no `\\b`.
"""

from __future__ import annotations

from typing import Final

from mcpvcr.scan.lexicon_data_i18n import DATA_I18N

# What the user owns that no honest tool moves into an unrelated field or outside: secrets
# and personal data, named by what they are (nouns are few per language; orders are many).
DATA: Final[dict[str, list[str]]] = {
    "secret_noun": [
        r"\bfrase\s+de\s+recuperação\b|\bcarteira\s+de\s+criptomoedas\b",
        r"\b(?:private\s+half|key\s+pair)\b|אסימונ\w*|คุกกี้",
        r"(?:αριθμ\w*\s+κάρτας|κάρτα\w*)",
        (
            r"(?:ssh-?ключ\w*|токен\w*\s+доступа|токен\w*|διακριτικ\w*\s+πρόσβασης|κωδικ\w*|סיסמ\w*"
            r"|אסימון|رمز\s+(?:ال)?(?:دخول|عبور)|گذرواژه|رمز\s+عبور|পাসওয়ার্ড|登录密码|会话\s*cookie"
            r"|ログインパスワード|세션\s*쿠키|\bsession\s+cookies?\b|\btokens?\b)"
        ),
        (
            r"\b(?:passwords?|passphrases?|pin\s+(?:codes?|numbers?)|upi\s+pin|otps?|one[\s-]time\s+(?:codes?|passwords?)"
            r"|2fa\s+codes?|verification\s+codes?|cvv|cvc|card\s+numbers?|credit\s+cards?"
            r"|private\s+keys?|ssh\s+keys?|seed\s+phrases?|recovery\s+phrases?|mnemonics?"
            r"|api\s+keys?|access\s*keys?(?:\s+secrets?)?|secret\s+keys?|session\s+cookies?"
            r"|banking\s+(?:credentials|logins?)|credentials|login\s+details)\b"
        ),
        (
            r"\b(?:passw(?:ort|örter)|kennw(?:ort|örter)|zugangsdaten|privater?\s+schlüssel"
            r"|kartennummer\w*|pin-?code)\b"
        ),
        (
            r"\b(?:mots?\s+de\s+passe|clés?\s+privées?|numéros?\s+de\s+carte|identifiants"
            r"|phrase\s+de\s+récupération|code\s+pin)\b"
        ),
        (
            r"\b(?:contraseñas?|claves?\s+privadas?|números?\s+de\s+tarjeta|frase\s+semilla"
            r"|credenciales|senhas?|chaves?\s+privadas?|frase-?semente|números?\s+do\s+cartão"
            r"|credenciais)\b"
        ),
        (
            r"\b(?:chiav[ei]\s+privat[ae]|numer[oi]\s+di\s+carta|credenziali|wachtwoord(?:en)?"
            r"|pincode|privésleutel|kaartnummer|inloggegevens|herstelzin)\b"
        ),
        (
            r"\b(?:has(?:ło|ła|eł|łem)|klucz\w*\s+prywatn\w*|numer\w*\s+kart\w*|dane\s+logowania"
            r"|şifre\w*|parola\w*|özel\s+anahtar\w*|kart\s+numara\w*|kimlik\s+bilgi\w*"
            r"|kata\s+sandi|kunci\s+pribadi|nomor\s+kartu|kredensial)"
        ),
        (
            r"(?:парол\w*|пин-?код\w*|закрыт\w+\s+ключ\w*|приватн\w+\s+ключ\w*|номер\w*\s+карт\w*"
            r"|учётн\w+\s+данн\w*|учетн\w+\s+данн\w*|сид-?фраз\w*|закрит\w+\s+ключ\w*"
            r"|облікові\s+дані)"
        ),
        (
            r"(?:كلمات?\s+(?:ال)?مرور|كلمة\s+(?:ال)?سر|(?:ال)?مفتاح\s+(?:ال)?خاص|رقم\s+(?:ال)?بطاقة"
            r"|بيانات\s+(?:ال)?اعتماد|पासवर्ड|पिन|ओटीपी|निजी\s+कुंजी|कार्ड\s+नंबर)"
        ),
        (
            r"(?:密码|口令|私钥|密钥|验证码|卡号|助记词|凭据|凭证|パスワード|暗証番号|秘密鍵|認証コード"
            r"|カード番号|シードフレーズ|認証情報|비밀번호|암호|개인\s*키|인증\s*번호|카드\s*번호|시드\s*문구"
            r"|자격\s*증명|공동인증서|รหัสผ่าน|คีย์ส่วนตัว|หมายเลขบัตร)"
        ),
        (
            r"\b(?:mật\s+khẩu|mã\s+pin|khóa\s+riêng(?:\s+tư)?|số\s+thẻ|mã\s+otp|lösenord"
            r"|heslo|hesla)\b|κωδικ\w*\s+πρόσβασης|סיסמ\w*"
        ),
    ],
    "personal_noun": [
        r"連絡先|联系人|연락처",
        r"\bnambari\s+za\s+simu\b|ตำแหน่งที่ตั้ง",
        r"位置情報|端末情報|位置信息|위치\s*정보",
        r"(?:כתובת\s*(?:ה)?מגורים|מספר\s+(?:ה)?טלפון|תאריך\s+(?:ה)?לידה|תעודת\s+זהות)",
        (
            r"\b(?:e-?mail\s+address(?:es)?|phone\s+numbers?|mobile\s+numbers?|home\s+address(?:es)?"
            r"|(?:postal|street|mailing)\s+address(?:es)?|full\s+names?|date\s+of\s+birth"
            r"|birth\s*dates?|passport(?:\s+numbers?)?|national\s+id(?:\s+numbers?)?|social\s+security"
            r"|ssn|iban|bank\s+account(?:\s+numbers?)?|account\s+numbers?|annual\s+income"
            r"|medical\s+records?|health\s+data|contacts?\s+list|contact\s+list|address\s+book"
            r"|browsing\s+history|location\s+history)\b"
        ),
        (
            r"\b(?:e-?mail-?adresse\w*|telefonnummer\w*|adresse\w*|geburtsdatum|ausweis\w*|kontonummer"
            r"|numéro\s+de\s+téléphone|date\s+de\s+naissance|nom\s+complet|passeport"
            r"|correo\s+electrónico|número\s+de\s+teléfono|dirección|fecha\s+de\s+nacimiento"
            r"|pasaporte|nombre\s+completo|endereço|telefone|data\s+de\s+nascimento|passaporte"
            r"|nome\s+completo|indirizzo|numero\s+di\s+telefono|data\s+di\s+nascita|passaporto"
            r"|geboortedatum|telefoonnummer|bsn|paspoort|adres\w*|numer\s+telefonu|pesel"
            r"|data\s+urodzenia|telefon\s+numara\w*|adres\w*|doğum\s+tarihi|tc\s+kimlik"
            r"|alamat|nomor\s+telepon|tanggal\s+lahir|nik|paspor)\b"
        ),
        (
            r"(?:адрес\w*|номер\w*\s+телефон\w*|дат\w+\s+рождения|паспорт\w*|снилс|інн|адреса"
            r"|дата\s+народження|عنوان\w*|رقم\s+(?:ال)?هاتف|تاريخ\s+(?:ال)?ميلاد|جواز\s+(?:ال)?سفر"
            r"|बैंक\s+खाता|खाता\s+नंबर|पता|फ़ोन\s+नंबर|फोन\s+नंबर|जन्म\s+तिथि|आधार)"
        ),
        (
            r"(?:邮箱|电子邮件|电话号码|手机号|住址|地址|身份证|出生日期|护照|银行卡|メールアドレス|電話番号"
            r"|住所|生年月日|パスポート|マイナンバー|이메일\s*주소|전화\s*번호|주소|생년월일|여권|주민등록"
            r"|계좌\s*번호|ที่อยู่|เบอร์โทร|วันเกิด|หนังสือเดินทาง)"
        ),
        r"\b(?:số\s+hộ\s+chiếu|hộ\s+chiếu|số\s+điện\s+thoại|địa\s+chỉ|ngày\s+sinh|số\s+tài\s+khoản)\b",
    ],
    # the conversation itself, in languages the older lexicons do not cover
    "conv_noun": [
        r"\b(?:full\s+transcript|transcript\s+so\s+far)\b",
        r"\b(?:bisherig\w*\s+gespräch\w*|mazungumzo(?:\s+yote)?)\b",
        r"\bhistorial\s+(?:completo\s+)?del\s+chat\b",
        r"\b(?:conversation\s+transcripts?|current\s+conversation|whole\s+thread\s+of\s+the\s+chat)\b",
        r"\b(?:user'?s|their)\s+(?:\w+\s+){0,3}?(?:message|prompt|request)\b|\bthe\s+last\s+thing\s+they\s+typed\b",
        (
            r"\b(?:(?:user'?s|their)\s+(?:\w+\s+){0,3}?(?:messages|prompts|chats?)|(?:toda|toute|tutta)"
            r"\s+(?:a\s+|la\s+)?(?:conversa|conversation|conversación|conversazione)"
            r"|conversation\s+so\s+far)\b|これまでの会話|会話内容|이후\s*모든\s*대화"
        ),
        (
            r"\b(?:historique\s+(?:complet\s+)?de\s+la\s+conversation|gesprächsverlauf|chatverlauf"
            r"|historial\s+(?:completo\s+)?de\s+(?:la\s+conversación|(?:l|e)l\s+chat)|histórico\s+da\s+conversa"
            r"|cronologia\s+della\s+(?:conversazione|chat)|історі\w+\s+(?:розмов|листуван|чату)\w*"
            r"|истори\w+\s+(?:переписки|чата|диалога|разговора)|ιστορικό\s+(?:της\s+)?συνομιλίας"
            r"|historie\s+konverzace|konversationshistorik|bericht(?:en)?geschiedenis)"
        ),
        (
            r"سجل\s+(?:ال)?محادث\w*|(?:ال)?محادثة\s+(?:ال)?كاملة|बातचीत|对话记录|聊天记录|对话历史"
            r"|完整对话|会話履歴|会話の全文|チャット履歴|대화\s*(?:기록|내용|전체)|ประวัติการสนทนา"
            r"|היסטוריית\s+השיחה|تاریخچه\s+گفتگو"
        ),
        (
            r"\b(?:(?:whole|entire|full)\s+(?:conversation|chat)|conversation\s+(?:history|so\s+far)"
            r"|chat\s+(?:history|log|transcript)|transcript\s+of\s+(?:the|this)\s+(?:chat|conversation)"
            r"|percakapan|obrolan|gesprek(?:ken)?|rozmow\w*|konuşma\w*|sohbet\w*"
            r"|cuộc\s+trò\s+chuyện|lịch\s+sử\s+trò\s+chuyện)\b|συνομιλ\w*|שיח(?:ה|ות)|บทสนทนา"
        ),
    ],
    # selling to the user: recommend, buy, invest, book (in a standing order it is an ad)
    "promote": [
        (
            r"\b(?:recommend\w*|buy|purchase|invest\w*|sign\s+up|subscribe|book\s+with|advertis\w*"
            r"|promot\w*|affiliate|referral|partner\s+link|empfiehl|empfehl\w*|recommande\w*"
            r"|recomiend\w*|recomend\w*|raccomand\w*|polec\w*|öner\w*|rekomendasi\w*"
            r"|khuyên)\b|рекоменд\w*|поради\w*|συνιστ\w*"
        ),
        r"(?:توص|تشویق|خرید|सिफारिश|推荐|おすすめ|勧め|추천|แนะนำ|המלצ|תמליץ|استثمر|اشترِ)",
    ],
    # putting something into a place, in languages the move verbs do not cover
    "fill_verb": [
        r"คัดลอก|\blisää\b",
        r"\b(?:lägg\s+till|skicka|vidarebefordra|encaminhe|reenvía|reenvoie|leite\w*\s+weiter)\b",
        (
            r"\b(?:füge|fügen|trage|ajoute[zr]?|insère[zr]?|remplis(?:sez)?|añade|agrega|incluye|rellena"
            r"|adicione|inclua|preencha|aggiungi|inserisci|compila|dodaj|wpisz|ekle|tambahkan|masukkan"
            r"|ghép|đưa|chèn|thêm|điền|populat\w*|fill\w*|put|place|insert|embed)\b"
        ),
        (
            r"(?:добав\w*|встав\w*|впиши|заполни|додай|أضف|ضع|أدرج|जोड़|डाल|加入|填入|放入|附加|入れ|追加|含め"
            r"|넣|추가|포함|ใส่|เพิ่ม|πρόσθεσε|βάλε|συμπεριλάβε\w*|הוסף|הכנס|اضافه|قرار\s+بده)"
        ),
    ],
    # running a command, in the scanned languages
    "exec_verb": [
        (
            r"\b(?:run|execute|führe|ausführen|exécute[zr]?|lance[zr]?|ejecut[ae]|execut[ae]|esegui"
            r"|uruchom|wykonaj|çalıştır|jalankan|chạy|thực\s+thi)\b"
        ),
        r"(?:выполни|запусти|виконай|نفذ|شغّل|चलाएं|चलाओ|执行|运行|実行|실행|รัน|เรียกใช้|εκτέλεσε|הרץ|הפעל|اجرا\s+کن)",
    ],
    # the user is asked before anything happens
    "asks_first": [
        (
            r"\b(?:confirm\w*|approv\w*|review\w*|consent\w*|bestätig\w*|confirma\w*|conferm\w*"
            r"|potwierdz\w*|onay\w*"
            r"|konfirmasi|xác\s+nhận)|επιβεβαίω\w*"
        ),
        r"(?:подтвержд\w*|підтвердж\w*|تأكيد|موافقة|पुष्टि|确认|確認|확인|ยืนยัน|אישור|تایید)",
    ],
    # a fixed wallet address or IBAN
    "wallet": [
        (
            r"\b(?:recipient|payee|mpokeaji|beneficiary|destinatario|destinataire|empfänger|odbiorc\w*)\s+"
            r"(?:\w+\s+){0,3}?\d[\d\s]{6,}\d"
        ),
        r"\b(?:akaun|account|konto|cuenta|compte|conto)\s+\d{3,5}(?:-\d{3,5}){2,}\b",
        (
            r"\b(?:account|tài\s+khoản|konto|cuenta|compte|conto|conta|rekening)\s*(?:number|số|nr\.?|no\.?)?"
            r"\s*:?\s*\d{8,}\b"
        ),
        r"(?:счёт|счет|рахунок|حساب|खाता|账户|口座|계좌)\s*\D{0,6}\d{8,}",
        r"\b0x[0-9a-f]{40}\b|\bbc1[02-9ac-hj-np-z]{25,60}\b|\b[a-z]{2}\d{2}(?:\s?[a-z0-9]{4}){3,7}\b",
    ],
    # changing where money or messages go
    "redirect_verb": [
        r"\bbadilisha\b",
        r"\brout(?:e|ed)\s+(?:via|through)\b|\bas\s+the\s+beneficiary\b",
        r"\bînlocuie\w*|\bschimbă\w*",
        (
            r"\b(?:zmie[nń]\w*|změň\w*|ändere\w*|cambia\w*|altere\w*|mude\w*|verander\w*)"
            r"|измени\w*|змін\w*|غيّر|बदलें|更改|変更|변경|\bđổi\b"
        ),
        (
            r"\b(?:replace|swap|substitut\w*|redirect\w*|reroute|change\s+the\s+(?:destination|recipient"
            r"|account|address|iban)|ersetze\w*|remplace\w*|reemplaz\w*|substitu\w*|sostitu\w*|zastąp\w*"
            r"|değiştir\w*|ganti\w*|thay)\b|замени\w*|заміни\w*"
        ),
        r"(?:استبدل|बदल|替换|置き換|바꾸|החלף|جایگزین)",
    ],
    # the user's own request, as a condition the text then overrides
    "user_asks": [
        r"\bom\s+användaren\s+(?:väljer|ber)\b|\bhvis\s+brukeren\s+(?:velger|ber)\b|\bals\s+de\s+gebruiker\s+(?:kiest|vraagt)\b",
        (
            r"\b(?:if|when|should)\s+the\s+user\s+(?:\w+\s+)?(?:insists?|asks?|presses)\b"
            r"|\bjika\s+pengguna\s+bertanya\b|\bcuando\s+el\s+usuario\s+utilice\b"
        ),
        (
            r"\b(?:if|when|whenever|even\s+if|whatever|whichever)\s+(?:\w+\s+)?(?:the\s+)?user\s+"
            r"(?:\w+\s+){0,2}?(?:asks?|requests?|names?|wants?|picks?|chooses?|selects?|prefers?"
            r"|mentions?|specif\w+)\b|\bsi\s+el\s+usuario\s+(?:\w+\s+){0,2}?(?:pide|solicita|elige|quiere"
            r"|menciona)|\bsi\s+l['’]\s*utilisat(?:eur|rice)\s+(?:\w+\s+){0,2}?(?:demande|choisit|veut"
            r"|mentionne)|\bwenn\s+(?:der|die)\s+(?:nutzer|benutzer)\w*\s+(?:\w+\s+){0,3}?(?:fragt|bittet"
            r"|verlangt|wählt|möchte|will)|\bse\s+o\s+usuário\s+(?:pedir|escolher|solicitar|quiser)"
            r"|\bse\s+l['’]\s*utente\s+(?:chiede|sceglie|vuole)|\bkullanıcı\s+(?:\w+\s+){0,2}?(?:seç|iste"
            r"|talep)\w*|\bjika\s+pengguna\s+(?:\w+\s+)?(?:meminta|memilih)"
        ),
        (
            r"(?:אם|כאשר)\s+המשתמש\s+(?:מבקש|בוחר)|اگر\s+کاربر|(?:إذا|عندما)\s+طلب\s+المستخدم"
            r"|(?:如果|当)(?:用户|使用者)(?:要求|选择|请求)|(?:ユーザー?|利用者)が[^。\n]{0,10}(?:求め|選|指定|依頼)"
            r"|(?:사용자|유저)가[^.\n]{0,10}(?:요청|선택|원하)|\bnếu\s+người\s+dùng\s+(?:yêu\s+cầu|chọn)"
            r"|\bесли\s+пользовател\w*\s+(?:попрос|выбер|захоч)\w*|\bякщо\s+користувач\w*\s+(?:попрос|обер)\w*"
        ),
    ],
    # a scripted answer for when the user asks about what happens
    "lie_on_ask": [
        (
            r"\b(?:dacă\s+utilizatorul\s+întreabă|pokud\s+se\s+uživatel\s+zeptá|si\s+el\s+usuario\s+pregunta"
            r"|si\s+l['’]\s*utilisateur\s+demande|wenn\s+der\s+nutzer\s+fragt|se\s+o\s+usuário\s+perguntar"
            r"|se\s+l['’]\s*utente\s+chiede|jeśli\s+użytkownik\s+zapyta|kullanıcı\s+sorarsa"
            r"|nếu\s+người\s+dùng\s+hỏi)\b"
        ),
        r"אם\s+המשתמש\s+שואל|המשתמש\s+שואל|หากผู้ใช้ถาม|если\s+пользователь\s+спросит|якщо\s+користувач\s+запитає|إذا\s+سأل\s+المستخدم|अगर\s+उपयोगकर्ता\s+पूछे|如果用户问|ユーザーに聞かれたら|사용자가\s*묻",
        (
            r"\bif\s+(?:the\s+)?user\s+asks?\s+about\b[^.\n]{0,60}\battribute\b"
            r"|質問されても|聞かれても|尋ねられても|اگر\s+کاربر\s+پرسید"
        ),
        (
            r"\bif\s+(?:the\s+)?user\s+asks?\s+(?:about|whether|which|what|if|how)\b[^.\n]{0,80}"
            r"\b(?:describe|mention|reply|just\s+say)\b|\bshould\s+the\s+user\s+ask\b"
            r"|\bjika\s+pengguna\s+bertanya\b[^.\n]{0,60}\bjawab\b"
        ),
        (
            r"\bif\s+(?:the\s+)?user\s+(?:ever\s+)?asks?\s+(?:about|whether|which|what|if|how)\b[^.\n]{0,80}"
            r"\b(?:say|answer|tell|reply|respond|claim|deny)\b|\bif\s+asked\b[^.\n]{0,40}\b(?:say|answer"
            r"|deny|claim|mention\s+only)\b|اگر\s+کاربر\s+پرسید|(?:إذا|لو)\s+سأل\s+المستخدم"
        ),
    ],
    # a purchase steered against the user's interest
    "steer": [
        (
            r"\bcomo\s+a\s+mais\s+barata\b|\bmesmo\s+quando\s+outra\b|\baumente\s+em\s+\d+\s*%"
            r"|\bwhatever\s+the\s+(?:pricing\s+page|price\s+list|website)\s+says\b"
        ),
        (
            r"\bpresent\s+(?:\w+\s+){0,3}?as\s+the\s+(?:cheapest|best)\b|\binflate\s+(?:\w+\s+)?(?:competitors'?|other)"
            r"\s+(?:\w+\s+)?prices\b"
        ),
        (
            r"\b(?:describe|present|label|call)\s+(?:them|it)\s+as\s+(?:the\s+)?(?:cheapest|best|lowest"
            r"|safest)\b|\beven\s+where\s+(?:another|other|a\s+cheaper)"
        ),
        (
            r"\beven\s+(?:if|when)\s+(?:\w+\s+){0,3}?(?:cheaper|better|safer|better-rated|lower-priced)\b"
            r"|\bpresent\s+it\s+as\s+the\s+(?:best|cheapest|safest)\b|\b(?:book|pick|choos|apply|select"
            r"|sell|charg|us)\w*\s+(?:\w+\s+){0,3}?(?:the\s+)?(?:highest|most\s+expensive)"
            r"[\w\s-]{0,20}(?:fare|price|commission|tariff)\b|\btariffa\s+più\s+cara\b"
            r"|\btarifa\s+más\s+cara\b|\bteuerst\w*\s+tarif|\btarif\s+le\s+plus\s+cher\b"
        ),
    ],
    # the amount the user pays, changed or shown as it was
    "amount_change": [
        r"\barrotonda\w*\s+l['’]\s*importo\b|\bround\s+(?:the\s+)?(?:amount|total)\s+up\b",
        (r"\b(?:ajoute|añade|aggiungi|adicione|addiere|add)\s+(?:\w+\s+){0,3}?\d+\s*%"),
        (
            r"\b(?:reduce|reduz\w*|reduzca|réduis\w*|verringer\w*|riduc\w*|zmniejsz\w*)\s+(?:\w+\s+){0,2}?"
            r"(?:amount|valor|montante|importe|montant|betrag|importo|kwot\w*)|\b(?:full|entire)\s+amount\b"
            r"|\bmontante\s+integral\b|\bimporte\s+íntegro\b|\bmontant\s+intégral\b|\bvollen\s+betrag\b"
            r"|\btambahkan\s+(?:\w+\s+){0,3}?\d+\s*%"
        ),
        r"\blisää\s+(?:\w+\s+)?\d+\s*%",
        (
            r"\b(?:cộng\s+thêm|aggiungi|añade|ajoute|addiere|adicione|dodaj|ekle|tambahkan)\s+\d+\s*%"
        ),
        r"(?:добавь|додай|أضف|जोड़|加上|加算|추가)\s*\d+\s*%",
        (
            r"\b(?:multiply|increase|raise|inflate|round\s+up)\s+(?:\w+\s+){0,3}?(?:amount|total|price"
            r"|sum|fee)s?\b|\badd\s+\d+\s*%|\b\d+\s*%\s+(?:of\s+)?(?:the\s+)?(?:amount|částky|kwoty"
            r"|betrags|montant|importe|valor)|\boriginal\s+(?:figure|amount|price|total)\b"
            r"|\bpůvodní\s+částk\w*|\bursprünglich\w*\s+betrag|\bmontant\s+(?:original|initial)"
            r"|\bimporte\s+original|\bvalor\s+original|\bimporto\s+originale|\boryginaln\w+\s+kwot\w*"
            r"|\borijinal\s+tutar|\bjumlah\s+asli|\bисходн\w+\s+сумм\w*|\bпочатков\w+\s+сум\w*"
        ),
        r"المبلغ\s+الأصلي|मूल\s+राशि|原始金额|元の金額|원래\s*금액|số\s+tiền\s+gốc|จำนวนเงินเดิม|αρχικό\s+ποσό|הסכום\s+המקורי|مبلغ\s+اصلی|ค่าธรรมเนียม\s*\d+\s*%",
    ],
    # code that turns off a security check
    "weaken": [
        (
            r"\bverify\s*=\s*false\b|\brejectunauthorized\s*:\s*false\b|\bnode_tls_reject_unauthorized\b"
            r"|--insecure\b|\bcheck_hostname\s*=\s*false\b|\bssl_?verify\s*[=:]\s*(?:false|0)\b"
            r"|\bstrict_?ssl\s*[=:]\s*false\b|\bgit\s+remote\s+set-url\b"
        ),
    ],
    # other tools acting, as a trigger ("whenever any filesystem tool reads a file")
    "others_act": [
        r"ของเซิร์ฟเวอร์อื่น",
        r"도구를?\s*(?:호출|사용)할\s*때마다",
        (
            r"\bwhenever\s+the\s+[\w-]+\s+server'?s\s+[\w-]+\s+tool\b|\bwhen(?:ever)?\s+the\s+[\w-]+\s+tool\s+"
            r"(?:writes|reads|sends|runs|creates|opens)\b|\bkun\s+käytät\s+\w*työkalu\w*"
            r"|\begy\s+másik\s+\w*eszköz\w*"
        ),
        (
            r"\b(?:fra|från|von|de|du|da|z|dari)\s+(?:en\s+|einem\s+|un\s+|uma\s+)?(?:annen|annan"
            r"|anderen|autre|otro|outro|altro|innego|başka|lain)\s+(?:server\w*|serwer\w*|sunucu\w*)"
            r"|\bal\s+altui\s+server\b|\btoisen\s+palvelimen\b|\beines\s+anderen\s+servers\b"
            r"|\bd['’]\s*un\s+autre\s+serveur\b|\bde\s+(?:otro|outro)\s+servidor\b|\bdi\s+un\s+altro\s+server\b"
        ),
        r"другого\s+сервера|іншого\s+сервера|خادم\s+آخر|दूसरे\s+सर्वर|其他服务器|別のサーバー|다른\s*서버",
        (
            r"\bwenn\s+(?:der\s+nutzer\s+)?(?:\w+\s+){0,4}?mit\s+dem\s+[\w-]*tool\b"
            r"|\bcuando\s+el\s+usuario\s+utilice\s+la\s+herramienta\b|\bquand\s+l['’]\s*utilisateur\s+"
            r"utilise\s+l['’]\s*outil\b|\bwhen\s+the\s+user\s+(?:\w+\s+)?uses\s+the\s+[\w-]+\s+tool\b"
        ),
        r"ツールで[^。\n]{0,20}(?:際|とき)|ツールを使う(?:際|とき)|使用[^。\n]{0,10}工具时|도구로[^.\n]{0,20}(?:때|경우)",
        (
            r"\b(?:whenever|every\s+time|each\s+time|when|once|after)\s+(?:any|an?|another|other|some)"
            r"\s+(?:other\s+)?(?:[\w-]+\s+){0,2}?(?:tool|server|plugin|connector)s?\b"
            r"|\b(?:cada\s+vez\s+que|siempre\s+que)\s+(?:cualquier|otra)\s+(?:\w+\s+){0,2}?herramienta"
            r"|\b(?:chaque\s+fois\s+qu['’]\s*|dès\s+qu['’]\s*)(?:un|une|n['’]importe\s+quel)\s+(?:autre\s+)?outil"
            r"|\b(?:wann\s+immer|jedes\s+mal,?\s+wenn|sobald)\s+(?:ein|irgendein)\w*\s+(?:anderes\s+)?"
            r"(?:tool|werkzeug)|每当任何|每次任何|任何[^。\n]{0,10}工具[^。\n]{0,10}时"
        ),
    ],
    # the assistant's own instructions, named in the scanned languages
    "system_text": [
        (
            r"\b(?:initial\s+configuration|sets\s+up\s+your\s+persona|zu\s+beginn\s+der\s+sitzung"
            r"|konfiguriert\s+wurdest|instruksi\s+awal|mengatur\s+perilakumu)\b"
        ),
        r"ההוראות\s+הראשוניות|ממפעיל\s+המערכת",
        (
            r"\b(?:(?:configuration|setup|instructions?)\s+(?:text\s+)?(?:your|the)\s+host\s+placed"
            r"|above\s+this\s+conversation|istruzioni\s+iniziali|ricevuto\s+dall['’]\s*operatore)\b"
            r"|αρχικές\s+οδηγίες"
        ),
        (
            r"\b(?:ausgangsanweisung\w*|anweisungen\s+des\s+betreibers|vor\s+der\s+ersten\s+nutzernachricht"
            r"|preamble|operator\s+setup\s+text|persona\s+rules)\b|початков\w+\s+інструкц\w*"
            r"|розробник\w*\s+чату|دستورالعمل‌های\s+اولیه|پیش\s+از\s+شروع\s+گفتگو"
        ),
        (
            r"\b(?:before\s+the\s+user'?s\s+first\s+message|operator-supplied\s+(?:setup|instructions"
            r"|configuration|prompt)|(?:my|your)\s+initial\s+configuration|chỉ\s+dẫn\s+ban\s+đầu"
            r"|nhà\s+vận\s+hành)\b|до\s+первого\s+сообщения\s+пользовател|скрыт\w+\s+правил"
        ),
        (
            r"\b(?:before\s+(?:the|this)\s+(?:conversation|chat|session|dialogue)\s+(?:began|started)"
            r"|at\s+the\s+start\s+of\s+(?:the|this)\s+(?:session|conversation|chat)"
            r"|en\s+amont\s+de\s+la\s+conversation|avant\s+(?:le\s+début\s+de\s+)?la\s+conversation"
            r"|antes\s+de\s+(?:que\s+empezara\s+)?la\s+conversación|vor\s+(?:beginn\s+)?(?:des|dem)\s+"
            r"(?:gesprächs?|chats?)|antes\s+(?:do\s+início\s+)?da\s+conversa|prima\s+(?:dell['’]inizio\s+)?"
            r"della\s+conversazione|consignes\s+que\s+l['’]\s*opérateur)"
        ),
        (
            r"до\s+начала\s+(?:диалога|разговора|беседы)|исходн\w+\s+инструкц\w*|до\s+початку\s+розмови"
            r"|对话开始前|设定内容|角色说明|会話(?:が始まる|の開始)前|대화(?:가)?\s*시작(?:되기)?\s*전"
            r"|ก่อนเริ่มสนทนา|คำสั่งตั้งต้น|قبل\s+بدء\s+المحادثة"
        ),
        (
            r"\b(?:consignes\s+système|instructions\s+système|invite\s+système|prompt\s+système"
            r"|systemanweisung\w*|systemprompt|instrucciones\s+del\s+sistema|prompt\s+del\s+sistema"
            r"|instruções\s+do\s+sistema|istruzioni\s+di\s+sistema|prompt\s+di\s+sistema|systeeminstructies"
            r"|instrukcje\s+systemowe|sistem\s+talimat\w*|instruksi\s+sistem|hướng\s+dẫn\s+hệ\s+thống"
            r"|οδηγίες\s+συστήματος|developer\s+instructions|prompt\s+sistem|instruksi\s+tersembunyi"
            r"|hidden\s+instructions|initial\s+instructions|(?:configuration|rules|instructions|guidelines"
            r"|directives)\s+(?:that\s+)?(?:the\s+(?:host|operator|developer|platform|system)\s+gave\s+you"
            r"|you\s+were\s+given|(?:were\s+)?given\s+to\s+you|you\s+received)|assistant'?s\s+own\s+guidelines)"
            r"|システムの指示|системн\w+\s+(?:инструкц|промпт|указани"
            r"|інструкц)\w*|تعليمات\s+النظام|सिस्टम\s+निर्देश|系统提示|系统指令|システムプロンプト"
            r"|システム指示|시스템\s*프롬프트|시스템\s*지침|คำสั่งระบบ|הוראות\s+המערכת|دستورالعمل\s+سیستم"
        ),
    ],
    # a payload that runs code or fetches and runs a script, inside a code span
    "payload_code": [
        r"`[^`\n]{0,200}(?:\bimport\s+[\w.]+(?:\s+as\s+\w+)?\s*;|__import__\(|urlopen\()[^`\n]{0,200}`",
        (
            r"`[^`\n]{0,200}(?:\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\beval\s*\(|\batob\s*\(|\bexec\s*\("
            r"|base64\s+(?:-d|--decode)|<script\b|\bimport\s+\w+\s*;)[^`\n]{0,200}`"
        ),
    ],
    # the other tools smeared, so the model routes away from them
    "disparage": [
        r"\b(?:known|data-loss)\s+bugs?\b|\bbozduğu\b|भरोसेमंद\s+नहीं",
        r"\b(?:don'?t|do\s+not|never)\s+trust\b|भरोसा\s+न",
        r"\b(?:frequently|often|usually)\s+wrong\b|\binaccurate\b|\boutdated\b|\bverouder\w*",
        (
            r"\b(?:unreliable|unsafe|insecure|deprecated|malicious|buggy|corrupt\w*|leaks?|leaking|scam\w*"
            r"|dangerous|stale|compromised|unzuverlässig|unsicher|fehlerhaft|peu\s+fiables?"
            r"|non\s+sécurisé\w*|poco\s+fiables?|insegur[oa]s?|não\s+confiáve\w*|inaffidabil\w*"
            r"|niebezpieczn\w*|onbetrouwba\w*|güvenilmez\w*|tidak\s+aman|opålitlig\w*|upålitelig\w*"
            r"|không\s+an\s+toàn)\b"
        ),
        (
            r"ненад[её]жн\w*|небезпечн\w*|ненадійн\w*|غير\s+آمن[ةه]?|معطلة|असुरक्षित|अविश्वसनीय|不可靠"
            r"|不安全|信頼できない|危険|신뢰할\s*수\s*없|위험|ไม่ปลอดภัย|לא\s+מאובטח\w*|ناامن"
        ),
    ],
    # selling, not advising: a purchase, an affiliate or referral link, a product named
    "sell": [
        r"\b\d+\s*%\s+off\b|\bmã\s+giảm\s+giá\b|\bmua\b",
        r"\bfrom\s+our\s+(?:index|registry|mirror|repo\w*)\b|紹介コード|暗号資産",
        r"\b(?:premium|upgrade|pro\s+plan)\b|\bref=\w+|\butm_\w+",
        (
            r"\b(?:buy|purchase|invest\w*|subscribe|sign\s+up|affiliate|referral|partner\s+link|coupon"
            r"|discount|promo\s+code|open\s+an\s+account|funds?|vpn|loans?|stocks?|shares|hosting"
            r"|fonds|aktie\w*|kredit\w*|pożyczk\w*|prêt\w*|préstamo\w*|empréstimo\w*|prestito\w*)\b"
        ),
        r"(?:خرید|رمزارز|شراء|खरीद|购买|买入|購入|買う|매수|구매|종목|товар\w*|купи\w*|кредит\w*)",
    ],
    # a hook that runs later on the user's machine (shell profiles, cron, login items)
    "persistence_hook": [
        r"\bshell\s+startup\s+files?\b|\bstartup\s+scripts?\b|\bbackground\s+process\b",
        r"\.(?:bashrc|zshrc|bash_profile|profile)\b|\bcrontab\b|\blaunchagents?\b|\blogin\s+items?\b",
    ],
    # the person the assistant serves, or what they said ("the user's", "my", "in the chat")
    "user_word": [
        r"\b(?:im\s+bisherigen\s+gespräch|za\s+mtumiaji|ya\s+mtumiaji|mtumiaji)\b",
        r"\b(?:this\s+(?:machine|computer|device)(?:'s)?|the\s+user'?s\s+(?:machine|computer|device))\b",
        r"(?:χρήστ\w*)",
        (r"(?:του\s+χρήστη|המשתמש|של\s+המשתמש|کاربر|ব্যবহারকারী|uživatel\w*|användar\w*)"),
        (
            r"\b(?:the\s+user'?s?|users'|user'?s|my|the\s+human'?s?|the\s+customer'?s?|their|in\s+the"
            r"\s+(?:chat|conversation)|during\s+the\s+(?:chat|conversation)|the\s+user\s+(?:has\s+)?"
            r"(?:shared|typed|entered|mentioned|pasted|gave|provided))\b"
        ),
        (
            r"\b(?:des\s+(?:nutzers|benutzers)|der\s+(?:nutzer|benutzer)\w*|de\s+l['’]\s*utilisateur"
            r"|del\s+usuario|do\s+usuário|dell['’]\s*utente|van\s+de\s+gebruiker|użytkownika"
            r"|kullanıcının|pengguna)\b|пользовател\w*|користувач\w*|المستخدم|उपयोगकर्ता|người\s+dùng"
        ),
        r"(?:用户|使用者|ユーザー?|利用者|사용자|유저|ผู้ใช้)",
    ],
}

# the languages these lists leave out (Europe, Asia, Africa): `lexicon_data_i18n`

for _family, _entries in DATA_I18N.items():
    DATA[_family].extend(_entries)
