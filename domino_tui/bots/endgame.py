"""The end of a round solved exactly on one guessed deal, instead of played out by a policy.

A playout policy plays the last few tiles plausibly, not well: it may hand the next seat its
last tile or walk into a fish that an attentive player sees coming. When few tiles are left in
the hands, the game tree of one guessed deal (every hand and the boneyard's order fixed) is
small, so it is searched to the end, valued by the same :class:`Evaluator` as playouts.

- Two sides (2 players, or pairs): the values are zero-sum (one side's gain is the other's
  loss), so the search is alpha-beta with the heaviest tiles tried first and a table of the
  positions already met (the same position is reached by laying two tiles in either order).
  In a 2-player Козёл round the unseen tiles *are* the other hand once the boneyard is empty,
  so there the solve is the true value of the position, not a guess.
- Three or four sides: max-n (each seat to move picks what is best for itself).

The search is capped in nodes, and a tree that grows past the cap is left to the playout. The
coach's review and the master bot use it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ..engine.actions import is_play
from ..engine.round import RoundState
from .line_solve import Table, TooBig, duel, fits_line, max_n

SOLVE_TILES = 10  # tiles left in the hands and the boneyard together at most, to try a solve
SOLVE_NODES = 3000  # positions searched at most per solve
CROSS_TILES = 10  # the cross (осёл, телефон, …): searched on copied states, a shorter horizon
MAX_N_TILES = 13  # three or four sides: max-n prunes nothing, so its horizon is shorter
SOLVE_POOL = 10  # an evaluation's solves share this many times ``nodes`` in all
GIVE_UP = 3  # solves that grow too big before an evaluation stops trying (the trees are alike)

Values = Callable[[RoundState], list[float]]
_EXACT, _LOWER, _UPPER = 0, 1, 2


class _TooBig(Exception):
    pass


def tiles_left(state: RoundState) -> int:
    """Tiles in every hand and in the boneyard: the size of what a solve must search."""
    return sum(h.bit_count() for h in state.hands) + len(state.boneyard)


def _moves(s: RoundState) -> list[int]:
    """The legal actions without a tile's mirror on the line's two equal ends."""
    legal = s.legal_actions()
    if not s.cross and s.placed and s.left == s.right:
        return [a for a in legal if not (is_play(a) and a & 1)]
    return legal


def solve(
    state: RoundState,
    values: Values,
    nodes: int = SOLVE_NODES,
    side_of: Sequence[int] | None = None,
    tiles: int = SOLVE_TILES,
    pool: list[int] | None = None,
    perspective: int = -1,
    table: Table | None = None,
    chance: bool = False,
    many_tiles: int = MAX_N_TILES,
    paranoid: bool = False,
) -> list[float] | None:
    """Each seat's value of the round played to the end by seats that each play their best
    (all hands known); None when the end is too far (more than ``tiles`` tiles left, or more
    than ``nodes`` positions). With ``side_of`` (each seat's side) and two sides still in the
    round, the zero-sum search is used. ``pool`` is a node allowance shared by the solves of one
    decision (``[n]``, spent in place), so that many guessed deals cannot add up to a long
    think. The zero-sum search may share its ``table`` of positions between the solves of one
    guessed deal (the moves of one decision lead to many of the same positions) when they all
    take the same ``perspective`` seat. With ``chance``, the zero-sum search on the line averages
    over the tile a draw brings instead of reading the guessed order (:func:`.line_solve.duel`).

    Three or more sides are solved at most ``many_tiles`` tiles from the end (max-n prunes
    nothing). With ``paranoid`` they are instead taken as two: the ``perspective`` seat's side
    against a coalition of all the others, which minimizes its value (the values are zero-sum
    over the seats, so that is the coalition's own best) — alpha-beta then prunes, which buys a
    longer horizon at the same think time (docs/bots.md, "Four players and pairs")."""
    many = side_of is None or len({side_of[s] for s in state.seats}) > 2
    if tiles_left(state) > (min(tiles, many_tiles) if many else tiles):
        return None
    if many and paranoid and side_of is not None and perspective >= 0 and fits_line(state):
        mine = side_of[perspective]
        side_of = [0 if side_of[s] == mine else 1 for s in range(len(side_of))]
        many = False
    if state.over:
        return values(state)
    cap = nodes if pool is None else min(nodes, pool[0])
    left = [cap]
    if not state.cross:  # the search's own events only (a line round's rules never read them)
        state = state.copy()
        state.history = []
    if not many and side_of is not None:
        root = state.turn if perspective < 0 else perspective
        table = Table() if table is None else table
        if fits_line(state):
            try:
                v = duel(state, values, left, side_of, root, table, chance)
            except TooBig:
                result = None
            else:
                result = [v if side_of[s] == side_of[root] else -v for s in range(len(side_of))]
        else:
            result = _duel(state, values, left, side_of, root, table)
    elif fits_line(state):
        try:
            result = max_n(state, values, left, Table() if table is None else table)
        except TooBig:
            result = None
    else:
        result = _max_n(state, values, left)
    if pool is not None:
        pool[0] -= cap - max(0, left[0])
    return result


def _max_n(state: RoundState, values: Values, left: list[int]) -> list[float] | None:

    def search(s: RoundState) -> list[float]:
        if s.over:
            return values(s)
        left[0] -= 1
        if left[0] < 0:
            raise _TooBig
        me = s.turn
        best: list[float] | None = None
        for a in _moves(s):
            t = s.copy()
            t.apply_unchecked(a)
            v = search(t)
            if best is None or v[me] > best[me]:
                best = v
        assert best is not None  # a round in play always has an action
        return best

    try:
        return search(state)
    except _TooBig:
        return None


def _key(s: RoundState) -> tuple[object, ...]:
    """What decides the rest of a line round: hands, what can still be drawn, the ends, whose
    turn, the knocks in a row, who would be the fisher (K4.3) and the draws of this turn."""
    return (
        *s.hands,
        len(s.boneyard),
        s.left,
        s.right,
        s.turn,
        s.knocks,
        s.last_nondouble,
        s.drawn,
        s.table,
    )


def _duel(
    state: RoundState,
    values: Values,
    left: list[int],
    side_of: Sequence[int],
    root: int,
    table: Table,
) -> list[float] | None:
    """Alpha-beta over the value of ``root``'s side (the other side's is its negative)."""
    mine = side_of[root]
    rank = state.geo.ts.pips
    memo = not state.cross  # the cross has more state than the key holds

    def order(s: RoundState) -> list[int]:
        moves = _moves(s)
        if len(moves) > 1:
            moves.sort(key=lambda a: -rank[a >> 1] if is_play(a) else 0)
        return moves

    def search(s: RoundState, alpha: float, beta: float) -> float:
        if s.over:
            return values(s)[root]
        key = _key(s) if memo else None
        if key is not None:
            hit = table.bounds.get(key)
            if hit is not None:
                flag, v = hit
                if (
                    flag == _EXACT
                    or (flag == _LOWER and v >= beta)
                    or (flag == _UPPER and v <= alpha)
                ):
                    return v
        left[0] -= 1
        if left[0] < 0:
            raise _TooBig
        a0, b0 = alpha, beta
        if side_of[s.turn] == mine:
            best = -math.inf
            for a in order(s):
                t = s.copy()
                t.apply_unchecked(a)
                v = search(t, alpha, beta)
                if v > best:
                    best = v
                    alpha = max(alpha, v)
                    if alpha >= beta:
                        break
        else:
            best = math.inf
            for a in order(s):
                t = s.copy()
                t.apply_unchecked(a)
                v = search(t, alpha, beta)
                if v < best:
                    best = v
                    beta = min(beta, v)
                    if alpha >= beta:
                        break
        if key is not None:
            flag = _UPPER if best <= a0 else _LOWER if best >= b0 else _EXACT
            table.bounds[key] = (flag, best)
        return best

    try:
        v = search(state, -math.inf, math.inf)
    except _TooBig:
        return None
    return [v if side_of[s] == mine else -v for s in range(len(side_of))]
