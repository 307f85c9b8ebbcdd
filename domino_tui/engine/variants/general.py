"""Генерал (docs/variants/general.md, V4): no points, generals per pair, a fish is replayed."""

from __future__ import annotations

from typing import Any

from .base import Option, Variant

PRESETS: dict[str, dict[str, Any]] = {
    "general": {
        "variant": "general",
        "players": 4,
        "pairs": True,
        "later_leads": "same_as_first",
        "double_pair": True,
    }
}


class General(Variant):
    name = "general"
    options = {  # noqa: RUF012
        "general": Option("either", ("either", "both", "blank"), help="V4.8.2"),
        "losses": Option(2, low=1, high=10, help="V4.9: rounds a pair may lose"),
    }
    fixed = {"players": 4, "pairs": True, "later_leads": "same_as_first", "lead_rule": "kozel"}  # noqa: RUF012
    refused = ("fish", "pair_fish", "target", "open_threshold", "finish_bonus")


VARIANT = General()
