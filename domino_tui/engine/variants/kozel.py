"""Козёл (RULES.md §3-§8), its pairs game and classic dominoes (§9): the family's base.

The scoring itself lives in :mod:`..scoring`, shared with the variants built on Козёл's count
(Осёл, Чечевэ); this module decides the goats and the end of the match (K9, K9.1, F13, C6).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..options import Rules, RulesError
from ..results import Outcome
from ..round import RoundState
from ..scoring import RoundScore, Standing, rating, score_round
from .base import MatchState, Settled, Sheet, Variant

REMEMBERED_WEIGHT = 0.5  # remembered points are written about half the time, else wiped
GOAT_PRICE = 80.0  # pips a side would give up to avoid becoming the goat this round

PRESETS: dict[str, dict[str, Any]] = {
    "kozel": {},
    "kozel-pairs": {"players": 4, "pairs": True},
    "classic": {
        "variant": "classic",
        "hand_size": 0,
        "redeal": "none",
        "lead_rule": "highest_double",
        "later_leads": "same_as_first",
        "fish": "lowest_wins",
        "blank_alone": 25,
        "target": 100,
    },
}


class Kozel(Variant):
    """Козёл and classic: the rules object's Козёл options say everything. A variant built on
    Козёл's count (осёл, чечевэ, a plugin's) names itself and keeps the defaults."""

    def __init__(self, name: str, *, classic_count: bool = False, record_since: int = 3) -> None:
        self.name = name
        self.classic_count = classic_count
        self.record_since = record_since
        self.score_kind = "gained" if classic_count else "charged"

    def check(self, rules: Rules) -> None:
        """What Козёл and classic refuse beyond the rules gate's checks (F15): classic is
        played each for themselves, to the target, and scores a fish as lowest_wins (C6);
        lowest_wins is classic's alone. The variants built on Козёл (осёл, чечевэ) run these
        too, after their own."""
        super().check(rules)
        if self.classic_count:
            if rules.pairs:
                raise RulesError("pairs are a Козёл rule; classic is played each for themselves")
            if rules.fish != "lowest_wins":
                raise RulesError(
                    "the classic variant scores a fish as lowest_wins (fish=lowest_wins)"
                )
            if rules.match_end == "last_standing":
                raise RulesError("match_end=last_standing is a Козёл rule, not for classic")
        elif rules.fish == "lowest_wins":
            raise RulesError("fish=lowest_wins is for classic; Козёл allows all, one, fisher")

    def settle(self, match: MatchState, state: RoundState) -> Settled:
        r = match.rules
        score = score_round(r, match.standings, match.carry, state)
        standings = tuple(line.after for line in score.lines)
        goats, outcome, standings = decide_end(r, standings, len(match.results) + 1)
        if goats and r.match_end == "last_standing":  # the sheet shows who dropped out (F13)
            score = with_after(score, standings)
        return Settled(score, standings, score.carry_after, match.extra, goats, outcome)

    def round_costs(self, before: Sheet, state: RoundState) -> list[float]:
        """Raw pip differences mislead in Козёл: under «рыба на одного» (K8.2) the side with
        the most points takes everyone's, small scores are only remembered (K7), going out
        wipes one's remembered points (K7.4), and the round that carries a side past the
        target makes it the goat (K9). So a round is scored by the engine's own rules against
        the real standings: what a side wrote, plus half of what it now carries as remembered,
        plus a heavy price for becoming the goat."""
        return kozel_costs(before.rules, _score(before, state))

    def round_prices(self, before: Sheet, state: RoundState) -> list[float]:
        """The goat's price within :meth:`round_costs` (:func:`kozel_prices`)."""
        return kozel_prices(before.rules, _score(before, state))

    def round_parts(self, before: Sheet, state: RoundState) -> tuple[list[float], list[float]]:
        """Both from one count of the round (a variant that counts otherwise takes the base's
        :meth:`Variant.round_parts`)."""
        score = _score(before, state)
        return kozel_costs(before.rules, score), kozel_prices(before.rules, score)


