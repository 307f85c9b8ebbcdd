"""Russian and English words of the game, looked up in gettext catalogs.

The words live in ``domino_tui/locale/<lang>/LC_MESSAGES/domino.po`` (compiled to ``.mo`` by the
build, see ``hatch_build.py`` and ``tools/catalogs.py``); msgids are stable symbolic keys such as
``"status.your_turn"``, and English is a catalog like Russian, so adding a language is adding one
``.po``. Counted words are plural entries (:func:`tn`), formed by each catalog's Plural-Forms.
Game terms stay Russian in the Russian UI (козёл, рыба, базар, стучит); the English UI uses the
glosses of RULES.md.

Transition: areas still register ``STRINGS`` dicts with :func:`add_strings`; while
:data:`CATALOG_ONLY` is False those dicts are looked up first, then the catalog, then English,
then the key. ``tools/dicts_to_po.py`` moves the dicts into the catalogs; once they are gone,
set :data:`CATALOG_ONLY` and a missing key raises under ``DOMINO_STRICT_I18N=1``.
"""

from __future__ import annotations

import gettext
import os
import sys
from collections.abc import Mapping
from functools import cache
from pathlib import Path

Lang = str  # "ru" | "en"
LANGS = ("ru", "en")
DOMAIN = "domino"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

# Flipped by the sweep that deletes the words dicts: then only the catalogs are read, and
# DOMINO_STRICT_I18N=1 turns a key missing from a catalog into a KeyError.
CATALOG_ONLY = False

# Each catalog's Plural-Forms header (the converter writes them; the runtime falls back to them
# when a catalog is missing). A new language adds its line here and its .po.
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
    "(n%100<10 || n%100>=20) ? 1 : 2);",
}

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


def N_(key: str) -> str:
    """Mark a key built at runtime (``N_("level_easy")``) for extraction; returns it unchanged."""
    return key


def detect_lang(environ: Mapping[str, str] | None = None) -> Lang:
    """The player's language from the locale: the first non-empty of ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG`` (the POSIX order); ``ru*`` is Russian, anything else English."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return "ru" if value.strip().lower().startswith("ru") else "en"
    return "en"


def add_strings(table: dict[str, dict[str, str]]) -> None:
    """Merge an area's words into :data:`STRINGS`; keys already defined are never overwritten."""
    for lang, words in table.items():
        merged = STRINGS.setdefault(lang, {})
        for key, text in words.items():
            merged.setdefault(key, text)


_warned: set[str] = set()


@cache
def translation(lang: Lang) -> gettext.GNUTranslations | None:
    """The compiled catalog of ``lang`` (cached), or None with one line on stderr when the
    ``.mo`` file is missing (a source tree that was never built)."""
    try:
        found = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[lang])
    except OSError:
        if lang not in _warned:
            _warned.add(lang)
            mo = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
            sys.stderr.write(
                f"domino: the {lang} word catalog {mo} is missing; "
                "run `python tools/catalogs.py` (or reinstall) to compile it\n"
            )
        return None
    return found if isinstance(found, gettext.GNUTranslations) else None


def reload_catalogs() -> None:
    """Forget the cached catalogs (after compiling them anew)."""
    translation.cache_clear()
    _warned.clear()


def _strict() -> bool:
    return CATALOG_ONLY and os.environ.get("DOMINO_STRICT_I18N") == "1"


def _catalog(key: str, lang: Lang) -> str | None:
    found = translation(lang)
    if found is None:
        return None
    text = found.gettext(key)
    return text if text != key and text else None


def has_key(key: str, lang: Lang) -> bool:
    """Whether ``lang`` has words for ``key`` (for call sites that probe a key built at runtime,
    which must not trip strict mode)."""
    if not CATALOG_ONLY and key in STRINGS.get(lang, {}):
        return True
    found = translation(lang)
    return found is not None and (key in found._catalog or (key, 0) in found._catalog)  # type: ignore[attr-defined]


def tr(key: str, lang: Lang = "en", **fmt: object) -> str:
    """The text for ``key`` in ``lang`` (English, then the key itself, as fallbacks)."""
    text = None if CATALOG_ONLY else STRINGS.get(lang, {}).get(key)
    if not text:
        text = _catalog(key, lang)
    if not text:
        if _strict():
            raise KeyError(f"{key!r} is missing from the {lang} catalog")
        text = (None if CATALOG_ONLY else STRINGS["en"].get(key)) or _catalog(key, "en") or key
    return text.format(**fmt) if fmt else text


