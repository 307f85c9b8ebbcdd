"""The end of a round solved exactly on one guessed deal, instead of played out by a policy.

A playout policy plays the last few tiles plausibly, not well: it may hand the next seat its
last tile or walk into a fish that an attentive player sees coming. When few tiles are left in
the hands, the game tree of one guessed deal (every hand and the boneyard's order fixed) is
small, so it is searched to the end: each seat to move picks the action best for itself (max-n,
with partners sharing their side's value), valued by the same :class:`Evaluator` as playouts.
The coach's review uses it (a review must not blame a move for the policy's later errors); the
search is capped in nodes, and a tree that grows past the cap is left to the playout.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.actions import is_play
from ..engine.round import RoundState

SOLVE_TILES = 10  # tiles left in the hands and the boneyard together at most, to try a solve
SOLVE_NODES = 3000  # positions searched at most per solve
GIVE_UP = 3  # solves that grow too big before an evaluation stops trying (the trees are alike)


class _TooBig(Exception):
    pass


def _moves(s: RoundState) -> list[int]:
    """The legal actions without a tile's mirror on the line's two equal ends."""
    legal = s.legal_actions()
    if not s.cross and s.placed and s.left == s.right:
        return [a for a in legal if not (is_play(a) and a & 1)]
    return legal


def solve(
    state: RoundState, values: Callable[[RoundState], list[float]], nodes: int = SOLVE_NODES
) -> list[float] | None:
    """Each seat's value of the round played to the end by seats that each play their best
    (all hands known); None when the end is too far (more than ``nodes`` positions)."""
    if sum(bin(h).count("1") for h in state.hands) + len(state.boneyard) > SOLVE_TILES:
        return None
    left = [nodes]

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
