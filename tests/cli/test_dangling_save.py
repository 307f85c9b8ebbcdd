"""A save that is a symlink to nothing (issue 22, part 4) was listed by ``domino resume --list``
as unreadable while ``domino resume`` said there was no saved game at all. Both now treat it as
a broken save, in the same words: the list names where the link points, and resuming it says
that instead of "nothing to resume" (opening the table with that notice, as for any save that
cannot be resumed). The link is left where it is: it is not ours to move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domino_tui.storage import paths
from domino_tui.storage.meta import new_game_id
from domino_tui.storage.saves import save_game
from tests.storage.helpers import bot_match, meta_for

from .helpers import run

WORDS = "which does not exist"


@pytest.fixture
def dangling() -> tuple[str, Path]:
    folder = paths.saves_dir()
    folder.mkdir(parents=True)
    game_id = new_game_id()
    link = folder / f"{game_id}.json"
    link.symlink_to(folder.parent / "moved-away" / "game.json")
    return game_id, link


@pytest.fixture
def table(monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    """The notices the table would have opened with (the real one is not opened)."""
    notices: list[str | None] = []

    def run_table(*_: object, notice: str | None = None, **__: object) -> None:
        notices.append(notice)

    monkeypatch.setattr("domino_tui.cli.play.run_table", run_table)
    return notices


def test_the_list_says_where_the_link_points(dangling: tuple[str, Path]) -> None:
    game_id, _link = dangling
    result = run("resume", "--list", "--json")
    assert result.exit_code == 0, result.output
    (info,) = json.loads(result.stdout)
    assert info["game_id"] == game_id
    assert "is a link to" in info["problem"] and WORDS in info["problem"]


@pytest.mark.parametrize("by_id", [True, False])
def test_resuming_it_says_the_same_not_nothing_to_resume(
    dangling: tuple[str, Path], table: list[str | None], by_id: bool
) -> None:
    game_id, link = dangling
    result = run("resume", *([game_id[:8]] if by_id else []), "--lang", "en")
    assert "no saved game to resume" not in result.output
    assert result.exit_code == 0, result.output
    (notice,) = table
    assert notice is not None and "is a link to" in notice and WORDS in notice
    assert link.is_symlink()  # left alone


def test_a_good_save_beside_it_is_still_the_one_resumed(
    dangling: tuple[str, Path], table: list[str | None], monkeypatch: pytest.MonkeyPatch
) -> None:
    meta = meta_for(["Masha", "Alex"])
    save_game(bot_match(3, steps=4, players=2), meta)
    opened: list[object] = []

    def run_table(session: object, *_: object, **__: object) -> None:
        opened.append(session)

    monkeypatch.setattr("domino_tui.cli.play.run_table", run_table)
    assert run("resume").exit_code == 0
    (session,) = opened
    assert getattr(session, "game_id", None) == meta.game_id
