"""Random-playout speed of every preset's kernel, side by side with Козёл in one run (issue 10,
item 8).

    python benchmarks/variants.py [--seconds 1.0] [--repeats 3] [--json]

Every preset runs through the same harness as ``benchmarks/engine.py``'s kernel rows: fresh
deals (the variant's own ``deal``, ``lead`` and ``start``), then a random playout to the end of
the round: ``engine.playout.random_playout`` on a two-ended line,
``engine.cross_playout.cross_playout`` on the cross (Осёл, Телефон/Маггинс/Все тройки, Чечевэ).
Two rates: rounds with their deal (as in ``benchmarks/engine.py``), and the playouts alone (the
kernel: what the search bots pay, who play out guessed deals and never deal; маггинс and все
тройки lead the first round by lot, a second shuffle per deal). "+ costs" also values each
finished round with the variant's ``round_costs``, as the bots do. Each figure is the median of
``--repeats`` runs; the ratio compares a preset with Козёл dealt to the same number of players
(its own default shape), measured right before it in each repeat, and is the median of the
repeats' ratios. Times are the process's CPU time, so that other work on a shared machine does
not move the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from domino_tui.engine.cross import CrossState
from domino_tui.engine.cross_playout import cross_playout
from domino_tui.engine.match import Match
from domino_tui.engine.playout import random_playout
from domino_tui.engine.round import RoundState
from domino_tui.engine.rules import Rules, make_rules
from domino_tui.engine.variants import PRESET_NAMES
from domino_tui.engine.variants.base import Sheet

BATCH = 50


def new_round(match: Match, rules: Rules) -> RoundState:
    """One fresh round dealt, led and laid out the way the preset's variant does it."""
    seats = tuple(range(rules.players))
    variant = match.variant
    d = variant.deal(match, seats)
    leader, mask = variant.lead(match, d, seats)
    return variant.start(rules, list(d.hands), list(d.boneyard), leader, mask, seats)


def kernel(rules: Rules, seconds: float, seed: int, costs: bool) -> dict[str, Any] | None:
    """Rounds per second through the preset's kernel (optionally valued by round_costs): with
    the deal (``rounds_per_s``) and the playouts alone (``playout_per_s``: what the search bots
    pay, who play out guessed deals and never deal). Rounds are dealt in batches of
    :data:`BATCH` with the clock read around each batch's deals and around its playouts."""
    match = Match(rules, seed)
    rand = random.Random(seed).random
    variant = match.variant
    standings, carry, extra = match.standings, match.carry, match.extra
    clock = time.process_time
    rounds = plays = 0
    dealing = playing = 0.0
    try:
        while dealing + playing < seconds:
            t0 = clock()
            batch = [new_round(match, rules) for _ in range(BATCH)]
            t1 = clock()
            for s in batch:
                if isinstance(s, CrossState):
                    cross_playout(s, rand)
                else:
                    random_playout(s, rand)
                if costs:
                    variant.round_costs(Sheet(rules, standings, carry, extra), s)
            t2 = clock()
            dealing += t1 - t0
            playing += t2 - t1
            plays += sum(len(s.placed) for s in batch)
            rounds += BATCH
    except NotImplementedError:  # a variant whose scoring is not written yet
        return None
    return {
        "rounds_per_s": rounds / (dealing + playing),
        "playout_per_s": rounds / playing,
        "moves_per_s": plays / playing,
        "rounds": rounds,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per measurement")
    ap.add_argument("--repeats", type=int, default=3, help="runs per row; the median is shown")
    ap.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = ap.parse_args()
    sec = args.seconds
    runs: dict[str, list[dict[str, Any]]] = {p: [] for p in PRESET_NAMES}
    for seed in range(args.repeats):
        for preset in PRESET_NAMES:  # interleaved: every preset next to its own Козёл run
            rules = make_rules({}, preset)
            base = kernel(make_rules({"players": rules.players}), sec, seed, False)
            run = kernel(rules, sec, seed, False)
            scored = kernel(rules, sec, seed, True)
            assert base is not None
            runs[preset].append({"base": base, "run": run, "scored": scored})
    rows = [_row(preset, runs[preset]) for preset in PRESET_NAMES]
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print_table(rows)


def _row(preset: str, runs: list[dict[str, Any]]) -> dict[str, Any]:
    rules = make_rules({}, preset)

    def median(key: str, field: str) -> float | None:
        if any(r[key] is None for r in runs):
            return None
        return statistics.median(r[key][field] for r in runs)

    done = all(r["run"] is not None for r in runs)
    return {
        "preset": preset,
        "players": rules.players,
        "board": "cross" if isinstance(Match(rules, 0).round, CrossState) else "line",
        "rounds_per_s": median("run", "rounds_per_s"),
        "playout_per_s": median("run", "playout_per_s"),
        "moves_per_s": median("run", "moves_per_s"),
        "with_costs_per_s": median("scored", "playout_per_s"),
        "kozel_per_s": median("base", "rounds_per_s"),
        "kozel_playout_per_s": median("base", "playout_per_s"),
        "vs_kozel": _ratio(runs, "rounds_per_s") if done else None,
        "playout_vs_kozel": _ratio(runs, "playout_per_s") if done else None,
    }


def _ratio(runs: list[dict[str, Any]], field: str) -> float:
    return statistics.median(r["run"][field] / r["base"][field] for r in runs)


def print_table(rows: list[dict[str, Any]]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Random playouts per preset (median of runs), ratio to Козёл, same players")
    columns = ("preset", "players", "board", "with deal /s", "vs Козёл", "playouts /s")
    for col in (*columns, "moves/s", "+ costs /s", "vs Козёл "):
        table.add_column(col, justify="left" if col in ("preset", "board") else "right")

    def num(value: float | None) -> str:
        return "—" if value is None else f"{value:,.0f}"

    def ratio(value: float | None) -> str:
        return "—" if value is None else f"{value:.2f}×"

    for row in rows:
        table.add_row(
            row["preset"],
            str(row["players"]),
            row["board"],
            num(row["rounds_per_s"]),
            ratio(row["vs_kozel"]),
            num(row["playout_per_s"]),
            num(row["moves_per_s"]),
            num(row["with_costs_per_s"]),
            ratio(row["playout_vs_kozel"]),
        )
    Console(width=130).print(table)


if __name__ == "__main__":
    main()
