"""Dropped connections are normal (issue 25 part 4): a rejoin restores the seat exactly,
mid-turn included; past the grace a stand-in bot plays it, marked on every table and out of the
rating; a host whose process died comes back with ``--resume`` and the joiners' tokens."""

from __future__ import annotations

import json
from pathlib import Path

from domino_tui.engine.rules import make_rules
from domino_tui.net import hosted
from domino_tui.net.client import connect
from domino_tui.play.events import Moved
from domino_tui.play.saving import Saves

from .tables import WAIT, Scripted, host, until

THREE = make_rules({"players": 3, "match_end": "rounds:2"})


def test_a_rejoin_mid_turn_restores_the_same_seat_and_view(tmp_path: Path) -> None:
    tokens: dict[str, str] = {}
    with host(tmp_path, rules=THREE, seed=11) as handle:
        Scripted(handle.host_feed())
        masha = connect(handle.invitation, "Masha", token_store=tokens)
        handle.start_match()

        def her_turn() -> bool:
            view = masha.snapshot().view
            return view is not None and view.turn == masha.seat

        until(her_turn)
        before = masha.snapshot()
        masha.close()
        until(lambda: handle.chairs[1].kind == "away")
        assert 0 < handle.chairs[1].away <= 60  # every table shows "Masha is away · 0:59"
        again = connect(handle.invitation, "Someone else", token_store=tokens)
        try:
            assert again.seat == before.seat == 1
            after = again.snapshot()
            assert after.view == before.view  # the same hand, the same legal moves, mid-turn
            assert after.version == before.version
            assert handle.chairs[1].kind == "human" and handle.chairs[1].name == "Masha"
            rest = Scripted(again)
            rest.turn()
            assert rest.ended.wait(WAIT)
        finally:
            again.close()


def test_past_the_grace_a_stand_in_plays_and_the_match_leaves_the_rating(tmp_path: Path) -> None:
    with host(tmp_path, rules=THREE, seed=12, grace=0.4) as handle:
        me = Scripted(handle.host_feed())
        masha = connect(handle.invitation, "Masha", token_store={})
        handle.start_match()
        masha.close()
        until(lambda: handle.chairs[1].kind == "stand-in")
        assert me.ended.wait(WAIT)  # the stand-in plays her seat to the end
        table = handle.table()
        assert table is not None
        marks = [m for m in table.match.stand_ins if m["kind"] == "away"]
        assert marks and marks[0]["seat"] == 1
        record = json.loads(next((tmp_path / "records").glob("*.json")).read_text())
        assert any(m["kind"] == "away" for m in record["stand_ins"])
        assert any(
            c.kind == "stand-in" for e in me.events if hasattr(e, "chairs") for c in e.chairs
        )  # marked on the host's table too


def test_the_host_hands_a_seat_to_a_bot_and_takes_it_back(tmp_path: Path) -> None:
    with host(tmp_path, rules=THREE, seed=13) as handle:
        Scripted(handle.host_feed())
        masha = connect(handle.invitation, "Masha", token_store={})
        mine = Scripted(masha, plays=False)
        try:
            handle.start_match()
            assert handle.hand_to_bot(1)
            until(lambda: any(isinstance(e, Moved) and e.seat == 1 for e in mine.events))
            assert handle.take_back(1)
            assert handle.chairs[1].kind == "human"
        finally:
            masha.close()


def test_a_host_killed_mid_match_comes_back_with_resume(tmp_path: Path) -> None:
    tokens: dict[str, str] = {}
    handle = host(tmp_path, rules=THREE, seed=14)
    Scripted(handle.host_feed())
    masha = connect(handle.invitation, "Masha", token_store=tokens)
    her = Scripted(masha)
    handle.start_match()
    until(lambda: sum(isinstance(e, Moved) for e in her.events) >= 6)
    table = handle.table()
    assert table is not None
    game_id, code = table.game.game_id, handle.code
    handle.stop()  # the host's process dies: what is on disk is all that is left
    masha.close()
    back = hosted.resume_host_thread(game_id, Saves.at(tmp_path), port=0)
    try:
        assert back.code == code and back.started
        resumed = back.table()
        assert resumed is not None and resumed.game.networked
        assert back.chairs[1].kind == "away"  # until her token brings her back
        moves = [c for r in resumed.match.actions for c in r]
        me = Scripted(back.host_feed())
        again = connect(
            back.invitation,
            "Masha",
            token_store={f"{back.invitation.address} {code}": tokens[next(iter(tokens))]},
        )
        try:
            assert again.seat == 1 and back.chairs[1].kind == "human"
            snap = again.snapshot()
            assert snap.view is not None and snap.view == resumed.view(1)
            assert moves and len(moves) >= 6
            Scripted(again).turn()
            me.turn()
            assert me.ended.wait(WAIT)
        finally:
            again.close()
    finally:
        back.stop()


def test_a_spectator_sees_the_public_table_and_no_hand(tmp_path: Path) -> None:
    with host(tmp_path, rules=THREE, seed=15) as handle:
        me = Scripted(handle.host_feed())
        masha = connect(handle.invitation, "Masha", token_store={})
        Scripted(masha)
        eye = connect(handle.invitation, "Eye", watch=True, token_store={}, keep_frames=True)
        try:
            assert eye.seat == -1
            assert eye.rules == THREE  # the table's own rules, not the house game's
            assert masha.rules == THREE
            seen = Scripted(eye, plays=False)
            handle.start_match()
            assert me.ended.wait(WAIT)
            until(seen.ended.is_set)
            assert eye.frames and all('"hand"' not in f for f in eye.frames)
            assert eye.snapshot().view is None
            draws = [
                s for e in seen.events if isinstance(e, Moved) for s in e.steps if s.code == -1
            ]
            assert all(s.tile == -1 for s in draws)  # no drawn tile named
            assert sum(isinstance(e, Moved) for e in seen.events) > 10
        finally:
            masha.close()
            eye.close()
