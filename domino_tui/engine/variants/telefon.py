"""Телефон, Маггинс, Все тройки (docs/variants/telefon.md, V3): points during play on the cross."""

from __future__ import annotations

from typing import Any

from ..cross import CrossConfig, CrossState, end_count
from ..round import RoundState
from ..rules import Rules
from .base import Option, Variant

_COMMON: dict[str, Any] = {
    "variant": "telefon",
    "players": 2,
    "redeal": "none",
    "fish_takes_boneyard": False,
    "blank_alone": 0,
}
PRESETS: dict[str, dict[str, Any]] = {
    "telefon": {**_COMMON, "lead_rule": "lowest_double", "boneyard_reserve": 2, "target": 72},
    "muggins": {
        **_COMMON,
        "hand_size": 0,
        "target": 200,
        "play_points": "full",
        "cross": "four",
        "several_doubles": False,
        "lead": "lot",
        "hand_units": "points",
    },
    "all-threes": {
        **_COMMON,
        "hand_size": 0,
        "target": 200,
        "multiple": 3,
        "play_points": "full",
        "cross": "four",
        "several_doubles": False,
        "lead": "lot",
        "hand_units": "points",
    },
}


class Telefon(Variant):
    name = "telefon"
    options = {  # noqa: RUF012
        "multiple": Option(5, (3, 5), help="V3.8.2: a count that is a multiple of this scores"),
        "play_points": Option("divided", ("divided", "full"), help="V3.8.2"),
        "cross": Option("played", ("played", "four"), help="V3.8.1"),
        "several_doubles": Option(True, help="V3.5.2: up to four doubles in one move"),
        "lead": Option("lowest_double", ("lowest_double", "lot"), help="V3.3"),
        "out_bonus": Option("hands", ("hands", "ten"), help="V3.8.3"),
        "hand_units": Option("fives", ("fives", "points"), help="V3.8.3"),
        "fish_subtract": Option(True, help="V3.8.4"),
        "settle": Option("winner", ("winner", "loser_pays"), help="V3.8.5"),
    }
    refused = ("fish", "pair_fish", "open_threshold", "finish_bonus", "big_alone", "one_one_15")

    def config(self, rules: Rules) -> CrossConfig:
        multiple = int(rules.opt("multiple"))
        four = rules.opt("cross") == "four"
        divided = rules.opt("play_points") == "divided"

        def scorer(s: CrossState) -> int:
            """V3.8.2: a positive multiple of ``multiple`` scores the count (÷ 5 in fives)."""
            count = end_count(s, four)
            if count <= 0 or count % multiple:
                return 0
            return count // 5 if divided else count

        return CrossConfig(
            several=4 if rules.opt("several_doubles") else 1,
            first_covered=True,
            scorer=scorer,
        )

    def start(
        self,
        rules: Rules,
        hands: list[int],
        boneyard: list[int],
        leader: int,
        lead_mask: int,
        seats: tuple[int, ...],
    ) -> RoundState:
        return CrossState.start_cross(
            rules, self.config(rules), hands, boneyard, leader, lead_mask, seats
        )


VARIANT = Telefon()
