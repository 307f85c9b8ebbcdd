"""Every loader reads through :mod:`domino_tui.storage.reading` (issue 8, part 2): only regular
files, never more than a cap, never a JSON nested deeper than ours ever is."""

from __future__ import annotations

import contextlib
import os
import threading
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domino_tui.storage.reading import (
    FileRefused,
    json_depth,
    parse_json,
    read_bytes,
    read_text,
    size_words,
)


def test_regular_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_text('{"a": "Маша"}', encoding="utf-8")
    assert read_text(path, 100) == '{"a": "Маша"}'


def test_missing_file_is_the_callers_case(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_text(tmp_path / "none.json", 100)


def test_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "save.json"
    os.mkfifo(fifo)
    done: list[BaseException] = []

    def attempt() -> None:
        try:
            read_text(fifo, 100, "the saved game")
        except BaseException as err:
            done.append(err)

    worker = threading.Thread(target=attempt, daemon=True)
    worker.start()
    worker.join(5)
    assert not worker.is_alive(), "reading a fifo blocked"
    assert isinstance(done[0], FileRefused)
    assert "fifo" in str(done[0]) and "save.json" in str(done[0])


def test_symlink_to_a_device_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "record.json"
    link.symlink_to("/dev/zero")
    with pytest.raises(FileRefused, match="device"):
        read_bytes(link, 1000)


def test_symlink_to_a_regular_file_is_read(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    target.write_text("[]", encoding="utf-8")
    (tmp_path / "link.json").symlink_to(target)
    assert read_text(tmp_path / "link.json", 10) == "[]"


def test_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(FileRefused, match="folder"):
        read_bytes(tmp_path, 10)


def test_size_cap_is_named(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 2049)
    with pytest.raises(FileRefused, match="larger than 2 KiB"):
        read_bytes(path, 2048)
    assert read_bytes(path, 4096) == b" " * 2049


def test_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(FileRefused, match="not UTF-8"):
        read_text(path, 100)


def test_size_words() -> None:
    assert size_words(4 * 1024 * 1024) == "4 MiB"
    assert size_words(256 * 1024) == "256 KiB"
    assert size_words(1000) == "1000 bytes"


def test_deep_nesting_is_refused_before_parsing() -> None:
    with pytest.raises(FileRefused, match="nests deeper"):
        parse_json("[" * 200_000 + "]" * 200_000)
    assert parse_json('{"a": [[1]], "b": "[[[[[[[[[[[["}') == {"a": [[1]], "b": "[[[[[[[[[[[["}


def test_huge_numbers_and_broken_json_are_one_line() -> None:
    for text in ("1" * 5000, '{"a": 1', "", "nan?", '"\\x"'):
        with pytest.raises(FileRefused) as info:
            parse_json(text, "the record")
        assert str(info.value).startswith("the record ")
        assert "\n" not in str(info.value)


@given(st.recursive(st.none() | st.integers() | st.text(), lambda c: st.lists(c, max_size=3)))
def test_depth_matches_the_structure(value: object) -> None:
    import json

    def depth(v: object) -> int:
        return 1 + max((depth(x) for x in v), default=0) if isinstance(v, list) else 0

    assert json_depth(json.dumps(value)) == depth(value)


@given(st.text(max_size=200))
def test_any_text_parses_or_is_refused(text: str) -> None:
    with contextlib.suppress(FileRefused):
        parse_json(text)
