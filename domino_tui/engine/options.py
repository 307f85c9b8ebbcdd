"""The rules as data: every option of RULES.md in one frozen value, and the error that refuses one.

This module sits below the variants (lint-imports keeps it so): a variant reads a :class:`Rules`
and may raise :class:`RulesError`, while the gate that builds a valid :class:`Rules` — presets,
option values from text, the checks each variant adds — is :func:`~.rules.make_rules`, above
the variants. What a :class:`Rules` needs from its variant (the variant options' defaults, the
hand dealt when ``hand_size`` is 0) ``make_rules`` resolves into it, so reading the rules never
looks a variant up.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, get_args

from ..option import Option, OptionError, named

Match = Literal["equal", "sum6"]
Redeal = Literal["kozel", "all_doubles", "none"]
LeadRule = Literal["kozel", "lowest_double", "highest_double"]
LaterLeads = Literal["winner", "same_as_first", "rotate"]
FishMode = Literal["all", "one", "fisher", "lowest_wins"]
PairFish = Literal["own", "all"]


class RulesError(ValueError):
    """An unknown preset or option, or an impossible value; the message says what is allowed."""


class RulesOptionError(RulesError, OptionError):
    """One option's value refused, or an option the rules do not have: a :class:`RulesError`
    for whoever builds rules, an :class:`~domino_tui.option.OptionError` for the words."""

    @classmethod
    def of(cls, err: OptionError) -> RulesOptionError:
        return cls(err.name, err.value, err.option, known=err.known, owner=err.owner)


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

    def partner_of(self, seat: int) -> int:
        """The seat across the table in pairs (P2: seats 0+2 against 1+3); -1 without pairs,
        where nobody has a partner."""
        return (seat + 2) % 4 if self.pairs else -1

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

MAX_ROUNDS = 1000  # match_end=rounds:N (K9.1), capped as the other bounds below
MAX_TILES = 91  # the double-twelve set (S3): no hand or reserve is larger

# What each option may be, beyond its type (the Rules field's default gives both the type and
# the default). Upper bounds keep every match finite in practice. Measured with greedy bots
# over seeded matches: target 1000 (K9, ten times the usual 101) ends within about 170 rounds
# whatever the other options; an opening threshold (K7.5) of 40 still opens within about 30
# rounds, while 60 takes over 200 rounds with pairs and 100 practically never opens. rounds:N
# (K9.1) and the blank's value alone (K6.1, C5: 10 or 25) are capped at the same order of
# magnitude. The variant's name is judged by make_rules, which knows the variants.
_ALLOWED: dict[str, Option] = {
    "players": Option(low=2, high=4),
    "set_top": Option(choices=(6, 9, 12)),
    "match": Option(choices=get_args(Match)),
    "hand_size": Option(low=0, high=MAX_TILES),
    "redeal": Option(choices=get_args(Redeal)),
    "lead_rule": Option(choices=get_args(LeadRule)),
    "later_leads": Option(choices=get_args(LaterLeads)),
    "boneyard_reserve": Option(low=0, high=MAX_TILES),
    "blank_alone": Option(low=0, high=1000),
    "open_threshold": Option(low=1, high=40),
    "fish": Option(choices=get_args(FishMode)),
    "pair_fish": Option(choices=get_args(PairFish)),
    "target": Option(low=1, high=1000),
    "match_end": Option(
        choices=("target", "last_standing"), numbered="rounds", low=1, high=MAX_ROUNDS
    ),
}

OPTIONS: dict[str, Option] = named(
    {
        f.name: replace(_ALLOWED.get(f.name, Option()), default=f.default)
        for f in fields(Rules)
        if f.name in OPTION_NAMES
    }
)
"""Every rule option of :class:`Rules` (the variants' own are their ``options``), in the
order Rules lists them: what ``--set``, a record and the New game dialog may give each."""
