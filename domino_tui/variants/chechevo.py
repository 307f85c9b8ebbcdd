"""Чечевэ (V5) as a player reads it: going out with 6-6 or 0-0, a 0-0 left in a hand."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.match import Match, RoundResult
from ..engine.rules import Rules
from ..engine.variants.chechevo import Notes
from ..i18n import Lang, tr
from ..words.marks import GOAT_MARK
from .base import Presenter, PresetWords, Told, notes_as


class ChechevoPresenter(Presenter):
    notes_type = Notes
    page = "chechevo"
    presets = {  # noqa: RUF012 - read-only table
        "chechevo": PresetWords(
            "tx.variant.chechevo", "preset_short.chechevo", "ng.about.chechevo"
        ),
    }

    def round_notes(self, told: Told) -> list[str]:
        notes, names, lang = told.notes_as(Notes), told.names, told.lang
        out = []
        if notes.get("six_six_out"):
            out.append(tr("vn.chechevo.six_six_out", lang))
        if notes.get("blank_out"):
            out.append(tr("vn.chechevo.blank_out", lang))
        for seat in notes.get("blank_in_hand") or []:
            out.append(tr("vn.chechevo.blank_in_hand", lang, name=names[seat]))
        return out

    def label_marks(self, result: RoundResult) -> str:
        """``⁶`` went out with 6-6 (V5.8.2), ``⁰`` with 0-0 (V5.8.3)."""
        notes = notes_as(Notes, result)
        return ("⁶" if notes.get("six_six_out") else "") + ("⁰" if notes.get("blank_out") else "")

    def goat_reason(self, rules: Rules, result: RoundResult, side: int, lang: Lang) -> str:
        """Goats by 0-0: left holding it (V5.8.4) or another went out with it (V5.8.3)."""
        notes = notes_as(Notes, result)
        if any(rules.side_of(seat) == side for seat in notes.get("blank_in_hand") or []):
            return tr("sw.goat_blank_in_hand", lang, mark=GOAT_MARK)
        if notes.get("blank_out") and side in result.goats:
            return tr("sw.goat_blank_out", lang, mark=GOAT_MARK)
        return ""

    def ended(self, match: Match, sides: Sequence[str], lang: Lang) -> str | None:
        """V5.8.3: going out with 0-0 ends the match at once, whatever the sheet says."""
        if notes_as(Notes, match.results[-1]).get("blank_out"):
            return tr("vn.ended.blank_out", lang)
        return super().ended(match, sides, lang)


PRESENTER = ChechevoPresenter()
