"""Perfect-information Monte Carlo: guess the hidden tiles many times, play every candidate out on
each guess, keep the candidate with the best mean result.

Every candidate is tried on the same guesses (common random numbers), which removes most of the
noise from the comparison. The budget is either ``playouts`` per decision, shared among the
candidates, or a fixed number of guessed deals (``samples``: the yardstick of issue 13 is
``pimc:samples=60``, sixty deals, heavy-first playouts, one ply). ``policy`` picks the playouts'
default policy; ``solve`` (tiles) solves a guessed deal exactly once at most that many tiles are
left in the hands and the boneyard (:mod:`.endgame`), ``finish`` (tiles) lets every playout
hand over to that exact search once so many tiles are left, ``nodes`` bounds one solve and
``pool`` all the solves of a decision, ``chance`` makes the exact search average over what a
draw brings instead of reading the guessed order, ``prune`` stops valuing a move once it is
clearly behind (the time goes to the moves still in question); ``weigh`` weighs the guessed
deals by the other seats' choices (:mod:`.opponent`); ``time_ms`` caps the wall clock (the arena
switches it off, so a seed fixes every decision).
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from ..engine.view import SeatView
from .base import ExplainingBot
from .endgame import SOLVE_NODES
from .rollout import POLICIES
from .search import action_name

if TYPE_CHECKING:
    from .explain import MoveValue

PLAYOUTS = 600  # per decision, shared among the candidates


class PimcBot(ExplainingBot):
    """Samples consistent deals, plays each legal action out with the default policy."""

    name = "pimc"

    def __init__(
        self,
        seed: int = 0,
        playouts: int = PLAYOUTS,
        samples: int = 0,
        policy: str = "heavy",
        solve: int = 0,
        nodes: int = SOLVE_NODES,
        time_ms: int = 0,
        weigh: bool = False,
        finish: int = 0,
        pool: int = 0,
        chance: bool = False,
        prune: bool = False,
    ) -> None:
        if policy not in POLICIES:
            raise ValueError(f"unknown policy {policy!r}; choose one of: {', '.join(POLICIES)}")
        self.seed = seed
        self.playouts = playouts
        self.samples = samples
        self.policy = policy
        self.solve = solve
        self.nodes = nodes
        self.time_ms = time_ms
        self.weigh = weigh
        self.finish = finish
        self.pool = pool
        self.chance = chance
        self.prune = prune

    def decide(self, view: SeatView) -> tuple[int, str]:
        legal = view.legal
        if len(legal) == 1:
            return legal[0], f"{action_name(view, legal[0])} is the only move"
        values = self.values(view)
        best, guesses = values[0], len(values[0].samples)
        if len(values) == 1:  # the same play on either end
            return best.code, f"{action_name(view, best.code)} is the only move"
        other = values[1]
        reason = (
            f"{action_name(view, best.code)} averages {best.mean:+.1f} pips over {guesses} "
            f"guessed deals, {best.mean - other.mean:.1f} better than "
            f"{action_name(view, other.code)}"
        )
        return best.code, reason

    def values(self, view: SeatView) -> tuple[MoveValue, ...]:
        """Every distinct move's values over the guessed deals, best first."""
        # the search is imported by the first decision, not by seating the bot (the first frame)
        from .explain import MIN_GUESSES, evaluate

        moves = len(view.legal)
        if self.samples:
            budget, most = self.samples * moves, self.samples
        else:
            budget, most = self.playouts, max(MIN_GUESSES, self.playouts // max(1, moves))
        deadline = time.perf_counter() + self.time_ms / 1000 if self.time_ms else math.inf
        return evaluate(
            view,
            self.seed,
            budget,
            self.policy,
            most=most,
            solve_nodes=self.nodes if self.solve else 0,
            solve_tiles=self.solve,
            deadline=deadline,
            weigh=self.weigh,
            finish=self.finish,
            pool_nodes=self.pool,
            chance=self.chance,
            prune=self.prune,
        )
