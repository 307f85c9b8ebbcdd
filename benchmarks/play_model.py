"""The play model's heavy-tile preference fitted to how the bots really play (issue 26).

    nice -n 19 .venv/bin/python benchmarks/play_model.py [--matches 6] [--seed 26]
        [--bots "hard hard hard hard" "master hard hard hard"] [--players 2 4]
        [--variant kozel-pairs]

The master weighs each guessed deal by how likely the other seats' plays were with it
(:mod:`domino_tui.bots.opponent`): a play is the tile laid among those in hand that fitted, with
probability ∝ ``exp(beta × pips)``. ``beta`` (:data:`~domino_tui.bots.config.BETA`) was set
by hand on two-player matches. Here clock-off matches of search bots are played (the bots the
master meets), and at every play that is not a lead the seat's real hand, the ends and the tile
laid are recorded — what the model sees in a guessed deal that is right. The log-likelihood per
play (only plays with two or more fitting tiles tell anything) is printed for a grid of betas
beside the uniform choice (beta = 0), with the maximum-likelihood beta (the log-likelihood is
concave in beta: Newton's method); a second model adds a bonus ``delta`` for a double (a
player lays a double while it still fits), fitted jointly, to say whether pips alone are the
right feature. Each player count is fitted apart: if four players want another beta, the config
takes it (``SearchConfig.beta``). With ``--variant kozel-pairs`` a third feature says whether the
tile left the partner an end it could answer (its real hand), fitted beside beta: the partner's
signal ``SearchConfig.partner``, with the likelihood-ratio statistic against beta alone (above
3.84: the signal is real at 5%).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from domino_tui.bots import make_bot
from domino_tui.bots.config import SearchConfig
from domino_tui.bots.opponent import PlayModel, follows, kept
from domino_tui.bots.pimc import PimcBot
from domino_tui.bots.sampler import Sampler
from domino_tui.engine.actions import is_play
from domino_tui.engine.geometry import geometry
from domino_tui.engine.match import Match
from domino_tui.engine.rules import Rules, make_rules
from domino_tui.engine.tiles import bits, tile_set
from domino_tui.engine.view import SeatView, seat_view

GRID = (0.0, 0.1, 0.25, 0.4, 0.5, 0.75, 1.0, 1.5)
FEATURES = ("pips", "double", "partner", "kept")  # a tile's features at a play (Play.options)


@dataclass(frozen=True)
class Play:
    """One choice: each tile in hand that fitted as its features (pips, double, whether it
    left the partner an end to answer — pairs only, else 0 —, how many of the player's other
    tiles answer the ends it left), and which of them was laid."""

    chosen: int
    options: tuple[tuple[float, ...], ...]


def decisions(
    bots: list[str], rules: Rules, matches: int, seed: int
) -> Iterator[tuple[Match, SeatView, int]]:
    """Every decision of ``matches`` clock-off matches, with the move chosen (applied after the
    caller has looked), the bots cycled over the seats match by match (each bot sits
    everywhere)."""
    for m in range(matches):
        match = Match(rules, seed * 1000 + m)
        names = [bots[(s + m) % len(bots)] for s in range(rules.players)]
        seated = [
            make_bot(name, seed * 1000 + m * 10 + s, clock=False) for s, name in enumerate(names)
        ]
        while not match.over:
            view = seat_view(match, match.turn)
            code = seated[view.seat].choose(view)
            yield match, view, code
            match.apply(code)


def record(bots: list[str], players: int, matches: int, seed: int, variant: str) -> list[Play]:
    """Every informative play (two or more fitting tiles in hand) of ``matches`` matches."""
    rules = make_rules({"players": players}, variant)
    geo = geometry(rules.set_top, rules.match)
    ts = tile_set(rules.set_top)
    plays: list[Play] = []
    for match, view, code in decisions(bots, rules, matches, seed):
        if is_play(code) and view.placed and not view.board:
            held = view.hand & (geo.fits[view.left] | geo.fits[view.right])
            tiles = list(bits(held))
            mate = seat_view(match, rules.partner_of(view.seat)).hand if rules.pairs else 0
            if len(tiles) > 1:
                options = tuple(
                    (
                        float(ts.pips[t]),
                        float(ts.is_double[t]),
                        float(follows(geo, t, view.left, view.right, mate)),
                        float(kept(geo, t, view.left, view.right, view.hand)),
                    )
                    for t in tiles
                )
                plays.append(Play(tiles.index(code >> 1), options))
    return plays


def log_likelihood(plays: list[Play], weights: tuple[float, ...]) -> float:
    """Mean log-probability of the tile laid, its score the features weighed by ``weights``."""
    total = 0.0
    for p in plays:
        scores = [sum(w * f for w, f in zip(weights, o, strict=False)) for o in p.options]
        top = max(scores)
        total += scores[p.chosen] - top - math.log(sum(math.exp(s - top) for s in scores))
    return total / len(plays)


def _solve(h: list[list[float]], g: list[float]) -> list[float]:
    """``h x = g`` by Gaussian elimination (a few unknowns)."""
    n = len(g)
    a = [[*row, g[i]] for i, row in enumerate(h)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[pivot] = a[pivot], a[c]
        for r in range(n):
            if r != c and a[c][c]:
                k = a[r][c] / a[c][c]
                a[r] = [x - k * y for x, y in zip(a[r], a[c], strict=True)]
    return [a[i][n] / a[i][i] if a[i][i] else 0.0 for i in range(n)]


def fit(plays: list[Play], used: tuple[int, ...]) -> tuple[float, ...]:
    """The maximum-likelihood weights of the features ``used`` (indices into
    :data:`FEATURES`; the others stay 0) by Newton's method: the softmax log-likelihood is
    concave, so a few steps find it."""
    w = [0.25 if k == 0 else 0.0 for k in range(len(FEATURES))]
    for _ in range(30):
        g = [0.0] * len(used)
        h = [[0.0] * len(used) for _ in used]
        for p in plays:
            scores = [sum(wi * f for wi, f in zip(w, o, strict=True)) for o in p.options]
            top = max(scores)
            e = [math.exp(s - top) for s in scores]
            z = sum(e)
            mean = [sum(ei * o[k] for ei, o in zip(e, p.options, strict=True)) / z for k in used]
            for i, k in enumerate(used):
                g[i] += p.options[p.chosen][k] - mean[i]
                for j, q in enumerate(used):
                    second = sum(ei * o[k] * o[q] for ei, o in zip(e, p.options, strict=True))
                    h[i][j] += second / z - mean[i] * mean[j]
        step = _solve(h, g)  # h is minus the Hessian: the Newton step is h⁻¹ g
        for i, k in enumerate(used):
            w[k] += step[i]
        if sum(abs(x) for x in step) < 1e-6:
            break
    return tuple(w)


def guess_quality(
    bots: list[str],
    rules: Rules,
    matches: int,
    seed: int,
    models: dict[str, str],
    guesses: int,
) -> dict[str, list[tuple[float, float]]]:
    """What each play model (``models``: a name and its SearchConfig options, "" for no model)
    makes of the hidden tiles: at every third real decision of clock-off matches, ``guesses``
    guessed deals per model (the same random streams for each), and per decision the share of the
    unseen tiles placed where they really are, and of the partner's tiles guessed in the
    partner's hand (pairs; else the next seat's)."""
    players = rules.players
    got: dict[str, list[tuple[float, float]]] = {name: [] for name in models}
    configs = {name: make_config(spec) for name, spec in models.items()}
    for k, (match, view, _) in enumerate(decisions(bots, rules, matches, seed), 1):
        if len(view.legal) > 1 and k % 3 == 0 and not view.board:
            real = {s: seat_view(match, s).hand for s in view.seats}
            mate = (view.seat + 2) % players if rules.pairs else (view.seat + 1) % players
            for name, c in configs.items():
                model = PlayModel(view, c.beta, c.partner, c.keep, c.double) if c else None
                sampler = Sampler(view, model=model)
                rng = random.Random(k)
                right = mine = 0
                for _ in range(guesses):
                    hands = sampler.state(rng).hands
                    right += sum((hands[s] & real[s]).bit_count() for s in real if s != view.seat)
                    mine += (hands[mate] & real[mate]).bit_count()
                unseen = view.unseen.bit_count() or 1
                got[name].append(
                    (right / guesses / unseen, mine / guesses / (view.counts[mate] or 1))
                )
    return got


def make_config(spec: str) -> SearchConfig | None:
    """A config from a PIMC bot's options (``beta=0.07,partner=-0.7``), read and checked as any
    bot name is; "" is no model at all."""
    if not spec:
        return None
    bot = make_bot("pimc:" + spec)
    assert isinstance(bot, PimcBot)
    return bot.config


def print_quality(got: dict[str, list[tuple[float, float]]]) -> None:
    """Each model's shares beside the first model's, the difference paired by decision."""
    names = list(got)
    base = got[names[0]]
    head = "unseen tiles placed right | vs first [95% CI] | partner's (next's) tiles right"
    print(f"| model | decisions | {head} | vs first [95% CI] |")
    print("|---|---|---|---|---|---|")
    for name in names:
        cells = [name or "none", str(len(got[name]))]
        for i in (0, 1):
            mine = [x[i] for x in got[name]]
            diff = [a[i] - b[i] for a, b in zip(got[name], base, strict=True)]
            half = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff)) if len(diff) > 1 else 0.0
            mean = statistics.fmean(diff)
            cells += [
                f"{statistics.fmean(mine):.4f}",
                f"{mean:+.4f} [{mean - half:+.4f}, {mean + half:+.4f}]",
            ]
        print("| " + " | ".join(cells) + " |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=6, help="matches per bot line-up")
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--variant", default="kozel", help="kozel-pairs: the partner's signal too")
    lineups = ["hard hard hard hard", "master hard hard hard"]
    parser.add_argument("--bots", nargs="+", default=lineups, help="line-ups, a bot per seat")
    parser.add_argument(
        "--guesses",
        type=int,
        default=0,
        help="instead of the fit: guessed deals per decision for each --models entry",
    )
    parser.add_argument(
        "--models", nargs="+", default=["", "beta=0.25"], help="play models' options ('': none)"
    )
    args = parser.parse_args()
    pairs = make_rules({}, args.variant).pairs
    if args.guesses:
        for line in args.bots:
            rules = make_rules({} if pairs else {"players": args.players[0]}, args.variant)
            got = guess_quality(
                line.split(),
                rules,
                args.matches,
                args.seed,
                {m: m for m in args.models},
                args.guesses,
            )
            print(f"\n{args.variant}, {line}:\n")
            print_quality(got)
        return
    header = " | ".join(f"β={b:g}" for b in GRID)
    extra = " β̂, π̂ (partner) | LL at β̂, π̂ | LR vs β̂ alone |" if pairs else ""
    extra += " β̂, κ̂ (kept) | β̂, π̂, κ̂ | LL at β̂, π̂, κ̂ |" if pairs else " β̂, κ̂ (kept) | LL |"
    extra += " all: β̂, δ̂, π̂, κ̂ | LL |"
    print(f"| players | bots | plays | {header} | β̂ | β̂, δ̂ (double bonus) | LL at β̂, δ̂ |{extra}")
    print("|---|---|---|" + "---|" * (len(GRID) + (11 if pairs else 7)))
    for players in [4] if pairs else args.players:
        for line in args.bots:
            bots = line.split()[:players]
            t0 = time.perf_counter()
            plays = record(bots, players, args.matches, args.seed, args.variant)
            row = " | ".join(f"{log_likelihood(plays, (b,)):.4f}" for b in GRID)
            alone = fit(plays, (0,))
            b2, d2, _, _ = fit(plays, (0, 1))
            cells = [
                f"{players}",
                " ".join(bots),
                f"{len(plays)}",
                row,
                f"{alone[0]:.3f}",
                f"{b2:.3f}, {d2:+.2f}",
                f"{log_likelihood(plays, (b2, d2)):.4f}",
            ]
            if pairs:
                b3, _, p3, _ = fit(plays, (0, 2))
                with_partner = log_likelihood(plays, (b3, 0.0, p3))
                # twice the log-likelihood gained: chi-squared with one degree of freedom
                lr = 2 * len(plays) * (with_partner - log_likelihood(plays, alone))
                cells += [f"{b3:.3f}, {p3:+.2f}", f"{with_partner:.4f}", f"{lr:.1f}"]
            b4, _, _, k4 = fit(plays, (0, 3))
            cells.append(f"{b4:.3f}, {k4:+.2f}")
            if pairs:
                b5, _, p5, k5 = fit(plays, (0, 2, 3))
                cells.append(f"{b5:.3f}, {p5:+.2f}, {k5:+.2f}")
                cells.append(f"{log_likelihood(plays, (b5, 0.0, p5, k5)):.4f}")
            else:
                cells.append(f"{log_likelihood(plays, (b4, 0.0, 0.0, k4)):.4f}")
            every = fit(plays, (0, 1, 2, 3) if pairs else (0, 1, 3))
            cells.append(", ".join(f"{w:+.2f}" for w in every))
            cells.append(f"{log_likelihood(plays, every):.4f}")
            print("| " + " | ".join(cells) + " |", flush=True)
            print(f"<!-- {time.perf_counter() - t0:.0f} s -->", file=sys.stderr)


if __name__ == "__main__":
    main()
