"""Bot strength and speed: the issue-3 targets, measured with the arena, and think times.

    python benchmarks/bots.py think [--positions 300]
    python benchmarks/bots.py targets [--games 200] [--jobs 2] [--only NAME] [--out FILE]

``think`` times each bot's decisions (two or more legal actions only) over the same random
positions of 2- and 4-player games. ``targets`` plays the arena matches the issue asks for and
prints each figure next to its target, as Markdown for the README; ``--out`` also writes the raw
arena JSON. Speed is measured here, never in the test suite.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

from domino_tui.arena import ArenaConfig, ArenaReport, run_arena
from domino_tui.arena.stats import percentile
from domino_tui.bots import make_bot
from domino_tui.engine.match import Match
from domino_tui.engine.rules import Rules, make_rules
from domino_tui.engine.view import SeatView, seat_view

THINK_BOTS = ("counter", "pimc", "hard", "master")


def sample_views(rules: Rules, count: int, seed: int) -> list[SeatView]:
    """Decision points with a real choice, from matches of greedy and random play."""
    rng = random.Random(seed)
    views: list[SeatView] = []
    game = 0
    while len(views) < count:
        match = Match(rules, seed * 1000 + game)
        game += 1
        greedy = make_bot("greedy")
        while not match.over and len(views) < count:
            view = seat_view(match, match.turn)
            if len(view.legal) > 1 and rng.random() < 0.3:
                views.append(view)
            move = greedy.choose(view) if rng.random() < 0.6 else rng.choice(view.legal)
            match.apply(move)
    return views


def think(positions: int) -> None:
    print("| bot | players | decisions | median ms | p95 ms | max ms |")
    print("|---|---|---|---|---|---|")
    for players in (2, 4):
        views = sample_views(make_rules({"players": players}), positions, seed=players)
        for name in THINK_BOTS:
            bot = make_bot(name, 1, clock=False)
            times = []
            for view in views:
                t0 = time.perf_counter()
                bot.choose(view)
                times.append((time.perf_counter() - t0) * 1000)
            times.sort()
            print(
                f"| {name} | {players} | {len(times)} | {statistics.median(times):.2f} | "
                f"{percentile(times, 0.95):.2f} | {times[-1]:.1f} |",
                flush=True,
            )


@dataclass(frozen=True)
class Target:
    name: str
    bots: tuple[str, ...]
    rules: Rules
    check: str  # what must hold, in words

    def ok(self, report: ArenaReport) -> bool:
        first = report.bots[0]
        if self.name == "hard-greedy-2p":
            return (
                first.margin >= 10 and first.margin_ci95[0] > 8 and report.bots[1].goat_rate >= 0.85
            )
        return first.margin_ci95[0] > 0


TARGETS = (
    Target(
        "hard-greedy-2p",
        ("hard", "greedy"),
        make_rules({"players": 2}),
        "margin ≥ +10, CI above +8, greedy goat ≥ 85%",
    ),
    Target("master-hard-2p", ("master", "hard"), make_rules({"players": 2}), "CI above 0"),
    Target("ismcts-counter-2p", ("ismcts", "counter"), make_rules({"players": 2}), "CI above 0"),
    Target("counter-greedy-2p", ("counter", "greedy"), make_rules({"players": 2}), "CI above 0"),
    Target("pimc-counter-2p", ("pimc", "counter"), make_rules({"players": 2}), "CI above 0"),
    Target(
        "hard-3greedy-4p",
        ("hard", "greedy", "greedy", "greedy"),
        make_rules({"players": 4}),
        "CI above 0",
    ),
    Target(
        "hard-pair-greedy-pair", ("hard", "greedy"), make_rules({}, "kozel-pairs"), "CI above 0"
    ),
)


def _row(target: Target, config: ArenaConfig, report: ArenaReport, ok: bool, minutes: float) -> str:
    first, second = report.bots[0], report.bots[1]
    lo, hi = first.margin_ci95
    mode = f"{target.rules.players}{' pairs' if target.rules.pairs else ''}"
    a, c = first.think, first.think_choices
    cells = (
        " vs ".join(config.entries),
        mode,
        f"{report.matches} / {report.rounds}",
        f"{first.margin:+.1f} [{lo:+.1f}, {hi:+.1f}]",
        f"{first.round_win_rate:.0%}",
        f"{first.name} {first.goat_rate:.0%} · {second.name} {second.goat_rate:.0%}",
        f"{a.median:.0f} / {a.p95:.0f} / {a.max:.0f} · {c.median:.0f} / {c.p95:.0f}",
        f"{target.check}: {'met' if ok else 'NOT MET'}",
        f"{minutes:.0f} min",
    )
    return "| " + " | ".join(cells) + " |"


def targets(games: int, jobs: int, only: str | None, out: str | None) -> int:
    rows = []
    raw: dict[str, Any] = {}
    failed = 0
    for target in TARGETS:
        if only and target.name != only:
            continue
        preset = "kozel-pairs" if target.rules.pairs else "kozel"
        config = ArenaConfig(target.bots, games, target.rules, seed=2026, preset=preset)
        t0 = time.perf_counter()
        report = run_arena(config, jobs=jobs)
        minutes = (time.perf_counter() - t0) / 60
        raw[target.name] = report.to_json()
        ok = target.ok(report)
        failed += not ok
        rows.append(_row(target, config, report, ok, minutes))
        print(rows[-1], file=sys.stderr, flush=True)
    print(
        "| match-up | players | matches / rounds | margin [95% CI] | round wins | goat | "
        "think ms: all med / p95 / max · choices med / p95 | target | time |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(row)
    if out:
        with open(out, "w", encoding="utf-8") as f:
            json.dump(raw, f, indent=1)
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    t = sub.add_parser("think")
    t.add_argument("--positions", type=int, default=300)
    g = sub.add_parser("targets")
    g.add_argument("--games", type=int, default=200)
    g.add_argument("--jobs", type=int, default=2)
    g.add_argument("--only")
    g.add_argument("--out")
    args = parser.parse_args()
    if args.what == "think":
        think(args.positions)
        return 0
    return targets(args.games, args.jobs, args.only, args.out)


if __name__ == "__main__":
    sys.exit(main())
