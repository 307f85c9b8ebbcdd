"""How long the coach takes to review a whole match, and how stable its labels are (issue 12,
item 5).

    python benchmarks/coach.py [--players 4] [--seed 1] [--budget 2400] [--bots hard] [--json]

A match is played by bots (``--bots`` at every seat, seeded), then every decision of seat 0 is
reviewed twice with two different review seeds. Printed: the match's size (rounds, seat 0's
decisions, the counted ones), the CPU time of one review of all of them, the time per
decision, and side by side in the same run the yardstick: the hint's own evaluation of the
same positions with the same budget (``bots.explain.evaluate``, which the review calls once per
decision), so the ratio shows what the review adds. Stability: the share of counted decisions
whose label (none, inaccuracy, mistake, blunder) is the same in both reviews. Times are the
process's CPU time, so other work on a shared machine does not move them.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from domino_tui.bots import make_bot
from domino_tui.bots.explain import evaluate
from domino_tui.coach.review import positions, review_match
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import seat_view


def played_match(players: int, seed: int, bot: str) -> Match:
    m = Match(make_rules({"players": players}), seed)
    bots = [make_bot(bot, seed * 31 + s) for s in range(players)]
    while not m.over:
        m.apply(bots[m.turn].choose(seat_view(m, m.turn)))
    return m


def run(players: int, seed: int, budget: int, bot: str) -> dict[str, Any]:
    m = played_match(players, seed, bot)
    start = time.process_time()
    first = review_match(m, [0], seed=1, budget=budget)
    review_s = time.process_time() - start
    second = review_match(m, [0], seed=2, budget=budget)
    start = time.process_time()
    for _r, _i, then, _code in positions(m):
        if then.turn == 0 and len(then.legal_actions()) > 1:
            evaluate(seat_view(then, 0), 1, budget)
    yard_s = time.process_time() - start
    counted = [(a, b) for a, b in zip(first, second, strict=True) if a.counted or b.counted]
    same = sum(1 for a, b in counted if a.label == b.label)
    return {
        "rounds": len(m.results),
        "decisions": len(first),
        "counted": len(counted),
        "review_s": round(review_s, 2),
        "per_decision_ms": round(1000 * review_s / max(1, len(first)), 1),
        "yardstick_s": round(yard_s, 2),
        "ratio": round(review_s / yard_s, 2) if yard_s else None,
        "stable": round(same / len(counted), 3) if counted else None,
        "labels": {
            name: sum(1 for d in first if d.label == name)
            for name in ("inaccuracy", "mistake", "blunder")
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=2400)
    parser.add_argument("--bots", default="hard")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = run(args.players, args.seed, args.budget, args.bots)
    if args.json:
        print(json.dumps(figures))
        return
    for key, value in figures.items():
        print(f"{key:>16}  {value}")


if __name__ == "__main__":
    main()
