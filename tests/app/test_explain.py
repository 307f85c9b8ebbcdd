"""Turns and scores in plain words (issue 9, parts 3-5): what to do after a draw or a refusal,
every player's last turn in view, the flash of the tile just laid, and a round's score told as
arithmetic a player can check, with a key to the score table."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from textual.widgets import Static

from domino_tui.app import make_app
from domino_tui.app.app import DominoApp
from domino_tui.app.screens.round_end import RoundEndScreen
from domino_tui.app.screens.rules import rules_markdown
from domino_tui.app.widgets.chain import Chain
from domino_tui.engine.actions import DRAW, KNOCK
from domino_tui.engine.deal import Deal
from domino_tui.engine.match import Match, RoundResult
from domino_tui.engine.rules import make_rules
from domino_tui.engine.scoring import RoundScore, SideLine, Standing
from domino_tui.engine.tiles import DOUBLE_SIX as TS
from domino_tui.play.session import GameSession, Seat
from domino_tui.words.score import hand_sum, rule_lines, side_sum

from .driver import game, plain, seeded_app, settle
from .test_snapshots import to_round_end


def mask(text: str) -> int:
    return sum(1 << TS.parse(t) for t in text.split())


def two_player_app(human: int, bot: int, boneyard: tuple[int, ...]) -> DominoApp:
    rules = make_rules({"players": 2})

    def deals() -> Iterator[Deal]:
        while True:
            yield Deal((human, bot), boneyard, 0)

    match = Match(rules, 1, deals=deals())
    session = GameSession(rules, (Seat("Tester"), Seat("Bot", "bot", "easy")), 1, match=match)
    return make_app(session, settings_path=None, lang="en", pace="instant")


def status(app: DominoApp) -> str:
    return plain(game(app).query_one("#status", Static))


# --- part 3: the status line says what can be done now -----------------------------------------


async def test_after_each_draw_the_status_says_draw_again_or_play_K3_2() -> None:
    human = mask("0-2 0-3 2-3 2-4 3-4 4-5 5-6")  # no 1: the bot's 1-1 lead fits nothing
    bot = mask("1-1 0-0 2-2 3-3 4-4 5-5 6-6")
    rest = [b for b in range(28) if not (human | bot) >> b & 1 and not TS.suit_mask[1] >> b & 1]
    boneyard = (TS.parse("1-2"), *rest)  # drawn from the end: 1-2 comes last
    app = two_player_app(human, bot, boneyard)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        for _ in range(len(rest)):
            await pilot.press("d")
            assert "nothing fits yet: draw again (D)" in status(app)
        await pilot.press("d")
        assert "You drew 1-2 — it fits: play it (Enter)." in status(app)
        assert screen.turn.selected == TS.parse("1-2")


async def test_a_drawn_tile_that_does_not_fit_on_an_empty_boneyard_says_knock_K3_3() -> None:
    human = mask("0-2 0-3 2-3 2-4 3-4 4-5 5-6")
    bot = mask("1-1 0-0 2-2 3-3 4-4 5-5 6-6")
    app = two_player_app(human, bot, (TS.parse("0-4"),))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert game(app).match.legal_actions() == [DRAW]
        await pilot.press("d")
        assert "You drew 0-4 — nothing fits and the boneyard is empty: knock (K)." in status(app)
        assert game(app).match.legal_actions() == [KNOCK]


async def test_a_refusal_gives_the_reason_then_the_prompt() -> None:
    human = mask("1-3 0-2 0-4 2-4 2-5 4-5 5-6")
    bot = mask("1-1 0-3 2-6 3-6 4-6 0-5 3-4")
    app = two_player_app(human, bot, tuple(b for b in range(28) if not (human | bot) >> b & 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game(app).turn = replace(game(app).turn, selected=TS.parse("5-6"))
        await pilot.press("enter")
        text = status(app)
        assert "Not allowed: 5-6 fits neither end (1 · 1). Your turn:" in text
        assert "Enter plays it" in text


async def test_arrow_keys_step_through_playable_tiles_only() -> None:
    app = seeded_app(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        playable = screen.playable()
        for _ in range(4):
            await pilot.press("right")
            assert playable >> screen.turn.selected & 1


# --- part 4: last turns in view, names fit, the flash ------------------------------------------


async def test_every_players_last_turn_stays_in_view_at_80x24() -> None:
    app = seeded_app(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        recent = plain(game(app).query_one("#recent", Static))
        session = game(app).session
        for seat in range(4):
            assert f"{session.name(seat)}: " in recent
        assert game(app).query_one("#recent").region.height >= 4, "visible, not hidden"


async def test_long_names_are_shortened_with_an_ellipsis() -> None:
    rules = make_rules({"players": 4})
    seats = (
        Seat("Tester"),
        Seat("Maximilian-Alexander", "bot", "medium"),
        Seat("Olya", "bot", "medium"),
        Seat("Serg", "bot", "medium"),
    )
    app = make_app(GameSession(rules, seats, 3), settings_path=None, lang="en", pace="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = game(app).query_one("#seat-0")
        title = str(panel.border_title)
        assert title.endswith("…") and len(title) < panel.outer_size.width - 3


async def test_the_tile_just_laid_flashes_then_settles(monkeypatch: pytest.MonkeyPatch) -> None:
    """The highlight is seen being put on (a spy, not a race against a 0.2 s timer on a busy
    machine) and then ends by itself, waited for with a generous deadline."""
    monkeypatch.setattr(Chain, "FLASH_SECONDS", 0.2)
    flashed: list[bool] = []
    add_class = Chain.add_class

    def spy(self: Chain, *names: str, update: bool = True) -> Chain:
        if "-flash" in names:
            flashed.append(True)
        return add_class(self, *names, update=update)

    monkeypatch.setattr(Chain, "add_class", spy)
    app = seeded_app(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        chain = game(app).query_one(Chain)
        flashed.clear()
        await pilot.press("enter")
        await pilot.pause()
        assert flashed, "the new tile is highlighted"
        for _ in range(300):  # up to 30 s: the 0.2 s timer fires long before on any machine
            await pilot.pause(0.1)
            if not chain.has_class("-flash"):
                break
        assert not chain.has_class("-flash"), "and the highlight ends by itself"


# --- part 5: scores in words --------------------------------------------------------------------


def test_hand_sums_name_the_tiles_and_special_values_K6_1() -> None:
    rules = make_rules({})
    assert hand_sum(rules, mask("3-5 2-2"), "en") == "2-2 3-5: 4 + 8 = 12"
    assert hand_sum(rules, mask("0-0"), "en") == "0-0 alone counts 10 (K6.1)"
    assert hand_sum(rules, mask("0-0"), "ru") == "один 0-0 — это 10 (K6.1)"


def sheet(lines: tuple[SideLine, ...], seat_points: tuple[int, ...], **kw: object) -> RoundResult:
    score = RoundScore(lines, seat_points, 0, 0, -1, False)
    base: dict[str, object] = {
        "number": 2,
        "leader": 0,
        "lead_tile": 0,
        "redeals": 0,
        "went_out": -1,
        "fish": True,
        "fisher": 2,
        "taker": -1,
        "taken": 0,
        "hands": (0, 0, 0, 0),
        "score": score,
        "goats": (),
    }
    base.update(kw)
    return RoundResult(**base)  # type: ignore[arg-type]


def test_fish_on_one_says_who_takes_what_sum_K8_2() -> None:
    rules = make_rules({})
    st = Standing
    lines = (
        SideLine(0, 19, 56, 0, st(0, 7), st(63, 0, True), 0, False),
        SideLine(1, 15, 0, 0, st(0, 4), st(0, 0), 4, False),
        SideLine(2, 15, 0, 0, st(30, 0, True), st(30, 0, True), 0, False),
        SideLine(3, 7, 0, 0, st(0, 0), st(0, 0), 0, False),
    )
    result = sheet(lines, (19, 15, 15, 7))
    names = ["Masha", "Alex", "Olya", "Serg"]
    rule = rule_lines(rules, result, names, "en")
    assert rule[0] == (
        "Fish on one (K8.2): the heaviest hand takes all: 19 + 15 + 15 + 7 = 56 → Masha."
    )
    assert rule_lines(rules, result, names, "ru")[0].startswith("Рыба на одного (K8.2)")
    assert side_sum(rules, result, lines[0], "en") == (
        "56 opens the score (≥ 13): 56 + 7 = 63 written (K7.2)"
    )
    assert side_sum(rules, result, lines[1], "en") == "✗ remembered +4 wiped (K8.2)"


def test_remembered_written_and_carried_over_are_arithmetic_K7_K8_4() -> None:
    rules = make_rules({})
    st = Standing
    lines = (
        SideLine(0, 0, 0, 0, st(0, 19), st(0, 0), 19, True),
        SideLine(1, 3, 3, 0, st(0, 4), st(0, 7), 0, False),
        SideLine(2, 5, 40, 35, st(20, 0, True), st(60, 0, True), 0, False),
        SideLine(3, 2, 2, 0, st(0, 0), st(0, 2), 0, False),
    )
    result = sheet(lines, (0, 3, 5, 2), went_out=0, fish=False, fisher=-1)
    assert side_sum(rules, result, lines[0], "en") == "★ went out · ✗ remembered +19 wiped (K7.4)"
    assert side_sum(rules, result, lines[1], "en") == (
        "3 is under 13: remembered, +4 + 3 = +7 (K7.1)"
    )
    assert side_sum(rules, result, lines[2], "en") == (
        "5 + 🐟35 = 40 · score open: 20 + 40 = 60 (K7.3)"
    )


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_round_end_explains_every_line_and_carries_the_key(lang: str) -> None:
    app = seeded_app(seed=3, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_round_end(pilot)
        modal = app.screen
        assert isinstance(modal, RoundEndScreen)
        text = plain(modal.query_one("#summary", Static), width=76)
        result = modal.result
        session = game(app).session
        for seat in range(4):
            total = result.score.seat_points[seat]
            assert f"= {total}" in text or f": {total}" in text, "each hand is a checkable sum"
            assert session.name(seat) in text
        assert "K8.2" in text and "✗" in text and "🐟" in text
        assert ("Key:" if lang == "en" else "Обозначения:") in text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_rules_screen_has_a_section_on_the_score_table_key(lang: str) -> None:
    text = rules_markdown(lang)
    title = "Score table key" if lang == "en" else "Обозначения в таблице счёта"
    assert title in text
    for mark in ("`+N`", "`✗N`", "`🐟`", "`🐐`", "`★`"):
        assert mark in text
