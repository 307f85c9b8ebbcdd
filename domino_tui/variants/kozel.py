"""Козёл and classic as a player reads them: Козёл's own words serve (the base presenter),
and the names of their presets."""

from __future__ import annotations

from .base import Presenter, PresetWords


class KozelPresenter(Presenter):
    presets = {  # noqa: RUF012 - read-only table
        "kozel": PresetWords(
            "tx.variant.kozel", "preset_short.kozel", "ng.about.kozel", "preset.kozel"
        ),
        "kozel-pairs": PresetWords(
            "tx.variant.kozel-pairs",
            "preset_short.kozel-pairs",
            "ng.about.kozel-pairs",
            "preset.kozel-pairs",
        ),
        "classic": PresetWords(
            "tx.variant.classic", "preset_short.classic", "ng.about.classic", "preset.classic"
        ),
    }


PRESENTER = KozelPresenter()
