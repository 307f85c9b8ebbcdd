"""Player preferences and the last New game choices, kept between runs as JSON in the user's
config dir.

A broken or foreign file never stops the app, and it is never lost either: a settings file that
is not ours (not JSON, not an object, not a regular file, too large, not UTF-8) is moved aside
as ``settings.json.corrupt-<time>`` and the app says so once (:func:`take_notice`); a file that
cannot be read at all (permission denied, a file where a folder should be) is left alone and not
written over. Everything read is cleaned and bounded, because names and remembered options are
drawn on the screen and passed on to the rules.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from ..i18n import N_, tr
from ..text import clean
from .reading import KIB, FileRefused, parse_json, read_text

PACES: dict[str, float] = {"instant": 0.0, "fast": 0.25, "normal": 0.7, "slow": 1.5}
TILE_STYLES = ("auto", "pips", "digits")
THEMES = ("textual-dark", "textual-light", "domino-contrast", "nord", "gruvbox")
MAX_SETTINGS_BYTES = 256 * KIB  # ours are under 2 KiB
MAX_NAME = 20  # as the Settings and New game dialogs allow
MAX_TEXT = 40  # any other remembered word (a theme, a bot level, an option value)
MAX_SEATS = 4


def locale_lang() -> str:
    """The language a player who never chose one gets: their locale's (``ru*`` → Russian)."""
    from ..i18n import detect_lang

    return detect_lang()


@dataclass(frozen=True)
class Settings:
    # not stored until the player picks one in Settings: until then it follows the locale
    lang: str = field(default_factory=locale_lang)
    theme: str = "textual-dark"
    pace: str = "normal"
    auto_knock: bool = False
    tile_style: str = "auto"
    player_name: str = ""
    undo: bool = True  # games against bots only; never in hot-seat
    tutor: bool = False  # warn before a mistake is laid (the guided game has it on)
    # the New game dialog's last choices
    last_seats: tuple[str, ...] = ("human", "hard", "hard", "hard")
    last_names: tuple[str, ...] = ("", "", "", "")
    last_timer: str = ""
    last_pairs: bool = False
    last_preset: str = "kozel"
    last_options: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Keep only known keys of the right type, cleaned and cut to size; anything else is a
        default."""
        return cls.checked(data)[0]

    @classmethod
    def checked(cls, data: dict[str, Any]) -> tuple[Settings, tuple[str, ...]]:
        """:meth:`from_dict`, and the names of the values refused (of another type, or not one
        of the choices), so that the player is told which of their settings were not used."""
        base = cls()
        values: dict[str, Any] = {}
        refused: list[str] = []
        for f in fields(cls):
            if f.name not in data:
                continue
            value, default = data[f.name], getattr(base, f.name)
            if isinstance(default, tuple) and isinstance(value, list):
                value = tuple(_text(v, f.name) for v in value[:MAX_SEATS])
            elif isinstance(value, str):
                value = _text(value, f.name)
            elif isinstance(value, dict):
                value = _options(value)
            if type(value) is type(default):
                values[f.name] = value
            else:
                refused.append(f.name)
        for name, allowed in choices().items():
            if name in values and values[name] not in allowed:
                del values[name]
                refused.append(name)
        return replace(base, **values), tuple(refused)


def choices() -> dict[str, tuple[str, ...]]:
    """The settings that take one of a few words (the languages: the catalogs found)."""
    from ..i18n import languages

    return {"pace": tuple(PACES), "tile_style": TILE_STYLES, "lang": languages()}


def _text(value: object, name: str) -> str:
    """A remembered string as it may be shown: control characters visible, length bounded."""
    limit = MAX_NAME if name in ("player_name", "last_names") else MAX_TEXT
    return clean(value, limit)


def _options(data: dict[Any, Any]) -> dict[str, Any]:
    """Remembered rule options: known names (Козёл's and every variant's own) with plain values
    only; make_rules judges them."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        if not _option_name(key):
            continue
        if isinstance(value, bool) or (isinstance(value, int) and abs(value) < 10**9):
            out[key] = value
        elif isinstance(value, str):
            out[key] = clean(value, MAX_TEXT)
    return out


