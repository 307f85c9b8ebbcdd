"""The words of the Козёл family's variants (issue 10): every key the transcript and the CLI
build at run time — a preset's name, an end, a Морской verdict, how a match ended — is in both
catalogs, with the same placeholders."""

from __future__ import annotations

import string

import pytest

from domino_tui import i18n
from domino_tui.engine.cross import END_NAMES
from domino_tui.engine.rules import PRESETS
from domino_tui.engine.variants import MODULES
from domino_tui.variants import presenter

LANGS = ("en", "ru")

# the values the variant modules document for their notes (docs/variants, module docstrings)
MORSKOY = {
    "fish": ("won", "write_off", "eggs", "nothing", "void"),
    "na_sto": ("won", "svoyak", "wiped"),
    "try": ("written_off", "failed", "lost", "dropped"),
}


def runtime_keys() -> list[str]:
    keys = [f"tx.variant.{p}" for p in PRESETS]
    keys += [f"end.{e}" for e in END_NAMES] + [f"tx.at.{e}" for e in END_NAMES]
    keys += [f"vn.morskoy.fish_{v}" for v in MORSKOY["fish"]]
    keys += [f"vn.morskoy.na_sto_{v}" for v in MORSKOY["na_sto"]]
    keys += [f"vn.morskoy.try_{v}" for v in MORSKOY["try"]]
    keys += [f"vn.morskoy.wiped_{w}" for w in ("all", "others")]
    keys += [words.key for v in MODULES for words in presenter(v).ends.values()]
    keys += ["tx.spinner", "tx.spinner.telefon", "tx.spinner.muggins", "tx.spinner.chechevo"]
    return keys


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", runtime_keys())
def test_every_runtime_key_is_in_both_catalogs_with_the_same_placeholders(key: str) -> None:
    raw = {lang: i18n._catalog(key, lang) for lang in LANGS}
    assert all(raw.values()), key
    assert fields(raw["en"] or "") == fields(raw["ru"] or ""), key


def test_every_variant_has_a_presenter_of_its_own_module() -> None:
    """Each built-in variant's words module (domino_tui/variants/<module>.py) defines its
    presenter: none falls back to Козёл's words by a missing file."""
    import importlib

    for name, module in MODULES.items():
        words = importlib.import_module(f"domino_tui.variants.{module}")
        assert presenter(name) is words.PRESENTER
