"""The hot-seat privacy curtain: one keyboard, several humans, no peeking.

When a human's turn passes, the hand is hidden at once; the next human's turn starts behind a
curtain (board, scores and log stay in view) that only that player lifts with Enter or a click.
"""

from __future__ import annotations

from dataclasses import replace

from textual import events

from ...engine.actions import KNOCK
from ..widgets.hand import Hand
from .table import TableScreen


class Curtain(TableScreen):
    def before_human_turn(self, seat: int) -> None:
        """In hot-seat a new player's turn starts behind the curtain; otherwise (and once the
        curtain is lifted) the hand is shown with the cursor on a playable tile."""
        if self.table.curtain == seat:  # the table lowered it for this turn
            self.hide_hand()
            self.bottom = self.curtain = seat
            self.refresh_table()
            return
        self.show_hand(seat)

    def lift_curtain(self) -> None:
        seat, self.curtain = self.curtain, -1
        # a key pressed behind the curtain leaves nothing for the next player
        self.turn = replace(self.turn, message="")
        if seat >= 0 and not self.match.over and self.match.turn == seat:
            self.table.lift(seat)  # only now may the table take this seat's moves
            self.show_hand(seat)

    def show_hand(self, seat: int) -> None:
        """The hand on screen with the cursor on a playable tile; a lone knock is made at once
        if the player asked for that in Settings."""
        self.put_hand(seat)
        if self.domino.settings.auto_knock and self.match.legal_actions() == [KNOCK]:
            self.call_later(self.perform, KNOCK)

    def put_hand(self, seat: int) -> None:
        """``seat``'s hand on screen, the cursor where the controller puts it
        (:meth:`~domino_tui.play.turn.TurnController.show_hand`)."""
        same = seat == self.viewer
        self.viewer = self.bottom = seat
        controller = self.turn_controller()
        if controller is not None:
            self.turn = controller.show_hand(self.turn, same)
        self.refresh_table()

    def on_click(self, event: events.Click) -> None:
        """A click on the hidden hand lifts the curtain, like Enter."""
        if self.curtain >= 0 and isinstance(event.widget, Hand):
            self.lift_curtain()
