"""The project's own texts for players, shipped inside the package: the Козёл rule book
(``rules_ru.md``, ``rules_en.md``) and a page per variant (``variants/<lang>/<page>.md``, one
per variant module: morskoy, osel, telefon, general, chechevo, sport). They are read through
:mod:`importlib.resources`, so a wheel install finds them as a checkout does."""

from __future__ import annotations

from importlib import resources

# the variant pages, in the order of RULES.md §10 (V1-V6)
VARIANT_PAGES = ("morskoy", "osel", "telefon", "general", "chechevo", "sport")


def variant_page(page: str, lang: str) -> str:
    """A variant's page in ``lang`` (English when that language has none yet), or "" when
    there is no such page."""
    if page not in VARIANT_PAGES:
        return ""
    folder = resources.files(__name__).joinpath("variants")
    for each in dict.fromkeys((lang, "en")):
        try:
            return folder.joinpath(each, f"{page}.md").read_text("utf-8")
        except OSError:
            continue
    return ""
