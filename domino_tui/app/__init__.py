"""The Textual table (issue 4): screens, widgets and the factory :func:`make_app`.

The names below are imported on first use, so a command that needs only the app's saves or
session (``domino resume --list``, ``resume ID --resign``) does not load Textual."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import DominoApp, make_app
    from .session import GameSession, Seat

_HOME = {"DominoApp": ".app", "make_app": ".app", "GameSession": ".session", "Seat": ".session"}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(_HOME[name], __name__), name)


__all__ = ["DominoApp", "GameSession", "Seat", "make_app"]
