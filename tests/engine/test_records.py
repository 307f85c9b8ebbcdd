"""Game records: a record replays to the same game, and a bad one raises RecordError with a
message a player can act on (never a traceback)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from domino_tui.engine import record as record_module
from domino_tui.engine.match import Match
from domino_tui.engine.record import RecordError, dumps, loads, make_record, replay
from domino_tui.engine.rules import make_rules

from .scripted import TS, snapshot


def played(seed: int = 5, players: int = 3, upto: int | None = None) -> Match:
    """A seeded match played by random legal moves (to the end, or for ``upto`` actions)."""
    m = Match(make_rules({"players": players}), seed)
    rng = random.Random(seed)
    steps = 0
    while not m.over and (upto is None or steps < upto):
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
        steps += 1
    return m


def resign(rec: dict[str, Any]) -> dict[str, Any]:
    """Forge a record's checksum after editing it, to reach the checks behind the checksum."""
    body = {k: v for k, v in rec.items() if k != "digest"}
    rec["digest"] = record_module._digest(body)
    return rec


def edited(rec: dict[str, Any], round_no: int, index: int, text: str) -> dict[str, Any]:
    out = copy.deepcopy(rec)
    out["rounds"][round_no - 1][index] = text
    return resign(out)


def step_of(rec: dict[str, Any], round_no: int, index: int) -> int:
    """The 1-based step number of an action, counting from the first action of the game."""
    return sum(len(r) for r in rec["rounds"][: round_no - 1]) + index + 1


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    m = played()
    assert m.over
    return make_record(m, seats=[{"name": "Маша"}, {"name": "bot:greedy"}, {"name": "Олег"}])


def test_a_record_replays_to_the_same_game(game: dict[str, Any]) -> None:
    m = played()
    again = replay(loads(dumps(game)))
    assert again.actions == m.actions
    assert again.results == m.results
    assert again.standings == m.standings
    assert again.outcome == m.outcome
    assert again.histories == m.histories


def test_a_record_keeps_names_rules_seed_and_the_drawn_tiles(game: dict[str, Any]) -> None:
    text = dumps(game)
    assert "Маша" in text  # not escaped: a record is readable
    data = loads(text)
    assert data["seats"][0]["name"] == "Маша"
    assert make_rules(data["rules"]) == make_rules({"players": 3})
    draws = [a for r in data["rounds"] for a in r if a.startswith("draw")]
    assert draws and all(TS.parse(a.split(":")[1]) >= 0 for a in draws)


def test_an_unfinished_game_replays_to_the_same_position() -> None:
    m = played(seed=8, upto=40)
    assert not m.over
    again = replay(loads(dumps(make_record(m))))
    assert snapshot(again.round) == snapshot(m.round)
    assert again.standings == m.standings and again.outcome is None


def test_replay_up_to_a_step() -> None:
    m = played(seed=8, upto=40)
    rec = make_record(m)
    early = replay(rec, upto=10)
    assert sum(len(a) for a in early.actions) == 10
    assert early.actions[0] == m.actions[0][:10]


def test_an_abandoned_game_replays_to_the_abandon_outcome() -> None:
    m = played(seed=8, upto=60)
    outcome = m.abandon(1)
    again = replay(loads(dumps(make_record(m))))
    assert again.outcome == outcome


# --- damaged records -------------------------------------------------------------------------
def test_corrupt_json(game: dict[str, Any]) -> None:
    with pytest.raises(RecordError, match="not valid JSON"):
        loads("{this is not json")


