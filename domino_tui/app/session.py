"""A game at the table: the engine's match plus who sits where (humans with names, bots with
levels). No rules live here; every question about the game goes to the match.

The session is the seam for saves (issue 5): every applied action is reported to
``on_action`` listeners, and a session can be rebuilt around an existing match.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..bots import make_bot
from ..bots.base import Bot
from ..engine.match import Match, RoundResult
from ..engine.record import make_record
from ..engine.rules import Rules
from ..engine.view import SeatView, seat_view
from .strings import BOT_NAMES, level_name, t


@dataclass(frozen=True)
class Seat:
    """One chair: a named human, or a bot of some level."""

    name: str
    kind: str = "human"  # "human" | "bot"
    level: str = ""

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        return cls(
            str(data.get("name", "?")), str(data.get("kind", "human")), str(data.get("level", ""))
        )


def default_seats(levels: list[str], lang: str, human_name: str = "") -> tuple[Seat, ...]:
    """A human at seat 0 and bots with the given levels, named from the house list."""
    names = BOT_NAMES.get(lang, BOT_NAMES["en"])
    seats = [Seat(human_name or t("you", lang))]
    for i, level in enumerate(levels):
        seats.append(Seat(names[(i + 1) % len(names)], "bot", level))
    return tuple(seats)


ActionListener = Callable[["GameSession", int, RoundResult | None], None]


class GameSession:
    """The match, its seats and their bots."""

    def __init__(
        self,
        rules: Rules,
        seats: tuple[Seat, ...],
        seed: int | None = None,
        preset: str = "kozel",
        match: Match | None = None,
    ) -> None:
        if len(seats) != rules.players:
            raise ValueError(f"{len(seats)} seats for {rules.players} players")
        self.rules = rules
        self.seats = seats
        self.preset = preset
        self.seed = seed if seed is not None else random.randrange(1 << 31)
        self.match = match if match is not None else Match(rules, self.seed)
        self.bots: dict[int, Bot] = {
            i: make_bot(s.level or "hard", self.seed * 31 + i)
            for i, s in enumerate(seats)
            if s.is_bot
        }
        self.listeners: list[ActionListener] = []

    # --- who ---------------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def side_name(self, side: int) -> str:
        """A player's name, or both partners' names in pairs."""
        return " & ".join(self.name(s) for s in self.rules.seats_of(side))

    def label(self, seat: int, lang: str) -> str:
        s = self.seats[seat]
        return f"{s.name} · {level_name(s.level, lang)}" if s.is_bot else s.name

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if not s.is_bot)

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat].is_bot

    def partner(self, seat: int) -> int:
        return (seat + 2) % 4 if self.rules.pairs else -1

    # --- play --------------------------------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        return seat_view(self.match, seat)

    def apply(self, code: int) -> RoundResult | None:
        """Apply one action of the player to move and tell the listeners (autosave hook)."""
        result = self.match.apply(code)
        for listener in self.listeners:
            listener(self, code, result)
        return result

    def record(self) -> dict[str, Any]:
        return make_record(self.match, [s.to_dict() for s in self.seats], self.preset)
