"""The play.feed values on the wire: a :class:`~domino_tui.play.feed.Snapshot`, the table's
events, a refusal, the chairs — to JSON and back, checked against their own type hints.

Decoding is the client's defence against a hostile or broken server, and the server's against a
hostile client, so it is strict: every field of the declared type, no key missing or extra, ints
that are not bools, tuples of the declared length, a bounded depth; anything else is a
:class:`CodecError`. The types drive both directions (``typing.get_type_hints`` of each
dataclass), so a field added to a value travels without a change here. Fields typed ``Any``
(a variant's notes and running state, the cross's board) are plain JSON: mappings with string
keys, lists, numbers, strings — as a record's replay reads them back. The rules travel
as their options (:meth:`Rules.to_dict`) and are rebuilt through ``make_rules``, which checks
them as it checks a record's.
"""

from __future__ import annotations

import dataclasses
import threading
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin

from ..bots.runner import Fault
from ..engine.match import Outcome, RoundResult
from ..engine.options import Rules
from ..engine.round import Event
from ..engine.rules import RulesError, make_rules
from ..engine.view import SeatView
from ..play import events as ev
from ..play.feed import Chair, ChairsChanged, FeedEvent, Refusal, Snapshot, Talked
from ..play.table import PublicTable

MAX_DEPTH = 24  # deeper than any value of the game: a hostile frame's nesting stops here
MAX_INT = 1 << 64  # a tile mask, a seed: nothing of the game is wider


class CodecError(ValueError):
    """A value that is not what its type says; the message names the path, not the value."""


EVENT_TYPES: tuple[type, ...] = (
    ev.TurnStarted,
    ev.Moved,
    ev.RoundEnded,
    ev.MatchEnded,
    ev.Undone,
    ev.StandIn,
    ev.Tick,
    ev.TimeUp,
    ev.SaveFailed,
    ev.CurtainDown,
    ev.CurtainLifted,
    Refusal,
    Talked,
    ChairsChanged,
)
_BY_NAME = {cls.__name__: cls for cls in EVENT_TYPES}
_KNOWN = (SeatView, PublicTable, Snapshot, Chair, RoundResult, Outcome, Fault, *EVENT_TYPES)


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


@cache
def _fields(cls: type) -> tuple[tuple[str, Any, bool], ...]:
    """(name, type, required) of a dataclass's public fields."""
    hints = _hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        if f.name.startswith("_"):
            continue
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        out.append((f.name, hints[f.name], required))
    return tuple(out)


_last = threading.local()  # the public table encoded last, on this thread


# --- to the wire --------------------------------------------------------------------------------
def to_wire(value: Any) -> Any:
    """``value`` as plain JSON values (dicts, lists, ints, strings, bools, None)."""
    if value is None or isinstance(value, bool | int | str | float):
        return value
    if isinstance(value, Rules):
        return value.to_dict()
    if isinstance(value, Event):
        return list(value)
    if isinstance(value, PublicTable):
        # the server sends one public table to every seat of a pass: encode it once
        kept = getattr(_last, "public", None)
        if kept is not None and kept[0] is value:
            return kept[1]
        wired = _fields_to_wire(value)
        _last.public = (value, wired)
        return wired
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _fields_to_wire(value)
    if isinstance(value, tuple | list):
        return [to_wire(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): to_wire(v) for k, v in value.items()}
    raise CodecError(f"cannot send a {type(value).__name__}")


def _fields_to_wire(value: Any) -> dict[str, Any]:
    return {
        f.name: to_wire(getattr(value, f.name))
        for f in dataclasses.fields(value)
        if not f.name.startswith("_")
    }


def event_to_wire(event: FeedEvent) -> dict[str, Any]:
    """An event with its type's name, so the other end knows which it is."""
    if type(event) not in _BY_NAME.values():
        raise CodecError(f"not an event of the table: {type(event).__name__}")
    return {"type": type(event).__name__, **to_wire(event)}


