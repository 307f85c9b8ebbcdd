"""The review kept beside a record (``<record>.review``) is written under a fresh private
temporary name and renamed into place, and only over a regular file: nobody named that path, so
a fifo, a folder or a symlink there is left alone (issue 22, parts 1 and 2). Before, the cache was
written through ``.<name>.<pid>.tmp``, a name anyone could plant a symlink at, and renamed over
whatever was there."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from domino_tui.coach import cache
from domino_tui.coach.report import Review


def _save(record: Path) -> None:
    cache.save(record, Review((0,), (), ()), "d" * 64, 1, 50)


def test_a_review_is_kept_private_and_whole(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    _save(record)
    kept = cache.cache_path(record)
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == [kept.name]  # no temporary file left


@pytest.mark.parametrize("kind", ["fifo", "folder", "symlink"])
def test_anything_but_a_regular_file_at_the_cache_path_is_left_alone(
    tmp_path: Path, kind: str
) -> None:
    record = tmp_path / "match.json"
    path = cache.cache_path(record)
    victim = tmp_path / "victim.txt"
    victim.write_text("someone's file", encoding="utf-8")
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path.symlink_to(victim)
    before = os.lstat(path)
    _save(record)
    after = os.lstat(path)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert victim.read_text(encoding="utf-8") == "someone's file"


def test_a_planted_link_at_the_old_temporary_name_is_not_written_through(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    victim = tmp_path / "victim.txt"
    victim.write_text("someone's file", encoding="utf-8")
    planted = tmp_path / f".{cache.cache_path(record).name}.{os.getpid()}.tmp"
    planted.symlink_to(victim)
    _save(record)
    assert victim.read_text(encoding="utf-8") == "someone's file"
    assert cache.cache_path(record).is_file()
