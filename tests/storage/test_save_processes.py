"""Two windows are two processes: each saves its own game and neither loses the other's, and a
game one of them has open cannot be taken by the other (real processes, real locks)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from domino_tui.storage import paths
from domino_tui.storage.locks import GameLock
from domino_tui.storage.save_list import list_saves
from domino_tui.storage.saves import load_game

from .helpers import fingerprint

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="advisory locks are POSIX")

PLAYER = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, sys.argv[3])
    from pathlib import Path
    from domino_tui.play.saving import Saves
    from domino_tui.play.session import GameSession, table_seats
    from domino_tui.bots import make_bot
    from domino_tui.engine.rules import make_rules
    from domino_tui.engine.view import seat_view
    from storage.helpers import fingerprint

    seed, game_id = int(sys.argv[1]), sys.argv[2]
    rules = make_rules({"players": 2})
    session = GameSession(rules, table_seats(["human", "easy"], ["P"], "en"), seed,
                          game_id=game_id)
    saves = Saves()  # the window's saves: DOMINO_TUI_HOME says where
    bot = make_bot("greedy", seed)
    for _ in range(40):  # both windows write at the same time, many times
        session.apply(bot.choose(seat_view(session.match, session.match.turn)))
        saves.listen(session, None, None)
    Path(sys.argv[4]).write_text(fingerprint(session.match))
    """
)


def test_two_processes_saving_different_games_keep_both(tmp_path: Path) -> None:
    ids = ("a1" * 16, "b2" * 16)
    outs = [tmp_path / f"{game_id}.txt" for game_id in ids]
    children = [
        subprocess.Popen(
            [sys.executable, "-c", PLAYER, str(seed), game_id, str(ROOT / "tests"), str(out)],
            cwd=ROOT,
            env=os.environ.copy(),
        )
        for seed, game_id, out in zip((3, 4), ids, outs, strict=True)
    ]
    assert [child.wait(timeout=120) for child in children] == [0, 0]
    assert {i.game_id for i in list_saves()} == set(ids)
    for game_id, out in zip(ids, outs, strict=True):
        saved = load_game(game_id)
        assert saved is not None and fingerprint(saved.match) == out.read_text()


HOLDER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from domino_tui.storage.locks import GameLock
    lock = GameLock(Path(sys.argv[1]), sys.argv[2])
    print("held" if lock.acquire() else "refused", flush=True)
    sys.stdin.readline()  # hold it until the test says so
    """
)


def test_a_second_process_cannot_take_a_locked_game() -> None:
    from domino_tui.play.saving import Saves
    from domino_tui.storage.saves import SaveLocked, save_game

    from .helpers import bot_match, meta_for

    meta = meta_for(["A", "B"])
    save_game(bot_match(seed=5, steps=10, players=2), meta)
    folder = paths.saves_dir()
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(folder), meta.game_id],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=os.environ.copy(),
    )
    assert holder.stdout is not None and holder.stdin is not None
    try:
        assert holder.stdout.readline().strip() == "held"
        assert not GameLock(folder, meta.game_id).acquire()
        (info,) = list_saves()
        assert info.locked
        with pytest.raises(SaveLocked, match="open in another window"):
            Saves().load(meta.game_id)
        with pytest.raises(SaveLocked):
            Saves().delete(meta.game_id)
        assert Saves().latest() is None, "the newest free game: there is none"
    finally:
        holder.stdin.write("\n")
        holder.stdin.flush()
        holder.wait(timeout=30)
    # the other window closed (or died): the game is free again
    assert Saves().load(meta.game_id) is not None
