"""What the New game dialog may offer for a preset, asked of the engine rather than listed here.

The dialog shows only what a variant plays: how many players it seats, whether pairs are a
choice, which of Козёл's options it leaves open (a variant's ``refused`` and ``fixed`` ones are
not shown) and, for an option with a closed set of values, only the values the variant accepts.
:func:`make_rules` stays the judge; these helpers only ask it in advance, once per preset.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ...engine.rules import OPTION_NAMES, OPTIONS, Rules, RulesError, make_rules
from ...engine.variants import get_variant
from ...option import Option

HIDDEN = ("players", "pairs", "variant", "set_top")  # set by the seats, the preset, or future
MATCH_ENDS = ("target", "rounds:5", "rounds:10", "rounds:15", "last_standing")


def accepts(preset: str, **options: Any) -> bool:
    """Whether the engine plays ``preset`` with these options changed."""
    try:
        make_rules(options, preset)
    except RulesError:
        return False
    return True


@cache
def base_rules(preset: str) -> Rules:
    return make_rules({}, preset)


@cache
def player_counts(preset: str) -> tuple[int, ...]:
    """How many players the preset may seat (Генерал, спортивное: four only)."""
    return tuple(n for n in (2, 3, 4) if accepts(preset, players=n))


@cache
def pairs_open(preset: str) -> bool:
    """Whether four players may choose to play in pairs or each for themselves."""
    return all(accepts(preset, players=4, pairs=on) for on in (True, False))


def closed_choices() -> dict[str, tuple[Any, ...]]:
    """Козёл's options with a closed set of values, as the rules' option table declares them;
    the match's end is a closed set too, offered as :data:`MATCH_ENDS`."""
    out = {name: option.choices for name, option in OPTIONS.items() if option.choices}
    out["match_end"] = MATCH_ENDS
    return out


@cache
def allowed_values(preset: str, name: str) -> tuple[Any, ...]:
    """The values of a closed Козёл option that ``preset`` accepts, its own value first among
    equals kept in the usual order."""
    rules = base_rules(preset)
    candidates = list(closed_choices()[name])
    if name == "match_end":
        candidates += [*get_variant(rules.variant).more_ends, rules.match_end]
        candidates = sorted(dict.fromkeys(candidates), key=_end_order)
    return tuple(c for c in candidates if accepts(preset, **{name: c}))


def _end_order(end: str) -> tuple[int, int]:
    if end.startswith("rounds:"):
        return (1, int(end[7:]))
    return (0 if end == "target" else 2, 0)


@cache
def kozel_options(preset: str) -> tuple[str, ...]:
    """Козёл's options the preset's variant leaves to the table: not refused, not pinned, and
    with a closed set of values only when it has two or more to choose from."""
    variant = get_variant(base_rules(preset).variant)
    closed = closed_choices()
    out = []
    for name in OPTION_NAMES:
        if name in HIDDEN or not variant.offers(name):
            continue
        if name in closed and len(allowed_values(preset, name)) < 2:
            continue
        out.append(name)
    return tuple(out)


def own_options(variant: str) -> dict[str, Option]:
    """The variant's own options (docs/variants), in the order its module lists them."""
    return dict(get_variant(variant).options)
