"""The joiner's end of the wire: a :class:`RemoteFeed` is a seat at a table on another machine,
used exactly like a :class:`~domino_tui.play.feed.LocalFeed` — ``snapshot()``, ``watch()``,
``play()``, ``talk()``, ``close()``.

Its websocket runs on an asyncio loop in a background thread, so a Textual app (or a test) calls
it synchronously: :func:`connect` returns once the table welcomed the seat (or raises a
:class:`NetError` whose reason a player reads in their language), ``play`` only sends the
intention, and the answer — the move, or the engine's refusal — comes back to the watchers like
every other seat's event. Watchers are called on the feed's thread, with :meth:`snapshot`
already showing the table after the event; the app posts to its own thread from there.

The seat's token is kept (a :class:`TokenStore`, by default a small 0600 file in the data
folder) under the table's address and code, so ``domino join`` run again after a crash sits the
player back in the same seat, mid-turn included.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import ssl
import threading
from collections.abc import Callable, MutableMapping
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..engine.options import Rules
from ..engine.record import RecordError
from ..i18n import tr
from ..play.feed import FeedEvent, FeedWatcher, Snapshot
from ..storage.files import write_atomic
from ..storage.paths import data_dir
from ..text import clean
from .invite import Invitation
from .limits import Limits
from .protocol import (
    VERSION,
    Bye,
    Error,
    Events,
    Goodbye,
    Hello,
    Play,
    ProtocolError,
    Record,
    Resync,
    ServerMessage,
    Talk,
    VersionMismatch,
    Welcome,
    dump,
    parse_server,
)

REASONS = (
    "wrong_code",
    "full",
    "version",
    "refused",
    "lost",
    "unreachable",
    "too_many_tries",
    "timeout",
    "closed",
    "bad_message",
)
MAX_TOKENS = 50


class NetError(Exception):
    """Why there is no seat (or no longer one): a reason of :data:`REASONS` and its details;
    :meth:`words` says it in the player's language, in one line."""

    def __init__(self, reason: str, **details: object) -> None:
        self.reason = reason if reason in REASONS else "refused"
        self.details = {k: clean(v, 120) for k, v in details.items()}
        if reason not in REASONS:
            self.details.setdefault("why", clean(reason, 40))
        super().__init__(f"{self.reason}: {self.details}" if self.details else self.reason)

    def words(self, lang: str) -> str:
        details = dict(self.details)
        if self.reason == "version":
            details.setdefault("theirs", "?")
            details.setdefault("ours", str(VERSION))
        if self.reason in ("refused", "unreachable"):
            details.setdefault("why", "?")
            details.setdefault("address", "?")
        return tr(f"net.error.{self.reason}", lang, **details)


