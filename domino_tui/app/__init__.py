"""The Textual table (issue 4): screens, widgets and the factory :func:`make_app`."""

from __future__ import annotations

from .app import DominoApp, make_app
from .session import GameSession, Seat

__all__ = ["DominoApp", "GameSession", "Seat", "make_app"]
