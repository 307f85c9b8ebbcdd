"""Playing one duplicate match: the same deals once per seat rotation, bots seeing only views."""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..bots import Bot, make_bot
from ..bots.runner import BotTable, Fault
from ..engine.match import Match, RoundResult
from ..engine.rules import Rules
from ..engine.variants import get_variant
from ..engine.view import seat_view
from .plan import ArenaConfig, bot_seed, match_seed

MAX_ROUNDS = 1000  # a guard: Козёл ends long before this with any legal options


@dataclass(frozen=True)
class GroupResult:
    """Sums for one deal sequence over all its rotations, per entry (the table's rows)."""

    game: int
    played: int  # rounds played over all rotations
    rounds: tuple[int, ...]  # rounds in which the entry sat and had an opponent
    margin: tuple[float, ...]  # sum of per-round margins
    pips: tuple[float, ...]  # sum of per-round charged pips (mean over the entry's seats)
    wins: tuple[float, ...]  # round wins, shared on ties
    goats: tuple[int, ...]  # matches in which one of the entry's sides was a goat
    matches: int
    think_ms: tuple[tuple[float, ...], ...]  # every decision
    choice_ms: tuple[tuple[float, ...], ...]  # decisions with two or more legal actions
    capped: int  # matches stopped by MAX_ROUNDS
    stand_ins: tuple[int, ...] = ()  # per entry, moves a stand-in played for it
    faults: tuple[Fault, ...] = ()  # each entry's first fault of each kind, in play order


# the bots that have overrun in this process (a pool worker's whole run): never waited for again
_BENCHED: set[str] = set()


def play_group(config: ArenaConfig, game: int, benched: set[str] | None = None) -> GroupResult:
    """Play deal sequence ``game`` once per seat rotation. Every decision has the config's time
    limit (bots/runner.py): a bot that overruns, raises or breaks the rules gets a stand-in move,
    counted and reported; one that overran is then benched for the run (``benched``, shared by
    the caller's groups; a pool worker keeps its own)."""
    entries = config.entries
    benched = _BENCHED if benched is None else benched
    stand_ins = [0] * len(entries)
    faults: dict[tuple[str, str], Fault] = {}
    k = len(entries)
    rounds, wins = [0] * k, [0.0] * k
    margin, pips = [0.0] * k, [0.0] * k
    goats = [0] * k
    think: list[list[float]] = [[] for _ in entries]
    choice: list[list[float]] = [[] for _ in entries]
    capped = played = 0
    seed = match_seed(config.seed, game)
    for r, seating in enumerate(config.rotations):
        owner = [entries.index(name) for name in seating]
        table = BotTable(_seat_bots(seating, seed, r), seating, config.bot_limit, benched)
        match = Match(config.rules, seed)
        while not match.over:
            seat = match.turn
            view = seat_view(match, seat)
            t0 = time.perf_counter()
            decision = table.decide(seat, view)
            assert decision is not None  # nothing cancels the arena's wait
            code = decision.code
            ms = (time.perf_counter() - t0) * 1000
            if decision.fault is not None:
                stand_ins[owner[seat]] += 1
                faults.setdefault((seating[seat], decision.fault.kind), decision.fault)
            think[owner[seat]].append(ms)
            if len(view.legal) > 1:
                choice[owner[seat]].append(ms)
            result = match.apply(code)
            if result is not None:
                played += 1
                _count_round(config, result, owner, rounds, margin, pips, wins)
                if len(match.results) >= MAX_ROUNDS and not match.over:
                    capped += 1
                    break
        table.close()
        if match.outcome is not None:
            goat_sides = set(match.outcome.goats)
            for e in {owner[s] for s in range(len(owner)) if config.rules.side_of(s) in goat_sides}:
                goats[e] += 1
    return GroupResult(
        game=game,
        played=played,
        rounds=tuple(rounds),
        margin=tuple(margin),
        pips=tuple(pips),
        wins=tuple(wins),
        goats=tuple(goats),
        matches=len(config.rotations),
        think_ms=tuple(tuple(t) for t in think),
        choice_ms=tuple(tuple(c) for c in choice),
        capped=capped,
        stand_ins=tuple(stand_ins),
        faults=tuple(faults.values()),
    )


def _seat_bots(seating: tuple[str, ...], seed: int, rotation: int) -> list[Bot]:
    """A fresh bot per seat, seeded by the match, the rotation and the seat, with no wall-clock
    caps: the seed alone then decides every action."""
    return [
        make_bot(name, bot_seed(seed, rotation, seat), clock=False)
        for seat, name in enumerate(seating)
    ]


# Variants whose written score is what a side wants (docs/variants): морской, телефон and
# спортивное write the winners' points. The others write what a side is charged (Козёл, Осёл,
# Чечевэ: points; Генерал: rounds lost); classic dominoes (C4) is told by its rules.
def gains(rules: Rules) -> bool:
    """Whether a side's written score is what it wants (classic, морской, телефон, спортивное)
    rather than what it is charged (the variant's ``score_kind``)."""
    return get_variant(rules.variant).score_kind == "gained"


def side_values(config: ArenaConfig, result: RoundResult) -> list[float]:
    """Per side, the round in the variant's own score, positive = good for the side: minus the
    points the round charged it (K5-K8, carry-overs when paid; Осёл and Чечевэ the same;
    Генерал: minus the round lost); in the classic game what it won (C4); in морской, телефон
    and спортивное the change of its written score (points written or made during play, a wipe
    counted against the wiped side)."""
    rules = config.rules
    if rules.classic_count:
        return [float(line.round_points) for line in result.score.lines]
    if gains(rules):
        return [float(line.written_now) for line in result.score.lines]
    return [-float(line.round_points) for line in result.score.lines]


def _count_round(
    config: ArenaConfig,
    result: RoundResult,
    owner: list[int],
    rounds: list[int],
    margin: list[float],
    pips: list[float],
    wins: list[float],
) -> None:
    """Add one round: each entry's value is the mean over its seats of its side's value; its
    margin is that minus the other entries' mean; round wins are shared among the best sides."""
    rules = config.rules
    lines = result.score.lines
    values = side_values(config, result)
    played = [s for s in range(rules.players) if not lines[rules.side_of(s)].before.out]
    sides = sorted({rules.side_of(s) for s in played})
    best = max(values[side] for side in sides)
    winners = [side for side in sides if values[side] == best]
    per_entry: dict[int, list[float]] = {}
    for s in played:
        per_entry.setdefault(owner[s], []).append(values[rules.side_of(s)])
    if len(per_entry) < 2:
        return
    for side in winners:
        for e in {owner[s] for s in rules.seats_of(side) if s in played}:
            wins[e] += 1.0 / len(winners)
    means = {e: sum(v) / len(v) for e, v in per_entry.items()}
    for e, mean in means.items():
        others = [m for o, m in means.items() if o != e]
        rounds[e] += 1
        margin[e] += mean - sum(others) / len(others)
        pips[e] += mean if gains(rules) else -mean
