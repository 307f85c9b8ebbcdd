"""Issue 22 part 7, "every word at the table can be checked", read off the screen as a new
player reads it: the footer's Knock, the write-off try, the sheet at 80×24 and 120×40, a double
on the cross, the round end's last position, Settings' switches and the review's keys."""

from __future__ import annotations

from collections.abc import Sequence

from domino_tui.app import GameSession, Seat, make_app
from domino_tui.app.app import DominoApp
from domino_tui.engine.deal import Deal
from domino_tui.engine.match import Match
from domino_tui.engine.rules import Rules, make_rules
from domino_tui.engine.tiles import DOUBLE_SIX as TS

from .driver import game, screen_text, settle


def footer_line(app: DominoApp) -> str:
    return screen_text(app).rstrip("\n").splitlines()[-1]


def hand_mask(text: str) -> int:
    return sum(1 << TS.parse(word) for word in text.split())


def scripted(rules: Rules, *hands: Sequence[str], preset: str = "kozel", lang: str = "en"):
    """A table whose deals are written out (no boneyard: who cannot follow knocks); seat 0 is
    the player, the others easy bots."""
    deals = iter([Deal(tuple(hand_mask(h) for h in deal), (), 0) for deal in hands])
    match = Match(rules, 1, deals=deals)
    names = ("Tester", "Alex", "Olya", "Serg")
    seats = (Seat(names[0]), *(Seat(names[i], "bot", "easy") for i in range(1, rules.players)))
    session = GameSession(rules, seats, 1, preset, match=match)
    return make_app(session, settings_path=None, lang=lang, pace="instant")


# --- g: Knock in the footer only when it is legal ---------------------------------------------
async def test_the_footer_shows_knock_only_when_knocking_is_legal_K3_3() -> None:
    """K3.1, K3.3: with a tile that fits the player may not knock, so K is not offered; once
    nothing fits and the boneyard is empty, K is in the footer."""
    rules = make_rules({"players": 2})
    app = scripted(rules, ("1-1 5-6", "1-2 3-4"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        assert screen.my_turn() and screen.match.round.placed == []
        assert "Knock" not in footer_line(app), footer_line(app)  # 1-1 must lead (K2.1)
        await pilot.press("enter")  # lead 1-1; the bot follows with 1-2
        await settle(pilot)
        assert screen.my_turn(), "5-6 fits neither 1 nor 2"
        assert "k Knock" in footer_line(app), footer_line(app)
