"""What the search bots play for, when it is not the variant's own scoring.

The bots value a finished round by the variant's :meth:`Variant.round_costs` (Козёл's written
points, remembered points and the goat). A yardstick game played by another engine's rules
(``benchmarks/outside.py``) scores hands otherwise; seating our bots there with Козёл's objective
is an away game with a handicap. :func:`playing_for` lets the adapter give them the host's
scoring for the hands it plays: every :class:`.evaluate.Evaluator` made inside it charges each
side by ``costs`` instead (lower is better, in that game's points), with no match price.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from ..engine.round import RoundState
from ..engine.variants.base import Sheet

Costs = Callable[[Sheet, RoundState], list[float]]

# a context variable, not a module global: a bot thinking in another thread or task (the app's
# workers) keeps its variant's own objective whatever a benchmark sets in its own context
_playing_for: ContextVar[Costs | None] = ContextVar("playing_for", default=None)


@contextmanager
def playing_for(costs: Costs) -> Iterator[None]:
    """Bots built or thinking inside this block play for ``costs``."""
    token = _playing_for.set(costs)
    try:
        yield
    finally:
        _playing_for.reset(token)


def current() -> Costs | None:
    """The objective in force, or None for the variant's own."""
    return _playing_for.get()
