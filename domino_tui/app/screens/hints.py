"""Hints: the hard bot, asked from the player's own view, names a move and (in English) why."""

from __future__ import annotations

from textual import work

from ...bots import make_bot
from ...engine.actions import DRAW, KNOCK, PAIR_BASE, format_action
from ...engine.tiles import tile_set
from ...engine.view import SeatView
from ..strings import t
from .table import TableScreen


class Hints(TableScreen):
    def action_hint(self) -> None:
        if not self.my_turn():
            self.say(t("hint_none", self.lang))
            return
        self.say(t("hint_thinking", self.lang))
        self.hint_worker(self.session.view(self.viewer), self.token)

    @work(thread=True, exclusive=True, group="hint")
    def hint_worker(self, view: SeatView, token: int) -> None:
        if self.hint_bot is None:
            self.hint_bot = make_bot("hard", self.session.seed)
        bot = self.hint_bot
        try:
            explain = getattr(bot, "explain", None)
            if callable(explain):
                code, why = explain(view)
            else:
                code, why = bot.choose(view), ""
        except Exception:
            code, why = view.legal[0], ""
        self.app.call_from_thread(self.show_hint, code, why, token)

    def show_hint(self, code: int, why: str, token: int) -> None:
        if token != self.token:
            return
        ts = tile_set(self.match.rules.set_top)
        if code >= 0:
            self.selected = code >> 1 if code < PAIR_BASE else self.selected
        if code == DRAW:
            action = t("key_draw", self.lang)
        elif code == KNOCK:
            action = t("key_knock", self.lang)
        elif code < PAIR_BASE:
            end = t("end_left" if code & 1 == 0 else "end_right", self.lang)
            action = (
                ts.name(code >> 1)
                if not self.match.round.placed
                else f"{ts.name(code >> 1)} → {end}"
            )
        else:
            action = format_action(code, ts=ts)
        if not why or self.lang != "en":  # bots explain in English only
            why = t("hint_generic", self.lang)
        self.message = t("hint", self.lang, action=action, reason=why)
        self.refresh_table()
