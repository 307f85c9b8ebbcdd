"""The player's hand at work, by key or by mouse: each key and click is handed to the pure
:class:`~domino_tui.play.turn.TurnController` (the cursor, choosing an end, a double laid
closed, drawing, knocking, several doubles at once, and why a move is refused), and what it
answers is applied here: the new turn state, then a move laid, a refusal said, or a redraw."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.actions import DRAW, KNOCK
from ...play.turn import Commit, Outcome, Refuse, TurnController, TurnState
from ..widgets.chain import Chain
from ..widgets.hand import Hand
from ..widgets.seats import BoneyardPanel
from .curtain import Curtain
from .tutor import Tutor

Press = Callable[[TurnController, TurnState], Outcome]


class TurnInput(Tutor, Curtain):
    """Keys and clicks on the table; Enter first lifts the hot-seat curtain. Every move they
    make is committed through the tutor (:meth:`~.tutor.Tutor.commit`), which lays it at once
    unless tutor mode wants to look at it first."""

    def press(self, press: Press) -> None:
        """Ask the controller (nothing to ask while no hand is on screen) and apply its answer."""
        controller = self.turn_controller()
        if controller is not None:
            self.apply_turn(press(controller, self.turn))

    def press_key(self, key: str) -> None:
        self.press(lambda controller, state: controller.key(state, key))

    def apply_turn(self, outcome: Outcome) -> None:
        before, self.turn = self.turn, outcome.state
        effect = outcome.effect
        if isinstance(effect, Commit):
            self.commit(effect.code)
        elif isinstance(effect, Refuse) and effect.asking:
            self.say(effect.words)
            self.app.bell()
        elif isinstance(effect, Refuse):
            self.refuse(effect)
        elif self.turn != before:
            self.refresh_table()

    def refuse(self, refusal: Refuse) -> None:
        """The reason, then what the player can do instead (a lesson says what it wants)."""
        self.say(refusal.words)
        self.app.bell()

    def action_left(self) -> None:
        self.press_key("left")

    def action_right(self) -> None:
        self.press_key("right")

    def action_up(self) -> None:
        self.press_key("up")

    def action_down(self) -> None:
        self.press_key("down")

    def action_cancel(self) -> None:
        if not self.stop_tutor():
            self.press_key("cancel")

    def action_play(self) -> None:
        if self.curtain >= 0:
            self.lift_curtain()
        else:
            self.press_key("enter")

    def try_action(self, code: int) -> None:
        """A move named outright: laid if the engine takes it, else its reason."""
        self.press(lambda controller, state: controller.try_action(state, code))

    def action_draw(self) -> None:
        self.try_action(DRAW)

    def action_knock(self) -> None:
        self.try_action(KNOCK)

    def action_close(self) -> None:
        self.press_key("close")

    def action_pair(self) -> None:
        self.press_key("pair")

    def on_hand_tile_clicked(self, event: Hand.TileClicked) -> None:
        self.press(lambda controller, state: controller.click_tile(state, event.tile))

    def on_chain_end_clicked(self, event: Chain.EndClicked) -> None:
        """A click on an end lays the tile being placed there, or the selected tile."""
        self.press(lambda controller, state: controller.click_end(state, event.side))

    def on_boneyard_panel_clicked(self, _: BoneyardPanel.Clicked) -> None:
        self.action_draw()
