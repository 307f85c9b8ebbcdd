"""The review kept next to its record, so that the second look at a match is instant.

The cache file is the record's name plus ``.review`` (not ``.json``: the archive lists only
``.json`` files as records). It is keyed by the record's digest, the review's seed and budget,
the seats reviewed and :data:`VERSION`; it carries a digest of its own body. A cache of another
key is stale and replaced quietly. One that claims this key is still data from outside: anyone
who can write the data folder can forge it, digest and all, so it is read through
:mod:`domino_tui.storage.reading` like every other file (a regular file, capped in size before a
byte is read, shallow JSON) and every field is checked against the match it reviews
(:mod:`.checked`); anything that is not exactly a review of this match is thrown away and the
match reviewed afresh, and the caller may say so. It is written private to its owner, as records
are. Writing is best effort: a folder that cannot be written only costs the next review.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..bots.explain import Reason
from ..storage.reading import KIB, parse_json, read_text
from . import report
from .checked import Invalid, review_of
from .report import Review
from .review import REVIEW_BUDGET

if TYPE_CHECKING:
    from ..engine.match import Match

FORMAT = "domino-tui/review"
VERSION = 4  # 2: the end solved exactly, batches, luck against fresh deals; 3: luck as a chain
# of values to the round's result (the others' moves, the goat's price, the residual); 4: the
# master's judgement (exact deals, play model, its endgame; issue 26)
CACHE_CAP = 512 * KIB  # checked before a byte is read
MAX_DEPTH = 8  # a review nests 6 deep (its reasons' numbers); a deeper file is not read
SUFFIX = ".review"


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


class Stale(Exception):
    """A review of another record, seats, seed, budget or version: replaced without a word."""


_FIELDS = frozenset({*_key("", (), 0, 0), "decisions", "luck", "reasons", "check"})


def from_dict(
    data: Any, digest: str, match: Match, seats: tuple[int, ...], seed: int, budget: int
) -> Review:
    """The review of ``match`` kept in ``data``: :class:`Stale` when it is another review,
    :class:`~.checked.Invalid` when it claims to be this one and is not (the digest of its body
    only tells an accident: a forged file carries a right one, so every field is checked
    against the match all the same)."""
    key = _key(digest, seats, seed, budget)
    if not isinstance(data, dict):
        raise Invalid("not an object")
    if any(not _equal(data.get(k), v) for k, v in key.items()):
        raise Stale
    if set(data) != _FIELDS:
        raise Invalid("fields that are not a review's")
    body = {k: v for k, v in data.items() if k != "check"}
    if data["check"] != _sign(body):
        raise Invalid("changed since it was written")
    return review_of(body, match, seats)


def _equal(x: Any, want: Any) -> bool:
    """``x == want`` with the types too (``true`` is not 1, ``1.0`` not ``1``)."""
    if isinstance(want, list):
        return isinstance(x, list) and len(x) == len(want) and all(map(_equal, x, want))
    return type(x) is type(want) and x == want


def read(
    record: Path, digest: str, match: Match, seats: tuple[int, ...], seed: int, budget: int
) -> tuple[Review | None, bool]:
    """(the kept review of this record and these settings, or None; whether a file was there
    that is not valid: damaged, forged, not a regular file, too large or too deep)."""
    path = cache_path(record)
    try:
        text = read_text(path, CACHE_CAP, "the review cache")
        data = parse_json(text, "the review cache", max_depth=MAX_DEPTH)
        return from_dict(data, digest, match, seats, seed, budget), False
    except FileNotFoundError:
        return None, False
    except Stale:
        return None, False
    except (OSError, ValueError, TypeError, KeyError, IndexError, RecursionError):
        return None, True  # FileRefused and Invalid are ValueErrors; the rest a bug's safety net


def load(
    record: Path, digest: str, match: Match, seats: tuple[int, ...], seed: int, budget: int
) -> Review | None:
    """The cached review of this record and these settings, or None (missing or not valid)."""
    return read(record, digest, match, seats, seed, budget)[0]


def save(record: Path, review: Review, digest: str, seed: int, budget: int) -> None:
    """Keep ``review`` next to ``record`` (written whole under a fresh private temporary name,
    then renamed into place). Only a regular file of that name is replaced: nobody named the
    cache, so a fifo, a device, a folder or a symlink there (pointing anywhere) is left alone
    and the review simply not kept."""
    from ..storage.files import write_atomic

    path = cache_path(record)
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return
    except FileNotFoundError:
        pass
    except OSError:
        return
    with contextlib.suppress(OSError):
        write_atomic(path, json.dumps(to_dict(review, digest, seed, budget)))


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
    invalid: Callable[[], None] | None = None,
) -> Review:
    """The kept review of ``match`` (the record at ``record``), or a fresh one, then kept: the
    one way in for ``domino analyze`` and the app's Review, so both share one cache.
    ``invalid()`` is called before a fresh review when the kept one was there but not valid,
    so the caller can say why this look takes time."""
    kept, refused = read(record, digest, match, seats, seed, budget)
    if kept is not None:
        return kept
    if refused and invalid is not None:
        invalid()
    review = report.analyze(
        match, seats, seed=seed, budget=budget, progress=progress, workers=workers
    )
    save(record, review, digest, seed, budget)
    return review
