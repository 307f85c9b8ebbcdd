"""``domino play`` read without typer (cli/quick.py, issue 22 item 9): a command line the quick
reader takes gives the table exactly what typer would give it, and one it leaves gets typer's
own handling; a refusal on the quick path reads and exits as on typer's."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from domino_tui import cli
from domino_tui.cli import quick
from domino_tui.cli.quick import quick_play
from domino_tui.cli.table import MAX_SEED

from .helpers import ENV


def typers_reading(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> dict[str, Any] | None:
    """What typer's ``play`` hands the table for ``argv`` (None when typer refuses it)."""
    seen: dict[str, Any] = {}

    def session(*args: Any) -> tuple[object, str, str]:
        names = ("players", "pairs", "bots", "rules", "set_", "seed", "lang", "tutor")
        seen.update(zip(names, args, strict=True))
        return object(), "en", "en"

    monkeypatch.setattr("domino_tui.cli.play.play_session", session)
    monkeypatch.setattr(
        "domino_tui.cli.play.run_table", lambda s, lang, pace, **k: seen.update(pace=pace)
    )
    result = CliRunner().invoke(cli.app, argv[1:], env=ENV)
    if result.exit_code != 0:
        return None
    return {**seen, "set_": seen["set_"] or None}  # typer gives [] for no --set


PLAIN = [
    ["domino", "play"],
    ["domino", "play", "--seed", "3", "--pace", "instant", "--lang", "ru"],
    ["domino", "play", "--rules=kozel", "--players=2", "--bots", "easy", "--tutor"],
    ["domino", "play", "--set", "fish=all", "--set", "target=20", "--pairs", "--no-tutor"],
    ["domino", "play", "--seed", str(MAX_SEED), "--lang=en", "--pace=slow"],
]
LEFT_TO_TYPER = [
    ["domino"],
    ["domino", "play", "--help"],
    ["domino", "plya"],
    ["domino", "sim", "--seed", "3"],
    ["domino", "play", "--seed", str(MAX_SEED + 1)],
    ["domino", "play", "--seed", "-1"],
    ["domino", "play", "--seed", "3", "--seed", "4"],  # typer takes the last; its to decide
    ["domino", "play", "--lang", "RU"],
    ["domino", "play", "--pace", "sleepy"],
    ["domino", "play", "--pairs=1"],
    ["domino", "play", "--seed"],
    ["domino", "play", "--bots", "--seed"],
    ["domino", "play", "extra"],
    ["domino", "play", "--", "--seed"],
    ["domino", "play", "-h"],
]


@pytest.mark.parametrize("argv", PLAIN)
def test_a_plain_play_line_is_read_as_typer_reads_it(
    monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    read = quick_play(argv)
    assert read is not None
    assert read == typers_reading(monkeypatch, argv)


@pytest.mark.parametrize("argv", LEFT_TO_TYPER)
def test_anything_else_is_left_to_typer(argv: list[str]) -> None:
    assert quick_play(argv) is None


WORDS = st.sampled_from(
    [*quick.VALUED, *quick.FLAGS, "--pairs=x", "--seed=7", "--lang=ru", "-x", "=", "", "play"]
)
VALUES = st.one_of(
    st.sampled_from(["3", "0", "007", "-1", str(MAX_SEED), str(MAX_SEED + 1), "ru", "en"]),
    st.sampled_from(["instant", "fast", "RU", "x=1", "easy,hard", "kozel", "морской", "a b"]),
    st.text(max_size=4),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(WORDS, VALUES), max_size=6))
def test_whatever_the_quick_reader_takes_typer_reads_alike(words: list[str]) -> None:
    argv = ["domino", "play", *words]
    read = quick_play(argv)
    if read is not None:
        with pytest.MonkeyPatch.context() as monkeypatch:
            assert read == typers_reading(monkeypatch, argv)


def run_main(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> int:
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit) as stop:
        cli.main()
    return int(stop.value.code or 0)


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "7"],  # the bots' check: UserError
        ["--rules", "no-such-game"],  # the engine's: RulesError
        ["--bots", "no-such-bot", "--lang", "en"],
        ["--set", "fish=sometimes"],
    ],
)
def test_a_refusal_reads_and_exits_alike_either_way(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    argv = ["domino", "play", *args]
    assert quick_play(argv) is not None
    code = run_main(monkeypatch, argv)
    quick_words = capsys.readouterr().err
    monkeypatch.setattr(cli, "quick_play", lambda argv: None)  # typer reads it
    assert run_main(monkeypatch, argv) == code == 2
    assert capsys.readouterr().err == quick_words
    assert quick_words.startswith("domino: ") and "Traceback" not in quick_words


def test_the_quick_path_opens_the_table_with_what_it_read(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[tuple[Any, ...]] = []
    monkeypatch.setattr(
        "domino_tui.cli.table.open_table",
        lambda session, lang, pace, **k: opened.append((session, lang, pace)) or 0,
    )
    argv = ["domino", "play", "--seed", "5", "--players", "3", "--pace", "fast", "--lang", "en"]
    assert run_main(monkeypatch, argv) == 0
    ((session, lang, pace),) = opened
    assert (session.seed, session.rules.players, lang, pace) == (5, 3, "en", "fast")
