"""A joiner's whole match by keys over a real loopback socket (issue 25): ``domino host``'s
server in its thread, the host's own seat played through its feed, a bot in the third chair,
and the joiner's app — lobby, table, round-end summaries, game end — driven only by key
presses through the client. The joiner's game end is the host's."""

from __future__ import annotations

import threading

import pytest

from domino_tui.app.screens.game_end import GameEndScreen
from domino_tui.app.screens.lobby import LobbyScreen
from domino_tui.app.screens.remote import RemoteGameScreen
from domino_tui.engine.rules import make_rules
from domino_tui.play.feed import FeedEvent
from tests.app.driver import play_to_end, screen_text, settle

server = pytest.importorskip("domino_tui.net.server", reason="the table server is not here yet")
client = pytest.importorskip("domino_tui.net.client")


def host_plays_first_legal(feed) -> None:  # type: ignore[no-untyped-def]
    """The host's seat, played by the test: the first legal move whenever it is its turn."""
    lock = threading.Lock()

    def on_event(_: FeedEvent) -> None:
        with lock:
            snap = feed.snapshot()
            view = snap.view
            if view is not None and view.legal and snap.public.turn == feed.seat:
                feed.play(view.legal[0])

    feed.watch(on_event)


async def test_a_joiner_plays_a_whole_match_by_keys_over_loopback(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from domino_tui.cli.remote import table_app
    from domino_tui.play.saving import Saves

    config = server.TableConfig(
        rules=make_rules({"players": 3}),
        bots=("easy",),
        port=0,
        name="Host",
        lang="en",
        grace=30.0,
        saves=Saves(tmp_path / "saves"),
    )
    handle = server.start_host_thread(config)
    try:
        host_feed = handle.host_feed()
        host_plays_first_legal(host_feed)
        invitation = handle.invitation
        feed = client.connect(invitation, "Olya", token_store={})
        app = table_app(feed, "en", invitation=invitation.line())
        async with app.run_test(size=(110, 34)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, LobbyScreen)
            text = screen_text(app)
            assert "Olya (you)" in text and "Host" in text
            assert handle.start_match()
            for _ in range(100):
                await pilot.pause(0.05)
                if isinstance(app.screen, RemoteGameScreen):
                    break
            assert isinstance(app.screen, RemoteGameScreen)
            assert await play_to_end(pilot, max_steps=20000) > 0
            assert isinstance(app.screen, GameEndScreen)
            table = handle.table()
            assert table is not None and table.match.over
            assert app.screen.session.match.outcome == table.match.outcome
        feed.close()
    finally:
        handle.stop()
