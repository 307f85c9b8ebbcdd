"""The settings file as a loader of something a player (or anyone) may have damaged: capped,
regular files only, moved aside with a notice shown once, never silently written over, and every
remembered string cleaned before it is drawn (issue 8, parts 2 and 3)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from domino_tui.storage import settings as settings_module
from domino_tui.storage.settings import (
    MAX_SETTINGS_BYTES,
    Settings,
    SettingsStore,
    default_path,
    take_notice,
)


@pytest.fixture(autouse=True)
def _no_old_notices() -> None:
    take_notice()


def _aside(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".corrupt-*"))


DAMAGED: dict[str, Any] = {
    "not JSON": "{not json",
    "a list": "[1, 2, 3]",
    "a number": "42",
    "not UTF-8": b"\xff\xfe{\x00",
    "too deep": "[" * 100 + "]" * 100,
    "too big": '{"lang": "en", "pad": "' + "x" * MAX_SETTINGS_BYTES + '"}',
    "a huge number": '{"lang": ' + "9" * 5000 + "}",
}


@pytest.mark.parametrize("kind", sorted(DAMAGED))
def test_a_damaged_file_is_moved_aside_with_a_notice_shown_once(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "settings.json"
    content = DAMAGED[kind]
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, "utf-8")
    store = SettingsStore(path)
    assert store.load() == Settings()
    moved = _aside(path)
    assert len(moved) == 1 and not path.exists()  # kept for the player, never deleted
    assert store.notice is not None and moved[0].name in store.notice
    notice = take_notice("en")
    assert notice is not None and moved[0].name in notice and "\n" not in notice
    assert take_notice("en") is None  # once
    store.save(Settings(lang="en"))  # the next save writes a fresh file next to the old one
    assert SettingsStore(path).load().lang == "en"
    assert _aside(path) == moved


def test_the_notice_comes_in_the_players_language(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{", "utf-8")
    SettingsStore(path).load()
    notice = take_notice("ru")
    assert notice is not None and "Настройки" in notice


@pytest.mark.parametrize("kind", ["fifo", "folder", "symlink to a device"])
def test_a_special_file_is_refused_without_blocking_and_moved_aside(
    tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "settings.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path.symlink_to("/dev/zero")
    store = SettingsStore(path)
    assert store.load() == Settings()  # returns at once: a fifo is never opened blocking
    assert not os.path.lexists(path) and len(_aside(path)) == 1
    notice = take_notice("en")
    assert notice is not None and "not a regular file" in notice


def test_an_unreadable_file_is_left_alone_and_never_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"lang": "en", "player_name": "Masha"}', "utf-8")

    def denied(*args: object, **kwargs: object) -> str:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(settings_module, "read_text", denied)
    store = SettingsStore(path)
    assert store.load() == Settings()
    assert not store.writable and "Permission denied" in (store.notice or "")
    store.save(Settings(lang="ru"))
    assert json.loads(path.read_text("utf-8"))["player_name"] == "Masha"  # untouched
    assert _aside(path) == []
    notice = take_notice("en")
    assert notice is not None and "not saved" in notice


def test_a_home_that_is_a_file_gives_defaults_not_a_traceback(tmp_path: Path) -> None:
    home_file = tmp_path / "home"
    home_file.write_text("", "utf-8")
    store = SettingsStore(home_file / "config" / "settings.json")
    assert store.load() == Settings()
    assert not store.writable
    store.save(Settings())  # nothing raised


def test_strings_are_cleaned_and_bounded(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    hostile = {
        "player_name": "\x1b]0;owned\x07Masha" + "x" * 100,
        "last_names": ["\x1b[2J", "Alex\u202e", "ok", "fine", "fifth", "sixth"],
        "last_seats": ["human", "\x1b[31mhard"] + ["hard"] * 10,
        "theme": "\x1b]52;c;aGk=\x07",
        "last_timer": "9" * 1000,
        "last_preset": "kozel\x00",
        "last_options": {
            "target": 10**30,
            "fish": "\x1b[2Jall",
            "colour": "red",
            "open_threshold": [1, 2],
            "pairs": True,
        },
    }
    path.write_text(json.dumps(hostile), "utf-8")
    s = SettingsStore(path).load()
    texts = [s.player_name, *s.last_names, *s.last_seats, s.theme, s.last_timer, s.last_preset]
    texts += [str(v) for v in s.last_options.values()]
    assert all("\x1b" not in t and "\x07" not in t and "\u202e" not in t for t in texts)
    assert len(s.player_name) <= 20 and s.player_name.startswith("␛]0;owned␇Masha")
    assert len(s.last_names) == 4 and len(s.last_seats) == 4
    assert all(len(t) <= 40 for t in texts)
    assert s.last_options == {"fish": "␛[2Jall", "pairs": True}  # unknown and absurd dropped


def test_save_is_atomic_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "cfg" / "settings.json"
    SettingsStore(path).save(Settings(player_name="Оля"))
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]
    assert SettingsStore(path).load().player_name == "Оля"


def test_the_app_shows_the_notice_when_opened_from_the_command_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``domino`` with a damaged settings file: the start screen opens with the notice."""
    path = default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"lang": "en", oops', "utf-8")
    seen: dict[str, Any] = {}

    class FakeApp:
        return_code = 0

        def run(self) -> None:
            seen["ran"] = True

    def fake_make_app(session: object = None, **options: Any) -> FakeApp:
        seen.update(options)
        return FakeApp()

    monkeypatch.setattr("domino_tui.app.make_app", fake_make_app)
    from domino_tui.cli import app

    result = CliRunner().invoke(app, [])
    assert result.exit_code == 0, result.output
    assert seen["ran"] and "settings.json.corrupt-" in seen["notice"]  # in Russian: the default
    assert len(_aside(path)) == 1


async def test_a_notice_is_drawn_as_text() -> None:
    from domino_tui.app import make_app

    app = make_app(settings_path=None, lang="en", notice="bad [bold]file[/] \x1b")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        toasts = list(app._notifications)
        assert toasts and "[bold]file[/]" in toasts[0].message
