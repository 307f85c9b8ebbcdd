"""The lobby (issue 25): the chairs and the invitation line while seats are open, the host's S
starts the match and the table opens over the lobby — all through a feed, as over the wire."""

from __future__ import annotations

from dataclasses import dataclass, fields

from domino_tui.app import make_app
from domino_tui.app.screens.lobby import LobbyScreen, table_screen
from domino_tui.app.screens.remote import RemoteGameScreen
from domino_tui.play.feed import Snapshot
from tests.app.driver import play_to_end, screen_text, settle
from tests.app.test_remote_screen import HostedFeed, bots, hosted

LINE = "domino join 127.0.0.1:7340 K7QF-M2XD"


@dataclass(frozen=True)
class Waiting(Snapshot):
    started: bool = False


class WaitingFeed(HostedFeed):
    """A feed on a table whose match has not been started by its host yet."""

    begun = False

    def snapshot(self) -> Snapshot:
        snap = super().snapshot()
        values = {f.name: getattr(snap, f.name) for f in fields(Snapshot) if f.name != "started"}
        return Waiting(**values, started=self.begun)


async def test_the_host_starts_the_match_from_the_lobby() -> None:
    table, _ = hosted(6)
    feed = WaitingFeed(table, 0)

    def start() -> None:
        feed.begun = True
        table.start()
        bots(table)

    def first() -> LobbyScreen:
        screen = table_screen(feed, lang="en", tutor=lambda: False, invitation=LINE, start=start)
        assert isinstance(screen, LobbyScreen)
        return screen

    app = make_app(settings_path=None, lang="en", pace="instant", saves=None, first_screen=first)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "1. Tester (you)" in text
        assert "2. Masha · bot — open seat" in text
        assert f"Invite a friend: {LINE}" in text
        assert "S starts the match" in text
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, RemoteGameScreen)
        assert await play_to_end(pilot) > 0
        assert table.match.over
        await pilot.click("#menu")  # the match is over: back to the table's lobby
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)


def test_a_started_table_opens_at_once() -> None:
    table, feed = hosted(2)
    table.start()
    screen = table_screen(feed, lang="en", tutor=lambda: False)
    assert isinstance(screen, RemoteGameScreen)
