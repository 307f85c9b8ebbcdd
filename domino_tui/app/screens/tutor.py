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

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static
from textual.worker import get_current_worker

from ...play.table import TutorAsked
from ...play.tutor import Caught, caught_lines, look
from ...words.strings import t
from .answers import TutorAnswered
from .base import DominoModal
from .table import TableScreen

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


class Tutor(TableScreen):
    """The table's side of the tutor: every move of the player at the table goes through
    :meth:`commit`, which lays it, or first has the table's tutor look at it."""

    tutor_move = -1  # the move the tutor is looking at; another waits until it answers

    def tutor_on(self) -> bool:
        """This table's choice (``domino play --tutor``, the guided game), else the setting."""
        return self.table.tutor_on()

    def tutor_wanted(self, code: int) -> bool:
        """Only a real choice of the player to move is looked at, never a forced move."""
        return self.my_turn() and self.table.tutor_wanted(self.viewer, code)

    def commit(self, code: int) -> None:
        """Lay the player's move, unless the tutor wants to look at it first."""
        if self.tutor_move >= 0:
            self.say(t("tutor.held", self.lang))
            return
        asked = self.table.ask_tutor(self.viewer, code) if self.tutor_wanted(code) else None
        if asked is None:
            self.perform(code)
            return
        self.tutor_move = code
        self.clear_choice()  # the move is made: no end is being chosen any more
        self.message = t("tutor.looking", self.lang)
        self.refresh_table()
        self.tutor_worker(asked, self.token)

    def stop_tutor(self) -> bool:
        """Esc while the tutor looks (a rare position can take it long): the look is
        dropped and the move not played; the player chooses again. False if it was not looking."""
        if self.tutor_move < 0:
            return False
        self.tutor_move = -1
        self.say(t("tutor.stopped", self.lang))
        return True

    @work(thread=True, exclusive=True, group="tutor")
    def tutor_worker(self, asked: TutorAsked, token: int) -> None:
        """The look runs in the tutor's own thread within the help limit; one that fails or
        does not come in time lays the move, as if the tutor had nothing to say."""
        worker = get_current_worker()
        answer = self.table.answer_tutor(asked, lambda: worker.is_cancelled)
        if answer is not None:
            self.post_message(TutorAnswered(answer, token))

    @on(TutorAnswered)
    def tutor_done(self, message: TutorAnswered) -> None:
        """The answer: lay the move, or ask. One for a position that moved on is dropped."""
        caught, code, token = message.answer.caught, message.answer.code, message.token
        if self.tutor_move != code:  # stopped with Esc
            return
        self.tutor_move = -1
        if token != self.token or not self.my_turn() or code not in self.match.legal_actions():
            return
        self.message = ""
        if caught is None:
            self.perform(code)
            return
        self.refresh_table()
        names = [self.session.name(seat) for seat in range(self.session.rules.players)]
        self.app.push_screen(
            TutorWarning(caught, names), lambda choice: self.after_tutor(choice, code, token)
        )

    def after_tutor(self, choice: str | None, code: int, token: int) -> None:
        if token != self.token or not self.my_turn():
            return
        if choice == ANYWAY:
            self.perform(code)
            return
        self.clear_choice()  # the end chosen, the closed mark: the player chooses afresh
        self.message = t("tutor.taken_back", self.lang)
        self.refresh_table()