def test_truncated_text(game: dict[str, Any]) -> None:
    text = dumps(game)
    for cut in (1, len(text) // 3, len(text) - 2):
        with pytest.raises(RecordError, match="truncated or damaged"):
            loads(text[:cut])


@pytest.mark.parametrize("text", ["[1, 2]", '"a string"', '{"format": "something-else"}', "{}"])
def test_not_a_record(text: str) -> None:
    with pytest.raises(RecordError, match="not a domino-tui game record"):
        loads(text)


def test_tampered_contents_break_the_checksum(game: dict[str, Any]) -> None:
    rec = copy.deepcopy(game)
    rec["result"]["written"][0] -= 10
    with pytest.raises(RecordError, match="checksum does not match"):
        loads(dumps(rec))
    rec = copy.deepcopy(game)
    rec["rounds"][0][0] = "2-2"
    with pytest.raises(RecordError, match="altered"):
        loads(dumps(rec))


def test_a_future_version_asks_for_an_update(game: dict[str, Any]) -> None:
    rec = resign({**copy.deepcopy(game), "version": 99})
    with pytest.raises(RecordError, match="version 99, newer than this program reads") as err:
        loads(dumps(rec))
    assert "update domino-tui" in str(err.value)


def test_a_missing_version(game: dict[str, Any]) -> None:
    rec = copy.deepcopy(game)
    del rec["version"]
    with pytest.raises(RecordError, match="no version"):
        loads(dumps(resign(rec)))


@pytest.mark.parametrize(("key", "value"), [("rules", None), ("seed", "x"), ("rounds", {})])
def test_missing_or_malformed_parts(game: dict[str, Any], key: str, value: Any) -> None:
    rec = resign({**copy.deepcopy(game), key: value})
    with pytest.raises(RecordError, match=f"'{key}' is missing or malformed"):
        loads(dumps(rec))


def test_invalid_rules_in_a_record(game: dict[str, Any]) -> None:
    rec = copy.deepcopy(game)
    rec["rules"]["players"] = 5
    with pytest.raises(
        RecordError, match="rules are invalid: option players must be a whole number from 2 to 4"
    ):
        replay(loads(dumps(resign(rec))))


def test_an_illegal_action_names_the_step(game: dict[str, Any]) -> None:
    """Replace the sixth action of round 2 with the tile that led round 2: it is on the table,
    so nobody can play it."""
    m = played()
    round_no, index = 2, 5
    text = f"{TS.name(m.histories[1][0].tile)}L"
    rec = edited(game, round_no, index, text)
    with pytest.raises(RecordError) as err:
        replay(loads(dumps(rec)))
    message = str(err.value)
    assert message.startswith(f"illegal action {text} at step {step_of(game, round_no, index)}")
    assert "(round 2)" in message and "not in your hand" in message


def test_an_unreadable_action_names_the_step(game: dict[str, Any]) -> None:
    rec = edited(game, 1, 3, "3-9R")
    with pytest.raises(RecordError, match=r"unreadable action '3-9R' at step 4 \(round 1\)"):
        replay(loads(dumps(rec)))


def test_a_wrong_drawn_tile(game: dict[str, Any]) -> None:
    round_no, index = next(
        (r + 1, i)
        for r, moves in enumerate(game["rounds"])
        for i, a in enumerate(moves)
        if a.startswith("draw:")
    )
    real = game["rounds"][round_no - 1][index].split(":")[1]
    fake = "0-0" if real != "0-0" else "1-1"
    rec = edited(game, round_no, index, f"draw:{fake}")
    with pytest.raises(RecordError) as err:
        replay(loads(dumps(rec)))
    message = str(err.value)
    assert f"at step {step_of(game, round_no, index)}" in message
    assert f"draws {fake} but the boneyard gives {real}" in message


def test_a_drawn_tile_that_does_not_exist(game: dict[str, Any]) -> None:
    round_no, index = next(
        (r + 1, i)
        for r, moves in enumerate(game["rounds"])
        for i, a in enumerate(moves)
        if a.startswith("draw:")
    )
    rec = edited(game, round_no, index, "draw:9-9")
    with pytest.raises(RecordError, match=f"step {step_of(game, round_no, index)}"):
        replay(loads(dumps(rec)))


def test_a_round_cut_short(game: dict[str, Any]) -> None:
    rec = copy.deepcopy(game)
    rec["rounds"][0] = rec["rounds"][0][:-1]
    with pytest.raises(RecordError, match="round 2 starts before round 1 has ended"):
        replay(loads(dumps(resign(rec))))


def test_moves_after_the_end(game: dict[str, Any]) -> None:
    rec = copy.deepcopy(game)
    rec["rounds"][-1].append("knock")
    with pytest.raises(RecordError, match="comes after the match ended"):
        replay(loads(dumps(resign(rec))))


def test_a_result_that_does_not_match_the_moves(game: dict[str, Any]) -> None:
    rec = copy.deepcopy(game)
    rec["result"]["goats"] = [2]
    with pytest.raises(RecordError, match="result does not match its moves"):
        replay(loads(dumps(resign(rec))))


def test_a_malformed_round(game: dict[str, Any]) -> None:
    rec = resign({**copy.deepcopy(game), "rounds": ["1-1 1-2R"]})
    with pytest.raises(RecordError, match="round 1 of the record is malformed"):
        replay(loads(dumps(rec)))


def test_record_text_is_json_with_a_format_tag(game: dict[str, Any]) -> None:
    data = json.loads(dumps(game))
    assert data["format"] == "domino-tui/record" and data["version"] == 2
