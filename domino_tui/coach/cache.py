"""The review kept next to its record, so that the second look at a match is instant.

The cache file is the record's name plus ``.review`` (not ``.json``: the archive lists only
``.json`` files as records). It is keyed by the record's digest, the review's seed and budget,
the seats reviewed and :data:`VERSION`; it carries a digest of its own body. A cache that does
not match all of these, or is damaged, foreign or hostile, is ignored (and rewritten by the next
review): it is read through :mod:`domino_tui.storage.reading` like every other file and never
trusted. Writing is best effort: a folder that cannot be written only costs the next review.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..bots.explain import Reason
from ..storage.reading import KIB, FileRefused, parse_json, read_text
from . import report
from .luck import Luck
from .report import Review
from .review import LABELS, REVIEW_BUDGET, Decision

if TYPE_CHECKING:
    from ..engine.match import Match

FORMAT = "domino-tui/review"
VERSION = 3  # 2: the end solved exactly, batches, luck against fresh deals; 3: luck as a chain
# of values to the round's result (the others' moves, the goat's price, the residual)
CACHE_CAP = 512 * KIB
SUFFIX = ".review"
_LABELS = {""} | {name for name, _ in LABELS}


def cache_path(record: Path) -> Path:
    return record.with_name(record.name + SUFFIX)


def _key(digest: str, seats: tuple[int, ...], seed: int, budget: int) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "record": digest,
        "seats": list(seats),
        "seed": seed,
        "budget": budget,
    }


def _sign(body: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def _reason_dict(r: Reason) -> dict[str, Any]:
    return {
        "kind": r.kind,
        "seat": r.seat,
        "numbers": list(r.numbers),
        "tiles": list(r.tiles),
        "pips": r.pips,
        "value": r.value,
        "sure": r.sure,
        "exact": r.exact,
        "other": r.other,
    }


def to_dict(review: Review, digest: str, seed: int, budget: int) -> dict[str, Any]:
    body = _key(digest, review.seats, seed, budget)
    body["decisions"] = [
        [d.round, d.index, d.seat, d.played, d.best, d.loss, d.error, d.label, d.counted]
        for d in review.decisions
    ]
    body["luck"] = [
        [x.round, x.seat, x.deal, x.draws, x.error, x.others, x.price, x.result, x.result_price,
         x.residual, x.residual_error]
        for x in review.luck
    ]  # fmt: skip
    body["reasons"] = [
        [r, i, [_reason_dict(x) for x in why]] for (r, i), why in sorted(review.reasons.items())
    ]
    body["check"] = _sign(body)
    return body


def _num(x: Any) -> float:
    if isinstance(x, bool) or not isinstance(x, int | float) or not math.isfinite(x):
        raise ValueError("not a number")
    return float(x)


def _int(x: Any) -> int:
    if isinstance(x, bool) or not isinstance(x, int):
        raise ValueError("not an integer")
    return x


def _decision(row: Any) -> Decision:
    r, i, seat, played, best, loss, error, label, counted = row
    if label not in _LABELS or not isinstance(counted, bool):
        raise ValueError("bad decision")
    return Decision(
        _int(r), _int(i), _int(seat), _int(played), _int(best), _num(loss), _num(error),
        label, counted,
    )  # fmt: skip


def _luck(row: Any) -> Luck:
    r, s, deal, draws, error, *rest = row
    others, price, result, result_price, residual, residual_error = (_num(x) for x in rest)
    return Luck(
        _int(r), _int(s), _num(deal), _num(draws), _num(error), others, price, result,
        result_price, residual, residual_error,
    )  # fmt: skip


def _reason(d: Any) -> Reason:
    if not isinstance(d["kind"], str) or not isinstance(d["sure"], bool):
        raise ValueError("bad reason")
    return Reason(
        d["kind"],
        _int(d["seat"]),
        tuple(_int(n) for n in d["numbers"]),
        tuple(_int(n) for n in d["tiles"]),
        _int(d["pips"]),
        _num(d["value"]),
        d["sure"],
        bool(d["exact"]),
        _int(d["other"]),
    )


def from_dict(data: Any, digest: str, seats: tuple[int, ...], seed: int, budget: int) -> Review:
    """The review kept in ``data``; ValueError (and friends) when it is not exactly ours."""
    if not isinstance(data, dict):
        raise ValueError("not an object")
    body = {k: v for k, v in data.items() if k != "check"}
    if data.get("check") != _sign(body):
        raise ValueError("changed since it was written")
    if {k: body.get(k) for k in _key(digest, seats, seed, budget)} != _key(
        digest, seats, seed, budget
    ):
        raise ValueError("another record or another review")
    decisions = tuple(_decision(row) for row in body["decisions"])
    luck = tuple(_luck(row) for row in body["luck"])
    reasons = {(_int(r), _int(i)): tuple(_reason(x) for x in why) for r, i, why in body["reasons"]}
    return Review(seats, decisions, luck, reasons)


def load(
    record: Path, digest: str, seats: tuple[int, ...], seed: int, budget: int
) -> Review | None:
    """The cached review of this record and these settings, or None (missing or not trusted)."""
    try:
        text = read_text(cache_path(record), CACHE_CAP, "the review cache")
        return from_dict(parse_json(text, "the review cache"), digest, seats, seed, budget)
    except (OSError, FileRefused, ValueError, TypeError, KeyError, AttributeError):
        return None


def save(record: Path, review: Review, digest: str, seed: int, budget: int) -> None:
    """Keep ``review`` next to ``record`` (written whole, then renamed into place)."""
    path = cache_path(record)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(json.dumps(to_dict(review, digest, seed, budget)), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()


def reviewed(
    record: Path,
    digest: str,
    match: Match,
    seats: tuple[int, ...],
    *,
    seed: int = 0,
    budget: int = REVIEW_BUDGET,
    progress: Callable[[int, int], None] | None = None,
    workers: int = 1,
) -> Review:
    """The kept review of ``match`` (the record at ``record``), or a fresh one, then kept: the
    one way in for ``domino analyze`` and the app's Review, so both share one cache."""
    kept = load(record, digest, seats, seed, budget)
    if kept is not None:
        return kept
    review = report.analyze(
        match, seats, seed=seed, budget=budget, progress=progress, workers=workers
    )
    save(record, review, digest, seed, budget)
    return review
