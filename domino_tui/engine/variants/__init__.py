"""The variants of the Козёл family, each one small module found by name (docs/variants).

A variant module defines ``VARIANT`` (a :class:`~.base.Variant`: its options, how a round is
dealt, led, laid out and scored, and when the match ends) and ``PRESETS`` (the ``--rules``
names it answers to, with their option values). Nothing outside a variant's module asks which
variant is played: the match, the seat views and the bots call its methods. Modules load on
first use, so a Козёл game never imports the others.

A variant from another distribution registers a module in the ``domino_tui.variants``
entry-point group (as bots do in ``domino_tui.bots``): the entry point's name is the variant's
name, the module defines ``VARIANT`` and ``PRESETS`` as a built-in module does (and its words,
see :mod:`domino_tui.variants`). Plugins are looked for only when a name is not built in or
the whole list of presets is asked for; one that cannot keep the contract is skipped, with
its reason in :func:`plugin_errors`, and never stops the game.
"""

from __future__ import annotations

import importlib
import logging
import re
from typing import TYPE_CHECKING, Any

from ...text import clean

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


ENTRY_POINT_GROUP = "domino_tui.variants"
_NAME = re.compile(r"[a-z][a-z0-9_-]{0,29}")
log = logging.getLogger(__name__)


def _module(name: str) -> Any:
    return importlib.import_module(f"{__name__}.{name}")


# loaded on first use: variant name -> plugin module, preset -> variant name, skipped plugins
_plugins: dict[str, Any] | None = None
_plugin_presets: dict[str, str] = {}
_errors: list[str] = []


def _load_plugins() -> dict[str, Any]:
    global _plugins
    if _plugins is not None:
        return _plugins
    from ... import plugins  # only when plugins are looked for

    found, skipped = plugins.read(
        plugins.Group(
            ENTRY_POINT_GROUP,
            _NAME,
            "the name needs 1 to 30 lower-case letters, digits, '_' or '-'",
            lambda name: name in MODULES,
            "a built-in variant",
            _checked,
        )
    )
    for skip in skipped:
        message = f"{_said(skip.name)}: {_said(skip.why)}"
        _errors.append(message)
        log.warning("skipped variant plugin %s", message)
    _plugins = found
    return found


def _checked(ep: Any, module: Any) -> Any:
    """A plugin's module once it keeps the contract; :class:`~...plugins.Refused` says why
    not. Its presets are registered as it is taken."""
    from ... import plugins
    from .base import Variant

    name = ep.name
    variant = getattr(module, "VARIANT", None)
    if not isinstance(variant, Variant) or variant.name != name:
        raise plugins.Refused(f"VARIANT must be a Variant called {name!r}")
    presets = getattr(module, "PRESETS", None)
    if not isinstance(presets, dict) or not presets:
        raise plugins.Refused("PRESETS must name at least one --rules preset")
    for preset, values in presets.items():
        if not isinstance(preset, str) or not _NAME.fullmatch(preset):
            raise plugins.Refused(f"preset {_said(preset)} is not a plain name")
        if preset in PRESET_MODULES or preset in _plugin_presets:
            raise plugins.Refused(f"preset {preset!r} is taken")
        if not isinstance(values, dict) or values.get("variant") != name:
            raise plugins.Refused(f"preset {preset!r} must set variant={name}")
    for preset in presets:
        _plugin_presets[preset] = name
    return module


def _said(value: object) -> str:
    """Text from a plugin, cut to one printable line (it is shown to the player)."""
    return clean(value, 100)


def reload_plugins() -> None:
    """Look for the plugins again (tests, after installing one)."""
    global _plugins
    _plugins = None
    _plugin_presets.clear()
    _errors.clear()


def plugin_errors() -> tuple[str, ...]:
    """Why each skipped plugin was skipped, one line each."""
    _load_plugins()
    return tuple(_errors)


def plugin_modules() -> tuple[Any, ...]:
    """Every plugin variant's module that keeps the contract."""
    return tuple(_load_plugins().values())


def plugins_looked_for() -> bool:
    """Whether the plugins were looked for: only then can a plugin's variant be in play."""
    return _plugins is not None


def plugin_module(name: str) -> Any:
    """The plugin module of the variant called ``name``; KeyError if there is none."""
    return _load_plugins()[name]


def is_variant(name: str) -> bool:
    return name in MODULES or name in _load_plugins()


def variant_names() -> tuple[str, ...]:
    """Every variant's name, the built-in ones first."""
    return (*MODULES, *_load_plugins())


def is_preset(preset: str) -> bool:
    if preset in PRESET_MODULES:
        return True
    _load_plugins()
    return preset in _plugin_presets


def preset_names() -> tuple[str, ...]:
    """Every ``--rules`` name, the built-in ones first."""
    _load_plugins()
    return (*PRESET_NAMES, *_plugin_presets)


def presets_of(name: str) -> tuple[str, ...]:
    """The presets of the variant called ``name`` (a built-in variant looks up no plugin)."""
    if name in MODULES:
        own = MODULES[name]
        return tuple(
            p
            for p, m in PRESET_MODULES.items()
            if m == own and preset_values(p).get("variant", "kozel") == name
        )
    _load_plugins()
    return tuple(p for p, v in _plugin_presets.items() if v == name)


def get_variant(name: str) -> Variant:
    """The variant called ``name`` (built in or a plugin's); KeyError if there is none."""
    if name not in MODULES:
        plugin: Variant = plugin_module(name).VARIANT
        return plugin
    module = _module(MODULES[name])
    found: Variant = module.VARIANTS[name] if hasattr(module, "VARIANTS") else module.VARIANT
    return found


def preset_values(preset: str) -> dict[str, Any]:
    """The option values of a ``--rules`` preset; KeyError if there is none."""
    if preset in PRESET_MODULES:
        values: dict[str, Any] = dict(_module(PRESET_MODULES[preset]).PRESETS[preset])
        return values
    _load_plugins()
    return dict(plugin_module(_plugin_presets[preset]).PRESETS[preset])
