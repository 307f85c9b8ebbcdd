"""The cross games by keys and clicks (docs/variants G4-G7): choosing among four ends, a double
laid closed, several doubles at once, and every refusal said in the variant's words.

Each position is found by playing random legal moves from a seeded deal until the human (seat
0) is to move in the situation the test needs; the keys then do the rest, as a player would.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from textual.pilot import Pilot
from textual.widgets import Static

from domino_tui.app import make_app
from domino_tui.app.app import DominoApp
from domino_tui.app.widgets.chain import Chain
from domino_tui.engine.actions import placements
from domino_tui.engine.cross import CLOSED, CrossState
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.tiles import DOUBLE_SIX as TS
from domino_tui.play.session import GameSession, Seat
from domino_tui.play.turn_moves import distinct_ends, tile_codes

from .driver import game, plain, screen_text, settle

Wanted = Callable[[CrossState], bool]


def position(preset: str, wanted: Wanted, players: int = 2) -> Match:
    """A match of ``preset`` played by random legal moves until seat 0 is to move where
    ``wanted`` holds (searched over seeds, so the test does not hang on one unlucky deal)."""
    rules = make_rules({"players": players}, preset)
    for seed in range(1, 400):
        match, rng = Match(rules, seed), random.Random(seed)
        for _ in range(60):
            rnd = match.round
            if match.over or rnd.over or match.number > 1:
                break
            if rnd.turn == 0 and isinstance(rnd, CrossState) and wanted(rnd):
                return match
            match.apply(rng.choice(match.legal_actions()))
    raise AssertionError(f"no {preset} position found")


def table(match: Match, preset: str, lang: str = "en") -> DominoApp:
    rules = match.rules
    seats = (Seat("Tester"), *(Seat(f"Bot{i}", "bot", "easy") for i in range(1, rules.players)))
    session = GameSession(rules, seats, 1, preset, match=match)
    return make_app(session, settings_path=None, lang=lang, pace="instant")


@asynccontextmanager
async def seated(
    match: Match, preset: str, size: tuple[int, int] = (80, 24), lang: str = "en"
) -> AsyncIterator[tuple[DominoApp, Pilot[None]]]:
    """The table of ``match`` on screen, the bots' moves (if any) landed."""
    app = table(match, preset, lang)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        yield app, pilot


def status(app: DominoApp) -> str:
    return " ".join(plain(game(app).query_one("#status", Static)).split())


def four_way_tile(rnd: CrossState) -> int:
    """A tile of seat 0 that fits all four open ends, or -1."""
    ends = rnd.open_ends()
    for tile in range(TS.count):
        if rnd.hands[0] >> tile & 1 and all(v >= 0 and rnd.geo.fits[v] >> tile & 1 for v in ends):
            return tile
    return -1


def four_ends(rnd: CrossState) -> bool:
    return four_way_tile(rnd) >= 0 and len(set(rnd.open_ends())) > 1


async def select(app: DominoApp, pilot: object, tile: int) -> None:
    """Move the cursor with → until it is on ``tile``."""
    screen = game(app)
    for _ in range(10):
        if screen.turn.selected == tile:
            return
        await pilot.press("right")  # type: ignore[attr-defined]
    raise AssertionError("the cursor never reached the tile")


ARROW_KEYS = ("left", "right", "up", "down")
END_WORDS = ("left end", "right end", "up end", "down end")


async def test_each_of_four_ends_by_arrow_G4() -> None:
    """G4: a tile that fits all four ends asks which; each arrow points at its end, the status
    names it with its number, and Enter lays the tile there."""
    for end in range(4):
        match = position("osel", four_ends)
        tile = four_way_tile(match.round)
        async with seated(match, "osel") as (app, pilot):
            screen = game(app)
            rnd = screen.match.round
            value = rnd.open_ends()[end]
            await select(app, pilot, tile)
            await pilot.press("enter")
            assert screen.turn.choosing == tile
            assert "fits several ends" in status(app)
            await pilot.press(ARROW_KEYS[end])
            assert f"{END_WORDS[end]} {value}" in status(app)
            before = len(rnd.history)
            await pilot.press("enter")
            await settle(pilot)
            laid = rnd.history[before]
            assert laid.seat == 0 and laid.tile == tile
            assert placements(laid.code)[0].end == end, f"the tile went {ARROW_KEYS[end]}"


