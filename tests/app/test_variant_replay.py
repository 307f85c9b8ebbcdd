"""The replay viewer for every variant (issue 11, item 4): a finished cross game opens from the
kept records and from ``domino replay FILE``, and each step shows the board as the engine left
it: the four arms (G2), their open ends in the border, closed doubles (G6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import OptionList

from domino_tui.app import make_app
from domino_tui.app.screens.replay import ReplayListScreen, ReplayScreen, replay_app
from domino_tui.app.screens.start import StartScreen
from domino_tui.app.widgets.chain import Chain
from domino_tui.cli.sim import play_match
from domino_tui.engine.cross import CrossState
from domino_tui.engine.match import Match
from domino_tui.engine.rules import PRESETS, make_rules
from domino_tui.storage import archive_match, load_record, paths
from domino_tui.storage.meta import Seat
from domino_tui.words.cross import ends_text, replay_cross

from .driver import screen_text

NAMES = (Seat("Masha"), Seat("Alex", "bot", "greedy"), Seat("Olya", "bot", "greedy"), Seat("Serg"))


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path / "home"))
    monkeypatch.setenv("DOMINO_TUI_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "home"


# a lower target for the presets whose own match is long (twelve rounds of Телефон, fifteen of
# Осёл): a few rounds replay to their end through the same frames
SHORT: dict[str, dict[str, object]] = {"osel": {"target": 25}, "telefon": {"target": 15}}


def kept(preset: str, seed: int = 1, **options: object) -> Path:
    """A whole match of ``preset`` between greedy bots, archived as the table archives it."""
    rules = make_rules(dict(options), preset)
    match = play_match(rules, seed, ["greedy"] * rules.players)
    return archive_match(match, NAMES[: rules.players], preset)


def first_round_ends(match: Match) -> list[tuple[int, ...]]:
    """The open ends after each action of round 1, replayed by the transcript on its own."""
    replayed = replay_cross(match, 0, tuple(range(match.rules.players)))
    assert replayed is not None
    return [step.ends for step in replayed[0]]


@pytest.mark.parametrize("preset", ["osel", "telefon", "chechevo"])
async def test_each_step_of_a_cross_round_shows_the_engines_board(preset: str) -> None:
    """Stepping with → through round 1: after the lead every frame carries the cross, its
    open ends are the transcript's (left, right, up, down) and the border names them. The
    match is to 1 point: its first round is the same deal as a match to 101's."""
    loaded = load_record(str(kept(preset, target=1)))
    ends = first_round_ends(loaded.match)
    app = replay_app(loaded, lang="en", settings_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        chain = screen.query_one(Chain)
        assert chain.state.cross is None  # the deal: nothing laid yet
        for step in range(len(ends)):
            await pilot.press("right")
            frame = screen.frame
            assert isinstance(frame.state, CrossState) and frame.step == step + 1
            cross = chain.state.cross
            assert cross is not None and chain.state.line == ()
            assert cross.ends == ends[step]
            shut = sum(1 << e for e, closed in enumerate(cross.closed) if closed)
            assert chain.border_title == ends_text(cross.ends, shut)
        assert "Traceback" not in screen_text(app)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("preset", [p for p in PRESETS if p not in ("kozel", "classic")])
async def test_every_variant_replays_to_its_end(preset: str, size: tuple[int, int]) -> None:
    """End jumps to the match's last frame; every frame on the way draws (Home back)."""
    loaded = load_record(str(kept(preset, seed=2, **SHORT.get(preset, {}))))
    app = replay_app(loaded, lang="ru", settings_path=None)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        for index in range(0, len(screen.frames), max(1, len(screen.frames) // 12)):
            screen.go(index)
            await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        assert screen.index == len(screen.frames) - 1
        assert screen.frames[-1].step == sum(map(len, loaded.match.actions))
        await pilot.press("home")
        await pilot.pause()
        assert screen.index == 0


async def test_the_records_list_opens_a_variant_in_the_viewer() -> None:
    """The kept records list names the game and opens a Телефон record like a Козёл one;
    ``domino records`` names its preset."""
    path = kept("telefon")
    app = make_app(settings_path=None, lang="ru")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        app.screen.action_pick("replays")
        await pilot.pause()
        assert isinstance(app.screen, ReplayListScreen)
        listed = app.screen.query_one(OptionList)
        assert listed.option_count == 1
        assert " · Телефон · Masha, Alex · " in str(listed.get_option_at_index(0).prompt)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.loaded.path == path
        await pilot.press("end")
        await pilot.pause()
        assert app.screen.frame.kind == "end"
    from typer.testing import CliRunner

    from domino_tui.cli import app as cli

    listed_cli = CliRunner().invoke(cli, ["records", "--json"])
    assert [row["preset"] for row in json.loads(listed_cli.stdout)] == ["telefon"]


def rendered(table: object) -> str:
    from io import StringIO

    from rich.console import Console

    console = Console(width=60, file=StringIO(), record=True, color_system=None)
    console.print(table)
    return console.export_text()


@pytest.mark.parametrize("preset", ["morskoy", "telefon", "general", "sport"])
async def test_the_sheet_at_each_round_is_the_tables_sheet_then(preset: str) -> None:
    """The side sheet of a frame is the table's own sheet (each variant's) for the match as it
    stood at that step: the record replayed up to it gives the same table."""
    from domino_tui.app.widgets.scores import sheet_parts
    from domino_tui.engine.record import replay
    from domino_tui.play.session import GameSession

    loaded = load_record(str(kept(preset, seed=3)))
    app = replay_app(loaded, lang="en", settings_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        for index in [*screen.starts[1:3], len(screen.frames) // 2]:
            screen.go(index)
            await pilot.pause()
            step = screen.frame.step
            then = replay(loaded.record, upto=step)
            s = screen.session
            table, caption = sheet_parts(GameSession(s.rules, s.seats, s.seed, "", then), "en")
            shown, shown_caption = screen.sheet(False)
            assert rendered(shown) == rendered(table) and shown_caption == caption
            assert len(then.results) == screen.frame.results


@pytest.mark.parametrize("preset", ["telefon", "morskoy"])
async def test_a_match_played_at_the_table_is_archived_and_exports(
    preset: str, tmp_path: Path
) -> None:
    """A variant match finished at the table (bots in every chair) is kept as a record that
    ``domino export`` turns into the transcript, and counted under its own variant."""
    from typer.testing import CliRunner

    from domino_tui.cli import app as cli
    from domino_tui.play.saving import Saves
    from domino_tui.play.session import GameSession, table_seats
    from domino_tui.words.transcript import match_text

    from .driver import play_to_end

    rules = make_rules(dict(SHORT.get(preset, {})), preset)
    seats = table_seats(["greedy"] * rules.players, [], "en")
    session = GameSession(rules, seats, 4, preset)
    saves = Saves.at(tmp_path)
    app = make_app(session, settings_path=None, lang="en", pace="instant", saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_end(pilot)
    (path,) = (tmp_path / "records").iterdir()
    loaded = load_record(str(path))
    assert loaded.match.snapshot() == session.match.snapshot()
    assert loaded.record["preset"] == preset
    out = tmp_path / "match.txt"
    result = CliRunner().invoke(cli, ["export", str(path), "--lang", "ru", "-o", str(out)])
    assert result.exit_code == 0, result.output
    names = [seat.name for seat in loaded.seats]
    assert out.read_text("utf-8") == match_text(loaded.match, names, "ru")
    from domino_tui.storage import StatsDB

    with StatsDB(tmp_path / "stats.sqlite3") as db:
        assert db.variants() == [(rules.variant, 1)]
