"""The player's names of the presets and the bot levels ("Морской", «лёгкий»), shared by the app
and the CLI. Kept apart from :mod:`domino_tui.app.strings` so a CLI listing (``resume --list``,
``records``) does not load the Textual table to name a game."""

from __future__ import annotations

from . import i18n


def level_name(level: str, lang: str) -> str:
    """A bot level's word; a level this program does not know (a plugin's) as it is."""
    key = f"level_{level}"
    return i18n.tr(key, lang) if i18n.has_key(key, lang) else level


def short_preset(preset: str, lang: str) -> str:
    """A preset's short name for a narrow column ("Козёл", "Классика", "Все тройки"); a
    preset this program does not know (a newer one's save) as saved."""
    key = f"preset_short.{preset}"
    return i18n.tr(key, lang) if i18n.has_key(key, lang) else preset
