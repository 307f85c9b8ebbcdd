"""The default policy of the search bots' playouts: mostly heaviest tile first, sometimes random.

A pure random playout makes every opponent look foolish and every line look fishy; greedy
opponents are closer to how people and the baseline bots play, and a little noise keeps the
playouts from repeating one line. Moves go through :meth:`RoundState.apply_unchecked`, so the
engine alone decides draws, knocks, going out and the fish; only the choice is made here.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ..engine.actions import DRAW, KNOCK
from ..engine.round import RoundState
from ..engine.tiles import tile_set

EXPLORE = 0.15


@cache
def tile_rank(top: int) -> tuple[int, ...]:
    """Heavier first; between equal weights a double first (it is the harder tile to place)."""
    ts = tile_set(top)
    return tuple(2 * ts.pips[t] + ts.is_double[t] for t in range(ts.count))


def pick_heaviest(mask: int, rank: tuple[int, ...]) -> int:
    best, best_rank = -1, -1
    while mask:
        low = mask & -mask
        t = low.bit_length() - 1
        if rank[t] > best_rank:
            best, best_rank = t, rank[t]
        mask ^= low
    return best


def pick_random(mask: int, rnd: Callable[[], float]) -> int:
    k = int(rnd() * mask.bit_count())
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def playout(s: RoundState, rnd: Callable[[], float], explore: float = EXPLORE) -> RoundState:
    """Play ``s`` to the end of the round in place and return it."""
    geo = s.geo
    fits = geo.fits
    rank = tile_rank(geo.ts.top)
    while not s.over:
        hand = s.hands[s.turn]
        if not s.placed:
            m = hand & s.lead_mask
            t = pick_random(m, rnd) if rnd() < explore else pick_heaviest(m, rank)
            s.apply_unchecked(t << 1)
            continue
        fl = hand & fits[s.left]
        fr = hand & fits[s.right]
        m = fl | fr
        if not m:
            s.apply_unchecked(DRAW if len(s.boneyard) > s.reserve else KNOCK)
            continue
        t = pick_random(m, rnd) if rnd() < explore else pick_heaviest(m, rank)
        side = (1 if rnd() < 0.5 else 0) if fl >> t & 1 and fr >> t & 1 else (fr >> t & 1)
        s.apply_unchecked(t << 1 | side)
    return s
