"""What every variant provides (docs/variants): a small object the match asks at each step.

The defaults are Козёл's (RULES.md §1-§9): a variant overrides only what it changes. The
match owns the seeded RNG, the standings and the variant's own running state (``extra``, plain
JSON-able data such as Морской's «на сто» or Генерал's generals), and calls:

* :meth:`Variant.deal` and :meth:`Variant.lead` for a new round,
* :meth:`Variant.start` for the round's board (a two-ended line, or the cross),
* :meth:`Variant.settle` when the round is over: the score sheet and whether the match ended,
* :meth:`Variant.round_costs` from the search bots, to value a finished round by the
  variant's own score rather than Козёл's pips, against the :class:`Sheet` before it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from ...option import Option as Option
from ...option import named
from ..cross import CrossConfig, CrossState
from ..deal import Deal, PreviousRound, choose_lead, deal
from ..options import Rules, RulesError, classic_hand
from ..results import Outcome, RoundResult
from ..round import RoundState
from ..scoring import RoundScore, Standing


class MatchState(Protocol):
    """What a variant reads of the match it plays in (the :class:`~..match.Match` passes
    itself): the rules, the one seeded RNG, the sheet so far and the variant's own running
    state. A protocol, so that a variant never imports the match that finds it by name."""

    rules: Rules
    rng: random.Random
    standings: tuple[Standing, ...]
    carry: int
    extra: dict[str, Any]
    results: list[RoundResult]

    @property
    def seats_in(self) -> tuple[int, ...]: ...


@dataclass(frozen=True)
class Settled:
    """A finished round as the variant scores it."""

    score: RoundScore
    standings: tuple[Standing, ...]
    carry: int
    extra: dict[str, Any]
    goats: tuple[int, ...] = ()
    outcome: Outcome | None = None
    # what the variant's score sheet shows beyond Козёл's (JSON-able): its own ``Notes``
    # (a TypedDict in its module: points made during play, the holder, a try k/3, generals,
    # how the match ended as its ``Ended`` enum …); a record keeps it as a plain JSON object
    notes: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Sheet:
    """The match as a finished round is valued against (:meth:`Variant.round_costs`): the
    rules, the standings and carry-over before the round, and the variant's running state.
    One object, built once per seat view by the search bots, instead of four arguments
    repeated by every variant's three pricing hooks."""

    rules: Rules
    standings: tuple[Standing, ...]
    carry: int
    extra: dict[str, Any]


