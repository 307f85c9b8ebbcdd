"""Issue 9, part 1: the language follows the player. A player who never chose one gets their
locale's (LC_ALL, then LC_MESSAGES, then LANG: ``ru*`` → Russian, else English); Settings and
``--lang`` override it, and the app and the CLI decide it the same way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from domino_tui import i18n
from domino_tui.app import make_app
from domino_tui.cli import app as cli
from domino_tui.cli.options import Lang  # built from the catalogs found
from domino_tui.cli.words import resolve_lang
from domino_tui.storage.settings import Settings, SettingsStore, default_path
from tests.app.driver import screen_text

LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "ru"}, "ru"),
        ({"LANG": "ru_UA.KOI8-U"}, "ru"),
        ({"LANG": "RU_ru.utf8"}, "ru"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": ""}, "en"),
        ({}, "en"),
        ({"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),  # LC_ALL beats LANG
        ({"LC_ALL": "en_US.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),
        ({"LC_ALL": "C", "LC_MESSAGES": "ru_RU.UTF-8"}, "en"),  # LC_ALL beats LC_MESSAGES
        ({"LC_MESSAGES": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),  # LC_MESSAGES beats LANG
        ({"LC_ALL": "", "LC_MESSAGES": "", "LANG": "ru_RU.UTF-8"}, "ru"),  # empty is unset
    ],
)
def test_detect_lang_follows_the_posix_order(env: dict[str, str], lang: str) -> None:
    assert i18n.detect_lang(env) == lang


def _locale(monkeypatch: pytest.MonkeyPatch, lang_value: str) -> None:
    for name in LOCALE_VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang_value)


@pytest.mark.parametrize(
    ("locale", "expected", "absent"),
    [
        ("ru_RU.UTF-8", ("Новая игра", "Правила", "Выход"), ("New game", "Quit")),
        ("en_US.UTF-8", ("New game", "Rules", "Quit"), ("Новая игра", "Выход")),
    ],
)
async def test_first_start_speaks_the_locale(
    monkeypatch: pytest.MonkeyPatch, locale: str, expected: tuple[str, ...], absent: tuple[str, ...]
) -> None:
    """No settings file yet: the start screen is in the locale's language."""
    _locale(monkeypatch, locale)
    assert not default_path().exists()
    app = make_app(settings_path=default_path(), saves=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
    for word in expected:
        assert word in text
    for word in absent:
        assert word not in text


async def test_a_chosen_language_beats_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    _locale(monkeypatch, "ru_RU.UTF-8")
    SettingsStore(default_path()).save(Settings(lang="en"))
    app = make_app(settings_path=default_path(), saves=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "New game" in screen_text(app) and "Новая игра" not in screen_text(app)


def test_lang_option_beats_settings_beats_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    _locale(monkeypatch, "ru_RU.UTF-8")
    assert resolve_lang(None) == "ru"  # the locale
    SettingsStore(default_path()).save(Settings(lang="en"))
    assert resolve_lang(None) == "en"  # the saved setting
    assert resolve_lang(Lang.ru) == "ru" and resolve_lang("ru") == "ru"  # --lang
    _locale(monkeypatch, "en_US.UTF-8")
    SettingsStore(default_path()).save(Settings(lang="ru"))
    assert resolve_lang(None) == "ru"
    assert resolve_lang(Lang.en) == "en"


def test_a_language_never_chosen_is_not_stored(monkeypatch: pytest.MonkeyPatch) -> None:
    """Saving other settings does not freeze the locale's language: the next start under
    another locale speaks that one."""
    _locale(monkeypatch, "ru_RU.UTF-8")
    store = SettingsStore(default_path())
    settings = store.load()
    assert settings.lang == "ru"
    store.save(Settings(lang=settings.lang, theme="nord"))
    assert "lang" not in json.loads(default_path().read_text("utf-8"))
    _locale(monkeypatch, "en_US.UTF-8")
    again = SettingsStore(default_path()).load()
    assert (again.lang, again.theme) == ("en", "nord")


def test_a_language_picked_in_settings_is_stored(monkeypatch: pytest.MonkeyPatch) -> None:
    _locale(monkeypatch, "ru_RU.UTF-8")
    store = SettingsStore(default_path())
    store.save(Settings(lang="en"))  # the player picked English
    assert json.loads(default_path().read_text("utf-8"))["lang"] == "en"
    _locale(monkeypatch, "C")
    store = SettingsStore(default_path())
    store.save(store.load())  # a chosen language stays chosen, even if it equals the locale's
    _locale(monkeypatch, "ru_RU.UTF-8")
    assert SettingsStore(default_path()).load().lang == "en"


@pytest.mark.parametrize(
    ("locale", "args", "said"),
    [
        ("ru_RU.UTF-8", ["resume"], "нет сохранённой партии"),
        ("en_US.UTF-8", ["resume"], "no saved game"),
        ("ru_RU.UTF-8", ["resume", "--lang", "en"], "no saved game"),
        ("en_US.UTF-8", ["resume", "--lang", "ru"], "нет сохранённой партии"),
    ],
)
def test_the_cli_speaks_as_the_app_would(
    monkeypatch: pytest.MonkeyPatch, locale: str, args: list[str], said: str
) -> None:
    _locale(monkeypatch, locale)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1
    assert said in result.output


def test_the_cli_follows_the_saved_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    _locale(monkeypatch, "en_US.UTF-8")
    SettingsStore(default_path()).save(Settings(lang="ru"))
    result = CliRunner().invoke(cli, ["resume"])
    assert "нет сохранённой партии" in result.output


def test_home_is_private(tmp_path: Path) -> None:
    """The tests above write settings: they must land in the test's own home."""
    assert "domino-home" in str(default_path())
