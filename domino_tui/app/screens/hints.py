"""Hints: the move, its end, why in a player's words and the gain in pips, from the player's
own view only (the table's :meth:`~domino_tui.play.table.TableSession.answer_hint` searches with
``bots/explain.py``, ``words/hints.py`` words it). The search runs in a worker, so the table
stays live; its answer comes back as a :class:`~.answers.HintReady` message, one for a position
that has moved on is dropped, and one that did not come within the limit is "no hint in time"
(bots/runner.py)."""

from __future__ import annotations

from textual import on, work
from textual.widgets import Static
from textual.worker import get_current_worker

from ...engine.actions import placements
from ...play.table import HintAsked
from ...words.strings import t
from .answers import HintReady
from .table import TableScreen


class Hints(TableScreen):
    def action_hint(self) -> None:
        asked = self.table.ask_hint(self.viewer) if self.my_turn() else None
        if asked is None:
            self.say(t("hint_none", self.lang))
            return
        self.say(t("hint_thinking", self.lang))
        self.hint_worker(asked, self.token)

    @work(thread=True, exclusive=True, group="hint")
    def hint_worker(self, asked: HintAsked, token: int) -> None:
        """The search runs in the hint's own thread, within the session's help limit; this
        worker only waits, so leaving the table never waits for it."""
        worker = get_current_worker()
        answer = self.table.answer_hint(asked, lambda: worker.is_cancelled)
        if answer is not None:
            self.post_message(HintReady(answer, token))

    @on(HintReady)
    def show_hint(self, message: HintReady) -> None:
        if message.token != self.token:
            return
        answer = message.answer
        if answer.advice is None:
            self.say(t("hint_late", self.lang))
            return
        parts = placements(answer.advice.code)
        if len(parts) == 1:  # the cursor on the tile, closed if so hinted: Enter follows it
            self.clear_choice()
            self.selected, self.closed = parts[0].tile, parts[0].closed
        elif parts:  # several doubles: shown for Enter, as the P key shows them
            self.clear_choice()
            self.offer = answer.advice.code
        names = [self.session.name(s) for s in range(self.session.rules.players)]
        status = self.query_one("#status", Static)
        width = (status.content_size.width or 78) * 2 - 6  # two rows, less what word wrap loses
        self.message = answer.words(names, self.lang, limit=width)
        self.refresh_table()
