"""The hot-seat turn timer (K10.1): a player who lets it run out abandons the game.

The clock is the table's (:meth:`~domino_tui.play.table.TableSession.tick`, time passed in):
this screen ticks it once a second while the table is in view, shows the seconds it reports and
ends the game when it says the time is up."""

from __future__ import annotations

from ...words.strings import t
from .table import TableScreen


class TurnTimer(TableScreen):
    def start_timer(self) -> None:
        if self.session.timer:
            self.set_interval(self.domino.tick_seconds, self.tick)

    def tick(self) -> None:
        """One second of the turn timer; it stands still while a dialog covers the table."""
        if self.clock is None or self.waiting_modal or self.match.over:
            return
        if self.app.screen is not self:
            return
        self.table.tick()  # its Tick or TimeUp comes back through on_table_event

    def time_out(self, seat: int) -> None:
        """K10.1: the timer ran out, so ``seat`` abandoned the game (the table has ended it)."""
        self.clock = None
        self.token += 1  # nothing more lands on this table
        self.hide_hand()
        self.curtain = -1
        self.write_log(t("log_timed_out", self.lang, name=self.session.name(seat)))
        self.game_over()
