"""Hot-seat (issue 5): friends at one keyboard. The privacy curtain is checked on the screen
text itself, as a person looking over the table would see it; the turn timer is ticked by
hand, so no real clock is involved."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static

from domino_tui.app import make_app
from domino_tui.app.app import DominoApp
from domino_tui.app.screens.game import GameScreen
from domino_tui.app.screens.game_end import GameEndScreen
from domino_tui.app.screens.round_end import RoundEndScreen
from domino_tui.app.widgets.hand import Hand
from domino_tui.engine.rules import make_rules
from domino_tui.engine.tiles import DOUBLE_SIX as TS
from domino_tui.play.saving import Saves
from domino_tui.play.session import GameSession, table_seats
from domino_tui.storage import list_records

from .driver import game, key_for_turn, plain, screen_text, settle

TILE = re.compile(r"[│┃](\d)[│┃](\d)[│┃]")  # light frame, or heavy when it can be played


def hotseat_app(
    names: tuple[str, ...] = ("Masha", "Alex", "Olya"),
    bots: tuple[str, ...] = (),
    seed: int = 2,
    timer: int | None = None,
    saves: Saves | None = None,
    **options: object,
) -> DominoApp:
    kinds = ["human"] * len(names) + list(bots)
    rules = make_rules({"players": len(kinds), **options})
    session = GameSession(rules, table_seats(kinds, names, "en"), seed, timer=timer)
    app = make_app(session, settings_path=None, lang="en", pace="instant", saves=saves)
    app.settings = replace(app.settings, tile_style="digits")  # tiles read as text: │3│5│
    return app


def hand_area(app: DominoApp) -> str:
    """The screen rows where the hand is drawn."""
    region = game(app).query_one(Hand).region
    rows = screen_text(app).splitlines()
    return "\n".join(rows[region.y : region.y + region.height])


def tiles_in(text: str) -> int:
    """The tiles drawn in ``text`` (framed digits) as a hand mask."""
    return sum(1 << TS.parse(f"{a}-{b}") for a, b in TILE.findall(text))


async def test_curtain_hides_every_hand_until_its_player_sits_down() -> None:
    app = hotseat_app(bots=("easy",))
    async with app.run_test(size=(100, 34)) as pilot:
        handoffs: set[str] = set()
        for _ in range(60):
            await settle(pilot)
            if isinstance(app.screen, RoundEndScreen):
                await pilot.press("enter")  # all hands are public now (K4.5)
                continue
            screen = game(app)
            assert app.screen is screen
            seat = screen.match.turn
            if screen.session.is_bot(seat):
                continue
            name = screen.session.name(seat)
            # behind the curtain: the board is there, no tile of any hand is
            whole = screen_text(app)
            assert tiles_in(hand_area(app)) == 0, f"a hand shows before {name} sat down"
            assert f"{name}'s turn" in hand_area(app)
            assert "Your turn" not in whole and "drew " not in whole.replace("drew from", "")
            handoffs.add(name)
            await pilot.press("enter")  # the named player lifts the curtain
            area = hand_area(app)
            assert tiles_in(area) == screen.match.round.hands[seat], f"{name} sees their hand"
            assert f"{name}'s hand" in area
            while screen.my_turn() and screen.match.turn == seat:
                await pilot.press(key_for_turn(screen))
                if screen.turn.choosing >= 0:
                    await pilot.press("enter")
                if app.screen is screen:  # only the player to move, or nobody, is shown
                    shown = screen.viewer
                    assert shown in (-1, screen.match.turn)
                    expect = screen.match.round.hands[shown] if shown >= 0 else 0
                    assert tiles_in(hand_area(app)) == expect
            if len(handoffs) == 3 and screen.match.number > 1:
                break
            if screen.match.turn != seat:
                assert screen.viewer == -1 and tiles_in(hand_area(app)) == 0, "hidden at once"
        assert handoffs == {"Masha", "Alex", "Olya"}
        assert screen.match.number > 1, "hand-offs were checked across a round end too"


async def test_log_never_names_a_drawn_tile_in_hotseat_K3_6() -> None:
    app = hotseat_app(names=("Masha", "Alex"), seed=2)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game(app)
        await pilot.press("enter")  # Alex leads 1-1
        await pilot.press(key_for_turn(screen))
        await pilot.press("enter")  # Masha sits down: nothing fits, she draws
        assert screen.match.legal_actions() == [-1]
        await pilot.press("d")
        drawn = screen.match.round.history[-1].tile
        log = screen.query_one("#log")
        text = "\n".join(str(line.text) for line in log.lines)  # type: ignore[attr-defined]
        assert "Masha: drew from the boneyard" in text
        assert TS.name(drawn) not in text.split("leads")[-1]
        assert TS.name(drawn) in plain(screen.query_one("#status", Static)), "she is told"


async def play_hotseat_to_end(pilot: Pilot[None], max_steps: int = 3000) -> int:
    """Only keys: Enter lifts each curtain, then the turn's key; returns the curtains lifted."""
    app = pilot.app
    curtains = 0
    for _ in range(max_steps):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, GameEndScreen):
            return curtains
        if isinstance(screen, RoundEndScreen):
            await pilot.press("enter")
        elif isinstance(screen, GameScreen) and screen.curtain >= 0:
            curtains += 1
            await pilot.press("enter")
        elif isinstance(screen, GameScreen) and screen.my_turn():
            await pilot.press(key_for_turn(screen))
            if screen.turn.choosing >= 0:
                await pilot.press("enter")
    raise AssertionError("the match did not end")


