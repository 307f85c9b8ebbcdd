"""Осёл (docs/variants/osel.md, V2): Козёл on the cross, with closed doubles, several doubles in
one move and the close-out. Scoring is Козёл's (V2.8, V2.9)."""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any, TypedDict

from ..cross import CrossConfig
from ..options import Rules
from ..round import RoundState
from ..scoring import RoundScore, score_round
from .base import MatchState, Option, Settled, Sheet, Variant
from .kozel import Kozel, decide_end, kozel_costs, kozel_prices, with_after

PRESETS: dict[str, dict[str, Any]] = {"osel": {"variant": "osel"}}


class Notes(TypedDict):
    """The score sheet's notes of a round that was closed out (V2.6.2); none otherwise."""

    closed_out: int  # the seat that closed the round out


class Osel(Kozel):
    score_unit = "points"  # its search measures its own scale
    options = {  # noqa: RUF012
        "closed_doubles": Option(True, help="V2.5.2: a double may be laid closed"),
        "close_out": Option(True, help="V2.6.2: closing two doubles ends the round"),
        "several_doubles": Option(True, help="V2.5.3: up to four doubles in one move"),
    }
    refused = ("double_pair",)

    def __init__(self) -> None:
        super().__init__("osel")

    def check(self, rules: Rules) -> None:
        """V2.5.3: ``several_doubles`` replaces Козёл's double pair (refused if set)."""
        super().check(rules)

    def config(self, rules: Rules) -> CrossConfig:
        return CrossConfig(
            closed_doubles=bool(rules.opt("closed_doubles")),
            several=4 if rules.opt("several_doubles") else 1,
            close_out=bool(rules.opt("close_out")),
        )

    def settle(self, match: MatchState, state: RoundState) -> Settled:
        if state.closed_out < 0:
            return super().settle(match, state)
        r = match.rules
        score = score_round(_ordinary_count(r), match.standings, match.carry, state)
        standings = tuple(line.after for line in score.lines)
        goats, outcome, standings = decide_end(r, standings, len(match.results) + 1)
        if goats and r.match_end == "last_standing":
            score = with_after(score, standings)
        notes = Notes(closed_out=state.closed_out)
        return Settled(score, standings, score.carry_after, match.extra, goats, outcome, notes)

    round_parts = Variant.round_parts  # it counts its own way: not Козёл's one count

    def round_costs(self, before: Sheet, state: RoundState) -> list[float]:
        return kozel_costs(before.rules, _score(before, state))

    def round_prices(self, before: Sheet, state: RoundState) -> list[float]:
        return kozel_prices(before.rules, _score(before, state))


def _score(before: Sheet, state: RoundState) -> RoundScore:
    """The round's count: Козёл's, or after a close-out each their own hand (V2.D3)."""
    rules = before.rules
    count = _ordinary_count(rules) if state.closed_out >= 0 else rules
    return score_round(count, before.standings, before.carry, state)


@cache
def _ordinary_count(rules: Rules) -> Rules:
    """V2.D3: after a close-out every player scores their own hand (K8.1's count, no clearing),
    in pairs each pair its own hands."""
    return dataclasses.replace(rules, fish="all", pair_fish="own")  # a count, not a new game


VARIANT = Osel()
