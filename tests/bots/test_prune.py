"""Pruning the moves of a decision (issue 13, ``pimc:prune=true``): a move clearly behind the best
one stops being valued, a move within the noise stays, and the pruned evaluation still picks a
move of the best value where the difference is clear."""

from __future__ import annotations

import random

from domino_tui.bots.config import SearchConfig
from domino_tui.bots.explain import PRUNE_SE, contenders, evaluate, noise
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import seat_view

from .helpers import positions


def test_a_move_behind_on_every_deal_is_dropped_and_the_best_is_kept() -> None:
    rng = random.Random(1)
    base = [rng.gauss(0, 10) for _ in range(32)]
    samples = {
        1: base,
        2: [v - 4 for v in base],  # worse by 4 on every deal: no noise, simply worse
        3: [v + rng.gauss(0, 1) for v in base],  # the same move up to noise
        4: [v - 1 + rng.gauss(0, 8) for v in base],  # behind by less than its noise
    }
    kept = contenders([1, 2, 3, 4], samples)
    assert 2 not in kept
    assert 3 in kept and 4 in kept
    best = max(samples, key=lambda a: sum(samples[a]))
    assert best in kept


def test_a_move_far_behind_with_noise_goes_and_one_near_stays() -> None:
    rng = random.Random(2)
    base = [rng.gauss(0, 10) for _ in range(24)]
    far = [v - 30 + rng.gauss(0, 5) for v in base]
    near = [v - 0.5 + rng.gauss(0, 5) for v in base]
    assert contenders([7, 8, 9], {7: base, 8: far, 9: near}) == [7, 9]
    assert PRUNE_SE >= 2  # a pruned move is behind by more than two standard errors


def test_pruned_values_keep_the_dropped_moves_and_agree_on_clear_choices() -> None:
    """Every distinct move is still returned (a dropped one with fewer deals), and the pruned
    evaluation picks a move the unpruned one values within its noise of the best (the two see
    different deals once a move is dropped): pruning saves time, it does not change answers."""
    rules = make_rules({"players": 2})
    checked = dropped = 0
    for seed in range(6):
        for k, match in enumerate(positions(rules, seed)):
            view = seat_view(match, match.turn)
            if len(view.legal) < 3 or k % 3:
                continue
            full = evaluate(view, 5, SearchConfig(samples=60))
            pruned = evaluate(view, 5, SearchConfig(samples=60, prune=True))
            assert {m.code for m in full} == {m.code for m in pruned}
            assert max(len(m.samples) for m in pruned) == 60
            dropped += min(len(m.samples) for m in pruned) < 60
            chosen = next(m for m in full if m.code == pruned[0].code)
            assert chosen.mean >= full[0].mean - 1 - PRUNE_SE * noise(full[0], chosen)
            checked += 1
    assert checked >= 10
    assert dropped >= 3  # the option does drop moves
