"""``--rules`` everywhere (issues 10 and 11): ``domino play``, ``hotseat``, ``resume`` and
``replay`` open every variant at the table (a refused option is one line, exit 2, no
traceback); ``export`` reads a record of any variant; ``domino rules --rules X`` prints
the variant's page; the engine's refusals on the cross are worded in both languages, the
end named in the player's."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from domino_tui.cli import app as cli
from domino_tui.cli import main
from domino_tui.cli.sim import play_match
from domino_tui.engine.record import dumps, make_record
from domino_tui.engine.round import REASONS
from domino_tui.engine.rules import PRESETS, make_rules
from domino_tui.i18n import has_key
from domino_tui.play.saving import Saves
from domino_tui.play.session import GameSession, Seat
from domino_tui.storage.archive import load_record
from domino_tui.words.strings import end_name, reason
from domino_tui.words.transcript import match_text

from .helpers import run


def run_main(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str):  # type: ignore[no-untyped-def]
    """The real entry point (one line for a player's error): exit code and stderr."""
    monkeypatch.setattr(sys, "argv", ["domino", *args])
    with pytest.raises(SystemExit) as stop:
        main()
    return stop.value.code, capsys.readouterr().err


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[GameSession]:
    """The sessions the CLI would open at the table (the table itself is not started)."""
    monkeypatch.setenv("DOMINO_TUI_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("DOMINO_TUI_CONFIG_DIR", str(tmp_path / "config"))
    sessions: list[GameSession] = []
    monkeypatch.setattr(
        "domino_tui.cli.play.run_table", lambda session, *a, **k: sessions.append(session)
    )
    return sessions


@pytest.mark.parametrize("preset", list(PRESETS))
def test_play_seats_every_preset_at_the_table(preset: str, opened: list[GameSession]) -> None:
    """``domino play --rules X`` opens the table for every preset, with the preset's own
    number of players (Телефон is for two, Генерал for two pairs) and bots in the other seats."""
    result = run("play", "--rules", preset, "--seed", "5", "--lang", "en")
    assert result.exit_code == 0, result.output
    (session,) = opened
    wanted = make_rules({}, preset)
    assert session.rules == wanted
    assert session.preset == preset and session.seed == 5
    assert [s.is_bot for s in session.seats] == [False] + [True] * (wanted.players - 1)


def test_play_and_hotseat_take_the_variants_options_and_players(
    opened: list[GameSession],
) -> None:
    """--players, --bots and --set reach the variant's rules; a pairs preset at a table of four
    plays in pairs, and with two players each for themselves (as the engine plays it)."""
    assert run("play", "--rules", "telefon", "--players", "3", "--set", "target=100").exit_code == 0
    assert run("play", "--rules", "morskoy", "--bots", "easy").exit_code == 0
    assert run("hotseat", "Masha", "Alex", "--rules", "osel").exit_code == 0
    args = ("hotseat", "Masha", "Alex", "--rules", "general", "--bots", "easy,easy")
    assert run(*args).exit_code == 0
    telefon, morskoy, osel, general = opened
    assert (telefon.rules.players, telefon.rules.target) == (3, 100)
    assert telefon.rules.variant == "telefon"
    assert morskoy.rules.pairs and morskoy.rules.players == 4
    assert osel.rules.variant == "osel" and osel.humans == (0, 1) and osel.hotseat
    assert general.rules.pairs and general.humans == (0, 1)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "--rules", "general", "--players", "2"], "general is played with players=4"),
        (["hotseat", "A", "B", "--rules", "sport"], "sport is played with players=4"),
        (["play", "--rules", "osel", "--set", "nonsense=1"], "nonsense"),
        (["play", "--rules", "nope"], "unknown preset 'nope'"),
    ],
)
def test_a_refused_variant_setup_is_one_line(
    args: list[str],
    words: str,
    opened: list[GameSession],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, err = run_main(monkeypatch, capsys, *args, "--lang", "en")
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("domino: ") and words in err
    assert not opened


async def test_the_new_game_dialog_offers_every_preset() -> None:
    """The table plays every variant now: the dialog lists all of rules.PRESETS."""
    from textual.widgets import Select

    from domino_tui.app import make_app
    from domino_tui.app.screens.new_game import NewGameScreen

    app = make_app(settings_path=None, lang="en", saves=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(NewGameScreen())
        await pilot.pause()
        select = app.screen.query_one("#preset", Select)
        offered = [value for _label, value in select._options if isinstance(value, str)]
        assert offered == list(PRESETS)


def write_record(tmp_path: Path, preset: str) -> tuple[Path, object]:
    rules = make_rules({}, preset)
    match = play_match(rules, 1, ["greedy"] * rules.players)
    record = make_record(match, preset=preset, finished="2026-12-01T00:00:00+00:00")
    path = tmp_path / f"{preset}.json"
    path.write_text(dumps(record), "utf-8")
    return path, match


@pytest.mark.parametrize("preset", ["osel", "telefon"])
def test_export_reads_a_variant_record(tmp_path: Path, preset: str) -> None:
    """A record keeps its rules, so it replays to the same match and exports the same
    transcript (the cross, the scoring plays and the variant's sheet) in both languages."""
    path, match = write_record(tmp_path, preset)
    loaded = load_record(str(path))
    assert loaded.match.snapshot() == match.snapshot()  # type: ignore[attr-defined]
    names = [seat.name for seat in loaded.seats]
    for lang in ("en", "ru"):
        out = tmp_path / f"{preset}-{lang}.txt"
        result = run("export", str(path), "--lang", lang, "-o", str(out))
        assert result.exit_code == 0, result.output
        text = out.read_text("utf-8")
        assert text == match_text(loaded.match, names, lang)
        assert "{" in text and "}" in text  # the spinner drawn in braces


@pytest.mark.parametrize("preset", ["osel", "telefon"])
def test_replay_opens_a_variant_record_in_the_viewer(
    tmp_path: Path, preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``domino replay FILE`` hands the record of any variant to the viewer."""
    path, match = write_record(tmp_path, preset)
    shown: list[object] = []

    class Viewer:
        return_code = 0  # the exit code `domino replay` ends with

        def __init__(self, loaded: object, **_kwargs: object) -> None:
            shown.append(loaded)

        def run(self) -> None:
            pass

    monkeypatch.setattr("domino_tui.app.screens.replay.replay_app", Viewer)
    result = CliRunner().invoke(cli, ["replay", str(path), "--lang", "en"])
    assert result.exit_code == 0, result.output
    (loaded,) = shown
    assert loaded.match.snapshot() == match.snapshot()  # type: ignore[attr-defined]


def test_resume_of_a_variant_save_opens_it_exactly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``domino resume`` opens a saved осёл game at the table, the match exactly as saved."""
    home = tmp_path / "home"
    saves = Saves(home / "data" / "saves", home / "data" / "records", home / "data" / "stats.db")
    rules = make_rules({"players": 3}, "osel")
    seats = (Seat("Tester"), Seat("Alex", "bot", "easy"), Seat("Olya", "bot", "easy"))
    session = GameSession(rules, seats, 5, "osel")
    session.lang = "en"
    for _ in range(3):
        session.match.apply(session.match.legal_actions()[0])
    saves.listen(session, None, None)
    saves.release()
    opened: list[GameSession] = []
    monkeypatch.setattr("domino_tui.cli.play.run_table", lambda s, *a, **k: opened.append(s))
    env = {"DOMINO_TUI_HOME": str(home), "DOMINO_TUI_CONFIG_DIR": ""}
    result = CliRunner().invoke(cli, ["resume", "--lang", "en"], env=env)
    assert result.exit_code == 0, result.output
    (resumed,) = opened
    assert resumed.game_id == session.game_id and resumed.preset == "osel"
    assert resumed.match.snapshot() == session.match.snapshot()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_rules_command_prints_a_variants_page(lang: str) -> None:
    """The packaged page in the chosen language (tests/cli/test_rules_cmd.py says more)."""
    result = run("rules", "--rules", "osel", "--lang", lang)
    assert result.exit_code == 0
    assert ("Осёл" if lang == "ru" else "Donkey") in result.stdout.splitlines()[0]
    raw = run("rules", "--rules", "muggins", "--raw", "--lang", lang).stdout
    assert raw.startswith("# ") and "V3.8.2" in raw
    assert (
        run("rules", "--rules", "kozel", "--lang", lang).stdout
        == run("rules", "--lang", lang).stdout
    )
    bad = run("rules", "--rules", "nope")
    assert bad.exit_code == 2 and "unknown preset 'nope'" in bad.stderr


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_engine_refusal_has_words(lang: str) -> None:
    """REASONS gained the cross's keys (no_such_end, wrong_end, several_need_doubles,
    no_several, no_closing): each is in both catalogs, and ``{end}`` is named in the player's
    language."""
    assert all(has_key(f"reason.{key}", lang) for key in REASONS)
    for end in ("left", "right", "up", "down"):
        assert has_key(f"end.{end}", lang)
    text = reason(("wrong_end", {"tile": "3-4", "end": "up", "value": "5"}), lang)
    assert end_name("up", lang) in text and "3-4" in text and "5" in text
    assert reason(("no_such_end", {"end": "down"}), lang).count(end_name("down", lang)) == 1
    if lang == "ru":
        assert text == "3-4 не подходит к концу сверху (5)"
