"""The variants as a player reads them: one presenter per variant, found by the variant's name.

Layout (issue 24): a variant is two modules of the same name, one per layer, so that the engine
never imports words:

* ``domino_tui/engine/variants/<module>.py`` — the engine part (engine layer): ``VARIANT`` (or
  ``VARIANTS``), a :class:`~..engine.variants.base.Variant` with its rules hooks, options,
  checks and declared capabilities (remembers ``+N``, counts hands, classic's count, score
  unit, sheet columns, extra match ends, what the New game dialog offers, the first record
  version that knew it), ``PRESETS``, its ``--rules`` names, and the types of what it writes:
  ``Notes`` (a TypedDict: its round's sheet beyond Козёл's) and ``Ended`` (an enum: how its
  match can end);
* ``domino_tui/variants/<module>.py`` — the words part (words layer, above the engine, no
  Textual): ``PRESENTER``, a :class:`~.base.Presenter` with its round-end notes, its per-side
  sums, words for each of its ``Ended``, its presets' names (``PresetWords``), the marks and
  reasons only it writes on the sheet, its header words and its
  rules page (``locale/<lang>/variants/<page>.md``); the catalog words are its ``vn.<module>.*``
  keys in each ``locale/<lang>/LC_MESSAGES/domino.po``.

A variant from another distribution (an entry point in the ``domino_tui.variants`` group, see
:mod:`..engine.variants` and ``examples/variant_plugin``) is one module holding both parts:
``VARIANT``, ``PRESETS``, and optionally ``PRESENTER`` and ``WORDS`` (its catalog words).
Nothing else in the program names a variant: callers ask :func:`presenter` and the variant's
declared capabilities.
"""

from __future__ import annotations

import importlib
from functools import cache

from ..engine.rules import Rules
from ..engine.variants import MODULES, plugin_module
from .base import Presenter

__all__ = ["Presenter", "presenter", "presenter_of"]


@cache
def presenter(name: str) -> Presenter:
    """The presenter of the variant called ``name``: a built-in variant's words module, a
    plugin's ``PRESENTER``, or Козёл's words when a plugin brings none."""
    if name in MODULES:
        found = importlib.import_module(f"{__name__}.{MODULES[name]}").PRESENTER
    else:
        found = getattr(plugin_module(name), "PRESENTER", None)
    return found if isinstance(found, Presenter) else Presenter()


def presenter_of(rules: Rules) -> Presenter:
    """The presenter of the variant ``rules`` play."""
    return presenter(rules.variant)
