"""Hints: the move, its end, why in a player's words and the gain in pips, from the player's
own view only (the table's :meth:`~domino_tui.play.table.TableSession.answer_hint` searches with
``bots/explain.py``, ``words/hints.py`` words it). The search runs in a worker, so the table
stays live; its answer comes back as a :class:`~.answers.HintReady` message, one for a position
that has moved on is dropped, and one that did not come within the limit is "no hint in time"
(bots/runner.py)."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from textual.widgets import Static
from textual.worker import get_current_worker

from ...engine.actions import placements
from ...play.table import HintAsked
from ...words.strings import t
from .answers import HintReady

if TYPE_CHECKING:
    from .game import GameScreen


class Hints:
    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen

    def ask(self) -> None:
        screen = self.screen
        asked = screen.table.ask_hint(screen.viewer) if screen.my_turn() else None
        if asked is None:
            screen.say(t("hint_none", screen.lang))
            return
        screen.say(t("hint_thinking", screen.lang))
        search = partial(self.search, asked, screen.token)
        screen.run_worker(search, thread=True, exclusive=True, group="hint")

    def search(self, asked: HintAsked, token: int) -> None:
        """The search runs in the hint's own thread, within the session's help limit; this
        worker only waits, so leaving the table never waits for it."""
        worker = get_current_worker()
        answer = self.screen.table.answer_hint(asked, lambda: worker.is_cancelled)
        if answer is not None:
            self.screen.post_message(HintReady(answer, token))

    def show(self, message: HintReady) -> None:
        screen = self.screen
        if message.token != screen.token:
            return
        answer = message.answer
        if answer.advice is None:
            screen.say(t("hint_late", screen.lang))
            return
        parts = placements(answer.advice.code)
        turn = screen.turn
        if len(parts) == 1:  # the cursor on the tile, closed if so hinted: Enter follows it
            turn = replace(turn.cleared(), selected=parts[0].tile, closed=parts[0].closed)
        elif parts:  # several doubles: shown for Enter, as the P key shows them
            turn = replace(turn.cleared(), offer=answer.advice.code)
        names = [screen.session.name(s) for s in range(screen.session.rules.players)]
        status = screen.query_one("#status", Static)
        width = (status.content_size.width or 78) * 2 - 6  # two rows, less what word wrap loses
        screen.turn = replace(turn, message=answer.words(names, screen.lang, limit=width))
