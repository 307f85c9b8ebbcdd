"""The player's hand at work, by key or by mouse: each key and click is handed to the pure
:class:`~domino_tui.play.turn.TurnController` (the cursor, choosing an end, a double laid
closed, drawing, knocking, several doubles at once, and why a move is refused), and what it
answers is applied here: the new turn state, then a move committed through the tutor, or a
refusal said (the screen's :meth:`~.game.GameScreen.refuse`: a lesson words it its own way)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...play.turn import Commit, Outcome, Refuse, TurnController, TurnState

if TYPE_CHECKING:
    from .game import GameScreen

Press = Callable[[TurnController, TurnState], Outcome]


class TurnInput:
    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen

    def press(self, press: Press) -> None:
        """Ask the controller (nothing to ask while no hand is on screen) and apply its answer."""
        controller = self.screen.turn_controller()
        if controller is not None:
            self.apply(press(controller, self.screen.turn))

    def key(self, key: str) -> None:
        self.press(lambda controller, state: controller.key(state, key))

    def action(self, code: int) -> None:
        """A move named outright: laid if the engine takes it, else its reason."""
        self.press(lambda controller, state: controller.try_action(state, code))

    def apply(self, outcome: Outcome) -> None:
        """The new turn state (it redraws itself), then what the key did."""
        screen = self.screen
        screen.turn = outcome.state
        effect = outcome.effect
        if isinstance(effect, Commit):
            screen.tutor.commit(effect.code)
        elif isinstance(effect, Refuse) and effect.asking:
            screen.say(effect.words)
            screen.app.bell()
        elif isinstance(effect, Refuse):
            screen.refuse(effect)