async def test_a_click_on_an_end_lays_the_tile_there_G4() -> None:
    """A click on an end (the board posts Chain.EndClicked with the end 0-3) plays there."""
    match = position("osel", four_ends)
    tile = four_way_tile(match.round)
    async with seated(match, "osel", size=(120, 40)) as (app, pilot):
        screen = game(app)
        rnd = screen.match.round
        await select(app, pilot, tile)
        before = len(rnd.history)
        screen.query_one(Chain).post_message(Chain.EndClicked(3))
        await settle(pilot)
        assert placements(rnd.history[before].code)[0] == (tile, 3, False)


async def test_the_border_names_every_open_end_and_an_end_that_does_not_fit_is_refused() -> None:
    """The board's title lists the four ends; an arrow towards an end the tile does not fit
    says why and leaves the choice as it was (G4)."""

    def asks(rnd: CrossState) -> int:
        """A tile of seat 0 asked about (two ends or more that are not one move) that does
        not fit every end, or -1."""
        if min(rnd.open_ends()) < 0:
            return -1
        for tile in range(TS.count):
            codes = tile_codes(rnd.legal_actions(), tile, closed=False)
            if len(distinct_ends(rnd, codes)) > 1 and len(codes) < 4:
                return tile
        return -1

    match = position("osel", lambda rnd: asks(rnd) >= 0)
    rnd = match.round
    tile = asks(rnd)
    fit = [rnd.geo.fits[v] >> tile & 1 for v in rnd.open_ends()]
    async with seated(match, "osel", size=(120, 40)) as (app, pilot):
        screen = game(app)
        title = str(screen.query_one(Chain).border_title)
        for arrow, value in zip("←→↑↓", rnd.open_ends(), strict=True):
            assert f"{arrow}{value}" in title
        await select(app, pilot, tile)
        await pilot.press("enter")
        assert screen.turn.choosing == tile
        bad = fit.index(0)
        chosen = screen.turn.choose_side
        await pilot.press(ARROW_KEYS[bad])
        assert f"does not fit the {('left', 'right', 'up', 'down')[bad]} end" in status(app)
        assert screen.turn.choose_side == chosen and screen.turn.choosing == tile


def closable(rnd: CrossState) -> bool:
    """Seat 0 holds a double that fits an open end after the spinner (G6)."""
    return rnd.spinner >= 0 and any(
        p.closed for code in rnd.legal_actions() for p in placements(code)
    )


async def test_closing_a_double_face_down_G6() -> None:
    """G6 (осёл V2.5.2): C marks the double to go closed; Enter lays it face down and its end
    closes; the footer offers C only while a double can be closed."""
    match = position("osel", closable)
    rnd = match.round
    double = next(p.tile for code in rnd.legal_actions() for p in placements(code) if p.closed)
    async with seated(match, "osel") as (app, pilot):
        screen = game(app)
        assert "c Closed" in screen_text(app)
        assert "q Quit" in screen_text(app), "nothing cut off at 80 columns"
        await select(app, pilot, double)
        await pilot.press("c")
        assert "goes closed, face down" in status(app)
        before = len(rnd.history)
        await pilot.press("enter")
        if screen.turn.choosing >= 0:
            assert "(closed)" in status(app)
            await pilot.press("enter")
        await settle(pilot)
        _, where, seat = next(p for p in rnd.placed if p[0] == double)
        assert seat == 0 and where & CLOSED, "laid face down"
        assert rnd.history[before].tile == double


async def test_closing_refused_in_the_variant_words() -> None:
    """Only a double closes (G6), and телефон has no closed doubles at all."""

    def closable_and_plain(rnd: CrossState) -> bool:
        return closable(rnd) and any(
            not TS.is_double[p.tile] for c in rnd.legal_actions() for p in placements(c)
        )

    match = position("osel", closable_and_plain)
    rnd = match.round
    plain_tile = next(
        p.tile for c in rnd.legal_actions() for p in placements(c) if not TS.is_double[p.tile]
    )
    async with seated(match, "osel") as (app, pilot):
        await select(app, pilot, plain_tile)
        await pilot.press("c")
        assert "Not allowed: only a double can be laid closed" in status(app)

    def with_double(rnd: CrossState) -> bool:
        return rnd.spinner >= 0 and any(
            TS.is_double[p.tile] for c in rnd.legal_actions() for p in placements(c)
        )

    match = position("telefon", with_double)
    double = next(
        p.tile for c in match.round.legal_actions() for p in placements(c) if TS.is_double[p.tile]
    )
    async with seated(match, "telefon", lang="ru") as (app, pilot):
        assert "Закрыть" not in screen_text(app), "no C key where nothing closes"
        await select(app, pilot, double)
        await pilot.press("c")
        assert "Так нельзя: закрыть дубль можно только там, где это разрешают правила" in status(
            app
        )


