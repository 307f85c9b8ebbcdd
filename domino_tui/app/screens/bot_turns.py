"""Bots' turns: a bot thinks in a thread worker while the table stays live, then waits out the
chosen pace (Space cuts the wait short) before its move lands.

The decision itself is the table's (:meth:`~domino_tui.play.table.TableSession.think`, through
the bot runner of bots/runner.py): a daemon thread with a time limit, so a plugin that hangs or
raises gets a stand-in move, said in the status line and the log, and the match is marked (kept
out of the rating). The worker here only waits, in short slices that notice a cancel: leaving
the table or the app never waits for a stuck bot. Its answer comes back to the screen as a
:class:`~.answers.BotMoved` message, handed to :meth:`BotTurns.landed`, and the table lays it
(:meth:`TableSession.land` drops one for a position that has moved on)."""

from __future__ import annotations

import threading
from functools import partial
from typing import TYPE_CHECKING

from textual.worker import get_current_worker

from ...bots.runner import POLL
from ...play.table import BotTurn
from ...storage.settings import PACES
from .answers import BotMoved

if TYPE_CHECKING:
    from .game import GameScreen


class BotTurns:
    """The bots of one table screen: who thinks, the pace, Space, their answers."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.skip = threading.Event()  # Space, or leaving: the pace's wait ends at once

    def start(self, seat: int) -> None:
        """The bot sees only its own seat's view; the answer carries the turn's token.

        A table not painted yet lets its first bot think only after its first frame: the search
        shares the interpreter with the layout and delayed that frame by a tenth (issue 22
        item 9). The wait is one refresh, and a turn that moved on meanwhile is dropped."""
        screen = self.screen
        if not screen.first_frame_shown:
            # after the frame and after what waits for it (a posted message, not a callback)
            screen.call_after_refresh(screen.call_later, self.after_first_frame, seat, screen.token)
            screen.refresh_table()  # the frame shows the bot's turn as it always did
            return
        turn = screen.table.bot_turn()
        if turn is None:
            return
        delay = PACES.get(screen.domino.pace, 0.0)
        think = partial(self.think, turn, screen.token, delay)
        screen.run_worker(think, thread=True, exclusive=True, group="bot")
        screen.refresh_table()

    def after_first_frame(self, seat: int, token: int) -> None:
        screen = self.screen
        screen.first_frame_shown = True
        if token == screen.token and not screen.match.over and screen.match.turn == seat:
            self.start(seat)

    def think(self, turn: BotTurn, token: int, delay: float) -> None:
        """In the worker's thread, within the limit; a stale or cancelled turn says nothing."""
        worker = get_current_worker()
        move = self.screen.table.think(turn, lambda: worker.is_cancelled)
        if move is None:
            return
        waited = 0.0
        while waited < delay and not worker.is_cancelled:  # the pace, cut short by Space
            if self.skip.wait(min(POLL * 4, delay - waited)):
                break
            waited += POLL * 4
        if not worker.is_cancelled:
            self.screen.post_message(BotMoved(move, token))

    def landed(self, message: BotMoved) -> None:
        """An answer for a position that has moved on (undo, a timeout, leaving) is dropped."""
        screen = self.screen
        if message.token != screen.token:
            return
        rnd = screen.match.round
        landed = screen.table.land(message.move)
        if landed is None:
            return
        fault = message.move.decision.fault
        screen.moved(landed.seat, landed.code, landed.result, rnd)
        if fault is not None and message.move.decision.first:
            words = fault.words(screen.lang)
            screen.write_log(words)
            screen.say(words)
