"""Why the search bots gain little over plain sampling (issue 13, part 1): four measurements.

    nice -n 19 .venv/bin/python benchmarks/bots_diagnose.py [--positions 60] [--seed 13]
                                                           [--only 1,2,3,4]

Positions come from matches of Козёл (``kozel``) driven by greedy and random play, as in
``benchmarks/bots.py sample_views``; every table is Markdown with a one-line reading under it.

1. **Sampler bias.** For positions of 2- and 4-player games (mostly ones where knocks and draws
   left facts for the belief model), the exact uniform distribution over the hidden deals that the
   belief model accepts is estimated by rejection sampling (unseen tiles shuffled into the other
   hands and the boneyard, kept when ``Belief.consistent`` accepts every hand), and each unseen
   tile's location marginals (P(in seat s's hand), P(in the boneyard)) are compared with those of
   ``Sampler.sample`` (what ``Sampler.state`` deals). Per tile the total-variation distance
   (half the summed absolute differences over the places); per position the mean and the max over
   tiles, and the largest single difference. A second, independent uniform estimate of the same
   size gives the noise floor: only what stands above it is bias. "Cells > 4 SE" counts
   (tile, place) marginals that differ by more than four standard errors.
2. **Iterations under the time cap.** ``hard`` (800 iterations, 400 ms) and ``master`` (3000
   iterations, 1500 ms, smart playouts) with the clock on, over real decisions (two or more legal
   actions) of 2-player games: iterations done (median, p10), the share of decisions the cap cut
   short, and iterations per second of wall time and of CPU time (the machine may be shared: the
   CPU rate is what an idle core would do, and "idle-core projection" applies it to the cap).
3. **The tree.** For the same searches: the share of the root's visits on the chosen move, the
   mean depth of an iteration's path in the tree (the visits of every non-root node over the
   iterations), the deepest node, how often the best child by mean differs from the most visited
   one, and availability: the root's moves are legal in every guessed deal (the seat's own hand
   is known), but the opponents' replies are not; for each reply node, how many distinct replies
   the tree holds and in what share of the node's visits a reply was available; and how often a
   distinct legal move of the root was tried at most three times (shut out after a bad start).
4. **Exploration constant.** The choices of ISMCTS (hard's budget: 800 iterations, heavy
   playouts, clock off) at exploration 0.35 / 0.7 / 1.4, of ``pimc:samples=60`` and of ``hard``
   and ``master`` (clock off) against a reference: ``explain.evaluate`` with 2000 guessed deals
   per move (flat Monte Carlo, heavy playouts) on the same 2-player decisions; agreement, and the
   mean value loss (the reference's mean of its best move minus its mean of the chosen move, in
   pips). "Clear" positions are those where the reference's best beats its second best by more
   than two standard errors of the paired difference. For scale: a random and a greedy move,
   the reference re-run on other deals (its own noise), and the same flat Monte Carlo with smart
   playouts (how far the playout policy alone moves the judgement); then the number of real
   decisions per seat and round, to turn pips per decision into pips per round, and hard's worst
   decision move by move. The reference is flat Monte Carlo with heavy-first playouts, PIMC's own
   estimator with more deals, so it favours PIMC: agreement with it measures noise and the
   search's own mistakes, not strength.

Defaults run in about eight minutes on one idle core; ``--positions`` scales every part.
"""

from __future__ import annotations

import argparse
import inspect
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from domino_tui.arena.stats import percentile
from domino_tui.bots import make_bot
from domino_tui.bots.belief import Belief
from domino_tui.bots.config import SearchConfig
from domino_tui.bots.explain import MoveValue, distinct_moves, evaluate, noise
from domino_tui.bots.ismcts import VALUE_SCALE, IsmctsBot, Node
from domino_tui.bots.sampler import BONEYARD, Sampler
from domino_tui.bots.search import action_name
from domino_tui.engine.actions import is_play
from domino_tui.engine.match import Match
from domino_tui.engine.rules import Rules, make_rules
from domino_tui.engine.tiles import bits
from domino_tui.engine.view import SeatView, seat_view


@dataclass(frozen=True)
class Level:
    iterations: int
    time_ms: int
    policy: str


