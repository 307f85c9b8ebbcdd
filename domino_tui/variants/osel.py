"""Осёл (V2) as a player reads them: Козёл's words; the close-out is said by the round's end
line (``RoundResult.closed_out``), so its note needs no words of its own."""

from __future__ import annotations

from ..engine.match import RoundResult
from ..engine.variants.osel import Notes
from ..words.marks import CLOSED_MARK
from .base import Presenter, PresetWords


class OselPresenter(Presenter):
    notes_type = Notes
    page = "osel"
    presets = {  # noqa: RUF012 - read-only table
        "osel": PresetWords("tx.variant.osel", "preset_short.osel", "ng.about.osel"),
    }

    def label_marks(self, result: RoundResult) -> str:
        """``×``: the round was closed out (V2.6.2)."""
        return CLOSED_MARK if result.closed_out >= 0 else ""


PRESENTER = OselPresenter()
