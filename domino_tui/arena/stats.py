"""Turning per-match sums into the table's figures, in match order so that the same seed always
gives the same numbers.

The margin's confidence interval treats each deal sequence (all its rotations and rounds) as one
cluster: rounds of one match are not independent, and the rotations of one deal are deliberately
anti-correlated, so a per-round interval would be too narrow. The mean is a ratio (total margin /
total rounds) and its standard error the usual cluster-robust one for a ratio estimator.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Any

from ..bots.runner import Fault
from ..text import clean
from .plan import ArenaConfig
from .play import GroupResult

Z95 = 1.959964


@dataclass(frozen=True)
class Think:
    median: float
    p95: float
    max: float
    count: int

    def to_json(self) -> dict[str, float]:
        return {"median": _ms(self.median), "p95": _ms(self.p95), "max": _ms(self.max)}


@dataclass(frozen=True)
class BotFigures:
    name: str
    seats: int
    rounds: int
    margin: float
    margin_ci95: tuple[float, float]
    pips: float
    round_win_rate: float
    goat_rate: float
    think: Think  # every decision
    think_choices: Think  # decisions with two or more legal actions
    stand_ins: int = 0  # moves a stand-in played for this bot (it overran, raised, cheated)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "seats": self.seats,
            "margin": round(self.margin, 3),
            "margin_ci95": [round(self.margin_ci95[0], 3), round(self.margin_ci95[1], 3)],
            "pips": round(self.pips, 3),
            "round_win_rate": round(self.round_win_rate, 4),
            "goat_rate": round(self.goat_rate, 4),
            "think_ms": self.think.to_json(),
            "think_ms_choices": self.think_choices.to_json(),
            "decisions": self.think.count,
            "stand_ins": self.stand_ins,
        }


@dataclass(frozen=True)
class ArenaReport:
    config: ArenaConfig
    rounds: int
    matches: int
    capped: int
    bots: tuple[BotFigures, ...]
    faults: tuple[Fault, ...] = ()  # each bot's first fault of each kind, in match order

    @property
    def stand_ins(self) -> int:
        return sum(b.stand_ins for b in self.bots)

    def to_json(self) -> dict[str, Any]:
        r = self.config.rules
        return {
            "games": self.config.games,
            "matches": self.matches,
            "rounds": self.rounds,
            "seed": self.config.seed,
            "players": r.players,
            "pairs": r.pairs,
            "rules": self.config.preset,
            "bots": [b.to_json() for b in self.bots],
            "stand_ins": self.stand_ins,
            "faults": [
                {"bot": clean(f.bot, 60), "seat": f.seat + 1, "kind": f.kind, "detail": f.detail}
                for f in self.faults
            ],
        }


def _ms(value: float) -> float:
    return round(value, 2)


def percentile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank percentile of an already sorted list (0 for an empty one)."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(q * len(sorted_values)))
    return sorted_values[rank - 1]


def think(values: list[float]) -> Think:
    v = sorted(values)
    if not v:
        return Think(0.0, 0.0, 0.0, 0)
    return Think(statistics.median(v), percentile(v, 0.95), v[-1], len(v))


def ratio_ci(sums: list[float], counts: list[int]) -> tuple[float, float, float]:
    """Mean of a ratio estimator over clusters and its 95% interval (cluster-robust)."""
    n = sum(counts)
    if not n:
        return 0.0, 0.0, 0.0
    mean = sum(sums) / n
    g = sum(1 for c in counts if c)
    if g < 2:
        return mean, mean, mean
    resid = sum((s - mean * c) ** 2 for s, c in zip(sums, counts, strict=True) if c)
    se = math.sqrt(resid * g / (g - 1)) / n
    return mean, mean - Z95 * se, mean + Z95 * se


def summarise(config: ArenaConfig, results: list[GroupResult]) -> ArenaReport:
    ordered = sorted(results, key=lambda g: g.game)
    seat_names = config.seat_names
    figures = []
    for e, name in enumerate(config.entries):
        rounds = [g.rounds[e] for g in ordered]
        total_rounds = sum(rounds)
        mean, lo, hi = ratio_ci([g.margin[e] for g in ordered], rounds)
        matches = sum(g.matches for g in ordered)
        figures.append(
            BotFigures(
                name=name,
                seats=seat_names.count(name),
                rounds=total_rounds,
                margin=mean,
                margin_ci95=(lo, hi),
                pips=sum(g.pips[e] for g in ordered) / max(1, total_rounds),
                round_win_rate=sum(g.wins[e] for g in ordered) / max(1, total_rounds),
                goat_rate=sum(g.goats[e] for g in ordered) / max(1, matches),
                think=think([t for g in ordered for t in g.think_ms[e]]),
                think_choices=think([t for g in ordered for t in g.choice_ms[e]]),
                stand_ins=sum(g.stand_ins[e] for g in ordered if g.stand_ins),
            )
        )
    total = sum(g.played for g in ordered)
    return ArenaReport(
        config=config,
        rounds=total,
        matches=sum(g.matches for g in ordered),
        capped=sum(g.capped for g in ordered),
        bots=tuple(figures),
        faults=tuple(_first_faults(ordered)),
    )


def _first_faults(ordered: list[GroupResult]) -> list[Fault]:
    """Each bot's first fault of each kind over the run, in match order."""
    seen: dict[tuple[str, str], Fault] = {}
    for group in ordered:
        for fault in group.faults:
            seen.setdefault((fault.bot, fault.kind), fault)
    return list(seen.values())
