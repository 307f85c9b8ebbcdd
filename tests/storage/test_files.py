"""Atomic writes and quarantine: a crash leaves a whole file, a damaged file is never deleted."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from domino_tui.storage.files import free_name, move_aside, write_atomic


def test_write_atomic_replaces_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "save.json"
    write_atomic(target, "old")
    write_atomic(target, "new")
    assert target.read_text() == "new"
    assert [p.name for p in target.parent.iterdir()] == ["save.json"]


def test_a_crash_before_the_rename_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "save.json"
    write_atomic(target, "old")

    def crash(*args: object) -> None:
        raise OSError("disk gone")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk gone"):
        write_atomic(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_move_aside_keeps_the_bytes_and_never_overwrites(tmp_path: Path) -> None:
    first = tmp_path / "autosave.json"
    first.write_bytes(b"\x00broken")
    moved_once = move_aside(first)
    first.write_bytes(b"again")
    moved_twice = move_aside(first)
    assert not first.exists()
    assert moved_once != moved_twice
    assert moved_once.name.startswith("autosave.json.corrupt-")
    assert moved_once.read_bytes() == b"\x00broken"
    assert moved_twice.read_bytes() == b"again"


def test_free_name_numbers_a_taken_name(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text("x")
    (tmp_path / "a-2.json").write_text("x")
    assert free_name(tmp_path / "a.json") == tmp_path / "a-3.json"
    assert free_name(tmp_path / "b.json") == tmp_path / "b.json"


def test_write_new_never_replaces_and_numbers_a_taken_name(tmp_path: Path) -> None:
    from domino_tui.storage.files import write_new

    first = write_new(tmp_path / "r.json", "one")
    second = write_new(tmp_path / "r.json", "two")
    assert (first.name, second.name) == ("r.json", "r-2.json")
    assert first.read_text() == "one" and second.read_text() == "two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r-2.json", "r.json"]


def test_output_target_accepts_files_and_refuses_the_rest(tmp_path: Path) -> None:
    from domino_tui.storage.files import output_target
    from domino_tui.storage.reading import FileRefused

    assert output_target(tmp_path / "new.txt") == tmp_path / "new.txt"
    (tmp_path / "old.txt").write_text("x")
    (tmp_path / "link.txt").symlink_to(tmp_path / "old.txt")
    assert output_target(tmp_path / "link.txt") == (tmp_path / "old.txt").resolve()
    os.mkfifo(tmp_path / "pipe")
    for special in (tmp_path / "pipe", Path("/dev/null"), tmp_path):
        with pytest.raises(FileRefused, match="not a regular file"):
            output_target(special)


def test_read_head_reads_only_the_head_and_refuses_a_fifo(tmp_path: Path) -> None:
    from domino_tui.storage.files import read_head
    from domino_tui.storage.reading import FileRefused

    big = tmp_path / "big"
    big.write_bytes(b"a" * 10_000)
    assert read_head(big, 16) == (b"a" * 16, 10_000)
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(FileRefused, match="fifo"):
        read_head(tmp_path / "pipe", 16)


def test_error_words_are_plain() -> None:
    import errno

    from domino_tui.storage.files import error_words

    assert error_words(OSError(errno.ENAMETOOLONG, "x")) == "the file name is too long"
    assert error_words(OSError(errno.ENOSPC, "x")) == "the disk is full"
    assert error_words(OSError(errno.EBADF, "Bad \x1b file")) == "Bad ␛ file"
