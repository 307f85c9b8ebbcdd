"""The arena: bots play full matches on duplicate deals and the figures say who is stronger.

``run_arena(ArenaConfig(bots=("hard", "greedy"), games=200, rules=make_rules({"players": 2})),
jobs=2)`` returns an :class:`ArenaReport`; ``domino arena`` prints it as a table or as JSON.
"""

from __future__ import annotations

from .plan import ArenaConfig, ArenaError
from .run import run_arena
from .stats import ArenaReport, BotFigures, Think

__all__ = ["ArenaConfig", "ArenaError", "ArenaReport", "BotFigures", "Think", "run_arena"]
