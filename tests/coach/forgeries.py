"""Forged review files (issue 22, part 2): an honest kept review of a real match, and the ways a
hostile or damaged ``<record>.review`` can differ from it. Each forgery is re-signed with the
file's public, unkeyed sha256 (computed here, not by the code under test), so a right digest
is exactly what a forger has; only the fields can tell it is not ours.

Used by the cache's own tests (:mod:`tests.coach.test_kept_review`), by ``domino analyze``'s
(:mod:`tests.cli.test_analyze_forged`) and by the app's Review (:mod:`tests.app`)."""

from __future__ import annotations

import copy
import hashlib
import json
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from domino_tui.coach import cache, report
from domino_tui.coach.review import positions
from domino_tui.engine.match import Match
from domino_tui.engine.record import dumps, make_record
from domino_tui.storage import LoadedRecord, load_record
from tests.cli.helpers import find_match

BUDGET = 200  # the review's budget in these tests (``domino analyze --budget 200``)
SEATS = [
    {"name": "Маша", "kind": "human", "level": None},
    {"name": "Bot", "kind": "bot", "level": "greedy"},
]
# what a terminal obeys: set the title and ring (OSC 0 … BEL), clear the screen (CSI), the C1
# CSI byte alone, a bidirectional override that makes text read backwards
ESCAPES = ("\x1b]0;PWNED\x07", "\x1b[2J\x1b[H", "\x9b31m", "\u202edesrever")
EVIL = ESCAPES[0]


@dataclass(frozen=True)
class Kept:
    """A record of a real match with its honest review kept beside it."""

    record: Path
    loaded: LoadedRecord
    review: report.Review
    data: dict[str, Any]  # the honest file, as JSON data

    @property
    def digest(self) -> str:
        return str(self.loaded.record["digest"])

    @property
    def match(self) -> Match:
        return self.loaded.match

    def read(self) -> tuple[report.Review | None, bool]:
        return cache.read(self.record, self.digest, self.match, (0,), 0, BUDGET)


def a_match() -> Match:
    """A short 2-player match of greedy and random bots, with decisions that lose something."""
    return find_match({"players": 2, "target": 13}, lambda m: len(m.results) <= 3)


def make_kept(folder: Path) -> Kept:
    """The record in ``folder`` and its honest review of seat 0 (the human), kept beside it."""
    record = folder / "game.json"
    match = a_match()
    record.write_text(dumps(make_record(match, [dict(s) for s in SEATS], "kozel")), "utf-8")
    loaded = load_record(str(record))
    review = report.analyze(loaded.match, (0,), budget=BUDGET)
    assert review.reasons, "the match should have decisions that lost something"
    digest = str(loaded.record["digest"])
    cache.save(record, review, digest, 0, BUDGET)
    data = json.loads(cache.cache_path(record).read_text("utf-8"))
    return Kept(record, loaded, review, data)


def signed(data: dict[str, Any]) -> str:
    """``data`` as a file with a right digest of its body (as a forger would write it)."""
    body = {k: v for k, v in data.items() if k != "check"}
    check = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()
    return json.dumps({**body, "check": check})


def write(kept: Kept, content: str | bytes) -> None:
    path = cache.cache_path(kept.record)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, "utf-8")


def unsafe_chars(text: str) -> list[str]:
    """The characters of ``text`` a terminal would obey rather than show (a newline is fine)."""
    return [
        ch
        for ch in text
        if ch != "\n" and (unicodedata.category(ch) in ("Cc", "Cf", "Cs") or ch == "\x1b")
    ]


# --- where the honest file has what ---------------------------------------------------------


def lost_row(data: dict[str, Any]) -> int:
    """The index of the first decision that lost something (it has reasons)."""
    return next(k for k, row in enumerate(data["decisions"]) if row[5] > 0)


def kept_row(data: dict[str, Any]) -> int:
    """The index of the first counted decision that lost nothing."""
    return next(k for k, row in enumerate(data["decisions"]) if row[5] == 0 and row[8])


def first_reason(data: dict[str, Any]) -> dict[str, Any]:
    reason: dict[str, Any] = data["reasons"][0][2][0]
    return reason


def illegal_here(match: Match, data: dict[str, Any], k: int) -> int:
    """A play legal somewhere in the match but not at decision ``k``: it looks like a move."""
    rnd, index = data["decisions"][k][:2]
    legal: dict[tuple[int, int], frozenset[int]] = {}
    for r, i, then, _code in positions(match):
        legal[r, i] = frozenset(then.legal_actions())
    here = legal[rnd, index]
    return min(c for codes in legal.values() for c in codes if c >= 0 and c not in here)


