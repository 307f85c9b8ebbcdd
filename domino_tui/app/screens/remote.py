"""A seat at a table owned elsewhere (issue 25): the game screen, driven by a feed.

The screen is the :class:`~.game.GameScreen` every local table uses — the same keys, words,
hints, score sheets, round-end summaries and log, in this player's language — over a
:class:`~domino_tui.play.remote.RemoteTable`. What differs is where moves come from: the
player's move is sent and comes back as an event like everybody else's, so this screen lays
nothing itself. The feed's events arrive on its own thread (the client's socket), are paired
with the feed's snapshot there, and posted here (``post_message`` is thread-safe); while a
round's summary is up, what follows waits in a queue and is shown once it is closed, in order.
T opens table talk (``talk.py``, the calls of ``net/talk.py``); I shows the invitation
on the host's screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from textual.message import Message
from textual.screen import Screen

from ...engine.options import Rules
from ...net.limits import Bucket
from ...net.talk import BURST, RATE, is_call
from ...net.talk import words as call_words
from ...play.events import MatchEnded, Moved, RoundEnded
from ...play.feed import SPECTATOR, ChairsChanged, Feed, FeedEvent, Refusal, Talked
from ...play.remote import Arrived, RemoteTable, arrived
from ...text import clean
from ...words.strings import reason, t
from .game import GameScreen


class FeedArrived(Message):
    """An event of the feed, with its snapshot, posted from the feed's thread."""

    def __init__(self, arrived: Arrived) -> None:
        super().__init__()
        self.arrived = arrived


class FeedLost(Message):
    """The feed's line went down for good (the client says why, in words)."""

    def __init__(self, why: str) -> None:
        super().__init__()
        self.why = why


