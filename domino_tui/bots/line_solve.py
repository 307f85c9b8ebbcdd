"""The zero-sum endgame search for the two-ended line, on local variables.

:func:`.endgame.solve` on a :class:`RoundState` copies the state at every node; on the line
(Козёл, classic, pairs; not the K3.4 double pair) the rest of a round is decided by a handful of
numbers — the hands, how much of the boneyard is drawn, the ends, the tiles on the table, whose
turn, the knocks in a row and the last non-double layer — so this search keeps those in local
variables and undoes each move, and builds a real state only where the round ends, to value it
with the same :class:`~.evaluate.Evaluator` (so the values are those of the slow search; a test
compares them). The moves and their order follow :meth:`RoundState.apply_unchecked` exactly:
a play, going out (K4.1), the fish at once (K4.2) with the next seat taking the boneyard (K4.4),
drawing one tile at a time (K3.2), knocking, and a full cycle of knocks (K4.3).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ..engine.round import RoundState
from ..engine.tiles import bits

_EXACT, _LOWER, _UPPER = 0, 1, 2


class Table:
    """What the solves of one guessed deal share (the moves of a decision reach many of the same
    positions and endings): each position's bound (two sides) or values (max-n), and each
    ending's values."""

    __slots__ = ("bounds", "endings", "values")

    def __init__(self) -> None:
        self.bounds: dict[tuple[object, ...], tuple[int, float]] = {}
        self.values: dict[tuple[object, ...], list[float]] = {}
        self.endings: dict[tuple[object, ...], list[float]] = {}


class TooBig(Exception):
    """The search needed more positions than it was allowed."""


def fits_line(state: RoundState) -> bool:
    """Whether this search can play the round: the line, under way, one tile per turn."""
    return not state.cross and bool(state.placed) and not state.double_pair


def duel(
    state: RoundState,
    values: Callable[[RoundState], list[float]],
    left_nodes: list[int],
    side_of: Sequence[int],
    root: int,
    table: Table,
    chance: bool = False,
) -> float:
    """The value of ``root``'s side with both sides playing their best (alpha-beta); raises
    :class:`TooBig` past the node allowance ``left_nodes`` (spent in place).

    With ``chance``, a draw is a chance node: the mean over every tile the boneyard holds, not
    the next tile of the guessed order. A guessed deal fixes the order, and a search that reads
    it plays as if it knew what each draw brings (a clairvoyance no seat has), which matters most
    on a long horizon with the boneyard still full. The boneyard left is then told by the hands
    and the table (every tile is in one of them), so the position table's key still holds."""
    geo = state.geo
    fits, after, neutral = geo.fits, geo.after, geo.neutral
    pips, is_double = geo.ts.pips, geo.ts.is_double
    hands = state.hands[:]
    boneyard = state.boneyard[:]
    reserve = state.reserve
    nxt = state.nxt
    nseats = len(state.seats)
    mine = side_of[root]
    placed = list(state.placed)
    leaf = _leaves(state, values, hands, boneyard, placed, table.endings)
    bounds = table.bounds

    def search(
        turn: int, l_: int, r_: int, table_: int, knocks: int, last: int, alpha: float, beta: float
    ) -> float:
        key = (*hands, len(boneyard), l_, r_, turn, knocks, last, table_)
        hit = bounds.get(key)
        if hit is not None:
            flag, v = hit
            if flag == _EXACT or (flag == _LOWER and v >= beta) or (flag == _UPPER and v <= alpha):
                return v
        left_nodes[0] -= 1
        if left_nodes[0] < 0:
            raise TooBig
        hand = hands[turn]
        fl = hand & fits[l_]
        fr = hand & fits[r_] if l_ != r_ else 0  # the same play on two equal ends
        a0, b0 = alpha, beta
        maximize = side_of[turn] == mine
        if not (fl or fr):
            if chance and len(boneyard) > reserve:  # K3.2, any tile may come
                best = draw_mean(turn, l_, r_, table_, knocks, last)
            elif len(boneyard) > reserve:  # K3.2: draw one, the same seat goes on
                t = boneyard.pop()
                hands[turn] = hand | 1 << t
                best = search(turn, l_, r_, table_, knocks, last, alpha, beta)
                hands[turn] = hand
                boneyard.append(t)
            elif knocks + 1 >= nseats:  # K4.3: a full cycle of knocks
                best = leaf(turn, False, -1, table_, l_, r_, last)[root]
            else:
                best = search(nxt[turn], l_, r_, table_, knocks + 1, last, alpha, beta)
            bounds[key] = (_EXACT if a0 < best < b0 else _LOWER if best >= b0 else _UPPER, best)
            return best
        moves = [(t, 0) for t in bits(fl)] + [(t, 1) for t in bits(fr)]
        if len(moves) > 1:
            moves.sort(key=lambda m: -pips[m[0]])
        best = -math.inf if maximize else math.inf
        for t, side in moves:
            bit = 1 << t
            rest = hand & ~bit
            nl, nr = (after[l_][t], r_) if side == 0 else (l_, after[r_][t])
            nt = table_ | bit
            nlast = last if is_double[t] else turn
            hands[turn] = rest
            placed.append((t, side, turn))
            if not rest:
                v = leaf(turn, True, turn, nt, nl, nr, nlast)[root]
            elif not ((fits[nl] & ~nt & ~neutral[nl]) or (fits[nr] & ~nt & ~neutral[nr])):
                v = leaf(turn, False, turn, nt, nl, nr, nlast)[root]  # K4.2: nobody plays again
            else:
                v = search(nxt[turn], nl, nr, nt, 0, nlast, alpha, beta)
            placed.pop()
            hands[turn] = hand
            if maximize:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        bounds[key] = (_EXACT if a0 < best < b0 else _LOWER if best >= b0 else _UPPER, best)
        return best

    def draw_mean(turn: int, l_: int, r_: int, table_: int, knocks: int, last: int) -> float:
        """The mean value over the tile drawn; each child is searched to its exact value (a
        bound would not average), so the caller stores an exact value."""
        hand = hands[turn]
        total = 0.0
        for i, t in enumerate(boneyard[:]):
            del boneyard[i]
            hands[turn] = hand | 1 << t
            total += search(turn, l_, r_, table_, knocks, last, -math.inf, math.inf)
            boneyard.insert(i, t)
        hands[turn] = hand
        return total / len(boneyard)

    return search(
        state.turn,
        state.left,
        state.right,
        state.table,
        state.knocks,
        state.last_nondouble,
        -math.inf,
        math.inf,
    )