# --- from the wire ------------------------------------------------------------------------------
def from_wire(data: Any, tp: Any, path: str = "$", depth: int = 0) -> Any:
    """``data`` read as ``tp``; :class:`CodecError` when it is not one."""
    if depth > MAX_DEPTH:
        raise CodecError(f"{path}: nested too deep")
    origin = get_origin(tp)
    if tp is Any:
        return _plain(data, path, depth)
    if tp is type(None):
        if data is not None:
            raise CodecError(f"{path}: expected null")
        return None
    if tp is bool:
        if not isinstance(data, bool):
            raise CodecError(f"{path}: expected true or false")
        return data
    if tp is int:
        if not isinstance(data, int) or isinstance(data, bool) or abs(data) > MAX_INT:
            raise CodecError(f"{path}: expected an integer")
        return data
    if tp is float:
        if not isinstance(data, int | float) or isinstance(data, bool):
            raise CodecError(f"{path}: expected a number")
        return float(data)
    if tp is str:
        if not isinstance(data, str):
            raise CodecError(f"{path}: expected a string")
        return data
    if origin is Union or origin is types.UnionType:
        for option in get_args(tp):
            try:
                return from_wire(data, option, path, depth)
            except CodecError:
                continue
        raise CodecError(f"{path}: none of the expected kinds")
    if origin is Literal:
        if data not in get_args(tp):
            raise CodecError(f"{path}: not an allowed value")
        return data
    if origin is tuple:
        return _tuple(data, get_args(tp), path, depth)
    if origin in (dict, Mapping):
        key_tp, value_tp = get_args(tp) or (str, Any)
        if not isinstance(data, dict):
            raise CodecError(f"{path}: expected an object")
        return {
            from_wire(k, key_tp, path, depth + 1): from_wire(v, value_tp, f"{path}.{k}", depth + 1)
            for k, v in data.items()
        }
    if tp is Rules:
        return _rules(data, path)
    if tp is Event:
        return Event(*_tuple(data, tuple(_hints(Event).values()), path, depth, fixed_min=5))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass(data, tp, path, depth)
    raise CodecError(f"{path}: no reading for {tp!r}")


def _plain(data: Any, path: str, depth: int, freeze: bool = False) -> Any:
    """JSON as it is (a variant's notes, as a record's replay reads them), bounded in depth;
    ``freeze``: lists as tuples, for the items of a value the engine keeps as a tuple (the
    cross's board)."""
    if depth > MAX_DEPTH:
        raise CodecError(f"{path}: nested too deep")
    if data is None or isinstance(data, bool | str | float):
        return data
    if isinstance(data, int):
        if abs(data) > MAX_INT:
            raise CodecError(f"{path}: a number too large")
        return data
    if isinstance(data, list):
        items = [_plain(v, path, depth + 1, freeze) for v in data]
        return tuple(items) if freeze else items
    if isinstance(data, dict):
        return {str(k): _plain(v, f"{path}.{k}", depth + 1, freeze) for k, v in data.items()}
    raise CodecError(f"{path}: not plain JSON")


def _tuple(
    data: Any, args: tuple[Any, ...], path: str, depth: int, fixed_min: int | None = None
) -> tuple[Any, ...]:
    if not isinstance(data, list):
        raise CodecError(f"{path}: expected a list")
    if len(args) == 2 and args[1] is Ellipsis:
        if args[0] is Any:
            return tuple(_plain(v, f"{path}[{i}]", depth + 1, True) for i, v in enumerate(data))
        return tuple(from_wire(v, args[0], f"{path}[{i}]", depth + 1) for i, v in enumerate(data))
    least = len(args) if fixed_min is None else fixed_min
    if not least <= len(data) <= len(args):
        raise CodecError(f"{path}: expected {len(args)} items")
    return tuple(from_wire(v, args[i], f"{path}[{i}]", depth + 1) for i, v in enumerate(data))


@cache
def _rules_of(options: tuple[tuple[str, Any], ...]) -> Rules:
    return make_rules(dict(options))


def _rules(data: Any, path: str) -> Rules:
    if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
        raise CodecError(f"{path}: expected the rules' options")
    try:
        options = tuple(sorted((k, _plain(v, path, 1)) for k, v in data.items()))
        return _rules_of(options)
    except (RulesError, TypeError, ValueError) as err:
        raise CodecError(f"{path}: rules the engine does not take") from err


def _dataclass(data: Any, cls: type, path: str, depth: int) -> Any:
    if not isinstance(data, dict):
        raise CodecError(f"{path}: expected an object")
    known = _fields(cls)
    names = {name for name, _, _ in known}
    extra = [k for k in data if k not in names]
    if extra:
        raise CodecError(f"{path}: unexpected field")
    values = {}
    for name, tp, required in known:
        if name not in data:
            if required:
                raise CodecError(f"{path}.{name}: missing")
            continue
        values[name] = from_wire(data[name], tp, f"{path}.{name}", depth + 1)
    try:
        return cls(**values)
    except (TypeError, ValueError) as err:
        raise CodecError(f"{path}: not a {cls.__name__}") from err


def event_from_wire(data: Any) -> FeedEvent:
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise CodecError("$: an event without its type")
    cls = _BY_NAME.get(data["type"])
    if cls is None:
        raise CodecError("$: an unknown event")
    body = {k: v for k, v in data.items() if k != "type"}
    return typing.cast(FeedEvent, from_wire(body, cls))


def snapshot_from_wire(data: Any) -> Snapshot:
    return typing.cast(Snapshot, from_wire(data, Snapshot))


def chairs_from_wire(data: Any) -> tuple[Chair, ...]:
    return typing.cast(tuple[Chair, ...], from_wire(data, tuple[Chair, ...]))


__all__ = [
    "EVENT_TYPES",
    "CodecError",
    "chairs_from_wire",
    "event_from_wire",
    "event_to_wire",
    "from_wire",
    "snapshot_from_wire",
    "to_wire",
]
