"""Bots' turns: a bot thinks in a thread worker while the table stays live, then waits out the
chosen pace (Space cuts the wait short) before its move lands.

The decision itself is the table's (:meth:`~domino_tui.play.table.TableSession.think`, through
the bot runner of bots/runner.py): a daemon thread with a time limit, so a plugin that hangs or
raises gets a stand-in move, said in the status line and the log, and the match is marked (kept
out of the rating). The worker here only waits, in short slices that notice a cancel: leaving
the table or the app never waits for a stuck bot. Its answer comes back as a
:class:`~.answers.BotMoved` message, and the table lays it (:meth:`TableSession.land` drops one
for a position that has moved on)."""

from __future__ import annotations

from textual import on, work
from textual.worker import get_current_worker

from ...bots.runner import POLL
from ...play.table import BotTurn
from ...storage.settings import PACES
from .answers import BotMoved
from .table import TableScreen


class BotTurns(TableScreen):
    def start_bot_turn(self, seat: int) -> None:
        """The bot sees only its own seat's view; the answer carries the turn's token.

        A table not painted yet lets its first bot think only after its first frame: the search
        shares the interpreter with the layout and delayed that frame by a tenth (issue 22
        item 9). The wait is one refresh, and a turn that moved on meanwhile is dropped."""
        if not self.first_frame_shown:
            # after the frame and after what waits for it (a posted message, not a callback)
            self.call_after_refresh(self.call_later, self.after_first_frame, seat, self.token)
            self.refresh_table()  # the frame shows the bot's turn as it always did
            return
        turn = self.table.bot_turn()
        if turn is None:
            return
        delay = PACES.get(self.domino.pace, 0.0)
        self.bot_turn(turn, self.token, delay)
        self.refresh_table()

    def after_first_frame(self, seat: int, token: int) -> None:
        self.first_frame_shown = True
        if token == self.token and not self.match.over and self.match.turn == seat:
            self.start_bot_turn(seat)

    @work(thread=True, exclusive=True, group="bot")
    def bot_turn(self, turn: BotTurn, token: int, delay: float) -> None:
        """Think off the UI thread, within the limit; a stale or cancelled turn says nothing."""
        worker = get_current_worker()
        move = self.table.think(turn, lambda: worker.is_cancelled)
        if move is None:
            return
        waited = 0.0
        while waited < delay and not worker.is_cancelled:  # the pace, cut short by Space
            if self.skip.wait(min(POLL * 4, delay - waited)):
                break
            waited += POLL * 4
        if not worker.is_cancelled:
            self.post_message(BotMoved(move, token))

    @on(BotMoved)
    def bot_done(self, message: BotMoved) -> None:
        """An answer for a position that has moved on (undo, a timeout, leaving) is dropped."""
        if message.token != self.token:
            return
        rnd = self.match.round
        landed = self.table.land(message.move)
        if landed is None:
            return
        fault = message.move.decision.fault
        self.moved(landed.seat, landed.code, landed.result, rnd)
        if fault is not None and message.move.decision.first:
            words = fault.words(self.lang)
            self.write_log(words)
            self.say(words)

    def action_skip(self) -> None:
        self.skip.set()
