"""``domino analyze`` beside a forged or damaged review file (issue 22, part 2): whatever the
``<record>.review`` holds, both the words and ``--json`` exit 0 with no traceback, print no
character a terminal would obey, and show the honest review (the match reviewed afresh), with
one line on stderr that says why this look took time."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from typer.testing import Result

from domino_tui.bots.explain import Reason
from domino_tui.coach import cache, report
from tests.cli.helpers import run
from tests.coach.forgeries import (
    BUDGET,
    EVIL,
    FORGERIES,
    STALE,
    Kept,
    forged,
    make_kept,
    signed,
    unsafe_chars,
    write,
)

NOTE = "changed by hand"  # from the English note on stderr
MODES = {"json": ("--json",), "words": ()}


@pytest.fixture(scope="module")
def kept_once(tmp_path_factory: pytest.TempPathFactory) -> Kept:
    return make_kept(tmp_path_factory.mktemp("analyze-forged"))


@pytest.fixture(scope="module")
def honest(kept_once: Kept) -> dict[str, str]:
    """What ``domino analyze`` prints of the honest kept review, in each mode."""
    out = {}
    for mode, flags in MODES.items():
        write(kept_once, signed(kept_once.data))
        result = analyze(kept_once, *flags)
        assert result.exit_code == 0 and not result.stderr, result.output
        out[mode] = result.stdout
    assert "Маша" in out["words"] and '"decisions"' in out["json"]
    return out


@pytest.fixture
def calls(kept_once: Kept, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """A fresh review made instant (the honest one); the list counts them."""
    made: list[int] = []

    def analyze(*_args: Any, **_kwargs: Any) -> report.Review:
        made.append(1)
        return kept_once.review

    monkeypatch.setattr(report, "analyze", analyze)
    yield made


def analyze(kept: Kept, *flags: str) -> Result:
    return run("analyze", str(kept.record), "--budget", str(BUDGET), "--lang", "en", *flags)


def assert_clean(result: Result) -> None:
    """Exit 0, no traceback, nothing a terminal obeys on stdout or stderr."""
    assert result.exit_code == 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert not unsafe_chars(result.stdout + result.stderr)


@pytest.mark.parametrize("mode", sorted(MODES))
@pytest.mark.parametrize("name", sorted(FORGERIES))
def test_a_forged_review_file_shows_the_honest_review(
    kept_once: Kept, honest: dict[str, str], calls: list[int], name: str, mode: str
) -> None:
    write(kept_once, forged(kept_once, name))
    result = analyze(kept_once, *MODES[mode])
    assert_clean(result)
    assert result.stdout == honest[mode]
    assert calls == [1]  # reviewed afresh, not read
    assert (NOTE in result.stderr) == (name not in STALE)
    assert kept_once.read() == (kept_once.review, False)  # and the forgery replaced


@pytest.mark.parametrize("mode", sorted(MODES))
def test_a_fifo_as_the_review_file_neither_blocks_nor_is_replaced(
    kept_once: Kept, honest: dict[str, str], calls: list[int], mode: str
) -> None:
    path = cache.cache_path(kept_once.record)
    path.unlink(missing_ok=True)
    os.mkfifo(path)
    try:
        result = analyze(kept_once, *MODES[mode])
        assert_clean(result)
        assert result.stdout == honest[mode] and calls == [1] and NOTE in result.stderr
        assert stat.S_ISFIFO(os.lstat(path).st_mode)
    finally:
        path.unlink()


def test_the_forged_label_of_the_issue_is_not_printed(
    kept_once: Kept, honest: dict[str, str], calls: list[int]
) -> None:
    """The case of the issue, by hand: the title-setting OSC in a label and a reason kind."""
    data = dict(kept_once.data)
    data["decisions"] = [[*row[:7], EVIL, row[8]] for row in data["decisions"]]
    write(kept_once, signed(data))
    result = analyze(kept_once)
    assert_clean(result)
    assert "PWNED" not in result.output and result.stdout == honest["words"]


def test_every_text_is_cleaned_before_it_is_printed(
    kept_once: Kept, monkeypatch: pytest.MonkeyPatch
) -> None:
    """However a text got into a review (a reason kind no words know, say), what analyze
    prints passes the one cleaner, words and JSON alike."""
    evil = replace(kept_once.review, reasons={k: (Reason(EVIL),) for k in kept_once.review.reasons})
    monkeypatch.setattr(cache, "reviewed", lambda *_a, **_k: evil)
    for flags in MODES.values():
        result = analyze(kept_once, *flags)
        assert_clean(result)
        assert "␛]0;PWNED" in result.stdout  # shown as text, so a damaged word looks damaged
