"""Осёл (V2) as a player reads them: Козёл's words; the close-out is said by the round's end
line (``RoundResult.closed_out``), so its note needs no words of its own."""

from __future__ import annotations

from ..engine.variants.osel import Notes
from .base import Presenter


class OselPresenter(Presenter):
    notes_type = Notes
    page = "osel"


PRESENTER = OselPresenter()
