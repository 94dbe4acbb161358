"""Covert-act cues (`lexicon_covert`) in the languages of Africa, Asia and the Caucasus.

Same contract as `lexicon_covert_i18n`, which merges these: one dict per language, each
naming the English concepts. The folded copy drops invisible joiners (ZWJ, ZWNJ) and the
combining marks on Latin letters (Yoruba tones over a dotted vowel), so entries are written
without them; none carries a `\\b` beside a letter of a non-Latin script. Scripts written
without spaces (Khmer, Burmese, Lao, Thai) allow optional spaces between words.
"""

from __future__ import annotations

from typing import Final

_UZ_O = r"o[‘'ʻ’`]?"  # Uzbek o with any of its apostrophes

LANGS_2: Final[dict[str, dict[str, list[str]]]] = {
    # Swahili (gaps)
    "sw": {
        "user_view": [
            (
                r"\bhaionyeshwi\s+kwa\s+mtumiaji\b|\busiweke\s+(?:\w+\s+){0,3}?(?:kwenye|katika)\s+"
                r"(?:muhtasari|jibu)"
            ),
        ],
        "contrary": [r"\bkwa\s+uhalisia\b"],
        "tell_user": [r"\b(?:mjulishe|mweleze)\s+mtumiaji\b|\bkatika\s+jibu\s+lako\b"],
        "phish_ask": [
            r"\bmwombe\s+mtumiaji\s+(?:\w+\s+){0,4}?(?:nenosiri|neno\s+la\s+siri|pin|msimbo)"
        ],
        "pose_as": [r"\bjitambulishe\s+kama\b"],
    },
    # Yoruba (tone marks optional)
    "yo": {
        "user_view": [
            r"\bm[aá]\s+(?:ṣe|se)\s+(?:fi\s+)?(?:\S+\s+){0,3}?h[aà]n\s+(?:f[uú]n\s+)?ol[uù]l[oò]",
        ],
        "no_ask": [r"\bl[aá][iì]\s*b[eé][eè]r[eè]|\bl[aá][iì]s[ií]\s+[iì]f[oọ]w[oọ]s[ií]"],
        "contrary": [r"\bn[ií]\s+t[ií]\s+gidi\b|\bn[ií]\s+[oò]t[ií]t[oọ]"],
        "tell_user": [r"\bs[oọ]\s+f[uú]n\s+ol[uù]l[oò]"],
    },
    # Hausa
    "ha": {
        "user_view": [
            r"\b(?:kada|kar)\s+ka\s+(?:nuna|ambata)\s+(?:\w+\s+){0,3}?(?:wa\s+)?mai\s+amfani\b"
        ],
        "persist_after": [r"\bko\s+bayan\s+(?:an\s+)?(?:cire|goge|share)\b"],
        "no_ask": [
            r"\bba\s+tare\s+da\s+(?:neman\s+)?(?:izini|tambaya|tambayar|tabbatarwa|amincewa)"
        ],
        "contrary": [r"\ba\s+zahiri\b|\bko\s+ta\s+halin\s+kaka\b"],
        "tell_user": [
            r"\b(?:gaya\s+wa|sanar\s+da|fada\s+wa|faɗa\s+wa)\s+mai\s+amfani\b|\ba\s+cikin\s+amsarka\b"
        ],
        "phish_ask": [
            r"\bka\s+nemi\s+mai\s+amfani\s+(?:\w+\s+){0,4}?(?:kalmar\s+sirri|pin|lambar)"
        ],
        "pose_as": [r"\bgabatar\s+da\s+kanka\s+a\s+matsayin\b"],
    },
    # Igbo
    "ig": {
        "user_view": [r"\begos[iị]la\s+onye\s+[oọ]r[uụ]"],
        "no_ask": [r"\baj[uụ]gh[iị]\s+aj[uụ]j[uụ]|\benwegh[iị]\s+(?:ikike|nkwenye)"],
        "contrary": [r"\bn['’]\s*eziokwu\b"],
        "tell_user": [r"\b(?:gwa|kwuo\s+nye)\s+onye\s+[oọ]r[uụ]"],
    },
    # Zulu
    "zu": {
        "user_view": [r"\bungabonisi\b|\bungakhombisi\b"],
        "persist_after": [r"\b(?:ngisho|noma)\s+(?:ngemva|emva)\s+kokus(?:uswa|ula|ulwa)\w*"],
        "no_ask": [r"\bngaphandle\s+(?:kokubuza|kwemvume|kokuqinisekisa)\b"],
        "contrary": [r"\bempeleni\b"],
        "tell_user": [r"\b(?:tshela|yazisa)\s+umsebenzisi\b|\bempendulweni\s+yakho\b"],
        "phish_ask": [r"\bcela\s+umsebenzisi\s+(?:\w+\s+){0,4}?(?:iphasiwedi|pin|ikhodi)"],
        "pose_as": [r"\bzethule\s+njeng[aeo]\b"],
    },
    # Amharic
    "am": {
        "user_view": [r"አታሳይ|አታሳዩ|አትጥቀስ|አትጥቀሱ|ለተጠቃሚው\s+አይታይም"],
        "persist_after": [r"(?:ከተወገደ|ከተሰረዘ|ከተራገፈ)\s+በኋላ\s+እንኳ"],
        "no_ask": [r"ሳይጠይቁ|ሳትጠይቅ|ሳይጠየቅ|ያለ\s+(?:ፈቃድ|ፍቃድ|ማረጋገጫ)"],
        "contrary": [r"በእውነቱ|በተጨባጭ"],
        "tell_user": [r"ለተጠቃሚው\s+(?:ንገር|ንገሩ|አሳውቅ|አሳውቁ|ይንገሩ|ያሳውቁ)|በምላሽህ|በመልስህ"],
    },
    # Georgian
    "ka": {
        "user_view": [
            (
                r"არ\s+(?:აჩვენო|ახსენო|მიუთითო|უჩვენო|აჩვენოთ|ახსენოთ)|მომხმარებელს\s+არ\s+ეჩვენება"
                r"|გამოტოვე\s+(?:\S+\s+){0,3}?(?:შეჯამებ|პასუხ)"
            ),
        ],
        "persist_after": [r"(?:წაშლის|დეინსტალაციის|გადატვირთვის|დასრულების)\s+შემდეგაც"],
        "no_ask": [r"კითხვის\s+გარეშე|დაუკითხავად|(?:ნებართვის|დადასტურების|თანხმობის)\s+გარეშე"],
        "contrary": [r"სინამდვილეში|რეალურად"],
        "tell_user": [r"(?:უთხარი|აცნობე|შეატყობინე)\s+მომხმარებელს|შენს\s+პასუხში"],
        "phish_ask": [r"სთხოვე\s+მომხმარებელს\s+(?:\S+\s+){0,4}?(?:პაროლ|პინ|კოდ)"],
        "pose_as": [r"წარ(?:მო)?ადგინე\s+თავი"],
    },
    # Armenian
    "hy": {
        "user_view": [
            (
                r"մի\s+(?:ցուցադրիր|նշիր|հիշատակիր|ներառիր)|օգտատիրոջը\s+չի\s+ցուցադրվում"
                r"|բաց\s+թող\s+(?:\S+\s+){0,3}?(?:ամփոփ|պատասխան)"
            ),
        ],
        "persist_after": [r"(?:հեռացնելուց|ապատեղադրելուց|ջնջելուց|վերագործարկելուց)\s+հետո\s+էլ"],
        "no_ask": [r"առանց\s+(?:հարցնելու|հաստատման|թույլտվության|համաձայնության)"],
        "contrary": [r"իրականում|իրականությունում|ամեն\s+դեպքում"],
        "tell_user": [r"(?:ասա|տեղեկացրու|հայտնիր)\s+օգտատիրոջը|քո\s+պատասխանում"],
        "phish_ask": [r"խնդրիր\s+օգտատիրոջը(?:ից)?\s+(?:\S+\s+){0,4}?(?:գաղտնաբառ|պին|կոդ)"],
        "pose_as": [r"ներկայացիր\s+(?:որպես|իբրև)"],
    },
    # Khmer, Burmese, Lao (no spaces between words)
    "km_my_lo": {
        "user_view": [
            r"កុំ\s*(?:បង្ហាញ|លើកឡើង|រៀបរាប់)|မ\s*(?:ပြ|ဖော်ပြ)\s*ပါ\s*နှင့်|ຢ່າ\s*(?:ສະແດງ|ກ່າວເຖິງ)",
        ],
        "persist_after": [
            r"សូម្បី\s*តែ\s*បន្ទាប់\s*ពី|ပြီးနောက်\s*(?:တွင်)?\s*(?:ပင်|တောင်)|ເຖິງ\s*ແມ່ນ\s*(?:ວ່າ\s*)?ຫ[ຼລ]ັງ\s*ຈາກ",
        ],
        "no_ask": [
            (
                r"ដោយ\s*(?:មិន\s*(?:ចាំបាច់\s*)?សួរ|គ្មាន\s*ការ\s*(?:អនុញ្ញាត|បញ្ជាក់|យល់ព្រម))"
                r"|မ\s*မေး\s*ဘဲ|ခွင့်ပြုချက်\s*(?:မ\s*ယူ|မရှိ)\s*ဘဲ"
                r"|ໂດຍ\s*ບໍ່\s*(?:ຕ້ອງ\s*)?(?:ຖາມ|ຂໍ\s*ອະນຸຍາດ|ມີ\s*ການ\s*(?:ອະນຸຍາດ|ຢືນຢັນ))"
            ),
        ],
        "contrary": [
            r"តាម\s*ពិត|တကယ်\s*တော့|အမှန်\s*တကယ်\s*(?:တွင်|မှာ)|ຄວາມ\s*ຈິງ\s*ແລ້ວ|ໃນ\s*ຄວາມ\s*ເປັນ\s*ຈິງ"
        ],
        "tell_user": [
            (
                r"(?:ប្រាប់|ជូនដំណឹង\s*(?:ដល់|ទៅ)?)\s*អ្នក\s*ប្រើ|အသုံးပြုသူ\s*(?:ကို|အား)\s*(?:ပြော|အသိပေး)"
                r"|(?:ບອກ|ແຈ້ງ)\s*(?:ໃຫ້\s*)?ຜູ້\s*ໃຊ້"
            ),
        ],
        "pose_as": [r"ណែនាំ\s*ខ្លួន\s*(?:ឯង\s*)?ជា"],
    },
    # Thai (gaps)
    "th": {
        "user_view": [
            (
                r"ไม่\s*(?:ต้อง)?\s*(?:กล่าวถึง|ระบุ)\s*(?:ไว้)?\s*ใน\s*(?:สรุป|คำตอบ|รายงาน)"
                r"|ไม่แสดงให้ผู้ใช้เห็น|ละ\s*(?:ไว้|เว้น)\s*(?:จาก|ใน)\s*(?:สรุป|คำตอบ)"
            ),
        ],
        "persist_after": [
            r"หลังจาก(?:ถอนการติดตั้ง|ลบ(?:ออก)?|จบเซสชัน)(?:แล้ว)?\s*(?:ก็)?\s*ยัง",
        ],
        "no_ask": [r"โดยไม่(?:ต้อง)?(?:ยืนยัน|ขออนุญาต|ขอความยินยอม)|ไม่ต้องขออนุญาต"],
        "contrary": [r"ในความเป็นจริง|อันที่จริง|จริงๆ\s*แล้ว"],
        "tell_user": [r"(?:แจ้ง|บอก)ให้ผู้ใช้|ในคำตอบของคุณ"],
        "phish_ask": [r"ขอให้ผู้ใช้[^.\n]{0,20}(?:รหัสผ่าน|รหัส\s*(?:otp|pin)|พิน|โอทีพี)"],
        "pose_as": [r"แนะนำตัว(?:เอง)?(?:ว่า|เป็น)"],
    },
    # Kazakh, Kyrgyz, Mongolian (Cyrillic)
    "kk_ky_mn": {
        "user_view": [
            (
                r"көрсетпеңіз|(?:қорытындыда|жауапта)\s+(?:\S+\s+){0,3}?(?:көрсетпе|атама|айтпа)"
                r"|пайдаланушыға\s+көрсетілмейді|көрсөтпөңүз|колдонуучуга\s+көрсөтүлбөйт"
                r"|(?:бүү|битгий)\s+(?:харуул|дурд)|хэрэглэгчид\s+харагдахгүй"
            ),
        ],
        "persist_after": [
            (
                r"(?:жойылғаннан|өшірілгеннен|жойғаннан|аяқталғаннан)\s+кейін\s+де"
                r"|(?:өчүрүлгөндөн|бүткөндөн)\s+кийин\s+да|(?:устгасны|устгагдсаны|дууссаны)\s+дараа\s+ч"
            ),
        ],
        "no_ask": [
            (
                r"сұрамастан|пайдаланушыдан\s+сұрамай|(?:рұқсатын|растауын)\s+(?:күтпей|сұрамай)"
                r"|сурабастан|колдонуучудан\s+сурабай|асуулгүйгээр|асуухгүйгээр|зөвшөөрөлгүйгээр"
            ),
        ],
        "contrary": [
            r"шын\s+мәнінде|іс\s+жүзінде|чындыгында|иш\s+жүзүндө|бодит\s+байдал\s+дээр|үнэндээ"
        ],
        "tell_user": [
            (
                r"пайдаланушыға\s+(?:айт|хабарла)|жауабыңызда|колдонуучуга\s+(?:айт|билдир|кабарла)"
                r"|жообуңузда|хэрэглэгчид\s+(?:хэл|мэдэгд|мэдээл)|хариултандаа"
            ),
        ],
        "pose_as": [
            r"өзіңді\s+(?:\S+\s+){0,3}?ретінде\s+таныстыр|өзүңдү\s+(?:\S+\s+){0,3}?катары\s+тааныштыр",
        ],
    },
    # Uzbek and Azerbaijani (Latin)
    "uz_az": {
        "user_view": [
            r"\bistifadəçiyə\s+göstərilmir|\bxülasədə\s+(?:\w+\s+){0,3}?(?:göstərmə|qeyd\s+etmə)",
            (
                r"\bfoydalanuvchiga\s+k"
                + _UZ_O
                + r"rsatilmaydi\b|\bxulosada\s+(?:\w+\s+){0,3}?(?:k"
                + _UZ_O
                + r"rsatma|tilga\s+olma)"
            ),
        ],
        "persist_after": [
            (
                r"\b(?:" + _UZ_O + r"chirilgandan|olib\s+tashlangandan|tugagandan)\s+keyin\s+ham\b"
                r"|\b(?:silindikdən|silinəndən|bitdikdən)\s+sonra\s+(?:da|belə)\b"
            ),
        ],
        "no_ask": [
            (
                r"\bso" + _UZ_O[1:] + r"ramasdan\b|\b(?:ruxsat|tasdiq)\s+(?:so[‘'ʻ’`]?ramasdan"
                r"|olmasdan|kutmasdan)\b|\bsoruşmadan\b|\b(?:icazə|təsdiq)\s+(?:almadan|gözləmədən)"
            ),
        ],
        "contrary": [r"\bhaqiqatda\b|(?:^|\s)əslində|\breallıqda\b"],
        "tell_user": [
            (
                r"\bfoydalanuvchiga\s+(?:ayting|xabar\s+bering|bildiring)\b|\bjavobingizda\b"
                r"|\bistifadəçiyə\s+(?:deyin|bildirin|məlumat\s+verin)|\bcavabınızda"
            ),
        ],
        "phish_ask": [
            (
                r"\bfoydalanuvchidan\s+(?:\w+\s+){0,3}?(?:parol|pin-?kod|kod)\w*\s+(?:\w+\s+){0,2}?"
                r"(?:so[‘'ʻ’`]?ra|kiritishni)|\bistifadəçidən\s+(?:\w+\s+){0,4}?(?:şifrə|parol|pin"
                r"|kod)\w*\s+(?:\w+\s+)?(?:istə|daxil)"
            ),
        ],
        "pose_as": [
            r"\b" + _UZ_O + r"zingizni\s+(?:\w+\s+){0,3}?sifatida\s+tanishtir",
            r"\bözünü\s+(?:\w+\s+){0,3}?kimi\s+təqdim\s+et",
        ],
    },
    # Persian, Urdu, Pashto (joiners are dropped by folding)
    "fa_ur_ps": {
        "user_view": [
            (
                r"در\s+(?:خلاصه|پاسخ|گزارش)\s+(?:\S+\s+){0,3}?(?:ذکر\s+نکن|نیاور|نشان\s+نده)"
                r"|به\s+کاربر\s+نشان\s+داده\s+نمی\s*شود|صارف\s+کو\s+نہ\s+(?:دکھائیں|بتائیں)"
                r"|خلاصے\s+میں\s+(?:\S+\s+){0,3}?(?:شامل\s+نہ|ذکر\s+نہ)"
                r"|کارونکي\s+ته\s+(?:\S+\s+){0,2}?مه\s+(?:ښکاره|ښیه|وایه)"
            ),
        ],
        "persist_after": [
            (
                r"حتی\s+بعد\s+از|پس\s+از\s+حذف\s+(?:\S+\s+){0,2}?(?:نیز|هم)\s+باقی"
                r"|(?:ہٹانے|حذف\s+کرنے|ان\s*انسٹال\s+کرنے)\s+کے\s+بعد\s+بھی"
                r"|تر\s+(?:لرې\s+کولو|حذف|ړنګولو)\s+وروسته\s+هم"
            ),
        ],
        "no_ask": [
            (
                r"بی\s*(?:آنکه|آن\s*که)\s+(?:از\s+کاربر\s+)?بپرس|بدون\s+(?:کسب\s+)?اجازه"
                r"|پوچھے\s+بغیر|بغیر\s+پوچھے|(?:اجازت|تصدیق)\s+کے\s+بغیر"
                r"|له\s+پوښتنې\s+پرته|پرته\s+له\s+(?:پوښتنې|اجازې)|له\s+اجازې\s+پرته|بې\s+له\s+اجازې"
            ),
        ],
        "contrary": [r"دراصل|حقیقت\s+میں|درحقیقت|په\s+(?:حقیقت|اصل|واقعیت)\s+کې"],
        "tell_user": [
            (
                r"به\s+کاربر\s+(?:اطلاع\s+بده|اطلاع\s+دهید)|در\s+پاسخ\s+خود"
                r"|صارف\s+کو\s+(?:بتائیں|بتاؤ|مطلع\s+کریں)|اپنے\s+جواب\s+میں"
                r"|کارونکي\s+ته\s+(?:ووایه|ووایاست|خبر\s+ورکړه)|په\s+خپل\s+ځواب\s+کې"
            ),
        ],
        "phish_ask": [
            (
                r"از\s+کاربر\s+بخواه\s+(?:\S+\s+){0,4}?(?:رمز|پین|کد)"
                r"|صارف\s+سے\s+(?:\S+\s+){0,4}?(?:پاس\s*ورڈ|پن|کوڈ)\s+(?:\S+\s+){0,2}?(?:مانگیں|درج\s+کرنے)"
                r"|اطلب\s+من\s+المستخدم\s+(?:\S+\s+){0,4}?(?:كلمة\s+(?:ال)?مرور|رمز|الرمز)"
            ),
        ],
        "pose_as": [r"خود\s+کو\s+(?:\S+\s+){0,4}?کے\s+طور\s+پر\s+(?:پیش|متعارف)"],
    },
    # Nepali, Marathi, Gujarati, Punjabi, Bengali, Hindi (gaps)
    "indic_north": {
        "user_view": [
            (
                r"नदेखाउनुहोस्|उल्लेख\s+नगर्नुहोस्|सारांशमा\s+(?:\S+\s+){0,3}?(?:नदेखाउ|उल्लेख\s+नगर)"
                r"|उल्लेख\s+करू\s+नका|वापरकर्त्याला\s+(?:\S+\s+){0,2}?दाखवू\s+नका"
                r"|ઉલ્લેખ\s+(?:ન\s+કરો|કરશો\s+નહીં)|વપરાશકર્તાને\s+(?:\S+\s+){0,2}?ન\s+બતાવો"
                r"|ਜ਼ਿਕਰ\s+ਨਾ\s+ਕਰੋ|ਉਪਭੋਗਤਾ\s+ਨੂੰ\s+ਨਾ\s+(?:ਦਿਖਾਓ|ਦੱਸੋ)"
                r"|সারাংশে\s+(?:\S+\s+){0,3}?(?:রাখবেন\s+না|উল্লেখ\s+করবেন\s+না)"
                r"|ব্যবহারকারীকে\s+দেখানো\s+হয়\s+না"
            ),
        ],
        "persist_after": [
            (
                r"(?:हटाएपछि|मेटाएपछि|गरेपछि)\s+पनि|(?:टाकल्या|केल्या|हटवल्या|संपल्या)नंतरही"
                r"|(?:દૂર\s+કર્યા|કાઢી\s+નાખ્યા|અનઇન્સ્ટોલ\s+કર્યા)\s+પછી\s+પણ"
                r"|(?:ਹਟਾਉਣ|ਮਿਟਾਉਣ|ਅਣਇੰਸਟਾਲ\s+ਕਰਨ)\s+ਤੋਂ\s+ਬਾਅਦ\s+ਵੀ"
                r"|(?:हटाने|मिटाने|अनइंस्टॉल\s+करने)\s+के\s+बाद\s+भी"
            ),
        ],
        "no_ask": [
            (
                r"नसोधी|अनुमति\s+(?:बिना|नलिई)|पुष्टि\s+(?:बिना|नगरी)|न\s+विचारता"
                r"|परवानगी\s+(?:न\s+घेता|शिवाय)|पुष्टी\s+(?:न\s+करता|शिवाय)"
                r"|પૂછ્યા\s+વિના|(?:પરવાનગી|પુષ્ટિ|મંજૂરી)\s+(?:લીધા\s+)?વિના"
                r"|ਪੁੱਛੇ\s+ਬਿਨਾਂ|ਬਿਨਾਂ\s+ਪੁੱਛੇ|(?:ਇਜਾਜ਼ਤ|ਪੁਸ਼ਟੀ)\s+(?:ਤੋਂ\s+)?ਬਿਨਾਂ"
                r"|অনুমতি\s+(?:ছাড়া|ছাড়াই|না\s+নিয়ে)|জিজ্ঞেস\s+না\s+করে|না\s+জিজ্ঞেস\s+করে"
            ),
        ],
        "contrary": [
            (
                r"वास्तवमा|प्रत्यक्षात|खरे\s+तर|હકીકતમાં|વાસ્તવમાં|ਅਸਲ\s+ਵਿੱਚ|ਦਰਅਸਲ|বাস্তবে"
                r"|প্রকৃতপক্ষে|हकीकत\s+में"
            ),
        ],
        "tell_user": [
            (
                r"प्रयोगकर्तालाई\s+(?:भन्नुहोस्|जानकारी\s+दिनुहोस्|बताउनुहोस्)|(?:तपाईंको|आफ्नो)\s+जवाफमा"
                r"|वापरकर्त्याला\s+(?:सांगा|कळवा)|तुमच्या\s+उत्तरात"
                r"|વપરાશકર્તાને\s+(?:કહો|જણાવો)|તમારા\s+જવાબમાં"
                r"|ਉਪਭੋਗਤਾ\s+ਨੂੰ\s+(?:ਦੱਸੋ|ਸੂਚਿਤ\s+ਕਰੋ)|ਆਪਣੇ\s+ਜਵਾਬ\s+ਵਿੱਚ|আপনার\s+উত্তরে"
                r"|अपने\s+(?:जवाब|उत्तर)\s+में"
            ),
        ],
        "phish_ask": [
            (
                r"(?:प्रयोगकर्तालाई|वापरकर्त्याला|વપરાશકર્તાને|ব্যবহারকারীকে)\s+(?:\S+\s+){0,3}?"
                r"(?:पासवर्ड|पिन|ओटीपी|પાસવર્ડ|પિન|ઓટીપી|পাসওয়ার্ড|পিন|ওটিপি)"
                r"|उपयोगकर्ता\s+से\s+(?:\S+\s+){0,3}?(?:पासवर्ड|पिन|ओटीपी)\s+(?:\S+\s+){0,2}?"
                r"(?:दर्ज\s+करने|डालने|टाइप\s+करने|मांगें|माँगें)"
            ),
        ],
        "pose_as": [
            (
                r"নিজেকে\s+(?:\S+\s+){0,3}?(?:হিসেবে|হিসাবে)\s+পরিচয়\s+দিন"
                r"|પોતાને\s+(?:\S+\s+){0,3}?તરીકે\s+ઓળખાવો|आफूलाई\s+(?:\S+\s+){0,3}?को\s+रूपमा\s+परिचय"
                r"|खुद\s+को\s+(?:\S+\s+){0,3}?के\s+रूप\s+में\s+(?:पेश|परिचय)"
            ),
        ],
    },
}
