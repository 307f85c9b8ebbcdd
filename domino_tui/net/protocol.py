"""The messages of the wire: JSON text frames, each with the protocol's version ``v`` and its
type ``t``, checked field by field before anything acts on them.

A client says ``hello`` first (its version, name, the table's code, a seat token if it sat here
before, whether it only watches) and then only ``play`` (an action code: an intention the server
checks with the engine), ``talk`` (a canned call's id) and ``bye``. The server answers ``welcome``
(the seat, its token, the first :class:`~domino_tui.play.feed.Snapshot`) or ``error`` (a reason
key, then it closes), and then sends ``events`` (the table's events as this seat sees them, with
the snapshot after them), ``snapshot`` (the whole table again), ``record`` (the finished
match, for the joiner's records) and ``bye``. A refusal (the engine's reason), a call and a
change of the chairs are events of the seat's feed, so they travel in ``events`` with the
snapshot after them.

A frame of another version is answered with ``error`` ``version`` and both versions, so the
player reads one clear line instead of a parse failure; a frame of this version that is not
exactly one of these messages is a :class:`ProtocolError`, and the connection that sent it is
closed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..engine.options import Rules
from ..play.feed import FeedEvent, Snapshot
from .codec import (
    CodecError,
    event_from_wire,
    event_to_wire,
    from_wire,
    snapshot_from_wire,
    to_wire,
)

VERSION = 1
MAX_TOKEN = 64
MAX_CODE_TEXT = 32
MAX_REASON = 40
MIN_ACTION, MAX_ACTION = -2, 1 << 48  # a knock is -2, a draw -1; a variant's own codes < 2^41


class ProtocolError(ValueError):
    """A frame that is not a message of this protocol (the text says which check failed)."""


class VersionMismatch(ProtocolError):
    def __init__(self, theirs: object) -> None:
        super().__init__(f"protocol version {str(theirs)[:10]}, not {VERSION}")
        self.theirs = theirs if isinstance(theirs, int) and not isinstance(theirs, bool) else -1


# --- the client's messages ----------------------------------------------------------------------
@dataclass(frozen=True)
class Hello:
    name: str
    code: str
    token: str | None = None
    watch: bool = False


@dataclass(frozen=True)
class Play:
    code: int


@dataclass(frozen=True)
class Talk:
    call: str


@dataclass(frozen=True)
class Bye:
    reason: str = ""


ClientMessage = Hello | Play | Talk | Bye


# --- the server's messages ----------------------------------------------------------------------
@dataclass(frozen=True)
class Welcome:
    seat: int
    token: str | None
    snapshot: Snapshot
    # the table's rules: public (every chair plays by them), and a spectator's snapshot has no
    # seat view to carry them, so without them a watcher would draw the house game instead
    rules: Rules | None = None


@dataclass(frozen=True)
class Events:
    events: tuple[FeedEvent, ...]
    snapshot: Snapshot


@dataclass(frozen=True)
class Resync:
    snapshot: Snapshot


@dataclass(frozen=True)
class Record:
    """The finished match's record (nothing is secret once it is over): a joiner's copy."""

    record: dict[str, Any]


@dataclass(frozen=True)
class Error:
    reason: str
    version: int = VERSION  # the server's protocol version (for ``version``)


@dataclass(frozen=True)
class Goodbye:
    reason: str = ""


ServerMessage = Welcome | Events | Resync | Record | Error | Goodbye


# --- writing ------------------------------------------------------------------------------------
def _frame(kind: str, **body: Any) -> str:
    return json.dumps({"v": VERSION, "t": kind, **body}, ensure_ascii=False, separators=(",", ":"))


def dump(message: ClientMessage | ServerMessage) -> str:
    """One message as its frame's text."""
    match message:
        case Hello(name, code, token, watch):
            return _frame("hello", name=name, code=code, token=token, watch=watch)
        case Play(code):
            return _frame("play", code=code)
        case Talk(call):
            return _frame("talk", call=call)
        case Bye(reason):
            return _frame("bye", reason=reason)
        case Welcome(seat, token, snapshot, rules):
            wired_rules = None if rules is None else to_wire(rules)
            return _frame(
                "welcome", seat=seat, token=token, snapshot=to_wire(snapshot), rules=wired_rules
            )
        case Events(events, snapshot):
            wired = [event_to_wire(e) for e in events]
            return _frame("events", events=wired, snapshot=to_wire(snapshot))
        case Resync(snapshot):
            return _frame("snapshot", snapshot=to_wire(snapshot))
        case Record(record):
            return _frame("record", record=record)
        case Error(reason, version):
            return _frame("error", reason=reason, version=version)
        case Goodbye(reason):
            return _frame("bye", reason=reason)
    raise TypeError(f"not a message: {type(message).__name__}")


