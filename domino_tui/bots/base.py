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


class ExplainingBot:
    """Base of the bots that reason about a choice: one legal action needs no thought (and must
    not cost think time), and ``choose`` is ``explain`` without the words."""

    name: str

    def choose(self, view: SeatView) -> int:
        return self.explain(view)[0]

    def explain(self, view: SeatView) -> tuple[int, str]:
        if len(view.legal) == 1:
            return view.legal[0], "the only legal action"
        return self.decide(view)

    def decide(self, view: SeatView) -> tuple[int, str]:
        """The choice among two or more legal actions, with a one-line reason."""
        raise NotImplementedError
