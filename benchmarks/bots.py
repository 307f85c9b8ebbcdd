"""Bot strength and speed: the issue-3 and issue-13 targets, measured with the arena, think times,
and strength per millisecond.

    python benchmarks/bots.py think [--positions 300]
    python benchmarks/bots.py targets [--games 200] [--jobs 2] [--only NAME] [--out FILE]
    python benchmarks/bots.py strength [--games 40] [--jobs 2]
    python benchmarks/bots.py ladder [--games 50] [--jobs 2] [--only 2p,4p,pairs,outside]
        [--cache FILE] [--seed 2027] [--outside-deals N] [--top-games N] [--quick-games N]

``think`` times each bot's decisions (two or more legal actions only) over the same random
positions of 2- and 4-player games. ``targets`` plays the arena matches the issues ask for and
prints each figure next to its target, as Markdown for the README; ``--out`` also writes the raw
arena JSON. ``strength`` tabulates, for each level and yardstick, its margin against greedy and
against the PIMC yardstick (``pimc:samples=60``: sixty guessed deals, heavy-first playouts, one
ply — the independent bot of issue 13) beside its think time, all in one run, so that a change
that buys strength with time shows it. ``ladder`` plays every level against every other (random,
greedy, counter, hard, master) with two players, with four (one against three of the other) and
in pairs (two of one against two of the other), and seats hard and master against the outside
engines (``benchmarks/outside.py``); it prints each table with its CIs and think times and says
whether the ladder is strictly ordered there (every higher level's CI above 0 against every
lower one). Every rung plays 2 × ``--games`` matches (duplicate deals, every seating);
``--top-games`` gives the top rung, master vs hard (the targets' match-up), a count of its own,
``--quick-games`` the rungs among the levels that do not search (random, greedy, counter: they
answer in a millisecond, so 10 × ``--games`` by default costs seconds, and their small gaps need
it), and ``--outside-deals`` the outside engines. Figures are kept in ``--cache`` keyed by the
match-up's specs, games and seed, so an interrupted run goes on where it stopped. Speed is
measured here, never in the test suite.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

from domino_tui.arena import ArenaConfig, ArenaReport, run_arena
from domino_tui.arena.stats import percentile
from domino_tui.bots import LEVELS, make_bot
from domino_tui.engine.match import Match
from domino_tui.engine.rules import Rules, make_rules
from domino_tui.engine.view import SeatView, seat_view

YARDSTICK = "pimc:samples=60"  # issue 13's independent PIMC: 60 deals, heavy-first, one ply
THINK_BOTS = ("counter", YARDSTICK, "hard", "master")
STRENGTH_BOTS = ("greedy", "counter", YARDSTICK, "ismcts", "hard", "master")


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

    margin: float = 0.0  # the first bot's margin per round at least
    low: float = 0.0  # and its 95% CI above this
    goat: float = 0.0  # the second bot's goat rate at least
    share: float = 1.0  # of ``--games`` (4-player match-ups play every seating of each deal)

    def ok(self, report: ArenaReport) -> bool:
        first = report.bots[0]
        return (
            first.margin >= self.margin
            and first.margin_ci95[0] > self.low
            and report.bots[1].goat_rate >= self.goat
        )


TWO = make_rules({"players": 2})
TARGETS = (
    # issue 13: the levels mean something, against each other and the PIMC yardstick
    Target("master-hard-2p", ("master", "hard"), TWO, "≥ +3, CI above +1", 3, 1),
    Target("master-pimc60-2p", ("master", YARDSTICK), TWO, "≥ +3, CI above +1", 3, 1),
    Target("hard-pimc60-2p", ("hard", YARDSTICK), TWO, "≥ +1, CI above 0", 1, 0),
    Target(
        "master-3hard-4p",
        ("master", "hard", "hard", "hard"),
        make_rules({"players": 4}),
        "CI above 0",
        -math.inf,
        share=0.25,  # four seatings of master per deal sequence: a quarter of the games
    ),
    # issue 3
    Target(
        "hard-greedy-2p",
        ("hard", "greedy"),
        make_rules({"players": 2}),
        "margin ≥ +10, CI above +8, greedy goat ≥ 85%",
        10,
        8,
        0.85,
    ),
    Target(
        "ismcts-counter-2p",
        ("ismcts", "counter"),
        make_rules({"players": 2}),
        "CI above 0",
        -math.inf,
    ),
    Target(
        "counter-greedy-2p",
        ("counter", "greedy"),
        make_rules({"players": 2}),
        "CI above 0",
        -math.inf,
    ),
    Target(
        "pimc-counter-2p", ("pimc", "counter"), make_rules({"players": 2}), "CI above 0", -math.inf
    ),
    Target(
        "hard-3greedy-4p",
        ("hard", "greedy", "greedy", "greedy"),
        make_rules({"players": 4}),
        "CI above 0",
        -math.inf,
    ),
    Target(
        "hard-pair-greedy-pair",
        ("hard", "greedy"),
        make_rules({}, "kozel-pairs"),
        "CI above 0",
        -math.inf,
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
        if only and target.name not in only.split(","):
            continue
        preset = "kozel-pairs" if target.rules.pairs else "kozel"
        n = max(1, round(games * target.share))
        config = ArenaConfig(target.bots, n, target.rules, seed=2026, preset=preset)
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


def strength(games: int, jobs: int) -> None:
    """Each bot against greedy and against the yardstick, with its think time, in one run."""
    print(
        "| bot | vs greedy [95% CI] | vs pimc:samples=60 [95% CI] | think ms median / p95 "
        "(2 players, real choices) | goat vs yardstick |"
    )
    print("|---|---|---|---|---|")
    for name in STRENGTH_BOTS:
        cells = [name]
        think_cell, goat_cell = "", ""
        for rival in ("greedy", YARDSTICK):
            if rival == name:
                cells.append("—")
                continue
            config = ArenaConfig((name, rival), games, TWO, seed=2026)
            report = run_arena(config, jobs=jobs)
            me = report.bots[0]
            lo, hi = me.margin_ci95
            cells.append(f"{me.margin:+.1f} [{lo:+.1f}, {hi:+.1f}]")
            think_cell = f"{me.think_choices.median:.0f} / {me.think_choices.p95:.0f}"
            if rival == YARDSTICK:
                goat_cell = f"{me.goat_rate:.0%} · {report.bots[1].goat_rate:.0%}"
        print("| " + " | ".join([*cells, think_cell, goat_cell]) + " |", flush=True)


LADDER = ("random", "greedy", "counter", "hard", "master")
QUICK = frozenset(LADDER[:3])  # no search: a rung between two of them costs next to nothing
LADDER_MODES = ("2p", "4p", "pairs", "outside")


def _ladder_config(mode: str, high: str, low: str, games: int, seed: int) -> ArenaConfig:
    """One rung: ``high`` against ``low`` as ``mode`` seats them (four players: every seating)."""
    if mode == "2p":
        return ArenaConfig((high, low), games, TWO, seed=seed)
    if mode == "4p":  # every seating of each deal sequence: 2 × games matches, as in the others
        bots = (high, low, low, low)
        return ArenaConfig(bots, max(1, games // 2), make_rules({"players": 4}), seed=seed)
    return ArenaConfig((high, low), games, make_rules({}, "kozel-pairs"), seed, "kozel-pairs")


def _read_cache(path: str | None) -> dict[str, Any]:
    if not path:
        return {}
    try:
        with open(path, encoding="utf-8") as f:
            got: dict[str, Any] = json.load(f)
    except FileNotFoundError:
        return {}
    return got


def _cached(cache: dict[str, Any], key: str, path: str | None, run: Any) -> Any:
    """``run()``'s figures, kept under ``key``. The file is read again before it is written and
    replaced whole, so two ladder runs on one cache (``--only 2p`` beside ``--only outside``,
    one a core) keep each other's figures."""
    if key not in cache:
        cache[key] = run()
        if path:
            merged = {**_read_cache(path), key: cache[key]}
            tmp = f"{path}.{os.getpid()}.tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                json.dump(merged, f, indent=1)
            os.replace(tmp, path)
    return cache[key]


