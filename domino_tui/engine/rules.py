"""One validated rules object: every option of RULES.md, with named presets.

Options are plain fields so that a record, the CLI's ``--set k=v`` and the New game dialog all
speak the same language; :func:`make_rules` is the single gate that refuses impossible setups,
and also legal but absurd ones: a target, an opening threshold or a round count under which a
match would practically never end (see :data:`LIMITS`).

The :class:`Rules` value itself lives in :mod:`.options`, below the variants, which read it;
this module is above them: the gate asks each variant for its presets, options and checks.
Callers keep importing ``Rules``, ``RulesError`` and ``OPTION_NAMES`` from here.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, get_args

from .options import (
    OPTION_NAMES,
    FishMode,
    LaterLeads,
    LeadRule,
    Match,
    PairFish,
    Redeal,
    Rules,
    RulesError,
)
from .variants import get_variant, is_preset, is_variant, preset_names, preset_values, variant_names

__all__ = [
    "OPTION_NAMES",
    "PRESETS",
    "Rules",
    "RulesError",
    "make_rules",
    "parse_settings",
    "with_options",
]


class _Presets(dict[str, dict[str, Any]]):
    """Every ``--rules`` name; the values load from the variant's module when first read."""

    def __missing__(self, key: str) -> dict[str, Any]:
        if not isinstance(key, str) or not is_preset(key):
            raise KeyError(key)
        values = preset_values(key)
        self[key] = values
        return values

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and is_preset(key)

    def __iter__(self) -> Any:
        return iter(preset_names())

    def __len__(self) -> int:
        return len(preset_names())

    def keys(self) -> Any:
        return list(preset_names())

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self else default  # noqa: SIM401 - loads it

    def items(self) -> Any:
        return [(key, self[key]) for key in self.keys()]

    def values(self) -> Any:
        return [self[key] for key in self.keys()]


PRESETS: dict[str, dict[str, Any]] = _Presets()

_CHOICES: dict[str, tuple[Any, ...]] = {
    "match": get_args(Match),
    "redeal": get_args(Redeal),
    "lead_rule": get_args(LeadRule),
    "later_leads": get_args(LaterLeads),
    "fish": get_args(FishMode),
    "pair_fish": get_args(PairFish),
    "set_top": (6, 9, 12),
}

# Upper bounds that keep every match finite in practice. Measured with greedy bots over seeded
# matches: target 1000 (K9, ten times the usual 101) ends within about 170 rounds whatever the
# other options; an opening threshold (K7.5) of 40 still opens within about 30 rounds, while 60
# takes over 200 rounds with pairs and 100 practically never opens. rounds:N (K9.1) and the
# blank's value alone (K6.1, C5: 10 or 25) are capped at the same order of magnitude.
LIMITS: dict[str, tuple[int, int]] = {
    "target": (1, 1000),
    "open_threshold": (1, 40),
    "blank_alone": (0, 1000),
}
MAX_ROUNDS = 1000
_ROUNDS = re.compile(r"rounds:([0-9]{1,9})")

_BOOL_WORDS = {
    "1": True,
    "true": True,
    "yes": True,
    "on": True,
    "0": False,
    "false": False,
    "no": False,
    "off": False,
}


def _shown(value: Any, limit: int = 40) -> str:
    """A value as the player typed it (``repr`` escapes control characters), cut to one line."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _coerce(name: str, value: Any) -> Any:
    """Turn a ``--set`` string (or a JSON value) into the field's type, or say what is allowed."""
    return _coerce_to(name, getattr(Rules(), name), value)


def _coerce_to(name: str, default: Any, value: Any) -> Any:
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        word = str(value).strip().lower()
        if word in _BOOL_WORDS:
            return _BOOL_WORDS[word]
        raise RulesError(f"option {name} is on/off, not {_shown(value)}")
    if isinstance(default, int):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        try:
            return int(str(value).strip())
        except ValueError:
            raise RulesError(f"option {name} takes a whole number, not {_shown(value)}") from None
    return str(value).strip()


