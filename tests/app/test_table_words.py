"""Issue 22 part 7, "every word at the table can be checked", read off the screen as a new
player reads it: the footer's Knock, the write-off try, the sheet at 80×24 and 120×40, a double
on the cross, the round end's last position, Settings' switches and the review's keys."""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console, Group
from rich.text import Text
from textual.widgets import Static, Switch

from domino_tui.app import make_app
from domino_tui.app.app import DominoApp
from domino_tui.app.screens.replay import replay_app
from domino_tui.app.screens.round_end import RoundEndScreen
from domino_tui.app.screens.saved_games import ConfirmSave
from domino_tui.app.widgets.review_panel import hanging
from domino_tui.app.widgets.scores import ScoreSheet
from domino_tui.engine.actions import parse_action
from domino_tui.engine.cross import CrossState
from domino_tui.engine.deal import Deal
from domino_tui.engine.match import Match
from domino_tui.engine.rules import Rules, make_rules
from domino_tui.engine.tiles import DOUBLE_SIX as TS
from domino_tui.engine.tiles import bits
from domino_tui.play.saving import Saves
from domino_tui.play.session import GameSession, Seat
from domino_tui.play.turn_moves import tile_codes
from domino_tui.words.transcript import side_names
from domino_tui.words.variant import round_notes

from .driver import game, screen_text, settle
from .test_cross_input import position, select
from .test_cross_input import seated as cross_seated
from .test_noticed_table import kept_record
from .test_saved_games import open_list, saved_session


def footer_line(app: DominoApp) -> str:
    return screen_text(app).rstrip("\n").splitlines()[-1]


def hand_mask(text: str) -> int:
    return sum(1 << TS.parse(word) for word in text.split())


def scripted_match(rules: Rules, *deals: Sequence[str], moves: Sequence[str] = ()) -> Match:
    """A match whose deals are written out (no boneyard: who cannot follow knocks), with the
    first rounds' ``moves`` played (one string per round, in notation: ``1-1 knock 1-2R``)."""
    match = Match(rules, 1, deals=iter([Deal(tuple(map(hand_mask, d)), (), 0) for d in deals]))
    for script in moves:
        for word in script.split():
            match.apply(parse_action(word))
    return match


def scripted(
    rules: Rules,
    *deals: Sequence[str],
    moves: Sequence[str] = (),
    preset: str = "kozel",
    lang: str = "en",
) -> DominoApp:
    """The table of :func:`scripted_match`; seat 0 is the player, the others easy bots."""
    match = scripted_match(rules, *deals, moves=moves)
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


# --- a: Морской's fish names the hands it compares -------------------------------------------
MORSKOY = make_rules({"players": 2}, "morskoy")
WARM = ("1-1 1-2", "3-4")  # round 1: Tester leads 1-1 and goes out, Alex keeps 7 (< 25)
WARM_MOVES = "1-1 knock 1-2R"
FISH = ("0-0 5-6 4-6 4-5", "1-2 3-6")  # Tester fishes with 0-0: 30 in hand against 12
FISH_MOVES = "0-0 knock knock"


def test_morskoy_fish_words_name_both_hands_V1_7() -> None:
    """V1.7, V1.7.2: the verdict of a fish is checkable: the fisher's side's hand and the other
    side's, each named, in both languages."""
    match = scripted_match(MORSKOY, WARM, FISH, WARM, moves=(WARM_MOVES, FISH_MOVES))
    result = match.results[-1]
    assert result.notes["fish"] == "write_off"
    names = ["Tester", "Alex"]
    sides = side_names(MORSKOY, names)
    en = round_notes(MORSKOY, result, names, sides, "en")
    assert "Fish: the fisher's side (Tester) 30 against Alex 12." in en, en
    ru = round_notes(MORSKOY, result, names, sides, "ru")
    assert "Рыба: сторона рыбака (Tester) — 30 против Alex — 12." in ru, ru


# --- b, c: the write-off try, named while it is played and marked plainly on the sheet --------
TRY = ("1-1 1-2", "5-6")  # a try: Tester (the fisher) leads and goes out, Alex keeps 11 (< 25)


@pytest.mark.parametrize(
    ("size", "lang", "words"),
    [
        ((80, 24), "en", "write-off try 1 of 3"),
        ((120, 40), "en", "write-off try 1 of 3"),
        ((80, 24), "ru", "списание рыбы 1 из 3"),
        ((120, 40), "ru", "списание рыбы 1 из 3"),
    ],
)
async def test_the_table_names_the_write_off_try_in_play_V1_7_3(
    size: tuple[int, int], lang: str, words: str
) -> None:
    """V1.7.2, V1.7.3: after a fish the fisher may write off, the next round is try 1 of 3;
    the side panel says so while it is played, at 80×24 and 120×40."""
    app = scripted(
        MORSKOY, WARM, FISH, TRY, TRY, moves=(WARM_MOVES, FISH_MOVES), preset="morskoy", lang=lang
    )
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert game(app).match.extra["mode"] == "try"
        assert words in screen_text(app), screen_text(app)


