"""The table's server (issue 25): the only match, on the host, and one websocket per remote seat.

The host's process owns the :class:`~domino_tui.play.table.TableSession`; everything that
changes it runs on the server's asyncio loop, one thing at a time. A remote seat sends
intentions (an action code, a call); the server checks them with the engine through the
session (a refusal carries the engine's reason) and sends each connection exactly what its seat
may see: a :class:`~domino_tui.play.feed.LocalFeed` per connection cuts every event and every
snapshot to that seat, so another hand or the boneyard's order never reaches the wire — not in
the welcome, not in an error, not before a round's reveal. Bots think in worker threads, off the
loop. Seats fill in join order; an empty seat is a bot, labelled as one; the host starts the
match. A dropped player keeps the seat for the grace (every table shows "away 0:45"), then a
stand-in bot plays it (marked, out of the rating) until the player's token brings them back.

:func:`start_host_thread` runs one table on a loop in a background thread and hands the host's
app a :class:`HostHandle`: the invitation, the host's own seat as a feed, the host's commands.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import ipaddress
import secrets
import socket
import ssl
import threading
import time
from collections import deque
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..bots import make_bot
from ..bots.runner import AWAY, Fault
from ..engine.options import Rules
from ..engine.record import make_record
from ..engine.rules import make_rules
from ..i18n import tr
from ..play.events import EVERYONE
from ..play.feed import (
    SPECTATOR,
    Chair,
    ChairsChanged,
    FeedEvent,
    FeedWatcher,
    LocalFeed,
    Refusal,
    Snapshot,
    Talked,
)
from ..play.saving import Saves
from ..play.session import GameSession, Seat, bot_seed, table_seats
from ..play.table import PublicTable, TableSession
from ..text import clean
from . import talk
from .invite import DEFAULT_PORT, Invitation, InvitationError, new_code, normal_code
from .limits import Bucket, FailedCodes, Limits, clean_name, unique_name
from .protocol import (
    Error,
    Events,
    Hello,
    Play,
    ProtocolError,
    Record,
    Talk,
    VersionMismatch,
    Welcome,
    dump,
    parse_client,
)

LOOPBACK = "127.0.0.1"
STRIKES = 3  # out-of-turn or refused plays a connection may send before it is closed
LOG_LINES = 500


@dataclass(frozen=True)
class TableConfig:
    """One hosted table, as ``domino host`` sets it up."""

    rules: Rules = field(default_factory=make_rules)
    preset: str = "kozel"
    bots: tuple[str, ...] = ()  # levels of the empty seats, in seat order (then ``bot_level``)
    bot_level: str = "hard"
    port: int = DEFAULT_PORT  # 0: any free port (tests)
    bind: str = LOOPBACK  # all interfaces ("0.0.0.0", "::") only when asked, with a warning
    name: str = ""  # the host's name at the table
    lang: str = "ru"
    seat: bool = True  # the host plays (``--no-seat``: False)
    grace: float = 60.0  # seconds a dropped player keeps the seat before a stand-in plays
    turn_timer: int | None = None  # seconds a turn (K10.1), or no timer
    bot_pause: float = 0.0  # seconds a bot waits before it moves (people watch the table)
    cert: Path | None = None  # TLS (``--cert/--key``): wss:// instead of ws://
    key: Path | None = None
    address: str | None = None  # the host the invitation names (default: found from bind)
    limits: Limits = field(default_factory=Limits)
    seed: int | None = None  # the first match's seed (tests, benchmarks); default from secrets
    saves: Saves | None = None  # where the table is kept (default: the player's saves)

    @property
    def all_interfaces(self) -> bool:
        return self.bind in ("", "0.0.0.0", "::")

    def warning(self) -> str | None:
        """The one line ``domino host`` prints when the table listens beyond this machine."""
        if not self.all_interfaces:
            return None
        return tr("net.warn.all_interfaces", self.lang, bind=self.bind or "*", port=self.port)


@dataclass
class Place:
    """One chair of the hosted table."""

    name: str
    kind: str = "open"  # "host" | "human" | "open" (a bot until somebody joins) | "bot"
    level: str = ""
    token: str = ""
    link: Link | None = None
    away_until: float = 0.0  # monotonic deadline of the grace while away, else 0
    stand_in: bool = False  # a bot plays this human's seat

    def chair(self, now: float) -> Chair:
        if self.kind in ("open", "bot"):
            return Chair(self.name, "bot")
        if self.stand_in:
            return Chair(self.name, "stand-in")
        if self.away_until:
            return Chair(self.name, "away", max(0, round(self.away_until - now)))
        return Chair(self.name, "human")


class Link:
    """One seat's or watcher's line out of the server: the events its feed gives, sent after
    every change together with the snapshot after it."""

    def __init__(self, server: TableServer, seat: int, address: str) -> None:
        self.server = server
        self.seat = seat
        self.address = address
        self.feed: LocalFeed | None = None
        self.pending: list[FeedEvent] = []
        self.strikes = 0
        self.closed = False
        self.talks = Bucket(talk.RATE, talk.BURST)

    def attach(self, table: TableSession) -> None:
        if self.feed is not None:
            self.feed.close()
        self.feed = LocalFeed(table, self.seat, chairs=self.server.chairs)
        self.feed.watch(self.pending.append)

    def snapshot(self) -> Snapshot:
        if self.feed is None:
            return self.server.lobby_snapshot(self.seat)
        return self.feed.snapshot()

    def flush(self, shared: tuple[PublicTable, tuple[Chair, ...]] | None = None) -> None:
        """Send what is pending with the snapshot after it; ``shared``: the public table and
        the chairs of this pass, the same objects for every seat (encoded once: codec)."""
        if self.pending and not self.closed:
            events = tuple(self.pending)
            self.pending.clear()  # (the feed's watcher appends to this very list)
            snapshot = self.snapshot()
            if shared is not None and self.feed is not None:
                snapshot = dataclasses.replace(snapshot, public=shared[0], chairs=shared[1])
            self.deliver(events, snapshot)

    def deliver(self, events: tuple[FeedEvent, ...], snapshot: Snapshot) -> None:
        raise NotImplementedError

    def drop(self, reason: str) -> None:
        self.closed = True
        if self.feed is not None:
            self.feed.close()


class WireLink(Link):
    """A remote seat's websocket: frames queue here and one writer sends them in order."""

    def __init__(self, server: TableServer, seat: int, ws: ServerConnection, address: str) -> None:
        super().__init__(server, seat, address)
        self.ws = ws
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.writer = asyncio.ensure_future(self._write())
        self.sent = 0  # bytes of text sent (benchmarks)

    def send(self, text: str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= self.server.config.limits.queue:
            self.server.log(f"{self.address} seat {self.seat + 1}: too slow to read, closed")
            self.drop("slow")
            return
        self.queue.put_nowait(text)

    def deliver(self, events: tuple[FeedEvent, ...], snapshot: Snapshot) -> None:
        self.send(dump(Events(events, snapshot)))

    async def _write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while (text := await self.queue.get()) is not None:
                self.sent += len(text.encode())
                await self.ws.send(text)

    def drop(self, reason: str) -> None:
        if not self.closed:
            super().drop(reason)
            self.queue.put_nowait(None)
            self.server.spawn(self.ws.close(1008 if reason == "hostile" else 1000, reason))


class HostFeed(Link):
    """The host's own seat, in this process: a :class:`~domino_tui.play.feed.Feed` for the
    host's app. Like a remote feed it calls its watchers on another thread (the server's) with
    :meth:`snapshot` already showing the table after the event; its requests go to the loop."""

    def __init__(self, server: TableServer, seat: int) -> None:
        super().__init__(server, seat, "host")
        self._watchers: list[FeedWatcher] = []
        self._last = server.lobby_snapshot(seat)
        self._lock = threading.Lock()

    def snapshot(self) -> Snapshot:
        if threading.current_thread() is self.server.thread:
            return super().snapshot()
        with self._lock:
            return self._last

    def refresh(self) -> None:
        with self._lock:
            self._last = super().snapshot()

    def deliver(self, events: tuple[FeedEvent, ...], snapshot: Snapshot) -> None:
        with self._lock:
            self._last = snapshot
        for event in events:
            for watcher in list(self._watchers):
                watcher(event)

    def watch(self, watcher: FeedWatcher) -> None:
        self._watchers.append(watcher)

    def play(self, code: int) -> None:
        self.server.call_soon(self.server.on_play, self, code)

    def talk(self, call: str) -> None:
        self.server.call_soon(self.server.on_talk, self, call)

    def close(self) -> None:
        self._watchers.clear()


class TableServer:
    """One hosted table on an asyncio loop (``await start()``, ``await stop()``)."""

    def __init__(
        self,
        config: TableConfig,
        *,
        resumed: Any = None,  # net.hosted.Hosted: a table brought back after the host died
        executor: Executor | None = None,
        code: str | None = None,
    ) -> None:
        self.config = config
        self.limits = config.limits
        self.players = config.rules.players
        self.code = code or new_code()
        self.saves = config.saves if config.saves is not None else Saves()
        self.executor = executor or ThreadPoolExecutor(4, thread_name_prefix="domino-net-bot")
        self.failed = FailedCodes(self.limits.failed_codes, self.limits.failed_window)
        self.lines: deque[str] = deque(maxlen=LOG_LINES)
        self.on_log: Callable[[str], None] | None = None
        self.places: list[Place] = self._open_places()
        self.links: list[Link] = []
        self.host: HostFeed | None = None
        self.table: TableSession | None = None
        self.thinking = False
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self.server: Server | None = None
        self.port = config.port
        self._ticker: asyncio.Task[None] | None = None
        self._lobby: TableSession | None = None
        self._finished = False
        self._tasks: set[asyncio.Future[Any]] = set()
        if resumed is not None:
            self._resume(resumed)

    # --- seats -----------------------------------------------------------------------------------
    def _open_places(self) -> list[Place]:
        lang = self.config.lang
        levels = list(self.config.bots)
        kinds = ["human" if self.config.seat else self._level(levels)]
        kinds += [self._level(levels) for _ in range(self.players - 1)]
        names = [clean_name(self.config.name, tr("you", lang))] if self.config.seat else []
        seats = table_seats(kinds, names, lang)
        places = [Place(s.name, "open", s.level) for s in seats]
        if self.config.seat:
            places[0] = Place(seats[0].name, "host", token=secrets.token_urlsafe(16))
        return places

    def _level(self, levels: list[str]) -> str:
        return levels.pop(0) if levels else self.config.bot_level

    def chairs(self) -> tuple[Chair, ...]:
        now = time.monotonic()
        return tuple(place.chair(now) for place in self.places)

    @property
    def started(self) -> bool:
        return self.table is not None

    def lobby_snapshot(self, seat: int) -> Snapshot:
        """Before the match: the chairs and an empty table; no view (nothing is dealt that
        will be played: the match gets a fresh seed when the host starts it)."""
        if self._lobby is None:
            seats = tuple(Seat(p.name, "human") for p in self.places)
            game = GameSession(self.config.rules, seats, 0, self.config.preset, networked=True)
            self._lobby = TableSession(game)
        public = dataclasses.replace(
            self._lobby.public(), names=tuple(p.name for p in self.places), turn=-1
        )
        return Snapshot(seat, None, public, self.chairs(), 0, started=False)

    # --- the log ---------------------------------------------------------------------------------
    def log(self, line: str) -> None:
        text = f"{time.strftime('%H:%M:%S')} {clean(line, 200)}"
        self.lines.append(text)
        if self.on_log is not None:
            self.on_log(text)

    # --- running ---------------------------------------------------------------------------------
    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.thread = threading.current_thread()
        tls = None
        if self.config.cert is not None:
            tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            tls.minimum_version = ssl.TLSVersion.TLSv1_2
            tls.load_cert_chain(self.config.cert, self.config.key)
        self.server = await serve(
            self._handle,
            self.config.bind or None,
            self.config.port,
            ssl=tls,
            max_size=self.limits.client_frame,
            max_queue=4,
            open_timeout=self.limits.hello_timeout,
            ping_interval=self.limits.ping_interval,
            ping_timeout=self.limits.ping_timeout,
            close_timeout=2,
        )
        sock = next(iter(self.server.sockets))
        self.port = sock.getsockname()[1]
        self._ticker = asyncio.ensure_future(self._tick())
        if self.table is not None:  # resumed
            self.table.start()
            self._changed()
        self.log(f"table open on {self.config.bind or '*'}:{self.port}")

    async def stop(self) -> None:
        for link in list(self.links):
            link.drop("closed")
        if self._ticker is not None:
            self._ticker.cancel()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        if self.table is not None:
            self.table.close()
        self.saves.release()

    def call_soon(self, fn: Callable[..., Any], *args: Any) -> None:
        assert self.loop is not None
        self.loop.call_soon_threadsafe(fn, *args)

    def invitation(self) -> Invitation:
        return Invitation(self.config.address or reachable(self.config.bind), self.port, self.code)

    # --- connections -----------------------------------------------------------------------------
    async def _handle(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        if sum(1 for link in self.links if link.address == address) >= self.limits.per_address:
            self.log(f"{address}: too many connections, refused")
            await ws.close(1013, "busy")
            return
        link = await self._greet(ws, address)
        if link is None:
            return
        try:
            await self._read(ws, link)
        finally:
            self._left(link)

    async def _refuse(self, ws: ServerConnection, address: str, reason: str, why: str) -> None:
        self.log(f"{address}: {why}")
        with contextlib.suppress(ConnectionClosed):
            await ws.send(dump(Error(reason)))
        await ws.close(1008, reason)

    async def _greet(self, ws: ServerConnection, address: str) -> WireLink | None:
        try:
            frame = await asyncio.wait_for(ws.recv(), self.limits.hello_timeout)
        except TimeoutError:
            await self._refuse(ws, address, "timeout", "no hello in time, closed")
            return None
        except ConnectionClosed:
            return None
        try:
            hello = parse_client(frame, self.limits.client_frame)
        except VersionMismatch as err:
            await self._refuse(ws, address, "version", f"refused: {err}")
            return None
        except ProtocolError as err:
            await self._refuse(ws, address, "bad_message", f"closed: {err}")
            return None
        if not isinstance(hello, Hello):
            await self._refuse(ws, address, "bad_message", "closed: spoke before its hello")
            return None
        if self.failed.blocked(address):
            await self._refuse(ws, address, "too_many_tries", "refused: too many wrong codes")
            return None
        try:
            good = secrets.compare_digest(normal_code(hello.code), self.code)
        except InvitationError:
            good = False
        if not good:
            self.failed.failed(address)
            await self._refuse(ws, address, "wrong_code", "refused: a wrong code")
            return None
        admitted = self._admit(hello, ws, address)
        if isinstance(admitted, str):
            await self._refuse(ws, address, admitted, f"refused: {admitted}")
            return None
        link, token = admitted
        link.send(dump(Welcome(link.seat, token, link.snapshot(), self.config.rules)))
        self._chairs_changed()
        return link

    def _admit(
        self, hello: Hello, ws: ServerConnection, address: str
    ) -> tuple[WireLink, str | None] | str:
        """A seat (or a spectator's chair) for a hello with the right code, or why not."""
        if hello.watch:
            if sum(1 for link in self.links if link.seat == SPECTATOR) >= self.limits.spectators:
                return "full"
            link = WireLink(self, SPECTATOR, ws, address)
            self._join(link)
            self.log(f"{address}: a spectator came")
            return link, None
        seat = self._seat_of(hello.token)
        if seat is None:
            if self.started:
                return "full"
            seat = next((i for i, p in enumerate(self.places) if p.kind == "open"), None)
            if seat is None:
                return "full"
            place = self.places[seat]
            taken = [p.name for i, p in enumerate(self.places) if i != seat and p.kind != "open"]
            fallback = tr("player_n", self.config.lang, n=seat + 1)
            name = unique_name(clean_name(hello.name, fallback), taken)
            self.places[seat] = Place(name, "human", token=secrets.token_urlsafe(16))
            self._lobby = None
            self.log(f"{address}: {name} took seat {seat + 1}")
        place = self.places[seat]
        if place.link is not None:  # the same player from a new connection: the newest wins
            self.log(f"{address}: {place.name} came back on a new connection")
            old = place.link
            self.links.remove(old)
            old.drop("replaced")
        elif place.away_until or place.stand_in:
            self.log(f"{address}: {place.name} is back at seat {seat + 1}")
        place.away_until = 0.0
        place.stand_in = False
        link = WireLink(self, seat, ws, address)
        place.link = link
        self._join(link)
        self._save_hosted()
        return link, place.token

    def _seat_of(self, token: str | None) -> int | None:
        if not token:
            return None
        for i, place in enumerate(self.places):
            if place.kind == "human" and place.token and secrets.compare_digest(place.token, token):
                return i
        return None

    def _join(self, link: Link) -> None:
        self.links.append(link)
        if self.table is not None:
            link.attach(self.table)

    async def _read(self, ws: ServerConnection, link: WireLink) -> None:
        bucket = Bucket(self.limits.rate, self.limits.burst)
        while not link.closed:
            try:
                frame = await asyncio.wait_for(ws.recv(), self.limits.idle_timeout)
            except TimeoutError:
                self.log(f"{link.address} seat {link.seat + 1}: idle too long, closed")
                link.drop("idle")
                return
            except ConnectionClosed as closed:
                if closed.rcvd is not None and closed.rcvd.code == 1009:
                    self.log(f"{link.address} seat {link.seat + 1}: an oversized frame, closed")
                return
            if not bucket.allow():
                self._hostile(link, "too many messages")
                return
            try:
                message = parse_client(frame, self.limits.client_frame)
            except ProtocolError as err:
                self._hostile(link, str(err))
                return
            if isinstance(message, Play):
                self.on_play(link, message.code)
            elif isinstance(message, Talk):
                self.on_talk(link, message.call)
            elif isinstance(message, Hello):
                self._hostile(link, "a second hello")
            else:  # Bye
                link.drop("bye")
                return

    def _hostile(self, link: Link, why: str) -> None:
        self.log(f"{link.address} seat {link.seat + 1}: {why}, closed")
        link.drop("hostile")

    def _left(self, link: Link) -> None:
        """A connection ended: a player keeps the seat for the grace (or, before the match,
        gives it back to a bot); a watcher just goes."""
        if link in self.links:
            self.links.remove(link)
        link.drop("gone")
        if link.seat == SPECTATOR:
            return
        place = self.places[link.seat]
        if place.link is not link:
            return
        place.link = None
        if not self.started:
            self.log(f"{link.address}: {place.name} left seat {link.seat + 1}")
            self.places[link.seat] = self._open_places()[link.seat]
            self._lobby = None
        elif not place.stand_in:
            grace = self.config.grace
            self.log(f"{link.address}: {place.name} dropped; the seat waits {grace:g} s")
            place.away_until = time.monotonic() + self.config.grace
        self._chairs_changed()

    # --- what the seats ask ----------------------------------------------------------------------
    def on_play(self, link: Link, code: int) -> None:
        if link.closed:
            return
        refused = self._play_refusal(link, code)
        if refused is not None:
            link.strikes += 1
            link.pending.append(Refusal(link.seat, code, refused))
            link.flush()
            if link.strikes >= STRIKES and isinstance(link, WireLink):
                self._hostile(link, "plays out of turn again and again")
            return
        assert link.feed is not None
        link.feed.play(code)  # the engine's refusal comes back through the feed
        if link.pending and isinstance(link.pending[-1], Refusal):
            link.strikes += 1
        else:
            link.strikes = 0
        self._changed()

    def _play_refusal(self, link: Link, code: int) -> str | None:
        if link.seat == SPECTATOR or link.feed is None or self.table is None:
            return "not_your_turn"
        if self.table.match.over:
            return "over"
        if self.places[link.seat].stand_in or self.table.match.turn != link.seat:
            return "not_your_turn"
        return None

    def on_talk(self, link: Link, call: str) -> None:
        if link.closed or link.seat == SPECTATOR:
            return
        if not talk.is_call(call):
            self._hostile(link, "an unknown call")
            return
        if not link.talks.allow():
            return  # a keen talker: the call is dropped, the connection stays
        for other in self.links:
            other.pending.append(Talked(link.seat, call))
        self._flush()

    # --- the host's commands ---------------------------------------------------------------------
    def host_feed(self) -> HostFeed:
        if not self.config.seat:
            raise LookupError("the host does not play at this table")
        if self.host is None:
            self.host = HostFeed(self, 0)
            self.places[0].link = self.host
            self._join(self.host)
        return self.host

    def start_match(self) -> bool:
        """Deal the match (a fresh seed) with who sits now; empty seats become bots."""
        if self.table is not None and not self.table.match.over:
            return False
        seats = []
        for place in self.places:
            if place.kind == "open":
                place.kind = "bot"
            if place.kind == "bot":
                seats.append(Seat(place.name, "bot", place.level))
            else:
                seats.append(Seat(place.name))
        game = GameSession(
            self.config.rules,
            tuple(seats),
            self._seed(),
            self.config.preset,
            timer=self.config.turn_timer,
            lang=self.config.lang,
            pace="instant",
            networked=True,
        )
        self._finished = False
        self._open_table(game)
        self.log(f"the match began: {', '.join(p.name for p in self.places)}")
        return True

    def _seed(self) -> int:
        seed = self.config.seed
        if seed is None or self.table is not None:  # the next match: a fresh seed
            return secrets.randbelow(1 << 31)
        return seed

    def _open_table(self, game: GameSession) -> None:
        if self.table is not None:
            self.table.close()
        self.table = TableSession(game, saves=self.saves, undo_allowed=lambda: False)
        for link in self.links:
            link.attach(self.table)
        self._save_hosted()
        self.table.start()
        self._changed()

    def hand_to_bot(self, seat: int) -> bool:
        """The host gives a human's seat to a bot (a stand-in: the match leaves the rating)."""
        if not 0 <= seat < self.players or self.places[seat].kind != "human":
            return False
        self.places[seat].stand_in = True
        self.places[seat].away_until = 0.0
        self.log(f"seat {seat + 1} ({self.places[seat].name}) is played by a bot")
        self._chairs_changed()
        return True

    def take_back(self, seat: int) -> bool:
        """The seat goes back to its player (away with a fresh grace if not connected)."""
        if not 0 <= seat < self.players or not self.places[seat].stand_in:
            return False
        place = self.places[seat]
        place.stand_in = False
        if place.link is None:
            place.away_until = time.monotonic() + self.config.grace
        self.log(f"seat {seat + 1} ({place.name}) is given back")
        self._chairs_changed()
        return True

    # --- after every change ----------------------------------------------------------------------
    def _chairs_changed(self) -> None:
        chairs = self.chairs()
        for link in self.links:
            link.pending.append(ChairsChanged(chairs))
        self._changed()

    def _flush(self) -> None:
        table = self.table
        shared = None
        if table is not None and any(link.pending for link in self.links):
            shared = (table.public(), self.chairs())
        for link in list(self.links):
            link.flush(shared)

    def _changed(self) -> None:
        self._flush()
        table = self.table
        if table is not None and table.match.over and not self._finished:
            self._finished = True  # kept as a record by the saves; nothing left to resume
            self._save_hosted()
            self.log("the match is over")
            game = table.game
            seats = [seat.to_dict() for seat in game.seats]
            kept = make_record(table.match, seats, game.preset, game_id=game.game_id)
            record = dump(Record(kept))  # nothing of the match is secret any more
            for link in self.links:
                if isinstance(link, WireLink) and link.seat != SPECTATOR:
                    link.send(record)
        self._drive()

    def _drive(self) -> None:
        """Start the bot (or a stand-in) whose turn it is, if one is and none thinks yet."""
        table = self.table
        if table is None or self.thinking or table.match.over or table.closed:
            return
        seat = table.match.turn
        place = self.places[seat]
        if not (table.is_bot_turn() or place.stand_in):
            return
        self.thinking = True
        self.spawn(self._think(table, seat))

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run ``work`` on the loop, keeping it referenced until it is done."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _think(self, table: TableSession, seat: int) -> None:
        assert self.loop is not None
        try:
            if self.config.bot_pause:
                await asyncio.sleep(self.config.bot_pause)
            turn = table.bot_turn()
            if turn is not None:
                move = await self.loop.run_in_executor(self.executor, table.think, turn)
                if move is not None:
                    table.land(move)
            elif self.places[seat].stand_in and table.match.turn == seat:
                await self._stand_in(table, seat)
        except Exception as err:  # a bot must never take the table down
            self.log(f"seat {seat + 1}: the bot failed ({clean(err, 80)})")
        finally:
            self.thinking = False
        if table is self.table:
            self._changed()

    async def _stand_in(self, table: TableSession, seat: int) -> None:
        assert self.loop is not None
        game = table.game
        if seat not in game.bots:
            game.bots[seat] = make_bot(self.config.bot_level, bot_seed(game.seed, seat))
        version = table.version
        view = table.view(seat)
        decision = await self.loop.run_in_executor(self.executor, game.decide, seat, view)
        place = self.places[seat]
        if decision is None or table.version != version or not place.stand_in:
            return  # the player came back or the table moved on
        first = not any(s["seat"] == seat and s["kind"] == AWAY for s in game.match.stand_ins)
        fault = Fault(seat, place.name, AWAY, "stand-in")
        table.play_for(seat, decision.code, fault, first)

    async def _tick(self) -> None:
        """Once a second: the turn timer, the grace of those away (more often for a grace of
        a second or two: the tests')."""
        step = min(1.0, max(0.05, self.config.grace / 4))
        timer_at = time.monotonic()
        while True:
            await asyncio.sleep(step)
            now = time.monotonic()
            changed = False
            for i, place in enumerate(self.places):
                if place.away_until:
                    changed = True
                    if now >= place.away_until:
                        place.away_until = 0.0
                        place.stand_in = True
                        self.log(f"seat {i + 1} ({place.name}): the grace ran out, a bot plays")
            table = self.table
            if now - timer_at >= 1.0:
                timer_at = now
                if table is not None and table.clock is not None:
                    table.tick(1)
                    changed = True
            if changed:
                self._chairs_changed()

    # --- keeping the table -----------------------------------------------------------------------
    def _save_hosted(self) -> None:
        if self.table is None:
            return
        from .hosted import save_hosted

        try:
            save_hosted(self)
        except OSError as err:
            self.log(f"cannot keep the table's seats for --resume: {clean(err, 80)}")

    def _resume(self, resumed: Any) -> None:
        """A table saved by a host that died: the same code, seats and tokens; every remote
        player is away until their token brings them back."""
        self.code = resumed.code
        now = time.monotonic()
        self.places = []
        for kept in resumed.places:
            place = Place(kept.name, kept.kind, kept.level, kept.token)
            if place.kind == "human":
                place.away_until = now + self.config.grace
            self.places.append(place)
        self.table = TableSession(resumed.game, saves=self.saves, undo_allowed=lambda: False)


def reachable(bind: str) -> str:
    """The address a friend types: the bound one, or this machine's address on its network
    when bound to all interfaces (the route a datagram would take; nothing is sent)."""
    if bind not in ("", "0.0.0.0", "::"):
        return bind
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere, only looked up
        found = s.getsockname()[0]
        if not ipaddress.ip_address(found).is_loopback:
            return str(found)
    return socket.gethostname()


# --- the host's process -------------------------------------------------------------------------
class HostHandle:
    """What the host's app holds of the table it serves from a background thread."""

    def __init__(
        self, server: TableServer, loop: asyncio.AbstractEventLoop, thread: threading.Thread
    ) -> None:
        self.server = server
        self.loop = loop
        self.thread = thread

    def _call(self, fn: Callable[..., Any], *args: Any, timeout: float = 10.0) -> Any:
        async def run() -> Any:
            return fn(*args)

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout)

    @property
    def invitation(self) -> Invitation:
        return self.server.invitation()

    @property
    def port(self) -> int:
        return self.server.port

    @property
    def code(self) -> str:
        return self.server.code

    @property
    def game_id(self) -> str | None:
        table = self.server.table
        return None if table is None else table.game.game_id

    @property
    def started(self) -> bool:
        return self.server.started

    @property
    def chairs(self) -> tuple[Chair, ...]:
        return tuple(self._call(self.server.chairs))

    @property
    def log(self) -> list[str]:
        return list(self.server.lines)

    def on_log(self, callback: Callable[[str], None] | None) -> None:
        """``callback`` gets each new log line (on the server's thread)."""
        self.server.on_log = callback

    def host_feed(self) -> HostFeed:
        """The host's own seat (seat 1) as a feed; LookupError at a ``--no-seat`` table."""
        feed: HostFeed = self._call(self.server.host_feed)
        self._call(feed.refresh)
        return feed

    def start_match(self) -> bool:
        return bool(self._call(self.server.start_match))

    def hand_to_bot(self, seat: int) -> bool:
        return bool(self._call(self.server.hand_to_bot, seat))

    def take_back(self, seat: int) -> bool:
        return bool(self._call(self.server.take_back, seat))

    def table(self) -> TableSession | None:
        """The host's match itself (the host sees everything: tests, the host's own views)."""
        return self.server.table

    def stop(self) -> None:
        if not self.thread.is_alive():
            return
        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)

    def __enter__(self) -> HostHandle:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()


def start_host_thread(config: TableConfig, *, resumed: Any = None) -> HostHandle:
    """Open ``config``'s table on a loop in a daemon thread; returns once it listens (OSError,
    e.g. the port is taken, is raised here)."""
    loop = asyncio.new_event_loop()
    server = TableServer(config, resumed=resumed)
    ready: threading.Event = threading.Event()
    failed: list[BaseException] = []

    def run() -> None:
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(server.start())
        except BaseException as err:
            failed.append(err)
            ready.set()
            return
        ready.set()
        loop.run_forever()
        loop.close()

    thread = threading.Thread(target=run, name="domino-host", daemon=True)
    thread.start()
    ready.wait(30)
    if failed:
        raise failed[0]
    return HostHandle(server, loop, thread)


__all__ = [
    "EVERYONE",
    "HostFeed",
    "HostHandle",
    "TableConfig",
    "TableServer",
    "reachable",
    "start_host_thread",
]
