"""Where the coach's labels and ratings come from (issue 12, item 1): bots of known strength
reviewed side by side.

    python benchmarks/coach_calibrate.py [--matches 4] [--budget 4000] [--rules kozel] [--json]

Each match seats four bots of different strength at one table (seeded): ``random``, ``easy``
(greedy), ``medium`` (counter) and ``master``, rotated from match to match so that no seat's
luck favours one bot. Every decision of every seat is reviewed from its own view
(:func:`domino_tui.coach.review.review_match`). Printed per bot: decisions, counted ones, the
error rate (mean loss per counted decision) and the share of counted decisions at or above each
candidate threshold, so the thresholds can be read off: greedy should make many mistakes and
master almost none. The figures behind the thresholds in ``coach/review.py`` and the rating
bounds in ``coach/report.py`` are quoted there.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from domino_tui.bots import LEVELS, make_bot
from domino_tui.coach.review import REVIEW_BUDGET, Decision, review_match
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.variants import preset_values
from domino_tui.engine.view import seat_view

BOTS = ("random", "easy", "medium", "master")
CUTS = (1.0, 2.0, 3.0, 5.0, 8.0, 12.0, 20.0)


def play(rules_name: str, seed: int, order: tuple[str, ...]) -> Match:
    m = Match(make_rules(preset_values(rules_name)), seed)
    bots = [make_bot(LEVELS.get(name, name), seed * 31 + s) for s, name in enumerate(order)]
    while not m.over:
        m.apply(bots[m.turn].choose(seat_view(m, m.turn)))
    return m


def figures(decisions: list[Decision]) -> dict[str, Any]:
    counted = [d for d in decisions if d.counted]
    n = max(1, len(counted))
    return {
        "decisions": len(decisions),
        "counted": len(counted),
        "rate": round(sum(d.loss for d in counted) / n, 2),
        "at_least": {f"{c:g}": round(sum(d.loss >= c for d in counted) / n, 3) for c in CUTS},
    }


def main() -> None:  # the review's processes import this file: the work stays in main()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=4)
    parser.add_argument("--budget", type=int, default=REVIEW_BUDGET)
    parser.add_argument("--rules", default="kozel")
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    found: dict[str, list[Decision]] = {name: [] for name in BOTS}
    for k in range(args.matches):
        order = BOTS[k % 4 :] + BOTS[: k % 4]
        m = play(args.rules, args.seed + k, order)
        for d in review_match(m, range(4), seed=k, budget=args.budget, workers=2):
            found[order[d.seat]].append(d)
        print(f"match {k + 1}/{args.matches} reviewed", file=sys.stderr, flush=True)
    table = {name: figures(ds) for name, ds in found.items()}
    if args.json:
        print(json.dumps(table))
        return
    print(f"{'bot':>8} {'dec':>5} {'cnt':>5} {'rate':>6}  " + " ".join(f"≥{c:<5g}" for c in CUTS))
    for name, f in table.items():
        shares = " ".join(f"{f['at_least'][f'{c:g}']:<6.3f}" for c in CUTS)
        print(f"{name:>8} {f['decisions']:>5} {f['counted']:>5} {f['rate']:>6.2f}  {shares}")


if __name__ == "__main__":
    main()
