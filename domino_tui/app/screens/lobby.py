"""The lobby of a networked table (issue 25): the chairs while the host waits for friends.

Every chair in join order — bots labelled as bots (each keeps an open seat warm), a dropped
player "away" with the grace left, the reader's own chair marked — and, while a seat is open,
the invitation line to paste to a friend. The host's screen starts the match with S; a
joiner's and a spectator's wait for it. When the match starts (a snapshot that says so comes
with the next event) the table opens over this screen; a table that has started already (a
rejoin) opens at once (:func:`table_screen`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from ...engine.options import Rules
from ...play.feed import Feed, FeedEvent, Snapshot
from ...play.lobby import Lobby
from ...play.remote import arrived
from ...words.strings import t
from ..widgets.keys_footer import KeysFooter
from .base import DominoScreen
from .remote import FeedArrived, FeedLost, RemoteGameScreen


def started(snapshot: Snapshot) -> bool:
    return bool(getattr(snapshot, "started", True))


class LobbyScreen(DominoScreen):
    KEYS = (("s", "start", "net.key_start"), ("q", "app.request_quit", "key_quit"))
    DEFAULT_CSS = """
    LobbyScreen { align: center middle; }
    LobbyScreen > Vertical {
        width: 90; height: auto; border: round $primary; padding: 1 2;
    }
    LobbyScreen #lobby-title { text-style: bold; margin-bottom: 1; }
    LobbyScreen #lobby-invite { color: $accent; text-style: bold; margin-top: 1; }
    LobbyScreen #lobby-next { color: $text-muted; margin-top: 1; }
    """

    def __init__(
        self,
        feed: Feed,
        *,
        rules: Rules | None = None,
        invitation: str = "",
        watch_line: str = "",
        start: Callable[[], None] | None = None,
        on_leave: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.feed = feed
        self.rules = rules
        self.invitation = invitation
        self.watch_line = watch_line
        self.start_match = start
        self.on_leave = on_leave
        self.chairs = feed.snapshot().chairs
        self.game: RemoteGameScreen | None = None
        feed.watch(self.forward)

    def playing(self) -> RemoteGameScreen | None:
        """The table open over the lobby, while its match goes on."""
        game = self.game
        return game if game is not None and not game.done else None

    def forward(self, event: FeedEvent) -> None:
        """On the feed's thread: to the table while a match is on, else here."""
        target: Screen[Any] = self.playing() or self
        target.post_message(FeedArrived(arrived(self.feed, event)))

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="lobby-title")
            yield Static(id="lobby-chairs")
            yield Static(id="lobby-invite")
            yield Static(id="lobby-next")
        yield KeysFooter()

    def on_mount(self) -> None:
        if not self.start_match:
            self.KEYS = (("s", "start", ""), ("q", "app.request_quit", "key_quit"))
        self.show()

    def relabel(self) -> None:
        self.localize()
        self.show()

    def lobby(self) -> Lobby:
        return Lobby(self.chairs, self.feed.seat, host=self.start_match is not None)

    def show(self) -> None:
        lang, lobby = self.lang, self.lobby()
        self.query_one("#lobby-title", Static).update(t("net.lobby_title", lang))
        self.query_one("#lobby-chairs", Static).update("\n".join(lobby.lines(lang)))
        invite = ""
        if self.invitation and lobby.open_seats:
            invite = t("net.lobby_invite", lang, line=self.invitation)
            if self.watch_line:
                invite += "\n" + t("net.lobby_watch", lang, line=self.watch_line)
        self.query_one("#lobby-invite", Static).update(invite)
        self.query_one("#lobby-next", Static).update(lobby.footer(lang))

    def on_feed_arrived(self, message: FeedArrived) -> None:
        game = self.playing()
        if game is not None:  # posted before the table opened: it follows there
            game.post_message(FeedArrived(message.arrived))
            return
        snapshot = message.arrived.snapshot
        self.chairs = snapshot.chairs
        if started(snapshot) and not snapshot.public.over:  # a match (the next one) is on
            while self.game is not None and self.app.screen is not self:
                self.app.pop_screen()  # the last match's end, left for the new one
            self.open_table()
            return
        if self.is_current:
            self.show()

    def on_feed_lost(self, message: FeedLost) -> None:
        game = self.playing()
        if game is not None:
            game.post_message(FeedLost(message.why))
            return
        said = t("net.lost", self.lang, why=message.why)
        self.query_one("#lobby-next", Static).update(said)
        self.notify(said, severity="error", markup=False)

    def open_table(self) -> None:
        self.game = RemoteGameScreen.over(
            self.feed,
            lang=self.lang,
            tutor=lambda: self.domino.settings.tutor,
            rules=self.rules,
            invitation=self.invitation,
            on_leave=self.on_leave,
            listen=False,
        )
        self.game.lobby = self
        self.game.start_match = self.start_match
        self.app.push_screen(self.game)

    def action_start(self) -> None:
        if self.start_match is not None and self.playing() is None:
            self.start_match()


def table_screen(
    feed: Feed,
    *,
    lang: str,
    tutor: Callable[[], bool],
    rules: Rules | None = None,
    invitation: str = "",
    watch_line: str = "",
    start: Callable[[], None] | None = None,
    on_leave: Callable[[], None] | None = None,
) -> DominoScreen:
    """The screen a feed opens on: the lobby until the match starts, else the table."""
    if not started(feed.snapshot()):
        return LobbyScreen(
            feed,
            rules=rules,
            invitation=invitation,
            watch_line=watch_line,
            start=start,
            on_leave=on_leave,
        )
    return RemoteGameScreen.over(
        feed, lang=lang, tutor=tutor, rules=rules, invitation=invitation, on_leave=on_leave
    )
