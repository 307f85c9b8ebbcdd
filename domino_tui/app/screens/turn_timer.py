"""The hot-seat turn timer (K10.1): a player who lets it run out abandons the game."""

from __future__ import annotations

from textual.widgets import Static

from ...words.strings import t
from .table import TableScreen


class TurnTimer(TableScreen):
    def start_timer(self) -> None:
        if self.session.timer:
            self.set_interval(self.domino.tick_seconds, self.tick)

    def wind_clock(self, seat: int) -> None:
        """A full clock for a new player to move; the same player keeps what is left."""
        if self.session.timer and (self.clock is None or self.clock[0] != seat):
            self.clock = (seat, self.session.timer)

    def tick(self) -> None:
        """One second of the turn timer; it stands still while a dialog covers the table."""
        if self.clock is None or self.waiting_modal or self.match.over:
            return
        if self.app.screen is not self:
            return
        seat, left = self.clock
        self.clock = (seat, left - 1)
        if left - 1 <= 0:
            self.time_out(seat)
        else:
            self.query_one("#status", Static).update(self.status_text())

    def time_out(self, seat: int) -> None:
        """K10.1: the timer ran out, so ``seat`` abandoned the game."""
        self.clock = None
        self.token += 1  # nothing more lands on this table
        self.hide_hand()
        self.curtain = -1
        self.write_log(t("log_timed_out", self.lang, name=self.session.name(seat)))
        self.session.abandon(seat)
        self.game_over()