async def test_hotseat_match_by_keys_names_the_goat_K9(tmp_path: Path) -> None:
    saves = Saves.at(tmp_path)
    app = hotseat_app(names=("Masha", "Alex"), seed=4, saves=saves, target=25)
    async with app.run_test(size=(80, 24)) as pilot:
        curtains = await play_hotseat_to_end(pilot)
        match = game(app).match
        assert match.over and match.outcome is not None and match.outcome.goats
        assert curtains >= 4
        text = plain(app.screen.query_one("#final", Static))
        goat = game(app).session.side_name(match.outcome.goats[0])
        assert f"The goat: {goat}" in text
    assert not saves.exists(), "a finished game leaves no autosave"
    records = list_records(tmp_path / "records")
    assert [r.players for r in records] == [("Masha", "Alex")]


async def test_timer_runs_out_the_game_is_abandoned_K10_1(tmp_path: Path) -> None:
    saves = Saves.at(tmp_path)
    app = hotseat_app(names=("Masha", "Alex"), seed=2, timer=3, saves=saves)
    app.tick_seconds = 3600  # the test ticks by hand
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        assert "⏱ Alex 3s" in plain(screen.query_one("#status", Static))
        await pilot.press("enter", "enter")  # Alex lifts the curtain and leads 1-1
        await settle(pilot)
        assert screen.clock == (0, 3), "a new turn gets the full time"
        screen.tick()
        screen.tick()
        assert "⏱ Masha 1s" in plain(screen.query_one("#status", Static))
        assert not screen.match.over
        screen.tick()
        await settle(pilot)
        outcome = screen.match.outcome
        assert outcome is not None and outcome.abandoned_by == 0
        assert outcome.ratings[0] == 0 and outcome.ratings[1] == 1, "K10.1: 0 for the leaver"
        end = app.screen
        assert isinstance(end, GameEndScreen)
        text = plain(end.query_one("#final", Static))
        assert "Out of time: the match is resigned by Masha" in text
    assert not saves.exists()
    (record,) = list_records(tmp_path / "records")
    assert record.abandoned_by == "Masha"


async def test_timer_stands_still_while_a_dialog_covers_the_table() -> None:
    app = hotseat_app(names=("Masha", "Alex"), seed=2, timer=2)
    app.tick_seconds = 3600
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        await pilot.press("r")  # the rules screen
        screen.tick()
        screen.tick()
        assert screen.clock == (1, 2) and not screen.match.over


async def test_no_undo_in_hotseat() -> None:
    app = hotseat_app(names=("Masha", "Alex"), seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        await pilot.press("enter", "enter")
        await settle(pilot)
        moves = list(screen.match.actions[-1])
        await pilot.press("enter", "u")
        assert screen.match.actions[-1] == moves
        assert "No undo" in plain(screen.query_one("#status", Static))


def status_of(screen: GameScreen) -> str:
    return " ".join(plain(screen.query_one("#status", Static), 200).split())


async def test_the_status_speaks_to_the_player_at_the_keyboard_by_name() -> None:
    """Hot-seat: "you" alone does not say who is meant, so the status names the player it
    speaks to as an address — "Alex, your turn: …", "Masha, you drew 3-4 — …" — never the
    name glued to a sentence of its own ("Alex: Your turn: …", issue 22)."""
    app = hotseat_app(names=("Masha", "Alex"), seed=2)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game(app)
        await pilot.press("enter")  # Alex sits down
        first = status_of(screen)
        assert first.startswith("Alex, your turn: ←/→ choose a tile"), first
        await pilot.press("enter")  # Alex leads 1-1
        await pilot.press(key_for_turn(screen))
        await pilot.press("enter")  # Masha sits down: nothing fits, she draws
        assert status_of(screen).startswith("Masha, nothing fits: draw from the boneyard (D)")
        await pilot.press("d")
        drawn = TS.name(screen.match.round.history[-1].tile)
        said = status_of(screen)
        assert said.startswith(f"Masha, you drew {drawn} — "), said
        assert ": Your turn" not in said and "Masha: " not in said


def test_an_address_keeps_the_russian_polite_capital() -> None:
    """«Маша, Вы взяли 3-4 — …» keeps the capital «Вы» (one register, STYLE); any other first
    word goes on in lower case after the name ("Alex, nothing fits …", «Маша, ходить нечем …»)."""
    from domino_tui.words.turn import addressed

    assert addressed("Маша", "Вы взяли 3-4.", "ru") == "Маша, Вы взяли 3-4."
    assert addressed("Маша", "Ваш ход: ←/→.", "ru") == "Маша, Ваш ход: ←/→."
    assert addressed("Маша", "Ходить нечем.", "ru") == "Маша, ходить нечем."
    assert addressed("Alex", "You drew 3-4.", "en") == "Alex, you drew 3-4."