def several(rnd: CrossState) -> bool:
    """Two open doubles at once are legal for seat 0 (G7)."""
    return any(
        len(placements(c)) > 1 and not any(p.closed for p in placements(c))
        for c in rnd.legal_actions()
    )


async def several_doubles_by_keys(preset: str) -> None:
    match = position(preset, several)
    rnd = match.round
    async with seated(match, preset) as (app, pilot):
        screen = game(app)
        assert "p Doubles" in screen_text(app)
        before = len(rnd.history)
        await pilot.press("p")
        if len(rnd.history) == before:  # several moves: P steps through them, Enter lays one
            assert "Doubles at once (1 of" in status(app)
            assert " + " in status(app)
            shown = screen.turn.offer
            await pilot.press("enter")
            await settle(pilot)
            assert rnd.history[before].code == shown
        move = placements(rnd.history[before].code)
        assert len(move) > 1 and all(TS.is_double[p.tile] for p in move)
        assert [e.seat for e in rnd.history[before : before + len(move)]] == [0] * len(move)


async def test_several_doubles_at_once_in_osel_G7() -> None:
    """G7, V2.5.3: P offers the doubles that can go together, Enter lays them in one move."""
    await several_doubles_by_keys("osel")


async def test_several_doubles_at_once_in_chechevo_G7() -> None:
    """G7, V5.5: the same in чечевэ."""
    await several_doubles_by_keys("chechevo")


async def test_several_doubles_refused_where_the_rules_say_one_tile() -> None:
    """Маггинс lays one tile per move (several_doubles off): P says so in words."""
    match = position("muggins", lambda rnd: bool(rnd.placed))
    async with seated(match, "muggins") as (app, pilot):
        assert "p Doubles" not in screen_text(app)
        await pilot.press("p")
        assert "Not allowed: these rules lay one tile per move" in status(app)


async def test_escape_cancels_and_a_hint_names_the_end() -> None:
    """Esc leaves the end unchosen; a hint on the cross names its move with the end (up,
    down, left, right), closed or several doubles, from the player's own view."""
    match = position("osel", four_ends)
    tile = four_way_tile(match.round)
    async with seated(match, "osel") as (app, pilot):
        screen = game(app)
        await select(app, pilot, tile)
        await pilot.press("enter", "up", "escape")
        assert screen.turn.choosing < 0 and status(app).startswith("Your turn")
        await pilot.press("h")
        await settle(pilot)
        hint = status(app)
        assert hint.startswith("Hint: "), hint
        assert any(w in hint for w in ("up", "down", "on the left", "on the right", "at once"))


async def test_ends_that_make_the_same_move_are_not_asked_about_L3() -> None:
    """Two ends that would leave the same board (the same numbers, nothing scored differently)
    are one move drawn in two places: Enter lays the tile without asking."""

    def twin(rnd: CrossState) -> int:
        for tile in range(TS.count):
            codes = tile_codes(rnd.legal_actions(), tile, closed=False)
            if len(codes) > 1 and len(distinct_ends(rnd, codes)) == 1:
                return tile
        return -1

    match = position("osel", lambda rnd: twin(rnd) >= 0)
    tile = twin(match.round)
    async with seated(match, "osel") as (app, pilot):
        screen = game(app)
        rnd = screen.match.round
        before = len(rnd.history)
        await select(app, pilot, tile)
        await pilot.press("enter")
        assert screen.turn.choosing < 0, "nothing to ask"
        assert rnd.history[before].tile == tile and rnd.history[before].seat == 0


async def test_kozel_never_closes_a_double() -> None:
    """Козёл's line has no closed doubles: C says so in words, whatever the tile."""
    match = Match(make_rules({"players": 2}), 3)
    match.apply(match.legal_actions()[0])
    async with seated(match, "kozel") as (app, pilot):
        assert "c Closed" not in screen_text(app)
        await pilot.press("c")
        assert "Not allowed: a double may be laid closed only where the rules allow" in status(app)