class TokenStore:
    """Seat tokens by table (``address code``), in a small JSON file only this user reads."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / "seat-tokens.json"

    def _load(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8")[:100_000])
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}

    def get(self, key: str) -> str | None:
        return self._load().get(key)

    def put(self, key: str, token: str) -> None:
        tokens = self._load()
        tokens.pop(key, None)
        tokens[key] = token
        kept = dict(list(tokens.items())[-MAX_TOKENS:])
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, json.dumps(kept), mode=0o600)


Tokens = TokenStore | MutableMapping[str, str]


def _key(invitation: Invitation) -> str:
    return f"{invitation.address} {invitation.code}"


class RemoteFeed:
    """A seat (or a spectator's chair) at a table on another machine. Make one with
    :func:`connect`."""

    def __init__(self, invitation: Invitation, limits: Limits) -> None:
        self.invitation = invitation
        self.limits = limits
        self._seat = -1
        self._snapshot: Snapshot | None = None
        self._watchers: list[FeedWatcher] = []
        self._lost: list[Callable[[NetError], None]] = []
        self._lock = threading.Lock()
        self.loop = asyncio.new_event_loop()
        self.thread: threading.Thread | None = None
        self.welcome: Future[Welcome] = Future()
        self.ws: ClientConnection | None = None
        self.token: str | None = None
        self.rules: Rules | None = None  # the table's, from the welcome: a spectator has no view
        self.received = 0  # bytes of text received (benchmarks, the leak test)
        self.frames: list[str] | None = None  # every frame's text, when a test asks
        self.closed = False
        self.error: NetError | None = None
        self.record: dict[str, Any] | None = None  # the finished match, once it is over
        self.keep_record = False
        self.records_dir: Path | None = None  # None: the player's records folder
        self.kept: Path | None = None

    # --- the Feed --------------------------------------------------------------------------------
    @property
    def seat(self) -> int:
        return self._seat

    def snapshot(self) -> Snapshot:
        with self._lock:
            assert self._snapshot is not None
            return self._snapshot

    def watch(self, watcher: FeedWatcher) -> None:
        self._watchers.append(watcher)

    def watch_lost(self, callback: Callable[[NetError], None]) -> None:
        """``callback`` is told once when the connection ends other than by :meth:`close`."""
        self._lost.append(callback)

    def play(self, code: int) -> None:
        self._send(dump(Play(code)))

    def talk(self, call: str) -> None:
        self._send(dump(Talk(call)))

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.thread is not None and self.thread.is_alive() and self.loop.is_running():
            with contextlib.suppress(RuntimeError):
                # the thread ends with the connection (its session returns, the loop closes)
                asyncio.run_coroutine_threadsafe(self._close(), self.loop)
        if self.thread is not None:
            self.thread.join(5)

    # --- the thread ------------------------------------------------------------------------------
    def _send(self, text: str) -> None:
        if self.closed or self.ws is None:
            return
        ws = self.ws
        with contextlib.suppress(RuntimeError):
            asyncio.run_coroutine_threadsafe(self._quiet_send(ws, text), self.loop)

    async def _quiet_send(self, ws: ClientConnection, text: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(text)

    async def _close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(ConnectionClosed):
                await self.ws.send(dump(Bye()))
            await self.ws.close()

    def start(self, hello: Hello, context: ssl.SSLContext | None, timeout: float) -> None:
        self.thread = threading.Thread(
            target=self._run, args=(hello, context, timeout), name="domino-join", daemon=True
        )
        self.thread.start()

    def _run(self, hello: Hello, context: ssl.SSLContext | None, timeout: float) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._main(hello, context, timeout))
        finally:
            self.loop.close()

    async def _main(self, hello: Hello, context: ssl.SSLContext | None, timeout: float) -> None:
        try:
            welcome = await self._open(hello, context, timeout)
        except NetError as err:
            self.welcome.set_exception(err)
            return
        except Exception as err:  # never a traceback to the player: a line
            self.welcome.set_exception(NetError("bad_message", why=_why(err)))
            return
        self._seat = welcome.seat
        self.token = welcome.token
        self.rules = welcome.rules
        self._set(welcome.snapshot)
        self.welcome.set_result(welcome)
        await self._session()

    async def _open(self, hello: Hello, context: ssl.SSLContext | None, timeout: float) -> Welcome:
        limits = self.limits
        uri = f"{'wss' if context is not None else 'ws'}://{self.invitation.address}/"
        try:
            ws = await asyncio.wait_for(
                ws_connect(
                    uri,
                    ssl=context,
                    max_size=limits.server_frame,
                    open_timeout=timeout,
                    ping_interval=limits.ping_interval,
                    ping_timeout=limits.ping_timeout,
                    close_timeout=2,
                    user_agent_header=None,
                ),
                timeout,
            )
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as err:
            raise NetError("unreachable", address=self.invitation.address, why=_why(err)) from None
        self.ws = ws
        try:
            await ws.send(dump(hello))
            frame = await asyncio.wait_for(ws.recv(), timeout)
            message = self._read(frame)
        except TimeoutError:
            await ws.close()
            raise NetError("timeout") from None
        except ConnectionClosed:
            raise NetError("lost") from None
        except VersionMismatch as err:
            await ws.close()
            raise NetError("version", theirs=err.theirs) from None
        except ProtocolError as err:
            await ws.close()
            raise NetError("bad_message", why=err) from None
        if isinstance(message, Error):
            await ws.close()
            if message.reason == "version":
                raise NetError("version", theirs=message.version)
            raise NetError(message.reason)
        if not isinstance(message, Welcome):
            await ws.close()
            raise NetError("bad_message")
        return message

    def _read(self, frame: str | bytes) -> ServerMessage:
        self.received += len(frame)
        if self.frames is not None and isinstance(frame, str):
            self.frames.append(frame)
        return parse_server(frame, self.limits.server_frame)

    async def _session(self) -> None:
        assert self.ws is not None
        try:
            async for frame in self.ws:
                self._got(self._read(frame))
        except ConnectionClosed:
            pass
        except ProtocolError as err:
            self._end(NetError("bad_message", why=err))
            await self.ws.close()
            return
        if not self.closed:
            self._end(NetError("lost"))

    def _got(self, message: ServerMessage) -> None:
        events: tuple[FeedEvent, ...] = ()
        if isinstance(message, Events):
            self._set(message.snapshot)
            events = message.events
        elif isinstance(message, Resync):
            self._set(message.snapshot)
        elif isinstance(message, Record):
            self._keep(message.record)
        elif isinstance(message, Goodbye):
            self._end(NetError("closed"))
            return
        elif isinstance(message, Error):
            self._end(NetError(message.reason))
            return
        for event in events:
            for watcher in list(self._watchers):
                watcher(event)

    def _keep(self, record: dict[str, Any]) -> None:
        """The finished match: kept among this player's records when asked (``keep_record``)."""
        self.record = record
        if self.keep_record:
            from . import records

            try:
                self.kept = records.keep(record, self.records_dir)
            except (RecordError, OSError, ValueError):
                self.kept = None  # a record that does not replay is never kept

    def _set(self, snapshot: Snapshot) -> None:
        with self._lock:
            self._snapshot = snapshot

    def _end(self, error: NetError) -> None:
        if self.error is None and not self.closed:
            self.error = error
            for callback in list(self._lost):
                callback(error)


def connect(
    invitation: Invitation,
    name: str = "",
    *,
    watch: bool = False,
    token_store: Tokens | None = None,
    tls: ssl.SSLContext | bool = False,
    timeout: float = 10.0,
    limits: Limits | None = None,
    keep_frames: bool = False,
    keep_record: bool = False,
    records_dir: Path | None = None,
) -> RemoteFeed:
    """Sit at the table of ``invitation`` as ``name`` (or watch it); :class:`NetError` when it
    does not take the seat. ``tls``: True (the system's trusted certificates) or a context (a
    self-signed host's certificate as its ``cafile``) for a host started with ``--cert/--key``.
    ``keep_record``: the finished match is kept among the player's records (``feed.kept``)."""
    store: Tokens = token_store if token_store is not None else TokenStore()
    feed = RemoteFeed(invitation, limits or Limits())
    if keep_frames:
        feed.frames = []
    feed.keep_record = keep_record and not watch
    feed.records_dir = records_dir
    context = tls if isinstance(tls, ssl.SSLContext) else None
    if tls is True:
        context = ssl.create_default_context()
    token = None if watch else store.get(_key(invitation))
    feed.start(Hello(name, invitation.code, token, watch), context, timeout)
    try:
        welcome = feed.welcome.result(timeout * 2 + 1)
    except FutureTimeout:
        feed.close()
        raise NetError("timeout") from None
    if welcome.token and not watch:
        _put(store, _key(invitation), welcome.token)
    return feed


def _put(store: Tokens, key: str, token: str) -> None:
    if isinstance(store, TokenStore):
        store.put(key, token)
    else:
        store[key] = token


def _why(err: BaseException) -> str:
    text = getattr(err, "strerror", None) or str(err) or type(err).__name__
    return clean(text, 80)