def plural_index(n: int, lang: Lang) -> int:
    """Which plural form ``n`` takes in ``lang`` (the catalog's Plural-Forms)."""
    found = translation(lang)
    if found is not None:
        return int(found.plural(n))  # type: ignore[attr-defined]
    rule = PLURAL_FORMS.get(lang, PLURAL_FORMS["en"]).split("plural=", 1)[1].rstrip("; ")
    return int(gettext.c2py(rule)(n))


def plural_id(key: str) -> str:
    """The msgid_plural of a counted word's entry (the catalogs key plurals by msgid alone)."""
    return f"{key}.plural"


def tn(key: str, n: int, lang: Lang = "en", **fmt: object) -> str:
    """The form of the counted word ``key`` for ``n`` in ``lang`` ("кость", "кости", "костей"),
    formatted with ``n`` and ``fmt``."""
    text: str | None = None
    old = None if CATALOG_ONLY else STRINGS.get(lang, {}).get(key)
    if old:  # transition: "one|many" / "one|few|many" in a words dict
        forms = old.split("|")
        text = forms[min(plural_index(n, lang), len(forms) - 1)]
    if not text:
        for each in (lang, "en"):
            found = translation(each)
            if found is not None:
                got = found.ngettext(key, plural_id(key), n)
                if got not in (key, plural_id(key)):
                    text = got
                    break
            if _strict():
                raise KeyError(f"{key!r} is missing from the {lang} catalog")
    if not text:
        old = None if CATALOG_ONLY else STRINGS["en"].get(key)
        text = old.split("|")[0 if n == 1 else -1] if old else key
    return text.format(n=n, **fmt)


def check_lang(lang: str) -> Lang:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose ru or en")
    return lang


