"""The variants of the Козёл family, each one small module found by name (docs/variants).

A variant module defines ``VARIANT`` (a :class:`~.base.Variant`: its options, how a round is
dealt, led, laid out and scored, and when the match ends) and ``PRESETS`` (the ``--rules``
names it answers to, with their option values). Nothing outside a variant's module asks which
variant is played: the match, the seat views and the bots call its methods. Modules load on
first use, so a Козёл game never imports the others.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import Variant

# variant name -> module
MODULES: dict[str, str] = {
    "kozel": "kozel",
    "classic": "kozel",
    "morskoy": "morskoy",
    "osel": "osel",
    "telefon": "telefon",
    "general": "general",
    "chechevo": "chechevo",
    "sport": "sport",
}

# preset name (--rules) -> module defining it
PRESET_MODULES: dict[str, str] = {
    "kozel": "kozel",
    "kozel-pairs": "kozel",
    "classic": "kozel",
    "morskoy": "morskoy",
    "osel": "osel",
    "telefon": "telefon",
    "muggins": "telefon",
    "all-threes": "telefon",
    "general": "general",
    "chechevo": "chechevo",
    "sport": "sport",
}

PRESET_NAMES: tuple[str, ...] = tuple(PRESET_MODULES)


def _module(name: str) -> Any:
    return importlib.import_module(f"{__name__}.{name}")


def get_variant(name: str) -> Variant:
    """The variant called ``name`` (a key of :data:`MODULES`); KeyError if there is none."""
    module = _module(MODULES[name])
    found: Variant = module.VARIANTS[name] if hasattr(module, "VARIANTS") else module.VARIANT
    return found


def preset_values(preset: str) -> dict[str, Any]:
    """The option values of a ``--rules`` preset; KeyError if there is none."""
    values: dict[str, Any] = dict(_module(PRESET_MODULES[preset]).PRESETS[preset])
    return values
