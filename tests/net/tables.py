"""Helpers of the network tests: a table on loopback (port 0, a short grace), and scripted
players that answer their turns through their feeds, exactly as an app would."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from domino_tui.engine.rules import make_rules
from domino_tui.net.limits import Limits
from domino_tui.net.server import HostHandle, TableConfig, start_host_thread
from domino_tui.play.events import MatchEnded, Moved, TurnStarted
from domino_tui.play.feed import Feed, FeedEvent
from domino_tui.play.saving import Saves

# a short hello, but the default keep-alive: on a machine loaded by a parallel suite a pong can
# come late, and a connection closed for it stalls a scripted match past WAIT (no test here
# reads the keep-alive; the rejoin tests close their connections themselves)
FAST = Limits(hello_timeout=2.0)
WAIT = 60.0  # seconds a whole scripted match may take on a loaded machine


def config(home: Path, **changes: object) -> TableConfig:
    base = TableConfig(
        rules=make_rules({"players": 4, "target": 51}),
        port=0,
        name="Host",
        lang="en",
        bot_level="random",
        grace=60.0,
        limits=FAST,
        saves=Saves.at(home),
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def host(home: Path, **changes: object) -> HostHandle:
    return start_host_thread(config(home, **changes))


Chooser = Callable[[tuple[int, ...]], int]


class Scripted:
    """Plays ``feed``'s turns with ``choose`` (default: the first legal action) and records
    every event; ``ended`` is set at the match's end."""

    def __init__(self, feed: Feed, choose: Chooser | None = None, *, plays: bool = True) -> None:
        self.feed = feed
        self.choose = choose or (lambda legal: legal[0])
        self.plays = plays
        self.events: list[FeedEvent] = []
        self.ended = threading.Event()
        self.moved = threading.Event()
        self.played = -1  # the table's version at this seat's last play
        feed.watch(self.on)

    def on(self, event: FeedEvent) -> None:
        self.events.append(event)
        if isinstance(event, MatchEnded):
            self.ended.set()
            return
        if self.plays and isinstance(event, TurnStarted | Moved):
            self.turn()

    def state(self) -> str:
        """Where this player stands, for a failed wait's message: what stalled and where."""
        snap = self.feed.snapshot()
        view = snap.view
        turn = view.turn if view is not None else None
        legal = len(view.legal) if view is not None else 0
        last = [type(e).__name__ for e in self.events[-4:]]
        return (
            f"seat {self.feed.seat}: version {snap.version}, played at {self.played}, "
            f"turn {turn}, {legal} legal, last events {last}"
        )

    def turn(self) -> None:
        """Once per position (a draw keeps the turn: no TurnStarted then, only the Moved)."""
        snap = self.feed.snapshot()
        view = snap.view
        if view is None or view.turn != self.feed.seat or not view.legal or snap.public.over:
            return
        if snap.version <= self.played:
            return
        self.played = snap.version
        self.moved.set()
        self.feed.play(self.choose(view.legal))


def until(condition: Callable[[], object], timeout: float = WAIT) -> None:
    """Wait for ``condition`` (polled briefly), failing the test past ``timeout``."""
    ended = threading.Event()
    waited = 0.0
    while not condition():
        assert waited < timeout, "the table did not get there in time"
        ended.wait(0.01)
        waited += 0.01


def stalled(players: list[Scripted]) -> str:
    """The message of a scripted match that did not end in time: every player's state."""
    return "the match did not end in time; " + "; ".join(p.state() for p in players)
