"""Russian and English words of the game. Game terms stay Russian in the Russian UI (козёл, рыба,
базар, стучит); the English UI uses the glosses of RULES.md. Areas add their own keys to
:data:`STRINGS` (one dict per language) rather than hard-coding text."""

from __future__ import annotations

Lang = str  # "ru" | "en"
LANGS = ("ru", "en")

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "goat": "goat",
        "fish": "fish",
        "boneyard": "boneyard",
        "knock": "knocks",
        "fisher": "fisher",
        "double": "double",
        "redeal": "redeal",
        "went_out": "went out",
        "round": "round",
        "match": "match",
        "remembered": "remembered",
        "carry": "fish carry-over",
        "eggs": "fish with eggs",
    },
    "ru": {
        "goat": "козёл",
        "fish": "рыба",
        "boneyard": "базар",
        "knock": "стучит",
        "fisher": "рыбак",
        "double": "дубль",
        "redeal": "пересдача",
        "went_out": "вышел",
        "round": "кон",
        "match": "партия",
        "remembered": "запомнено",
        "carry": "рыба в запасе",
        "eggs": "рыба с яйцами",
    },
}


def tr(key: str, lang: Lang = "en", **fmt: object) -> str:
    """The text for ``key`` in ``lang`` (English, then the key itself, as fallbacks)."""
    text = STRINGS.get(lang, {}).get(key) or STRINGS["en"].get(key) or key
    return text.format(**fmt) if fmt else text


def check_lang(lang: str) -> Lang:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose ru or en")
    return lang
