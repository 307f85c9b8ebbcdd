"""A record is checked value by value: whatever a file holds (wrong types anywhere, seats out of
range, huge numbers, deep nesting), loading and replaying it raise RecordError and nothing
else. Records written before summaries existed still load and replay (today's format kept in
``data/``)."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domino_tui.engine.match import Match
from domino_tui.engine.record import RecordError, dumps, loads, make_record, replay
from domino_tui.engine.rules import make_rules

from .test_records import resign

DATA = Path(__file__).parent / "data"


def _played(seed: int, players: int = 3) -> Match:
    match = Match(make_rules({"players": players}), seed)
    rng = random.Random(seed)
    while not match.over:
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    return match


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    return make_record(
        _played(5),
        [{"name": "Маша"}, {"name": "Bot", "kind": "bot", "level": "easy"}, {"name": "Олег"}],
        "kozel",
        game_id="g-1",
        finished="2026-11-30T08:15:00+00:00",
    )


def _load_and_replay(rec: dict[str, Any]) -> Match:
    return replay(loads(dumps(rec)))


def test_records_of_todays_format_without_a_summary_still_load_and_replay() -> None:
    for name in ("record_v1_before_summary.json", "record_v1_abandoned_before_summary.json"):
        data = loads((DATA / name).read_text(encoding="utf-8"))
        assert "summary" not in data
        match = replay(data)
        assert match.over
    abandoned = replay(loads((DATA / "record_v1_abandoned_before_summary.json").read_text()))
    assert abandoned.outcome is not None and abandoned.outcome.abandoned_by == 1  # K10.1


def test_the_summary_comes_first_and_says_who_played_and_how_it_ended(
    game: dict[str, Any],
) -> None:
    text = dumps(game)
    assert list(json.loads(text))[:3] == ["format", "version", "summary"]
    summary = game["summary"]
    assert summary["players"] == ["Маша", "Bot", "Олег"]
    assert summary["game_id"] == "g-1" and summary["finished"].startswith("2026-11-30")
    assert summary["rounds"] == len(game["rounds"])
    assert summary["goats"] == game["result"]["goats"]
    _load_and_replay(game)


def test_a_summary_that_lies_about_the_moves_is_refused(game: dict[str, Any]) -> None:
    rec = copy.deepcopy(game)
    rec["summary"]["goats"] = [] if rec["summary"]["goats"] else [0]
    with pytest.raises(RecordError, match="summary does not match its moves"):
        _load_and_replay(resign(rec))


def _set(rec: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(rec)
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return resign(out)


@pytest.mark.parametrize(
    ("path", "value", "words"),
    [
        (("seed",), True, "'seed' is missing or malformed"),
        (("seed",), 2**64, "seed does not fit 64 bits"),
        (("seed",), -(2**63) - 1, "seed does not fit 64 bits"),
        (("seed",), 1.5, "'seed' is missing or malformed"),
        (("rules", "players"), [3], "'rules' is missing or malformed"),
        (("rules", "players"), {"a": 1}, "'rules' is missing or malformed"),
        (("rules", "players"), "many", "rules are invalid"),
        (("rules", "players"), 10**300, "rules are invalid"),
        (("rules", "target"), 1e308, "rules are invalid"),
        (("rules", "set_top"), 10**9, "rules are invalid"),
        (("rules", "hand_size"), 10**9, "rules are invalid"),
        (("rules", "no_such_rule"), 1, "rules are invalid"),
        (("rounds", 0, 0), 42, "round 1 of the record is malformed"),
        (("rounds", 0, 0), None, "round 1 of the record is malformed"),
        (("rounds", 0, 0), ["1-1"], "round 1 of the record is malformed"),
        (("rounds", 0, 0), "", "unreadable action"),
        (("rounds", 0, 0), "\x1b]0;pwned\x07", "unreadable action"),
        (("rounds", 0, 0), "draw:" + "9" * 5000, "step 1"),
        (("abandoned_by",), 7, "abandoned_by"),
        (("abandoned_by",), -5, "abandoned_by"),
        (("abandoned_by",), True, "'abandoned_by' is missing or malformed"),
        (("abandoned_by",), "Masha", "'abandoned_by' is missing or malformed"),
        (("result",), [1, 2], "'result' is missing or malformed"),
        (("result",), {"goats": "all"}, "'result' is missing or malformed"),
        (("result",), {"goats": [1.5]}, "'result' is missing or malformed"),
        (("result",), {"goats": [0]}, "result does not match"),
        (("seats",), "everyone", "'seats' is missing or malformed"),
        (("seats",), [1, 2, 3], "'seats' is missing or malformed"),
        (("preset",), 3, "'preset' is missing or malformed"),
        (("summary",), [], "'summary' is missing or malformed"),
        (("summary", "rounds"), "2", "'summary' is missing or malformed"),
        (("summary", "players"), [None], "'summary' is missing or malformed"),
        (("version",), 0, "no domino-tui wrote"),
        (("version",), 10**100, "newer than this program reads"),
        (("version",), True, "no version number"),
    ],
)
def test_a_value_of_the_wrong_type_or_range_is_one_record_error(
    game: dict[str, Any], path: tuple[Any, ...], value: Any, words: str
) -> None:
    with pytest.raises(RecordError, match=words) as caught:
        _load_and_replay(_set(game, path, value))
    assert "\x1b" not in str(caught.value) and "\n" not in str(caught.value)


def test_an_abandon_on_a_finished_match_that_did_not_happen_is_refused(
    game: dict[str, Any],
) -> None:
    with pytest.raises(RecordError, match="abandoned_by does not match"):
        _load_and_replay(_set(game, ("abandoned_by",), 1))


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"format": "domino-tui/record", "version": 1, "seed": ' + "9" * 5000 + "}",
        '{"a": "\\ud800"}',
        "\x00",
        "",
    ],
)
def test_hostile_json_is_one_record_error(text: str) -> None:
    with pytest.raises(RecordError):
        loads(text)


def test_a_lone_surrogate_in_a_name_gives_a_checksum_error_not_a_crash(
    game: dict[str, Any],
) -> None:
    text = dumps(game).replace("Олег", "\\ud800")
    with pytest.raises(RecordError, match="checksum"):
        loads(text)


def test_a_hand_built_dict_cannot_crash_replay(game: dict[str, Any]) -> None:
    for bad in ({}, {"rules": {}, "seed": 1, "rounds": [[1]]}, {**game, "rounds": None}):
        with pytest.raises(RecordError):
            replay(bad)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(doc, dict):
        for key, value in doc.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            out += _paths(value, (*prefix, i))
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), value=json_values)
def test_a_mutated_record_raises_only_record_error(
    game: dict[str, Any], data: st.DataObject, value: Any
) -> None:
    """Any one value of a real record replaced by any JSON value, the checksum forged so the
    checks behind it are reached: loading and replaying raise RecordError or succeed."""
    path = data.draw(st.sampled_from(_paths(game)))
    with contextlib.suppress(RecordError):
        _load_and_replay(_set(game, path, value))


@settings(max_examples=150, deadline=None)
@given(doc=json_values)
def test_a_random_document_raises_only_record_error(doc: Any) -> None:
    for candidate in (doc, {"format": "domino-tui/record", "version": 1, "x": doc}):
        with contextlib.suppress(RecordError):
            replay(loads(json.dumps(candidate)))
