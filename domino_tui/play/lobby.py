"""The seats of a networked table before its match starts (issue 25): who sits where, which
chairs are still open, and whether the invitation is still worth showing — as plain lines the
lobby screen draws, in the reader's language.

Seats fill in join order; a chair nobody took is a bot's, and a bot's chair stays open to the
next friend who joins until the host starts the match. Names come from the network, so every
one is cleaned of control characters before it is put in a line.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..text import clean
from ..words.strings import t
from .feed import SPECTATOR, Chair
from .remote import chair_label


@dataclass(frozen=True)
class Lobby:
    """What a lobby shows for ``seat`` (:data:`SPECTATOR` for a spectator); ``host``: this
    screen may start the match."""

    chairs: tuple[Chair, ...]
    seat: int
    host: bool = False

    @property
    def open_seats(self) -> int:
        """Chairs a friend who joins now would take (a bot keeps each warm)."""
        return sum(1 for c in self.chairs if c.kind == "bot")

    def lines(self, lang: str) -> tuple[str, ...]:
        out = []
        for i, chair in enumerate(self.chairs):
            shown = Chair(clean(chair.name)[:24], chair.kind, chair.away)
            text = chair_label(shown, lang)
            if chair.kind == "bot":
                text += " — " + t("net.chair_open", lang)
            if i == self.seat and shown.name != t("you", lang):  # not "You (you)"
                text += " " + t("net.you", lang)
            out.append(f"{i + 1}. {text}")
        return tuple(out)

    def footer(self, lang: str) -> str:
        """What happens next, from this chair."""
        if self.host:
            return t("net.lobby_host", lang)
        if self.seat == SPECTATOR:
            return t("net.lobby_watching", lang) + " " + t("net.lobby_wait", lang)
        return t("net.lobby_wait", lang)
