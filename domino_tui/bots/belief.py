"""What one seat can soundly infer about the others' hidden tiles from public events (K3.6).

A knock or a draw on ends ``x``/``y`` proves the actor held no tile fitting ``x`` or ``y`` *at
that moment*. "Void in that suit forever" is wrong: a tile drawn later can bring the suit back
(about one decision in ten in 2-player games). So every such fact is stored with the number of
*kept* draws the actor had made before it, and it binds only the tiles the actor held then.

Epochs make this exact enough to sample from. A hidden tile of seat ``s`` was acquired at epoch
0 (dealt) or at epoch ``i`` (the ``i``-th kept draw). A fact recorded after ``k`` kept draws binds
epochs ``0..k``; so a tile named by such a fact can be in the hand only if it came with kept draw
``k+1`` or later. A draw that is followed by a play of the same seat is not kept: nothing fitted
before it, so the played tile is the drawn one and nothing hidden was added.

The first round's forced lead (K2.1, F2) adds one more fact: every tile ahead of the lead tile in
the lead order lay in the boneyard at the deal, so it can only be in a hand through a kept draw.
"""

from __future__ import annotations

from ..engine.actions import DRAW, KNOCK
from ..engine.deal import PreviousRound, first_rule_applies, lead_order
from ..engine.geometry import geometry
from ..engine.variants import get_variant
from ..engine.variants.base import Variant
from ..engine.view import SeatView


class Belief:
    """Per-seat facts from one view; only the view is read."""

    __slots__ = ("_ge", "facts", "kept", "possible", "rules", "seat", "seats", "unseen")

    def __init__(self, view: SeatView) -> None:
        self.rules = view.rules
        self.seat = view.seat
        self.seats = view.seats
        self.unseen = view.unseen
        n = view.rules.players
        self.kept = [0] * n
        # (tiles the seat did not hold, kept draws it had made before learning it)
        self.facts: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self._read_events(view)
        self._read_forced_lead(view)
        self._ge = [self._epoch_masks(s) for s in range(n)]
        self.possible = tuple(
            0 if s == self.seat else self.unseen & ~self._ge[s][self.kept[s] + 1] for s in range(n)
        )

    # --- reading the view ---------------------------------------------------------------------
    def _read_events(self, view: SeatView) -> None:
        fits = geometry(view.rules.set_top, view.rules.match).fits
        events = view.events
        last = len(events) - 1
        for i, e in enumerate(events):
            if e.code != DRAW and e.code != KNOCK:
                continue
            # every open end of the moment: left, right and the cross's up/down (-1 fits nothing)
            lacked = fits[e.left] | fits[e.right] | fits[e.up] | fits[e.down]
            if lacked:
                self.facts[e.seat].append((lacked, self.kept[e.seat]))
            if e.code == DRAW:
                nxt = events[i + 1] if i < last else None
                if nxt is None or nxt.code == DRAW or nxt.code == KNOCK:
                    self.kept[e.seat] += 1

    def _read_forced_lead(self, view: SeatView) -> None:
        if not view.placed or not lead_was_forced(view):
            return
        order = lead_order(view.rules.set_top, view.rules.lead_rule)
        lead_tile = view.placed[0][0]
        ahead = 0
        for t in order:
            if t == lead_tile:
                break
            ahead |= 1 << t
        if ahead:
            for s in view.seats:
                self.facts[s].append((ahead, 0))

    def _epoch_masks(self, seat: int) -> list[int]:
        """``ge[e]``: unseen tiles that can be in the hand only if acquired at epoch ``e`` or later
        (``ge[kept + 1]`` is what the seat cannot hold at all)."""
        k = self.kept[seat]
        ge = [0] * (k + 2)
        for mask, since in self.facts[seat]:
            ge[since + 1] |= mask
        for e in range(k, 0, -1):
            ge[e] |= ge[e + 1]
        ge[0] = self.unseen
        return [m & self.unseen for m in ge]

    # --- questions ----------------------------------------------------------------------------
    def min_epoch(self, seat: int, tile: int) -> int:
        """The earliest epoch at which ``seat`` could have acquired ``tile`` (``kept + 1`` means
        never)."""
        ge = self._ge[seat]
        e = 0
        while e + 1 < len(ge) and ge[e + 1] >> tile & 1:
            e += 1
        return e

    def consistent(self, seat: int, hand: int) -> bool:
        """Could ``seat`` hold exactly ``hand`` given the facts? (Hall's condition on the nested
        epoch slots: at most ``kept - e + 1`` tiles may need epoch ``e`` or later.)"""
        if hand & ~self.possible[seat]:
            return False
        ge = self._ge[seat]
        k = self.kept[seat]
        return all((hand & ge[e]).bit_count() <= k - e + 1 for e in range(1, k + 1))

    def lacks(self, seat: int, mask: int) -> bool:
        """True when ``seat`` surely holds no tile of ``mask``."""
        return not (self.possible[seat] & mask)


def lead_was_forced(view: SeatView) -> bool:
    """Whether this round's lead tile was chosen by the first-round rule (the engine's own test,
    fed with what the view shows of the previous round)."""
    if not _kozel_lead(view.rules.variant):
        return False  # a variant's own lead (a lot, the lowest double …): no fact is drawn
    if not view.results:
        return True
    last = view.results[-1]
    prev = PreviousRound(
        winner=last.winner,
        leader=last.leader,
        any_written=any(st.opened or st.written for st in view.standings),
    )
    return first_rule_applies(view.rules, prev)


def _kozel_lead(variant: str) -> bool:
    """Whether the variant leads as Козёл does (K2), the only lead this module can read."""
    return type(get_variant(variant)).lead is Variant.lead
