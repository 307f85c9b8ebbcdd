"""The Textual table (issue 4): screens, widgets and the factory :func:`make_app`.

The names below are imported on first use, so importing the package loads no Textual; the
services the table uses (the session, saves, settings, words) live below it in
:mod:`domino_tui.play`, :mod:`domino_tui.storage` and :mod:`domino_tui.words`."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import DominoApp, make_app

_HOME = {"DominoApp": ".app", "make_app": ".app"}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(_HOME[name], __name__), name)


__all__ = ["DominoApp", "make_app"]
