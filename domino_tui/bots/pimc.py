"""Perfect-information Monte Carlo: guess the hidden tiles many times, play every candidate out on
each guess, keep the candidate with the best mean result.

Every candidate is tried on the same guesses (common random numbers), which removes most of the
noise from the comparison. What the search spends and how is one :class:`.config.SearchConfig`
(the yardstick of issue 13 is ``pimc:samples=60``, sixty deals, heavy-first playouts, one ply;
the levels are the presets :data:`.config.HARD` and :data:`.config.MASTER`); the bot's options
by name (``pimc:samples=60,solve=14``) are that config's fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.view import SeatView
from .base import ExplainingBot
from .config import SearchConfig
from .search import action_name

if TYPE_CHECKING:
    from .explain import MoveValue


class PimcBot(ExplainingBot):
    """Samples consistent deals, plays each legal action out with the default policy."""

    name = "pimc"

    def __init__(self, seed: int = 0, config: SearchConfig | None = None) -> None:
        self.seed = seed
        self.config = config or SearchConfig()

    def decide(self, view: SeatView) -> tuple[int, str]:
        legal = view.legal
        if len(legal) == 1:
            return legal[0], f"{action_name(view, legal[0])} is the only move"
        values = self.values(view)
        best, guesses = values[0], len(values[0].samples)
        if len(values) == 1:  # the same play on either end
            return best.code, f"{action_name(view, best.code)} is the only move"
        other = values[1]
        reason = (
            f"{action_name(view, best.code)} averages {best.mean:+.1f} pips over {guesses} "
            f"guessed deals, {best.mean - other.mean:.1f} better than "
            f"{action_name(view, other.code)}"
        )
        return best.code, reason

    def values(self, view: SeatView) -> tuple[MoveValue, ...]:
        """Every distinct move's values over the guessed deals, best first."""
        # the search is imported by the first decision, not by seating the bot (the first frame)
        from .explain import evaluate

        return evaluate(view, self.seed, self.config)


def pimc(seed: int = 0, **options: Any) -> PimcBot:
    """The registry's factory: a bot name's options (``pimc:samples=60``) are the config's
    fields, checked by the registry against their declared ranges first."""
    return PimcBot(seed, SearchConfig(**options))
