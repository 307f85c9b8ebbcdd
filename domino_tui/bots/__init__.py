"""Bot registry: bots by name, difficulty levels, and third-party bots from the
``domino_tui.bots`` entry-point group."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .simple import GreedyBot, RandomBot

BotFactory = Callable[[int], Bot]

REGISTRY: dict[str, BotFactory] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}

# what the app offers; the bots issue maps these onto its strongest strategies
LEVELS: dict[str, str] = {
    "easy": "random",
    "medium": "greedy",
    "hard": "greedy",
    "master": "greedy",
}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by strategy name or level; ValueError naming the choices otherwise."""
    key = LEVELS.get(name, name)
    if key not in REGISTRY:
        choices = ", ".join([*LEVELS, *REGISTRY])
        raise ValueError(f"unknown bot {name!r}; choose one of: {choices}")
    return REGISTRY[key](seed)
