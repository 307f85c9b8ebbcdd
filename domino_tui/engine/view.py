"""What one seat may know (K3.6): its own hand and everything public, never the others' tiles.

Bots receive a :class:`SeatView` and nothing else. The view also rebuilds a full round state from
a *guess* of the hidden tiles, which is how sampling bots search without seeing the truth.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import DRAW
from .match import Match, RoundResult
from .options import Rules
from .round import Event, RoundState
from .scoring import Standing
from .tiles import TileSet, tile_set
from .variants import get_variant


@dataclass(frozen=True)
class SeatView:
    seat: int
    rules: Rules
    hand: int  # own tiles (bit mask)
    turn: int
    leader: int
    lead_mask: int  # tiles this seat may lead with (own hand only); 0 unless it is to lead
    # (tile, end, seat): end -1 = lead, 0 left, 1 right, 2 up, 3 down; + 4 = closed (cross, G6)
    placed: tuple[tuple[int, int, int], ...]
    left: int
    right: int
    counts: tuple[int, ...]  # tiles in each seat's hand
    boneyard: int  # tiles in the boneyard
    drawable: int  # of which may still be drawn (K3.5)
    events: tuple[Event, ...]  # this round's public history; others' drawn tiles are -1
    seats: tuple[int, ...]  # seats in play this round
    knocks: int  # consecutive knocks so far (F4)
    legal: tuple[int, ...]  # legal actions if it is this seat's turn, else ()
    standings: tuple[Standing, ...]
    carry: int
    number: int  # round number, 1-based
    results: tuple[RoundResult, ...]  # finished rounds (all hands were shown, K4.5)
    up: int = -1  # the cross games' other open ends (docs/variants G3); -1: none
    down: int = -1
    board: tuple[Any, ...] = ()  # the cross's own state (CrossState.board); () on a line
    extra: dict[str, Any] = field(default_factory=dict)  # the variant's running state (public)

    @property
    def ends(self) -> tuple[int, ...]:
        """The open ends' numbers: left, right, up, down; -1 where there is none."""
        return (self.left, self.right, self.up, self.down)

    @property
    def table(self) -> int:
        mask = 0
        for t, _, _ in self.placed:
            mask |= 1 << t
        return mask

    @property
    def unseen(self) -> int:
        """Tiles this seat has not seen: in other hands or in the boneyard."""
        ts = tile_set(self.rules.set_top)
        return ts.all_mask & ~self.hand & ~self.table

    def determinize(self, hands: dict[int, int], boneyard: list[int]) -> RoundState:
        """A full round state from this view plus a guess of the other hands and the boneyard
        order (drawn from the end). The guess must account for every unseen tile: each hand as
        many tiles as the view counts, the boneyard as long as the view's, no tile twice and none
        of this seat's or the table's (:meth:`check_guess`; ValueError otherwise)."""
        self.check_guess(hands, boneyard)
        return self.rebuild(hands, boneyard)

    def rebuild(self, hands: dict[int, int], boneyard: list[int]) -> RoundState:
        """:meth:`determinize` without the check: for a guess that leaves some unseen tiles in
        the box, as a lesson's hand-dealt round does, where only this seat's choices are asked
        about (the hidden hands change none of its legal moves or the engine's reasons)."""
        all_hands = [0] * self.rules.players
        all_hands[self.seat] = self.hand
        for seat, mask in hands.items():
            all_hands[seat] = mask
        variant = get_variant(self.rules.variant)
        s = variant.start(self.rules, all_hands, boneyard, self.leader, 0, self.seats)
        if self.board:
            s.set_board(self.board)  # type: ignore[attr-defined]
        s.table = self.table
        s.left, s.right = self.left, self.right
        s.placed = list(self.placed)
        s.history = list(self.events)
        s.turn = self.turn
        s.knocks = self.knocks
        s.lead_mask = self.lead_mask
        s.drawn = 0
        for e in reversed(self.events):  # draws of the turn in progress
            if e.code != DRAW or e.seat != self.turn:
                break
            s.drawn += 1
        for t, _side, seat in self.placed:
            if not tile_set(self.rules.set_top).is_double[t]:
                s.last_nondouble = seat
        return s

    def check_guess(self, hands: Mapping[int, int], boneyard: Sequence[int]) -> None:
        """Refuse a guess no real deal could be: a wrong guess builds a round with tiles twice
        or missing, and a search over it quietly plays a different game. ValueError names the
        seat or the boneyard, the tile, or what was expected and what was got. Linear in the
        tiles, and a sampling bot builds one state per decision (then swaps hands into copies
        of it), so the check costs nothing that matters."""
        ts = tile_set(self.rules.set_top)
        players = self.rules.players
        taken = {"this seat's hand": self.hand, "the table": self.table}
        for seat, mask in hands.items():
            if not 0 <= seat < players or seat == self.seat:
                raise ValueError(f"guess for seat {seat}: only the other seats' hands are guessed")
            what = f"seat {seat}'s guessed hand"
            if mask < 0 or mask >> ts.count:
                raise ValueError(f"{what} is not a set of tiles of this game")
            if mask.bit_count() != self.counts[seat]:
                raise ValueError(
                    f"{what}: expected {self.counts[seat]} tiles, got {mask.bit_count()}"
                )
            _refuse_overlap(ts, what, mask, taken)
            taken[f"seat {seat}'s guessed hand"] = mask
        for seat in range(players):
            if seat != self.seat and seat not in hands and self.counts[seat]:
                raise ValueError(
                    f"seat {seat}: expected a guessed hand of {self.counts[seat]} tiles, got none"
                )
        if len(boneyard) != self.boneyard:
            raise ValueError(
                f"the guessed boneyard: expected {self.boneyard} tiles, got {len(boneyard)}"
            )
        pile = 0
        for t in boneyard:
            if not 0 <= t < ts.count:
                raise ValueError(f"the guessed boneyard: {t} is not a tile of this game")
            if pile >> t & 1:
                raise ValueError(f"the guessed boneyard holds {ts.name(t)} twice")
            pile |= 1 << t
        _refuse_overlap(ts, "the guessed boneyard", pile, taken)
        got = pile
        for mask in hands.values():
            got |= mask
        if got != self.unseen:  # only a view that contradicts itself gets here
            raise ValueError(
                f"the guess covers {got.bit_count()} tiles, expected the "
                f"{self.unseen.bit_count()} unseen"
            )


