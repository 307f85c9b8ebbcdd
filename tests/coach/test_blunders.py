"""The review names the blunders a player would name (issue 12, part 6), measured against the
truth: two players holding all 28 tiles (hand_size 14, no boneyard) play with nothing hidden, so
the exact value of every move near the round's end is found by searching the whole game tree.

Every move of such positions (seeded random/greedy games, the last 8 tiles) whose exact loss is
a clear blunder is labelled blunder by the review; among them are the moves that let the other
player go out at once (K4: the round ends, the mover pays its hand) and those that make a fish
the mover loses (K4.2, K8); a move that loses nothing exactly is not labelled at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from domino_tui.bots.evaluate import Evaluator
from domino_tui.bots.explain import distinct_moves
from domino_tui.coach.review import LABELS, review_decision
from domino_tui.engine.round import RoundState
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import SeatView, seat_view
from tests.bots.helpers import positions

OPEN = make_rules({"players": 2, "hand_size": 14})
BUDGET = 800
BLUNDER = LABELS[0][1]
MARGIN = 3.0  # points beyond the blunder line, so that a case is a blunder beyond doubt


@dataclass(frozen=True)
class Case:
    view: SeatView
    move: int
    loss: float  # exact, against the best move
    kind: str  # "out" (the other player goes out next), "fish" (a fish the mover loses), ""


def _exact(state: RoundState, me: int, ev: Evaluator) -> float:
    if state.over:
        return ev.seat_values(state)[me]
    values = []
    for a in state.legal_actions():
        s = state.copy()
        s.apply_unchecked(a)
        values.append(_exact(s, me, ev))
    return max(values) if state.turn == me else min(values)


def _kind(after: RoundState, me: int, ev: Evaluator) -> str:
    if after.over:
        return "fish" if after.fish and ev.seat_values(after)[me] < 0 else ""
    for a in after.legal_actions():
        s = after.copy()
        s.apply_unchecked(a)
        if s.over and s.went_out == 1 - me:
            return "out"
    return ""


def _cases(seeds: range) -> list[Case]:
    out = []
    for seed in seeds:
        for m in positions(OPEN, seed):
            st = m.round
            if sum(bin(h).count("1") for h in st.hands) > 8:
                continue
            view = seat_view(m, m.turn)
            moves = distinct_moves(view)
            if len(moves) < 2:
                continue
            ev = Evaluator(view)
            exact = {}
            for a in moves:
                s = st.copy()
                s.apply_unchecked(a)
                exact[a] = (_exact(s, m.turn, ev), _kind(s, m.turn, ev))
            best = max(v for v, _k in exact.values())
            out += [Case(view, a, best - v, k) for a, (v, k) in exact.items()]
    return out


CASES = _cases(range(12))


def test_the_positions_hold_every_kind_of_blunder() -> None:
    """Not vacuous: the seeded games give blunders of both kinds and moves that lose nothing."""
    big = [c for c in CASES if c.loss >= BLUNDER + MARGIN]
    assert {c.kind for c in big} >= {"out", "fish"}
    assert len(big) >= 20
    assert sum(c.loss == 0 for c in CASES) >= 20


def test_every_clear_blunder_is_labelled_blunder() -> None:
    for c in CASES:
        if c.loss >= BLUNDER + MARGIN:
            d = review_decision(c.view, c.move, budget=BUDGET)
            assert d.counted and d.label == "blunder", (c, d)


def test_letting_the_other_player_go_out_or_losing_a_fish_is_never_unlabelled() -> None:
    """Whatever its size, a move that hands the other player its last tile or closes a fish the
    mover loses, where a better move exists, is named (at least an inaccuracy)."""
    for c in CASES:
        if c.kind and c.loss >= LABELS[-1][1] + MARGIN:
            assert review_decision(c.view, c.move, budget=BUDGET).label, c


def test_a_move_that_loses_nothing_is_not_labelled() -> None:
    for c in [c for c in CASES if c.loss == 0][:40]:
        d = review_decision(c.view, c.move, budget=BUDGET)
        assert d.loss == 0.0 and d.label == "", (c, d)
