"""The table played by keys and clicks (issue 4): a whole match, choosing an end, drawing,
knocking, illegal attempts, the round-end modal, quitting and tiny windows."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from textual.widgets import Static

from domino_tui.app import make_app
from domino_tui.app.app import DominoApp
from domino_tui.app.screens.dialogs import ConfirmQuit, TooSmall
from domino_tui.app.screens.game import GameScreen
from domino_tui.app.screens.game_end import GameEndScreen
from domino_tui.app.screens.round_end import RoundEndScreen
from domino_tui.app.widgets.chain import Chain
from domino_tui.app.widgets.hand import Hand
from domino_tui.engine.actions import DRAW, KNOCK
from domino_tui.engine.deal import Deal
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.tiles import DOUBLE_SIX as TS
from domino_tui.play.session import GameSession, Seat

from .driver import game, plain, play_to_end, seeded_app, settle


def mask(*names: str) -> int:
    out = 0
    for name in names:
        out |= 1 << TS.parse(name)
    return out


def scripted_app(
    hands: tuple[int, ...], boneyard: tuple[int, ...] = (), **options: object
) -> DominoApp:
    """A table whose first deal is fixed; seat 0 is the human, the others easy bots."""
    rules = make_rules({"players": len(hands), **options})

    def deals() -> Iterator[Deal]:
        yield Deal(hands, boneyard, 0)
        while True:  # later rounds: any legal deal will do
            yield Deal(hands, boneyard, 0)

    match = Match(rules, 1, deals=deals())
    seats = (Seat("Tester"), *(Seat(f"Bot{i}", "bot", "easy") for i in range(1, len(hands))))
    session = GameSession(rules, seats, 1, match=match)
    return make_app(session, settings_path=None, lang="en", pace="instant")


def status(app: DominoApp) -> str:
    return plain(game(app).query_one("#status", Static))


async def test_whole_match_by_keys_reaches_the_goat_K9() -> None:
    app = seeded_app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        presses = await play_to_end(pilot)
        m = game(app).match
        assert presses > 0 and m.over and m.outcome is not None
        assert m.outcome.goats, "K9: somebody reached the target"
        end = app.screen
        assert isinstance(end, GameEndScreen)
        text = plain(end.query_one("#final", Static))
        for goat in m.outcome.goats:
            assert game(app).session.side_name(goat) in text
        await pilot.press("enter")  # play again: a fresh match with the next seed
        await settle(pilot)
        again = game(app)
        assert again.session.seed == 6 and not again.match.results


# the bot leads 1-1 (K2.1); the human's only 1 is 1-4, the bot's only fit then 1-3 on the left,
# so the human's 3-4 fits both ends, 3 ◀ and 4 ▶
BOTH_HUMAN = mask("1-4", "3-4", "0-6", "6-6", "0-0", "2-2", "5-5")
BOTH_BOT = mask("1-1", "1-3", "0-2", "2-5", "5-6", "0-5", "2-6")


def both_ends_app() -> DominoApp:
    rest = tuple(b for b in range(28) if not (BOTH_HUMAN | BOTH_BOT) >> b & 1)
    return scripted_app((BOTH_HUMAN, BOTH_BOT), rest)


async def test_same_number_on_both_ends_asks_nothing_L3() -> None:
    app = both_ends_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game(app)
        assert screen.turn.selected == TS.parse("1-4")
        await pilot.press("enter")  # ends 1 · 1: both plays are the same, nothing is asked
        assert screen.turn.choosing == -1
        await settle(pilot)
        assert screen.match.round.placed[1] == (TS.parse("1-4"), 1, 0)


async def test_tile_fitting_both_ends_names_the_end_L3() -> None:
    app = both_ends_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game(app)
        await pilot.press("enter")
        await settle(pilot)
        assert (screen.match.round.left, screen.match.round.right) == (3, 4)
        assert screen.turn.selected == TS.parse("3-4"), "the cursor waits on the playable tile"
        await pilot.press("enter")
        assert screen.turn.choosing == TS.parse("3-4")
        assert "3-4 fits both ends. Now: left end 3 ◀" in status(app)
        chain = screen.query_one("#chain", Chain)
        left_tip, right_tip = chain.tips
        assert left_tip is not None and right_tip is not None, "both ends carry an arrow"
        await pilot.press("right")
        assert "Now: right end 4 ▶" in status(app)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.match.round.placed[3] == (TS.parse("3-4"), 1, 0), "laid on the right end"


async def test_click_on_an_end_lays_the_tile_there() -> None:
    app = both_ends_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game(app)
        await pilot.press("enter")
        await settle(pilot)
        hand = screen.query_one(Hand)
        target = next(p for p in hand.layout_cache if hand.state.tiles[p.index] == TS.parse("3-4"))
        offset = (target.x + 1 + 1, target.y + 1 + 1)  # inside the border
        await pilot.click(Hand, offset=offset)
        await pilot.click(Hand, offset=offset)  # a second click on the selection plays it
        assert screen.turn.choosing == TS.parse("3-4")
        chain = screen.query_one("#chain", Chain)
        left_end = next(p for p in chain.layout_cache if p.index == 0)
        await pilot.click("#chain", offset=(1 + left_end.x, 1 + left_end.y))  # inside the border
        await settle(pilot)
        assert screen.match.round.placed[3][:2] == (TS.parse("3-4"), 0)


async def test_drawing_one_tile_at_a_time_K3_2() -> None:
    human = mask("0-2", "0-3", "2-3", "2-4", "3-4", "4-5", "5-6")  # no 1 at all
    bot = mask("1-1", "0-0", "2-2", "3-3", "4-4", "5-5", "6-6")
    rest = [b for b in range(28) if not (human | bot) >> b & 1 and b != TS.parse("1-2")]
    boneyard = (TS.parse("1-2"), *rest[:3], TS.parse("0-6"))  # drawn from the end: 0-6 first
    app = scripted_app((human, bot), boneyard)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        rnd = screen.match.round
        assert screen.match.legal_actions() == [DRAW]
        await pilot.press("enter")  # playing is refused: nothing fits
        assert "Not allowed" in status(app)
        await pilot.press("d")
        assert rnd.hands[0] >> TS.parse("0-6") & 1
        assert "0-6" in status(app), "the drawn tile is shown"
        assert screen.query_one(Hand).state.new >> TS.parse("0-6") & 1
        assert rnd.turn == 0 and screen.match.legal_actions() == [DRAW], "still nothing fits"


async def test_knocking_when_the_boneyard_is_empty_K3_3() -> None:
    no_ones = [b for b in range(28) if not TS.suit_mask[1] >> b & 1]
    human = sum(1 << b for b in no_ones[:14])
    bot = TS.all_mask & ~human
    app = scripted_app((human, bot), (), hand_size=14)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        assert screen.match.legal_actions() == [KNOCK]
        await pilot.press("d")
        assert "boneyard is empty" in status(app), "why_illegal explains the refused draw"
        history = screen.match.round.history
        before = len(history)
        await pilot.press("k")
        assert history[before].code == KNOCK and history[before].seat == 0


async def test_illegal_tile_says_why_and_changes_nothing() -> None:
    human = mask("1-3", "0-2", "0-4", "2-4", "2-5", "4-5", "5-6")
    bot = mask("1-1", "0-3", "2-6", "3-6", "4-6", "0-5", "3-4")
    app = scripted_app((human, bot), tuple(b for b in range(28) if not (human | bot) >> b & 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        screen.turn = replace(screen.turn, selected=TS.parse("5-6"))
        await pilot.press("enter")
        assert "5-6 fits neither end" in status(app)
        assert len(screen.match.round.placed) == 1
        await pilot.press("k")
        assert "you have a tile that fits" in status(app)


async def test_round_end_reveals_every_hand_K4_5() -> None:
    app = seeded_app(seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(400):
            await settle(pilot)
            if isinstance(app.screen, RoundEndScreen):
                break
            screen = app.screen
            if isinstance(screen, GameScreen) and screen.my_turn():
                legal = screen.match.legal_actions()
                await pilot.press("d" if legal == [DRAW] else "k" if legal == [KNOCK] else "enter")
        modal = app.screen
        assert isinstance(modal, RoundEndScreen)
        result = modal.result
        text = plain(modal.query_one("#summary", Static))
        session = game(app).session
        for seat in range(4):
            assert session.name(seat) in text
            assert f"{result.score.seat_points[seat]} pts" in text
            for tile in range(28):
                if result.hands[seat] >> tile & 1:
                    assert TS.name(tile) in text


async def test_only_the_humans_hand_is_drawn() -> None:
    app = seeded_app(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        shown = screen.query_one(Hand).state.tiles
        assert sum(1 << t for t in shown) == screen.match.round.hands[0]


async def test_ctrl_c_asks_before_quitting() -> None:
    app = seeded_app(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+c")
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("n")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q", "y")
        await pilot.pause()
    assert app.return_code == 0


async def test_small_window_asks_to_enlarge_and_resize_restores_the_table() -> None:
    app = seeded_app(seed=3)
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmall)
        assert "Enlarge the window" in plain(app.screen.query_one("#too-small", Static))
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        screen = game(app)
        assert app.screen is screen and screen.query_one(Hand).state.tiles


async def test_action_listener_hears_every_action() -> None:
    heard: list[int] = []
    rules = make_rules({"players": 2})
    session = GameSession(rules, (Seat("A", "bot", "easy"), Seat("B", "bot", "easy")), 9)
    app = make_app(
        session, settings_path=None, pace="instant", on_action=lambda s, code, r: heard.append(code)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert heard and heard == [c for r in session.match.actions for c in r][: len(heard)]


async def test_hint_names_a_legal_move_with_a_reason() -> None:
    app = seeded_app(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        legal_tiles = {c >> 1 for c in screen.match.legal_actions() if c >= 0}
        await pilot.press("h")
        await settle(pilot)
        assert status(app).startswith("Hint: ")
        assert screen.turn.selected in legal_tiles, "the cursor moves to the hinted tile"


async def test_auto_knock_setting_knocks_for_the_player() -> None:
    from dataclasses import replace

    no_ones = [b for b in range(28) if not TS.suit_mask[1] >> b & 1]
    human = sum(1 << b for b in no_ones[:14])
    app = scripted_app((human, TS.all_mask & ~human), (), hand_size=14)
    app.settings = replace(app.settings, auto_knock=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        history = game(app).match.histories[0]
        assert any(e.seat == 0 and e.code == KNOCK for e in history)


async def test_leaving_for_the_menu_drops_a_thinking_bot() -> None:
    app = seeded_app(seed=3)
    app.pace_override = "slow"
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        await pilot.press("enter")  # now the bots think, slowly
        moves = len(screen.match.actions[-1])
        app.open_menu()
        await settle(pilot)
        assert app.game_screen() is None
        assert len(screen.match.actions[-1]) == moves, "no move lands on a table nobody sees"
