"""One validated rules object: every option of RULES.md, with named presets.

Options are plain fields so that a record, the CLI's ``--set k=v`` and the New game dialog all
speak the same language; :func:`make_rules` is the single gate that refuses impossible setups,
and also legal but absurd ones: a target, an opening threshold or a round count under which a
match would practically never end (the bounds of :data:`~.options.OPTIONS`).

The :class:`Rules` value itself lives in :mod:`.options`, below the variants, which read it;
this module is above them: the gate asks each variant for its presets, options and checks.
Callers keep importing ``Rules``, ``RulesError`` and ``OPTION_NAMES`` from here.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..option import Option, OptionError, shown
from .options import OPTION_NAMES, OPTIONS, Rules, RulesError, RulesOptionError
from .variants import get_variant, is_preset, is_variant, preset_names, preset_values, variant_names

__all__ = [
    "OPTIONS",
    "OPTION_NAMES",
    "PRESETS",
    "Rules",
    "RulesError",
    "make_rules",
    "parse_settings",
    "rules_options",
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


def _read(option: Option, value: Any) -> Any:
    """``value`` (text from ``--set``, or a value from a file) as ``option`` allows it."""
    try:
        return option.read(value)
    except OptionError as err:
        raise RulesOptionError.of(err) from None


def _judge(option: Option, value: Any) -> None:
    try:
        option.check(value)
    except OptionError as err:
        raise RulesOptionError.of(err) from None


def variant_option() -> Option:
    """The ``variant`` option with the variants' names as its choices (plugins looked for)."""
    return dataclasses.replace(OPTIONS["variant"], choices=tuple(variant_names()))


def rules_options(variant: str = "kozel") -> dict[str, Option]:
    """Every option a game of ``variant`` takes: the rules' (``variant`` among the variants
    there are), then the variant's own; what ``domino rules --options`` lists."""
    return {**OPTIONS, "variant": variant_option(), **get_variant(variant).options}


def _check(r: Rules) -> None:
    """Refuse impossible combinations (F15 and friends) with a message naming the allowed values."""
    if not is_variant(r.variant):
        _judge(variant_option(), r.variant)
    for name, option in OPTIONS.items():
        if name != "variant":
            _judge(option, getattr(r, name))
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
    if r.dealt * r.players > tiles:
        raise RulesError(
            f"hand_size {r.dealt} × {r.players} players needs {r.dealt * r.players} tiles; "
            f"the set has {tiles}"
        )
    if r.boneyard_reserve > tiles - r.dealt * r.players:
        raise RulesError(
            f"boneyard_reserve {r.boneyard_reserve} is more than the boneyard holds "
            f"({tiles - r.dealt * r.players})"
        )
    variant = get_variant(r.variant)
    for name, value in r.opts:
        _judge(variant.options[name], value)
    variant.check(r)


def make_rules(
    options: dict[str, Any] | None = None, preset: str = "kozel", *, v1: bool = False
) -> Rules:
    """Build validated rules from a preset plus option overrides (strings or typed values).
    ``v1`` gives the semantics of a version-1 record (before F17, F19-F21) for its replay."""
    if preset not in PRESETS:
        raise RulesError(f"unknown preset {shown(preset)}; allowed: {', '.join(PRESETS)}")
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
        _judge(variant_option(), name_of)
    variant = get_variant(name_of)
    own = variant.options
    extra: dict[str, Any] = {k: v for k, v in values.items() if k in own}
    values = {k: v for k, v in values.items() if k not in own}
    for key, value in given.items():
        if key in own:
            extra[key] = _read(own[key], value)
        elif key in OPTIONS:
            values[key] = _read(OPTIONS[key], value)
        else:
            raise RulesOptionError(str(key), None, known=(*OPTION_NAMES, *own))
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
            raise RulesError(f"--set takes name=value, not {shown(item)}")
        out[key.strip()] = value.strip()
    return out
