"""What the sampling bots share: a per-decision random generator and an action's plain name.

Each decision draws its randomness from the bot's seed and the public position only, so a bot's
answer is a pure function of (seed, view): asking it twice (the app's hint key, then the move)
gives the same answer, and re-dealing the hidden tiles cannot change it.
"""

from __future__ import annotations

import random

from ..engine.actions import format_action
from ..engine.tiles import tile_set
from ..engine.view import SeatView


def decision_rng(seed: int, view: SeatView) -> random.Random:
    """A generator seeded by the bot's seed and where the game stands (public facts only)."""
    key = hash((seed, view.seat, view.number, len(view.events), view.hand, view.left, view.right))
    return random.Random(key)


def action_name(view: SeatView, code: int) -> str:
    return format_action(code, lead=not view.placed, ts=tile_set(view.rules.set_top))
