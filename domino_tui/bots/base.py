"""The bot interface: a bot sees one :class:`SeatView` and returns one legal action code.

Bots never receive the match or the round state, only the view of their own seat; that is what
keeps them honest (RULES K3.6: what is public is in the view, nothing else is).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..engine.view import SeatView


@runtime_checkable
class Bot(Protocol):
    """Anything with a name and a ``choose`` method is a bot."""

    name: str

    def choose(self, view: SeatView) -> int:
        """Return one of ``view.legal``."""
        ...


@runtime_checkable
class Explaining(Protocol):
    """Bots that can say why (for the app's hint key): ``isinstance(bot, Explaining)``."""

    def explain(self, view: SeatView) -> tuple[int, str]:
        """The chosen action and a one-line reason in English."""
        ...
