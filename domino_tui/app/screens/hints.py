"""Hints: the move, its end, why in a player's words and the gain in pips, from the player's
own view only (``bots/explain.py`` computes, ``hint_words.py`` words it). The search runs in a
worker, so the table stays live; an answer for a position that has moved on is dropped, and one
that does not come within the limit is "no hint in time" (bots/runner.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work
from textual.widgets import Static
from textual.worker import get_current_worker

from ...engine.actions import placements
from ...engine.view import SeatView
from ...words.hints import hint_text
from ...words.strings import t
from .table import TableScreen

if TYPE_CHECKING:
    from ...bots.explain import Advice


class Hints(TableScreen):
    def action_hint(self) -> None:
        if not self.my_turn():
            self.say(t("hint_none", self.lang))
            return
        self.say(t("hint_thinking", self.lang))
        self.hint_worker(self.session.view(self.viewer), self.token)

    @work(thread=True, exclusive=True, group="hint")
    def hint_worker(self, view: SeatView, token: int) -> None:
        """The search runs in the hint's own thread, within the session's help limit; this
        worker only waits, so leaving the table never waits for it."""
        from ...bots import explain  # the search: with the first hint, not the first frame

        worker = get_current_worker()
        seed = self.session.seed
        outcome = self.hint_thinker.call(
            lambda: explain.advise(view, seed), self.session.help_limit, lambda: worker.is_cancelled
        )
        if outcome.cancelled:
            return
        if outcome.overran:
            self.app.call_from_thread(self.hint_late, token)
            return
        advice = outcome.value
        if advice is None:  # a hint must never take the table down
            advice = explain.Advice(view.legal[0], (), (), "only")
        self.app.call_from_thread(self.show_hint, advice, view, token)

    def hint_late(self, token: int) -> None:
        if token == self.token:
            self.say(t("hint_late", self.lang))

    def show_hint(self, advice: Advice, view: SeatView, token: int) -> None:
        if token != self.token:
            return
        parts = placements(advice.code)
        if len(parts) == 1:  # the cursor on the tile, closed if so hinted: Enter follows it
            self.clear_choice()
            self.selected, self.closed = parts[0].tile, parts[0].closed
        elif parts:  # several doubles: shown for Enter, as the P key shows them
            self.clear_choice()
            self.offer = advice.code
        names = [self.session.name(s) for s in range(self.session.rules.players)]
        status = self.query_one("#status", Static)
        width = (status.content_size.width or 78) * 2 - 6  # two rows, less what word wrap loses
        self.message = hint_text(advice, view, names, self.lang, limit=width)
        self.refresh_table()
