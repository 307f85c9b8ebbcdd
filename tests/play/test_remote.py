"""The mirror of a remote table (issue 25): a whole match followed only through a seat's feed
(and a spectator's) agrees with the host's match at every event on everything that seat may
know — its own hand (K3.6), every count, the line, the scores, its legal moves — and the
finished round's last position is the host's, while the other hands are stand-ins built from
the public table alone."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from domino_tui.engine.round import RoundState
from domino_tui.engine.rules import make_rules
from domino_tui.play.feed import SPECTATOR, Chair, ChairsChanged, LocalFeed
from domino_tui.play.remote import Arrived, RemoteTable, arrived, chair_label
from domino_tui.play.session import GameSession, Seat
from domino_tui.play.table import TableSession

SEATS = (Seat("Маша"), Seat("b1", "bot", "easy"), Seat("b2", "bot", "random"), Seat("b3", "bot"))


def follow(table: TableSession, seat: int) -> RemoteTable:
    feed = LocalFeed(table, seat)
    remote = RemoteTable(feed, rules=table.game.rules)
    feed.watch(lambda event: remote.receive(arrived(feed, event)))
    return remote


def agrees(remote: RemoteTable, table: TableSession, seat: int) -> None:
    real, mirror = table.match, remote.game.match
    rnd = mirror.round
    assert rnd.tile_counts() == real.round.tile_counts()
    assert rnd.placed == real.round.placed and len(rnd.boneyard) == len(real.round.boneyard)
    assert (mirror.number, mirror.standings, mirror.carry) == (
        real.number,
        real.standings,
        real.carry,
    )
    assert mirror.over == real.over
    if seat != SPECTATOR:
        assert rnd.hands[seat] == real.round.hands[seat]  # its own hand, exactly
        mine = not real.over and real.turn == seat
        assert mirror.legal_actions() == (real.legal_actions() if mine else [])
    else:
        assert mirror.legal_actions() == []


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000))
def test_a_whole_match_through_a_feed_mirrors_the_host(seed: int) -> None:
    table = TableSession(GameSession(make_rules({}), SEATS, seed))
    me, spectator = follow(table, 0), follow(table, SPECTATOR)
    rng = random.Random(seed)
    table.start()
    moves = 0
    while not table.match.over and moves < 600:
        before: RoundState = table.match.round
        number = table.match.number
        if table.is_bot_turn():
            table.step()
        else:
            me.play(0, rng.choice(me.game.match.legal_actions()))
        moves += 1
        for remote, seat in ((me, 0), (spectator, SPECTATOR)):
            agrees(remote, table, seat)
            if table.match.number != number or table.match.over:  # K4.5: the round is scored
                assert remote.final is not None and remote.final.placed == before.placed
                if seat != SPECTATOR:
                    assert remote.final.hands[seat] == before.hands[seat]
    assert table.match.over
    assert me.game.match.outcome == table.match.outcome == spectator.game.match.outcome


def test_chairs_are_named_as_they_are() -> None:
    """Bots labelled as bots, an away player with the grace left, a stand-in marked — and a
    stand-in keeps the match out of the rating."""
    table = TableSession(GameSession(make_rules({}), SEATS, 5))
    remote = follow(table, 0)
    chairs = (
        Chair("Маша"),
        Chair("Петя", "away", 45),
        Chair("Ира", "stand-in"),
        Chair("b3", "bot"),
    )
    remote.receive(arrived(remote.feed, ChairsChanged(chairs)))
    game = remote.game
    labels = [game.label(seat, "en") for seat in range(4)]
    assert labels == ["Маша", "Петя is away · 0:45", "Ира · a bot stands in", "b3 · bot"]
    assert game.stand_ins
    assert chair_label(Chair("Петя", "away", 75), "ru") == "Петя нет на месте · 1:15"


def test_no_undo_and_no_bot_thinks_at_a_remote_table() -> None:
    table = TableSession(GameSession(make_rules({}), SEATS, 7))
    remote = follow(table, 0)
    assert remote.undo_refusal() == "net.undo_off"
    assert remote.bot_turn() is None
    remote.close()
    assert remote.closed


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 10_000))
def test_events_batched_with_one_snapshot_after_them_still_mirror_the_host(seed: int) -> None:
    """A remote feed sends several events with one snapshot after them (the host's bots move
    between two of this seat's turns): each move is laid once, and every finished round's last
    position is the host's."""
    from domino_tui.play.events import RoundEnded

    table = TableSession(GameSession(make_rules({}), SEATS, seed))
    feed = LocalFeed(table, 0)
    remote = RemoteTable(feed, rules=table.game.rules)
    batch: list = []
    feed.watch(batch.append)
    finals: list = []
    rng = random.Random(seed)
    table.start()
    moves = 0
    while not table.match.over and moves < 300:
        while table.is_bot_turn():
            table.step()
        if not table.match.over:
            remote.play(0, rng.choice(feed.snapshot().view.legal))
        moves += 1
        snapshot = feed.snapshot()  # the batch's one snapshot, after all of it
        for event in batch:
            remote.receive(Arrived(event, snapshot))
            if isinstance(event, RoundEnded):
                finals.append(tuple(remote.final.placed) if remote.final else None)
        batch.clear()
        agrees(remote, table, 0)
    assert table.match.over
    results = table.match.results
    # every round's last line as the joiner saw it: the host's (the tiles laid, K4.5)
    assert len(finals) == len(results)
    for final, result, history in zip(finals, results, table.match.histories, strict=True):
        assert final is not None
        laid = [step.tile for step in history if step.code >= 0]
        assert sorted(t for t, _, _ in final) == sorted(laid), result.number
