"""Tutor mode: before a human's move is laid, the coach looks at it, and a mistake or a blunder
is stopped with a dialog that offers to take it back or to play it anyway.

The look (the table's :meth:`~domino_tui.play.table.TableSession.answer_tutor`, with
:func:`domino_tui.play.tutor.look`) uses the deciding seat's view only, the same one the hint
uses, so the warning can never tell a hidden tile. It runs in a thread worker:
the table stays live (help, log, hints, the menu), only a second move waits until it answers.
An answer for a position that has moved on (undo, a timeout, leaving) is dropped, as bots' are.
A forced move (one distinct legal move) and bots' moves are never looked at. In hot-seat the
look starts only on the player's own turn, after the curtain is lifted, so the dialog shows only
that player's facts. A move taken back was never played: nothing to undo, nothing saved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static
from textual.worker import get_current_worker

from ...play.table import TutorAsked
from ...play.tutor import Caught, caught_lines, look
from ...words.strings import t
from .answers import TutorAnswered
from .base import DominoModal

if TYPE_CHECKING:
    from .game import GameScreen

__all__ = ["ANYWAY", "BACK", "Caught", "Tutor", "TutorWarning", "caught_lines", "look"]

BACK, ANYWAY = "back", "anyway"


class TutorWarning(DominoModal):
    """The tutor's warning: Esc/B take the move back, Enter/A play it anyway."""

    KEYS = (("escape,b", "back", "tutor.back"), ("a", "anyway", "tutor.anyway"))
    DEFAULT_CSS = """
    TutorWarning { align: center middle; }
    TutorWarning > Vertical {
        width: 74; max-width: 100%; height: auto; max-height: 100%;
        border: thick $warning; background: $surface; padding: 0 1;
    }
    TutorWarning #tutor-title { text-style: bold; color: $warning; }
    TutorWarning #tutor-words { margin-top: 1; }
    TutorWarning #tutor-honest { color: $text-muted; margin-top: 1; }
    TutorWarning Horizontal { height: auto; align: center middle; margin-top: 1; }
    TutorWarning Button { margin: 0 1; }
    """

    def __init__(self, caught: Caught, names: Sequence[str]) -> None:
        super().__init__()
        self.caught = caught
        self.names = tuple(names)

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical():
            title = t(f"tutor.title_{self.caught.decision.label}", lang)
            yield Static(Text(title), id="tutor-title")
            words = "\n".join(caught_lines(self.caught, self.names, lang))
            yield Static(Text(words), id="tutor-words")
            yield Static(Text(t("tutor.honest", lang)), id="tutor-honest")
            with Horizontal():
                yield Button(t("tutor.back", lang) + " (Esc)", id=BACK, variant="primary")
                yield Button(t("tutor.anyway", lang) + " (Enter)", id=ANYWAY, variant="warning")

    def on_mount(self) -> None:
        self.query_one(f"#{ANYWAY}", Button).focus()  # Enter plays it anyway

    def action_back(self) -> None:
        self.dismiss(BACK)

    def action_anyway(self) -> None:
        self.dismiss(ANYWAY)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or BACK)


class Tutor:
    """The screen's side of the tutor: every move of the player at the table goes through
    :meth:`commit`, which lays it, or first has the table's tutor look at it."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.move = -1  # the move the tutor is looking at; another waits until it answers

    def commit(self, code: int) -> None:
        """Lay the player's move, unless the tutor wants to look at it first."""
        screen = self.screen
        if self.move >= 0:
            screen.say(t("tutor.held", screen.lang))
            return
        wanted = screen.tutor_wanted(code)
        asked = screen.table.ask_tutor(screen.viewer, code) if wanted else None
        if asked is None:
            screen.perform(code)
            return
        self.move = code
        # the move is made: no end is being chosen any more
        screen.turn = replace(screen.turn.cleared(), message=t("tutor.looking", screen.lang))
        look_at = partial(self.look_at, asked, screen.token)
        screen.run_worker(look_at, thread=True, exclusive=True, group="tutor")

    def stop(self) -> bool:
        """Esc while the tutor looks (a rare position can take it long): the look is
        dropped and the move not played; the player chooses again. False if it was not looking."""
        if self.move < 0:
            return False
        self.move = -1
        self.screen.say(t("tutor.stopped", self.screen.lang))
        return True

    def look_at(self, asked: TutorAsked, token: int) -> None:
        """The look runs in the tutor's own thread within the help limit; one that fails or
        does not come in time lays the move, as if the tutor had nothing to say."""
        worker = get_current_worker()
        answer = self.screen.table.answer_tutor(asked, lambda: worker.is_cancelled)
        if answer is not None:
            self.screen.post_message(TutorAnswered(answer, token))

    def answered(self, message: TutorAnswered) -> None:
        """The answer: lay the move, or ask. One for a position that moved on is dropped."""
        screen = self.screen
        caught, code, token = message.answer.caught, message.answer.code, message.token
        if self.move != code:  # stopped with Esc
            return
        self.move = -1
        if token != screen.token or not screen.my_turn():
            return
        if code not in screen.match.legal_actions():
            return
        screen.turn = replace(screen.turn, message="")
        if caught is None:
            screen.perform(code)
            return
        names = [screen.session.name(seat) for seat in range(screen.session.rules.players)]
        screen.app.push_screen(
            TutorWarning(caught, names), lambda choice: self.decided(choice, code, token)
        )

    def decided(self, choice: str | None, code: int, token: int) -> None:
        screen = self.screen
        if token != screen.token or not screen.my_turn():
            return
        if choice == ANYWAY:
            screen.perform(code)
            return
        # the end chosen, the closed mark: the player chooses afresh
        screen.turn = replace(screen.turn.cleared(), message=t("tutor.taken_back", screen.lang))
