"""Морской козёл (docs/variants/morskoy.md, V1): the winner writes, 25 or more, one holder."""

from __future__ import annotations

from typing import Any

from .base import Option, Variant

PRESETS: dict[str, dict[str, Any]] = {
    "morskoy": {
        "variant": "morskoy",
        "players": 4,
        "pairs": True,
        "double_pair": True,
        "blank_alone": 25,
        "big_alone": True,
        "target": 125,
    }
}


class Morskoy(Variant):
    name = "morskoy"
    options = {  # noqa: RUF012
        "write_min": Option(25, low=1, high=100, help="V1.8.2: the smallest sum written"),
        "wipe": Option("all", ("all", "others"), help="V1.8.3: who is wiped"),
        "six_six_out": Option("conditional", ("conditional", "wins"), help="V1.8.4"),
        "fish_tries": Option(3, low=1, high=5, help="V1.7.3: tries to write a fish off"),
        "rotten_eggs": Option("draw", ("draw", "void"), help="V1.7.4"),
    }
    refused = ("fish", "pair_fish", "open_threshold", "finish_bonus", "match_end", "later_leads")


VARIANT = Morskoy()