class RemoteGameScreen(GameScreen):
    """One remote seat (or a spectator, ``feed.seat == SPECTATOR``) on screen.

    ``invitation`` is the line the host's screen shows on I; ``on_leave`` is called once the
    table is left (the CLI ends the app there)."""

    KEYS = (
        *(key for key in GameScreen.KEYS if key[1] not in ("undo", "skip", "app.request_quit")),
        ("t", "talk", "net.key_talk"),
        ("i", "invite", ""),
        ("q", "app.request_quit", "key_quit"),
    )

    def __init__(
        self,
        table: RemoteTable,
        *,
        invitation: str = "",
        on_leave: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(table)
        self.remote = table
        self.invitation = invitation
        self.on_leave = on_leave
        self.waiting: list[Arrived] = []  # what came while a round's summary was up
        self.pending: tuple[int, int] | None = None  # a round-ending move, for its RoundEnded
        self.sent = False  # a move is on its way: the keys wait for the table's answer
        self.talk_limit = Bucket(RATE, BURST)  # the server's own limit: said before it drops
        self.lobby: Screen[Any] | None = None  # the lobby below, which waits for the next match
        self.start_match: Callable[[], None] | None = None  # the host's: deal the next match

    @classmethod
    def over(
        cls,
        feed: Feed,
        *,
        lang: str,
        tutor: Callable[[], bool],
        rules: Rules | None = None,
        listen: bool = True,
        **options: object,
    ) -> RemoteGameScreen:
        """A screen on ``feed``; its events are posted to the screen from the feed's thread
        (``listen=False``: the lobby before it forwards them). A spectator's feed has no view
        to read the rules from: ``rules``, or the feed's."""
        rules = rules or getattr(feed, "rules", None)
        table = RemoteTable(feed, lang=lang, tutor=tutor, rules=rules)
        screen = cls(table, **options)  # type: ignore[arg-type]

        def post(event: FeedEvent) -> None:
            screen.post_message(FeedArrived(arrived(feed, event)))

        if listen:
            feed.watch(post)
        return screen

    def localize(self) -> None:
        super().localize()
        if self.remote.seat == SPECTATOR:  # a spectator has no hand to play
            self.KEYS = tuple(
                (keys, action, text if action in ("talk", "app.request_quit") else "")
                for keys, action, text in self.KEYS
            )
            super(GameScreen, self).localize()

    # --- the feed's events -----------------------------------------------------------------
    @property
    def done(self) -> bool:
        """The match is over: what comes next (the table's next match) is the lobby's."""
        return self.remote.mirror.mirror.outcome is not None

    def on_feed_arrived(self, message: FeedArrived) -> None:
        if self.done and self.lobby is not None:
            self.lobby.post_message(FeedArrived(message.arrived))
            return
        event = message.arrived.event
        if isinstance(event, MatchEnded):  # known at once: the summaries name the goat
            self.remote.mirror.mirror.outcome = event.outcome
        if self.waiting_modal or self.waiting:
            self.waiting.append(message.arrived)
            return
        self.take(message.arrived)

    def take(self, got: Arrived) -> None:
        """One event, in order: the mirror follows it, then the screen shows it (the table's
        watcher, :meth:`on_table_event`, logs the moves and a timeout)."""
        event = got.event
        self.remote.receive(got)
        if isinstance(event, Moved):
            self.sent = False
            if self.remote.ended or got.snapshot.public.over:  # its RoundEnded follows
                self.pending = (event.seat, event.code)
                return
            rnd = self.remote.shown_round()
            if rnd.history:
                self.moved(event.seat, event.code, None, rnd)
            else:  # a round the events have not told yet (a resync): just show it
                self.refresh_table()
                self.advance()
        elif isinstance(event, RoundEnded):
            results = self.match.results
            if results and results[-1] == event.result:
                results[-1] = event.result  # the summary knows the match's last round by it
            final = self.remote.final or self.match.round
            seat, code = self.pending or (self.match.turn, 0)
            self.pending = None
            if final.history:
                self.moved(seat, code, event.result, final)
            else:
                self.round_over(event.result, final.history)
            self.remote.final = None
        elif isinstance(event, Refusal):
            self.sent = False
            why = reason((event.key, dict(event.params)), self.lang)
            self.say(t("net.refused", self.lang, why=why))
            self.app.bell()
        elif isinstance(event, Talked):
            self.heard(event)
        elif isinstance(event, ChairsChanged):
            self.refresh_table()

    def after_round(self, _: str | None = None) -> None:
        super().after_round(_)
        while self.waiting and not self.waiting_modal:
            self.take(self.waiting.pop(0))

    def after_game(self, choice: str | None) -> None:
        """Quit leaves the table; otherwise back to its lobby, where the next match of the
        same table opens when the host deals it (the host's "Play again" deals it now). A
        table with no lobby below is left too."""
        if choice != "quit" and self.lobby is not None:
            self.remote.close()
            self.app.pop_screen()
            if choice == "again" and self.start_match is not None:
                self.start_match()
            return
        self.leave()
        if choice == "quit" or self.on_leave is not None:
            self.app.exit()
        else:
            self.domino.open_menu()

    def leave(self) -> None:
        self.remote.close()
        if self.on_leave is not None:
            self.on_leave()

    # --- the player's move: sent, laid when it comes back ----------------------------------
    def perform(self, code: int) -> None:
        m = self.match
        if m.over or self.sent or not self.my_turn():
            return
        self.sent = True
        self.remote.play(self.viewer, code)

    # --- talk ------------------------------------------------------------------------------
    def action_talk(self) -> None:
        from .talk import TalkScreen

        def said(call: str | None) -> None:
            if call:
                if self.talk_limit.allow():
                    self.remote.talk(call)
                else:
                    self.say(t("net.talk_slow", self.lang))

        self.app.push_screen(TalkScreen(), said)

    def heard(self, event: Talked) -> None:
        if not is_call(event.call):
            return  # an id this table does not know says nothing
        words = call_words(event.call, self.lang)
        name = self.session.name(event.seat) if 0 <= event.seat < len(self.session.seats) else "?"
        line = t("net.said", self.lang, name=clean(name), call=words)
        self.write_log(line)
        self.notify(line, timeout=3, markup=False)  # the brief bubble

    def action_invite(self) -> None:
        if self.invitation:
            self.notify(t("net.lobby_invite", self.lang, line=self.invitation), markup=False)

    def on_feed_lost(self, message: FeedLost) -> None:
        self.notify(t("net.lost", self.lang, why=message.why), severity="error", markup=False)
        self.turn = replace(self.turn, message=t("net.lost", self.lang, why=message.why))
