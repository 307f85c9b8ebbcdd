"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse
2012) over the same sampler as PIMC.

Each iteration guesses a full deal consistent with the view, walks one shared tree restricted to
the actions legal in that guess (UCB with availability counts, so rarely possible actions are not
over-explored), adds one node, plays out with the default policy and backs the result up, each
node crediting the seat that chose it. Unlike PIMC the tree learns the opponents' replies instead
of assuming they play the default policy.

Budgets: ``iterations`` per decision (deterministic for a seed) and an optional wall-clock cap
``time_ms`` for interactive play; a single legal action is answered at once. ``policy`` picks the
playouts' default policy (``rollout.POLICIES``): more iterations alone level off near 800, because
the playouts' judgement, not the sample size, limits what the search learns. The master level
uses the "smart" playouts (docs/bots.md has the measurements).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from ..engine.round import RoundState
from ..engine.variants import get_variant
from ..engine.view import SeatView
from .base import ExplainingBot
from .evaluate import Evaluator
from .rollout import POLICIES
from .sampler import Sampler
from .search import action_name, decision_rng

ITERATIONS = 800
TIME_MS = 400
EXPLORATION = 0.7
VALUE_SCALE = 40.0  # pips; values are divided by it so that EXPLORATION is scale-free
SCALE_PLAYOUTS = 32  # other variants: playouts that measure the values' scale first
SCALE_RATIO = 2.5  # Козёл's 40 pips over the mean absolute playout value of its positions (16)


class Node:
    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


class IsmctsBot(ExplainingBot):
    """SO-ISMCTS with iteration and time budgets."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = ITERATIONS,
        time_ms: int = TIME_MS,
        exploration: float = EXPLORATION,
        policy: str = "heavy",
    ) -> None:
        if policy not in POLICIES:
            raise ValueError(f"unknown policy {policy!r}; choose one of: {', '.join(POLICIES)}")
        self.policy = policy
        self.seed = seed
        self.iterations = iterations
        self.time_ms = time_ms
        self.exploration = exploration
        self.scale = VALUE_SCALE  # the last search's value scale

    def decide(self, view: SeatView) -> tuple[int, str]:
        legal = view.legal
        root, done = self.search(view)
        ranked = sorted(legal, key=lambda a: _rank(root, a), reverse=True)
        best = ranked[0]
        node = root.children.get(best)
        mean = node.total / node.visits * self.scale if node and node.visits else 0.0
        share = (node.visits if node else 0) / max(1, done)
        unit = get_variant(view.rules.variant).score_unit
        reason = (
            f"{action_name(view, best)} holds up best over {done} guessed deals "
            f"({share:.0%} of the search, {mean:+.1f} {unit} on average)"
        )
        return best, reason

    def search(self, view: SeatView) -> tuple[Node, int]:
        """Run the budget; returns the root and the number of iterations done."""
        rng = decision_rng(self.seed, view)
        rnd = rng.random
        sampler = Sampler(view)
        evaluator = Evaluator(view)
        root = Node()
        c = self.exploration
        deadline = time.perf_counter() + self.time_ms / 1000 if self.time_ms > 0 else math.inf
        done = 0
        log = math.log
        playout = POLICIES[self.policy](view.rules)
        sqrt = math.sqrt
        scale = self.scale = (
            VALUE_SCALE
            if get_variant(view.rules.variant).score_unit == "pips"
            else _measure_scale(sampler, evaluator, playout, rng)
        )
        while done < self.iterations:
            if done & 15 == 0 and done and time.perf_counter() > deadline:
                break
            s = sampler.state(rng)
            node = root
            path: list[tuple[Node, int]] = []
            while not s.over:
                acts = s.legal_actions()
                actor = s.turn
                children = node.children
                untried = [a for a in acts if a not in children]
                if untried:
                    a = untried[int(rnd() * len(untried))]
                    child = Node()
                    children[a] = child
                    for b in acts:
                        if b != a and b in children:
                            children[b].avail += 1
                    path.append((child, actor))
                    s.apply_unchecked(a)
                    break
                best_a, best_u = acts[0], -math.inf
                for a in acts:
                    ch = children[a]
                    ch.avail += 1
                    u = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                    if u > best_u:
                        best_a, best_u = a, u
                node = children[best_a]
                path.append((node, actor))
                s.apply_unchecked(best_a)
            playout(s, rnd)
            values = evaluator.seat_values(s)
            for n, actor in path:
                n.visits += 1
                n.total += values[actor] / scale
            done += 1
        return root, done


def _measure_scale(
    sampler: Sampler,
    evaluator: Evaluator,
    playout: Callable[[RoundState, Callable[[], float]], RoundState],
    rng: random.Random,
) -> float:
    """The values' scale in a variant's own currency (телефон's fives, генерал's rounds, …): the
    mean absolute value of a few playouts from the position times :data:`SCALE_RATIO`, so that
    EXPLORATION means the same in every variant as with 40 pips in Козёл (whose positions'
    playouts are worth 16 pips on average). Never below a tenth of a point."""
    total = 0.0
    count = 0
    for _ in range(SCALE_PLAYOUTS):
        s = playout(sampler.state(rng), rng.random)
        for v in evaluator.seat_values(s):
            total += abs(v)
            count += 1
    return max(0.1, SCALE_RATIO * total / count)


def _rank(root: Node, action: int) -> tuple[int, float]:
    node = root.children.get(action)
    if node is None or not node.visits:
        return (0, -math.inf)
    return (node.visits, node.total / node.visits)
