"""Осёл (V2) as a player reads them: Козёл's words; the close-out is said by the round's end
line (``RoundResult.closed_out``), so its note needs no words of its own."""

from __future__ import annotations

from .base import Presenter


class OselPresenter(Presenter):
    handled = frozenset({"closed_out"})
    page = "osel"


PRESENTER = OselPresenter()
