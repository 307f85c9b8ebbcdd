"""The hot-seat privacy curtain: one keyboard, several humans, no peeking.

When a human's turn passes, the hand is hidden at once; the next human's turn starts behind a
curtain (board, scores and log stay in view) that only that player lifts with Enter or a click.
The seat behind it is the screen's ``curtain`` (the table's view draws it).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...engine.actions import KNOCK

if TYPE_CHECKING:
    from .game import GameScreen


class Curtain:
    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen

    def before_turn(self, seat: int) -> None:
        """In hot-seat a new player's turn starts behind the curtain; otherwise (and once the
        curtain is lifted) the hand is shown with the cursor on a playable tile."""
        screen = self.screen
        if screen.table.curtain == seat:  # the table lowered it for this turn
            screen.hide_hand()
            screen.bottom = screen.curtain = seat
            screen.refresh_table()
            return
        self.show_hand(seat)

    def lift(self) -> None:
        screen = self.screen
        seat, screen.curtain = screen.curtain, -1
        # a key pressed behind the curtain leaves nothing for the next player
        screen.turn = replace(screen.turn, message="")
        if seat >= 0 and not screen.match.over and screen.match.turn == seat:
            screen.table.lift(seat)  # only now may the table take this seat's moves
            self.show_hand(seat)

    def show_hand(self, seat: int) -> None:
        """``seat``'s hand on screen, the cursor where the controller puts it
        (:meth:`~domino_tui.play.turn.TurnController.show_hand`); a lone knock is made at once
        if the player asked for that in Settings."""
        screen = self.screen
        same = seat == screen.viewer
        screen.viewer = screen.bottom = seat
        controller = screen.turn_controller()
        if controller is not None:
            screen.turn = controller.show_hand(screen.turn, same)
        screen.refresh_table()
        if screen.auto_knock() and screen.match.legal_actions() == [KNOCK]:
            screen.call_later(screen.perform, KNOCK)
