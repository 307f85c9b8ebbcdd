"""The hint key at a real table (issue 9, part 6): the hint names the move, its end, why in the
player's words and the gain, in the player's language, and it is computed in a worker."""

from __future__ import annotations

import threading

import pytest
from textual.widgets import Static

from domino_tui.app import make_app
from domino_tui.app.app import DominoApp
from domino_tui.engine.actions import parse_action
from domino_tui.engine.deal import Deal
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.tiles import DOUBLE_SIX as TS
from domino_tui.play.session import GameSession, Seat
from tests.bots.test_counter import BLOCK_HANDS, BLOCK_SCRIPT

from .driver import game, plain, screen_text, settle

# the position of tests/bots/test_counter.py: seat 1 knocks on 1s, then on 3s and 2s; the player
# then chooses between 2-6 (seat 1 cannot answer) and the heavier 5-6


def scripted(rules, hands: list[str], script: str) -> Match:  # type: ignore[no-untyped-def]
    masks = tuple(sum(1 << TS.parse(w) for w in h.split()) for h in hands)
    match = Match(rules, 1, deals=iter([Deal(masks, (), 0)] * 50))
    for word in script.split():
        match.apply(parse_action(word))
    return match


def block_app(lang: str) -> DominoApp:
    """Seat 1 (Serg) has knocked on 3|2; the player may leave 3|2 again with 2-6 on the right."""
    rules = make_rules({"players": 4})
    match = scripted(rules, BLOCK_HANDS, BLOCK_SCRIPT)
    assert match.turn == 0
    seats = (Seat("Tester"), *(Seat(name, "bot", "easy") for name in ("Serg", "Olya", "Alex")))
    session = GameSession(rules, seats, 1, match=match)
    return make_app(session, settings_path=None, lang=lang, pace="instant")


def status(app: DominoApp) -> str:
    return " ".join(plain(game(app).query_one("#status", Static)).split())


@pytest.mark.parametrize(
    ("lang", "move", "why", "gain"),
    [
        (
            "en",
            "Hint: play 2-6 on the right end (6 ▶)",
            "Serg, next to play, has shown no 2s or 3s",
            "better than 5-6, the next best.",
        ),
        (
            "ru",
            "Подсказка: ходите 2-6 направо, к 6 ▶",
            "Serg ходит следом: ни 2, ни 3, похоже, нет",
            "лучше, чем 5-6 (второй по силе ход).",
        ),
    ],
)
async def test_the_hint_key_shows_the_move_the_reason_and_the_gain(
    lang: str, move: str, why: str, gain: str
) -> None:
    app = block_app(lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        assert screen.my_turn()
        await pilot.press("h")
        await settle(pilot)
        text = status(app)
        assert text.startswith(f"{move} — {why};"), text
        assert text.endswith(gain), text
        assert screen.turn.selected == parse_action("2-6R") >> 1, (
            "the cursor moves to the hinted tile"
        )
        shown = " ".join(screen_text(app).split())
        assert move in shown and why.split(",")[0] in shown
        assert len(screen.match.round.history) == len(BLOCK_SCRIPT.split()), "nothing was played"


@pytest.mark.parametrize("moved_on", [False, True])
async def test_the_hint_thinks_in_a_worker_while_the_table_stays_live(
    monkeypatch: pytest.MonkeyPatch, moved_on: bool
) -> None:
    from domino_tui.bots import explain

    release = threading.Event()
    real = explain.advise

    def slow(view, seed):  # type: ignore[no-untyped-def]
        assert release.wait(10)
        return real(view, seed)

    monkeypatch.setattr(explain, "advise", slow)  # the hint's search
    app = block_app("en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game(app)
        before = screen.turn.selected
        await pilot.press("h")
        await pilot.pause()
        assert status(app) == "Looking for a hint…"
        await pilot.press("right")  # the keys still work while the hint is searched
        assert screen.turn.selected != before
        if moved_on:
            screen.token += 1  # the position moved on: the answer belongs to the old one
        release.set()
        await settle(pilot)
        assert status(app).startswith("Hint: play 2-6") is not moved_on
