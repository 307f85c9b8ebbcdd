"""How good a finished round is for each side, under the rules in force.

Raw pip differences mislead in Козёл: under "рыба на одного" (K8.2) the side with the most points
takes everyone's, small scores are only remembered (K7), going out wipes one's remembered points
(K7.4), and the round that carries a side past the target makes it the goat (K9). So a playout is
scored by the engine's own :func:`score_round` against the real standings, and each side's cost is
what it wrote plus a share of what it now carries as remembered, plus a heavy price for becoming
the goat. Values are relative (the others' mean cost minus one's own), in pips.
"""

from __future__ import annotations

from ..engine.round import RoundState
from ..engine.scoring import score_round
from ..engine.view import SeatView

REMEMBERED_WEIGHT = 0.5  # remembered points are written about half the time, else wiped
GOAT_PRICE = 80.0  # pips a side would give up to avoid becoming the goat this round


class Evaluator:
    """Scores finished rounds for every seat from one view's standings and rules."""

    __slots__ = ("active", "carry", "classic", "goat_line", "rules", "side_of", "standings")

    def __init__(self, view: SeatView) -> None:
        r = view.rules
        self.rules = r
        self.standings = view.standings
        self.carry = view.carry
        self.classic = r.is_classic
        self.side_of = tuple(r.side_of(s) for s in range(r.players))
        self.active = tuple(side for side in range(r.sides) if not view.standings[side].out)
        self.goat_line = r.target if r.match_end in ("target", "last_standing") else None

    def side_costs(self, state: RoundState) -> list[float]:
        """Each side's cost of this round (lower is better); 0 for sides out of the game."""
        score = score_round(self.rules, self.standings, self.carry, state)
        costs = [0.0] * self.rules.sides
        line_goat = self.goat_line
        for line in score.lines:
            if line.side not in self.active:
                continue
            before, after = line.before, line.after
            if self.classic:
                cost = -float(after.written - before.written)
                if line_goat is not None and after.written >= line_goat > before.written:
                    cost -= GOAT_PRICE  # C6: reaching the target wins
            else:
                cost = after.written - before.written
                cost += REMEMBERED_WEIGHT * (after.remembered - before.remembered)
                if line_goat is not None and after.written >= line_goat > before.written:
                    cost += GOAT_PRICE
            costs[line.side] = cost
        return costs

    def seat_values(self, state: RoundState) -> list[float]:
        """Per seat: the other active sides' mean cost minus its own side's cost."""
        costs = self.side_costs(state)
        active = self.active
        total = sum(costs[s] for s in active)
        n = len(active) - 1
        side_value = [0.0] * self.rules.sides
        for s in active:
            side_value[s] = (total - costs[s]) / n - costs[s] if n else 0.0
        return [side_value[side] for side in self.side_of]
