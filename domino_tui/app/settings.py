"""Player preferences and the last New game choices, kept between runs as JSON in the user's
config dir. A broken or foreign file never stops the app: it falls back to the defaults."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

PACES: dict[str, float] = {"instant": 0.0, "fast": 0.25, "normal": 0.7, "slow": 1.5}
TILE_STYLES = ("auto", "pips", "digits")
THEMES = ("textual-dark", "textual-light", "domino-contrast", "nord", "gruvbox")


@dataclass(frozen=True)
class Settings:
    lang: str = "ru"
    theme: str = "textual-dark"
    pace: str = "normal"
    auto_knock: bool = False
    tile_style: str = "auto"
    player_name: str = ""
    undo: bool = True  # games against bots only; never in hot-seat
    # the New game dialog's last choices
    last_seats: tuple[str, ...] = ("human", "hard", "hard", "hard")
    last_names: tuple[str, ...] = ("", "", "", "")
    last_timer: str = ""
    last_pairs: bool = False
    last_preset: str = "kozel"
    last_options: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Keep only known keys of the right type; anything else is a default."""
        base = cls()
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            value, default = data[f.name], getattr(base, f.name)
            if isinstance(default, tuple) and isinstance(value, list):
                value = tuple(str(v) for v in value)
            if type(value) is type(default):
                values[f.name] = value
        s = replace(base, **values)
        if s.pace not in PACES:
            s = replace(s, pace=base.pace)
        if s.tile_style not in TILE_STYLES:
            s = replace(s, tile_style=base.tile_style)
        if s.lang not in ("ru", "en"):
            s = replace(s, lang=base.lang)
        return s


def default_path() -> Path:
    """``DOMINO_TUI_CONFIG_DIR`` wins (older setups), else the storage layer's config dir, which
    ``DOMINO_TUI_HOME`` moves together with the saves and statistics."""
    env = os.environ.get("DOMINO_TUI_CONFIG_DIR")
    if env:
        return Path(env) / "settings.json"
    from ..storage.paths import config_dir

    return config_dir() / "settings.json"


class SettingsStore:
    """Loads and saves :class:`Settings`; ``path=None`` keeps them in memory only (tests)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path

    def load(self) -> Settings:
        if self.path is None or not self.path.exists():
            return Settings()
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return Settings()
        return Settings.from_dict(data) if isinstance(data, dict) else Settings()

    def save(self, settings: Settings) -> None:
        """Write atomically; a read-only home only loses the preferences, never the game."""
        if self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(json.dumps(asdict(settings), ensure_ascii=False, indent=1), "utf-8")
            os.replace(tmp, self.path)
        except OSError:
            pass
