"""The guided first game (issue 9, part 7): ``domino learn`` and "Learn to play".

The lesson is walked by keys only, as a new player would, in both languages and at 80×24 and
120×40, reading the screen at every step; wrong keys and moves get a reason and what to press;
the lesson leaves no save, record or statistics; the script itself is checked against the
engine, so that the sums its words name are the sums the table shows.
"""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Static

from domino_tui import i18n
from domino_tui.app.app import DominoApp
from domino_tui.app.screens.learn import LearnScreen, LessonRoundEnd, learn_app, open_lesson
from domino_tui.app.screens.start import StartScreen
from domino_tui.app.widgets.chain import Chain
from domino_tui.engine.actions import DRAW, KNOCK, is_play
from domino_tui.engine.tiles import DOUBLE_SIX as TS
from domino_tui.play.lesson import NEXT, ROUND_END, STEPS, lesson_session
from domino_tui.play.saving import Saves
from domino_tui.words.strings import t

from .driver import plain, screen_text, settle

SIZES = [(80, 24), (120, 40)]
RULE_ID = re.compile(r"\b[KLPCFGSV]\d+(?:\.\d+)*\b")  # K7.2, L3, G6 …


@pytest.fixture(autouse=True)
def no_flash(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tile just laid flashes on a wall-clock timer: screens must not depend on it."""
    monkeypatch.setattr(Chain, "FLASH_SECONDS", 0.0)


def lesson_app(lang: str, saves: Saves | None = None) -> DominoApp:
    return learn_app(lang=lang, settings_path=None, saves=saves)


def lesson(app: DominoApp) -> LearnScreen:
    screen = app.game_screen()
    assert isinstance(screen, LearnScreen)
    return screen


def status(app: DominoApp) -> str:
    return " ".join(plain(lesson(app).query_one("#status", Static), 200).split())


def band_lines(screen: LearnScreen) -> int:
    """How many lines the step's words take in the band, at the band's width."""
    band = screen.query_one("#lesson", Static)
    console = Console(width=band.content_size.width, file=StringIO())
    return len(Text(screen.step_text()).wrap(console, band.content_size.width))


def flat(text: str) -> str:
    return " ".join(text.split())


async def keys_for_step(pilot: Pilot[None], screen: LearnScreen) -> None:
    """Press what the step asks for, reading the table like a player: Enter to read on, D, K,
    or ←/→ to the tile asked for, Enter, and (when the tile fits both ends) the end, Enter."""
    step = screen.step
    want = step.move
    if want is None:
        await pilot.press("enter")
    elif want in (DRAW, KNOCK):
        await pilot.press("d" if want == DRAW else "k")
    else:
        tile = want >> 1
        for _ in range(8):
            if screen.turn.selected == tile:
                break
            await pilot.press("right")
        await pilot.press("enter")
        if screen.turn.choosing == tile:
            await pilot.press("right" if want & 1 else "left", "enter")
    await settle(pilot)


async def walk(pilot: Pilot[None], lang: str) -> list[str]:
    """The whole lesson by keys; at every step the screen shows the step's words, its number
    and its rule ids, and the words fit the band. Returns the screens read."""
    app = pilot.app
    assert isinstance(app, DominoApp)
    seen: list[str] = []
    await settle(pilot)
    for n, step in enumerate(STEPS, start=1):
        screen = lesson(app)
        assert screen.step is step
        shown = screen_text(app)
        seen.append(shown)
        words = screen.step_text()
        if step.wait == ROUND_END:
            modal = app.screen
            assert isinstance(modal, LessonRoundEnd)
            assert flat(words) in flat(plain(modal.query_one("#lesson-note", Static), 200))
        else:
            band = screen.query_one("#lesson", Static)
            assert flat(plain(band, 200)) == flat(words)
            title = t("learn.title", lang, n=n, total=len(STEPS))
            assert title in shown, f"step {n}: {title!r} not on screen"
            assert band_lines(screen) <= band.content_size.height, f"{step.words} is cut off"
        assert not RULE_ID.search(words), f"step {n} ({step.words}) shows a rule id"
        await keys_for_step(pilot, screen)
    assert isinstance(app.screen, StartScreen), "the last Enter goes back to the menu"
    return seen


# --- the script against the engine ------------------------------------------------------------


def test_script_is_legal_and_its_sums_are_the_engines() -> None:
    """Every scripted move is legal for the seat to move (bots on theirs, the player on seat
    0), the rounds end exactly where the lesson shows the count, and the sums the words name
    (9, 12, 17, 39, 48, the goat) are what the engine scores (K7.1, K7.4, K8.2, K7.2, K9)."""
    match = lesson_session("en").match
    results = []
    for step in STEPS:
        for code in step.bot_moves:
            assert match.turn != 0 and code in match.legal_actions(), step.words
            assert match.apply(code) is None
        if step.move is not None:
            assert match.turn == 0 and step.move in match.legal_actions(), step.words
            result = match.apply(step.move)
            next_ends = STEPS[STEPS.index(step) + 1].wait == ROUND_END
            assert (result is not None) == next_ends, step.words
            if result is not None:
                results.append(result)
    first, second = results
    assert first.went_out == 0 and first.score.seat_points == (0, 9, 12)
    assert [line.after.remembered for line in first.score.lines] == [0, 9, 12]
    assert second.fish and second.fisher == 0 and second.score.seat_points == (8, 17, 14)
    assert [line.after.written for line in second.score.lines] == [0, 48, 0]
    assert second.score.lines[2].cleared == 12 and match.over
    assert match.outcome is not None and match.outcome.goats == (1,)


def catalog_words(lang: str, prefix: str) -> dict[str, str]:
    """The compiled catalog's plain entries whose key starts with ``prefix``."""
    found = i18n.translation(lang)
    assert found is not None
    words = found._catalog  # type: ignore[attr-defined]
    return {k: v for k, v in words.items() if isinstance(k, str) and k.startswith(prefix)}


STRINGS = {lang: catalog_words(lang, "learn.") for lang in ("en", "ru")}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_lessons_words_show_no_rule_id(lang: str) -> None:
    """A rule id (K7.2, L3 …) is of use on the Rules screen, where it can be looked up; in the
    lesson's words it is noise a new player cannot act on (issue 22). The steps still list the
    rules they teach (``Step.rules``), for the script's readers."""
    for key, words in STRINGS[lang].items():
        assert not RULE_ID.search(words), f"{lang} {key}: {words}"


def test_the_russian_lesson_speaks_to_the_player_with_a_capital_vy() -> None:
    """One register: the Russian lesson says «Вы», «Вас», «Вам», «Ваш» with a capital, in every
    step and every answer, never the lowercase «вы»/«вам»."""
    for key, words in STRINGS["ru"].items():
        lower = re.findall(r"(?<![а-яёА-ЯЁ])(?:вы|вас|вам|вами|ваш[а-яё]*)(?![а-яё])", words)
        assert not lower, f"{key}: {lower} in {words}"


def test_the_words_after_the_last_round_promise_no_more_rounds() -> None:
    """The lesson's match ends with its second round (the fish makes a goat at 40, K9): the
    steps shown after it may not say that later rounds will add to a score — they say the
    lesson ends there. (Step 14 said "every round adds to it now".)"""
    match = lesson_session("en").match
    for step in STEPS:
        for code in (*step.bot_moves, *([step.move] if step.move is not None else [])):
            match.apply(code)
        if match.over:
            break
    assert match.over
    after = STEPS[STEPS.index(step) + 1 :]
    assert [s.words for s in after][:1] == ["fish"] and len(after) >= 2
    for s in after:
        en, ru = STRINGS["en"][f"learn.{s.words}"], STRINGS["ru"][f"learn.{s.words}"]
        assert not re.search(r"adds to it now|every round adds", en), en
        assert "теперь к нему прибавляется" not in ru, ru
    ends = {"en": "the lesson ends here", "ru": "урок на этом кончается"}
    for lang, words in ends.items():
        assert words in STRINGS[lang]["learn.fish_table"]


def test_the_sums_the_words_name() -> None:
    for lang in ("en", "ru"):
        table = STRINGS[lang]
        assert "48" in table["learn.fish_table"] and "48" in table["learn.goat"]
        assert "+9" in table["learn.table"] and "+12" in table["learn.table"]


def test_both_languages_have_the_same_words() -> None:
    assert set(STRINGS["en"]) == set(STRINGS["ru"])
    for key, text in STRINGS["ru"].items():
        assert text != STRINGS["en"][key] or key in ("learn.bot_b_gen",), key


def test_russian_lesson_keeps_the_game_terms_russian() -> None:
    ru = " ".join(STRINGS["ru"].values())
    for term in ("козёл", "базар", "стучат", "рыб"):
        assert term in ru
    en = " ".join(STRINGS["en"].values())
    for term in ("козёл", "базар", "рыба", "стучит"):
        assert term not in en, "English uses RULES.md's glosses"


# --- walking the lesson by keys ---------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES)
async def test_whole_lesson_by_keys(lang: str, size: tuple[int, int]) -> None:
    app = lesson_app(lang)
    async with app.run_test(size=size) as pilot:
        seen = await walk(pilot, lang)
    first, last = seen[0], seen[-1]
    assert t("learn.bot_a", lang) in first and t("learn.bot_b", lang) in first
    assert "🐐" in last, "the score table shows the goat at the end"


async def test_the_table_follows_the_lesson_en() -> None:
    """What the table shows at the key moments: the lead, the end question, the draw, the
    knocks, the count, the fish, the score table (read from the screen, 80×24)."""
    app = lesson_app("en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = lesson(app)
        for _ in range(2):
            await pilot.press("enter")
        assert screen.step.words == "lead" and "Lead with 1-1" in status(app)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.step.words == "match" and "ends 4 · 3" in screen_text(app)
        await pilot.press("enter")
        assert "3-4 fits both ends" in status(app) and "left end 4" in status(app)
        await pilot.press("right")
        assert "right end 3" in status(app)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.step.words == "draw" and "draw from the boneyard (D)" in status(app)
        await pilot.press("d")
        await settle(pilot)
        assert "You drew 2-5" in status(app) and screen.step.words == "drawn"
        await pilot.press("enter")
        await settle(pilot)
        assert screen_text(app).count("knocked") >= 2, "both bots knocked (K3.3)"
        await pilot.press("enter")
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, LessonRoundEnd)
        assert "Round 1 is over" in screen_text(app) and "remembered" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.step.words == "table"
        assert "+9" in screen_text(app) and "+12" in screen_text(app)


# --- the tutor ----------------------------------------------------------------------------------


async def to_step(pilot: Pilot[None], words: str) -> LearnScreen:
    app = pilot.app
    assert isinstance(app, DominoApp)
    await settle(pilot)
    for _ in range(len(STEPS)):
        screen = lesson(app)
        if screen.step.words == words and app.screen is screen:
            return screen
        await keys_for_step(pilot, screen)
    raise AssertionError(f"no step {words}")


def line_of(app: DominoApp) -> int:
    return len(lesson(app).match.round.placed)


async def test_wrong_keys_are_explained_and_change_nothing_en() -> None:
    app = lesson_app("en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_step(pilot, "welcome")
        await pilot.press("d")
        assert status(app) == "Not yet: this step only explains. Press Enter to go on."
        await pilot.press("x")
        assert "the X key does nothing at this table" in status(app)
        assert screen.step.words == "welcome" and line_of(app) == 0
        screen = await to_step(pilot, "lead")
        await pilot.press("k")  # the engine's reason (K3.1), then what the lesson wants
        assert status(app) == (
            "Not allowed: you have a tile that fits, so you must play it. "
            "Move the cursor to 1-1 with ←/→ and press Enter."
        )
        await pilot.press("h")
        assert status(app) == "Move the cursor to 1-1 with ←/→ and press Enter."
        await pilot.press("u")
        assert "the lesson has no undo" in status(app) and line_of(app) == 0
        screen = await to_step(pilot, "match")
        await pilot.press("enter", "enter")  # the end question starts on the left end
        assert status(app) == (
            "Not yet: either end is allowed, but this lesson lays 3-4 on the right end. "
            "Choose the right end with →, then press Enter."
        )
        assert screen.turn.choosing >= 0 and line_of(app) == 3, "still asking, nothing laid"
        await pilot.press("escape")
        screen = await to_step(pilot, "draw")
        await pilot.press("enter")
        assert status(app) == (
            "Not allowed: 0-2 fits neither end (4 · 5). Press D to draw from the boneyard."
        )
        await pilot.press("k")
        assert "draw from the boneyard first" in status(app)
        screen = await to_step(pilot, "knock")
        await pilot.press("d")
        assert status(app) == "Not allowed: the boneyard is empty: knock. Press K to knock."
        assert screen.step.words == "knock" and not screen.match.round.over


async def test_a_legal_tile_off_the_script_is_refused_with_the_reason_ru() -> None:
    """Round 2 may be led with any tile (K2.2); the lesson goes on from 3-6 and says so."""
    app = lesson_app("ru")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_step(pilot, "lead_any")
        name = TS.name(screen.turn.selected)  # the cursor starts on the first tile, 2-6
        assert name != "3-6"
        await pilot.press("enter")
        assert status(app) == (
            f"Не сейчас: {name} тоже можно, но урок продолжается с 3-6. "
            "Подведите курсор к 3-6 стрелками ←/→ и нажмите Enter."
        )
        assert line_of(app) == 0
        await pilot.press("d")
        assert status(app).startswith("Так нельзя: у Вас есть подходящая кость")
        await pilot.press("right", "enter")
        await settle(pilot)
        assert screen.step.words == "bot_draws" and line_of(app) == 2  # 3-6, then 1-3


async def test_a_click_on_the_chain_during_reading_is_answered() -> None:
    app = lesson_app("en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_step(pilot, "welcome")
        screen.perform(screen.match.legal_actions()[0])  # what a click would ask for
        assert "this step only explains" in status(app) and line_of(app) == 0


# --- no trace -----------------------------------------------------------------------------------


def files_under(path: Path) -> list[Path]:
    return sorted(p for p in path.rglob("*") if p.is_file()) if path.exists() else []


async def test_lesson_leaves_no_save_record_or_stats(tmp_path: Path) -> None:
    saves = Saves.at(tmp_path)
    app = lesson_app("en", saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await walk(pilot, "en")
        assert not app.can_resume()
    assert files_under(tmp_path) == []
    assert saves.listing() == []


async def test_learn_from_the_start_screen_and_back(tmp_path: Path) -> None:
    """Opened from the start screen, the lesson is not the app's game: no listener, no lock,
    and q goes back to the menu."""
    from domino_tui.app import make_app

    saves = Saves.at(tmp_path)
    app = make_app(settings_path=None, lang="ru", saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        open_lesson(app)
        await settle(pilot)
        screen = lesson(app)
        assert screen.session.listeners == [] and saves.lock is None
        assert "Урок · шаг 1 из 15" in screen_text(app)
        await pilot.press("enter", "enter", "enter")
        await settle(pilot)
        assert line_of(app) == 3
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
    assert files_under(tmp_path) == []


async def test_learn_to_play_is_on_the_start_screen_by_keys() -> None:
    from textual.widgets import OptionList

    from domino_tui.app import make_app

    app = make_app(settings_path=None, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert "learn" in ids and "Learn to play" in screen_text(app)
        while menu.highlighted is None or ids[menu.highlighted] != "learn":
            await pilot.press("down")
        await pilot.press("enter")
        await settle(pilot)
        assert lesson(app).step.words == "welcome"


def test_domino_learn_opens_the_lesson_in_the_chosen_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from typer.testing import CliRunner

    from domino_tui.app.screens import learn as learn_module
    from domino_tui.cli import app as cli

    opened: list[tuple[str | None, bool]] = []

    class Opened:
        return_code = 0

        def run(self) -> None:
            pass

    def fake(*, lang: str | None = None, saves: Saves | None = None, **_: object) -> Opened:
        opened.append((lang, saves is not None))
        return Opened()

    monkeypatch.setattr(learn_module, "learn_app", fake)
    result = CliRunner().invoke(cli, ["learn", "--lang", "ru"])
    assert result.exit_code == 0, result.output
    assert opened == [("ru", True)], "the games played after the lesson are saved as usual"
    assert CliRunner().invoke(cli, ["learn", "--lang", "de"]).exit_code == 2


# --- how it looks -----------------------------------------------------------------------------


async def to_match_step(pilot: Pilot[None]) -> None:
    """The step that asks for an end: the board, the band and the status together."""
    await to_step(pilot, "match")
    await pilot.press("enter")
    await settle(pilot)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES)
def test_lesson_step_snapshot(snap_compare, lang: str, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(lesson_app(lang), terminal_size=size, run_before=to_match_step)


def test_steps_wait_for_something() -> None:
    assert all(s.wait == NEXT or s.wait == ROUND_END or s.move is not None for s in STEPS)
    assert any(is_play(s.move) for s in STEPS if s.move is not None)
