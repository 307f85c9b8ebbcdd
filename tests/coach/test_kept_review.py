"""A kept review is data from outside (issue 22, part 2): a ``<record>.review`` with a right
digest is still checked field by field against its match, and anything that is not exactly a
review of it is refused (and the match reviewed afresh); special files at its name are neither
read nor replaced; a new one is private to its owner, as records are."""

from __future__ import annotations

import ast
import inspect
import io
import json
import os
import stat
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domino_tui.bots import explain
from domino_tui.cli.analyze import _mistakes, as_json, summary_table
from domino_tui.cli.sim import play_match
from domino_tui.coach import cache, checked, report
from domino_tui.coach.luck import Luck
from domino_tui.coach.report import Review, summarize
from domino_tui.coach.review import Decision, positions
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import seat_view
from domino_tui.storage import archive_match
from domino_tui.storage.meta import Seat
from domino_tui.words.review import decision_text, summary_text
from tests.cli.helpers import find_match
from tests.coach.forgeries import (
    BUDGET,
    ESCAPES,
    FORGERIES,
    STALE,
    Kept,
    forged,
    make_kept,
    replaced,
    signed,
    text_paths,
    unsafe_chars,
    write,
)


@pytest.fixture(scope="module")
def kept_once(tmp_path_factory: pytest.TempPathFactory) -> Kept:
    return make_kept(tmp_path_factory.mktemp("kept"))


@pytest.fixture
def kept(kept_once: Kept) -> Iterator[Kept]:
    """The record with its honest review beside it, whatever the test before left there."""
    path = cache.cache_path(kept_once.record)
    if path.is_dir() and not path.is_symlink():
        path.rmdir()
    elif path.exists() or path.is_symlink():
        path.unlink()
    write(kept_once, signed(kept_once.data))
    yield kept_once


