"""The replay viewer and the Stats screen (issue 5): what they show is checked against the engine
replaying the record on its own, and against figures worked out by hand (K7.2, K9, K10, K10.1)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, OptionList, Static
from typer.testing import CliRunner, Result

from domino_tui.app import make_app
from domino_tui.app.app import DominoApp
from domino_tui.app.screens import replay as replay_module
from domino_tui.app.screens.replay import ReplayListScreen, ReplayScreen, replay_app
from domino_tui.app.screens.start import StartScreen
from domino_tui.app.screens.stats import StatsScreen, open_stats
from domino_tui.app.widgets.chain import Chain
from domino_tui.app.widgets.chart import RatingChart, buckets, chart_lines
from domino_tui.app.widgets.replay_board import AllHands, build_frames
from domino_tui.app.widgets.scores import ScoreSheet, score_table
from domino_tui.bots import make_bot
from domino_tui.cli import app as cli
from domino_tui.engine.deal import Deal
from domino_tui.engine.match import Match
from domino_tui.engine.record import replay
from domino_tui.engine.round import RoundState
from domino_tui.engine.rules import make_rules
from domino_tui.engine.tiles import DOUBLE_SIX as TS
from domino_tui.engine.view import seat_view
from domino_tui.storage import LoadedRecord, archive_match, load_record, paths, record_match
from domino_tui.storage.meta import Seat

from .driver import plain

NAMES = (Seat("Masha"), Seat("Alex", "bot", "greedy"), Seat("Olya", "bot", "easy"))
COUNTER = re.compile(r"step (\d+)/(\d+) · round (\d+)")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Records, statistics and settings live in a temporary home."""
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path / "home"))
    monkeypatch.setenv("DOMINO_TUI_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "home"


def greedy_match(seed: int, players: int) -> Match:
    """A whole seeded match between greedy bots: real deals, so its record replays."""
    match = Match(make_rules({"players": players}), seed)
    bots = [make_bot("greedy", seed + s) for s in range(players)]
    while not match.over:
        match.apply(bots[match.turn].choose(seat_view(match, match.turn)))
    return match


@pytest.fixture
def kept() -> LoadedRecord:
    archive_match(greedy_match(7, 3), NAMES)
    return load_record("last")


def tiles(*names: str) -> int:
    return sum(1 << TS.parse(name) for name in names)


def quick_match(abandon_after: int | None = None) -> Match:
    """Two players, two tiles each, the whole boneyard out of reach (K3.5), target 20.

    Masha leads 1-1 (K2.1), Alex has nothing on 1 and knocks (K3.3), Masha goes out with 1-2.
    Alex's 6-6 5-5 = 22 opens his score (K7.2) past the target: he is the goat (K9). Masha earns
    max(1, round_half_up((19 - 0) / 10)) = 2 rating (K10), Alex 0."""
    rules = make_rules({"players": 2, "hand_size": 2, "target": 20, "boneyard_reserve": 24})
    rest = tuple(t for t in range(TS.count) if not tiles("1-1", "1-2", "6-6", "5-5") >> t & 1)
    deal = Deal((tiles("1-1", "1-2"), tiles("6-6", "5-5")), rest, 0)
    match = Match(rules, 1, deals=iter([deal]))
    while not match.over:
        if abandon_after is not None and sum(map(len, match.actions)) == abandon_after:
            match.abandon(1)
            break
        match.apply(match.legal_actions()[0])
    return match


# --- the frames, without a screen -----------------------------------------------------------


def test_frames_of_a_short_match_K7_2_K9() -> None:
    frames = build_frames(quick_match())
    assert [(f.kind, f.step) for f in frames] == [
        ("deal", 0),
        ("action", 1),
        ("action", 2),
        ("end", 3),
    ]
    end = frames[-1]
    assert end.result is not None and end.result.went_out == 0
    assert end.state.hands == [0, tiles("6-6", "5-5")]
    assert [st.written for st in end.standings] == [0, 22]


def test_an_abandoned_match_ends_on_the_leaver_K10_1() -> None:
    match = quick_match(abandon_after=1)
    frames = build_frames(match)
    assert [f.kind for f in frames] == ["deal", "action", "left"]
    loaded = LoadedRecord(Path("x.json"), {}, match, (Seat("Masha"), Seat("Alex")))
    words = replay_module.caption(frames[-1], replay_module.names_session(loaded), "en", final=True)
    # K10.1: the leaver earns 0, Masha max(1, round_half_up((0 - 0) / 10)) = 1
    assert "Resigned by Alex: the match ends here" in words and "Rating: Masha 1, Alex 0" in words


def expected(loaded: LoadedRecord, step: int, end: bool) -> tuple[RoundState, Match]:
    """The engine's own state after ``step`` actions, replayed from the record. At the end of a
    round the match has dealt the next one, so the finished round is kept from the last apply."""
    if not end:
        match = replay(loaded.record, upto=step)
        return match.round, match
    match = replay(loaded.record, upto=step - 1)
    state = match.round
    flat = [code for codes in loaded.match.actions for code in codes]
    match.apply(flat[step - 1])
    return state, match


def test_every_round_boundary_and_every_fifth_step_agree_with_the_engine(
    kept: LoadedRecord,
) -> None:
    frames = build_frames(kept.match)
    assert frames[-1].step == sum(map(len, kept.match.actions))
    for frame in frames:
        if frame.kind == "action" and frame.step % 5:
            continue
        state, match = expected(kept, frame.step, frame.kind == "end")
        assert frame.state.hands == state.hands, frame
        assert frame.state.boneyard == state.boneyard
        assert frame.state.chain() == state.chain()
        assert frame.standings == match.standings and frame.carry == match.carry
        assert frame.results == len(match.results)


# --- the viewer on screen -------------------------------------------------------------------


def shown(screen: ReplayScreen) -> dict[str, object]:
    """What the player sees, read from the widgets."""
    counter = plain(screen.query_one("#counter", Static))
    found = COUNTER.search(counter)
    assert found, counter
    step, total, number = (int(g) for g in found.groups())
    return {
        "step": step,
        "total": total,
        "round": number,
        "counter": counter,
        "caption": plain(screen.query_one("#caption", Static)),
        "line": screen.query_one(Chain).state.line,
        "hands": [seat.tiles for seat in screen.query_one(AllHands).seats],
        "scores": plain(screen.query_one(ScoreSheet).query_one("#score-body", Static)),
    }


def engine_view(loaded: LoadedRecord, step: int, end: bool, final: bool) -> dict[str, object]:
    state, match = expected(loaded, step, end)
    rules = match.rules
    names = [seat.name for seat in loaded.seats]
    goats = match.outcome.goats if final and match.outcome else ()
    table = score_table(names, rules, match.results, match.standings, goats, "#")
    return {
        "line": tuple(state.chain()),
        "hands": list(state.hands),
        "scores": plain(Static(table)),
    }


async def viewer(pilot: Pilot[None]) -> ReplayScreen:
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


def check(screen: ReplayScreen, loaded: LoadedRecord) -> dict[str, object]:
    seen = shown(screen)
    final = screen.index == len(screen.frames) - 1
    want = engine_view(loaded, int(str(seen["step"])), screen.frame.kind == "end", final)
    for key, value in want.items():
        assert seen[key] == value, (key, seen["counter"])
    return seen


async def test_stepping_forward_and_back_shows_the_engine_state(kept: LoadedRecord) -> None:
    app = replay_app(kept, lang="en", settings_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await viewer(pilot)
        first = check(screen, kept)
        assert first["step"] == 0 and "Round 1: the tiles are dealt" in str(first["caption"])
        kinds = []
        # forward from the start, back across the end of round 1, forward into round 2
        for keys in (["right"] * 4, ["pagedown"], ["left"] * 3, ["right"] * 5):
            for key in keys:
                before = screen.index
                await pilot.press(key)
                assert screen.index != before
                check(screen, kept)
                kinds.append(screen.frame.kind)
        assert {"action", "deal", "end"} <= set(kinds)
        assert screen.frame.number == 2 and screen.frame.step == len(kept.match.actions[0]) + 2


async def test_end_then_home_round_trip(kept: LoadedRecord) -> None:
    app = replay_app(kept, lang="en", settings_path=None)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await viewer(pilot)
        start = shown(screen)
        await pilot.press("end")
        last = check(screen, kept)
        total = sum(map(len, kept.match.actions))
        assert (last["step"], last["total"], last["round"]) == (
            total,
            total,
            len(kept.match.results),
        )
        assert kept.match.outcome is not None
        (goat,) = kept.match.outcome.goats
        assert f"The goat: {NAMES[goat].name}!" in str(last["caption"])
        await pilot.press("right")  # nothing after the end
        assert shown(screen) == last
        await pilot.press("home")
        assert shown(screen) == start


async def test_page_keys_jump_between_deals(kept: LoadedRecord) -> None:
    app = replay_app(kept, lang="ru", settings_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await viewer(pilot)
        await pilot.press("pagedown", "pagedown")
        assert screen.frame.kind == "deal" and screen.frame.number == 3
        assert [s.tiles for s in screen.query_one(AllHands).seats] == list(
            kept.match.deals[2].hands
        )
        assert "Кон 3: кости розданы" in plain(screen.query_one("#caption", Static))
        await pilot.press("right", "pageup")
        assert screen.frame.kind == "deal" and screen.frame.number == 3
        await pilot.press("pageup")
        assert screen.frame.number == 2 and screen.frame.kind == "deal"
        await pilot.press("escape")  # `domino replay`: Esc/q end the program (issue 9)
        await pilot.pause()
        assert app.return_code == 0


# --- the command ----------------------------------------------------------------------------


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["replay", *args])


def one_line_failure(result: Result) -> str:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("domino: "), result.stderr
    return lines[0]


def test_replay_without_records_says_so() -> None:
    assert "no finished matches are kept yet" in one_line_failure(run())


def test_replay_of_a_corrupt_or_missing_record_is_one_line(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "domino-tui/rec', encoding="utf-8")
    assert "not valid JSON" in one_line_failure(run(str(broken)))
    assert "no record 'nope'" in one_line_failure(run("nope"))


def test_replay_of_an_altered_record_in_the_archive_moves_it_aside() -> None:
    path = archive_match(greedy_match(8, 2), NAMES[:2])
    path.write_text(path.read_text(encoding="utf-8").replace('"seed": 8', '"seed": 9'), "utf-8")
    message = one_line_failure(run("last"))
    assert "checksum" in message and "moved to" in message
    assert not path.exists()


def test_replay_last_opens_the_viewer_in_the_chosen_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = archive_match(greedy_match(8, 2), NAMES[:2])
    opened: list[tuple[Path, str | None]] = []

    class Opened:
        return_code = 0  # the exit code `domino replay` ends with

        def run(self) -> None:
            pass

    def fake(loaded: LoadedRecord, *, lang: str | None = None) -> Opened:
        opened.append((loaded.path, lang))
        return Opened()

    monkeypatch.setattr(replay_module, "replay_app", fake)
    result = run("last", "--lang", "ru")
    assert result.exit_code == 0, result.output
    assert opened == [(path, "ru")]


# --- from the start screen ------------------------------------------------------------------


async def test_start_screen_keeps_its_entries_and_opens_replays_and_stats(
    kept: LoadedRecord,
) -> None:
    app = make_app(settings_path=None, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert ids == [
            "new",
            "resume",
            "join",
            "learn",
            "replays",
            "stats",
            "rules",
            "settings",
            "quit",
        ]
        start = app.screen
        assert isinstance(start, StartScreen)
        start.action_pick("replays")
        await pilot.pause()
        assert isinstance(app.screen, ReplayListScreen)
        listed = app.screen.query_one(OptionList)
        assert listed.option_count == 1 and "Masha, Alex, Olya" in str(
            listed.get_option_at_index(0).prompt
        )
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.loaded.path == kept.path
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        start.action_pick("stats")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)


async def test_replays_list_marks_a_damaged_record_and_says_when_there_is_none() -> None:
    app = make_app(settings_path=None, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        app.screen.action_pick("replays")
        await pilot.pause()
        listing = app.screen
        assert isinstance(listing, ReplayListScreen)
        empty = listing.query_one("#replays-empty", Static)
        assert empty.display and "No finished matches are kept yet" in plain(empty)
        path = archive_match(greedy_match(8, 2), NAMES[:2])
        path.write_text("{", encoding="utf-8")
        listing.fill()
        option = listing.query_one(OptionList).get_option_at_index(0)
        assert option.disabled and "damaged: the record is not valid JSON" in str(option.prompt)


async def test_command_palette_offers_stats() -> None:
    app = make_app(settings_path=None, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Stats")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)


# --- the Stats screen -----------------------------------------------------------------------


async def open_stats_screen(app: DominoApp, pilot: Pilot[None]) -> StatsScreen:
    await pilot.pause()
    open_stats(app)
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, StatsScreen)
    return screen


async def test_stats_with_no_matches_is_a_friendly_message_and_creates_nothing() -> None:
    app = make_app(settings_path=None, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats_screen(app, pilot)
        empty = screen.query_one("#stats-empty", Static)
        assert empty.display and "No finished matches yet" in plain(empty)
        assert not screen.query_one(DataTable).display
    assert not paths.stats_path().exists()


async def test_stats_show_the_figures_and_the_rating_chart_K10() -> None:
    masha, alex = Seat("Masha"), Seat("Alex")
    for game_id, day in (("A", "2024-01-01"), ("B", "2024-02-01")):
        record_match(quick_match(), [masha, alex], game_id=game_id, finished_at=f"{day}T12:00")
    app = make_app(settings_path=None, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats_screen(app, pilot)
        table = screen.query_one(DataTable)
        rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
        # Masha: 2 matches, never the goat, won both rounds with 0 left, 2 + 2 rating (K10);
        # Alex: the goat twice (K9) with 22 written each time (K7.2), 22 points a round
        assert rows == [
            ["Masha", "2", "0", "2/2", "0.0", "4", "+2 · 0", "+2 · 0"],
            ["Alex", "2", "2", "0/2", "22.0", "0", "+0 · 22 🐐", "+0 · 22 🐐"],
        ]
        chart = screen.query_one(RatingChart)
        assert chart.values == (2, 4) and "Masha: 4 after 2 rated matches" in str(
            chart.border_title
        )
        assert chart.x_labels[0].startswith("2024-01") and chart.x_labels[1].startswith("2024-02")
        await pilot.press("down")
        assert chart.values == (0, 0) and "Alex" in str(chart.border_title)


# --- the chart ------------------------------------------------------------------------------


def test_buckets_keep_the_last_value_of_each_run() -> None:
    assert buckets(list(range(1, 11)), 5) == [2, 4, 6, 8, 10]
    assert buckets([3, 1], 5) == [3, 1]


def test_chart_columns_are_scaled_to_the_largest_value() -> None:
    lines = chart_lines([0, 4, 8], width=20, height=6, x_labels=("a", "b"))
    assert lines[0].startswith("8 ┤") and lines[-2].startswith("0 └")
    plot = [line[3:] for line in lines[:4]]  # four rows of columns, three characters each
    assert [row[:3] for row in plot] == ["   "] * 4  # 0: nothing
    assert [row[3:6] for row in plot] == ["   ", "   ", "███", "███"]  # 4: half of the rows
    assert [row[6:9] for row in plot] == ["███"] * 4  # 8: all of them
    assert lines[-1].split() == ["a", "b"]
