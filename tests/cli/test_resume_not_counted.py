"""``domino resume`` of a save whose match had ended (the app stopped between the last move and
the bookkeeping) while the statistics cannot be opened printed a ``StatsError`` traceback
(issue 22, part 4). Now it is one line, exit 1, and the save stays for the next try; once the
statistics can be opened again, resuming finishes the job, counted once."""

from __future__ import annotations

import pytest

from domino_tui.storage import paths
from domino_tui.storage.archive import list_records
from domino_tui.storage.save_list import list_saves
from domino_tui.storage.saves import load_game, save_game
from domino_tui.storage.stats import StatsDB
from tests.storage.helpers import bot_match, meta_for

from .helpers import run


@pytest.fixture
def ended() -> str:
    """A save of a match that is over, and statistics that cannot be opened (a folder)."""
    meta = meta_for(["Masha", "Alex"])
    save_game(bot_match(seed=4, players=2), meta)
    paths.stats_path().mkdir(parents=True)
    return meta.game_id


@pytest.mark.parametrize("how", [["resume"], ["resume", "ID"], ["resume", "ID", "--resign"]])
def test_resuming_an_ended_game_without_statistics_is_one_line(ended: str, how: list[str]) -> None:
    args = [ended if a == "ID" else a for a in how] + ["--yes"] * ("--resign" in how)
    result = run(*args, "--lang", "en")
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert f"the game {ended[:8]} had ended, but it could not be counted yet" in lines[0]
    assert "not a regular file" in lines[0]
    assert [i.game_id for i in list_saves()] == [ended]  # kept for the next try


def test_the_next_resume_finishes_it_counted_once(ended: str) -> None:
    from domino_tui.storage.saves import NotFinished

    with pytest.raises(NotFinished):
        load_game(ended)
    paths.stats_path().rmdir()
    assert load_game(ended) is None
    assert list_saves() == [] and len(list_records()) == 1
    with StatsDB() as db:
        assert db.match_count() == 1
