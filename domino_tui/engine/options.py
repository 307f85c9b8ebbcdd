"""The rules as data: every option of RULES.md in one frozen value, and the error that refuses one.

This module sits below the variants (lint-imports keeps it so): a variant reads a :class:`Rules`
and may raise :class:`RulesError`, while the gate that builds a valid :class:`Rules` — presets,
option values from text, the checks each variant adds — is :func:`~.rules.make_rules`, above
the variants. What a :class:`Rules` needs from its variant (the variant options' defaults, the
hand dealt when ``hand_size`` is 0) ``make_rules`` resolves into it, so reading the rules never
looks a variant up.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Literal

Match = Literal["equal", "sum6"]
Redeal = Literal["kozel", "all_doubles", "none"]
LeadRule = Literal["kozel", "lowest_double", "highest_double"]
LaterLeads = Literal["winner", "same_as_first", "rotate"]
FishMode = Literal["all", "one", "fisher", "lowest_wins"]
PairFish = Literal["own", "all"]


class RulesError(ValueError):
    """An unknown preset or option, or an impossible value; the message says what is allowed."""


def classic_hand(players: int) -> int:
    """Tiles dealt each when ``hand_size`` is 0: the classic rule, 7 for two, else 5 (C1)."""
    return 7 if players == 2 else 5


@dataclass(frozen=True)
class Rules:
    """Every rule option. Field docs name the RULES.md id they implement.

    Build one with :func:`~.rules.make_rules` (``Rules()`` is Козёл's defaults): it checks the
    values and fills in what the variant decides (the private fields at the end)."""

    variant: str = "kozel"  # §3-§8 Козёл, §9 classic, or a §10 variant (docs/variants)
    players: int = 4  # K1.1: 2-4
    pairs: bool = False  # K1.1, §8: seats 0+2 vs 1+3
    set_top: int = 6  # S1/S3: double-six (9 and 12 for future variants)
    match: Match = "equal"  # L5
    hand_size: int = 7  # K1.3; 0 means the classic rule (7 for two players, 5 for three or four)
    redeal: Redeal = "kozel"  # K1.4
    lead_rule: LeadRule = "kozel"  # K2.1/K2.3
    later_leads: LaterLeads = "winner"  # K2.2/K2.3
    partner_leads: bool = False  # P6
    double_pair: bool = False  # K3.4
    boneyard_reserve: int = 0  # K3.5
    fish_takes_boneyard: bool = True  # K4.4
    blank_alone: int = 10  # K6.1 / C5
    big_alone: bool = False  # K6.2: 6-6 alone 50, 0-0 with 6-6 alone 75
    finish_bonus: bool = False  # K6.3
    one_one_15: bool = False  # K6.4
    open_threshold: int = 13  # K7.5
    fish: FishMode = "one"  # K8
    pair_fish: PairFish = "own"  # P4
    target: int = 101  # K9
    match_end: str = "target"  # K9.1: target | rounds:N | last_standing
    # The variant's own options (docs/variants), as sorted (name, value) pairs: every variant
    # declares them in its module; ``to_dict`` and ``--set`` see them as plain options. Only
    # the values that differ from the variant's defaults are kept, so a record stays short.
    opts: tuple[tuple[str, Any], ...] = ()
    # Not an option: replaying a version-1 record, whose games were played before F17 and
    # F19-F21 (docs/rules.md) changed the double-pair bonus and the leads; never in to_dict.
    _v1: bool = False
    # Not options but what the variant decides, filled in by make_rules: its options' defaults,
    # the tiles dealt each when hand_size is 0 and whether it counts as classic dominoes do
    # (its ``classic_count``). They follow from variant and players, so they take no part in
    # equality, hashing or to_dict.
    _defaults: tuple[tuple[str, Any], ...] = field(default=(), compare=False, repr=False)
    _auto_hand: int = field(default=0, compare=False, repr=False)
    _classic_count: bool = field(default=False, compare=False, repr=False)

    # --- derived -------------------------------------------------------------------------
    @property
    def dealt(self) -> int:
        """Tiles dealt to each player (K1.3, C1)."""
        return self.hand_size or self._auto_hand or classic_hand(self.players)

    @property
    def sides(self) -> int:
        """Scoring sides: pairs (P2) or players."""
        return 2 if self.pairs else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.pairs else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        return (side, side + 2) if self.pairs else (side,)

    @property
    def rounds_limit(self) -> int | None:
        if self.match_end.startswith("rounds:"):
            return int(self.match_end.split(":", 1)[1])
        return None

    @property
    def classic_count(self) -> bool:
        """The variant counts as classic dominoes do (C4-C6, its declared ``classic_count``):
        the winner gains the others' pips, nothing is remembered or redealt, reaching the
        target wins and nobody is rated."""
        return self._classic_count

    @property
    def record_v1(self) -> bool:
        """Version-1 record semantics: no F17 pair bonus, no F19-F21 leads (see ``_v1``)."""
        return self._v1

    def opt(self, name: str) -> Any:
        """A variant option's value (its default when not set); KeyError for no such option."""
        for key, value in self.opts:
            if key == name:
                return value
        for key, value in self._defaults:
            if key == name:
                return value
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        out = {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if not f.name.startswith("_") and f.name != "opts"
        }
        out.update(self.opts)
        return out


OPTION_NAMES: tuple[str, ...] = tuple(
    f.name for f in fields(Rules) if not f.name.startswith("_") and f.name != "opts"
)