def _score(before: Sheet, state: RoundState) -> RoundScore:
    """Козёл's count of a finished round against the sheet before it."""
    return score_round(before.rules, before.standings, before.carry, state)


def kozel_costs(rules: Rules, score: RoundScore) -> list[float]:
    """Per side: written + half the remembered change + the goat's price (classic: minus)."""
    prices = kozel_prices(rules, score)
    costs = [0.0] * rules.sides
    classic = rules.classic_count
    for line in score.lines:
        before, after = line.before, line.after
        if before.out:
            continue
        if classic:
            cost = -float(after.written - before.written)
        else:
            cost = after.written - before.written
            cost += REMEMBERED_WEIGHT * (after.remembered - before.remembered)
        costs[line.side] = cost + prices[line.side]
    return costs


def kozel_prices(rules: Rules, score: RoundScore) -> list[float]:
    """Per side: the goat's price if this round carries it past the target (classic: minus
    the price, C6: reaching the target wins), else 0."""
    prices = [0.0] * rules.sides
    if rules.match_end not in ("target", "last_standing"):
        return prices
    price = -GOAT_PRICE if rules.classic_count else GOAT_PRICE
    for line in score.lines:
        before, after = line.before, line.after
        if not before.out and after.written >= rules.target > before.written:
            prices[line.side] = price
    return prices


def with_after(score: RoundScore, standings: tuple[Standing, ...]) -> RoundScore:
    """The score sheet with each side's standing after the round replaced."""
    return dataclasses.replace(
        score,
        lines=tuple(dataclasses.replace(line, after=standings[line.side]) for line in score.lines),
    )


def decide_end(
    r: Rules, standings: tuple[Standing, ...], rounds_done: int
) -> tuple[tuple[int, ...], Outcome | None, tuple[Standing, ...]]:
    """Goats and the end of the match after a round (K9, K9.1, F13, C6): the goats of this
    round, the outcome if the match ended, and the standings (marked out under last_standing)."""
    written = [st.written for st in standings]
    limit = r.rounds_limit
    if r.classic_count:
        reached = [s for s in range(r.sides) if written[s] >= r.target]
        if limit is not None:
            if rounds_done < limit:
                return (), None, standings
            best = max(written)
            reached = [s for s in range(r.sides) if written[s] == best]
        if reached:
            return (), end(r, standings, goats=(), winners=tuple(reached)), standings
        return (), None, standings
    if limit is not None:
        if rounds_done < limit:
            return (), None, standings
        worst, best = max(written), min(written)
        goats = tuple(s for s in range(r.sides) if written[s] == worst and best != worst)
        winners = tuple(s for s in range(r.sides) if written[s] == best)
        return goats, end(r, standings, goats, winners), standings
    new = tuple(s for s in range(r.sides) if not standings[s].out and written[s] >= r.target)
    if not new:
        return (), None, standings
    if r.match_end == "last_standing":
        standings = tuple(
            Standing(st.written, st.remembered, st.opened, True) if s in new else st
            for s, st in enumerate(standings)
        )
        if len([st for st in standings if not st.out]) > 1:
            return new, None, standings
        all_goats = tuple(s for s, st in enumerate(standings) if st.out)
        return new, end(r, standings, goats=all_goats), standings
    return new, end(r, standings, goats=new), standings


def end(
    r: Rules, standings: tuple[Standing, ...], goats: tuple[int, ...], winners: tuple[int, ...] = ()
) -> Outcome:
    """The outcome with K10 ratings (classic: none)."""
    ratings = tuple(
        0 if r.classic_count else rating(r, standings[s].written, s in goats)
        for s in range(r.sides)
    )
    return Outcome(goats=goats, winners=winners, ratings=ratings)


# every record version knows Козёл and classic (a variant built on them needs version 3)
VARIANTS = {
    "kozel": Kozel("kozel", record_since=1),
    "classic": Kozel("classic", classic_count=True, record_since=1),
}