def _option_name(key: object) -> bool:
    """Whether ``key`` names a rule option; the variants' modules load only for a name that is
    not one of Козёл's (a remembered Телефон option), not for every start of the app."""
    from ..engine.rules import OPTION_NAMES

    if key in OPTION_NAMES:
        return True
    from ..engine.variants import MODULES, get_variant

    return any(key in get_variant(v).options for v in MODULES)


def default_path() -> Path:
    """``DOMINO_TUI_CONFIG_DIR`` wins (older setups), else the storage layer's config dir, which
    ``DOMINO_TUI_HOME`` moves together with the saves and statistics."""
    env = os.environ.get("DOMINO_TUI_CONFIG_DIR")
    if env:
        return Path(env) / "settings.json"
    from .paths import config_dir

    return config_dir() / "settings.json"


# notices waiting to be shown once by the app: a catalog key and its values
_pending: list[tuple[str, dict[str, str]]] = []


def take_notice(lang: str = "en") -> str | None:
    """What went wrong with the settings file since the last call, in ``lang``, or None; each
    notice is given out once, so the app shows it once however often settings are loaded."""
    if not _pending:
        return None
    text = " ".join(clean(tr(key, lang, **fmt), 400) for key, fmt in _pending)
    _pending.clear()
    return text


def _note(key: str, **fmt: str) -> None:
    _pending.append((key, {name: clean(value, 300) for name, value in fmt.items()}))


class SettingsStore:
    """Loads and saves :class:`Settings`; ``path=None`` keeps them in memory only (tests).

    ``notice`` is the last load's one-line problem (English), if any; ``writable`` turns False
    when the file is there but could not be read or moved aside, so that saving never replaces
    a file the player may still want."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.notice: str | None = None
        self.writable = True
        # the language as loaded and whether the file named one: a language the player never
        # chose is not written, so the next start follows the locale again
        self._lang_loaded: str | None = None
        self.lang_chosen = False

    def load(self) -> Settings:
        settings = self._load()
        self._lang_loaded = settings.lang
        return settings

    def _load(self) -> Settings:
        self.notice = None
        self.lang_chosen = False
        if self.path is None:
            return Settings()
        try:
            data = parse_json(
                read_text(self.path, MAX_SETTINGS_BYTES, "the settings file"), "the settings file"
            )
            if not isinstance(data, dict):
                raise FileRefused("the settings file is not a JSON object")
        except FileNotFoundError:
            return Settings()
        except FileRefused as err:
            self._set_aside(str(err))
            return Settings()
        except OSError as err:  # permission denied, a file where a folder should be …
            self.writable = False
            why = clean(err.strerror or err, 100)
            self.notice = f"the settings file {clean(self.path, 200)} cannot be read: {why}"
            _note(N_("settings.unreadable"), why=why)
            return Settings()
        self.lang_chosen = data.get("lang") in choices()["lang"]
        settings, refused = Settings.checked(data)
        if refused:  # e.g. "tutor": "yes" written by hand: said once, the default used
            names = ", ".join(clean(name, MAX_TEXT) for name in refused)
            self.notice = f"the settings file has values that cannot be used: {names}"
            _note(N_("settings.refused"), names=names)
        return settings

    def _set_aside(self, why: str) -> None:
        """Move a damaged file out of the way (never delete it) and say where it went."""
        from .files import move_aside

        assert self.path is not None
        try:
            moved = move_aside(self.path)
        except OSError as err:
            self.writable = False
            self.notice = f"{why}; it could not be moved aside ({clean(err.strerror or err)})"
            _note(N_("settings.left_as_is"), why=why)
            return
        name = clean(moved.name, 120)
        self.notice = f"{why}; it was kept as {name}"
        _note(N_("settings.moved_aside"), why=why, name=name)

    def save(self, settings: Settings) -> None:
        """Write atomically; a read-only home only loses the preferences, never the game."""
        if self.path is None or not self.writable:
            return
        from .files import write_atomic

        data = asdict(settings)
        if settings.lang != (self._lang_loaded or locale_lang()):
            self.lang_chosen = True  # the player picked another language
        if not self.lang_chosen:
            del data["lang"]
        with contextlib.suppress(OSError):
            write_atomic(self.path, json.dumps(data, ensure_ascii=False, indent=1))
