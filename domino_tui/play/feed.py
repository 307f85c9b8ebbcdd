"""One seat's line to a table (issue 25): what a seat may see of it, and what it may ask.

A :class:`Feed` is the meeting point of the table and whoever sits at one of its chairs without
owning the match: a remote player's app (``domino join``), a spectator (``domino watch``), a
server forwarding one connection's part. Everything it hands out is already cut to its seat —
the seat's own :class:`~domino_tui.engine.view.SeatView`, the :class:`~.table.PublicTable`, and
the table's events as :func:`~.events.seen_by` shows them — so a client built on a feed cannot
show another hand or the boneyard's order even by mistake: it never holds them.

:class:`LocalFeed` is the feed of a seat at a :class:`~.table.TableSession` in this process. The
server keeps one per connection and sends what it gives over the wire; the tests and the app
use it to play a seat exactly as a remote one plays, without a socket. A remote feed (the
client's end of the wire) gives the same values, decoded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ..engine.view import SeatView
from .events import EVERYONE, Refused, TableEvent
from .table import PublicTable, TableSession

SPECTATOR = EVERYONE  # a feed's seat when it watches without playing


@dataclass(frozen=True)
class Chair:
    """One chair as every table shows it: who sits there and how they play."""

    name: str
    kind: str = "human"  # "human" | "bot" | "away" (dropped, in its grace) | "stand-in" (a bot
    # plays a dropped human's seat: the match is out of the rating)
    away: int = -1  # seconds of grace left while "away", else -1


@dataclass(frozen=True)
class Snapshot:
    """Everything a seat may know of the table at one moment: its view (``None`` for a
    spectator), the public table and the chairs. A client draws its whole table from one of
    these (on joining, on rejoining, after any doubt) and then follows the events."""

    seat: int
    view: SeatView | None
    public: PublicTable
    chairs: tuple[Chair, ...]
    version: int
    started: bool = True  # False while a networked table waits for its host to start the match
    # (its seats' views are None then: the match that will be played is not dealt yet)


@dataclass(frozen=True)
class Refusal:
    """The table did not take this seat's action: the engine's reason key and its arguments
    (``words.strings.reason`` words them), or the table's own key (``not_your_turn``, ``over``,
    ``curtain``). Sent to the asking seat only."""

    seat: int
    code: int
    key: str
    params: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Talked:
    """Table talk: ``seat`` said one of the canned calls (issue 25 part 5), by its id."""

    seat: int
    call: str


@dataclass(frozen=True)
class ChairsChanged:
    """Somebody joined, dropped, came back, or a bot took or gave back a seat."""

    chairs: tuple[Chair, ...]


FeedEvent = TableEvent | Refusal | Talked | ChairsChanged
FeedWatcher = Callable[[FeedEvent], None]


class Feed(Protocol):
    """One seat's line to a table. ``play`` and ``talk`` ask; the answers (a move, a refusal,
    the talk) come back as events to the watchers, as they do to every other seat."""

    @property
    def seat(self) -> int: ...

    def snapshot(self) -> Snapshot: ...

    def watch(self, watcher: FeedWatcher) -> None: ...

    def play(self, code: int) -> None: ...

    def talk(self, call: str) -> None: ...

    def close(self) -> None: ...


def refusal(refused: Refused) -> Refusal:
    return Refusal(refused.seat, refused.code, refused.key, tuple(sorted(refused.params.items())))


class LocalFeed:
    """A seat's feed on a :class:`TableSession` in this process (the owner's thread only).

    ``chairs`` tells the chairs as they are now (the server knows who is away); by default
    they are the game's seats, humans and bots."""

    def __init__(
        self,
        table: TableSession,
        seat: int,
        chairs: Callable[[], tuple[Chair, ...]] | None = None,
    ) -> None:
        self.table = table
        self._seat = seat
        self._chairs = chairs or self._game_chairs
        self._watchers: list[FeedWatcher] = []
        self._closed = False
        table.watch(self._forward, seat=seat)

    @property
    def seat(self) -> int:
        return self._seat

    def _game_chairs(self) -> tuple[Chair, ...]:
        game = self.table.game
        return tuple(
            Chair(game.name(s), "bot" if game.is_bot(s) else "human")
            for s in range(game.rules.players)
        )

    def snapshot(self) -> Snapshot:
        view = self.table.view(self._seat) if self._seat != SPECTATOR else None
        return Snapshot(self._seat, view, self.table.public(), self._chairs(), self.table.version)

    def watch(self, watcher: FeedWatcher) -> None:
        self._watchers.append(watcher)

    def tell(self, event: FeedEvent) -> None:
        """Pass an event of the table's owner (talk, chairs) to this feed's watchers."""
        if not self._closed:
            for watcher in list(self._watchers):
                watcher(event)

    def _forward(self, event: TableEvent) -> None:
        self.tell(event)

    def play(self, code: int) -> None:
        if self._seat == SPECTATOR:
            self.tell(Refusal(self._seat, code, "not_your_turn"))
            return
        try:
            self.table.play(self._seat, code)
        except Refused as refused:
            self.tell(refusal(refused))

    def talk(self, call: str) -> None:
        self.tell(Talked(self._seat, call))

    def close(self) -> None:
        self._closed = True
        self.table.unwatch(self._forward)
        self._watchers.clear()
