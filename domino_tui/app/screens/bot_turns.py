"""Bots' turns: a bot thinks in a thread worker while the table stays live, then waits out the
chosen pace (Space cuts the wait short) before its move lands."""

from __future__ import annotations

from textual import work

from ...engine.view import SeatView
from ..settings import PACES
from .table import TableScreen


class BotTurns(TableScreen):
    def start_bot_turn(self, seat: int) -> None:
        """The bot sees only its own seat's view; the answer carries the turn's token."""
        view = self.session.view(seat)
        delay = PACES.get(self.domino.pace, 0.0)
        self.bot_turn(seat, view, self.token, delay)
        self.refresh_table()

    @work(thread=True, exclusive=True, group="bot")
    def bot_turn(self, seat: int, view: SeatView, token: int, delay: float) -> None:
        """Think off the UI thread; a failing bot plays its first legal action."""
        try:
            code = self.session.bots[seat].choose(view)
        except Exception:  # a bot bug must not end the player's game
            code = view.legal[0]
        if delay > 0:
            self.skip.wait(delay)
        self.app.call_from_thread(self.bot_done, seat, code, token)

    def bot_done(self, seat: int, code: int, token: int) -> None:
        """An answer for a position that has moved on (undo, a timeout, leaving) is dropped."""
        if token != self.token or self.match.over or self.match.turn != seat:
            return
        if code not in self.match.legal_actions():
            code = self.match.legal_actions()[0]
        self.perform(code)

    def action_skip(self) -> None:
        self.skip.set()
