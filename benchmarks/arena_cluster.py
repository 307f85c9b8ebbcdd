"""What the Dask backend costs beside the local pool (issue 26, part 3).

    python benchmarks/arena_cluster.py [--games 400] [--workers 2] [--bots greedy,random]

Plays the same arena run (quick bots by default: a group of them takes about as long as a Dask
task's round trip, the worst case for overhead) on the local pool and on a local Dask cluster
of the same size, with one deal sequence per task and with the default batches, and prints the
wall time of each, the cluster's start-up apart, and the overhead per task against the pool.
Every run must give the same figures; the script checks that too.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from domino_tui.arena import ArenaConfig, run_arena
from domino_tui.arena.cluster import batches, cluster_client, run_on_client
from domino_tui.engine.rules import make_rules


def _figures(report: Any) -> Any:
    data = report.to_json()
    data["bots"] = [{k: v for k, v in b.items() if not k.startswith("think")} for b in data["bots"]]
    return data


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--bots", default="greedy,random")
    p.add_argument("--players", type=int, default=2)
    args = p.parse_args()
    config = ArenaConfig(
        tuple(args.bots.split(",")), args.games, make_rules({"players": args.players}), seed=1
    )
    rows: list[tuple[str, int, float]] = []
    t0 = time.perf_counter()
    local = run_arena(config, jobs=args.workers)
    pool = time.perf_counter() - t0
    rows.append((f"local pool, {args.workers} processes", args.games, pool))
    t0 = time.perf_counter()
    with cluster_client(workers=args.workers) as client:
        startup = time.perf_counter() - t0
        for label, size in (("1 game a task", 1), ("default batches", None)):
            tasks = len(batches(args.games, args.workers, size))
            t0 = time.perf_counter()
            report = run_on_client(client, config, batch=size)
            rows.append((f"dask, {args.workers} workers, {label}", tasks, time.perf_counter() - t0))
            assert _figures(report) == _figures(local), f"dask ({label}) changed the figures"
    print(f"{args.games} games of {args.bots} ({config.matches} matches); same figures on each")
    print(f"local cluster start-up: {startup:.1f} s (once per run, not counted below)")
    print("| backend | tasks | wall s | ms a game | overhead ms a task vs the pool |")
    print("| --- | --- | --- | --- | --- |")
    for label, tasks, wall in rows:
        over = (wall - pool) * 1000 / tasks if label.startswith("dask") else 0.0
        ms = wall * 1000 / args.games
        print(f"| {label} | {tasks} | {wall:.2f} | {ms:.1f} | {over:+.1f} |")


if __name__ == "__main__":
    main()
