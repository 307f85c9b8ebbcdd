"""A fast random playout of a round: the inner loop of sampling bots and of the benchmark.

It follows exactly the rules of :meth:`RoundState.apply_unchecked` (one-at-a-time draws, knocks,
going out, both fish forms, K4.4 boneyard take) but works on local variables and skips the
event history, which costs more than the move itself. Tests check it against the slow path.
"""

from __future__ import annotations

from collections.abc import Callable

from .round import RoundState


def random_playout(s: RoundState, random: Callable[[], float]) -> RoundState:
    """Play ``s`` to its end choosing uniformly among legal actions; returns ``s``."""
    if s.over:
        return s
    if not s.placed:
        hand = s.hands[s.turn] & s.lead_mask
        lead = _kth(hand, int(random() * hand.bit_count()))
        s.apply_unchecked(lead << 1)
        if s.over:
            return s
    geo = s.geo
    fits, after, neutral = geo.fits, geo.after, geo.neutral
    is_double = geo.ts.is_double
    hands, boneyard, placed, nxt = s.hands, s.boneyard, s.placed, s.nxt
    reserve = s.reserve
    nseats = len(s.seats)
    left, right, table, turn = s.left, s.right, s.table, s.turn
    knocks, last_nd = s.knocks, s.last_nondouble
    while True:
        hand = hands[turn]
        fl = hand & fits[left]
        fr = hand & fits[right]
        while not (fl or fr) and len(boneyard) > reserve:
            t = boneyard.pop()
            hand |= 1 << t
            fl = hand & fits[left]
            fr = hand & fits[right]
        if not (fl or fr):
            hands[turn] = hand
            knocks += 1
            if knocks >= nseats:
                s.left, s.right, s.table, s.turn = left, right, table, turn
                s.knocks, s.last_nondouble = knocks, last_nd
                s.end_fish(-1)
                return s
            turn = nxt[turn]
            continue
        cl = fl.bit_count()
        k = int(random() * (cl + fr.bit_count()))
        if k < cl:
            t = _kth(fl, k)
            left = after[left][t]
            placed.append((t, 0, turn))
        else:
            t = _kth(fr, k - cl)
            right = after[right][t]
            placed.append((t, 1, turn))
        hand &= ~(1 << t)
        hands[turn] = hand
        table |= 1 << t
        knocks = 0
        if not is_double[t]:
            last_nd = turn
        if not hand:
            s.left, s.right, s.table, s.turn = left, right, table, turn
            s.knocks, s.last_nondouble = knocks, last_nd
            s.over = True
            s.went_out = turn
            return s
        if not ((fits[left] & ~table & ~neutral[left]) or (fits[right] & ~table & ~neutral[right])):
            s.left, s.right, s.table, s.turn = left, right, table, turn
            s.knocks, s.last_nondouble = knocks, last_nd
            s.end_fish(turn)
            return s
        turn = nxt[turn]


def _kth(mask: int, k: int) -> int:
    """The tile id of the ``k``-th set bit of ``mask`` (0-based, lowest first)."""
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1
