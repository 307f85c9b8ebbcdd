"""``--rules`` everywhere (issue 10, items 1 and 6): ``domino play``, ``hotseat``, ``resume``,
``replay`` say in one line that the table cannot show a variant yet (exit 2, no traceback);
``export`` reads a record of any variant; ``domino rules --rules X`` says where the variant's
rules are; the engine's refusals on the cross are worded in both languages, the end named in
the player's."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from domino_tui.app.saving import Saves
from domino_tui.app.session import GameSession, Seat
from domino_tui.app.strings import end_name, reason
from domino_tui.cli import app as cli
from domino_tui.cli import main
from domino_tui.cli.sim import play_match
from domino_tui.engine.record import dumps, make_record
from domino_tui.engine.round import REASONS
from domino_tui.engine.rules import make_rules
from domino_tui.i18n import has_key
from domino_tui.storage.archive import load_record
from domino_tui.transcript import match_text
from domino_tui.variant_words import TABLE_PRESETS, no_table, table_plays

from .helpers import run

OFF_TABLE = ["morskoy", "osel", "telefon", "muggins", "all-threes", "general", "chechevo", "sport"]


def one_line_refusal(result, *words: str) -> str:  # type: ignore[no-untyped-def]
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0]
    return str(lines[0])


def run_main(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str):  # type: ignore[no-untyped-def]
    """The real entry point (one line for a player's error): exit code and stderr."""
    monkeypatch.setattr(sys, "argv", ["domino", *args])
    with pytest.raises(SystemExit) as stop:
        main()
    return stop.value.code, capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("preset", OFF_TABLE)
def test_play_refuses_a_variant_the_table_cannot_show(
    preset: str, lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The table draws the two-ended line and Козёл's sheet: ``domino play --rules X`` for any
    other variant says so in one line and points to ``domino sim --rules X``."""
    code, err = run_main(monkeypatch, capsys, "play", "--rules", preset, "--lang", lang)
    assert code == 2
    assert err == "domino: " + no_table(make_rules({}, preset), lang) + "\n"
    assert f"`domino sim --rules {preset}`" in err


def test_hotseat_and_a_set_variant_are_refused_the_same_way(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = run_main(
        monkeypatch, capsys, "hotseat", "A", "B", "--rules", "osel", "--lang", "en"
    )
    assert code == 2 and err.count("\n") == 1
    assert "Donkey" in err and "domino sim --rules osel" in err
    code, err = run_main(monkeypatch, capsys, "play", "--set", "variant=chechevo", "--lang", "ru")
    assert code == 2 and err.count("\n") == 1
    assert "Чечевэ" in err and "domino sim --rules chechevo" in err


def test_the_table_presets_are_the_line_games() -> None:
    assert TABLE_PRESETS == ("kozel", "kozel-pairs", "classic")
    assert all(table_plays(make_rules({}, p)) for p in TABLE_PRESETS)
    assert not any(table_plays(make_rules({}, p)) for p in OFF_TABLE)


async def test_the_new_game_dialog_offers_only_what_the_table_plays() -> None:
    """The dialog lists TABLE_PRESETS, not rules.PRESETS (which now holds every variant)."""
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
        assert offered == list(TABLE_PRESETS)


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
def test_replay_of_a_variant_record_points_to_export(tmp_path: Path, preset: str) -> None:
    path, _ = write_record(tmp_path, preset)
    result = CliRunner().invoke(cli, ["replay", str(path), "--lang", "en"])
    one_line_refusal(result, "replay viewer", f"domino export {path}")


def test_resume_of_a_variant_save_is_refused_and_the_save_kept(tmp_path: Path) -> None:
    home = tmp_path / "home"
    saves = Saves(home / "data" / "saves", home / "data" / "records", home / "data" / "stats.db")
    rules = make_rules({"players": 3}, "osel")
    seats = (Seat("Tester"), Seat("Alex", "bot", "easy"), Seat("Olya", "bot", "easy"))
    session = GameSession(rules, seats, 5)
    session.lang = "en"
    for _ in range(3):
        session.match.apply(session.match.legal_actions()[0])
    saves.listen(session, None, None)
    saves.release()
    env = {"DOMINO_TUI_HOME": str(home), "DOMINO_TUI_CONFIG_DIR": ""}
    result = CliRunner().invoke(cli, ["resume", "--lang", "en"], env=env)
    one_line_refusal(result, "Donkey", "domino sim --rules osel")
    assert [i.game_id for i in saves.listing()] == [session.game_id]
    assert not any(i.locked for i in saves.listing())


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_rules_command_names_where_a_variants_rules_are(lang: str) -> None:
    result = run("rules", "--rules", "osel", "--lang", lang)
    assert result.exit_code == 0
    assert "docs/variants/osel.md" in result.stdout.splitlines()[0]
    raw = run("rules", "--rules", "muggins", "--raw").stdout
    assert raw.startswith("# V3")
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


async def test_the_app_keeps_a_variant_save_and_says_why_it_does_not_open(tmp_path: Path) -> None:
    """In the app, Resume on a saved осёл game shows a notice instead of a table it cannot
    draw; the game stays saved and unlocked."""
    from domino_tui.app import make_app
    from domino_tui.app.screens.game import GameScreen

    saves = Saves.at(tmp_path)
    rules = make_rules({"players": 3}, "osel")
    seats = (Seat("Tester"), Seat("Alex", "bot", "easy"), Seat("Olya", "bot", "easy"))
    session = GameSession(rules, seats, 5)
    session.lang = "en"
    session.match.apply(session.match.legal_actions()[0])
    saves.listen(session, None, None)
    saves.release()
    app = make_app(settings_path=None, lang="en", saves=saves)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.resume(session.game_id) is False
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)
        shown = [n.message for n in app._notifications]
        assert any("Donkey" in m and "domino sim --rules osel" in m for m in shown), shown
    assert [i.game_id for i in saves.listing()] == [session.game_id]
    assert not any(i.locked for i in saves.listing())


async def test_the_app_replay_list_says_why_a_variant_record_does_not_open() -> None:
    """The kept records list opens Козёл records in the viewer; a телефон record gets a notice
    (read it with ``domino export``) and the list stays."""
    from textual.widgets import OptionList

    from domino_tui.app import make_app
    from domino_tui.app.screens.replay import ReplayListScreen, ReplayScreen
    from domino_tui.app.screens.start import StartScreen
    from domino_tui.storage.archive import archive_match
    from domino_tui.storage.meta import Seat as KeptSeat

    rules = make_rules({}, "telefon")
    match = play_match(rules, 1, ["greedy"] * rules.players)
    archive_match(match, (KeptSeat("Masha"), KeptSeat("Alex", "bot", "greedy")), "telefon")
    app = make_app(settings_path=None, lang="ru")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        app.screen.action_pick("replays")
        await pilot.pause()
        assert isinstance(app.screen, ReplayListScreen)
        assert app.screen.query_one(OptionList).option_count == 1
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayListScreen)
        assert not any(isinstance(s, ReplayScreen) for s in app.screen_stack)
        shown = [n.message for n in app._notifications]
        assert any("Телефон" in m and "domino export" in m for m in shown), shown