STARVED = 3  # visits: a root move this rarely tried was judged on almost nothing

LEVELS = {"hard": Level(800, 400, "heavy"), "master": Level(3000, 1500, "smart")}
REFERENCE = SearchConfig(playouts=20_000, most=2000)  # flat Monte Carlo, heavy, 2000 deals


# --- positions ----------------------------------------------------------------------------------
def positions(
    rules: Rules,
    count: int,
    seed: int,
    keep: Callable[[SeatView], bool],
    rate: float = 0.3,
) -> list[SeatView]:
    """Views of the seat to move that ``keep`` accepts, from matches of greedy and random play
    (``benchmarks/bots.py sample_views``'s driver)."""
    rng = random.Random(seed)
    greedy = make_bot("greedy")
    views: list[SeatView] = []
    game = 0
    while len(views) < count:
        match = Match(rules, seed * 1000 + game)
        game += 1
        while not match.over and len(views) < count:
            view = seat_view(match, match.turn)
            if view.legal and rng.random() < rate and keep(view):
                views.append(view)
            move = greedy.choose(view) if rng.random() < 0.6 else rng.choice(view.legal)
            match.apply(move)
    return views


def constrained(view: SeatView) -> int:
    return len(Sampler(view).constrained)


# --- 1. sampler bias ----------------------------------------------------------------------------
@dataclass
class Bias:
    players: int
    tiles: int
    constrained: int
    acceptance: float
    tv_mean: float  # sampler vs uniform, mean per-tile TV over all unseen tiles
    tv_max: float
    tv_mean_c: float  # over the constrained tiles only
    diff_max: float  # the largest |p - q| of one (tile, place)
    floor_mean: float  # uniform vs uniform: the noise
    floor_max: float
    floor_diff_max: float
    cells_4se: int
    floor_cells_4se: int
    exact_mean: float  # the exact sampler (``Sampler(exact=True)``) vs uniform
    exact_max: float
    exact_mean_c: float
    exact_cells_4se: int


def uniform_marginals(
    view: SeatView, belief: Belief, places: Sequence[int], want: int, rng: random.Random, cap: int
) -> tuple[dict[int, list[int]], int, int]:
    """Location counts per tile over ``want`` deals drawn uniformly from those the belief
    accepts (rejection), with the number of accepted and tried deals (at most ``cap`` tries)."""
    tiles = list(bits(view.unseen))
    counts = {t: [0] * len(places) for t in tiles}
    sizes = [view.boneyard if p == BONEYARD else view.counts[p] for p in places]
    seats = [(i, p) for i, p in enumerate(places) if p != BONEYARD]
    starts = [sum(sizes[:i]) for i in range(len(places))]
    consistent = belief.consistent
    shuffle = rng.shuffle
    got = tries = 0
    while got < want and tries < cap:
        tries += 1
        shuffle(tiles)
        ok = True
        for i, p in seats:
            mask = 0
            for t in tiles[starts[i] : starts[i] + sizes[i]]:
                mask |= 1 << t
            if not consistent(p, mask):
                ok = False
                break
        if not ok:
            continue
        got += 1
        for i in range(len(places)):
            for t in tiles[starts[i] : starts[i] + sizes[i]]:
                counts[t][i] += 1
    return counts, got, tries


def sampler_marginals(
    view: SeatView, sampler: Sampler, places: Sequence[int], want: int, rng: random.Random
) -> dict[int, list[int]]:
    counts = {t: [0] * len(places) for t in bits(view.unseen)}
    index = {p: i for i, p in enumerate(places)}
    for _ in range(want):
        hands, boneyard = sampler.sample(rng)
        for s, mask in hands.items():
            for t in bits(mask):
                counts[t][index[s]] += 1
        for t in boneyard:
            counts[t][index[BONEYARD]] += 1
    return counts


