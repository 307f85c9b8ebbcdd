"""A remote seat on screen (issue 25): a whole match played by keys through a feed, as a joiner
plays it, on the same game screen, round-end summaries and game end as a local table; table
talk; a spectator with no hand and no play keys. The host's table runs in the test (a
:class:`LocalFeed` whose bots answer at once), so only the feed separates the two."""

from __future__ import annotations

from domino_tui.app import make_app
from domino_tui.app.screens.game_end import GameEndScreen
from domino_tui.app.screens.remote import RemoteGameScreen
from domino_tui.app.screens.talk import TalkScreen
from domino_tui.engine.rules import make_rules
from domino_tui.net.limits import Bucket
from domino_tui.net.talk import BURST, RATE
from domino_tui.play.feed import SPECTATOR, LocalFeed
from domino_tui.play.session import GameSession, Seat
from domino_tui.play.table import TableSession
from tests.app.driver import play_to_end, screen_text, settle

SEATS = (Seat("Tester"), Seat("Masha", "bot", "easy"), Seat("Alex", "bot", "easy"))


class HostedFeed(LocalFeed):
    """A seat's feed at a host whose bots move as soon as it is their turn."""

    def play(self, code: int) -> None:
        super().play(code)
        bots(self.table)


def bots(table: TableSession) -> None:
    while table.step():
        pass


def hosted(seed: int, seat: int = 0) -> tuple[TableSession, HostedFeed]:
    table = TableSession(GameSession(make_rules({"players": 3}), SEATS, seed))
    feed = HostedFeed(table, seat)
    return table, feed


def remote_app(feed: LocalFeed, table: TableSession, lang: str = "en"):  # type: ignore[no-untyped-def]
    def screen() -> RemoteGameScreen:
        rules = table.game.rules
        made = RemoteGameScreen.over(feed, lang=lang, tutor=lambda: False, rules=rules)
        table.start()
        bots(table)  # a bot may lead: its moves reach the screen as events
        return made

    return make_app(settings_path=None, lang=lang, pace="instant", saves=None, first_screen=screen)


async def test_a_whole_match_by_keys_through_a_feed() -> None:
    table, feed = hosted(11)
    app = remote_app(feed, table)
    async with app.run_test(size=(110, 34)) as pilot:
        presses = await play_to_end(pilot)
        assert presses > 0
        assert isinstance(app.screen, GameEndScreen)
        # the joiner's game end is the host's: the same goat, the same scores
        mirror = app.screen.session.match
        assert table.match.over and mirror.outcome == table.match.outcome
        assert mirror.standings == table.match.standings


async def test_talk_reaches_the_log_and_a_bubble() -> None:
    table, feed = hosted(4)
    app = remote_app(feed, table)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, RemoteGameScreen)
        screen.talk_limit = Bucket(RATE, BURST, clock=lambda: 0.0)  # no time passes here
        await pilot.press("t")
        assert isinstance(app.screen, TalkScreen)
        await pilot.press("1")
        await settle(pilot)
        assert isinstance(app.screen, RemoteGameScreen)
        assert "Tester: Рыба! (fish)" in screen_text(app)
        for _ in range(3):  # the server's limit (a burst of three), then a word about it
            await pilot.press("t", "2")
        await settle(pilot)
        assert "Not so fast" in screen_text(app)


async def test_a_spectator_sees_no_hand_and_follows_the_table() -> None:
    table, player = hosted(8)
    watcher = LocalFeed(table, SPECTATOR)
    app = remote_app(watcher, table, lang="ru")
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, RemoteGameScreen) and screen.viewer == -1
        before = len(table.match.round.placed)
        assert table.match.turn == 0  # the bots have moved up to the joiner's turn
        player.play(table.match.legal_actions()[0])  # … and now once more, up to it again
        await settle(pilot)
        assert len(screen.match.round.placed) == len(table.match.round.placed) >= before
        text = screen_text(app)
        assert "Tester" in text and "Masha · бот" in text
        assert "Вы смотрите: только общий стол, без руки." in text
