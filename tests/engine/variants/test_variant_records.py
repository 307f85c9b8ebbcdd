"""Records of every variant (docs/variants G4, G10; engine/record.py version 3): a record of
every preset replays to the same match, old records still load and keep their digests, and a
hand-edited variant record is refused at the step it breaks."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest

from domino_tui.engine import record as record_module
from domino_tui.engine.actions import format_action, placements
from domino_tui.engine.match import Match
from domino_tui.engine.record import (
    VERSION,
    RecordError,
    dumps,
    loads,
    make_record,
    replay,
)
from domino_tui.engine.rules import make_rules
from domino_tui.engine.variants import PRESET_NAMES

from ..scripted import TS

DATA = Path(__file__).parent / "data"


def played(preset: str, seed: int, upto: int | None = None) -> Match:
    m = Match(make_rules({}, preset=preset), seed)
    rng = random.Random(seed)
    steps = 0
    while not m.over and (upto is None or steps < upto):
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
        steps += 1
    return m


def resign(rec: dict[str, Any]) -> dict[str, Any]:
    body = {k: v for k, v in rec.items() if k != "digest"}
    rec["digest"] = record_module._digest(body)
    return rec


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_G10_a_record_of_every_preset_replays_to_the_same_match(preset: str) -> None:
    """G10: the record (rules, seed, every move with its end and closed flag) replays to an
    equal match snapshot, finished or in the middle of a round."""
    for seed in (3, 4):
        m = played(preset, seed)
        assert m.over
        rec = loads(dumps(make_record(m, preset=preset)))
        again = replay(rec)
        assert again.snapshot() == m.snapshot()
        assert again.results == m.results and again.outcome == m.outcome
        half = played(preset, seed, upto=37)
        again = replay(loads(dumps(make_record(half, preset=preset))))
        assert again.snapshot() == half.snapshot()


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_variant_record_is_version_3_a_kozel_record_stays_version_2(preset: str) -> None:
    """record.py: version 3 is written for the variants' records only; a Козёл or classic
    record is unchanged, so it keeps version 2."""
    rec = make_record(played(preset, 5, upto=10), preset=preset)
    variant = make_rules({}, preset=preset).variant
    assert rec["version"] == (2 if variant in ("kozel", "classic") else VERSION)
    assert VERSION == 3


def test_G4_a_record_writes_a_several_doubles_move_once() -> None:
    """G4: each move appears once in the round's notation, a several-doubles move with every
    double's end and closed flag; the notation reads back to the moves played."""
    found = False
    for seed in range(40):
        m = played("osel", seed)
        rec = make_record(m, preset="osel")
        for number, moves in enumerate(rec["rounds"], start=1):
            assert len(moves) == len(m.actions[number - 1])
            for i, (text, code) in enumerate(zip(moves, m.actions[number - 1], strict=True)):
                if not text.startswith("draw"):
                    assert text == format_action(code, lead=i == 0, ts=TS)
                found = found or len(placements(code)) > 2 or ("+" in text and "*" in text)
        if found:
            break
    assert found, "no several-doubles move with a closed double in 40 seeded matches"


def test_a_version_2_record_still_loads_and_replays() -> None:
    """A Козёл record written before version 3 (a pairs game with double pairs, K3.4) loads,
    replays, and is written again exactly as it was: its digest stays valid."""
    text = (DATA / "record_v2_kozel_pairs.json").read_text(encoding="utf-8")
    rec = loads(text)
    assert rec["version"] == 2
    assert any("+" in move for moves in rec["rounds"] for move in moves)
    m = replay(rec)
    assert m.over
    again = make_record(
        m,
        seats=rec["seats"],
        preset=rec["preset"],
        game_id=rec["summary"]["game_id"],
        finished=rec["summary"]["finished"],
    )
    assert dumps(again) + "\n" == text


def test_an_old_version_naming_a_variant_is_refused() -> None:
    """Versions 1 and 2 know no variant: such a record was altered, and is refused."""
    rec = make_record(played("osel", 6, upto=20), preset="osel")
    rec["version"] = 2
    rec["summary"]["preset"] = rec["preset"]
    with pytest.raises(RecordError, match="knows no variant"):
        replay(loads(dumps(resign(rec))))


def _first_line_play(rec: dict[str, Any]) -> tuple[int, int, str]:
    """(round, index, move) of the first play onto the left or right end made while the round
    had no up end, in an osel record."""
    m = Match(make_rules({}, preset="osel"), rec["seed"])
    for number, moves in enumerate(rec["rounds"], start=1):
        for index, move in enumerate(moves):
            if index > 0 and move[-1] in "LR" and m.round.up < 0:
                return number, index, move
            m.apply(record_module.parse_action(move, TS))
    raise AssertionError("no such move")


def test_a_hand_edited_variant_record_names_the_step() -> None:
    """G4, G10: a record edited to play ``4-5U`` style onto an up end that does not exist is
    refused, naming the step and the reason."""
    m = played("osel", 7)
    rec = make_record(m, preset="osel")
    number, index, move = _first_line_play(rec)
    bad = copy.deepcopy(rec)
    edited = move[:-1] + "U"
    bad["rounds"][number - 1][index] = edited
    step = sum(len(r) for r in rec["rounds"][: number - 1]) + index + 1
    with pytest.raises(RecordError) as err:
        replay(loads(dumps(resign(bad))))
    text = str(err.value)
    assert f"illegal action {edited} at step {step} (round {number})" in text
    assert "no open up end" in text


def test_an_edited_closed_flag_is_refused() -> None:
    """G6, V2.5.2: a record that turns over a double the rules lay open (before the spinner) is
    refused at that step."""
    for seed in range(60):
        rec = make_record(played("osel", seed), preset="osel")
        m = Match(make_rules({}, preset="osel"), rec["seed"])
        step = 0
        for number, moves in enumerate(rec["rounds"], start=1):
            for index, move in enumerate(moves):
                step += 1
                code = record_module.parse_action(move, TS)
                parts = placements(code)
                single_double = len(parts) == 1 and TS.is_double[parts[0].tile]
                if index > 0 and single_double and m.round.spinner < 0:
                    bad = copy.deepcopy(rec)
                    bad["rounds"][number - 1][index] = move + "*"
                    with pytest.raises(RecordError) as err:
                        replay(loads(dumps(resign(bad))))
                    assert f"at step {step} (round {number})" in str(err.value)
                    assert "closed only where the rules allow" in str(err.value)
                    return
                m.apply(code)
    raise AssertionError("no double laid before the spinner in 60 seeded matches")