def _refuse_overlap(ts: TileSet, what: str, mask: int, taken: Mapping[str, int]) -> None:
    """ValueError if the guessed set ``mask`` holds a tile that is already somewhere else."""
    for where, other in taken.items():
        both = mask & other
        if both:
            t = (both & -both).bit_length() - 1
            raise ValueError(f"{what} holds {ts.name(t)}, which is in {where}")


def seat_view(match: Match, seat: int) -> SeatView:
    """The view of ``seat`` at this moment of ``match``."""
    st = match.round
    events = tuple(
        e._replace(tile=-1) if e.code == DRAW and e.seat != seat else e for e in st.history
    )
    mine = st.turn == seat and not match.over
    return SeatView(
        seat=seat,
        rules=match.rules,
        hand=st.hands[seat],
        turn=st.turn,
        leader=st.leader,
        lead_mask=st.lead_mask & st.hands[seat] if mine and not st.placed else 0,
        placed=tuple(st.placed),
        left=st.left,
        right=st.right,
        counts=st.tile_counts(),
        boneyard=len(st.boneyard),
        drawable=st.drawable,
        events=events,
        seats=st.seats,
        knocks=st.knocks,
        legal=tuple(match.legal_actions()) if mine else (),
        standings=match.standings,
        carry=match.carry,
        number=match.number,
        results=tuple(match.results),
        up=st.up,
        down=st.down,
        board=st.board() if st.cross else (),  # type: ignore[attr-defined]
        extra=match.extra,
    )
