"""Who sits at the table and how the app was set up: what a record alone does not say.

The engine record knows rules, seed and moves; resuming a game also needs the players' names,
which seats are bots and how strong, and the app's settings. These are plain JSON-able values
so the save file stays readable and a newer app can add keys (kept in ``extra``).
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

SeatKind = Literal["human", "bot"]
KINDS: tuple[SeatKind, ...] = ("human", "bot")


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
        if kind not in KINDS:
            raise MetaError(f"seat {name!r} has an unknown kind {kind!r}")
        if level is not None and not isinstance(level, str):
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
                if not isinstance(data[key], kind):
                    raise MetaError(f"the game setting {key!r} is malformed")
                values[key] = data[key]
        return cls(seats=tuple(Seat.from_dict(s) for s in seats), **values)