# --- transcript and CLI (domino sim, domino rules, domino export) --------------------------------
# Keys start with "tx." and are merged into STRINGS below; counted words are "one|many" in English
# and "one|few|many" in Russian (see domino_tui.transcript.plural).
_TRANSCRIPT_STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "tx.variant.kozel": "Goat",
        "tx.variant.kozel-pairs": "Goat in pairs",
        "tx.variant.classic": "Classic dominoes",
        "tx.players": "{n} players",
        "tx.fish_mode.one": "fish on one",
        "tx.fish_mode.all": "fish on all",
        "tx.fish_mode.fisher": "fish on the fisher",
        "tx.pair_fish.own": "fish: the heavier pair scores its own",
        "tx.pair_fish.all": "fish: the heavier pair scores both",
        "tx.target": "to {n}",
        "tx.rounds": "{n} rounds",
        "tx.seed": "seed {n}",
        "tx.seat": "Player {n}",
        "tx.tiles": "tile|tiles",
        "tx.points": "point|points",
        "tx.round": "Round {n}",
        "tx.deal": "Deal",
        "tx.redeals": "redealt {n}×",
        "tx.boneyard_size": "boneyard: {tiles}",
        "tx.no_boneyard": "no boneyard",
        "tx.unknown_deal": "(not known: took the boneyard)",
        "tx.col_who": "player",
        "tx.col_move": "move",
        "tx.col_ends": "ends",
        "tx.lead": "leads {tile}",
        "tx.play_left": "plays {tile} on the left",
        "tx.play_right": "plays {tile} on the right",
        "tx.play_pair": "plays {a} on the left and {b} on the right",
        "tx.draw": "draws {tiles} from the boneyard",
        "tx.knock": "knocks",
        "tx.went_out": "{name} went out.",
        "tx.fish": "Fish! The fisher is {name}.",
        "tx.takes": "{name} takes the boneyard: {tiles}.",
        "tx.eggs": "Fish with eggs: a tie for the most points, nobody scores.",
        "tx.hands": "Hands",
        "tx.drops_out": "{name} reached the target: a goat, out of the game.",
        "tx.round_running": "(round in play)",
        "tx.score_after": "Score after round {n}",
        "tx.row_before": "before",
        "tx.row_round": "round",
        "tx.row_after": "total",
        "tx.n_out": "went out",
        "tx.n_fisher": "fisher",
        "tx.n_opened": "opened",
        "tx.n_cleared": "lost +{n}",
        "tx.carry_pending": "+{n} carries over to the next round (pending).",
        "tx.carry_moves": "+{n} carry-over moves on: a tie for the most points.",
        "tx.carry_paid": "+{n} carry-over paid by {name}.",
        "tx.match_over": "Match over",
        "tx.unfinished": "(the match is not finished)",
        "tx.abandoned": "{name} left the match.",
        "tx.winner": "Winner: {names}",
        "tx.goat_is": "The goat: {names}",
        "tx.goats_are": "Goats: {names}",
        "tx.no_goat": "No goat: all totals are equal.",
        "tx.rounds_played": "Rounds played: {n}",
        "tx.col_score": "score",
        "tx.col_rating": "rating",
        "tx.bots": "Bots: {bots}",
    },
    "ru": {
        "tx.variant.kozel": "Козёл",
        "tx.variant.kozel-pairs": "Парный козёл",
        "tx.variant.classic": "Классическое домино",
        "tx.players": "игроков: {n}",
        "tx.fish_mode.one": "рыба на одного",
        "tx.fish_mode.all": "рыба на всех",
        "tx.fish_mode.fisher": "рыба на рыбака",
        "tx.pair_fish.own": "рыба: пара с большей суммой пишет свою",
        "tx.pair_fish.all": "рыба: пара с большей суммой пишет обе",
        "tx.target": "до {n}",
        "tx.rounds": "конов: {n}",
        "tx.seed": "сид {n}",
        "tx.seat": "Игрок {n}",
        "tx.tiles": "кость|кости|костей",
        "tx.points": "очко|очка|очков",
        "tx.round": "Кон {n}",
        "tx.deal": "Сдача",
        "tx.redeals": "пересдача ×{n}",
        "tx.boneyard_size": "базар: {tiles}",
        "tx.no_boneyard": "базара нет",
        "tx.unknown_deal": "(неизвестно: забрал базар)",
        "tx.col_who": "игрок",
        "tx.col_move": "ход",
        "tx.col_ends": "концы",
        "tx.lead": "заходит с {tile}",
        "tx.play_left": "ставит {tile} слева",
        "tx.play_right": "ставит {tile} справа",
        "tx.play_pair": "ставит {a} слева и {b} справа",
        "tx.draw": "берёт из базара {tiles}",
        "tx.knock": "стучит",
        "tx.went_out": "{name} вышел.",
        "tx.fish": "Рыба! Рыбак — {name}.",
        "tx.takes": "{name} забирает базар: {tiles}.",
        "tx.eggs": "Рыба с яйцами: ничья по очкам, никто не пишет.",
        "tx.hands": "На руках",
        "tx.drops_out": "{name} набрал до конца: козёл, выбывает.",
        "tx.round_running": "(кон идёт)",
        "tx.score_after": "Счёт после кона {n}",
        "tx.row_before": "было",
        "tx.row_round": "кон",
        "tx.row_after": "стало",
        "tx.n_out": "вышел",
        "tx.n_fisher": "рыбак",
        "tx.n_opened": "открыл счёт",
        "tx.n_cleared": "сгорело +{n}",
        "tx.carry_pending": "+{n} в запасе: достанется в следующем коне.",
        "tx.carry_moves": "+{n} в запасе переходит дальше: ничья по очкам.",
        "tx.carry_paid": "+{n} из запаса пишет {name}.",
        "tx.match_over": "Конец партии",
        "tx.unfinished": "(партия не окончена)",
        "tx.abandoned": "{name} покинул партию.",
        "tx.winner": "Победитель: {names}",
        "tx.goat_is": "Козёл: {names}",
        "tx.goats_are": "Козлы: {names}",
        "tx.no_goat": "Козла нет: у всех поровну.",
        "tx.rounds_played": "Сыграно конов: {n}",
        "tx.col_score": "счёт",
        "tx.col_rating": "рейтинг",
        "tx.bots": "Боты: {bots}",
    },
}
for _lang, _words in _TRANSCRIPT_STRINGS.items():
    STRINGS[_lang].update(_words)
