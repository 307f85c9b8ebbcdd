"""The hot-seat turn timer (K10.1): a player who lets it run out abandons the game.

The clock is the table's (:meth:`~domino_tui.play.table.TableSession.tick`, time passed in):
the screen ticks it once a second while the table is in view, shows the seconds it reports and
ends the game when it says the time is up."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import GameScreen


class TurnTimer:
    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen

    def start(self) -> None:
        screen = self.screen
        if screen.session.timer:
            screen.set_interval(screen.domino.tick_seconds, self.tick)

    def tick(self) -> None:
        """One second of the turn timer; it stands still while a dialog covers the table."""
        screen = self.screen
        if screen.clock is None or screen.waiting_modal or screen.match.over:
            return
        if screen.app.screen is not screen:
            return
        screen.table.tick()  # its Tick or TimeUp comes back through on_table_event