def compare(
    a: dict[int, list[int]], na: int, b: dict[int, list[int]], nb: int, only: Sequence[int] = ()
) -> tuple[float, float, float, int]:
    """Mean and max per-tile total variation, the largest cell difference, and the number of
    cells more than 4 standard errors apart."""
    tvs, dmax, off = [], 0.0, 0
    for t in only or a:
        tv = 0.0
        for x, y in zip(a[t], b[t], strict=True):
            p, q = x / na, y / nb
            d = abs(p - q)
            tv += d / 2
            dmax = max(dmax, d)
            pooled = (x + y) / (na + nb)
            se = math.sqrt(max(pooled * (1 - pooled), 1e-12) * (1 / na + 1 / nb))
            off += d > 4 * se and d > 1e-9
        tvs.append(tv)
    if not tvs:
        return 0.0, 0.0, dmax, off
    return sum(tvs) / len(tvs), max(tvs), dmax, off


def sampler_bias(count: int, deals: int, seed: int) -> list[Bias]:
    out = []
    for players in (2, 4):
        rules = make_rules({"players": players})
        pick = random.Random(seed + players)

        def keep(v: SeatView, pick: random.Random = pick) -> bool:
            # four in five positions with constrained tiles, the rest as they come
            return constrained(v) > 0 or pick.random() < 0.2

        views = positions(rules, count, seed + players, keep, rate=0.25)
        for k, view in enumerate(views):
            belief = Belief(view)
            sampler = Sampler(view, belief)
            places = [*sampler.others, BONEYARD] if view.boneyard else list(sampler.others)
            rng = random.Random(seed * 7919 + players * 101 + k)
            uni, got, tries = uniform_marginals(view, belief, places, deals, rng, deals * 400)
            if got < deals // 2:
                print(f"  (skipped: acceptance {got}/{tries})", file=sys.stderr)
                continue
            uni2, got2, _ = uniform_marginals(view, belief, places, got, rng, deals * 400)
            smp = sampler_marginals(view, sampler, places, got, rng)
            mean, mx, dmax, off = compare(smp, got, uni, got)
            mean_c = compare(smp, got, uni, got, sampler.constrained)[0]
            exact = sampler_marginals(view, Sampler(view, belief, exact=True), places, got, rng)
            emean, emax, _, eoff = compare(exact, got, uni, got)
            emean_c = compare(exact, got, uni, got, sampler.constrained)[0]
            fmean, fmax, fdmax, foff = compare(uni2, got2, uni, got)
            out.append(
                Bias(
                    players,
                    view.unseen.bit_count(),
                    len(sampler.constrained),
                    got / tries,
                    mean,
                    mx,
                    mean_c,
                    dmax,
                    fmean,
                    fmax,
                    fdmax,
                    off,
                    foff,
                    emean,
                    emax,
                    emean_c,
                    eoff,
                )
            )
    return out


