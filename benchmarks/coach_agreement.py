"""How often the coach's "best move" is the master's own choice (issue 26, part 4).

    nice -n 19 .venv/bin/python benchmarks/coach_agreement.py [--positions 60] [--seed 26]

Positions with two or more distinct moves come from 2- and 4-player Козёл matches played by
greedy and random seats (``benchmarks/bots.py sample_views``). At each, the master (clock off,
so a seed fixes it) chooses a move, and three judges name their best: the hint
(:func:`domino_tui.bots.explain.advise`, the master's judgement at the hint's budget), the
review's search (:func:`domino_tui.coach.review.review_values` at the tutor's budget: the master's
deals and endgame, heavy playouts), and, for scale, the judge the hint used before issue 26
(heavy playouts, deals by room left, no play model, no exact endgame). Printed: agreement with
the master over all positions and over the clear ones (the hint's best beats its runner-up by
more than two standard errors of the paired difference), and the median time of each judge.
Each judge has its own seed, so agreement measures the judges' noise as well as their method:
the master against itself with another seed is the ceiling.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bots import sample_views
from domino_tui.bots import MASTER, make_bot
from domino_tui.bots.config import SearchConfig
from domino_tui.bots.explain import (
    BUDGET,
    HINT,
    MAX_GUESSES,
    advise,
    distinct_moves,
    evaluate,
    noise,
)
from domino_tui.bots.pimc import PimcBot
from domino_tui.coach.review import TUTOR_BUDGET, review_values
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import SeatView

OLD_HINT = SearchConfig(playouts=BUDGET, most=MAX_GUESSES)  # the hint's judge before issue 26


def judges(seed: int) -> dict[str, Callable[[SeatView], int]]:
    rival = PimcBot(seed + 1, MASTER.with_clock(0))
    return {
        "hint (master's judgement)": lambda v: advise(v, seed).code,
        "review / tutor search": lambda v: (
            review_values(v, v.legal[0], seed=seed, budget=TUTOR_BUDGET)[0].code
        ),
        "old hint (heavy, by room)": lambda v: evaluate(v, seed, OLD_HINT)[0].code,
        "master, other seed (ceiling)": rival.choose,
    }


def same(view: SeatView, a: int, b: int) -> bool:
    """The same move, counting a tile laid on either of two equal ends as one."""
    if a == b:
        return True
    return bool(view.left == view.right and a >= 0 and b >= 0 and a >> 1 == b >> 1)


def run(positions: int, seed: int) -> None:
    print(f"# The coach against the master's own choices — seed {seed}\n")
    print("| players | judge | positions | agree | clear positions | agree when clear | ms |")
    print("|---|---|---|---|---|---|---|")
    for players in (2, 4):
        views = sample_views(make_rules({"players": players}), positions * 2, seed)
        views = [v for v in views if len(distinct_moves(v)) > 1][:positions]
        master = make_bot("master", seed, clock=False)
        chosen = [master.choose(v) for v in views]
        clear = []
        for v in views:
            values = evaluate(v, seed + 7, HINT)
            clear.append(values[0].mean - values[1].mean > 2 * noise(values[0], values[1]))
        for name, judge in judges(seed + 100).items():
            agree, agree_clear, times = 0, 0, []
            for v, m, c in zip(views, chosen, clear, strict=True):
                t0 = time.process_time()
                best = judge(v)
                times.append(time.process_time() - t0)
                agree += same(v, best, m)
                agree_clear += c and same(v, best, m)
            n, nc = len(views), sum(clear)
            print(
                f"| {players} | {name} | {n} | {agree / n:.0%} | {nc} | "
                f"{agree_clear / max(1, nc):.0%} | {statistics.median(times) * 1000:.0f} |",
                flush=True,
            )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60, help="per table size")
    parser.add_argument("--seed", type=int, default=26)
    args = parser.parse_args()
    t0 = time.perf_counter()
    run(args.positions, args.seed)
    print(f"\n_{time.perf_counter() - t0:.0f} s wall_")
    return 0


if __name__ == "__main__":
    sys.exit(main())
