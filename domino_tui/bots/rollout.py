"""The default policy of the search bots' playouts: mostly heaviest tile first, sometimes random.

A pure random playout makes every opponent look foolish and every line look fishy; greedy
opponents are closer to how people and the baseline bots play, and a little noise keeps the
playouts from repeating one line. Moves go through :meth:`RoundState.apply_unchecked`, so the
engine alone decides draws, knocks, going out and the fish; only the choice is made here.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Protocol

from ..engine.actions import DRAW, KNOCK, RIGHT, Placement, encode
from ..engine.round import RoundState
from ..engine.rules import Rules
from ..engine.tiles import bits, tile_set

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


def playout(
    s: RoundState, rnd: Callable[[], float], explore: float = EXPLORE, until: int = 0
) -> RoundState:
    """Play ``s`` to the end of the round in place and return it; on the line, stop early once
    at most ``until`` tiles are left in the hands and the boneyard (an exact search takes over)."""
    if s.cross:
        return cross_playout(s, rnd, explore)
    geo = s.geo
    fits = geo.fits
    rank = tile_rank(geo.ts.top)
    laid = geo.ts.count - until  # tiles on the table at which to stop
    while not s.over and (not until or s.table.bit_count() < laid):
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


def cross_playout(s: RoundState, rnd: Callable[[], float], explore: float = EXPLORE) -> RoundState:
    """The same policy on the cross (docs/variants G1-G10): heaviest tile first with noise, on
    one of the open ends it fits (left, right, up, down; a random one when several fit). A
    variant that scores during play (телефон's ``cfg.scorer``) first takes the play that
    scores most, if any scores. Doubles are laid open and one at a time: closing a double and
    laying several together are moves the tree search tries, not the playout."""
    geo = s.geo
    fits = geo.fits
    rank = tile_rank(geo.ts.top)
    cfg = getattr(s, "cfg", None)
    scorer = cfg.scorer if cfg is not None else None
    while not s.over:
        seat = s.turn
        hand = s.hands[seat]
        if not s.placed:
            m = hand & s.lead_mask
            t = pick_random(m, rnd) if rnd() < explore else pick_heaviest(m, rank)
            s.apply_unchecked(t << 1)
            continue
        ends = (s.left, s.right, s.up, s.down)
        f0, f1, f2, f3 = fits[ends[0]], fits[ends[1]], fits[ends[2]], fits[ends[3]]
        m = hand & (f0 | f1 | f2 | f3)
        if not m:
            s.apply_unchecked(DRAW if len(s.boneyard) > s.reserve else KNOCK)
            continue
        if scorer and rnd() >= explore:
            code = _scoring_play(s, seat, m, ends, rank)
            if code is not None:
                s.apply_unchecked(code)
                continue
        t = pick_random(m, rnd) if rnd() < explore else pick_heaviest(m, rank)
        where = [e for e, f in enumerate((f0, f1, f2, f3)) if f >> t & 1]
        end = where[int(rnd() * len(where))] if len(where) > 1 else where[0]
        s.apply_unchecked(t << 1 | end if end <= RIGHT else encode((Placement(t, end),)))
    return s


def _scoring_play(
    s: RoundState, seat: int, m: int, ends: tuple[int, ...], rank: tuple[int, ...]
) -> int | None:
    """The single play that scores most points during play (ties: the heavier tile), or None
    when no play scores."""
    fits = s.geo.fits
    before = s.scored[seat]
    best: int | None = None
    best_key = (0, 0)
    for t in bits(m):
        for end in range(4):
            if not fits[ends[end]] >> t & 1:
                continue
            code = t << 1 | end if end <= RIGHT else encode((Placement(t, end),))
            c = s.copy()
            c.apply_unchecked(code)
            key = (c.scored[seat] - before, rank[t])
            if key[0] > 0 and key > best_key:
                best, best_key = code, key
    return best


# --- the master's default policy ------------------------------------------------------------
W_BLOCK = 12  # rank units (2 per pip): the next seat must draw or knock
W_FOLLOW = 4  # rank units: one's own hand still answers the new ends
W_FISH = 40  # rank units: a fish the count favours (or one that costs)


class Playout(Protocol):
    """A default policy: plays the round on (to its end, or on the line until ``until`` tiles
    are left in the hands and the boneyard) and returns the state."""

    def __call__(self, s: RoundState, rnd: Callable[[], float], until: int = 0) -> RoundState: ...


def heavy_policy(rules: Rules) -> Playout:
    """Heaviest tile first with a little noise, whatever the rules (hard's default policy)."""

    def run(s: RoundState, rnd: Callable[[], float], until: int = 0) -> RoundState:
        return playout(s, rnd, EXPLORE, until)

    return run


def smart_policy(rules: Rules) -> Playout:
    """A one-ply yard player for the playouts: heavy tiles first, but a play that leaves the
    next seat nothing to answer, keeps a follow-up, or makes a fish on a good count is preferred.

    A playout runs inside one guessed deal, so "the next seat's hand" is the guess; every seat
    plays this way, which models opponents who block as well as we do. Heavy-first playouts
    treat blocking as luck, and the search then undervalues it (in 2-player games a blocked
    seat draws from a boneyard of up to 14 tiles).
    """
    fish_sign = _fish_judge(rules)

    def run(s: RoundState, rnd: Callable[[], float], until: int = 0) -> RoundState:
        if s.cross:  # the one-ply judgement reads two ends; the cross keeps heavy-first
            return cross_playout(s, rnd)
        return _smart_playout(s, rnd, fish_sign, until)

    return run


def _fish_judge(rules: Rules) -> Callable[[RoundState, int, int], int]:
    """Whether making a fish now is good (+1), bad (-1) or neither (0) for ``seat`` whose hand
    after the play is ``rest``: a rough count of who takes the points under the rules in force
    (K8, P4, C4); the evaluation at the end of the playout does the exact scoring."""
    pairs = rules.pairs
    fish = rules.fish

    def judge(s: RoundState, seat: int, rest: int) -> int:
        if fish == "fisher" and not pairs:
            return -1  # K8.5: the fisher takes everything
        if fish == "all" and not pairs:
            return 0
        pip_sum = s.geo.ts.pip_sum
        hands = s.hands[:]
        hands[seat] = rest
        if s.takes_boneyard and len(s.boneyard) > s.reserve:  # K4.4
            for t in s.boneyard[s.reserve :]:
                hands[s.nxt[seat]] |= 1 << t
        if pairs:
            mine = pip_sum(hands[seat]) + pip_sum(hands[rules.partner_of(seat)])
            theirs = pip_sum(hands[(seat + 1) % 4]) + pip_sum(hands[(seat + 3) % 4])
        else:
            mine = pip_sum(rest)
            theirs = max(pip_sum(hands[o]) for o in s.seats if o != seat)
        return (mine < theirs) - (mine > theirs)

    return judge


def _smart_playout(
    s: RoundState,
    rnd: Callable[[], float],
    fish_sign: Callable[[RoundState, int, int], int],
    until: int = 0,
) -> RoundState:
    geo = s.geo
    fits = geo.fits
    after = geo.after
    rank = tile_rank(geo.ts.top)
    explore = EXPLORE
    laid = geo.ts.count - until
    while not s.over and (not until or s.table.bit_count() < laid):
        seat = s.turn
        hand = s.hands[seat]
        if not s.placed:
            m = hand & s.lead_mask
            t = pick_random(m, rnd) if rnd() < explore else pick_heaviest(m, rank)
            s.apply_unchecked(t << 1)
            continue
        left, right = s.left, s.right
        fl = hand & fits[left]
        fr = hand & fits[right]
        m = fl | fr
        if not m:
            s.apply_unchecked(DRAW if len(s.boneyard) > s.reserve else KNOCK)
            continue
        if rnd() < explore:
            t = pick_random(m, rnd)
            side = (1 if rnd() < 0.5 else 0) if fl >> t & 1 and fr >> t & 1 else (fr >> t & 1)
            s.apply_unchecked(t << 1 | side)
            continue
        if not m & (m - 1) and (left == right or not (fl and fr)):
            t = m.bit_length() - 1  # one tile, one way to lay it
            s.apply_unchecked(t << 1 | (fr >> t & 1 if left != right else 0))
            continue
        other = s.hands[s.nxt[seat]]
        best, best_score = 0, -1 << 30
        for side, cands, end in ((0, fl, left), (1, fr, right)):
            if side and left == right:
                break
            while cands:
                low = cands & -cands
                cands ^= low
                t = low.bit_length() - 1
                rest = hand & ~low
                if not rest:
                    best, best_score = t << 1 | side, 1 << 30  # goes out
                    break
                new = after[end][t]
                nl, nr = (new, right) if side == 0 else (left, new)
                score = rank[t]
                ends = fits[nl] | fits[nr]
                if geo.dead(nl, nr, s.table | low):
                    score += W_FISH * fish_sign(s, seat, rest)
                else:
                    if not other & ends:
                        score += W_BLOCK
                    if rest & ends:
                        score += W_FOLLOW
                if score > best_score:
                    best, best_score = t << 1 | side, score
        s.apply_unchecked(best)
    return s


POLICIES: dict[str, Callable[[Rules], Playout]] = {"heavy": heavy_policy, "smart": smart_policy}
