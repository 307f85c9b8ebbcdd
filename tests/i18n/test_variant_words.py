"""The words of the Козёл family's variants (issue 10): every key the transcript and the CLI
build at run time — a preset's name, an end, a Морской verdict, how a match ended — is in both
catalogs, with the same placeholders."""

from __future__ import annotations

import importlib
import json
import string
from dataclasses import astuple
from typing import get_args

import pytest

from domino_tui import i18n
from domino_tui.engine.cross import END_NAMES
from domino_tui.engine.rules import PRESETS, make_rules
from domino_tui.engine.variants import MODULES, get_variant, morskoy
from domino_tui.variants import presenter
from domino_tui.variants.base import PresetWords
from domino_tui.words.names import preset_words
from domino_tui.words.variant import ended_words, round_notes

LANGS = ("en", "ru")

# the values Морской's notes may hold, as its Notes type declares them
MORSKOY = {
    "fish": get_args(morskoy.Fish),
    "na_sto": get_args(morskoy.NaSto.__annotations__["result"]),
    "try": get_args(morskoy.TryResult),
}


def runtime_keys() -> list[str]:
    keys = [key for p in PRESETS for key in astuple(preset_words(p) or PresetWords("")) if key]
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


@pytest.mark.parametrize("name", list(MODULES))
def test_a_presenter_reads_its_engine_modules_notes_and_words_every_end(name: str) -> None:
    """The notes a variant writes are its engine module's ``Notes`` type, the ways its match
    ends its ``Ended`` enum: its presenter reads that type and has words for every member."""
    engine = importlib.import_module(type(get_variant(name)).__module__)
    shown = presenter(name)
    assert shown.notes_type is getattr(engine, "Notes", None)
    assert set(shown.ends) == set(getattr(engine, "Ended", ()))
    for ended in shown.ends:
        assert isinstance(ended, engine.Ended)


@pytest.mark.parametrize("preset", ["morskoy", "general", "telefon", "sport", "chechevo"])
def test_notes_read_back_from_a_record_say_the_same(preset: str) -> None:
    """A record keeps the notes as a plain JSON object (the ends as plain text): read back,
    every round's words and how the match ended are the same as from the match played."""
    import dataclasses

    from domino_tui.cli.sim import play_match

    rules = make_rules({}, preset)
    match = play_match(rules, 5, ["greedy"] * rules.players)
    names = [f"P{s}" for s in range(rules.players)]
    sides = [f"S{s}" for s in range(rules.sides)]
    played = [round_notes(rules, r, names, sides, "en") for r in match.results]
    ended = ended_words(match, sides, "en")
    for i, result in enumerate(match.results):
        plain = json.loads(json.dumps(result.notes))
        assert type(plain.get("ended")) in (str, type(None))  # not the enum any more
        match.results[i] = dataclasses.replace(result, notes=plain)
    assert [round_notes(rules, r, names, sides, "en") for r in match.results] == played
    assert ended_words(match, sides, "en") == ended


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_built_in_preset_is_named_by_its_presenter(preset: str) -> None:
    """A preset's words come from its variant's presenter: a full name, a short one and a
    line about it, each a catalog key the presenter declares (no key built from the name)."""
    words = preset_words(preset)
    assert words is not None and words.full and words.short and words.about
