"""The player's names of the presets and the bot levels ("Морской", «лёгкий»), shared by the app
and the CLI. Kept apart from :mod:`domino_tui.words.strings` so a CLI listing (``resume --list``,
``records``) does not load the Textual table to name a game.

A save names its preset ("kozel", "telefon" …), shown by its short name in the player's
language; a save made without one (a script, an older version) is named from its rules, by the
preset they are closest to (:func:`~domino_tui.words.variant.closest_preset`), so that the
player reads "Осёл", never "None". Rules that cannot be read give a dash: a list never fails.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .. import i18n

if TYPE_CHECKING:
    from ..variants.base import PresetWords

NO_NAME = "—"


def level_name(level: str, lang: str) -> str:
    """A bot level's word; a level this program does not know (a plugin's) as it is."""
    key = f"level_{level}"
    return i18n.tr(key, lang) if i18n.has_key(key, lang) else level


def preset_words(preset: str) -> PresetWords | None:
    """The words its variant's presenter declares for ``preset`` (a plugin's too); None for a
    preset this program does not know (a newer one's save) or whose presenter names none."""
    from ..engine.variants import is_preset, preset_values
    from ..variants import presenter

    if not isinstance(preset, str) or not is_preset(preset):
        return None
    variant = preset_values(preset).get("variant", "kozel")
    return presenter(variant).presets.get(preset) if isinstance(variant, str) else None


def _said(keys: tuple[str, ...], lang: str, fallback: str) -> str:
    for key in keys:
        if key and i18n.has_key(key, lang):
            return i18n.tr(key, lang)
    return fallback


def preset_name(preset: str, lang: str) -> str:
    """A preset's full name ("Морской козёл", "Telefon (all fives)"); one this program does
    not know as saved."""
    words = preset_words(preset)
    return _said((words.full,), lang, preset) if words else preset


def short_preset(preset: str, lang: str) -> str:
    """A preset's short name for a narrow column ("Козёл", "Классика", "Все тройки"); a
    preset this program does not know (a newer one's save) as saved."""
    words = preset_words(preset)
    return _said((words.short, words.full), lang, preset) if words else preset


def preset_label(preset: str, lang: str) -> str:
    """A preset's name in the New game dialog (its own label, else its full name)."""
    words = preset_words(preset)
    return _said((words.label, words.full), lang, preset) if words else preset


def preset_about(preset: str, lang: str) -> str:
    """One line on what the preset's game is, or ""."""
    words = preset_words(preset)
    return _said((words.about,), lang, "") if words else ""


def kept_game_name(preset: str | None, rules: Mapping[str, Any] | None, lang: str) -> str:
    """The game's short name: its preset's, else its rules' closest preset's, else a dash."""
    if preset:
        return short_preset(preset, lang)
    if not isinstance(rules, Mapping):
        return NO_NAME
    from ..engine.rules import make_rules  # only for a save without a preset
    from .variant import closest_preset

    try:
        return short_preset(closest_preset(make_rules(dict(rules))), lang)
    except (ValueError, TypeError, KeyError, AttributeError):  # RulesError is a ValueError
        return NO_NAME