async def test_the_sheet_marks_a_try_without_a_fraction_V1_7_3() -> None:
    """A round played as a write-off try is marked ``↻1`` in the sheet's L column (``1/3``
    read as a fraction), and the border moves on to try 2 of 3."""
    app = scripted(
        MORSKOY,
        WARM,
        FISH,
        TRY,
        TRY,
        moves=(WARM_MOVES, FISH_MOVES, "1-1 knock 1-2R"),
        preset="morskoy",
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "11 ↻1" in text and "1/3" not in text, text
        assert "write-off try 2 of 3" in text, text


# --- d, h: the sheet's names and rows fit ----------------------------------------------------
NAMES = {"en": ("You", "Alex", "Olya", "Serg"), "ru": ("Вы", "Лёша", "Оля", "Серёжа")}


def played(rules: Rules, rounds: int, seed: int = 3) -> Match:
    """A match with ``rounds`` rounds played by random legal moves (seeded)."""
    match, rng = Match(rules, seed), random.Random(seed)
    while len(match.results) < rounds and not match.over:
        match.apply(rng.choice(match.legal_actions()))
    return match


def seated(match: Match, preset: str, lang: str) -> DominoApp:
    names = NAMES[lang]
    seats = (Seat(names[0]), *(Seat(names[i], "bot", "easy") for i in range(1, 4)))
    session = GameSession(match.rules, seats, 3, preset, match=match)
    return make_app(session, settings_path=None, lang=lang, pace="instant")


def sheet_lines(app: DominoApp) -> list[str]:
    """The side sheet's lines as drawn (the text between its borders)."""
    sheet = game(app).query_one(ScoreSheet).region
    lines = screen_text(app).splitlines()[sheet.y + 1 : sheet.bottom - 1]
    return [cells(line, sheet.x + 1, sheet.right - 1) for line in lines]


def cells(line: str, start: int, end: int) -> str:
    """The characters of ``line`` between two terminal columns (an emoji takes two)."""
    out, at = [], 0
    for char in line:
        if start <= at < end:
            out.append(char)
        at += cell_len(char)
    return "".join(out)


@pytest.mark.parametrize("preset", ["kozel-pairs", "morskoy"])
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_pair_names_are_whole_on_the_sheet_at_120_columns_P2(preset: str, lang: str) -> None:
    """P2: a pair's column is named by both partners; at 120×40 the names are whole (the round
    and Морской's L columns no longer take a share of the room), after a round too."""
    app = seated(played(make_rules({}, preset), 1), preset, lang)
    you, alex, olya, serg = NAMES[lang]
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        text = "\n".join(sheet_lines(app))
        assert f"{you} & {olya}" in text and f"{alex} & {serg}" in text, text
        assert "…" not in text, text


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_80x24_sheet_shows_two_rounds_without_a_scrollbar_K11(lang: str) -> None:
    """K11 at 80×24: two rounds (each its points and its total) fit the side sheet with no
    scrollbar, every player's name is whole and the cells stand apart."""
    app = seated(played(make_rules({}), 2), "kozel", lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        sheet = game(app).query_one(ScoreSheet)
        assert sheet.max_scroll_y == 0, sheet_lines(app)
        lines = sheet_lines(app)
        assert lines[0].split()[1:] == list(NAMES[lang]), lines
        assert not any("…" in line for line in lines), lines
        rows = [line.split() for line in lines[2:6]]
        assert [len(row) for row in rows] == [5, 5, 5, 5], lines  # 4 cells and the label


# --- f: a double on the cross asks which of two like ends -----------------------------------
def twin_double(rnd: CrossState) -> int:
    """A double of seat 0 that fits two or more open ends showing its number, or -1."""
    ends = rnd.open_ends()
    for tile in bits(rnd.hands[0]):
        fits = len(tile_codes(rnd.legal_actions(), tile, closed=False))
        if TS.is_double[tile] and fits > 1 and sum(1 for v in ends if v == TS.lo[tile]) > 1:
            return tile
    return -1


async def test_a_double_that_fits_two_like_ends_of_the_cross_asks_which_L3() -> None:
    """L3 on the cross (Осёл): both ends show the double's number, so the move is the same but
    the picture is not; the arrows choose the end and Enter lays the double there."""
    match = position("osel", lambda rnd: twin_double(rnd) >= 0)
    tile = twin_double(match.round)
    async with cross_seated(match, "osel") as (app, pilot):
        screen = game(app)
        await select(app, pilot, tile)
        await pilot.press("enter")
        assert screen.turn.choosing == tile, "the double's end is asked"
        offered = sorted(screen.turn.ends)
        assert len(offered) >= 2, offered
        other = next(end for end in offered if end != screen.turn.choose_side)
        await pilot.press(("left", "right", "up", "down")[other])
        assert screen.turn.choose_side == other
        rnd = screen.match.round
        before, on_board = len(rnd.history), len(rnd.placed)
        await pilot.press("enter")
        laid = rnd.history[before]
        assert laid.tile == tile and laid.seat == 0
        assert rnd.placed[on_board][0] == tile and rnd.placed[on_board][1] & 3 == other


# --- j: Settings' switches say on/off in words ------------------------------------------------
@pytest.mark.parametrize(("lang", "off", "on"), [("en", "off", "on"), ("ru", "выкл", "вкл")])
async def test_settings_switches_say_on_or_off_in_words(lang: str, off: str, on: str) -> None:
    """Auto-knock, undo and the tutor: each switch says its state beside it, and the words
    follow the switch when it is flipped."""
    from domino_tui.app.screens.settings import SettingsScreen

    app = make_app(settings_path=None, lang=lang, saves=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SettingsScreen())
        await pilot.pause()
        screen = app.screen
        for switch_id in ("auto-knock", "undo", "tutor"):
            switch = screen.query_one(f"#{switch_id}", Switch)
            words = screen.query_one(f"#{switch_id}-worded .switch-words", Static)
            assert str(words.content) == (on if switch.value else off), switch_id
            switch.toggle()
            await pilot.pause()
            assert str(words.content) == (on if switch.value else off), switch_id
        assert screen.collect().tutor == screen.query_one("#tutor", Switch).value


# --- i: the round end lets the player look at the last position ------------------------------
@pytest.mark.parametrize(
    ("lang", "over", "results", "board"),
    [
        ("en", "Round 1 is over: the board after the last move", "b Results", "b Board"),
        ("ru", "Кон 1 окончен: стол после последнего хода", "b Итоги", "b Стол"),
    ],
)
async def test_the_round_end_shows_the_last_position_on_b_K4_5(
    lang: str, over: str, results: str, board: str
) -> None:
    """K4.5: the round is over; B hides the summary and the board is the round's last position
    (ends 1 and 2 after 1-1, 1-2), not the next deal; B brings the summary back, Enter deals."""
    rules = make_rules({"players": 2})
    app = scripted(rules, ("1-1 1-2", "3-4"), ("0-0 6-6", "5-5 4-4"), lang=lang)
    ends = "ends 1 · 2" if lang == "en" else "концы 1 · 2"
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # lead 1-1; Alex knocks
        await settle(pilot)
        await pilot.press("enter")  # 1-2: Tester goes out
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, RoundEndScreen)
        assert board in footer_line(app), footer_line(app)
        await pilot.press("b")
        await pilot.pause()
        text = screen_text(app)
        assert over in " ".join(text.split()) and ends in text, text
        assert results in footer_line(app) and not game(app).my_turn()
        await pilot.press("b")
        await pilot.pause()
        assert dialog.query_one("#summary").display and board in footer_line(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is game(app) and ends not in screen_text(app)
        assert game(app).match.number == 2 and game(app).my_turn()


# --- e: the resign question names the game and reads right -----------------------------------
@pytest.mark.parametrize(
    ("lang", "game_words", "who"),
    [
        ("en", "Resign this game? Goat, round 1, saved ", "Resigning: You. The game is"),
        ("ru", "Сдать эту партию? Козёл, кон 1, сохранена ", "Сдаёт: Вы. Партия уйдёт"),
    ],
)
async def test_the_resign_question_names_the_game_K10_1(
    tmp_path: Path, lang: str, game_words: str, who: str
) -> None:
    """K10.1: resigning is for one game, so the question names it (the game, the round in
    play, when it was saved) and who leaves it, with no verb to agree with «Вы»."""
    saves = Saves.at(tmp_path)
    you = NAMES[lang][0]
    saved_session(saves, 3, names=(you, "Alex", "Olya"))
    app = make_app(settings_path=None, lang=lang, saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_list(app)
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ConfirmSave)
        question = dialog.question
        assert game_words in question and who in question, question
        assert f"{you}, Alex, Olya" in question and "K10.1" in question, question
        assert "Вы покидает" not in question and "You leaves" not in question


# --- k: the review's keys and words -----------------------------------------------------------
@pytest.mark.parametrize(
    ("lang", "keys"),
    [
        ("en", ("pgup/pgdn Round", "n/p Losses", "esc Close")),
        ("ru", ("pgup/pgdn Кон", "n/p Потери", "esc Закрыть")),
    ],
)
async def test_the_replay_footer_shows_p_beside_n_at_80_columns(
    lang: str, keys: tuple[str, ...]
) -> None:
    """N and P step to the next and previous move that lost points: the footer shows both (one
    entry, "n/p"), and Close still fits 80 columns."""
    app = replay_app(kept_record(), lang=lang, settings_path=None)  # type: ignore[arg-type]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = footer_line(app)
        assert all(key in footer for key in keys), footer


def test_the_review_words_keep_their_indent_where_they_wrap() -> None:
    """A player's summary lines are indented under their name; where a line wraps in the
    narrow panel the rest stays indented (and breaks between words), not at the margin."""
    summary = Text("Player 1 · beginner\n  5.46 points lost per choice (26 choices)\n  luck -5")
    console = Console(width=30, file=io.StringIO(), color_system=None, record=True)
    console.print(Group(*hanging([summary])))
    lines = [line.rstrip() for line in console.export_text().splitlines()]
    assert lines == [
        "Player 1 · beginner",
        "  5.46 points lost per choice",
        "  (26 choices)",
        "  luck -5",
    ], lines
