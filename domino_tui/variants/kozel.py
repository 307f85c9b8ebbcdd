"""Козёл and classic as a player reads them: Козёл's own words serve (the base presenter)."""

from __future__ import annotations

from .base import Presenter

PRESENTER = Presenter()
