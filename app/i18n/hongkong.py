"""Hong Kong Traditional Chinese, derived from the Taiwan catalog.

Both read Traditional characters; they differ in a handful of technical words (軟體/軟件,
網路/網絡, 資料/數據, 專案/項目). ``python -m app.i18n update`` writes zh_HK from zh_TW through
:data:`PHRASES` (longest match first; a word mapped to itself is protected from a shorter rule)
and :data:`MESSAGES` (whole translations, for the few sentences a word swap does not fix).
"""

from __future__ import annotations

import re

PHRASES: dict[str, str] = {
    "軟體": "軟件",
    "硬體": "硬件",
    "網路卡": "網卡",
    "網路": "網絡",
    "資料夾": "資料夾",
    "資料中心": "數據中心",
    "資料來源": "數據來源",
    "資料": "數據",
    "專案": "項目",
    "列印": "打印",
    "最佳化": "優化",
    "線上": "在線",
    "預設值": "預設值",
    "影音": "影音",
    "品質": "質素",
    "訊息": "訊息",
    "建立": "建立",
    "儲存": "儲存",
    "點選": "點擊",
    "滑鼠": "滑鼠",
    "位元組": "字節",
    "執行緒": "線程",
    "使用者": "用戶",
}
# Source text -> the Hong Kong translation, where swapping words is not enough.
MESSAGES: dict[str, str] = {}

_PATTERN = re.compile("|".join(re.escape(k) for k in sorted(PHRASES, key=len, reverse=True)))


def to_hong_kong(text: str) -> str:
    """Taiwan wording -> Hong Kong wording (placeholders and markup are left as they are)."""
    return _PATTERN.sub(lambda m: PHRASES[m.group(0)], text)
