"""Спортивное домино (docs/variants/sport.md, V6): pairs, rotating leads, N deals, winner writes."""

from __future__ import annotations

from typing import Any

from ..rules import Rules, RulesError
from .base import Variant

PRESETS: dict[str, dict[str, Any]] = {
    "sport": {
        "variant": "sport",
        "players": 4,
        "pairs": True,
        "later_leads": "rotate",
        "match_end": "rounds:8",
    }
}


class Sport(Variant):
    name = "sport"
    fixed = {"players": 4, "pairs": True, "later_leads": "rotate", "partner_leads": False}  # noqa: RUF012
    refused = ("target", "open_threshold", "double_pair", "finish_bonus", "fish")

    def check(self, rules: Rules) -> None:
        super().check(rules)
        n = rules.rounds_limit
        if n is None or n % 4:
            raise RulesError(
                f"sport is played over a number of deals that is a multiple of 4 "
                f"(match_end=rounds:4, rounds:8 …), not match_end={rules.match_end}"
            )


VARIANT = Sport()