def _rung_games(high: str, low: str, games: int, top: int, quick: int) -> int:
    """The games a rung plays: ``top`` for master vs hard (the targets' match-up), ``quick``
    (10 × ``games`` when 0) between two levels that do not search, else ``games``."""
    if top and (high, low) == LADDER[-1:-3:-1]:
        return top
    if high in QUICK and low in QUICK:
        return quick or 10 * games
    return games


def _ladder_arena(
    mode: str,
    games: int,
    top: int,
    quick: int,
    jobs: int,
    seed: int,
    cache: dict[str, Any],
    path: str | None,
) -> bool:
    print(f"\n### {mode}\n")
    print("| higher vs lower | matches / rounds | margin [95% CI] | goat | think ms med / p95 |")
    print("|---|---|---|---|---|")
    ordered = True
    for i, high in enumerate(LADDER):
        for low in LADDER[:i]:
            config = _ladder_config(
                mode, high, low, _rung_games(high, low, games, top, quick), seed
            )
            # keyed by what the levels are now: a changed preset is measured again
            key = f"{mode}|{LEVELS.get(high, high)}|{LEVELS.get(low, low)}|{config.games}|{seed}"
            got = _cached(cache, key, path, lambda c=config: run_arena(c, jobs=jobs).to_json())
            me, them = got["bots"][0], got["bots"][1]
            lo, hi = me["margin_ci95"]
            ordered &= lo > 0
            think = me["think_ms_choices"]
            print(
                f"| {high} vs {low} | {got['matches']} / {got['rounds']} | "
                f"{me['margin']:+.1f} [{lo:+.1f}, {hi:+.1f}] | "
                f"{me['goat_rate']:.0%} · {them['goat_rate']:.0%} | "
                f"{think['median']:.0f} / {think['p95']:.0f} |",
                flush=True,
            )
    print(f"\nStrictly ordered ({mode}): {'yes' if ordered else 'NO'}")
    return ordered


