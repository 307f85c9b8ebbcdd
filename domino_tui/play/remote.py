"""A table owned elsewhere, shaped like the tables this app already draws (issue 25).

The match of a networked table lives on the host; a joiner's app holds only a :class:`Feed` —
its seat's :class:`~domino_tui.engine.view.SeatView`, the public table, the chairs and the
events. The screens, the score sheets, the hints, the round-end explanations and the log are
written against a :class:`GameSession` whose ``match`` is a :class:`Match`; rather than teach
each of them a second kind of table, this module builds a *mirror*: a :class:`MirrorMatch` whose
round is rebuilt from the seat's view with the unseen tiles standing in for the hidden hands
and the boneyard (:func:`~.turn.public_round`: every count, every public move and every legal
move of the seat is right, and no real hidden tile is ever in it, for the feed never gave one).

Each event comes with the feed's snapshot taken when it arrived (:class:`Arrived`): the mirror
is rebuilt from the snapshot, and the position just before a round-ending move is kept, that
move laid on it, so the finished round can be looked at while its summary is up — as at a local
table. :class:`RemoteTable` is a :class:`TableSession` over the mirror: hints and the tutor run
here, from the seat's own view; a move goes to the feed and comes back as an event; there is no
undo (one player's take-back would undo the others' moves too) and no bot thinks here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..bots.runner import HINT_LIMIT
from ..engine.actions import DRAW, KNOCK, placements
from ..engine.match import Match, Outcome
from ..engine.options import Rules
from ..engine.round import RoundState
from ..engine.rules import make_rules
from ..engine.tiles import bits
from ..engine.variants import get_variant
from ..engine.view import SeatView
from ..words.strings import t
from .events import MatchEnded, Moved, RoundEnded, TableEvent
from .feed import SPECTATOR, Chair, ChairsChanged, Feed, FeedEvent, Snapshot
from .session import GameSession, Seat
from .table import PublicTable, TableSession
from .turn import public_round


@dataclass(frozen=True)
class Arrived:
    """A feed event and the feed's snapshot taken as it arrived (on the feed's thread)."""

    event: FeedEvent
    snapshot: Snapshot


def public_view(rules: Rules, public: PublicTable) -> SeatView:
    """The view of a spectator, built from the public table alone: a seat with no hand, every
    tile it has not seen on the table unseen (so the mirror fills every hand)."""
    events = public.events
    left, right, up, down = (*public.ends, -1, -1, -1, -1)[:4]
    knocks = 0
    for step in reversed(events):
        if step.code != KNOCK:
            break
        knocks += 1
    seats = tuple(s for s in range(rules.players) if not public.standings[rules.side_of(s)].out)
    return SeatView(
        seat=SPECTATOR,
        rules=rules,
        hand=0,
        turn=public.turn,
        leader=events[0].seat if events else public.turn,
        lead_mask=0,
        placed=public.placed,
        left=left,
        right=right,
        counts=public.counts,
        boneyard=public.boneyard,
        drawable=max(0, public.boneyard - rules.boneyard_reserve),
        events=events,
        seats=seats,
        knocks=knocks,
        legal=(),
        standings=public.standings,
        carry=public.carry,
        number=public.number,
        results=public.results,
        up=up,
        down=down,
        extra=get_variant(rules.variant).initial_extra(rules),
    )


def mirror_round(view: SeatView) -> RoundState:
    """The round as this seat may draw it (see the module's note). A spectator's view fills
    every hand, its own seat's included."""
    if view.seat != SPECTATOR:
        return public_round(view)
    pool = list(bits(view.unseen))
    hands: dict[int, int] = {}
    for seat, count in enumerate(view.counts):
        taken, pool = pool[:count], pool[count:]
        hands[seat] = sum(1 << tile for tile in taken)
    return replace(view, seat=0, hand=hands[0]).rebuild(hands, pool[: view.boneyard])


def laid_on(before: RoundState, moved: Moved, viewer: int) -> RoundState:
    """``before`` with ``moved`` laid on it: the finished round's last position. The tiles the
    move names are swapped into the mover's stand-in hand first (or onto the boneyard's top, for
    the viewer's own draw); a move the mirror cannot lay leaves ``before`` as it was."""
    rnd = before.copy()
    tiles = [p.tile for p in placements(moved.code)]
    drawn = moved.steps[0].tile if moved.code == DRAW and moved.steps else -1
    try:
        for tile in tiles:
            _bring(rnd, tile, moved.seat)
        if drawn >= 0 and moved.seat == viewer and drawn in rnd.boneyard:
            i = rnd.boneyard.index(drawn)
            rnd.boneyard[i], rnd.boneyard[-1] = rnd.boneyard[-1], drawn
        rnd.apply_unchecked(moved.code)
    except Exception:  # a mirror's guess, never a reason to stop the table
        return before
    return rnd


def _bring(rnd: RoundState, tile: int, seat: int) -> None:
    """Put ``tile`` in ``seat``'s hand, giving that place one of the seat's other tiles."""
    bit = 1 << tile
    hand = rnd.hands[seat]
    if hand & bit:
        return
    spare = next(bits(hand))
    if tile in rnd.boneyard:
        rnd.boneyard[rnd.boneyard.index(tile)] = spare
    else:
        other = next(s for s, h in enumerate(rnd.hands) if h & bit)
        rnd.hands[other] = rnd.hands[other] & ~bit | 1 << spare
    rnd.hands[seat] = hand & ~(1 << spare) | bit


class MirrorMatch(Match):
    """A :class:`Match` as one seat knows it, rebuilt from each snapshot. Only what the
    screens read is kept; nothing is ever applied to it here (the host's match moves)."""

    def __init__(self, rules: Rules, snapshot: Snapshot) -> None:  # no deal: see update
        self.rules = rules
        self.variant = get_variant(rules.variant)
        self._scripted = None
        self.seed = 0
        self.rng = None  # type: ignore[assignment]
        self.outcome: Outcome | None = None
        self.deals = []
        self.histories = []  # no earlier round's history comes over the wire
        self.with_undo = False
        self.stand_ins: list[dict[str, Any]] = []
        self.viewer = snapshot.seat
        self.update(snapshot)

    def update(self, snapshot: Snapshot) -> None:
        public = snapshot.public
        view = snapshot.view or public_view(self.rules, public)
        self.view = view
        self.public = public
        self.round = mirror_round(view)
        self.standings = public.standings
        self.carry = public.carry
        self.extra = dict(view.extra)
        self.results = list(public.results)
        self.actions = [[] for _ in range(public.number)]  # Match.number counts these
        self.finished = public.over

    @property
    def over(self) -> bool:
        return self.outcome is not None or self.finished

    @property
    def redeals(self) -> int:
        return 0  # the host's deal is not sent; the log says nothing of redeals

    def legal_actions(self) -> list[int]:
        if self.over or self.view.seat != self.public.turn:
            return []
        return list(self.view.legal)


def chair_label(chair: Chair, lang: str) -> str:
    """A chair as every remote table names it: a bot as a bot, an away player with the grace
    left, a stand-in bot playing a dropped player's seat."""
    if chair.kind == "bot":
        return t("net.chair_bot", lang, name=chair.name)
    if chair.kind == "away":
        left = max(0, chair.away)
        return t("net.chair_away", lang, name=chair.name, time=f"{left // 60}:{left % 60:02d}")
    if chair.kind == "stand-in":
        return t("net.chair_stand_in", lang, name=chair.name)
    return chair.name


class MirrorGame(GameSession):
    """The :class:`GameSession` of a remote seat: its chairs, its mirror. Every seat but the
    viewer's is "bot" to the screens (nobody at this keyboard moves for it); the labels say what
    each chair really is."""

    def __init__(self, rules: Rules, snapshot: Snapshot, lang: str | None = None) -> None:
        self.rules = rules
        self.preset = "remote"
        self.seed = 0
        self.mirror = MirrorMatch(rules, snapshot)
        self.match = self.mirror
        self.bots = {}
        self.listeners = []
        self.help_limit = HINT_LIMIT
        self.timer = None
        self.lang = lang
        self.pace = None
        self.tutor = None
        self.game_id = "remote"
        self.viewer = snapshot.seat
        self.watching = snapshot.seat == SPECTATOR  # no hand: the public table only
        self.chairs = snapshot.chairs
        self.seats = self._seats()

    def _seats(self) -> tuple[Seat, ...]:
        names = list(self.mirror.public.names)
        for i, chair in enumerate(self.chairs[: len(names)]):
            names[i] = chair.name or names[i]
        return tuple(
            Seat(name, "human" if i == self.viewer else "bot") for i, name in enumerate(names)
        )

    def update(self, snapshot: Snapshot) -> None:
        self.mirror.update(snapshot)
        self.set_chairs(snapshot.chairs)

    def set_chairs(self, chairs: tuple[Chair, ...]) -> None:
        self.chairs = chairs
        self.seats = self._seats()

    def label(self, seat: int, lang: str) -> str:
        if seat < len(self.chairs):
            return chair_label(replace(self.chairs[seat], name=self.name(seat)), lang)
        return self.name(seat)

    def view(self, seat: int) -> SeatView:
        return self.mirror.view

    @property
    def stand_ins(self) -> bool:
        """A bot stood in for a dropped player: the match is out of the rating."""
        return any(c.kind == "stand-in" for c in self.chairs)

    def again(self) -> GameSession:
        raise NotImplementedError("the host deals the next match")


class RemoteTable(TableSession):
    """A :class:`TableSession` over a feed: the screens' table for a remote seat.

    ``receive`` takes each :class:`Arrived` on the owner's thread (the app's); the watchers
    then get the event, as a local table's watchers do. ``final`` is the finished round's last
    position once a round-ending move arrived. A spectator's snapshot has no view, so its
    table is told the ``rules`` (else it takes the house game's for as many chairs)."""

    def __init__(
        self,
        feed: Feed,
        *,
        lang: str | None = None,
        tutor: Callable[[], bool] | bool = False,
        rules: Rules | None = None,
    ) -> None:
        self.feed = feed
        snapshot = feed.snapshot()
        if snapshot.view is not None:
            rules = snapshot.view.rules
        elif rules is None:  # a spectator told nothing else: the house game for its chairs
            rules = make_rules({"players": len(snapshot.public.names)})
        self.mirror = MirrorGame(rules, snapshot, lang)
        super().__init__(self.mirror, tutor=tutor, bots_think=False)
        self.final: RoundState | None = None
        self.following: RoundState | None = self.mirror.mirror.round.copy()
        self.synced = snapshot.version  # the snapshot ``following`` was taken from
        self.ended = False  # the last move ended its round (its RoundEnded follows)

    @property
    def seat(self) -> int:
        return self.feed.seat

    def receive(self, arrived: Arrived) -> None:
        """One event, in order. The mirror shows the latest snapshot; the round as the
        events tell it (``following``) is laid move by move, because a remote feed sends
        several events with one snapshot after them: a move is laid once, never twice, and a
        round's end leaves its last position (``final``) however the events were batched."""
        event, snapshot = arrived.event, arrived.snapshot
        if isinstance(event, ChairsChanged):
            self.mirror.set_chairs(event.chairs)
        else:
            self.mirror.update(snapshot)
        self.version += 1
        if self.following is None and snapshot.version != self.synced:
            self.following = self.mirror.mirror.round.copy()  # a new round: from the snapshot
            self.synced = snapshot.version  # … which holds this batch's moves already
        if isinstance(event, Moved):
            self.ended = False
            if self.following is not None and snapshot.version != self.synced:
                self.following = laid_on(self.following, event, self.seat)
                self.ended = self.following.over
        elif isinstance(event, RoundEnded):
            self.final = self.following
            self.following = None
            self.synced = snapshot.version  # the next round starts with the next batch
        if isinstance(event, MatchEnded):
            self.mirror.mirror.outcome = event.outcome
        for _, watcher in list(self._watchers):
            watcher(event)  # type: ignore[arg-type]  # a feed's events: cut for its seat too

    def shown_round(self) -> RoundState:
        """The round as far as the events have told it (the snapshot's while it resyncs)."""
        following = self.following
        if following is not None and following.history:
            return following
        return self.mirror.mirror.round

    def play(self, seat: int, code: int) -> None:
        """Send the move; it comes back as an event (a refusal, with the engine's reason)."""
        if not self.closed:
            self.feed.play(code)

    def talk(self, call: str) -> None:
        if not self.closed:
            self.feed.talk(call)

    def start(self) -> None:
        """The host announces turns; nothing to start here."""

    def undo_refusal(self) -> str | None:
        return "net.undo_off"

    def tick(self, seconds: int = 1) -> None:
        """The host keeps the table's clock."""

    def close(self) -> None:
        """This table is left; the feed stays its maker's to close (the next match of the
        same table comes over it)."""
        super().close()


def arrived(feed: Feed, event: FeedEvent) -> Arrived:
    """Pair an event with the feed's snapshot now (call on the feed's thread, as it arrives)."""
    return Arrived(event, feed.snapshot())


__all__ = [
    "Arrived",
    "MirrorGame",
    "MirrorMatch",
    "RemoteTable",
    "TableEvent",
    "arrived",
    "chair_label",
    "laid_on",
    "mirror_round",
    "public_view",
]
