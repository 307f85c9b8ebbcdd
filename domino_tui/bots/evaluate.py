"""How good a finished round is for each side, under the rules in force.

Raw pip differences mislead in Козёл: under "рыба на одного" (K8.2) the side with the most points
takes everyone's, small scores are only remembered (K7), going out wipes one's remembered points
(K7.4), and the round that carries a side past the target makes it the goat (K9). And the other
variants count in their own currency: points made during play in телефон, the 25 threshold of
морской, generals. So a playout is scored by the variant's own :meth:`Variant.round_costs`
against the real standings, carry and running state (Козёл's: what a side wrote, plus a share of
what it now carries as remembered, plus a heavy price for becoming the goat). Values are relative
(the others' mean cost minus one's own), in the variant's points.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.round import RoundState
from ..engine.variants import get_variant
from ..engine.variants.base import Sheet
from ..engine.variants.kozel import GOAT_PRICE, REMEMBERED_WEIGHT
from ..engine.view import SeatView
from .objective import Costs, current

__all__ = ["GOAT_PRICE", "REMEMBERED_WEIGHT", "Evaluator"]


class Evaluator:
    """Scores finished rounds for every seat from one view's standings, rules and variant."""

    __slots__ = (
        "active",
        "before",
        "costs",
        "parts",
        "prices",
        "rules",
        "side_of",
    )

    def __init__(self, view: SeatView) -> None:
        r = view.rules
        self.rules = r
        self.before = Sheet(r, view.standings, view.carry, view.extra)
        variant = get_variant(r.variant)
        self.costs: Costs = variant.round_costs
        self.prices: Costs = variant.round_prices
        self.parts: Callable[[Sheet, RoundState], tuple[list[float], list[float]]]
        self.parts = variant.round_parts
        other = current()  # another game's scoring (bots.objective): no match price there
        if other is not None:
            nothing = [0.0] * r.sides
            self.costs = other
            self.prices = lambda _before, _state: nothing
            self.parts = lambda before, state: (other(before, state), nothing)
        self.side_of = tuple(r.side_of(s) for s in range(r.players))
        self.active = tuple(side for side in range(r.sides) if not view.standings[side].out)

    def side_costs(self, state: RoundState) -> list[float]:
        """Each side's cost of this round (lower is better); 0 for sides out of the game."""
        costs = self.costs(self.before, state)
        active = self.active
        return [c if side in active else 0.0 for side, c in enumerate(costs)]

    def seat_values(self, state: RoundState) -> list[float]:
        """Per seat: the other active sides' mean cost minus its own side's cost."""
        return self._relative(self.side_costs(state))

    def seat_prices(self, state: RoundState) -> list[float]:
        """The part of :meth:`seat_values` that is the match's price (Козёл's goat), the
        same way relative: the coach reports it apart from the points of the round."""
        prices = self.prices(self.before, state)
        active = self.active
        return self._relative([c if side in active else 0.0 for side, c in enumerate(prices)])

    def seat_parts(self, state: RoundState) -> tuple[list[float], list[float]]:
        """:meth:`seat_values` and :meth:`seat_prices` from one count of the round."""
        costs, prices = self.parts(self.before, state)
        active = self.active
        return (
            self._relative([c if side in active else 0.0 for side, c in enumerate(costs)]),
            self._relative([c if side in active else 0.0 for side, c in enumerate(prices)]),
        )

    def _relative(self, costs: list[float]) -> list[float]:
        active = self.active
        total = sum(costs[s] for s in active)
        n = len(active) - 1
        side_value = [0.0] * self.rules.sides
        for s in active:
            side_value[s] = (total - costs[s]) / n - costs[s] if n else 0.0
        return [side_value[side] for side in self.side_of]
