"""The play model's heavy-tile preference fitted to how the bots really play (issue 26).

    nice -n 19 .venv/bin/python benchmarks/play_model.py [--matches 6] [--seed 26]
        [--bots "hard hard hard hard" "master hard hard hard"] [--players 2 4]

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
takes it (``SearchConfig.beta``).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from domino_tui.bots import make_bot
from domino_tui.engine.actions import is_play
from domino_tui.engine.geometry import geometry
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.tiles import bits, tile_set
from domino_tui.engine.view import seat_view

GRID = (0.0, 0.1, 0.25, 0.4, 0.5, 0.75, 1.0, 1.5)


@dataclass(frozen=True)
class Play:
    """One choice: the tile laid and every tile in hand that fitted (the laid one among them)."""

    tile: int
    options: tuple[int, ...]


def record(bots: list[str], players: int, matches: int, seed: int) -> list[Play]:
    """Every informative play (two or more fitting tiles in hand) of ``matches`` clock-off
    matches, the bots cycled over the seats match by match (each bot sits everywhere)."""
    rules = make_rules({"players": players})
    fits = geometry(rules.set_top, rules.match).fits
    plays: list[Play] = []
    for m in range(matches):
        match = Match(rules, seed * 1000 + m)
        names = [bots[(s + m) % len(bots)] for s in range(players)]
        seated = [
            make_bot(name, seed * 1000 + m * 10 + s, clock=False) for s, name in enumerate(names)
        ]
        while not match.over:
            view = seat_view(match, match.turn)
            code = seated[view.seat].choose(view)
            if is_play(code) and view.placed and not view.board:
                held = view.hand & (fits[view.left] | fits[view.right])
                options = tuple(bits(held))
                if len(options) > 1:
                    plays.append(Play(code >> 1, options))
            match.apply(code)
    return plays


def log_likelihood(plays: list[Play], beta: float, delta: float, players: int) -> float:
    """Mean log-probability of the tile laid, score = beta × pips + delta × double."""
    ts = tile_set(make_rules({"players": players}).set_top)
    total = 0.0
    for p in plays:
        scores = [beta * ts.pips[t] + delta * ts.is_double[t] for t in p.options]
        top = max(scores)
        norm = top + math.log(sum(math.exp(s - top) for s in scores))
        total += beta * ts.pips[p.tile] + delta * ts.is_double[p.tile] - norm
    return total / len(plays)


def fit(plays: list[Play], players: int, doubles: bool) -> tuple[float, float]:
    """The maximum-likelihood (beta, delta) by Newton's method (delta stays 0 without
    ``doubles``): the softmax log-likelihood is concave, so a few steps find it."""
    ts = tile_set(make_rules({"players": players}).set_top)
    beta, delta = 0.25, 0.0
    for _ in range(30):
        g = [0.0, 0.0]
        h = [[0.0, 0.0], [0.0, 0.0]]
        for p in plays:
            feats = [(ts.pips[t], float(ts.is_double[t])) for t in p.options]
            scores = [beta * a + delta * b for a, b in feats]
            top = max(scores)
            w = [math.exp(s - top) for s in scores]
            z = sum(w)
            mean = [sum(wi * f[k] for wi, f in zip(w, feats, strict=True)) / z for k in (0, 1)]
            chosen = (ts.pips[p.tile], float(ts.is_double[p.tile]))
            for k in (0, 1):
                g[k] += chosen[k] - mean[k]
                for j in (0, 1):
                    second = sum(wi * f[k] * f[j] for wi, f in zip(w, feats, strict=True)) / z
                    h[k][j] -= second - mean[k] * mean[j]
        if not doubles:
            step = (-g[0] / h[0][0], 0.0)
        else:
            det = h[0][0] * h[1][1] - h[0][1] * h[1][0]
            step = (
                -(h[1][1] * g[0] - h[0][1] * g[1]) / det,
                -(-h[1][0] * g[0] + h[0][0] * g[1]) / det,
            )
        beta, delta = beta + step[0], delta + step[1]
        if abs(step[0]) + abs(step[1]) < 1e-6:
            break
    return beta, delta


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=6, help="matches per bot line-up")
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    lineups = ["hard hard hard hard", "master hard hard hard"]
    parser.add_argument("--bots", nargs="+", default=lineups, help="line-ups, a bot per seat")
    args = parser.parse_args()
    header = " | ".join(f"β={b:g}" for b in GRID)
    print(f"| players | bots | plays | {header} | β̂ | β̂, δ̂ (double bonus) | LL at β̂, δ̂ |")
    print("|---|---|---|" + "---|" * len(GRID) + "---|---|---|")
    for players in args.players:
        for line in args.bots:
            bots = line.split()[:players]
            t0 = time.perf_counter()
            plays = record(bots, players, args.matches, args.seed)
            row = " | ".join(f"{log_likelihood(plays, b, 0.0, players):.4f}" for b in GRID)
            beta, _ = fit(plays, players, doubles=False)
            b2, d2 = fit(plays, players, doubles=True)
            both = log_likelihood(plays, b2, d2, players)
            print(
                f"| {players} | {' '.join(bots)} | {len(plays)} | {row} | {beta:.3f} | "
                f"{b2:.3f}, {d2:+.2f} | {both:.4f} |",
                flush=True,
            )
            print(f"<!-- {time.perf_counter() - t0:.0f} s -->", file=sys.stderr)


if __name__ == "__main__":
    main()
