"""The table as drawn: opponents, the line, the score sheet, the log and the viewer's hand.

Every part of the game screen (the keys, the bots, the curtain, the timer, hints) changes the
state kept here and asks for a redraw; none of them draws by itself. The screen only asks the
engine (legal actions, the line, the score sheet) and never decides a rule.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from ...engine.actions import DRAW, KNOCK
from ...engine.cross import CLOSED, CrossState
from ...engine.match import RoundResult
from ...engine.round import Event, RoundState
from ...engine.tiles import bits, tile_set
from ...play.session import GameSession
from ...play.table import TableSession
from ...play.turn import TurnController, TurnState
from ...play.turn_moves import can_close, playable_tiles, several_moves
from ...score_words import legend_line
from ...transcript_cross import ends_text
from ...words.events import event_line, last_action
from ...words.strings import t
from ...words.turn import END_ARROWS, fit_name, recent_lines
from ..widgets.board import lead_index, worst_line
from ..widgets.chain import Chain, ChainState
from ..widgets.hand import Hand, HandState
from ..widgets.keys_footer import KeysFooter
from ..widgets.scores import ScoreSheet, board_callout, sheet_key, sheet_parts
from ..widgets.seats import BoneyardPanel, SeatInfo, SeatPanel
from ..widgets.table_log import TableLog
from .base import DominoScreen

W = TypeVar("W", bound=Widget)
_NOTHING = object()


def shown(widget: W, what: object, update: Callable[[W], object]) -> None:
    """Update a part of the table only when what it shows has changed: an update lays the
    whole screen out again, and the table is redrawn after every move and resize."""
    if widget.__dict__.get("_domino_shown", _NOTHING) != what:
        widget.__dict__["_domino_shown"] = what
        update(widget)


class TurnField:
    """A field of the table's :class:`~domino_tui.play.turn.TurnState` read and written as an
    attribute of the screen, for the parts of the turn cycle that set one field at a time (the
    turn after a move, undo, hints, the tutor) and for tests; a write replaces the state."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, screen: TableScreen | None, owner: type | None = None) -> Any:
        return self if screen is None else getattr(screen.turn, self.name)

    def __set__(self, screen: TableScreen, value: Any) -> None:
        screen.turn = replace(screen.turn, **{self.name: value})


