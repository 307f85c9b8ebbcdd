"""The guided first game ("Learn to play", ``domino learn``): the real table with a lesson band.

The lesson runs on the game screen itself, so a new player learns the very keys, board, score
table and round-end summary they will play with; only the turns are driven differently. The
bots never think: their moves come from the script (:mod:`..lesson`) as each step opens. The
player's keys go through the table's usual paths, and every move the engine would accept is
then checked against the step: a move the lesson did not ask for is refused with the reason
and with what to press instead, as is everything the engine refuses (its own reason, in the
player's language).

The tutor is on in the guided game (its session says so), but the lesson's script does its
work: only the step's own move is accepted, and that move is the lesson's choice, not the
player's, so there is nothing left for the tutor to stop; its look would also be meaningless
here, since the lesson's short hand-dealt rounds keep most tiles in the box, which no guess of
the hidden hands can reproduce. So the table never sends a lesson move to the tutor
(:meth:`LearnScreen.tutor_wanted`), and the lesson plays exactly as scripted; the tutor speaks
from the player's first own game on, if they turn it on in Settings or with ``--tutor``.

The lesson's session is never handed to the app's saves (no autosave listener, no lock), so it
leaves no saved game, no record and no statistics behind.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.widgets import Static

from ...engine.actions import DRAW, KNOCK, is_play
from ...engine.match import RoundResult
from ...engine.tiles import tile_set
from ...play.lesson import NEXT, ROUND_END, STEPS, Step, lesson_session, longest_line
from ...play.session import GameSession
from ...play.table import TableSession
from ...play.turn import Refuse
from ...words.strings import t
from ...words.turn import refused
from ..view import Lesson
from ..widgets.chain import Chain
from .game import GameScreen
from .round_end import RoundEndScreen

if TYPE_CHECKING:
    from ..app import DominoApp


class LessonRoundEnd(RoundEndScreen):
    """The table's own round-end summary, headed by the lesson's words on what it shows."""

    DEFAULT_CSS = """
    LessonRoundEnd #lesson-note { color: $accent; padding-bottom: 1; }
    """

    def __init__(self, session: GameSession, result: RoundResult, note: str) -> None:
        super().__init__(session, result)
        self.note = note

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if widget.id == "summary":  # inside the summary's scroll, above the summary
                head = Text(f"{t('learn.note', self.lang)}: ", style="bold")
                yield Static(head + Text(self.note), id="lesson-note")
            yield widget


class LearnScreen(GameScreen):
    """A game screen whose turns follow :data:`~..lesson.STEPS`, with the step's words in a
    band between the board and the status line.

    It configures the game screen rather than copying it: its own keys (Textual binds keys per
    class, so the lesson's fewer keys need a class of their own), a table whose bots do not
    think, and the game screen's hooks answered the lesson's way — the board's look and the
    prompt (:meth:`lesson`), no automatic knock, its round-end summary, reading on after it,
    what a move or key the step did not ask for is told. The turn cycle, the round's end and
    the hand on screen are the game screen's own."""

    KEYS: tuple[tuple[str, str, str], ...] = (
        ("left", "left", ""),
        ("right", "right", ""),
        ("enter", "play", "learn.key_enter"),
        ("d", "draw", "key_draw"),
        ("k", "knock", "key_knock"),
        ("h", "hint", "learn.key_hint"),
        ("r", "rules", "key_rules"),
        ("escape", "cancel", ""),
        ("q", "leave", "key_menu"),
        ("p", "pair", ""),
        ("u", "undo", ""),
        ("space", "skip", ""),
    )
    DEFAULT_CSS = """
    /* three lines of words in a band of fixed height, so that the board never resizes (its
       style is chosen once per round) */
    LearnScreen #lesson {
        height: 4;
        border-top: heavy $accent;
        border-title-color: $accent;
        border-title-style: bold;
        background: $boost;
        padding: 0 1;
    }
    /* the lesson tells every move, so the full log gives its rows to the score table; at
       80×24 the compact log goes too (the seat panels show each player's last move) */
    LearnScreen #log { display: none; }
    LearnScreen.-short #recent { display: none; }
    """

    def __init__(self, session: GameSession, steps: tuple[Step, ...] = STEPS) -> None:
        # a table with no saves, whose bots' chairs the script moves (no bot thinks here)
        super().__init__(TableSession(session, bots_think=False))
        self.steps = steps
        self.index = 0
        self.scripted = False  # True while the lesson plays the bots' moves
        self.worst = longest_line()

    # --- layout ------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if widget.id == "status":
                yield Static(id="lesson")
            yield widget

    def on_mount(self) -> None:
        """Runs before the table's own mount (Textual calls the subclass first): the first
        step opens once the table stands."""
        self.call_later(self.open_step)

    @property
    def step(self) -> Step:
        return self.steps[min(self.index, len(self.steps) - 1)]

    def lesson(self) -> Lesson:
        """The board styled for the lesson's longest line, its own empty-board words (the
        table's name the leader), and on a step that only explains, how to read on."""
        prompt = t("learn.do_next", self.lang) if self.step.wait == NEXT else None
        return Lesson(self.worst, t("learn.empty", self.lang), prompt)

    def relabel(self) -> None:
        super().relabel()
        self.show_step()

    def step_text(self) -> str:
        names = {
            "a": self.session.name(1),
            "b": self.session.name(2),
            "b_gen": self.genitive(self.session.name(2)),
        }
        return t(f"learn.{self.step.words}", self.lang, **names)

    def genitive(self, name: str) -> str:
        """The second bot's name after «у» in Russian (the lesson's own bot only)."""
        return t("learn.bot_b_gen", self.lang) if name == t("learn.bot_b", self.lang) else name

    def show_step(self) -> None:
        panel = self.query_one("#lesson", Static)
        panel.border_title = t("learn.title", self.lang, n=self.index + 1, total=len(self.steps))
        panel.update(Text(self.step_text()))
        self.show_status()

    # --- the lesson's course -----------------------------------------------------------------
    def open_step(self) -> None:
        """The bots' moves of this step, then its words."""
        self.scripted = True
        try:
            for code in self.step.bot_moves:
                super().perform(code)
        finally:
            self.scripted = False
        self.show_step()

    def next_step(self) -> None:
        if self.index + 1 >= len(self.steps):
            self.domino.open_menu()
            return
        self.index += 1
        self.turn = replace(self.turn, message="")
        self.open_step()

    def auto_knock(self) -> bool:
        """Never an automatic knock: the lesson waits for the player's own K."""
        return False

    def perform(self, code: int) -> None:
        """The bots' scripted moves pass; the player's move must be the step's."""
        if self.scripted:
            super().perform(code)
            return
        want = self.step.move
        if want is None:
            self.oops(t("learn.why_read", self.lang))
            return
        if code != want:
            self.oops(self.off_script(code, want))
            return
        self.index += 1
        super().perform(code)
        if self.waiting_modal:  # the move ended the round: the summary is up
            self.show_step()
        else:
            self.open_step()

    def round_end_screen(self, result: RoundResult) -> LessonRoundEnd:
        """The table's own summary, headed by the step's words on what it shows."""
        return LessonRoundEnd(self.session, result, self.step_text())

    def read_on(self) -> None:
        """The summary closed: the lesson reads on (its last step leads back to the menu)."""
        self.turn = replace(self.turn, message="")
        self.advance()
        self.next_step()

    # --- keys --------------------------------------------------------------------------------
    def action_play(self) -> None:
        if self.step.wait == NEXT:
            self.next_step()
            return
        super().action_play()

    def try_action(self, code: int) -> None:
        if self.step.move is None:
            self.oops(t("learn.why_read", self.lang))
            return
        super().try_action(code)

    def on_chain_end_clicked(self, event: Chain.EndClicked) -> None:
        """A click on an end names a move, as D and K do: on a step that only explains, the
        lesson says how to read on (:meth:`try_action`)."""
        if self.my_turn() and self.step.move is None:
            self.oops(t("learn.why_read", self.lang))
            return
        super().on_chain_end_clicked(event)

    def tutor_wanted(self, code: int) -> bool:
        """The script, not the tutor, judges the lesson's moves (see the module's docstring)."""
        return False

    def action_hint(self) -> None:
        """The lesson is the hint: say again what to press."""
        self.say(self.do_text())

    def action_undo(self) -> None:
        self.oops(t("learn.why_undo", self.lang))

    def action_leave(self) -> None:
        self.domino.open_menu()

    def on_key(self, event: events.Key) -> None:
        """A letter that means nothing at this table is answered too, never ignored."""
        if event.is_printable and event.character and event.key not in self.known_keys():
            self.oops(t("learn.why_key", self.lang, letter=event.character.upper()))

    def known_keys(self) -> set[str]:
        return {key for keys, _, _ in self.KEYS for key in keys.split(",")}

    # --- what to say -------------------------------------------------------------------------
    def refuse(self, refusal: Refuse) -> None:
        """The engine's reason, then what the lesson wants pressed."""
        self.say(refused(refusal.why, self.do_text(), self.lang))
        self.app.bell()

    def oops(self, why: str) -> None:
        """A key or move the lesson did not ask for: why not, and what to press instead."""
        self.say(t("learn.oops", self.lang, why=why, do=self.do_text()))
        self.app.bell()

    def off_script(self, code: int, want: int) -> str:
        """Why a move the rules allow is not this step's."""
        ts = tile_set(self.match.rules.set_top)
        if is_play(code) and is_play(want):
            tile, wanted = ts.name(code >> 1), ts.name(want >> 1)
            if code >> 1 == want >> 1:
                end = t("end_left" if want & 1 == 0 else "end_right", self.lang)
                return t("learn.why_end", self.lang, tile=tile, end=end)
            return t("learn.why_tile", self.lang, tile=tile, want=wanted)
        return t("learn.why_move", self.lang)

    def do_text(self) -> str:
        """What to press now for this step."""
        lang, step = self.lang, self.step
        want = step.move
        if step.wait == ROUND_END:
            return t("learn.do_close", lang)
        if want is None:
            return t("learn.do_next", lang)
        if want == DRAW:
            return t("learn.do_draw", lang)
        if want == KNOCK:
            return t("learn.do_knock", lang)
        tile = want >> 1
        if self.turn.choosing == tile:
            end = t("end_left" if want & 1 == 0 else "end_right", lang)
            return t("learn.do_end", lang, end=end, arrow="←" if want & 1 == 0 else "→")
        return t("learn.do_play", lang, tile=tile_set(self.match.rules.set_top).name(tile))


def lesson_screen(lang: str) -> LearnScreen:
    """A fresh lesson in ``lang``."""
    return LearnScreen(lesson_session(lang))


def open_lesson(app: DominoApp) -> None:
    """ "Learn to play" on the start screen. The table is pushed directly, never through the
    app's start_game, so that no save listener or lock ever sees the lesson."""
    if not isinstance(app.screen, LearnScreen):
        app.push_screen(lesson_screen(app.settings.lang))


def learn_app(*, lang: str | None = None, **options: Any) -> DominoApp:
    """The app opened on a lesson over the start screen (``domino learn``); ``options`` go
    to :func:`~domino_tui.app.make_app` (settings path, saves for the games played after)."""
    from .. import make_app

    app: DominoApp

    def first() -> LearnScreen:
        return lesson_screen(app.settings.lang)

    app = make_app(lang=lang, first_screen=first, **options)
    return app