def _ladder_outside(
    deals: int, jobs: int, seed: int, cache: dict[str, Any], path: str | None
) -> bool:
    import outside  # beside this script; its engines need the 'benchmarks' extra

    print("\n### outside engines\n")
    key = f"outside|{LEVELS['hard']},{LEVELS['master']}|{deals}|{seed}"

    def run() -> list[dict[str, Any]]:
        out = f"{path or 'ladder'}.outside.json"
        args = ["--bots", "hard,master", "--deals", str(deals), "--seed", str(seed)]
        args += ["--jobs", str(jobs), "--out", out]
        if outside.main(args) != 0:
            raise SystemExit("ladder: no outside engine installed (pip install '.[benchmarks]')")
        with open(out, encoding="utf-8") as f:
            rows: list[dict[str, Any]] = json.load(f)["rows"]
        return rows

    rows = _cached(cache, key, path, run)
    print(outside.markdown(rows))
    ahead = all(r["points_ci95"][0] > 0 for r in rows)
    print(f"\nHard and master ahead of every peer: {'yes' if ahead else 'NO'}")
    return ahead


def ladder(
    games: int,
    jobs: int,
    only: str | None,
    cache_path: str | None,
    seed: int,
    deals: int,
    top: int = 0,
    quick: int = 0,
) -> int:
    """Every level against every other in each mode, a table each; 1 if one is out of order."""
    cache = _read_cache(cache_path)
    modes = only.split(",") if only else list(LADDER_MODES)
    good = True
    for mode in modes:
        if mode == "outside":
            good &= _ladder_outside(deals or games, jobs, seed, cache, cache_path)
        else:
            good &= _ladder_arena(mode, games, top, quick, jobs, seed, cache, cache_path)
    return 0 if good else 1


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
    st = sub.add_parser("strength")
    st.add_argument("--games", type=int, default=40)
    st.add_argument("--jobs", type=int, default=2)
    lad = sub.add_parser("ladder")
    lad.add_argument("--games", type=int, default=50)
    lad.add_argument("--jobs", type=int, default=2)
    lad.add_argument("--only", help=f"modes, comma-separated: {','.join(LADDER_MODES)}")
    lad.add_argument("--cache")
    lad.add_argument("--seed", type=int, default=2027)
    lad.add_argument("--outside-deals", type=int, default=0, help="duplicate deals (--games)")
    lad.add_argument("--top-games", type=int, default=0, help="master vs hard's games (--games)")
    lad.add_argument(
        "--quick-games", type=int, default=0, help="games among random, greedy, counter"
    )
    args = parser.parse_args()
    if args.what == "ladder":
        return ladder(
            args.games,
            args.jobs,
            args.only,
            args.cache,
            args.seed,
            args.outside_deals,
            args.top_games,
            args.quick_games,
        )
    if args.what == "think":
        think(args.positions)
        return 0
    if args.what == "strength":
        strength(args.games, args.jobs)
        return 0
    return targets(args.games, args.jobs, args.only, args.out)


if __name__ == "__main__":
    sys.exit(main())