class TableScreen(DominoScreen):
    """The state of one table and how it looks; ``GameScreen`` runs the turns on it.

    Hot-seat (several humans at one keyboard): ``bottom`` is the chair drawn at the bottom and
    ``viewer`` the only seat whose hand is on screen, or -1.
    """

    # Textual declares these as plain lists, so they cannot be ClassVar here
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]  # noqa: RUF012

    table: TableSession  # the game's flow, with no UI (play/table.py); GameScreen sets it

    selected = TurnField()  # tile id under the cursor
    choosing = TurnField()  # tile whose end is being chosen
    choose_side = TurnField()  # the end it would go to: 0-3, left, right, up, down
    closed = TurnField()  # the tile is to be laid closed, face down (G6)
    offer = TurnField()  # the several-doubles move shown for Enter (G7, K3.4), or -1
    message = TurnField()
    new_tiles = TurnField()  # tiles the viewer drew this turn

    @property
    def choices(self) -> dict[int, int]:
        """While choosing: end → the move that lays the tile there."""
        return self.turn.ends

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.bottom = session.humans[0] if session.humans else -1  # the chair drawn at the bottom
        self.viewer = -1 if session.hotseat else self.bottom  # whose hand is on screen
        self.curtain = -1  # hot-seat: the seat whose turn waits behind the privacy curtain
        self.clock: tuple[int, int] | None = None  # hot-seat turn timer: (seat, seconds left)
        # the cursor, the end being chosen, the closed mark, the offer, the words: the one
        # record of the turn; keys change it through the TurnController (see TurnInput)
        self.turn = TurnState()
        self.token = 0  # bumps when the game moves on, so stale bot answers are dropped
        self.skip = threading.Event()
        self.waiting_modal = False
        self.keys_shown: frozenset[str] | None = None  # footer keys that come and go
        # the round just finished, (its number, its last position): drawn while its round-end
        # dialog is up, so the board can be looked at before the next deal
        self.finished: tuple[int, RoundState] | None = None
        self.first_frame_shown = False  # set once painted; the first bot thinks after it

    # --- the turn cycle: GameScreen runs it, the parts of the table only call into it -------
    def perform(self, code: int) -> None:
        """Apply the action of the player to move, log it and move on."""
        raise NotImplementedError

    def game_over(self) -> None:
        """Show the end of the game and what the player chooses next."""
        raise NotImplementedError

    def moved(
        self, seat: int, code: int, result: RoundResult | None, rnd: RoundState | None = None
    ) -> None:
        """A move was laid on the table (in round ``rnd``): show it and move on."""
        raise NotImplementedError

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
                yield Static(id="score-key")
                yield Static(id="recent")
                yield TableLog(id="log", max_lines=400, min_width=20)
        yield Static(id="status")
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
        n = self.session.rules.players
        base = self.bottom if self.bottom >= 0 else n - 1
        return [(base + k) % n for k in range(1, n + 1) if (base + k) % n != self.bottom]

    def on_resize(self) -> None:
        self.refresh_table()

    # --- drawing ---------------------------------------------------------------------------
    @property
    def match(self):  # type: ignore[no-untyped-def]
        return self.session.match

    def showing_final(self) -> bool:
        """The board shows the round just finished (its round-end dialog is up)."""
        return self.waiting_modal and self.finished is not None

    def board_round(self) -> RoundState:
        """The round the table draws: the one just finished while its dialog is up, else the
        round in play."""
        if self.finished is not None and self.waiting_modal:
            return self.finished[1]
        in_play: RoundState = self.match.round
        return in_play

    def my_turn(self) -> bool:
        """The player whose hand is on screen is to move (never behind the curtain, never while
        the last round's position is shown)."""
        m = self.match
        if m.over or self.showing_final():
            return False
        return not self.session.is_bot(m.turn) and m.turn == self.viewer

    def hand_tiles(self) -> list[int]:
        if self.viewer < 0:
            return []
        return list(bits(self.board_round().hands[self.viewer]))

    def playable(self) -> int:
        """The tiles some legal move lays, on any end, open or closed, alone or together."""
        return playable_tiles(self.match.legal_actions()) if self.my_turn() else 0

    def offered_keys(self) -> frozenset[str]:
        """The footer keys that depend on the position: D while the базар has tiles, K only
        while knocking is the player's move (K3.3: never with a tile that fits), P while
        several doubles can go at once (G7, K3.4), C while a double can go closed."""
        legal = self.match.legal_actions() if self.my_turn() else []
        keys = {"draw"} if self.match.round.boneyard else set()
        if KNOCK in legal:
            keys.add("knock")
        if several_moves(legal):
            keys.add("pair")
        if can_close(legal):
            keys.add("close")
        return frozenset(keys)

    def turn_controller(self) -> TurnController | None:
        """The keys' rules for the seat whose hand is on screen, from that seat's view only;
        None while no hand is shown."""
        if self.viewer < 0:
            return None
        name = self.session.name(self.viewer) if self.session.hotseat else ""
        view = self.session.view(self.viewer)
        # the board's arrows are asked for only while an end is chosen: only its words name one
        arrows = self.end_arrows() if self.turn.choosing >= 0 else END_ARROWS
        return TurnController(view, self.lang, self.my_turn(), name, arrows)

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

    def ends_title(self) -> str:
        """The board's border title: the open ends, ``ends 3 · 5`` on a line, every arm's
        ``←3 →6 ↑5 ↓×`` on the cross."""
        rnd, lang = self.board_round(), self.lang
        if not rnd.placed:
            return ""
        if not isinstance(rnd, CrossState):
            return t("ends", lang, left=rnd.left, right=rnd.right)
        closed = 0
        for _, where, _ in rnd.placed:
            if where >= 0 and where & CLOSED:
                closed |= 1 << (where & 3)
        return t("tw.ends_cross", lang, ends=ends_text(rnd.open_ends(), closed))

    def refresh_table(self) -> None:
        lang, s, m = self.lang, self.session, self.match
        rnd = self.board_round()
        number = self.finished[0] if self.showing_final() and self.finished else m.number
        if self.keys_shown is not None and self.keys_shown != self.offered_keys():
            self.localize()  # D, K, P and C come and go with the position
        ts = tile_set(s.rules.set_top)
        settings = self.domino.settings
        over = m.over
        for i, seat in enumerate(self.others()):
            subtitle = t("partner", lang) if s.partner(self.bottom) == seat else ""
            panel = self.query_one(f"#seat-{i}", SeatPanel)
            panel.show(
                SeatInfo(
                    title=fit_name(s.label(seat, lang), (panel.outer_size.width or 99) - 7),
                    count=rnd.hands[seat].bit_count(),
                    last=last_action(s, rnd.history, seat, lang),
                    turn=not over and not self.showing_final() and rnd.turn == seat,
                    subtitle=subtitle,
                )
            )
        extra = t("carry_marker", lang, n=m.carry) if m.carry else t("round_n", lang, n=number)
        boneyard = (t("boneyard", lang), f"▮ × {len(rnd.boneyard)}", extra)
        shown(self.query_one(BoneyardPanel), boneyard, lambda p: p.show(*boneyard))
        cross = None
        if isinstance(rnd, CrossState):
            from ..widgets.cross_view import cross_view  # only a cross game loads the cross board

            cross = cross_view(rnd)
        line = rnd.chain() if cross is None else []
        last = -1
        if rnd.placed and cross is None:
            side = rnd.placed[-1][1]
            last = 0 if side == 0 else len(line) - 1
        chain = self.query_one(Chain)
        chain.border_title = self.ends_title()
        chain.show(
            ChainState(
                line=tuple(line),
                last=last,
                choosing=self.turn.choose_side if self.turn.choosing >= 0 else -1,
                style=settings.tile_style,
                empty_text=t("no_tiles_you", lang)
                if rnd.turn == self.viewer and not s.hotseat
                else t("no_tiles_yet", lang, name=s.name(rnd.turn)),
                top=ts.top,
                lead=lead_index(rnd.placed),
                worst=worst_line(ts.count, len(rnd.seats), s.rules.boneyard_reserve),
                round_id=number,
                cross=cross,
                callout=board_callout(s, lang),
            )
        )
        players = [s.name(seat) for seat in range(s.rules.players)]
        recent = self.query_one("#recent", Static)
        recent.border_title = t("tw.recent_title", lang)
        width = recent.content_size.width or 26
        lines = "\n".join(recent_lines(rnd.history, players, ts, lang, width, cross is None))
        shown(recent, lines, lambda w: w.update(Text(lines)))
        sheet = self.query_one(ScoreSheet)
        shown(sheet, sheet_key(s, lang), lambda w: w.show(*sheet_parts(s, lang)))
        legend = legend_line(lang, s.rules)
        shown(self.query_one("#score-key", Static), legend, lambda w: w.update(legend))
        hand = self.query_one(Hand)
        tiles = self.hand_tiles()
        if self.viewer >= 0 and s.hotseat:
            title = t("hand_named", lang, name=s.name(self.viewer), n=len(tiles))
        elif self.viewer >= 0:
            title = t("hand_of", lang, n=len(tiles)) + f" · {s.name(self.viewer)}"
        elif self.curtain >= 0:
            title = f"🔒 {s.name(self.curtain)}"
        else:
            title = ""
        hand.border_title = ("▶ " if self.my_turn() else "") + escape(title)
        hand.set_class(self.my_turn() or self.curtain >= 0, "-turn")
        hand.show(
            HandState(
                tiles=tuple(tiles),
                playable=self.playable(),
                selected=self.turn.selected if self.my_turn() else -1,
                new=self.turn.new_tiles,
                hidden_text="" if self.viewer >= 0 else self.hidden_text(),
                style=settings.tile_style,
                top=ts.top,
            )
        )
        # two rows always (see app.tcss): new words need no new layout
        self.query_one("#status", Static).update(Text(self.status_text()), layout=False)

    def end_arrows(self) -> tuple[str, ...]:
        """The arrow of each end (0-3) as the board draws it: words naming an end show the same."""
        return (*self.query_one(Chain).arrows(), *END_ARROWS[2:])

    def on_chain_arrows_changed(self) -> None:
        """A drawing turned an end's arrow (a resize): the end question's words follow it."""
        self.query_one("#status", Static).update(Text(self.status_text()), layout=False)

    def hidden_text(self) -> str:
        """What the hand's place says while no hand may be shown."""
        if self.curtain >= 0:
            return t("curtain", self.lang, name=self.session.name(self.curtain))
        if self.session.hotseat:
            return t("hands_hidden", self.lang)
        return t("waiting", self.lang, name="…")

    def status_text(self) -> str:
        text = self.turn_text()
        if self.clock is not None and not self.match.over:
            seat, left = self.clock
            text = f"⏱ {t('timer', self.lang, name=self.session.name(seat), s=left)} · {text}"
        return text

    def turn_text(self) -> str:
        lang, m = self.lang, self.match
        if self.curtain >= 0 and not m.over:  # behind the curtain: no notice about any hand
            return t("curtain_status", lang, name=self.session.name(self.curtain))
        if self.showing_final() and self.finished is not None:
            return t("tw.final_position", lang, n=self.finished[0])
        if self.turn.message:
            return self.turn.message
        if m.over:
            return t("game_over", lang)
        controller = self.turn_controller()
        if controller is not None and self.turn.choosing >= 0:
            return self.choosing_text()
        if controller is not None and self.turn.offer >= 0:
            return controller.offer_words(self.turn)
        if controller is None or not self.my_turn():
            return t("waiting", lang, name=self.session.name(m.turn))
        return controller.to_player(controller.your_turn_words(self.turn))

    def to_player(self, text: str) -> str:
        """In hot-seat a word for the player at the keyboard names them ("Alex, your turn:
        …"); against bots the one human is simply "you"."""
        controller = self.turn_controller()
        return text if controller is None else controller.to_player(text)

    def choosing_text(self, short: bool = False) -> str:
        """Which end the tile goes to and the keys that change it (the controller's words)."""
        controller = self.turn_controller()
        return "" if controller is None else controller.choosing_words(self.turn, short)

    def say(self, text: str) -> None:
        self.message = text
        self.query_one("#status", Static).update(Text(self.status_text()))

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
