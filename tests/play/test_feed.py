"""A seat's feed (issue 25's meeting point): a whole match played only through two humans'
:class:`~domino_tui.play.feed.LocalFeed` and a spectator's, with bots in the other chairs. No
feed ever hands out a tile it may not know (K3.6): a snapshot's view holds only its own hand,
a drawn tile of another seat reads -1 in every event, until the round is scored (K4.5)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from domino_tui.engine.actions import DRAW
from domino_tui.engine.rules import make_rules
from domino_tui.play.events import Moved, RoundEnded, TurnStarted
from domino_tui.play.feed import SPECTATOR, FeedEvent, LocalFeed, Refusal, Talked
from domino_tui.play.session import GameSession, Seat
from domino_tui.play.table import TableSession

SEATS = (Seat("Маша"), Seat("b1", "bot", "easy"), Seat("Саша"), Seat("b2", "bot", "random"))


def a_table(seed: int) -> TableSession:
    return TableSession(GameSession(make_rules({}), SEATS, seed))


def drawn_tiles_seen(events: list[FeedEvent], seat: int) -> set[int]:
    """Tiles named in another seat's draws, before the round that drew them was scored."""
    named: set[int] = set()
    for event in events:
        if isinstance(event, Moved):
            for step in event.steps:
                if step.code == DRAW and step.seat != seat and step.tile >= 0:
                    named.add(step.tile)
    return named


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10_000))
def test_a_match_through_feeds_shows_each_seat_only_its_part(seed: int) -> None:
    table = a_table(seed)
    feeds = {seat: LocalFeed(table, seat) for seat in (0, 2, SPECTATOR)}
    heard: dict[int, list[FeedEvent]] = {seat: [] for seat in feeds}
    for seat, feed in feeds.items():
        feed.watch(heard[seat].append)
    rng = random.Random(seed)
    table.start()
    moves = 0
    while not table.match.over and moves < 400:
        if table.is_bot_turn():
            table.step()
        else:
            seat = table.match.turn
            table.lift(seat)  # two humans at one process read as hot-seat: lift its curtain
            snap = feeds[seat].snapshot()
            assert snap.view is not None and snap.view.seat == seat
            # K3.6: the view's hand is exactly the seat's own hand, never another's
            assert snap.view.hand == table.match.round.hands[seat]
            feeds[seat].play(rng.choice(snap.view.legal))
        moves += 1
    assert table.match.over or moves == 400
    for seat in (0, 2):
        assert drawn_tiles_seen(heard[seat], seat) == set()
    assert drawn_tiles_seen(heard[SPECTATOR], SPECTATOR) == set()
    assert feeds[SPECTATOR].snapshot().view is None
    assert any(isinstance(e, RoundEnded) for e in heard[SPECTATOR])
    assert sum(isinstance(e, TurnStarted) for e in heard[0]) == sum(
        isinstance(e, TurnStarted) for e in heard[2]
    )


def test_an_action_out_of_turn_is_refused_to_the_asking_seat_only() -> None:
    table = a_table(3)
    feeds = {seat: LocalFeed(table, seat) for seat in (0, 2)}
    heard: dict[int, list[FeedEvent]] = {0: [], 2: []}
    for seat, feed in feeds.items():
        feed.watch(heard[seat].append)
    table.start()
    while table.is_bot_turn():
        table.step()
    table.lift(table.match.turn)
    waiting = 2 if table.match.turn == 0 else 0
    legal = feeds[table.match.turn].snapshot().view.legal  # type: ignore[union-attr]
    feeds[waiting].play(legal[0])
    assert heard[waiting][-1] == Refusal(waiting, legal[0], "not_your_turn")
    assert not any(isinstance(e, Refusal) for e in heard[table.match.turn])


def test_a_spectator_cannot_play_and_a_closed_feed_hears_nothing() -> None:
    table = a_table(5)
    watcher, player = LocalFeed(table, SPECTATOR), LocalFeed(table, 0)
    heard: list[FeedEvent] = []
    watcher.watch(heard.append)
    watcher.play(0)
    assert isinstance(heard[-1], Refusal) and heard[-1].key == "not_your_turn"
    watcher.talk("fish")
    assert heard[-1] == Talked(SPECTATOR, "fish")
    watcher.close()
    table.start()
    count = len(heard)
    while table.is_bot_turn():
        table.step()
    assert len(heard) == count
    assert player.snapshot().chairs[1].kind == "bot"
