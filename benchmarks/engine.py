"""Engine speed, side by side with peer engines in one run (issue 2, item 8).

    python benchmarks/engine.py [--seconds 1.0] [--repeats 3] [--json]

Every engine runs random playouts through the same harness (``peers._run``: fresh deal inside
the timed loop, uniformly random legal moves, then µs per legal-move call and per state copy on
a pool of mid-game states). Each figure is the median of ``--repeats`` runs. Rows:

* peers (optional extra ``pip install .[peers]``): abw333 ``dominoes`` 6.1.0, OpenSpiel 2.0.2's
  ``python_team_dominoes`` and ``python_block_dominoes``;
* ``domino-tui API``: our public ``legal_actions()`` + ``apply()`` on the same-shaped game
  (4 players, all 28 dealt; or 2 players, 7 each, 14 out of play — ``boneyard_reserve=14``);
* ``domino-tui kernel``: ``engine.playout.random_playout``, the loop the search bots use;
* ``domino-tui Козёл``: a full Козёл round with drawing from the boneyard and K5-K8 scoring.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import peers

from domino_tui.engine.deal import choose_lead, deal
from domino_tui.engine.playout import random_playout
from domino_tui.engine.round import RoundState
from domino_tui.engine.rules import Rules, make_rules
from domino_tui.engine.scoring import Standing, score_round

FOUR = make_rules({"players": 4})
BLOCK = make_rules({"players": 2, "boneyard_reserve": 14})
KOZEL2 = make_rules({"players": 2})


def new_round(rules: Rules, rng: random.Random) -> RoundState:
    seats = tuple(range(rules.players))
    d = deal(rules, rng, seats)
    leader, mask = choose_lead(rules, d.hands, seats, None)
    return RoundState.start(rules, list(d.hands), list(d.boneyard), leader, mask, seats)


def api_adapter(rules: Rules) -> peers._Adapter:
    return peers._Adapter(
        new_round=lambda rng: new_round(rules, rng),
        legal=RoundState.legal_actions,
        apply=RoundState.apply,
        is_over=lambda s: s.over,
        clone=RoundState.copy,
        time_legal=RoundState.legal_actions,
    )


def kernel(rules: Rules, seconds: float, seed: int, score: bool) -> dict[str, Any]:
    """Rounds through the fast playout kernel (optionally scored by K5-K8)."""
    rng = random.Random(seed)
    rand = rng.random
    standings = tuple(Standing() for _ in range(rules.sides))
    rounds = plays = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(50):
            s = random_playout(new_round(rules, rng), rand)
            plays += len(s.placed)
            if score:
                score_round(rules, standings, 0, s)
            rounds += 1
    elapsed = time.perf_counter() - start
    return {"rounds_per_s": rounds / elapsed, "moves_per_s": plays / elapsed, "rounds": rounds}


def median_row(runs: list[dict[str, Any]]) -> dict[str, Any]:
    row = dict(runs[0])
    for key in ("rounds_per_s", "moves_per_s", "legal_us", "copy_us"):
        if key in row:
            row[key] = statistics.median(r[key] for r in runs)
    row["rounds"] = sum(r["rounds"] for r in runs)
    return row


def repeat(fn: Callable[[int], dict[str, Any] | None], repeats: int) -> dict[str, Any] | None:
    runs = [fn(seed) for seed in range(repeats)]
    if any(r is None for r in runs):
        return None
    return median_row([r for r in runs if r is not None])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="seconds per timed measurement")
    ap.add_argument("--repeats", type=int, default=3, help="runs per row; the median is shown")
    ap.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = ap.parse_args()
    sec, rep = args.seconds, args.repeats
    team, block = peers.TEAM_SHAPE, peers.OPENSPIEL_SHAPES["python_block_dominoes"]
    kozel = "Козёл 2p, 7 each, boneyard drawn"
    scored = kozel + ", K5-K8 scoring"

    def api(shape: str, rules: Rules) -> tuple[str, str, dict[str, Any] | None]:
        run = repeat(lambda s: peers._run("ours", shape, api_adapter(rules), sec, s), rep)
        return "domino-tui API", shape, run

    def fast(shape: str, rules: Rules, score: bool = False) -> tuple[str, str, Any]:
        return "domino-tui kernel", shape, repeat(lambda s: kernel(rules, sec, s, score), rep)

    def openspiel(name: str, shape: str) -> tuple[str, str, dict[str, Any] | None]:
        run = repeat(lambda s: peers.bench_openspiel(f"python_{name}", sec, s), rep)
        return f"OpenSpiel {name}", shape, run

    rows: list[tuple[str, str, dict[str, Any] | None]] = [
        ("abw333 dominoes 6.1.0", team, repeat(lambda s: peers.bench_abw333(sec, s), rep)),
        openspiel("team_dominoes", team),
        api(team, FOUR),
        fast(team, FOUR),
        openspiel("block_dominoes", block),
        api(block, BLOCK),
        fast(block, BLOCK),
        api(kozel, KOZEL2),
        fast(scored, KOZEL2, score=True),
    ]
    present = [(name, shape, row) for name, shape, row in rows if row is not None]
    if args.json:
        print(json.dumps([{"engine": n, "shape": s, **r} for n, s, r in present], indent=1))
        return
    print_table(present)


def print_table(rows: list[tuple[str, str, dict[str, Any]]]) -> None:
    from rich.console import Console
    from rich.table import Table

    base: dict[str, dict[str, float]] = {}
    for name, shape, row in rows:
        if not name.startswith("domino-tui"):
            base.setdefault(shape, {})[name] = row["rounds_per_s"]
    table = Table(title="Random playouts (median of runs)")
    for col in ("engine", "game", "rounds/s", "moves/s", "legal µs", "copy µs", "vs peers"):
        table.add_column(col, justify="left" if col in ("engine", "game") else "right")
    for name, shape, row in rows:
        ratios = ""
        if name.startswith("domino-tui"):
            ratios = "  ".join(
                f"{row['rounds_per_s'] / v:.1f}× {peer.split()[0]}"
                for peer, v in base.get(shape, {}).items()
            )
        table.add_row(
            name,
            shape,
            f"{row['rounds_per_s']:,.0f}",
            f"{row['moves_per_s']:,.0f}",
            f"{row['legal_us']:.2f}" if "legal_us" in row else "—",
            f"{row['copy_us']:.2f}" if "copy_us" in row else "—",
            ratios,
        )
    Console(width=160).print(table)


if __name__ == "__main__":
    main()
