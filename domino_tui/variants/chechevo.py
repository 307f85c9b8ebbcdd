"""Чечевэ (V5) as a player reads it: going out with 6-6 or 0-0, a 0-0 left in a hand."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.match import Match
from ..engine.variants.chechevo import Notes
from ..i18n import Lang, tr
from .base import Presenter, Told, notes_as


class ChechevoPresenter(Presenter):
    notes_type = Notes
    page = "chechevo"

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

    def ended(self, match: Match, sides: Sequence[str], lang: Lang) -> str | None:
        """V5.8.3: going out with 0-0 ends the match at once, whatever the sheet says."""
        if notes_as(Notes, match.results[-1]).get("blank_out"):
            return tr("vn.ended.blank_out", lang)
        return super().ended(match, sides, lang)


PRESENTER = ChechevoPresenter()
