"""The leak test (issue 25 part 3): over many seeded matches, what each remote seat receives —
the bytes and every value decoded from them — never names a tile of another hand or the
boneyard's order before the round's reveal, checked against the real deals on the host."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domino_tui.engine.actions import DRAW
from domino_tui.engine.rules import make_rules
from domino_tui.net.client import RemoteFeed, connect
from domino_tui.net.protocol import Events, Record, Resync, Welcome, parse_server
from domino_tui.play.events import Moved
from domino_tui.play.feed import Snapshot

from .tables import WAIT, Scripted, host, stalled

CASES = [  # (players, seed): two and three players draw from the boneyard (K3.5)
    (2, 1),
    (2, 2),
    (2, 3),
    (3, 4),
    (3, 5),
    (4, 6),
]


def _snapshots(frame: str) -> tuple[Snapshot | None, tuple[object, ...]]:
    message = parse_server(frame)
    if isinstance(message, Record):
        return None, ()  # the finished match's record: only once it is over (checked below)
    if isinstance(message, Events):
        return message.snapshot, message.events
    assert isinstance(message, Welcome | Resync)
    return message.snapshot, ()


def _check(feed: RemoteFeed, deals: list[tuple[tuple[int, ...], tuple[int, ...]]]) -> int:
    """Every frame ``feed`` got: its own hand only, others' draws unnamed, only finished
    rounds revealed, and no other hand's dealt mask or the boneyard's order in the bytes."""
    me = feed.seat
    assert feed.frames
    checked = 0
    over = False
    for frame in feed.frames:
        snap, events = _snapshots(frame)
        if snap is None:
            assert over, "the record (the seed, every deal) came before the match's end"
            continue
        public = snap.public
        over = public.over
        if not snap.started:
            assert snap.view is None
            continue
        number = public.number
        hands, boneyard = deals[number - 1]
        view = snap.view
        assert view is not None and view.seat == me
        for r in public.results:  # a round's hands are shown once it is over (K4.5)
            assert r.number < number or public.over
        steps = list(public.events) + list(view.events)
        steps += [s for e in events if isinstance(e, Moved) for s in e.steps]
        for step in steps:
            if step.code == DRAW and step.seat != me:
                assert step.tile == -1, "another seat's drawn tile was named"
        if not public.over:
            tokens = set(json.loads(frame, parse_int=str, parse_float=str).__repr__().split("'"))
            for seat, mask in enumerate(hands):
                if seat != me and mask > 100_000:
                    assert str(mask) not in tokens, "another hand's mask is on the wire"
            if len(boneyard) > 2:
                order = json.dumps(list(boneyard), separators=(",", ":"))
                assert order[1:-1] not in frame, "the boneyard's order is on the wire"
        checked += 1
    return checked


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_no_seat_receives_another_hand_before_the_reveal(
    tmp_path: Path, players: int, seed: int
) -> None:
    rules = make_rules({"players": players, "match_end": "rounds:2"})
    with host(tmp_path, rules=rules, seed=seed) as handle:
        me = Scripted(handle.host_feed())
        remote = [
            connect(handle.invitation, f"P{i}", token_store={}, keep_frames=True)
            for i in range(1, players)
        ]
        try:
            players_ = [me, *(Scripted(f, lambda legal: legal[-1]) for f in remote)]
            handle.start_match()
            for p in players_:
                assert p.ended.wait(WAIT), stalled(players_)
            table = handle.table()
            assert table is not None
            deals = [(d.hands, d.boneyard) for d in table.match.deals]
            for feed in remote:
                assert _check(feed, deals) > 10
        finally:
            for feed in remote:
                feed.close()