# --- reading ------------------------------------------------------------------------------------
def _load(frame: str | bytes, limit: int) -> dict[str, Any]:
    if isinstance(frame, bytes):
        raise ProtocolError("a binary frame")
    if len(frame) > limit:
        raise ProtocolError("an oversized frame")
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError) as err:
        raise ProtocolError("not JSON") from err
    if not isinstance(data, dict):
        raise ProtocolError("not an object")
    if data.get("v") != VERSION or isinstance(data.get("v"), bool):
        raise VersionMismatch(data.get("v"))
    if not isinstance(data.get("t"), str):
        raise ProtocolError("no message type")
    return data


def _fields(data: dict[str, Any], allowed: set[str]) -> None:
    extra = set(data) - allowed - {"v", "t"}
    if extra:
        raise ProtocolError(f"unexpected fields in {str(data['t'])[:20]!r}")


def _text(data: dict[str, Any], key: str, limit: int, optional: bool = False) -> Any:
    value = data.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str) or len(value) > limit:
        raise ProtocolError(f"{key!r} is not a short text")
    return value


def parse_client(frame: str | bytes, limit: int = 4096) -> ClientMessage:
    """A client's frame as its message; :class:`ProtocolError` (or :class:`VersionMismatch`)."""
    data = _load(frame, limit)
    kind = data["t"]
    if kind == "hello":
        _fields(data, {"name", "code", "token", "watch"})
        watch = data.get("watch", False)
        if not isinstance(watch, bool):
            raise ProtocolError("'watch' is not true or false")
        return Hello(
            _text(data, "name", 200),
            _text(data, "code", MAX_CODE_TEXT),
            _text(data, "token", MAX_TOKEN, optional=True),
            watch,
        )
    if kind == "play":
        _fields(data, {"code"})
        code = data.get("code")
        if not isinstance(code, int) or isinstance(code, bool):
            raise ProtocolError("'code' is not an action code")
        if not MIN_ACTION <= code < MAX_ACTION:
            raise ProtocolError("'code' is not an action code")
        return Play(code)
    if kind == "talk":
        _fields(data, {"call"})
        return Talk(_text(data, "call", MAX_REASON))
    if kind == "bye":
        _fields(data, {"reason"})
        return Bye(_text(data, "reason", MAX_REASON, optional=True) or "")
    raise ProtocolError("an unknown message type")


def parse_server(frame: str | bytes, limit: int = 1 << 20) -> ServerMessage:
    """A server's frame as its message: every value decoded to its type (a hostile server's
    frame is a :class:`ProtocolError`, never a half-read table)."""
    try:
        data = _load(frame, limit)
    except VersionMismatch:
        raise
    kind = data["t"]
    try:
        if kind == "error":
            version = data.get("version", VERSION)
            known = isinstance(version, int) and not isinstance(version, bool)
            return Error(_text(data, "reason", MAX_REASON), version if known else -1)
        if kind == "bye":
            return Goodbye(_text(data, "reason", MAX_REASON, optional=True) or "")
        if kind == "welcome":
            _fields(data, {"seat", "token", "snapshot", "rules"})
            seat = from_wire(data.get("seat"), int)
            token = _text(data, "token", MAX_TOKEN, optional=True)
            wired = data.get("rules")
            rules = None if wired is None else from_wire(wired, Rules)
            return Welcome(seat, token, snapshot_from_wire(data.get("snapshot")), rules)
        if kind == "events":
            _fields(data, {"events", "snapshot"})
            wired = data.get("events")
            if not isinstance(wired, list):
                raise ProtocolError("'events' is not a list")
            events = tuple(event_from_wire(e) for e in wired)
            return Events(events, snapshot_from_wire(data.get("snapshot")))
        if kind == "record":
            _fields(data, {"record"})
            record = data.get("record")
            if not isinstance(record, dict):
                raise ProtocolError("'record' is not an object")
            return Record(record)
        if kind == "snapshot":
            _fields(data, {"snapshot"})
            return Resync(snapshot_from_wire(data.get("snapshot")))
    except CodecError as err:
        raise ProtocolError(str(err)) from err
    raise ProtocolError("an unknown message type")


def peek_version(frame: str | bytes) -> int | None:
    """The version a frame claims, when it is JSON with one (to answer a mismatch clearly)."""
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError, TypeError):
        return None
    v = data.get("v") if isinstance(data, dict) else None
    return v if isinstance(v, int) and not isinstance(v, bool) else None
