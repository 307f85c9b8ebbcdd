"""The words of the game in every language we have a catalog for, looked up in gettext catalogs.

The words live in ``domino_tui/locale/<lang>/LC_MESSAGES/domino.po`` (compiled to ``.mo`` by the
build, see ``hatch_build.py`` and ``tools/catalogs.py``); msgids are stable symbolic keys such as
``"status.your_turn"``, and English is a catalog like Russian, so adding a language is adding one
``.po`` (and its pages beside it, :mod:`domino_tui.words.pages`): the languages are the catalogs
found (:func:`languages`). Counted words are plural entries (:func:`tn`), formed by each
catalog's Plural-Forms header. ``DOMINO_LOCALE_DIR`` points the game at another locale folder
(the tests build a pseudo-language there).
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
import re
import sys
from collections.abc import Mapping
from functools import cache
from pathlib import Path

Lang = str  # a catalog's code: "ru", "en", …
DOMAIN = "domino"
PACKAGE_LOCALE = Path(__file__).resolve().parent / "locale"
FALLBACK: Lang = "en"  # a word missing from a catalog is said in English, as is an unknown locale
HOME: Lang = (
    "ru"  # the game's own language (its terms are Russian): first wherever languages are listed
)
ENGLISH_PLURALS = "nplurals=2; plural=(n != 1);"


def locale_dir() -> Path:
    """The folder of the catalogs and pages: ``DOMINO_LOCALE_DIR`` when set, else the package's."""
    other = os.environ.get("DOMINO_LOCALE_DIR")
    return Path(other) if other else PACKAGE_LOCALE


def languages() -> tuple[Lang, ...]:
    """The languages we have a catalog for (a ``domino.po`` or ``.mo`` under
    ``<locale>/<lang>/LC_MESSAGES``): the game's own first, then by code."""
    return _languages(locale_dir())


@cache
def _languages(folder: Path) -> tuple[Lang, ...]:
    found = {
        each.parent.parent.name
        for pattern in (f"*/LC_MESSAGES/{DOMAIN}.po", f"*/LC_MESSAGES/{DOMAIN}.mo")
        for each in folder.glob(pattern)
    }
    return tuple(sorted(found, key=lambda code: (code != HOME, code)))


def languages_text() -> str:
    """The languages as a command's help and refusals name them: "ru, en"."""
    return ", ".join(languages())


def N_(key: str) -> str:
    """Mark a key built at runtime (``N_("level_easy")``) for extraction; returns it unchanged."""
    return key


def detect_lang(environ: Mapping[str, str] | None = None) -> Lang:
    """The player's language from the locale: the first non-empty of ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG`` (the POSIX order); its language code (``ru`` of ``ru_RU.UTF-8``)
    when we have that catalog, else English."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            code = re.match(r"[a-z]*", value.strip().lower())
            found = code.group() if code else ""
            return found if found in languages() else FALLBACK
    return FALLBACK


_warned: set[str] = set()


@cache
def translation(lang: Lang) -> gettext.GNUTranslations | None:
    """The compiled catalog of ``lang`` (cached), or None with one line on stderr when the
    ``.mo`` file is missing (a source tree that was never built)."""
    try:
        found = gettext.translation(DOMAIN, localedir=str(locale_dir()), languages=[lang])
    except OSError:
        if lang not in _warned:
            _warned.add(lang)
            mo = locale_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
            sys.stderr.write(
                f"domino: the {lang} word catalog {mo} is missing; "
                "run `python tools/catalogs.py` (or reinstall) to compile it\n"
            )
        return None
    return found if isinstance(found, gettext.GNUTranslations) else None


def reload_catalogs() -> None:
    """Forget the cached catalogs (after compiling them anew, or pointing at another folder)."""
    translation.cache_clear()
    plugin_words.cache_clear()
    _languages.cache_clear()
    _po_plural_forms.cache_clear()
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
    rule = _po_plural_forms(lang).split("plural=", 1)[1].rstrip("; ")
    return int(gettext.c2py(rule)(n))


@cache
def _po_plural_forms(lang: Lang) -> str:
    """The Plural-Forms header of ``lang``'s ``.po`` (read when its ``.mo`` is missing: a
    source tree never built), else English's rule."""
    po = locale_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    try:
        head = po.read_text("utf-8")[:4000]
    except OSError:
        return ENGLISH_PLURALS
    found = re.search(r'"Plural-Forms: *([^"\\]*)', head)
    return found.group(1).strip() if found and "plural=" in found.group(1) else ENGLISH_PLURALS


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
    if lang not in languages():
        raise ValueError(f"unknown language {lang!r}; choose {' or '.join(languages())}")
    return lang
