"""Чечевэ (V5) as a player reads it: going out with 6-6 or 0-0, a 0-0 left in a hand."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.match import Match
from ..i18n import Lang, tr
from .base import Presenter, Told


class ChechevoPresenter(Presenter):
    handled = frozenset({"six_six_out", "blank_out", "blank_in_hand", "ended"})
    page = "chechevo"

    def round_notes(self, told: Told) -> list[str]:
        notes, names, lang = told.notes, told.names, told.lang
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
        if (match.results[-1].notes or {}).get("blank_out"):
            return tr("vn.ended.blank_out", lang)
        return super().ended(match, sides, lang)


PRESENTER = ChechevoPresenter()
