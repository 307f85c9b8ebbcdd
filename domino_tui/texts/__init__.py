"""The project's own texts for players, shipped inside the package: the Козёл rule book
(``rules_ru.md``, ``rules_en.md``) and a page per variant (``variants/<lang>/<page>.md``, named
by the variant's presenter: ``Presenter.page``). They are read through
:mod:`importlib.resources`, so a wheel install finds them as a checkout does."""

from __future__ import annotations

from importlib import resources


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
    folder = resources.files(__name__).joinpath("variants")
    for each in dict.fromkeys((lang, "en")):
        try:
            return folder.joinpath(each, f"{page}.md").read_text("utf-8")
        except OSError:
            continue
    return ""
