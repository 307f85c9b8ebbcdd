"""How long the coach takes to review a whole match, and how stable its labels are (issue 12,
item 5: a whole 4-player match of human decisions in at most 60 s on two cores, labels stable
between two review seeds for at least 95% of the decisions).

    python benchmarks/coach.py [--matches 3] [--players 4] [--bots easy] [--budget 4000]
                               [--workers 2] [--json]

Each match is played by bots (``--bots`` at every seat, seeded) and then **every** decision of
**every** seat is reviewed, as if all four were human (hot-seat: the most a match can hold),
twice, with two review seeds, in ``--workers`` processes. Printed per match: its size (rounds,
decisions, the counted ones), the wall time of one review of seat 0 alone (one human among
bots, the usual game) and of all the seats, and side by side in the same run the
yardstick: the hint's evaluation of the same positions (``bots.explain.evaluate`` at the hint's
own budget, one process), so the ratio says what the review costs against what the table
already spends on a hint; the stability: the share of decisions whose label (none,
inaccuracy, mistake, blunder) is the same in both reviews, over all decisions and over the
counted ones. The medians over the matches close the table. Wall times on a shared machine are
noisy: the ratio is the figure to compare.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from domino_tui.bots import LEVELS, make_bot
from domino_tui.bots.explain import evaluate
from domino_tui.coach.review import REVIEW_BUDGET, positions, review_match
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import seat_view


def played_match(players: int, seed: int, bot: str) -> Match:
    m = Match(make_rules({"players": players}), seed)
    bots = [make_bot(LEVELS.get(bot, bot), seed * 31 + s) for s in range(players)]
    while not m.over:
        m.apply(bots[m.turn].choose(seat_view(m, m.turn)))
    return m


def run(players: int, seed: int, budget: int, bot: str, workers: int) -> dict[str, Any]:
    m = played_match(players, seed, bot)
    seats = range(players)
    start = time.perf_counter()
    review_match(m, [0], seed=1, budget=budget, workers=workers)
    one_s = time.perf_counter() - start
    start = time.perf_counter()
    first = review_match(m, seats, seed=1, budget=budget, workers=workers)
    review_s = time.perf_counter() - start
    second = review_match(m, seats, seed=2, budget=budget, workers=workers)
    start = time.perf_counter()
    for _r, _i, then, _code in positions(m):
        if len(then.legal_actions()) > 1:
            evaluate(seat_view(then, then.turn), 1)
    yard_s = time.perf_counter() - start
    pairs = list(zip(first, second, strict=True))
    counted = [(a, b) for a, b in pairs if a.counted or b.counted]
    return {
        "rounds": len(m.results),
        "decisions": len(first),
        "counted": len(counted),
        "one_seat_s": round(one_s, 1),
        "review_s": round(review_s, 1),
        "yardstick_s": round(yard_s, 1),
        "ratio": round(review_s / yard_s, 2) if yard_s else None,
        "stable_all": round(sum(a.label == b.label for a, b in pairs) / len(pairs), 3),
        "stable_counted": round(sum(a.label == b.label for a, b in counted) / len(counted), 3)
        if counted
        else None,
        "labels": {
            name: sum(1 for d in first if d.label == name)
            for name in ("inaccuracy", "mistake", "blunder")
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=REVIEW_BUDGET)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bots", default="easy")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for k in range(args.matches):
        rows.append(run(args.players, args.seed + k, args.budget, args.bots, args.workers))
        if not args.json:
            print(f"match {k + 1}: {rows[-1]}", flush=True)
    keys = (
        "decisions",
        "one_seat_s",
        "review_s",
        "yardstick_s",
        "ratio",
        "stable_all",
        "stable_counted",
    )
    medians = {key: statistics.median(r[key] for r in rows if r[key] is not None) for key in keys}
    if args.json:
        print(json.dumps({"matches": rows, "median": medians}))
        return
    print("median: " + ", ".join(f"{k} {v}" for k, v in medians.items()))


if __name__ == "__main__":
    main()
