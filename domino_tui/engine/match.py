"""A match (партия): rounds until the goat, with the score sheet the table draws (K9-K11).

The match owns the one seeded RNG: a seed and the list of actions reproduce every deal, every
state and every score. Rounds are dealt as soon as the previous one is scored.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

from .deal import Deal
from .options import Rules
from .results import Outcome as Outcome  # re-exported: callers import them from here
from .results import RoundResult as RoundResult
from .round import Event, IllegalActionError, RoundState
from .scoring import Standing, abandon_rating
from .variants import get_variant


class Match:
    """Rounds until the goat. Call :meth:`apply` with the player-to-move's actions."""

    def __init__(self, rules: Rules, seed: int, deals: Iterator[Deal] | None = None) -> None:
        """``deals`` scripts the deals (tests, fixed hands); otherwise the seeded RNG deals."""
        self.rules = rules
        self.variant = get_variant(rules.variant)
        self._scripted = deals
        self.seed = seed
        self.rng = random.Random(seed)
        self.standings: tuple[Standing, ...] = tuple(Standing() for _ in range(rules.sides))
        self.carry = 0
        self.extra: dict[str, Any] = self.variant.initial_extra(rules)  # the variant's own state
        self.results: list[RoundResult] = []
        self.actions: list[list[int]] = []
        self.histories: list[list[Event]] = []  # each round's events, draws with their tiles
        self.outcome: Outcome | None = None
        self.deals: list[Deal] = []  # each round's deal as dealt (hands, boneyard, redeals)
        self.with_undo = False  # a move was taken back: a practice match, kept out of the rating
        # moves a stand-in played for a bot that overran its time, raised or broke the rules
        # (bots/runner.py): per seat and kind, {"seat", "bot", "kind", "moves"}; such a match
        # is kept out of the rating too
        self.stand_ins: list[dict[str, Any]] = []
        self.round = self._new_round()

    # --- flow -----------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def seats_in(self) -> tuple[int, ...]:
        """Seats still playing (all unless someone dropped out under last_standing)."""
        return tuple(
            s for s in range(self.rules.players) if not self.standings[self.rules.side_of(s)].out
        )

    @property
    def number(self) -> int:
        """The number of the round in play (or the last one, once the match is over)."""
        return len(self.actions)

    @property
    def scripted(self) -> bool:
        """True when the deals were fixed by hand: such a match cannot be rebuilt from its seed."""
        return self._scripted is not None

    @property
    def redeals(self) -> int:
        """How many times the round in play was redealt (K1.4)."""
        return self.deals[-1].redeals

    @property
    def turn(self) -> int:
        return self.round.turn

    def snapshot(self) -> dict[str, Any]:
        """The whole match as plain data (the round in play with its hidden tiles, the sheet,
        the outcome): equal snapshots mean a resumed or replayed match is the same match."""
        return {
            "seed": self.seed,
            "rules": self.rules.to_dict(),
            "actions": [list(a) for a in self.actions],
            "round": self.round.snapshot(),
            "standings": [dataclasses.astuple(st) for st in self.standings],
            "carry": self.carry,
            "extra": self.extra,
            "results": [(r.went_out, r.fisher, r.score.seat_points) for r in self.results],
            "outcome": dataclasses.astuple(self.outcome) if self.outcome else None,
        }

    def legal_actions(self) -> list[int]:
        return [] if self.over else self.round.legal_actions()

    def apply(self, code: int) -> RoundResult | None:
        """Apply one action; returns the round's result when this action ended a round."""
        if self.over:
            raise IllegalActionError("the match is over")
        self.round.apply(code)
        self.actions[-1].append(code)
        if not self.round.over:
            return None
        result = self._finish_round()
        if not self.over:
            self.round = self._new_round()
        return result

    def _new_round(self) -> RoundState:
        seats = self.seats_in
        variant = self.variant
        d = next(self._scripted) if self._scripted is not None else variant.deal(self, seats)
        leader, mask = variant.lead(self, d, seats)
        self.deals.append(d)
        self.actions.append([])
        state = variant.start(self.rules, list(d.hands), list(d.boneyard), leader, mask, seats)
        self.histories.append(state.history)
        return state

    def _finish_round(self) -> RoundResult:
        state = self.round
        settled = self.variant.settle(self, state)
        self.standings = settled.standings
        self.carry = settled.carry
        self.extra = settled.extra
        score, goats = settled.score, settled.goats
        result = RoundResult(
            number=len(self.results) + 1,
            leader=state.leader,
            lead_tile=state.placed[0][0],
            redeals=self.deals[-1].redeals,
            went_out=state.went_out,
            fish=state.fish,
            fisher=state.fisher if state.fish else -1,
            taker=state.taker,
            taken=state.taken.bit_count(),
            hands=tuple(state.hands),
            score=score,
            goats=goats,
            notes=dict(settled.notes),
            closed_out=state.closed_out,
        )
        self.results.append(result)
        if settled.outcome is not None:
            self.outcome = settled.outcome
        return result

    def abandon(self, seat: int) -> Outcome:
        """K10.1: a player quits (or their timer ran out); the match ends with abandon ratings."""
        r = self.rules
        leaver = r.side_of(seat)
        score = self.standings[leaver].written
        ratings = tuple(
            abandon_rating(score, self.standings[s].written, s == leaver) for s in range(r.sides)
        )
        self.outcome = Outcome(goats=(), winners=(), ratings=ratings, abandoned_by=seat)
        return self.outcome
