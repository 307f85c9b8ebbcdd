"""Made-up reviews that fit their match, so that the kept-review checks
(:mod:`domino_tui.coach.checked`) let them through: each decision at a reviewed seat's real
position with the code really played, a best move legal there, the label its loss earns, luck
for every round and seat, reasons (none) for every decision that lost something."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from domino_tui.bots.explain import distinct_moves
from domino_tui.coach.luck import Luck
from domino_tui.coach.report import Review
from domino_tui.coach.review import Decision, label_of, positions
from domino_tui.engine.match import Match
from domino_tui.engine.view import seat_view


def fitted_review(
    match: Match, seats: tuple[int, ...], losses: Mapping[int, Sequence[float]]
) -> Review:
    """``seats``' review of ``match``: each seat's first real choices (more than one distinct
    move) lose the given points and count; every other decision is seen and not counted."""
    left = {seat: list(losses.get(seat, ())) for seat in seats}
    decisions = []
    for r, i, then, code in positions(match):
        seat = then.turn
        if seat not in left:
            continue
        moves = distinct_moves(seat_view(then, seat))
        if len(moves) > 1 and left[seat]:
            loss = left[seat].pop(0)
            best = next(m for m in moves if m not in (code, code & ~1)) if loss > 0 else code
            decisions.append(Decision(r, i, seat, code, best, loss, 0.3, label_of(loss), True))
        else:
            decisions.append(Decision(r, i, seat, code, code, 0.0, 0.0, "", False))
    assert not any(left.values()), "the match has too few real choices for these losses"
    rounds = [r + 1 for r, codes in enumerate(match.actions) if codes]
    luck = tuple(Luck(r, s, 0.0, 0.0, 0.1) for r in rounds for s in seats)
    reasons = {(d.round, d.index): () for d in decisions if d.counted and d.loss > 0}
    return Review(seats, tuple(decisions), luck, reasons)
