"""What the table tells its seats: plain, frozen events with no UI toolkit (issue 23).

A :class:`~.table.TableSession` reports every change as one of these, and each watcher gets
them through :func:`seen_by` for its own seat: a drawn tile is named only to the seat that drew
it (K3.6), as the engine's :class:`~domino_tui.engine.view.SeatView` hides it. The same events
drive the Textual screen, the plain tests and (next issue) a table on another machine, so none of
them carries a hand that the seat may not see. A finished round's hands are public (K4.5).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..bots.runner import Fault
from ..engine.actions import DRAW
from ..engine.match import Outcome, RoundResult
from ..engine.round import Event, IllegalActionError

EVERYONE = -1  # a watcher with no seat: the shared screen of a hot-seat table, a spectator


@dataclass(frozen=True)
class TurnStarted:
    """``seat`` is to move in round ``number``; ``bot`` says who will answer."""

    seat: int
    number: int
    bot: bool


@dataclass(frozen=True)
class Moved:
    """``seat`` made the action ``code``; ``steps`` are the engine's events it made (several
    doubles laid at once are several steps), the first at index ``at`` of its round's history
    (0: the round's lead). Another seat's drawn tile reads -1."""

    seat: int
    code: int
    steps: tuple[Event, ...]
    at: int = 0


@dataclass(frozen=True)
class RoundEnded:
    """The round is scored; its hands are shown to everybody (K4.5)."""

    result: RoundResult


@dataclass(frozen=True)
class MatchEnded:
    outcome: Outcome


@dataclass(frozen=True)
class Undone:
    """The humans' last choice was taken back with ``taken`` actions; ``first``: this undo
    marked the match "with undo" (issue 9: practice, out of the rating)."""

    taken: int
    first: bool


@dataclass(frozen=True)
class StandIn:
    """A bot failed (overran, raised, answered junk) and the greedy stand-in moved for it;
    ``fault.first`` tells whether this is the seat's first fault of the kind (the one said)."""

    fault: Fault
    first: bool


@dataclass(frozen=True)
class Tick:
    """The hot-seat turn timer (K10.1): ``left`` seconds for ``seat``."""

    seat: int
    left: int


@dataclass(frozen=True)
class TimeUp:
    """K10.1: ``seat`` let the timer run out and abandoned the game (the match is over by
    then; a MatchEnded follows)."""

    seat: int


@dataclass(frozen=True)
class SaveFailed:
    """The bookkeeping could not keep the table (a save, the record, the statistics), in the
    table's language; play goes on."""

    text: str


@dataclass(frozen=True)
class CurtainDown:
    """Hot-seat: ``seat``'s turn waits behind the curtain; no hand may be shown."""

    seat: int


@dataclass(frozen=True)
class CurtainLifted:
    """Hot-seat: ``seat`` lifted the curtain; its hand may be shown on the shared screen."""

    seat: int


TableEvent = (
    TurnStarted
    | Moved
    | RoundEnded
    | MatchEnded
    | Undone
    | StandIn
    | Tick
    | TimeUp
    | SaveFailed
    | CurtainDown
    | CurtainLifted
)


class Refused(IllegalActionError):
    """An action the table does not take, with the engine's reason key and its arguments
    (``words.strings.reason`` words it) — or the table's own key: ``not_your_turn``, ``over``."""

    def __init__(self, seat: int, code: int, key: str, args: dict[str, str] | None = None) -> None:
        super().__init__(f"seat {seat}, action {code}: {key}")
        self.seat = seat
        self.code = code
        self.key = key
        self.params = dict(args or {})  # (not ``args``: an exception's own, a tuple)

    @property
    def found(self) -> tuple[str, dict[str, str]]:
        """As the engine's ``illegal_reason`` gives it, for ``words.strings.reason``."""
        return self.key, self.params


def hidden_step(step: Event, seat: int) -> Event:
    """One engine event as ``seat`` may see it: another seat's drawn tile becomes -1."""
    if step.code == DRAW and step.seat != seat and step.tile >= 0:
        return step._replace(tile=-1)
    return step


def hidden_steps(steps: Iterable[Event], seat: int) -> tuple[Event, ...]:
    return tuple(hidden_step(step, seat) for step in steps)


def seen_by(event: TableEvent, seat: int) -> TableEvent:
    """``event`` as ``seat`` (or :data:`EVERYONE`) may see it."""
    if isinstance(event, Moved):
        return replace(event, steps=hidden_steps(event.steps, seat))
    return event
