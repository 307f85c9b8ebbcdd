"""What a table open to a network allows each connection: frame sizes, message rates, failed
codes per address, how long a silent or half-open connection may hold a place — and the names
and calls cleaned before any table draws them.

The numbers are generous for a person at a table (a move every few seconds, a call now and then)
and tight for a script: a flood is cut off after its burst, a guesser after a few wrong codes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..text import clean

MAX_NAME = 20  # as a save keeps a name (storage.meta.MAX_NAME)


@dataclass(frozen=True)
class Limits:
    """One table's limits; tests shorten the times."""

    client_frame: int = 4 * 1024  # bytes a client's message may have (a hello is ~200)
    server_frame: int = 1024 * 1024  # bytes the client accepts of the server's
    rate: float = 10.0  # messages a second a connection may send, on average …
    burst: int = 30  # … after a burst of this many
    failed_codes: int = 5  # wrong codes an address may send …
    failed_window: float = 60.0  # … within this many seconds, before it is refused for as long
    hello_timeout: float = 10.0  # seconds from connecting to the hello
    ping_interval: float = 20.0  # a ping this often; a connection that does not answer …
    ping_timeout: float = 20.0  # … within this is closed (half-open: a cable pulled, a sleep)
    idle_timeout: float = 30 * 60.0  # no message at all for this long: the connection goes
    spectators: int = 16  # watchers of one table
    per_address: int = 8  # open connections from one address
    queue: int = 512  # frames waiting for a slow reader before it is dropped


class Bucket:
    """A token bucket: ``allow()`` while the average rate stays under ``rate`` a second after a
    burst of ``burst``."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic):
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.clock = clock
        self.at = clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass
class FailedCodes:
    """Wrong codes per address within a sliding window: past the limit the address is refused
    without its code being looked at, so guessing 40 bits at a few tries a minute is hopeless."""

    limit: int
    window: float
    clock: Callable[[], float] = time.monotonic
    seen: dict[str, list[float]] = field(default_factory=dict)

    def _recent(self, address: str) -> list[float]:
        now = self.clock()
        recent = [t for t in self.seen.get(address, ()) if now - t < self.window]
        if recent:
            self.seen[address] = recent
        else:
            self.seen.pop(address, None)
        return recent

    def blocked(self, address: str) -> bool:
        return len(self._recent(address)) >= self.limit

    def failed(self, address: str) -> None:
        self._recent(address)
        self.seen.setdefault(address, []).append(self.clock())
        if len(self.seen) > 10_000:  # a spread-out flood cannot grow this without end
            oldest = min(self.seen, key=lambda a: self.seen[a][-1])
            del self.seen[oldest]


def clean_name(text: str, fallback: str) -> str:
    """A player's name as every table draws it: no control characters, one line, bounded."""
    name = " ".join(clean(text, MAX_NAME * 2).split())
    return clean(name, MAX_NAME) or fallback


def unique_name(name: str, taken: list[str]) -> str:
    """Two Mashas at one table would confuse the log: the second is «Masha 2»."""
    folded = {n.casefold() for n in taken}
    if name.casefold() not in folded:
        return name
    for n in range(2, 10):
        candidate = f"{name[: MAX_NAME - 2]} {n}"
        if candidate.casefold() not in folded:
            return candidate
    return f"{name[: MAX_NAME - 3]} {len(taken) + 1}"