def max_n(
    state: RoundState,
    values: Callable[[RoundState], list[float]],
    left_nodes: list[int],
    shared: Table,
) -> list[float]:
    """Three or four sides: each seat to move picks the line best for its own side (max-n),
    on the same local variables as :func:`duel`; positions met twice are looked up, in
    ``shared``, which the moves of one guessed deal share (a position's values do not depend on
    whose decision reached it)."""
    geo = state.geo
    fits, after, neutral = geo.fits, geo.after, geo.neutral
    is_double = geo.ts.is_double
    hands = state.hands[:]
    boneyard = state.boneyard[:]
    reserve = state.reserve
    nxt = state.nxt
    nseats = len(state.seats)
    placed = list(state.placed)
    leaf = _leaves(state, values, hands, boneyard, placed, shared.endings)
    table = shared.values

    def search(turn: int, l_: int, r_: int, table_: int, knocks: int, last: int) -> list[float]:
        key = (*hands, len(boneyard), l_, r_, turn, knocks, last, table_)
        hit = table.get(key)
        if hit is not None:
            return hit
        left_nodes[0] -= 1
        if left_nodes[0] < 0:
            raise TooBig
        hand = hands[turn]
        fl = hand & fits[l_]
        fr = hand & fits[r_] if l_ != r_ else 0
        if not (fl or fr):
            if len(boneyard) > reserve:
                t = boneyard.pop()
                hands[turn] = hand | 1 << t
                best = search(turn, l_, r_, table_, knocks, last)
                hands[turn] = hand
                boneyard.append(t)
            elif knocks + 1 >= nseats:
                best = leaf(turn, False, -1, table_, l_, r_, last)
            else:
                best = search(nxt[turn], l_, r_, table_, knocks + 1, last)
            table[key] = best
            return best
        moves = [(t, 0) for t in bits(fl)] + [(t, 1) for t in bits(fr)]  # no pruning: no order
        found: list[float] | None = None
        for t, side in moves:
            bit = 1 << t
            rest = hand & ~bit
            nl, nr = (after[l_][t], r_) if side == 0 else (l_, after[r_][t])
            nt = table_ | bit
            nlast = last if is_double[t] else turn
            hands[turn] = rest
            placed.append((t, side, turn))
            if not rest:
                v = leaf(turn, True, turn, nt, nl, nr, nlast)
            elif not ((fits[nl] & ~nt & ~neutral[nl]) or (fits[nr] & ~nt & ~neutral[nr])):
                v = leaf(turn, False, turn, nt, nl, nr, nlast)
            else:
                v = search(nxt[turn], nl, nr, nt, 0, nlast)
            placed.pop()
            hands[turn] = hand
            if found is None or v[turn] > found[turn]:
                found = v
        assert found is not None
        table[key] = found
        return found

    return search(
        state.turn, state.left, state.right, state.table, state.knocks, state.last_nondouble
    )


Leaf = Callable[[int, bool, int, int, int, int, int], list[float]]


def _leaves(
    state: RoundState,
    values: Callable[[RoundState], list[float]],
    hands: list[int],
    boneyard: list[int],
    placed: list[tuple[int, int, int]],
    seen: dict[tuple[object, ...], list[float]],
) -> Leaf:
    """The value of the round ending here, from the search's live variables: a real state is
    built (so the variant's own scoring values it) once per distinct ending (``seen``, which the
    solves of one guessed deal share: the moves of a decision end in many of the same ways)."""

    def leaf(
        turn: int, out: bool, lay: int, table: int, left: int, right: int, last: int
    ) -> list[float]:
        key = (*hands, table, turn, out, lay, last, placed[-1][0])
        v = seen.get(key)
        if v is None:
            s = state.copy()
            s.hands = hands[:]
            s.boneyard = boneyard[:]
            s.placed = placed[:]
            s.left, s.right, s.table, s.turn = left, right, table, turn
            s.last_nondouble = last
            if out:
                s.over = True
                s.went_out = turn
            else:
                s.end_fish(lay)  # K4.2/K4.3, the boneyard taken by the next seat (K4.4)
            v = seen[key] = values(s)
        return v

    return leaf
