"""The game screen: the turn cycle on the table, from a deal to the game's end.

The game's flow is the :class:`~domino_tui.play.table.TableSession`'s (actions through the
engine, bots, saves, undo, the timer, the curtain, hints, the tutor's check): this screen asks
it and shows what it answers, and its events (a move, a tick of the timer, a timeout) come back
to :meth:`GameScreen.on_table_event`. The table (``table.py``) draws; this screen owns small
parts that each do one thing for it, by composition: the player's keys and clicks
(``turn_input.py``), the hot-seat curtain (``curtain.py``), bots thinking in a worker
(``bot_turns.py``), the turn timer (``turn_timer.py``), hints (``hints.py``) and the tutor
(``tutor.py``); their workers' answers come back as messages (``answers.py``). This module runs
the turns on screen, the round and game ends, and undo, and binds the keys to the parts.
"""

from __future__ import annotations

from dataclasses import replace

from textual import events, on
from textual.screen import Screen

from ...engine.actions import DRAW, KNOCK
from ...engine.match import RoundResult
from ...engine.round import Event, RoundState
from ...i18n import plural
from ...play.events import EVERYONE, Moved, Refused, TableEvent, Tick, TimeUp
from ...play.session import GameSession, UndoError
from ...play.table import TableSession
from ...play.turn import Refuse
from ...words.strings import t
from ..view import offered_keys
from ..widgets.chain import Chain
from ..widgets.hand import Hand
from ..widgets.scores import ScoreSheet
from ..widgets.seats import BoneyardPanel
from ..widgets.table_log import TableLog
from .answers import BotMoved, HintReady, TutorAnswered
from .bot_turns import BotTurns
from .curtain import Curtain
from .hints import Hints
from .table import TableScreen
from .turn_input import TurnInput
from .turn_timer import TurnTimer
from .tutor import Tutor


