"""A game at the table: the engine's match plus who sits where (humans with names, bots with
levels). No rules live here; every question about the game goes to the match.

The session is the seam for saves (issue 5): every change of the match (an action, an undo, an
abandon) is reported to its listeners, and a session can be rebuilt around an existing match.
What the app needs to resume a table exactly (names, language, pace, timer, the game's id) lives
here too, so a save holds the whole table and not only the engine's record.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import make_bot
from ..bots.base import Bot
from ..bots.runner import HINT_LIMIT, TABLE_LIMIT, BotTable, Decision
from ..engine.match import Match, RoundResult
from ..engine.record import make_record
from ..engine.rules import Rules
from ..engine.view import SeatView, seat_view
from ..words.strings import bot_names, level_name, t


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
    return table_seats(["human", *levels], [human_name or t("you", lang)], lang)


def table_seats(kinds: Sequence[str], names: Sequence[str], lang: str) -> tuple[Seat, ...]:
    """Chairs in order: ``"human"`` takes the next of ``names``, anything else is a bot level.
    Bots get house names that no human at the table uses (two Mashas would confuse the log)."""
    humans = iter(names)
    taken = {n.casefold() for n in names}
    house = bot_names(lang)
    seats: list[Seat] = []
    for i, kind in enumerate(kinds):
        if kind == "human":
            seats.append(Seat(next(humans, "") or t("player_n", lang, n=i + 1)))
            continue
        free = [
            n
            for k in range(len(house))
            if (n := house[(i + k) % len(house)]).casefold() not in taken
        ]
        name = free[0] if free else f"{t('bot', lang)} {i + 1}"
        taken.add(name.casefold())
        seats.append(Seat(name, "bot", kind))
    return tuple(seats)


# (session, action code or None for an undo or an abandon, the round's result if it just ended)
ActionListener = Callable[["GameSession", int | None, RoundResult | None], None]


SEED_SPAN = 1 << 64  # seeds are 64-bit unsigned


class UndoError(Exception):
    """Nothing to take back (the message says why, in a strings key)."""


def bot_seed(seed: int, seat: int) -> int:
    """A bot's seed from the game's seed and its chair: a resumed game gets the same bots."""
    return seed * 31 + seat


class GameSession:
    """The match, its seats and their bots."""

    def __init__(
        self,
        rules: Rules,
        seats: tuple[Seat, ...],
        seed: int | None = None,
        preset: str = "kozel",
        match: Match | None = None,
        *,
        timer: int | None = None,
        lang: str | None = None,
        pace: str | None = None,
        game_id: str | None = None,
        networked: bool = False,
    ) -> None:
        if len(seats) != rules.players:
            raise ValueError(f"{len(seats)} seats for {rules.players} players")
        self.rules = rules
        self.seats = seats
        self.preset = preset
        self.seed = seed if seed is not None else random.randrange(1 << 31)
        self.match = match if match is not None else Match(rules, self.seed)
        self.bots: dict[int, Bot] = {
            i: make_bot(s.level or "hard", bot_seed(self.seed, i))
            for i, s in enumerate(seats)
            if s.is_bot
        }
        self.listeners: list[ActionListener] = []
        # every bot decision runs with this limit (bots/runner.py): past it a stand-in moves
        self.bot_limit = TABLE_LIMIT
        self.help_limit = HINT_LIMIT  # a hint's or the tutor's search
        self._bot_table = BotTable(
            self.bots, {i: s.level or "hard" for i, s in enumerate(seats)}, 0
        )
        # a table whose humans sit at other machines (issue 25): each sees only their own
        # screen, so no curtain, and no undo (one player cannot take back another's move)
        self.networked = networked
        # seconds per turn (K10.1): at one keyboard, or at a networked table that asked for it
        self.timer = timer if timer and (self.hotseat or networked) else None
        self.lang = lang  # the table's language and pace, kept in the save (None: the app's)
        self.pace = pace
        self.tutor: bool | None = None  # this table's tutor mode (None: the setting's)
        self.game_id = game_id or uuid.uuid4().hex

    def again(self) -> GameSession:
        """The same table for another match: the next seed, a new game id."""
        return GameSession(
            self.rules,
            self.seats,
            (self.seed + 1) % SEED_SPAN,  # the next seed, wrapping past 2^64 − 1 to 0
            self.preset,
            timer=self.timer,
            lang=self.lang,
            pace=self.pace,
            networked=self.networked,
        )

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

    def decide(
        self, seat: int, view: SeatView, cancelled: Callable[[], bool] | None = None
    ) -> Decision | None:
        """The bot's move in ``view`` within the limit, or a stand-in's with its fault (which
        the caller marks in the match); None if ``cancelled`` said stop first."""
        self._bot_table.limit = self.bot_limit
        return self._bot_table.decide(seat, view, cancelled)

    @property
    def stand_ins(self) -> bool:
        """A stand-in moved for a failing bot in this match: kept out of the rating."""
        return bool(self.match.stand_ins)

    @property
    def with_undo(self) -> bool:
        """A move of this match was taken back: practice, kept out of the rating."""
        return self.match.with_undo

    @property
    def hotseat(self) -> bool:
        """Friends at one keyboard: hands are hidden between their turns, no undo. Humans at
        a networked table each have their own screen: not hot-seat."""
        return len(self.humans) > 1 and not self.networked

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat].is_bot

    # --- play --------------------------------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        return seat_view(self.match, seat)

    def apply(self, code: int) -> RoundResult | None:
        """Apply one action of the player to move and tell the listeners (autosave hook)."""
        result = self.match.apply(code)
        self._tell(code, result)
        return result

    def abandon(self, seat: int) -> None:
        """K10.1: ``seat`` leaves (their turn timer ran out); the match ends here."""
        self.match.abandon(seat)
        self._tell(None, None)

    def _tell(self, code: int | None, result: RoundResult | None) -> None:
        for listener in self.listeners:
            listener(self, code, result)

    # --- undo (games against bots) -------------------------------------------------------------
    def undo_point(self) -> int:
        """How many actions stay after an undo: everything before the humans' last choice
        of this round (a move where they had more than one legal action). Forced draws and
        knocks after it, and the bots' replies, go too. UndoError if there is none."""
        if self.match.scripted:
            raise UndoError("undo_scripted")  # a hand-dealt match cannot be replayed from its seed
        if self.match.over:
            raise UndoError("undo_none")
        replayed = Match(self.rules, self.seed)
        start = sum(len(moves) for moves in self.match.actions[:-1])
        point = -1
        for i, code in enumerate(c for moves in self.match.actions for c in moves):
            if i >= start and replayed.turn in self.humans and len(replayed.legal_actions()) > 1:
                point = i
            replayed.apply(code)
        if point < 0:
            raise UndoError("undo_none")
        return point

    def undo(self) -> int:
        """Take back the humans' last choice and all that followed it (the bots' replies too,
        back to the player's previous decision); returns the number of actions taken back. The
        match is rebuilt from the seed, so it is exactly as it was.

        Undo is honest (issue 9): it stays available against bots as a practice aid, but the
        first undo marks the match "with undo" for good; the mark travels in the save and the
        finished record, and the statistics count such a match as practice, never in the
        rating. We chose this over "undo only before a bot replied" because a learner wants
        to retry a real decision, and a bot usually answers at once. Never in hot-seat."""
        actions = [c for moves in self.match.actions for c in moves]
        point = self.undo_point()
        match = Match(self.rules, self.seed)
        for code in actions[:point]:
            match.apply(code)
        match.with_undo = True
        match.stand_ins = self.match.stand_ins  # what a stand-in did stays on the record
        self.match = match
        self._tell(None, None)
        return len(actions) - point

    def record(self) -> dict[str, Any]:
        return make_record(self.match, [s.to_dict() for s in self.seats], self.preset)
