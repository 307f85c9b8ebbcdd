"""Чечевэ (docs/variants/chechevo.md, V5): Козёл each for themselves on the cross."""

from __future__ import annotations

from typing import Any

from ..cross import CrossConfig, CrossState
from ..round import RoundState
from ..rules import Rules
from .base import Option
from .kozel import Kozel

PRESETS: dict[str, dict[str, Any]] = {
    "chechevo": {"variant": "chechevo", "players": 4, "hand_size": 0, "target": 102}
}


class Chechevo(Kozel):
    options = {  # noqa: RUF012
        "blank_in_hand": Option("goat", ("goat", "value"), help="V5.8.4"),
        "six_six_in_hand": Option(50, (12, 50), help="V5.8.1"),
    }
    fixed = {"pairs": False}  # noqa: RUF012
    refused = ("double_pair", "finish_bonus", "big_alone")

    def __init__(self) -> None:
        super().__init__("chechevo")

    def auto_hand(self, players: int) -> int:
        """V5.2: 7 each with two or three players, 6 each with four."""
        return 6 if players == 4 else 7

    def start(
        self,
        rules: Rules,
        hands: list[int],
        boneyard: list[int],
        leader: int,
        lead_mask: int,
        seats: tuple[int, ...],
    ) -> RoundState:
        cfg = CrossConfig(closed_doubles=True, several=4)
        return CrossState.start_cross(rules, cfg, hands, boneyard, leader, lead_mask, seats)


VARIANT = Chechevo()