class GameScreen(TableScreen):
    """One table on screen. ``table`` is the app's (with its saves, :meth:`DominoApp.table_for`);
    a bare :class:`GameSession` gets a table of its own, with no saves (a test, the lesson)."""

    KEYS: tuple[tuple[str, str, str], ...] = (
        ("left", "left", ""),
        ("right", "right", ""),
        ("up", "up", ""),
        ("down", "down", ""),
        ("enter", "play", "key_play"),
        ("d", "draw", "key_draw"),
        ("k", "knock", "key_knock"),
        ("p", "pair", "key_pair"),
        ("c", "close", "key_close"),
        ("u", "undo", "key_undo"),
        ("h", "hint", "key_hint"),
        ("space", "skip", "key_skip"),
        ("escape", "cancel", ""),
        ("r", "rules", ""),  # in the palette too; the footer keeps 80 columns for play keys
        ("q", "app.request_quit", "key_quit"),
    )

    def __init__(self, table: TableSession | GameSession) -> None:
        if isinstance(table, GameSession):
            table = TableSession(
                table, undo_allowed=lambda: self.domino.settings.undo, tutor=self.tutor_setting
            )
        super().__init__(table.game)
        self.table = table
        self.keys = TurnInput(self)
        self.curtains = Curtain(self)
        self.bots = BotTurns(self)
        self.timer = TurnTimer(self)
        self.hints = Hints(self)
        self.tutor = Tutor(self)
        self.watching = EVERYONE if table.game.hotseat else self.bottom
        table.watch(self.on_table_event, self.watching)

    def tutor_setting(self) -> bool:
        """This table's choice (``domino play --tutor``, the guided game), else the setting."""
        chosen = self.session.tutor
        return self.domino.settings.tutor if chosen is None else chosen

    def localize(self) -> None:
        """Footer keys for what this table offers: several doubles (G7, K3.4) and a closed
        double (G6) only while the position allows them, undo only where it can be used. A
        hidden key still works and says why not."""
        hide = {"pair", "close", "draw", "knock"}
        self.keys_shown = offered_keys(self.session, self.seating())
        hide -= self.keys_shown  # D while the базар has tiles, K only when knocking is legal
        if self.session.hotseat or not self.domino.settings.undo:
            hide.add("undo")
        if not self.session.bots or self.keys_shown & {"pair", "close"}:
            hide.add("skip")  # no bot to wait for, or the player's own turn needs the room
        label = "key_pair" if self.session.rules.double_pair else "key_several"
        self.KEYS = tuple(
            (keys, action, "" if action in hide else label if action == "pair" else text)
            for keys, action, text in type(self).KEYS
        )
        super().localize()

    def relabel(self) -> None:
        """The language or tiles setting changed: redraw everything in the new words."""
        self.localize()
        self.refresh_table()

    def on_mount(self) -> None:
        self.query_one("#scores", ScoreSheet).can_focus = False
        self.log_round_so_far()  # a resumed round has moves already
        self.table.start()
        self.refresh_table()
        self.timer.start()
        self.advance()
        self.call_after_refresh(self.shown_once)

    def shown_once(self) -> None:
        """The table's first frame is on screen."""
        self.first_frame_shown = True
        self.domino.table_shown(self.session.rules.variant)

    def on_unmount(self) -> None:
        """Leaving the table: answers still on their way are dropped, waits end at once."""
        self.token += 1
        self.bots.skip.set()
        self.table.unwatch(self.on_table_event)
        self.table.close()

    def on_table_event(self, event: TableEvent) -> None:
        """What the table tells this screen's seat (in hot-seat, everybody's: no drawn tile is
        named in the shared log): moves for the log, the timer's seconds, a timeout."""
        self.clock = self.table.clock
        if isinstance(event, Moved):
            for i, step in enumerate(event.steps):
                self.write_log(self.event_text(step, event.at + i == 0))
        elif isinstance(event, Tick):
            self.show_status()
        elif isinstance(event, TimeUp):
            self.time_out(event.seat)

    # --- the turn cycle --------------------------------------------------------------------
    def advance(self) -> None:
        """Start the next turn: a bot thinks in a worker, a human is waited for."""
        m = self.match
        if m.over or self.waiting_modal:
            return
        seat = m.turn
        self.token += 1
        if self.session.is_bot(seat):
            if self.table.bots_think:  # else the driver (a lesson's script) moves the bots
                self.bots.start(seat)
            return
        self.bots.skip.clear()
        self.curtains.before_turn(seat)

    def tick(self) -> None:
        """One second of the hot-seat turn timer (the timer's)."""
        self.timer.tick()

    def time_out(self, seat: int) -> None:
        """K10.1: the timer ran out, so ``seat`` abandoned the game (the table has ended it)."""
        self.clock = None
        self.token += 1  # nothing more lands on this table
        self.hide_hand()
        self.curtain = -1
        self.write_log(t("log_timed_out", self.lang, name=self.session.name(seat)))
        self.game_over()

    def auto_knock(self) -> bool:
        """A lone knock is made at once (the Settings' choice; a lesson waits for the K)."""
        return self.domino.settings.auto_knock

    def tutor_wanted(self, code: int) -> bool:
        """Only a real choice of the player to move is looked at, never a forced move."""
        return self.my_turn() and self.table.tutor_wanted(self.viewer, code)

    def refuse(self, refusal: Refuse) -> None:
        """The reason, then what the player can do instead (a lesson says what it wants)."""
        self.say(refusal.words)
        self.app.bell()

    def perform(self, code: int) -> None:
        """Lay the action of the player to move (the table logs it through its events) and move
        on; what the table refuses was never offered, so it is dropped here."""
        m = self.match
        rnd, seat = m.round, m.turn
        if m.over:
            return
        try:
            result = self.table.play(seat, code)
        except Refused:
            return
        self.moved(seat, code, result, rnd)

    def moved(
        self, seat: int, code: int, result: RoundResult | None, rnd: RoundState | None = None
    ) -> None:
        """A move was laid (the player's, or a bot's): the drawn tile under the cursor, the hand
        hidden as the turn passes in hot-seat, the round's end, or the next turn."""
        m = self.match
        rnd = rnd or m.round
        self.turn_moved(seat, code, rnd.history[-1].tile)
        self.token += 1
        if (result is not None or m.turn != seat) and self.session.hotseat:
            self.hide_hand()
        if result is not None:
            self.finished = (result.number, rnd)  # drawn while the round-end dialog is up
            self.round_over(result, rnd.history)
            return
        self.refresh_table()
        self.advance()

    def round_over(self, result: RoundResult, history: list[Event]) -> None:
        """The round's end in the log, its last position on the board, its summary on top."""
        lang = self.lang
        if result.went_out >= 0:
            self.write_log(t("log_went_out", lang, name=self.session.name(result.went_out)))
        elif result.fish:
            self.write_log(t("log_fish", lang, name=self.session.name(result.fisher)))
        if result.taker >= 0:
            self.write_log(
                t("log_took", lang, name=self.session.name(result.taker), n=result.taken)
            )
        self.turn = replace(self.turn, new_tiles=0, selected=-1)
        self.waiting_modal = True
        self.refresh_table()
        self.app.push_screen(self.round_end_screen(result), self.after_round)

    def round_end_screen(self, result: RoundResult) -> Screen[str]:
        """The summary of a finished round (a lesson heads it with its words)."""
        from .round_end import RoundEndScreen

        return RoundEndScreen(self.session, result)

    def after_round(self, _: str | None = None) -> None:
        """The summary closed: the next round is dealt already."""
        self.waiting_modal = False
        self.finished = None
        if not self.match.over:
            self.log_round_start()
        self.read_on()

    def read_on(self) -> None:
        """After a round's summary: the game's end, or the next round's first turn (a lesson
        reads on to its next step)."""
        if self.match.over:
            self.game_over()
            return
        self.refresh_table()
        self.advance()

    def game_over(self) -> None:
        from .game_end import GameEndScreen

        self.refresh_table()
        self.app.push_screen(GameEndScreen(self.session), self.after_game)

    def after_game(self, choice: str | None) -> None:
        if choice == "again":
            self.domino.play_again(self.session)
        elif choice == "quit":
            self.app.exit()
        else:
            self.domino.open_menu()

    # --- undo and rules -------------------------------------------------------------------
    def action_undo(self) -> None:
        """Take back the player's last choice and the bots' replies (games against bots)."""
        lang = self.lang
        never = self.table.undo_refusal()  # in hot-seat, or with the setting off
        if never is not None:
            self.say(t(never, lang))
            return
        if self.waiting_modal or self.match.over:
            return
        first_undo = self.session.with_undo
        try:
            taken = self.table.undo()
        except UndoError as err:
            self.say(t(str(err), lang))
            return
        self.token += 1  # a bot answer on its way belongs to the old position
        self.turn = replace(self.turn.cleared(), new_tiles=0)
        self.query_one("#log", TableLog).clear()
        self.log_round_so_far()
        self.write_log(t("log_undo", lang, n=taken))
        said = t("undone", lang, n=plural(taken, "w.actions", lang))
        if not first_undo:
            said += " " + t("with_undo_note", lang)
        self.turn = replace(self.turn, message=said)
        self.refresh_table()
        self.advance()

    def action_rules(self) -> None:
        self.domino.open_rules()

    # --- keys, clicks and the workers' answers, each handed to its part -------------------
    def action_left(self) -> None:
        self.keys.key("left")

    def action_right(self) -> None:
        self.keys.key("right")

    def action_up(self) -> None:
        self.keys.key("up")

    def action_down(self) -> None:
        self.keys.key("down")

    def action_cancel(self) -> None:
        if not self.tutor.stop():
            self.keys.key("cancel")

    def action_play(self) -> None:
        """Enter: lift the hot-seat curtain first, else the key's meaning for the turn."""
        if self.curtain >= 0:
            self.curtains.lift()
        else:
            self.keys.key("enter")

    def try_action(self, code: int) -> None:
        """A move named outright: laid if the engine takes it, else its reason."""
        self.keys.action(code)

    def action_draw(self) -> None:
        self.try_action(DRAW)

    def action_knock(self) -> None:
        self.try_action(KNOCK)

    def action_close(self) -> None:
        self.keys.key("close")

    def action_pair(self) -> None:
        self.keys.key("pair")

    def action_hint(self) -> None:
        self.hints.ask()

    def action_skip(self) -> None:
        self.bots.skip.set()

    def on_hand_tile_clicked(self, event: Hand.TileClicked) -> None:
        self.keys.press(lambda controller, state: controller.click_tile(state, event.tile))

    def on_chain_end_clicked(self, event: Chain.EndClicked) -> None:
        """A click on an end lays the tile being placed there, or the selected tile."""
        self.keys.press(lambda controller, state: controller.click_end(state, event.side))

    def on_boneyard_panel_clicked(self, _: BoneyardPanel.Clicked) -> None:
        self.action_draw()

    def on_click(self, event: events.Click) -> None:
        """A click on the hidden hand lifts the curtain, like Enter."""
        if self.curtain >= 0 and isinstance(event.widget, Hand):
            self.curtains.lift()

    @on(BotMoved)
    def bot_moved(self, message: BotMoved) -> None:
        self.bots.landed(message)

    @on(HintReady)
    def hint_ready(self, message: HintReady) -> None:
        self.hints.show(message)

    @on(TutorAnswered)
    def tutor_answered(self, message: TutorAnswered) -> None:
        self.tutor.answered(message)
