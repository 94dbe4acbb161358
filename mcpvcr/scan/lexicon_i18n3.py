"""Cue patterns in Vietnamese.

Same families and contract as `lexicon_i18n` (one language per entry), matched on the
folded copy (lower-case, NFKC) and merged per signal with English, so every combination
rule reads Vietnamese text as it reads English. Vietnamese writes one syllable per word:
a lemma is a run of words (`người dùng`, "user"). An order may open with a particle
(`hãy`, `vui lòng`), which the verbs allow so a clause-opening verb is still an order.
"""

from __future__ import annotations

import unicodedata
from typing import Final

_VI_USER = r"người\s+(?:dùng|sử\s+dụng)"
_VI_ORDER = r"(?:(?:hãy|vui\s+lòng|xin)\s+)?"

_RAW: Final[dict[str, list[str]]] = {
    "override": [
        (
            r"\b(?:bỏ\s+qua|phớt\s+lờ|quên)\s+(?:đi\s+)?(?:tất\s+cả\s+|mọi\s+)?(?:các\s+)?(?:hướng\s+dẫn"
            r"|chỉ\s+dẫn|quy\s+tắc|chỉ\s+thị)\s+(?:trước\s+đó|trước|ở\s+trên|cũ)"
        ),
    ],
    "conceal": [
        (
            r"\b(?:đừng|không\s+được|không|chớ)\s+(?:nói|kể|báo|tiết\s+lộ|đề\s+cập|nhắc|thông\s+báo)"
            r"\s+(?:\w+\s+){0,4}?(?:với\s+|cho\s+)?" + _VI_USER
        ),
        r"\b(?:mà\s+)?không\s+(?:để|cho)\s+" + _VI_USER + r"\s+biết",
        r"\bgiữ\s+bí\s+mật\s+(?:với\s+|khỏi\s+)?" + _VI_USER,
        r"\bgiấu\s+(?:\w+\s+){0,3}?(?:khỏi\s+|với\s+)" + _VI_USER,
    ],
    "conceal_soft": [
        r"\b(?:âm\s+thầm|lặng\s+lẽ|một\s+cách\s+bí\s+mật|lén\s+lút)\b",
    ],
    "precondition": [
        (
            r"\btrước\s+khi\s+(?:sử\s+dụng|dùng|gọi|chạy)\s+(?:công\s+cụ\s+)?(?:này|bất\s+kỳ"
            r"|mọi|công\s+cụ\s+nào)"
        ),
    ],
    "read_verb": [
        r"\b" + _VI_ORDER + r"(?:đọc|mở|lấy|thu\s+thập|trích\s+xuất|tải\s+về|sao\s+lưu)\b",
    ],
    "move_verb": [
        (
            r"\b" + _VI_ORDER + r"(?:gửi|tải\s+lên|chuyển\s+tiếp|chuyển|đăng|sao\s+chép|chèn"
            r"|đính\s+kèm|chia\s+sẻ|thêm|dán)\b"
        ),
    ],
    "cred": [
        (
            r"\b(?:mật\s+khẩu|khóa\s+(?:riêng(?:\s+tư)?|bí\s+mật|api|ssh)|thông\s+tin\s+đăng\s+nhập"
            r"|mã\s+thông\s+báo\s+(?:truy\s+cập|api))\b"
        ),
    ],
    "conv": [
        (
            r"\blịch\s+sử\s+(?:cuộc\s+)?(?:trò\s+chuyện|hội\s+thoại|tin\s+nhắn|chat)"
            r"|\btoàn\s+bộ\s+(?:cuộc\s+)?(?:hội\s+thoại|trò\s+chuyện)|\blời\s+nhắc\s+hệ\s+thống"
        ),
    ],
}

I18N3: Final[dict[str, list[str]]] = {
    signal: [unicodedata.normalize("NFKC", p) for p in patterns]
    for signal, patterns in _RAW.items()
}
"""Per signal, the alternatives merged with English and the other languages in `lexicon`."""