def fresh(kept: Kept, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """report.analyze made instant (the honest review); the list counts its calls."""
    calls: list[int] = []

    def analyze(*_args: Any, **_kwargs: Any) -> Review:
        calls.append(1)
        return kept.review

    monkeypatch.setattr(report, "analyze", analyze)
    return calls


def worded(kept: Kept, review: Review) -> str:
    """Everything ``domino analyze`` and the app's Review would show of ``review``, in words."""
    from rich.console import Console

    loaded = kept.loaded
    summaries = summarize(review)
    names = [s.name for s in loaded.seats]
    parts = [*_mistakes(loaded, review, "en"), json.dumps(as_json(loaded, review, summaries))]
    console = Console(width=100, file=io.StringIO())
    console.print(summary_table(loaded, summaries, "en"))
    parts.append(console.file.getvalue())  # type: ignore[attr-defined]
    parts.append(summary_text(summaries, names, "en").plain)
    views = {(r, i): seat_view(then, then.turn) for r, i, then, _code in positions(kept.match)}
    for d in review.decisions:
        why = review.reasons.get((d.round, d.index), ())
        parts.append(decision_text(d, views[d.round, d.index], why, names, "en").plain)
    return "\n".join(parts)


# --- the honest file --------------------------------------------------------------------------


def test_an_honest_kept_review_reads_back_whole(kept: Kept) -> None:
    """What the review writes is what it reads: every field of a real review (decisions,
    luck, reasons of several kinds) passes the checks, so a second look stays instant."""
    assert kept.read() == (kept.review, False)
    assert kept.review.reasons and any(kept.review.reasons.values())


def test_every_kind_of_reason_the_coach_gives_is_one_the_check_knows() -> None:
    """The closed set of reason kinds is the coach's: a kind added to the explanations but
    not to the check would make every review holding it be thrown away and redone."""
    tree = ast.parse(inspect.getsource(explain))
    kinds: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in (
            "Reason",
            "_fish_reason",
        ):
            first = node.args[0] if node.args else None
            if first is not None:
                kinds |= {c.value for c in ast.walk(first) if isinstance(c, ast.Constant)}
        if isinstance(node, ast.Assign) and any(
            getattr(t, "id", "") == "kind" for t in node.targets
        ):
            kinds |= {
                c.value
                for c in ast.walk(node.value)
                if isinstance(c, ast.Constant) and isinstance(c.value, str)
            }
    assert kinds and kinds <= checked.REASON_KINDS, kinds - checked.REASON_KINDS


# --- forged files -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(FORGERIES))
def test_a_forged_or_damaged_review_is_refused(kept: Kept, name: str) -> None:
    """Each forgery carries a right digest (or is broken beyond one): it is not read as a
    review; a file that claims this review and is not one is told apart from a stale one
    (another budget, another format), which is replaced without a word."""
    write(kept, forged(kept, name))
    assert kept.read() == (None, name not in STALE)


@pytest.mark.parametrize("escape", ESCAPES)
def test_escape_codes_in_any_text_of_the_file_are_refused(kept: Kept, escape: str) -> None:
    """Every string of the file, values and field names alike, replaced by text a terminal
    obeys: never read back."""
    paths = [p for p in text_paths(kept.data) if p != ("check",)]  # signed() writes that one
    assert len(paths) > 50  # labels, reason kinds, field names, format, digest
    for path in paths:
        write(kept, signed(replaced(kept.data, path, escape)))
        assert kept.read()[0] is None, path


def _leaves(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(value, list | dict) and value:
        for key, x in value.items() if isinstance(value, dict) else enumerate(value):
            yield from _leaves(x, (*at, key))
    elif at:
        yield at


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.sampled_from([0, 1, 2, 3, 6, 7, 12, 13, 99, 999, -1, -2, 10_000, 2**40 + 5])
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(ESCAPES),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data(), values=st.lists(json_values, min_size=1, max_size=3))
def test_any_field_replaced_by_anything_never_reaches_the_player_unchecked(
    kept: Kept, data: st.DataObject, values: list[Any]
) -> None:
    """Any one to three fields of the file replaced by any JSON value (and re-signed): the
    read never raises, and what it lets through is worded like a fresh review, without an
    index out of range and without a character a terminal would obey."""
    leaves = list(_leaves(kept.data))
    body = kept.data
    for value in values:
        path = data.draw(st.sampled_from(leaves))
        body = replaced(body, path, value)
    write(kept, signed(body))
    review, _refused = kept.read()
    if review is not None:
        assert not unsafe_chars(worded(kept, review))


def test_the_honest_review_words_cleanly(kept: Kept) -> None:
    """The property's yardstick: the honest review itself is worded without a fault."""
    words = worded(kept, kept.review)
    assert "Маша" in words and not unsafe_chars(words)


# --- files that are not files -----------------------------------------------------------------


def test_a_fifo_at_the_review_name_is_not_read_nor_replaced(
    kept: Kept, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading a fifo would wait for a writer; replacing it would destroy what someone put
    there. The review is made afresh and the fifo left as it was."""
    path = cache.cache_path(kept.record)
    path.unlink()
    os.mkfifo(path)
    calls = fresh(kept, monkeypatch)
    told: list[int] = []
    got = cache.reviewed(
        kept.record, kept.digest, kept.match, (0,), budget=BUDGET, invalid=lambda: told.append(1)
    )
    assert got == kept.review and calls == [1] and told == [1]
    assert stat.S_ISFIFO(os.lstat(path).st_mode)


def test_a_folder_or_a_symlink_at_the_review_name_is_left_alone(
    kept: Kept, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A symlink is not followed to write: it could point at any file the player owns."""
    path = cache.cache_path(kept.record)
    path.unlink()
    path.mkdir()
    fresh(kept, monkeypatch)
    assert cache.reviewed(kept.record, kept.digest, kept.match, (0,), budget=BUDGET)
    assert path.is_dir()
    path.rmdir()
    elsewhere = tmp_path / "notes.txt"
    elsewhere.write_text("mine", "utf-8")
    path.symlink_to(elsewhere)
    assert cache.reviewed(kept.record, kept.digest, kept.match, (0,), budget=BUDGET)
    assert path.is_symlink() and elsewhere.read_text("utf-8") == "mine"


def test_reviewed_tells_a_refused_file_from_a_missing_or_stale_one(
    kept: Kept, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = fresh(kept, monkeypatch)
    told: list[int] = []

    def review() -> Review:
        return cache.reviewed(
            kept.record,
            kept.digest,
            kept.match,
            (0,),
            budget=BUDGET,
            invalid=lambda: told.append(1),
        )

    assert review() == kept.review and calls == [] and told == []  # the honest one: no redo
    write(kept, forged(kept, "a decision by seat 99"))
    assert review() == kept.review and calls == [1] and told == [1]
    assert kept.read() == (kept.review, False)  # the redone review replaced the forgery
    write(kept, forged(kept, "another budget's review"))
    assert review() == kept.review and calls == [1, 1] and told == [1]
    cache.cache_path(kept.record).unlink()
    assert review() == kept.review and calls == [1, 1, 1] and told == [1]


# --- the mode of a new file -------------------------------------------------------------------


def test_a_new_review_file_is_private_like_a_record(
    kept: Kept, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Records are written 0o600 (a temporary file renamed into place); the review beside
    one says as much about the player's games, so it is written the same way, whatever the
    umask lets through."""
    old = os.umask(0o022)
    try:
        record = archive_match(
            find_match({"players": 2}, lambda m: True, seeds=range(1)), (Seat("A"), Seat("B"))
        )
        cache.cache_path(kept.record).unlink()
        fresh(kept, monkeypatch)
        cache.reviewed(kept.record, kept.digest, kept.match, (0,), budget=BUDGET)
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(record).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(cache.cache_path(kept.record)).st_mode) == 0o600


def test_the_check_reads_every_field_the_review_writes() -> None:
    """The check reads decisions, luck and reasons field by field in the order the review
    writes them (the dataclasses' order): a field added to one of them but not to the file
    or to the check fails here, not as every kept review refused and redone."""
    assert tuple(f.name for f in fields(explain.Reason)) == checked.REASON_FIELDS
    d = Decision(1, 2, 0, 3, 4, 5.0, 6.0, "mistake", True)
    luck = Luck(*range(1, len(fields(Luck)) + 1))
    body = cache.to_dict(Review((0,), (d,), (luck,), {}), "digest", 0, 50)
    assert body["decisions"] == [[getattr(d, f.name) for f in fields(Decision)]]
    assert body["luck"] == [[getattr(luck, f.name) for f in fields(Luck)]]


@pytest.mark.parametrize("preset", ["telefon", "morskoy"])
def test_a_real_review_of_another_game_reads_back_whole(tmp_path: Path, preset: str) -> None:
    """The cross (G4: four ends, several doubles at once) and Морской (a fish's value): what
    the review writes for them passes the checks, so their second look is instant too."""
    rules = make_rules({"target": 13}, preset)
    match = play_match(rules, 3, ["greedy"] * rules.players)
    review = report.analyze(match, (0,), budget=50)
    assert review.reasons
    record = tmp_path / "game.json"
    cache.save(record, review, "digest", 0, 50)
    assert cache.read(record, "digest", match, (0,), 0, 50) == (review, False)
