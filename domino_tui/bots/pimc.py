"""Perfect-information Monte Carlo: guess the hidden tiles many times, play every candidate out on
each guess, keep the candidate with the best mean result.

Every candidate is tried on the same guesses (common random numbers), which removes most of the
noise from the comparison; the budget is a fixed number of playouts per decision, so the bot is
deterministic for a seed and its time grows with the number of legal actions only mildly.
"""

from __future__ import annotations

from ..engine.view import SeatView
from .base import ExplainingBot
from .evaluate import Evaluator
from .rollout import playout
from .sampler import Sampler
from .search import action_name, decision_rng

PLAYOUTS = 600  # per decision, shared among the candidates
MIN_GUESSES = 12


class PimcBot(ExplainingBot):
    """Samples consistent deals, plays each legal action out with the default policy."""

    name = "pimc"

    def __init__(self, seed: int = 0, playouts: int = PLAYOUTS) -> None:
        self.seed = seed
        self.playouts = playouts

    def decide(self, view: SeatView) -> tuple[int, str]:
        legal = view.legal
        means, guesses = self.means(view)
        order = sorted(legal, key=lambda a: -means[a])
        best = order[0]
        gap = means[best] - means[order[1]]
        reason = (
            f"{action_name(view, best)} averages {means[best]:+.1f} pips over {guesses} guessed "
            f"deals, {gap:.1f} better than {action_name(view, order[1])}"
        )
        return best, reason

    def means(self, view: SeatView) -> tuple[dict[int, float], int]:
        """Mean value of each legal action for this seat, and the number of guesses."""
        legal = view.legal
        rng = decision_rng(self.seed, view)
        rnd = rng.random
        sampler = Sampler(view)
        evaluator = Evaluator(view)
        guesses = max(MIN_GUESSES, self.playouts // len(legal))
        totals = dict.fromkeys(legal, 0.0)
        me = view.seat
        for _ in range(guesses):
            base = sampler.state(rng)
            for a in legal:
                s = base.copy()
                s.apply_unchecked(a)
                playout(s, rnd)
                totals[a] += evaluator.seat_values(s)[me]
        return {a: totals[a] / guesses for a in legal}, guesses
