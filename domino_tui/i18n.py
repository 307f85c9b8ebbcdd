"""Russian and English words of the game, looked up in gettext catalogs.

The words live in ``domino_tui/locale/<lang>/LC_MESSAGES/domino.po`` (compiled to ``.mo`` by the
build, see ``hatch_build.py`` and ``tools/catalogs.py``); msgids are stable symbolic keys such as
``"status.your_turn"``, and English is a catalog like Russian, so adding a language is adding one
``.po``. Counted words are plural entries (:func:`tn`), formed by each catalog's Plural-Forms.
Game terms stay Russian in the Russian UI (козёл, рыба, базар, стучит); the English UI uses the
glosses of RULES.md.

A variant from another distribution brings its own words (its module's ``WORDS``: language ->
key -> text, each key naming the variant or one of its presets), read only for a key the
catalogs lack. A key missing from the player's catalog falls back to English, then to the key
itself; under
``DOMINO_STRICT_I18N=1`` (the tests) it raises instead. Call sites that probe a key built at
runtime use :func:`has_key`.
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

# Each catalog's Plural-Forms header (the runtime falls back to them when a catalog is missing).
# A new language adds its line here, its code to LANGS and its .po.
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
    "(n%100<10 || n%100>=20) ? 1 : 2);",
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
    plugin_words.cache_clear()
    _warned.clear()


def _strict() -> bool:
    return os.environ.get("DOMINO_STRICT_I18N") == "1"


def _catalog(key: str, lang: Lang) -> str | None:
    found = translation(lang)
    text = found._catalog.get(key) if found is not None else None  # type: ignore[attr-defined]
    if isinstance(text, str) and text:
        return text
    return _plugin_text(key, lang)


def has_key(key: str, lang: Lang) -> bool:
    """Whether ``lang`` has words for ``key`` (for call sites that probe a key built at runtime,
    which must not trip strict mode)."""
    found = translation(lang)
    if found is not None and (key in found._catalog or (key, 0) in found._catalog):  # type: ignore[attr-defined]
        return True
    return _plugin_text(key, lang) is not None


def _plugin_text(key: str, lang: Lang) -> str | None:
    """A plugin's words for ``key``, once the plugins were looked for (a plugin variant can
    be in play only then): a key missing from the catalogs never loads them itself."""
    from .engine.variants import plugins_looked_for

    return plugin_words(lang).get(key) if plugins_looked_for() else None


@cache
def plugin_words(lang: Lang) -> dict[str, str]:
    """The plugin variants' words in ``lang`` (see the module's docstring). Text from a plugin
    is untrusted: it is kept to one printable line of at most 200 characters without braces
    (nothing in it is a placeholder), and a key that names neither the plugin's variant nor
    one of its presets is ignored (a plugin speaks only of itself)."""
    from .engine.variants import plugin_modules

    out: dict[str, str] = {}
    for module in plugin_modules():
        words = getattr(module, "WORDS", None)
        mine = words.get(lang) if isinstance(words, Mapping) else None
        if not isinstance(mine, Mapping):
            continue
        own = {module.VARIANT.name, *module.PRESETS}
        for key, text in mine.items():
            if isinstance(key, str) and isinstance(text, str) and own & set(key.split(".")):
                out.setdefault(key, _plain(text))
    return out


def _plain(text: str) -> str:
    line = "".join(c if c.isprintable() else " " for c in text)[:200]
    return line.replace("{", "(").replace("}", ")")


def tr(key: str, lang: Lang = "en", **fmt: object) -> str:
    """The text for ``key`` in ``lang`` (English, then the key itself, as fallbacks)."""
    text = _catalog(key, lang)
    if not text:
        if _strict():
            raise KeyError(f"{key!r} is missing from the {lang} catalog")
        text = _catalog(key, "en") or key
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
    text = key
    for each in (lang, "en"):
        found = translation(each)
        if found is not None:
            got = found._catalog.get((key, int(found.plural(n))))  # type: ignore[attr-defined]
            if got:
                text = got
                break
        if _strict():
            raise KeyError(f"{key!r} is missing from the {lang} catalog")
    return text.format(n=n, **fmt)


def plural(n: int, key: str, lang: Lang) -> str:
    """``n`` with the right form of a counted word ("1 кость", "3 кости", "5 костей")."""
    return f"{n} {tn(key, n, lang)}"


def check_lang(lang: str) -> Lang:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose ru or en")
    return lang