def print_bias(rows: list[Bias], deals: int) -> None:
    print("## 1. Sampler bias: `Sampler` vs uniform over the deals the belief accepts\n")
    print(
        "Two samplers: by room left (`Sampler(view)`, the default) and exact "
        "(`Sampler(view, exact=True)`: a constrained tile placed by the number of ways to "
        "complete the deal).\n"
    )
    print(
        f"Per position {deals} uniform deals (rejection) against as many sampler deals; "
        "TV = total variation of one tile's location (hands, boneyard).\n"
    )
    print(
        "| players | positions | with constrained tiles | constrained tiles (mean / max) | "
        "acceptance (median / min) | TV mean: sampler · noise floor | "
        "TV mean, constrained tiles | TV max tile: sampler · floor | "
        "max cell diff: sampler · floor | cells > 4 SE: sampler · floor | "
        "exact: TV mean · constrained · max tile · cells > 4 SE |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for players in (2, 4):
        rs = [r for r in rows if r.players == players]
        if not rs:
            continue
        cs = [r for r in rs if r.constrained]
        print(
            f"| {players} | {len(rs)} | {len(cs)} | "
            f"{statistics.mean(r.constrained for r in rs):.1f} / "
            f"{max(r.constrained for r in rs)} | "
            f"{statistics.median(r.acceptance for r in rs):.1%} / "
            f"{min(r.acceptance for r in rs):.2%} | "
            f"{statistics.mean(r.tv_mean for r in rs):.4f} · "
            f"{statistics.mean(r.floor_mean for r in rs):.4f} | "
            f"{statistics.mean(r.tv_mean_c for r in cs) if cs else 0:.4f} | "
            f"{max(r.tv_max for r in rs):.3f} · {max(r.floor_max for r in rs):.3f} | "
            f"{max(r.diff_max for r in rs):.3f} · {max(r.floor_diff_max for r in rs):.3f} | "
            f"{sum(r.cells_4se for r in rs)} · {sum(r.floor_cells_4se for r in rs)} | "
            f"{statistics.mean(r.exact_mean for r in rs):.4f} · "
            f"{statistics.mean(r.exact_mean_c for r in cs) if cs else 0:.4f} · "
            f"{max(r.exact_max for r in rs):.3f} · {sum(r.exact_cells_4se for r in rs)} |"
        )
    worst = sorted(rows, key=lambda r: r.tv_max - r.floor_max, reverse=True)[:3]
    print("\nWorst positions (largest tile TV above the floor):\n")
    print("| players | unseen | constrained | acceptance | TV max tile | floor | max cell diff |")
    print("|---|---|---|---|---|---|---|")
    for r in worst:
        print(
            f"| {r.players} | {r.tiles} | {r.constrained} | {r.acceptance:.1%} | "
            f"{r.tv_max:.3f} | {r.floor_max:.3f} | {r.diff_max:.3f} |"
        )
    said = []
    for players in (2, 4):
        rs = [r for r in rows if r.players == players]
        if rs:
            excess = statistics.mean(r.tv_mean - r.floor_mean for r in rs)
            biased = sum(r.cells_4se > r.floor_cells_4se + 1 for r in rs)
            exact = statistics.mean(r.exact_mean - r.floor_mean for r in rs)
            ebiased = sum(r.exact_cells_4se > r.floor_cells_4se + 1 for r in rs)
            said.append(
                f"{players} players: mean tile TV {excess:+.4f} above the noise floor by room, "
                f"{exact:+.4f} exact; {biased} (exact: {ebiased}) of {len(rs)} positions with "
                "more cells beyond 4 SE than the floor"
            )
    print(f"\nReading: {'; '.join(said)} (biased = more than one more cell).")
    src, start = inspect.getsourcelines(Sampler)
    weighted = next(start + i for i, s in enumerate(src) if "_weighted(choices, room, rng)" in s)
    shuffled = next(start + i for i, s in enumerate(src) if "rng.shuffle(rest)" in s)
    bsrc, bstart = inspect.getsourcelines(Belief._read_events)
    skip = next(bstart + i for i, s in enumerate(bsrc) if "continue" in s)
    isrc, istart = inspect.getsourcelines(IsmctsBot.search)
    built = next(istart + i for i, s in enumerate(isrc) if "Sampler(" in s)
    optional = "model" in inspect.signature(Sampler).parameters
    print(
        "\nThe sampler does NOT weigh deals by how likely the opponents' past plays were, as "
        f"the search bots build it (`Sampler(view)`, `bots/ismcts.py` line {built}): "
        f"`bots/sampler.py` line {weighted} places each constrained tile with a chance "
        f"proportional to the room left (`_weighted(choices, room, rng)`), line {shuffled} deals "
        "the rest by a plain shuffle, and "
        + ("without a play `model` (an option, off by default) " if optional else "")
        + "no weight or likelihood is computed; the belief reads only draws and knocks "
        f"(`bots/belief.py` line {skip}: every other event is skipped), so a play — which tile an "
        "opponent chose, and which it did not — never changes a guess."
    )


# --- 2 and 3. iterations and the tree -----------------------------------------------------------
@dataclass
class Search:
    level: str
    legal: int
    done: int
    cut: bool
    wall: float
    cpu: float
    share: float  # root visits on the chosen move
    depth: float  # tree nodes per iteration path
    deepest: int
    mean_differs: bool  # best child by mean != most visited
    mean_differs_5: bool  # the same among children with >= 5% of the visits
    replies: float  # distinct replies per reply node (visit-weighted)
    avail: float  # share of a reply node's visits in which a reply was available
    starved: bool  # a distinct legal move got at most STARVED visits


def tree_stats(root: Node, done: int) -> tuple[float, int, float, float]:
    """Mean path depth, deepest node, and the reply nodes' distinct replies and availability."""
    total = 0
    deepest = 0
    stack = [(child, 1) for child in root.children.values()]
    while stack:
        node, d = stack.pop()
        total += node.visits
        deepest = max(deepest, d)
        stack.extend((c, d + 1) for c in node.children.values())
    weight = replies = avail = 0.0
    for reply in root.children.values():
        if reply.visits < 2 or not reply.children:
            continue
        w = reply.visits
        weight += w
        replies += w * len(reply.children)
        avail += w * statistics.mean(
            min(1.0, c.avail / reply.visits) for c in reply.children.values()
        )
    return (
        total / max(1, done),
        deepest,
        replies / weight if weight else 0.0,
        avail / weight if weight else 0.0,
    )


def run_searches(views: list[SeatView], seed: int) -> list[Search]:
    out = []
    for level, cfg in LEVELS.items():
        bot = IsmctsBot(seed, cfg.iterations, cfg.time_ms, policy=cfg.policy)
        bot.search(views[0])  # warm up caches before timing
        for view in views:
            w0, c0 = time.perf_counter(), time.process_time()
            root, done = bot.search(view)
            wall, cpu = time.perf_counter() - w0, time.process_time() - c0
            kids = {a: n for a, n in root.children.items() if n.visits}
            chosen = max(kids, key=lambda a: (kids[a].visits, kids[a].total / kids[a].visits))
            by_mean = max(kids, key=lambda a: kids[a].total / kids[a].visits)
            big = {a: n for a, n in kids.items() if n.visits >= 0.05 * done}
            by_mean_5 = max(big, key=lambda a: big[a].total / big[a].visits)
            depth, deepest, replies, avail = tree_stats(root, done)
            moves = distinct_moves(view)
            starved = any(
                (root.children[a].visits if a in root.children else 0) <= STARVED for a in moves
            )
            out.append(
                Search(
                    level,
                    len(view.legal),
                    done,
                    done < cfg.iterations,
                    wall,
                    cpu,
                    kids[chosen].visits / done,
                    depth,
                    deepest,
                    by_mean != chosen,
                    by_mean_5 != chosen,
                    replies,
                    avail,
                    starved,
                )
            )
    return out


def print_iterations(rows: list[Search]) -> None:
    print("## 2. Iterations under the time cap (2 players, clock on)\n")
    print(
        "| level | policy | decisions | budget / cap | iterations median · p10 · min | "
        "cut by the cap | it/s wall | it/s CPU | CPU / wall | ms wall median · p95 | "
        "idle-core projection: median iterations · cut |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for level, cfg in LEVELS.items():
        rs = [r for r in rows if r.level == level]
        done = sorted(float(r.done) for r in rs)
        walls = sorted(r.wall * 1000 for r in rs)
        it_wall = sum(r.done for r in rs) / sum(r.wall for r in rs)
        it_cpu = sum(r.done for r in rs) / max(1e-9, sum(r.cpu for r in rs))
        # per decision: what an idle core would have done under the cap at this decision's CPU rate
        proj = sorted(
            min(cfg.iterations, int(r.done / max(r.cpu, 1e-9) * cfg.time_ms / 1000)) for r in rs
        )
        proj_cut = sum(p < cfg.iterations for p in proj) / len(proj)
        print(
            f"| {level} | {cfg.policy} | {len(rs)} | {cfg.iterations} / {cfg.time_ms} ms | "
            f"{statistics.median(done):.0f} · {percentile(done, 0.10):.0f} · {done[0]:.0f} | "
            f"{sum(r.cut for r in rs) / len(rs):.0%} | {it_wall:,.0f} | {it_cpu:,.0f} | "
            f"{sum(r.cpu for r in rs) / sum(r.wall for r in rs):.2f} | "
            f"{statistics.median(walls):.0f} · {percentile(walls, 0.95):.0f} | "
            f"{statistics.median(proj):.0f} · {proj_cut:.0%} |"
        )
    parts = []
    rate = {}
    for level, cfg in LEVELS.items():
        rs = [r for r in rows if r.level == level]
        rate[level] = sum(r.done for r in rs) / max(1e-9, sum(r.cpu for r in rs))
        cut = sum(r.cut for r in rs) / len(rs)
        parts.append(
            f"{level} does a median {statistics.median(r.done for r in rs):.0f} of "
            f"{cfg.iterations} iterations (the cap cut {cut:.0%} of its decisions)"
        )
    print(
        f"\nReading: {'; '.join(parts)}; a master iteration (smart playout, deeper tree) costs "
        f"{rate['hard'] / rate['master']:.1f}× a hard one in CPU — where the cap does not cut, "
        "the iteration budget, not the clock, sets the search (and the arena switches the clock "
        "off anyway)."
    )


def print_tree(rows: list[Search]) -> None:
    print("\n## 3. The tree (same searches)\n")
    print(
        "| level | legal moves median | root visits on the chosen move (median · p10) | "
        "tree depth per iteration (mean) | deepest node (median) | best mean ≠ most visited: "
        "any child · children ≥ 5% | distinct replies per reply node | reply availability | "
        f"a legal move tried ≤ {STARVED} times |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for level in LEVELS:
        rs = [r for r in rows if r.level == level]
        shares = sorted(r.share for r in rs)
        print(
            f"| {level} | {statistics.median(r.legal for r in rs):.0f} | "
            f"{statistics.median(shares):.0%} · {percentile(shares, 0.10):.0%} | "
            f"{statistics.mean(r.depth for r in rs):.2f} | "
            f"{statistics.median(r.deepest for r in rs):.0f} | "
            f"{sum(r.mean_differs for r in rs) / len(rs):.0%} · "
            f"{sum(r.mean_differs_5 for r in rs) / len(rs):.0%} | "
            f"{statistics.mean(r.replies for r in rs):.1f} | "
            f"{statistics.mean(r.avail for r in rs):.0%} | "
            f"{sum(r.starved for r in rs) / len(rs):.0%} |"
        )
    hard = [r for r in rows if r.level == "hard"]
    master = [r for r in rows if r.level == "master"]
    print(
        f"\nReading: an iteration walks {statistics.mean(r.depth for r in hard):.1f} tree nodes "
        f"in hard ({statistics.mean(r.depth for r in master):.1f} in master) before its playout; "
        f"a reply node holds {statistics.mean(r.replies for r in hard):.1f} distinct opponent "
        f"replies, each legal in {statistics.mean(r.avail for r in hard):.0%} of the guessed "
        "deals that pass through it, so below the root the statistics are thin and the choice "
        "rests on root means over the sampler's deals — what a flat sampler computes too. "
        f"In {sum(r.starved for r in hard) / len(hard):.0%} of hard's decisions a legal move was "
        f"tried at most {STARVED} times — right for a hopeless move, but also how one bad first "
        "playout shuts a move out (hard's worst decision under table 4)."
    )


# --- 4. exploration and the reference ------------------------------------------------------------
RANDOM = "random (scale: a move at random)"
RERUN = "flat MC, heavy, 2000 deals, other deals (the reference's own noise)"


def contenders(seed: int) -> list[tuple[str, Callable[[SeatView], int]]]:
    def ismcts(c: float) -> Callable[[SeatView], int]:
        bot = IsmctsBot(1, iterations=800, time_ms=0, exploration=c, policy="heavy")
        return bot.choose

    return [
        ("ismcts c=0.35 (800 it, heavy)", ismcts(0.35)),
        ("ismcts c=0.7 (800 it, heavy)", ismcts(0.7)),
        ("ismcts c=1.4 (800 it, heavy)", ismcts(1.4)),
        ("pimc:samples=60", make_bot("pimc:samples=60", 1, clock=False).choose),
        ("hard (clock off)", make_bot("hard", 1, clock=False).choose),
        ("master (clock off)", make_bot("master", 1, clock=False).choose),
        (RANDOM, make_bot("random", 1).choose),
        ("greedy (scale)", make_bot("greedy", 1).choose),
        (RERUN, rerun(seed)),
        ("flat MC, smart playouts, 2000 deals (not a bot)", smart_reference(seed)),
    ]


def rerun(seed: int) -> Callable[[SeatView], int]:
    """The reference again on other guessed deals: how well it agrees with itself."""

    def choose(view: SeatView) -> int:
        return evaluate(view, seed + 30_000, REFERENCE)[0].code

    return choose


def smart_reference(seed: int) -> Callable[[SeatView], int]:
    """The reference's own estimator with master's smart playouts: how much the playout
    policy alone moves the best move."""

    def choose(view: SeatView) -> int:
        vals = evaluate(view, seed + 20_000, replace(REFERENCE, policy="smart"))
        return vals[0].code

    return choose


def same_move(code: int, values: dict[int, MoveValue]) -> int:
    """The reference's code for ``code`` (a play on the right end of equal ends is the left)."""
    if code in values or not is_play(code):
        return code
    return code & ~1


def exploration(views: list[SeatView], seed: int, masters: bool) -> None:
    print("\n## 4. Choices against the reference (flat MC, 2000 deals per move, heavy playouts)\n")
    refs = []
    t0 = time.process_time()
    for view in views:
        vals = evaluate(view, seed + 10_000, REFERENCE)
        refs.append(vals)
    ref_cpu = time.process_time() - t0
    clear = [len(v) > 1 and v[0].mean - v[1].mean > 2 * noise(v[0], v[1]) for v in refs]
    rows = []
    losses: dict[str, float] = {}
    each: dict[str, list[float]] = {}
    ses_loss: dict[str, float] = {}
    for name, choose in contenders(seed):
        if name.startswith(("master", "flat MC, smart")) and not masters:
            continue
        agree = agree_clear = 0
        loss: list[float] = []
        cpu = 0.0
        for view, vals, cl in zip(views, refs, clear, strict=True):
            by = {m.code: m for m in vals}
            c0 = time.process_time()
            code = same_move(choose(view), by)
            cpu += time.process_time() - c0
            ok = code == vals[0].code
            agree += ok
            agree_clear += ok and cl
            loss.append(vals[0].mean - by[code].mean if code in by else math.nan)
        n = len(views)
        losses[name] = statistics.mean(loss)
        each[name] = loss
        se = ses_loss[name] = statistics.stdev(loss) / math.sqrt(n) if n > 1 else math.nan
        median_loss = statistics.median(loss)
        rows.append(
            f"| {name} | {agree / n:.0%} | {agree_clear}/{sum(clear)} | "
            f"{statistics.mean(loss):.2f} ± {se:.2f} | {median_loss:.2f} | {max(loss):.1f} | "
            f"{cpu / n * 1000:.0f} |"
        )
    gaps = [v[0].mean - v[1].mean for v in refs if len(v) > 1]
    ses = [noise(v[0], v[1]) for v in refs if len(v) > 1]
    print(
        f"{len(views)} decisions of 2-player Козёл, {sum(clear)} of them clear (the reference's "
        f"best beats its second by > 2 SE); median gap best − second "
        f"{statistics.median(gaps):.2f} pips (its standard error {statistics.median(ses):.2f}), "
        f"under 0.5 pips in {sum(g < 0.5 for g in gaps)} of {len(gaps)}; reference "
        f"{ref_cpu / len(views):.1f} s CPU each.\n"
    )
    print(
        "| bot | agrees with the reference | on the clear ones | mean value loss ± SE (pips) | "
        "median loss | worst loss | CPU ms per decision |"
    )
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print(row)
    bots = {k: v for k, v in losses.items() if not k.startswith(("flat", "random", "greedy"))}
    nearest = min(bots, key=lambda k: bots[k])
    print(
        f"\nReading: nearest the reference is {nearest} ({bots[nearest]:.2f} pips lost per "
        f"decision); the spread between the bots is "
        f"{max(bots.values()) - min(bots.values()):.2f} pips per decision (one bot's mean has an "
        f"SE of about {statistics.median(ses_loss[k] for k in bots):.2f}), against "
        f"{losses[RANDOM]:.2f} for a random move and {losses[RERUN]:.2f} "
        "for the reference re-run on other deals. The reference is "
        "PIMC's own estimator (flat, heavy playouts) with 30× its deals, so the loss is what a bot "
        "gives up *as heavy playouts judge it*"
        + (
            "; the smart-playout row shows how far the playout policy alone moves that judgement."
            if masters
            else "."
        )
    )
    per_round = real_decisions(views[0].rules, seed)
    print(
        f"\nScale: a seat meets about {per_round:.1f} decisions with two or more distinct moves "
        "per round (2 players, greedy/random matches), so 0.1 pips per decision is about "
        f"{0.1 * per_round:.1f} pips per round."
    )
    worst_case(views, refs, each["hard (clock off)"])


def worst_case(views: list[SeatView], refs: list[tuple[MoveValue, ...]], loss: list[float]) -> None:
    """Hard's worst decision against the reference: what the search saw of each move."""
    k = max(range(len(loss)), key=lambda i: loss[i])
    view, vals = views[k], refs[k]
    root, done = IsmctsBot(1, 800, 0).search(view)
    by = {m.code: m.mean for m in vals}
    written = " / ".join(str(st.written) for st in view.standings)
    print(
        f"\nHard's worst decision (loss {loss[k]:.1f} pips): written scores {written}, "
        f"hands {view.counts}, boneyard {view.boneyard}.\n"
    )
    print("| move | reference mean (pips) | hard's visits | hard's mean (pips) |")
    print("|---|---|---|---|")
    for a in distinct_moves(view):
        n = root.children.get(a)
        mean = n.total / n.visits * VALUE_SCALE if n and n.visits else math.nan
        print(
            f"| {action_name(view, a)} | {by.get(a, math.nan):+.1f} | "
            f"{n.visits if n else 0} of {done} | {mean:+.1f} |"
        )


def real_decisions(rules: Rules, seed: int, matches: int = 30) -> float:
    """Decisions with two or more distinct moves per seat per round, in greedy/random play."""
    rng = random.Random(seed)
    greedy = make_bot("greedy")
    decisions = rounds = 0
    for g in range(matches):
        match = Match(rules, seed * 1000 + 500 + g)
        while not match.over:
            view = seat_view(match, match.turn)
            decisions += len(distinct_moves(view)) > 1
            move = greedy.choose(view) if rng.random() < 0.6 else rng.choice(view.legal)
            match.apply(move)
        rounds += len(match.results)
    return decisions / max(1, rounds * rules.players)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=60, help="decisions for parts 2-4")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--bias-positions", type=int, default=0, help="per table size (part 1)")
    parser.add_argument("--deals", type=int, default=5000, help="deals per position (part 1)")
    parser.add_argument("--only", default="1,2,3,4", help="which parts, e.g. 1,4")
    parser.add_argument("--no-master", action="store_true", help="part 4 without master")
    args = parser.parse_args()
    parts = {int(p) for p in args.only.split(",") if p.strip()}
    t0 = time.perf_counter()
    print(f"# Why search gains little over sampling — seed {args.seed}\n")
    if 1 in parts:
        count = args.bias_positions or max(10, args.positions * 2 // 3)
        print_bias(sampler_bias(count, args.deals, args.seed), args.deals)
        print(f"\n_part 1: {time.perf_counter() - t0:.0f} s_\n", flush=True)
    views: list[SeatView] = []
    if parts & {2, 3, 4}:
        views = positions(
            make_rules({"players": 2}), args.positions, args.seed, lambda v: len(v.legal) > 1
        )
    if parts & {2, 3}:
        t1 = time.perf_counter()
        rows = run_searches(views, args.seed)
        if 2 in parts:
            print_iterations(rows)
        if 3 in parts:
            print_tree(rows)
        print(f"\n_parts 2-3: {time.perf_counter() - t1:.0f} s_\n", flush=True)
    if 4 in parts:
        t1 = time.perf_counter()
        exploration(views, args.seed, not args.no_master)
        print(f"\n_part 4: {time.perf_counter() - t1:.0f} s_\n")
    print(f"_total: {time.perf_counter() - t0:.0f} s wall_")
    return 0


if __name__ == "__main__":
    sys.exit(main())