def text_paths(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every string in the file (keys included: ``("key", name)``)."""
    if isinstance(value, str):
        yield at
    elif isinstance(value, list):
        for k, x in enumerate(value):
            yield from text_paths(x, (*at, k))
    elif isinstance(value, dict):
        for key, x in value.items():
            yield (*at, ("key", key))
            yield from text_paths(x, (*at, key))


def replaced(data: dict[str, Any], path: tuple[Any, ...], new: Any) -> dict[str, Any]:
    """A deep copy of ``data`` with the value (or the key) at ``path`` replaced by ``new``."""
    out = copy.deepcopy(data)
    holder: Any = out
    for step in path[:-1]:
        holder = holder[step]
    last = path[-1]
    if isinstance(last, tuple):  # a key: renamed, its value kept
        holder[new] = holder.pop(last[1])
    else:
        holder[last] = new
    return out


# --- the forgeries ----------------------------------------------------------------------------

Forge = Callable[[dict[str, Any], Match], dict[str, Any] | str | bytes]


def _set(path: Callable[[dict[str, Any]], tuple[Any, ...]], value: Any) -> Forge:
    return lambda data, _match: replaced(data, path(data), value)


def _decision(field: int, value: Any, row: Callable[[dict[str, Any]], int] = lost_row) -> Forge:
    return _set(lambda d: ("decisions", row(d), field), value)


def _reason(field: str, value: Any) -> Forge:
    return _set(lambda _d: ("reasons", 0, 2, 0, field), value)


def _luck(field: int, value: Any) -> Forge:
    return _set(lambda _d: ("luck", 0, field), value)


def _illegal_best(data: dict[str, Any], match: Match) -> dict[str, Any]:
    k = lost_row(data)
    return replaced(data, ("decisions", k, 4), illegal_here(match, data, k))


def _illegal_other(data: dict[str, Any], match: Match) -> dict[str, Any]:
    k = lost_row(data)
    out = replaced(data, ("reasons", 0, 2, 0, "kind"), "fish_lose")
    return replaced(out, ("reasons", 0, 2, 0, "other"), illegal_here(match, data, k))


def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def _with(key: str, value: Any) -> Forge:
    return lambda data, _match: {**data, key: value}


# name -> forgery; every one of them is refused, and the match reviewed afresh
FORGERIES: dict[str, Forge] = {
    # text a terminal obeys, in every text field (and a few more in test_kept_review)
    "escape codes in a label": _decision(7, EVIL),
    "escape codes in a reason's kind": _reason("kind", EVIL),
    "escape codes as a reason's field name": lambda d, _m: replaced(
        d, ("reasons", 0, 2, 0, ("key", "kind")), EVIL
    ),
    "escape codes in a field of its own": _with(EVIL, EVIL),
    "a C1 control in a label": _decision(7, "\x9b31mblunder"),
    # seats and moves that are not the match's
    "a decision by seat 99": _decision(2, 99),
    "a decision by seat -1": _decision(2, -1),
    "a decision by the seat not reviewed": _decision(2, 1),
    "a best move code 999": _decision(4, 999),
    "a played move code 999": _decision(3, 999),
    "a best move legal elsewhere, not here": _illegal_best,
    "a decision moved to round 99": _decision(0, 99),
    "a decision at index -3": _decision(1, -3),
    "a reason about seat 99": _reason("seat", 99),
    "a reason about seat -7": _reason("seat", -7),
    "a reason naming move 999": _reason("other", 999),
    "a reason naming a move legal elsewhere": _illegal_other,
    "a reason of an unknown kind": _reason("kind", "gives_up_the_ghost"),
    "a reason with number 99": _reason("numbers", [99]),
    "a reason with a negative number": _reason("numbers", [-1]),
    "a 'last' reason without its number": lambda d, _m: replaced(
        replaced(d, ("reasons", 0, 2, 0, "kind"), "last"), ("reasons", 0, 2, 0, "numbers"), []
    ),
    "a reason with tile 999": _reason("tiles", [999]),
    "a 'shed' reason without its tiles": lambda d, _m: replaced(
        replaced(d, ("reasons", 0, 2, 0, "kind"), "shed"), ("reasons", 0, 2, 0, "tiles"), []
    ),
    "a 'void' reason about the deciding seat": lambda d, _m: replaced(
        replaced(d, ("reasons", 0, 2, 0, "kind"), "void"), ("reasons", 0, 2, 0, "seat"), 0
    ),
    "a reason with 10**400 pips": _reason("pips", 10**400),
    "reasons for a decision that lost nothing": lambda d, _m: replaced(
        d, ("reasons", 0), [*d["decisions"][kept_row(d)][:2], d["reasons"][0][2]]
    ),
    "a luck of the seat not reviewed": _luck(1, 1),
    "a luck of round 99": _luck(0, 99),
    "a blunder that lost nothing": _decision(7, "blunder", kept_row),
    "a loss with the wrong label": _decision(5, 0.5),
    "a decision twice": lambda d, _m: {**d, "decisions": [d["decisions"][0], *d["decisions"][:-1]]},
    "decisions out of order": lambda d, _m: {**d, "decisions": d["decisions"][::-1]},
    # numbers that are not finite or not bounded
    "a loss that is NaN": _decision(5, float("nan")),
    "a loss that is infinite": _decision(5, float("inf")),
    "a loss of 1e308": _decision(5, 1e308),
    "a negative loss": _decision(5, -3.0),
    "an error that is NaN": _decision(6, float("nan")),
    "a luck of 1e308": _luck(2, 1e308),
    "a luck of minus infinity": _luck(3, float("-inf")),
    "a negative luck error": _luck(4, -1.0),
    "a reason's value of 1e308": _reason("value", 1e308),
    "a loss of 10**400": _decision(5, 10**400),
    # sizes
    "ten thousand decisions": lambda d, _m: {**d, "decisions": d["decisions"] * 300},
    "a luck list of 50000 zeros": _with("luck", [0] * 50_000),
    "a reason list of 1000": lambda d, _m: replaced(d, ("reasons", 0, 2), [first_reason(d)] * 1000),
    "a file over the cap": lambda d, _m: " " * (cache.CACHE_CAP + 1) + signed(d),
    "a label of a megabyte": _decision(7, "x" * (1 << 20)),
    "a label of 100000 letters": _decision(7, "x" * 100_000),
    # types
    "a round as text": _decision(0, "1"),
    "a round as a float": lambda d, _m: replaced(d, ("decisions", 0, 0), 1.0),
    "a seat as true": lambda d, _m: replaced(d, ("decisions", 0, 2), False),
    "counted as text": _decision(8, "yes"),
    "a decision as an object": lambda d, _m: replaced(d, ("decisions", 0), {"round": 1}),
    "a decision of eight fields": lambda d, _m: replaced(
        d, ("decisions", 0), d["decisions"][0][:8]
    ),
    "decisions as null": _with("decisions", None),
    "luck as an object": _with("luck", {}),
    "reasons as text": _with("reasons", EVIL),
    "a reason as a list": _set(lambda _d: ("reasons", 0, 2, 0), [EVIL]),
    "a reason without its kind": lambda d, _m: replaced(
        d, ("reasons", 0, 2, 0), {k: v for k, v in first_reason(d).items() if k != "kind"}
    ),
    "sure as 1": _reason("sure", 1),
    "the file as a list": lambda d, _m: json.dumps([d]),
    # shapes a parser may choke on
    "deep nesting in a field": _reason("numbers", _nested(40)),
    "a million brackets": lambda _d, _m: "[" * 1_000_000,
    "truncated JSON": lambda d, _m: signed(d)[: len(signed(d)) // 2],
    "an empty file": lambda _d, _m: "",
    "not UTF-8": lambda d, _m: b"\xff\xfe" + signed(d).encode(),
    "a number of 5000 digits": lambda d, _m: signed(d).replace(
        '"seed": 0', '"seed": ' + "9" * 5000
    ),
    "a changed loss with the old digest": lambda d, _m: json.dumps(
        replaced(d, ("decisions", lost_row(d), 5), 99.0)
    ),
}
# forgeries that claim another review (another format, record or budget): replaced quietly
STALE_FORGERIES: dict[str, Forge] = {
    "escape codes in the format": _with("format", EVIL),
    "escape codes in the record's digest": _with("record", EVIL),
    "another budget's review": _with("budget", BUDGET // 2),
    "a budget as a float": _with("budget", float(BUDGET)),
}
STALE = frozenset(STALE_FORGERIES)
FORGERIES.update(STALE_FORGERIES)


def forged(kept: Kept, name: str) -> str | bytes:
    """The file of forgery ``name`` (signed unless the forgery wrote the whole text)."""
    made = FORGERIES[name](kept.data, kept.match)
    return made if isinstance(made, str | bytes) else signed(made)
