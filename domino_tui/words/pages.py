"""The project's own pages for players, shipped with the word catalogs: in
``domino_tui/locale/<lang>/`` the Козёл rule book (``rules.md``), the table's keys
(``keys.md``) and a page per variant (``variants/<page>.md``, named by the variant's presenter:
``Presenter.page``). A language is its catalog and these pages; a page a language lacks is read
in English. The files sit in the package, so a wheel install finds them as a checkout does."""

from __future__ import annotations

from .. import i18n


def page_text(lang: str, *parts: str) -> str:
    """The page at ``locale/<lang>/<parts…>`` (English when ``lang`` has none), or "" when no
    language has it."""
    for each in dict.fromkeys((lang, i18n.FALLBACK)):
        try:
            return i18n.locale_dir().joinpath(each, *parts).read_text("utf-8")
        except OSError:
            continue
    return ""


def rules_page(lang: str) -> str:
    """Козёл's rule book in ``lang``."""
    return page_text(lang, "rules.md")


def keys_page(lang: str) -> str:
    """The table of the table's keys in ``lang`` (it follows the rule book)."""
    return page_text(lang, "keys.md")


def variant_pages() -> tuple[str, ...]:
    """The variants' pages, in the registry's order (RULES.md §10: V1-V6): each variant's
    presenter names its page; Козёл and classic have the rule book instead."""
    from ..engine.variants import MODULES
    from ..variants import presenter

    return tuple(dict.fromkeys(p for p in (presenter(v).page for v in MODULES) if p))


def variant_page(page: str, lang: str) -> str:
    """A variant's page in ``lang`` (English when that language has none yet), or "" when
    there is no such page."""
    if page not in variant_pages():
        return ""
    return page_text(lang, "variants", f"{page}.md")
