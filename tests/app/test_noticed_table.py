"""Issue 9 parts 9 and C, read off the screen: no notice behind the hot-seat curtain, the Draw
key only where there is a базар, seats 1-based, the replay viewer's footer and q, the Russian
palette and New game dialog, the bounded seed, plain rule errors, goat words for rounds:N."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input

from domino_tui.app import make_app
from domino_tui.app.app import DominoApp
from domino_tui.app.screens.new_game import NewGameScreen
from domino_tui.app.screens.replay import ReplayListScreen, ReplayScreen, replay_app
from domino_tui.bots import make_bot
from domino_tui.engine.actions import KNOCK
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import seat_view
from domino_tui.play.session import GameSession, Seat, table_seats
from domino_tui.storage import archive_match, load_record
from domino_tui.storage.meta import Seat as StoredSeat
from domino_tui.words.score import legend

from .driver import game, key_for_turn, screen_text, seeded_app, settle


def footer_line(app: object) -> str:
    return screen_text(app).rstrip("\n").splitlines()[-1]  # type: ignore[arg-type]


# --- hot-seat curtain -------------------------------------------------------------------------


async def test_nothing_about_a_hand_behind_the_curtain() -> None:
    rules = make_rules({"players": 2})
    session = GameSession(rules, table_seats(["human", "human"], ["Masha", "Alex"], "en"), 2)
    app = make_app(session, settings_path=None, lang="en", pace="instant", saves=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        assert screen.curtain >= 0
        for key in ("h", "d", "k", "p", "u", "left"):
            await pilot.press(key)
            await pilot.pause()
            text = screen_text(app)
            assert "Hands hidden" in text, (key, text)
            assert "not your turn" not in text and "No hint" not in text, key
        await pilot.press("enter")  # the player sits down: no stale notice waits for them
        await pilot.pause()
        assert "not your turn" not in screen_text(app)
        assert "your turn" in screen_text(app).lower()  # "Masha, your turn: …"


# --- the Draw key -----------------------------------------------------------------------------


async def test_no_draw_key_with_four_players() -> None:
    app = seeded_app(players=4)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        footer = footer_line(app)
        screen = game(app)
        knock = screen.my_turn() and KNOCK in screen.match.legal_actions()  # K only when legal
        assert ("Knock" in footer) == knock and "Draw" not in footer, footer


async def test_draw_key_with_a_boneyard_and_gone_when_it_is_empty() -> None:
    app = seeded_app(players=3, levels=("easy", "easy"), hand_size=9)  # one tile in the базар
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game(app)
        assert "d Draw" in footer_line(app)
        assert "Knock" not in footer_line(app)  # K3.3: no knock while the базар has tiles
        for _ in range(300):  # play on until somebody takes the last tile
            await settle(pilot)
            if not screen.match.round.boneyard:
                break
            if app.screen is not screen:
                await pilot.press("enter")  # a round end
            elif screen.my_turn():
                await pilot.press(key_for_turn(screen))
                if screen.turn.choosing >= 0:
                    await pilot.press("enter")
        await settle(pilot)
        assert not screen.match.round.boneyard
        assert "Draw" not in footer_line(app), footer_line(app)
        knock = screen.my_turn() and KNOCK in screen.match.legal_actions()  # K only when legal
        assert ("k Knock" in footer_line(app)) == knock, footer_line(app)


# --- seats are numbered from 1 --------------------------------------------------------------


async def test_new_game_dialog_numbers_seats_from_one() -> None:
    app = make_app(settings_path=None, lang="en", saves=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(NewGameScreen())
        await pilot.pause()
        text = screen_text(app)
        assert "Seat 1" in text and "Seat 4" in text and "Seat 0" not in text
        assert "1+3 vs 2+4" in text and "0+2" not in text


# --- the replay viewer ------------------------------------------------------------------------


def kept_record() -> object:
    match = Match(make_rules({"players": 2}), 7)
    bots = [make_bot("greedy", 7 + s) for s in range(2)]
    while not match.over:
        match.apply(bots[match.turn].choose(seat_view(match, match.turn)))
    archive_match(match, (StoredSeat("Masha"), StoredSeat("Alex", "bot", "greedy")))
    return load_record("last")


async def test_replay_from_the_shell_q_exits_and_the_footer_names_each_key_once() -> None:
    app = replay_app(kept_record(), lang="en", settings_path=None)  # type: ignore[arg-type]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        footer = footer_line(app)
        labels = re.findall(r"[a-z↑↓←→⇞⇟⇱⇲]+ ([A-Z][a-z]+(?: [a-z]+)*)", footer)
        assert footer.count("Back") == 1 and "esc Close" in footer, footer
        assert len(labels) == len(set(labels)), footer
        assert app.return_code is None
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0, "q ends the program: back to the shell"


async def test_replay_from_the_list_goes_back_to_the_list() -> None:
    kept_record()
    app = make_app(settings_path=None, lang="en", saves=None)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(ReplayListScreen())
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ReplayListScreen)
        assert app.is_running


# --- Russian: palette and New game dialog -----------------------------------------------------


async def test_russian_palette_has_no_english_commands() -> None:
    app = seeded_app(lang="ru")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert "^p команды" in footer_line(app) and "palette" not in footer_line(app)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"тема")
        await pilot.pause(0.3)
        text = screen_text(app)
        assert "Тема: Тёмная" in text and "Тема: Высокий контраст" in text, text
        for english in ("Theme", "Keys", "Screenshot", "Search", "textual-dark"):
            assert english not in text, english


async def test_russian_new_game_dialog_names_options_and_values_in_russian() -> None:
    app = make_app(settings_path=None, lang="ru", saves=None)
    async with app.run_test(size=(120, 200)) as pilot:
        await pilot.pause()
        app.push_screen(NewGameScreen())
        await pilot.pause()
        text = screen_text(app)
        for russian in ("Рыба", "на одного", "Первый заход", "Конец партии", "Козёл (дворовые"):
            assert russian in text, russian
        body = "\n".join(text.splitlines()[:-1])  # the footer's key names (esc, ^s) aside
        latin = re.findall(r"[A-Za-z_]{3,}", body)
        assert not latin, latin


# --- seed bounds, plain rule errors -------------------------------------------------------------


async def shows(pilot: Pilot[None], app: DominoApp, words: str) -> bool:
    """Whether ``words`` come on screen (the error scrolls into view after a few frames; a
    busy machine needs more of them, so wait for the words, not for a time)."""
    for _ in range(100):
        if words in screen_text(app):
            return True
        await pilot.pause(0.05)
    return False


async def test_seed_out_of_range_and_rule_errors_are_plain_text() -> None:
    app = make_app(settings_path=None, lang="en", saves=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        dialog = NewGameScreen()
        app.push_screen(dialog)
        await pilot.pause()
        dialog.query_one("#seed", Input).value = str(2**64)
        dialog.action_start()
        assert await shows(pilot, app, "from 0 to 18446744073709551615")
        assert isinstance(app.screen, NewGameScreen), "no game with an out-of-range seed"
        dialog.query_one("#seed", Input).value = ""
        dialog.query_one("#opt-target", Input).value = "[bold]x"
        dialog.action_start()
        assert await shows(pilot, app, "[bold]x"), "the engine's words shown as they are"


def test_play_again_wraps_the_seed() -> None:
    rules = make_rules({"players": 2})
    top = GameSession(rules, (Seat("A"), Seat("B", "bot", "easy")), 2**64 - 1)
    assert top.again().seed == 0
    assert top.again().again().seed == 1


def test_goat_words_follow_the_match_end() -> None:
    by_rounds = make_rules({"match_end": "rounds:10"})
    for lang, words in (("en", "after 10 rounds"), ("ru", "после 10 конов")):
        goat = dict(legend(by_rounds, lang))["🐐"]
        assert words in goat and "101" not in goat, goat
    assert "101" in dict(legend(replace(by_rounds, match_end="target"), "en"))["🐐"]


async def test_russian_settings_footer_and_theme_names() -> None:
    from domino_tui.app.screens.settings import SettingsScreen

    app = make_app(settings_path=None, lang="ru", saves=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SettingsScreen())
        await pilot.pause()
        assert "Тёмная" in screen_text(app) and "textual-dark" not in screen_text(app)
        await pilot.press("tab", "enter")  # a list opens: its Esc key is labelled by us
        await pilot.pause()
        footer = footer_line(app)
        assert "Закрыть список" in footer and "Dismiss" not in footer, footer


async def test_russian_keys_panel() -> None:
    app = seeded_app(lang="ru")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.action_show_help_panel()
        await pilot.pause(0.3)
        text = screen_text(app)
        assert "Следующее поле" in text and "Подсказка" in text, text
        for english in ("Focus Next", "Focus Previous", "Copy selected", "palette"):
            assert english not in text, english


async def test_russian_saved_games_name_the_preset(tmp_path: Path) -> None:
    from domino_tui.app.screens.saved_games import SavedGamesScreen
    from domino_tui.play.saving import Saves

    saves = Saves.at(tmp_path)
    app = seeded_app(lang="ru", players=3, levels=("easy", "easy"), saves=saves, seed=9)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
    app = make_app(settings_path=None, lang="ru", saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SavedGamesScreen(saves))
        await pilot.pause()
        text = screen_text(app)
        assert "Козёл" in text and "kozel" not in text, text


async def test_the_empty_line_addresses_the_player_correctly() -> None:
    rules = make_rules({"players": 2})
    seed = next(s for s in range(100) if Match(rules, s).round.turn == 0)  # the player leads
    for lang, words in (("en", "The line is empty: you lead."), ("ru", "Вы заходите.")):
        app = seeded_app(seed=seed, players=2, levels=("easy",), lang=lang)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            text = screen_text(app)
            assert words in text, text
            assert "You leads" not in text and "заходит Вы" not in text


async def test_russian_screenshot_notice(tmp_path: Path, monkeypatch: object) -> None:
    import platformdirs

    monkeypatch.setattr(platformdirs, "user_downloads_path", lambda: tmp_path)  # type: ignore[attr-defined]
    app = make_app(settings_path=None, lang="ru", saves=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screenshot_to_downloads()
        await pilot.pause(0.3)
        told = [note.message for note in app._notifications]
        assert any(m.startswith("Снимок экрана сохранён: ") for m in told), told
    assert list(tmp_path.glob("*.svg"))
