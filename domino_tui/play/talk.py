"""Table talk, yard style (issue 25 part 5): a handful of canned calls and emotes, by id.

No free text: a call is one of :data:`CALLS`, so nothing a player types reaches another
player's terminal, and each call is worded in the *reader's* language (the catalogs'
``net.call.<id>``; the Russian calls stay Russian in both). :class:`TalkLimit` keeps one seat
from flooding the log: the app asks it before sending, and a server may ask its own.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..words.strings import t

# the ids the server knows (net/talk.py keeps the same list): calls, then emotes
CALLS: tuple[str, ...] = (
    "fish",
    "going",
    "pass",
    "good_move",
    "wow",
    "smile",
    "laugh",
    "thumbs_up",
    "facepalm",
)


def call_words(call: str, lang: str) -> str:
    """A call as the reader reads it; an id this table does not know says nothing."""
    return t(f"net.call.{call}", lang) if call in CALLS else ""


class TalkLimit:
    """At most ``burst`` calls within ``every`` seconds (the clock is injectable for tests)."""

    def __init__(
        self, every: float = 6.0, burst: int = 2, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.every = every
        self.burst = burst
        self.clock = clock
        self.sent: list[float] = []

    def allow(self) -> bool:
        now = self.clock()
        self.sent = [at for at in self.sent if now - at < self.every]
        if len(self.sent) >= self.burst:
            return False
        self.sent.append(now)
        return True
