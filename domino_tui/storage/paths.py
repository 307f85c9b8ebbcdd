"""Where domino-tui keeps its files.

The platform's user directories come from platformdirs. ``DOMINO_TUI_HOME`` overrides them all,
so that tests, CI and portable installs never touch the real home directory.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "domino-tui"
HOME_ENV = "DOMINO_TUI_HOME"


def _override() -> Path | None:
    value = os.environ.get(HOME_ENV, "").strip()
    return Path(value).expanduser() if value else None


def config_dir() -> Path:
    """Settings the player chose (not created here: callers create it when they write)."""
    home = _override()
    return home / "config" if home else platformdirs.user_config_path(APP_NAME)


def data_dir() -> Path:
    """Saves, records and statistics: the player's history, which must survive upgrades."""
    home = _override()
    return home / "data" if home else platformdirs.user_data_path(APP_NAME)


def autosave_path() -> Path:
    """The single autosave of versions before one save per game; migrated into :func:`saves_dir`."""
    return data_dir() / "autosave.json"


def saves_dir() -> Path:
    """One ``<game id>.json`` per unfinished game (and its ``.lock`` while a window has it)."""
    return data_dir() / "saves"


def records_dir() -> Path:
    return data_dir() / "records"


def stats_path() -> Path:
    return data_dir() / "stats.sqlite3"