class Variant:
    """Козёл's behaviour; a variant subclasses this and overrides what it changes."""

    name = "kozel"
    options: dict[str, Option] = {}  # noqa: RUF012 - read-only tables
    refused: tuple[str, ...] = ()  # Козёл options that make no sense here (refused if changed)
    fixed: dict[str, Any] = {}  # noqa: RUF012 - Козёл options this variant pins
    # what a side's written score is to it: "charged" (Козёл's penalty pips, lower is better),
    # "gained" (points it wants: classic, морской, телефон, спортивное) or "rounds" (rounds
    # lost, генерал); the arena's margin reads the round by it
    score_kind = "charged"
    # C4-C6: the round counted as classic dominoes count it (the winner gains the others'
    # pips, nothing remembered or redealt, the target wins, no ratings), not as Козёл (K5-K9);
    # the rules carry it (Rules.classic_count) for the count below the variants
    classic_count = False
    # the first record version that knew it (engine/record.py): Козёл and classic 1, every
    # variant with its own notation 3; its records are written as this, or 2 when older
    record_since = 3

    # --- what it declares (issue 24): the capabilities the words, the sheet, the New game
    # dialog and the bots ask for, so that nobody guesses them from the option lists ---------
    remembers = True  # K7: a score under the opening threshold is remembered as +N
    # K6: a hand left is counted in pips, 0-0 alone as blank_alone (K6.1); Генерал counts none
    counts_hands = True
    fish_modes = True  # K8: the fish is scored by the fish/pair_fish options
    plays_to_target = True  # K9: a target ends the match (else rounds, losses, deals …)
    # what the search bots' values are counted in: Козёл's pips (a fixed scale) or the
    # variant's own points (a scale the search measures)
    score_unit: Literal["pips", "points"] = "pips"
    sheet_columns: tuple[str, ...] = ()  # the own sheet's columns before the sides (Морской's L)
    more_ends: tuple[str, ...] = ()  # match ends the New game dialog offers beyond K9.1's

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A variant's own options learn their names from its table, as the rules' do."""
        super().__init_subclass__(**kwargs)
        if "options" in cls.__dict__:
            cls.options = named(cls.options)

    def offers(self, name: str) -> bool:
        """Whether a Козёл option is the table's to choose here (not refused, not pinned)."""
        return name not in self.refused and name not in self.fixed

    # --- rules ----------------------------------------------------------------------------------
    def check(self, rules: Rules) -> None:
        """Refuse combinations the variant cannot play, with a message naming what is allowed."""
        for name, value in self.fixed.items():
            if getattr(rules, name) != value:
                raise RulesError(
                    f"{self.name} is played with {name}={_word(value)}; "
                    f"it cannot be {_word(getattr(rules, name))}"
                )
        default = Rules()
        for name in self.refused:
            if getattr(rules, name) != getattr(default, name):
                raise RulesError(f"option {name} has no meaning in {self.name}")

    def auto_hand(self, players: int) -> int:
        """Tiles dealt each when ``hand_size`` is 0: the classic rule, 7 for two, else 5 (C1)."""
        return classic_hand(players)

    def initial_extra(self, rules: Rules) -> dict[str, Any]:
        """The variant's running state at the start of a match."""
        return {}

    # --- a new round ----------------------------------------------------------------------------
    def deal(self, match: MatchState, seats: tuple[int, ...]) -> Deal:
        return deal(match.rules, match.rng, seats)

    def previous(self, match: MatchState) -> PreviousRound | None:
        if not match.results:
            return None
        last = match.results[-1]
        return PreviousRound(
            winner=last.winner,
            leader=last.leader,
            any_written=any(st.opened or st.written for st in match.standings),
            fish=last.fish,
        )

    def lead(self, match: MatchState, dealt: Deal, seats: tuple[int, ...]) -> tuple[int, int]:
        """The leader and the mask of tiles they may lead with."""
        return choose_lead(match.rules, dealt.hands, seats, self.previous(match))

    def start(
        self,
        rules: Rules,
        hands: list[int],
        boneyard: list[int],
        leader: int,
        lead_mask: int,
        seats: tuple[int, ...],
    ) -> RoundState:
        """The round's board: the Козёл line, or the cross when :meth:`config` gives one."""
        cfg = self.config(rules)
        if cfg is None:
            return RoundState.start(rules, hands, boneyard, leader, lead_mask, seats)
        return CrossState.start_cross(rules, cfg, hands, boneyard, leader, lead_mask, seats)

    def config(self, rules: Rules) -> CrossConfig | None:
        """What the cross allows in this variant (G1-G10), or None: a two-ended line."""
        return None

    # --- the end of a round ---------------------------------------------------------------------
    def settle(self, match: MatchState, state: RoundState) -> Settled:
        raise NotImplementedError

    def round_costs(self, before: Sheet, state: RoundState) -> list[float]:
        """Each side's cost of this finished round (lower is better), for the search bots."""
        raise NotImplementedError

    def round_prices(self, before: Sheet, state: RoundState) -> list[float]:
        """The part of :meth:`round_costs` that is the match's price (Козёл's goat), not points
        of the round, so that the coach can tell a player's luck in points apart from the goat.
        By default none: every cost is a point of the round."""
        return [0.0] * before.rules.sides

    def round_parts(self, before: Sheet, state: RoundState) -> tuple[list[float], list[float]]:
        """:meth:`round_costs` and :meth:`round_prices` together (a variant may count once)."""
        return self.round_costs(before, state), self.round_prices(before, state)


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)