def _check(r: Rules) -> None:
    """Refuse impossible combinations (F15 and friends) with a message naming the allowed values."""
    if not is_variant(r.variant):
        allowed = ", ".join(variant_names())
        raise RulesError(f"option variant={_shown(r.variant)} is unknown; allowed: {allowed}")
    for name, choices in _CHOICES.items():
        if getattr(r, name) not in choices:
            allowed = ", ".join(str(c) for c in choices)
            raise RulesError(
                f"option {name}={_shown(getattr(r, name))} is unknown; allowed: {allowed}"
            )
    if not 2 <= r.players <= 4:
        raise RulesError(f"players must be 2, 3 or 4, not {r.players}")
    if r.pairs and r.players != 4:
        raise RulesError(f"pairs need exactly 4 players, not {r.players}")
    if r.partner_leads and not r.pairs:
        raise RulesError("partner_leads needs pairs")
    if r.partner_leads and r.later_leads != "winner" and not r.record_v1:  # F20
        raise RulesError(
            f"partner_leads decides who leads after the winner; it cannot be combined with "
            f"later_leads={r.later_leads} (use later_leads=winner, or partner_leads=off)"
        )
    tiles = (r.set_top + 1) * (r.set_top + 2) // 2
    if r.hand_size < 0:
        raise RulesError(f"hand_size must be 1 or more (0 = classic 7/5), not {r.hand_size}")
    if r.dealt * r.players > tiles:
        raise RulesError(
            f"hand_size {r.dealt} × {r.players} players needs {r.dealt * r.players} tiles; "
            f"the set has {tiles}"
        )
    if r.boneyard_reserve < 0:
        raise RulesError(f"boneyard_reserve cannot be negative ({r.boneyard_reserve})")
    if r.boneyard_reserve > tiles - r.dealt * r.players:
        raise RulesError(
            f"boneyard_reserve {r.boneyard_reserve} is more than the boneyard holds "
            f"({tiles - r.dealt * r.players})"
        )
    for name, (low, high) in LIMITS.items():
        value = getattr(r, name)
        if not low <= value <= high:
            raise RulesError(f"option {name} must be {low} to {high}, not {value}")
    if r.match_end not in ("target", "last_standing"):
        found = _ROUNDS.fullmatch(r.match_end)
        if found is None or not 1 <= int(found.group(1)) <= MAX_ROUNDS:
            raise RulesError(
                f"match_end={_shown(r.match_end)} is unknown; allowed: target, "
                f"rounds:N (N from 1 to {MAX_ROUNDS}), last_standing"
            )
    variant = get_variant(r.variant)
    for name, value in r.opts:
        variant.options[name].check(name, value)
    variant.check(r)


def make_rules(
    options: dict[str, Any] | None = None, preset: str = "kozel", *, v1: bool = False
) -> Rules:
    """Build validated rules from a preset plus option overrides (strings or typed values).
    ``v1`` gives the semantics of a version-1 record (before F17, F19-F21) for its replay."""
    if preset not in PRESETS:
        raise RulesError(f"unknown preset {_shown(preset)}; allowed: {', '.join(PRESETS)}")
    given = {
        (name.strip().replace("-", "_") if isinstance(name, str) else name): value
        for name, value in (options or {}).items()
    }
    values: dict[str, Any] = dict(PRESETS[preset])
    if "variant" in given:
        values["variant"] = str(given.pop("variant")).strip()
    if values.get("pairs") and "players" in given and "pairs" not in given:
        values["pairs"] = str(given["players"]).strip() == "4"  # a pairs preset for 2 or 3
    name_of = values.get("variant", "kozel")
    if not isinstance(name_of, str) or not is_variant(name_of):
        allowed = ", ".join(variant_names())
        raise RulesError(f"option variant={_shown(name_of)} is unknown; allowed: {allowed}")
    variant = get_variant(name_of)
    own = variant.options
    extra: dict[str, Any] = {k: v for k, v in values.items() if k in own}
    values = {k: v for k, v in values.items() if k not in own}
    for key, value in given.items():
        if key in own:
            extra[key] = _coerce_to(key, own[key].default, value)
        elif key in OPTION_NAMES:
            values[key] = _coerce(key, value)
        else:
            names = ", ".join([*OPTION_NAMES, *own])
            raise RulesError(f"unknown option {_shown(key)}; options are: {names}")
    opts = tuple(sorted((k, v) for k, v in extra.items() if v != own[k].default))
    defaults = tuple(sorted((k, option.default) for k, option in own.items()))
    auto_hand = variant.auto_hand(values.get("players", Rules.players))
    rules = Rules(
        **values,
        opts=opts,
        _v1=v1,
        _defaults=defaults,
        _auto_hand=auto_hand,
        _classic_count=variant.classic_count,
    )
    if "boneyard_reserve" not in given:  # a preset's K3.5 reserve (Телефон's 2) cannot apply
        # when the hands take the whole set (Телефон for four): nothing is kept back
        room = (rules.set_top + 1) * (rules.set_top + 2) // 2 - rules.dealt * rules.players
        if 0 <= room < rules.boneyard_reserve:
            rules = dataclasses.replace(rules, boneyard_reserve=room)
    _check(rules)
    return rules


def with_options(rules: Rules, **changes: Any) -> Rules:
    """``rules`` with some options changed, checked again as :func:`make_rules` checks them."""
    values = rules.to_dict()
    values.update(changes)
    return make_rules(values, v1=rules.record_v1)


def parse_settings(pairs: list[str]) -> dict[str, str]:
    """Parse CLI ``--set k=v`` items."""
    out: dict[str, str] = {}
    for item in pairs:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise RulesError(f"--set takes name=value, not {_shown(item)}")
        out[key.strip()] = value.strip()
    return out
