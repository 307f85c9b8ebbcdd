"""Who sits at the table and how the app was set up: what a record alone does not say.

The engine record knows rules, seed and moves; resuming a game also needs the players' names,
which seats are bots and how strong, and the app's settings. These are plain JSON-able values
so the save file stays readable and a newer app can add keys (kept in ``extra``).

A save is a file anyone can edit, so everything read back is checked here: names and other
strings pass :func:`~domino_tui.text.clean` (no escape codes reach the terminal) and names are
cut to :data:`MAX_NAME`; a game id must look like one of ours (it names a file); a bot level must
look like a level, though whether that bot still exists is the app's question (a plugin may
have been uninstalled, and the app then seats a stand-in).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from ..text import clean

SeatKind = Literal["human", "bot"]
KINDS: tuple[SeatKind, ...] = ("human", "bot")
MAX_NAME = 20  # as ``domino hotseat`` and the New game dialog allow
MAX_TIMER = 24 * 3600  # seconds per turn: more is not a timer
_GAME_ID = re.compile(r"[0-9a-f]{8,64}")
_LEVEL = re.compile(r"[A-Za-z0-9_.:=,+-]{1,80}")  # a level, a strategy, plugin:key=value


def is_game_id(value: object) -> bool:
    """Whether ``value`` may name a save file: lowercase hex, as :func:`new_game_id` makes.
    Nothing else ever becomes part of a path (no ``..``, no separators, no surprises)."""
    return isinstance(value, str) and _GAME_ID.fullmatch(value) is not None


class MetaError(ValueError):
    """Saved metadata that does not have the expected shape."""


@dataclass(frozen=True)
class Seat:
    """One player: a name, human or bot, and the bot's level or strategy name (``make_bot``)."""

    name: str
    kind: SeatKind = "human"
    level: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Seat:
        if not isinstance(data, Mapping):
            raise MetaError("a seat is not an object")
        name, kind, level = data.get("name"), data.get("kind", "human"), data.get("level")
        if not isinstance(name, str) or not name.strip():
            raise MetaError("a seat has no name")
        name = clean(name.strip(), MAX_NAME)
        if kind not in KINDS:
            raise MetaError(f"seat {name!r} has an unknown kind {clean(kind, 20)!r}")
        if level is not None and (not isinstance(level, str) or not _LEVEL.fullmatch(level)):
            raise MetaError(f"seat {name!r} has a malformed bot level")
        return cls(name=name, kind=kind, level=level)


def new_game_id() -> str:
    return uuid.uuid4().hex


@dataclass(frozen=True)
class GameMeta:
    """The app's side of a game. ``game_id`` identifies one match across saves, the archive and
    the statistics, so that finishing a game twice (after a crash) counts it once."""

    seats: tuple[Seat, ...]
    preset: str | None = None
    lang: str = "en"
    pace: str = "normal"
    undo: bool = False
    hotseat: bool = False
    turn_timer: int | None = None  # seconds per hot-seat turn; None: no timer
    game_id: str = field(default_factory=new_game_id)
    extra: dict[str, Any] = field(default_factory=dict)  # anything else the app wants back

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["seats"] = [seat.to_dict() for seat in self.seats]
        return data

    @classmethod
    def from_dict(cls, data: Any) -> GameMeta:
        if not isinstance(data, Mapping):
            raise MetaError("the game settings are not an object")
        seats = data.get("seats")
        if not isinstance(seats, list) or not seats:
            raise MetaError("the game has no seats")
        checks: tuple[tuple[str, type | tuple[type, ...]], ...] = (
            ("preset", (str, type(None))),
            ("lang", str),
            ("pace", str),
            ("undo", bool),
            ("hotseat", bool),
            ("turn_timer", (int, type(None))),
            ("game_id", str),
            ("extra", dict),
        )
        values: dict[str, Any] = {}
        for key, kind in checks:
            if key in data:
                value = data[key]
                flag = isinstance(value, bool) and key == "turn_timer"
                if flag or not isinstance(value, kind):
                    raise MetaError(f"the game setting {key!r} is malformed")
                text = isinstance(value, str) and key in ("preset", "lang", "pace")
                values[key] = clean(value, 40) if text else value  # None stays None, not "None"
        timer = values.get("turn_timer")
        if timer is not None and not 1 <= timer <= MAX_TIMER:
            raise MetaError(f"the turn timer of {timer} seconds is out of range")
        if "game_id" in values and not is_game_id(values["game_id"]):
            raise MetaError("the game id is malformed")
        return cls(seats=tuple(Seat.from_dict(s) for s in seats), **values)
