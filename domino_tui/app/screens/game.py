"""The game screen: the turn cycle on the table, from a deal to the game's end.

The table (``table.py``) keeps the state and draws it; the parts mixed in here act on it: the
player's keys and clicks (``turn_input.py``), the hot-seat curtain (``curtain.py``), bots
thinking in a worker (``bot_turns.py``), the turn timer (``turn_timer.py``) and hints
(``hints.py``). This module runs the turns, the round and game ends, and undo.
"""

from __future__ import annotations

from ...engine.match import RoundResult
from ...engine.round import Event
from ...play.session import UndoError
from ...transcript import plural
from ...words.strings import t
from ..widgets.scores import ScoreSheet
from ..widgets.table_log import TableLog
from .bot_turns import BotTurns
from .hints import Hints
from .turn_input import TurnInput
from .turn_timer import TurnTimer


class GameScreen(TurnInput, BotTurns, TurnTimer, Hints):
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

    def localize(self) -> None:
        """Footer keys for what this table offers: several doubles (G7, K3.4) and a closed
        double (G6) only while the position allows them, undo only where it can be used. A
        hidden key still works and says why not."""
        hide = {"pair", "close", "draw", "knock"}
        self.keys_shown = self.offered_keys()
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
        self.refresh_table()
        self.start_timer()
        self.advance()
        self.call_after_refresh(self.shown_once)

    def shown_once(self) -> None:
        """The table's first frame is on screen."""
        self.first_frame_shown = True
        self.domino.table_shown(self.session.rules.variant)

    def on_unmount(self) -> None:
        """Leaving the table: answers still on their way are dropped, waits end at once."""
        self.token += 1
        self.skip.set()

    # --- the turn cycle --------------------------------------------------------------------
    def advance(self) -> None:
        """Start the next turn: a bot thinks in a worker, a human is waited for."""
        m = self.match
        if m.over or self.waiting_modal:
            return
        seat = m.turn
        self.token += 1
        if self.session.is_bot(seat):
            self.start_bot_turn(seat)
            return
        self.skip.clear()
        self.wind_clock(seat)
        self.before_human_turn(seat)

    def perform(self, code: int) -> None:
        """Apply the action of the player to move, log it and move on."""
        m = self.match
        rnd, seat = m.round, m.turn
        if m.over or rnd.why_illegal(code) is not None:
            return
        before = len(rnd.history)
        result = self.session.apply(code)
        for i, event in enumerate(rnd.history[before:], start=before):
            self.write_log(self.event_text(event, i == 0))
        self.turn_moved(seat, code, rnd.history[-1].tile)
        self.token += 1
        if result is not None or m.turn != seat:
            self.clock = None
            if self.session.hotseat:
                self.hide_hand()
        if result is not None:
            self.finished = (result.number, rnd)  # drawn while the round-end dialog is up
            self.round_over(result, rnd.history)
            return
        self.refresh_table()
        self.advance()

    def round_over(self, result: RoundResult, history: list[Event]) -> None:
        from .round_end import RoundEndScreen

        lang = self.lang
        if result.went_out >= 0:
            self.write_log(t("log_went_out", lang, name=self.session.name(result.went_out)))
        elif result.fish:
            self.write_log(t("log_fish", lang, name=self.session.name(result.fisher)))
        if result.taker >= 0:
            self.write_log(
                t("log_took", lang, name=self.session.name(result.taker), n=result.taken)
            )
        self.new_tiles = 0
        self.selected = -1
        self.waiting_modal = True
        self.refresh_table()
        self.app.push_screen(RoundEndScreen(self.session, result), self.after_round)

    def after_round(self, _: str | None = None) -> None:
        self.waiting_modal = False
        self.finished = None
        if self.match.over:
            self.game_over()
            return
        self.log_round_start()
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
        if self.session.hotseat:
            self.say(t("undo_hotseat", lang))
            return
        if not self.domino.settings.undo:
            self.say(t("undo_off", lang))
            return
        if self.waiting_modal or self.match.over:
            return
        first_undo = self.session.with_undo
        try:
            taken = self.session.undo()
        except UndoError as err:
            self.say(t(str(err), lang))
            return
        self.token += 1  # a bot answer on its way belongs to the old position
        self.clear_choice()
        self.new_tiles = 0
        self.query_one("#log", TableLog).clear()
        self.log_round_so_far()
        self.write_log(t("log_undo", lang, n=taken))
        self.message = t("undone", lang, n=plural(taken, "w.actions", lang))
        if not first_undo:
            self.message += " " + t("with_undo_note", lang)
        self.refresh_table()
        self.advance()

    def action_rules(self) -> None:
        self.domino.open_rules()
