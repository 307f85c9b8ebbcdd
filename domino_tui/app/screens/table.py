"""The table as drawn: opponents, the line, the score sheet, the log and the viewer's hand.

The parts of the game screen (the keys, the bots, the curtain, the timer, hints, the tutor)
change the state kept here — the turn state above all, a reactive whose new value redraws —
and none of them draws by itself. A redraw builds the whole table's view with the pure
:func:`~..view.table_view` and hands each widget its slice; each widget compares its slice with
what it shows and draws only a change. The screen never decides a rule.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace

from rich.markup import escape
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.widgets import Static

from ...engine.actions import DRAW
from ...engine.round import Event, RoundState
from ...play.session import GameSession
from ...play.table import TableSession
from ...play.turn import TurnController, TurnState
from ...words.events import event_line
from ...words.marks import END_ARROWS
from ...words.strings import t
from ..view import (
    Lesson,
    Seating,
    Sizes,
    TableView,
    my_turn,
    others,
    status_text,
    table_view,
    turn_controller,
)
from ..widgets.chain import Chain
from ..widgets.hand import Hand
from ..widgets.keys_footer import KeysFooter
from ..widgets.scores import ScoreSheet, sheet_parts
from ..widgets.seats import BoneyardPanel, SeatPanel
from ..widgets.table_log import TableLog
from ..widgets.text_panel import TextPanel
from .base import DominoScreen


class TableScreen(DominoScreen):
    """The state of one table and how it looks; ``GameScreen`` runs the turns on it.

    Hot-seat (several humans at one keyboard): ``bottom`` is the chair drawn at the bottom and
    ``viewer`` the only seat whose hand is on screen, or -1.
    """

    # Textual declares these as plain lists, so they cannot be ClassVar here
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]  # noqa: RUF012

    table: TableSession  # the game's flow, with no UI (play/table.py); GameScreen sets it

    # the cursor, the end being chosen, the closed mark, the offer, the words: the one record
    # of the turn, replaced whole (keys change it through the TurnController, see TurnInput);
    # a new value redraws the table
    turn: var[TurnState] = var(TurnState(), init=False)

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.bottom = session.humans[0] if session.humans else -1  # the chair drawn at the bottom
        self.viewer = -1 if session.hotseat else self.bottom  # whose hand is on screen
        self.curtain = -1  # hot-seat: the seat whose turn waits behind the privacy curtain
        self.clock: tuple[int, int] | None = None  # hot-seat turn timer: (seat, seconds left)
        self.token = 0  # bumps when the game moves on, so stale bot answers are dropped
        self.waiting_modal = False
        self.keys_shown: frozenset[str] | None = None  # footer keys that come and go
        # the round just finished, (its number, its last position): drawn while its round-end
        # dialog is up, so the board can be looked at before the next deal
        self.finished: tuple[int, RoundState] | None = None
        self.scores_shown: Hashable = None  # what the score sheet was last given
        self.first_frame_shown = False  # set once painted; the first bot thinks after it

    # --- layout ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        # the size classes Textual would set on the first resize, set now: the table is styled
        # and laid out once for its size, not once narrow and again wide
        self.add_class(*self.size_classes(self.app.size.width, self.app.size.height), update=False)
        with Horizontal(id="top"):
            for i in range(len(self.others())):
                if i:
                    yield Static("→", classes="arrow")
                yield SeatPanel(id=f"seat-{i}")
            yield BoneyardPanel(id="boneyard")
        with Horizontal(id="middle"):
            yield Chain(id="chain")
            with Vertical(id="side"):
                yield ScoreSheet(id="scores")
                yield TextPanel(plain=False, id="score-key")
                yield TextPanel(id="recent")
                yield TableLog(id="log", max_lines=400, min_width=20)
        yield TextPanel(id="status")
        yield Hand(id="hand")
        yield KeysFooter()

    def size_classes(self, width: int, height: int) -> list[str]:
        """The breakpoint classes for this size, as Textual's ``Screen`` picks them."""
        found = []
        for points, size in (
            (self.HORIZONTAL_BREAKPOINTS, width),
            (self.VERTICAL_BREAKPOINTS, height),
        ):
            found += [name for point, name in sorted(points, reverse=True) if size >= point][:1]
        return found

    def others(self) -> list[int]:
        """Seats other than the one at the bottom, in turn order after it (K1.2)."""
        return others(self.session, self.bottom)

    def on_resize(self) -> None:
        self.refresh_table()

    # --- drawing ---------------------------------------------------------------------------
    @property
    def match(self):  # type: ignore[no-untyped-def]
        return self.session.match

    def showing_final(self) -> bool:
        """The board shows the round just finished (its round-end dialog is up)."""
        return self.waiting_modal and self.finished is not None

    def seating(self) -> Seating:
        """Who sits where on this screen, for the table's view."""
        final = self.finished if self.showing_final() else None
        return Seating(self.bottom, self.viewer, self.curtain, self.clock, final)

    def lesson(self) -> Lesson | None:
        """A lesson's look of the board and its prompt (LearnScreen); a game has none."""
        return None

    def my_turn(self) -> bool:
        """The player whose hand is on screen is to move (never behind the curtain, never while
        the last round's position is shown)."""
        return my_turn(self.session, self.seating())

    def playable(self) -> int:
        """The tiles some legal move lays, on any end, open or closed, alone or together."""
        return self.view().hand.state.playable

    def turn_controller(self) -> TurnController | None:
        """The keys' rules for the seat whose hand is on screen, from that seat's view only;
        None while no hand is shown."""
        arrows = self.end_arrows() if self.turn.choosing >= 0 else END_ARROWS
        return turn_controller(self.session, self.seating(), self.turn, self.lang, arrows)

    def clear_choice(self) -> None:
        """Forget a half-made move: the end being chosen, the closed mark, the offered doubles."""
        self.turn = self.turn.cleared()

    def hide_hand(self) -> None:
        """No hand on screen: whatever named its tiles goes too (drawn marks, hint, cursor)."""
        self.viewer = -1
        self.turn = self.turn.hidden()

    def turn_moved(self, seat: int, code: int, drawn: int) -> None:
        """What a move leaves of the turn: the viewer's draw marks ``drawn`` new, puts the
        cursor on it and says what is open now; any other move forgets the half-made move."""
        controller = self.turn_controller() if seat == self.viewer and code == DRAW else None
        if controller is not None:
            self.turn = controller.drew(self.turn, drawn)
        else:
            self.turn = self.turn.moved_on(mine=seat == self.viewer)

    def view(self) -> TableView:
        """The table as it is now (:func:`~..view.table_view`), sized to the drawn widgets."""
        sizes = Sizes(
            seats=tuple(panel.outer_size.width or 99 for panel in self.query(SeatPanel)),
            recent=self.query_one("#recent", TextPanel).content_size.width or 26,
            arrows=self.end_arrows(),
        )
        style = self.domino.settings.tile_style
        return table_view(
            self.session,
            self.turn,
            self.seating(),
            self.lang,
            style=style,
            sizes=sizes,
            lesson=self.lesson(),
        )

    def watch_turn(self) -> None:
        """A new turn state: the table shows it (once it stands)."""
        if self.is_mounted:
            self.refresh_table()

    def refresh_table(self) -> None:
        """Build the table's view and hand each widget its slice; each draws only what changed."""
        view = self.view()
        if self.keys_shown is not None and self.keys_shown != view.keys:
            self.localize()  # D, K, P and C come and go with the position
        for i, info in enumerate(view.seats):
            self.query_one(f"#seat-{i}", SeatPanel).show(info)
        self.query_one(BoneyardPanel).show(*view.boneyard)
        chain = self.query_one(Chain)
        chain.border_title = view.ends_title
        chain.show(view.chain)
        recent = self.query_one("#recent", TextPanel)
        recent.border_title = view.recent_title
        recent.show(view.recent)
        if view.scores != self.scores_shown:  # the sheet is the variants' widget: fed here
            self.scores_shown = view.scores
            self.query_one(ScoreSheet).show(*sheet_parts(self.session, self.lang))
        self.query_one("#score-key", TextPanel).show(view.legend)
        hand = self.query_one(Hand)
        hand.border_title = escape(view.hand.title)
        hand.set_class(view.hand.turn, "-turn")
        hand.show(view.hand.state)
        # two rows always (see app.tcss): new words need no new layout
        self.query_one("#status", TextPanel).show(view.status, layout=False)

    def end_arrows(self) -> tuple[str, ...]:
        """The arrow of each end (0-3) as the board draws it: words naming an end show the same."""
        return (*self.query_one(Chain).arrows(), *END_ARROWS[2:])

    def on_chain_arrows_changed(self) -> None:
        """A drawing turned an end's arrow (a resize): the end question's words follow it."""
        self.show_status()

    def show_status(self) -> None:
        """The status line alone (the timer's seconds, the end question's arrows)."""
        self.query_one("#status", TextPanel).show(self.status_text(), layout=False)

    def status_text(self) -> str:
        arrows = self.end_arrows() if self.turn.choosing >= 0 else END_ARROWS
        prompt = lesson.prompt if (lesson := self.lesson()) is not None else None
        return status_text(self.session, self.seating(), self.turn, self.lang, arrows, prompt)

    def choosing_text(self, short: bool = False) -> str:
        """Which end the tile goes to and the keys that change it (the controller's words)."""
        controller = self.turn_controller()
        return "" if controller is None else controller.choosing_words(self.turn, short)

    def say(self, text: str) -> None:
        self.turn = replace(self.turn, message=text)
        self.show_status()

    def write_log(self, text: str) -> None:
        self.query_one("#log", TableLog).write(text)

    def log_round_start(self) -> None:
        self.write_log(t("log_round", self.lang, n=self.match.number))
        if self.match.redeals:
            self.write_log(t("log_redeal", self.lang, n=self.match.redeals))

    def event_text(self, event: Event, lead: bool) -> str:
        """A log line; in hot-seat the log is everybody's, so it never names a drawn tile."""
        viewer = -1 if self.session.hotseat else self.viewer
        return event_line(self.session, event, lead, viewer, self.lang)

    def log_round_so_far(self) -> None:
        """The log from the round's first line: on arrival (a resumed round) and after undo."""
        self.log_round_start()
        for i, event in enumerate(self.match.round.history):
            self.write_log(self.event_text(event, i == 0))
