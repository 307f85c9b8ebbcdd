"""Every bot decision runs here, with a time limit: no bot can hang the program (issue 22).

A plugin's ``choose`` is someone else's code: it may sleep for ever, loop, raise or answer with
junk. Python threads cannot be killed, so each caller owns a :class:`Worker` — one daemon thread
that runs calls one at a time — and waits for an answer no longer than the limit (and, when it
is given a ``cancelled`` test, only until that says stop: a closing app). A call that overruns
is abandoned in its thread; the worker is then *busy* until the call returns, and is never asked
again meanwhile (asking a stuck bot again would only queue behind the stuck call, or run the same
bot object in two threads at once).

:class:`BotTable` is the seats' side of it: each seat's bot has its own worker, and a decision
that overruns, raises, or names an action that is not legal gets a *stand-in* move — what the
greedy bot plays in that view, so the same view always gets the same stand-in — and a
:class:`Fault` that says which seat, which bot and what went wrong. A match with a stand-in move
is marked (``Match.stand_ins``, kept in its record) and kept out of the rating.

Daemon threads do not keep the interpreter alive, but a process that ends normally still waits
for what the standard library joins (the event loop's executor, ``concurrent.futures``): the app
therefore ends with ``os._exit`` when :func:`running` says a call is still in a thread (see
``cli/play.py``).
"""

from __future__ import annotations

import operator
import queue
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..engine.record import STAND_IN_KINDS
from ..engine.view import SeatView
from ..text import clean
from .base import Bot
from .simple import GreedyBot

if TYPE_CHECKING:
    from ..engine.match import Match

T = TypeVar("T")

TABLE_LIMIT = 10.0  # seconds a decision at the table: the built-in levels answer in under two
BATCH_LIMIT = 60.0  # sim and arena: clocks are off there, a heavy search may think long
HINT_LIMIT = 10.0  # a hint, the tutor's look: the player is waiting
REVIEW_LIMIT = 900.0  # a whole match's review in the replay viewer (its progress is shown)
POLL = 0.05  # how often a waiting caller asks ``cancelled``
IDLE = 30.0  # seconds a worker's thread waits for the next call before it ends
DETAIL_LIMIT = 120  # characters of an exception's text kept in a fault
BOT_NAME_LIMIT = 60  # (as a record allows) characters of a bot's name kept in a match's mark

KINDS = STAND_IN_KINDS  # what a stand-in's mark in a record may say
OVERRAN, RAISED, ILLEGAL, AWAY = KINDS

_lock = threading.Lock()
_running = 0  # calls started in any worker and not yet returned


def running() -> int:
    """How many calls are still running in workers' threads (abandoned ones included)."""
    with _lock:
        return _running


def _count(step: int) -> None:
    global _running
    with _lock:
        _running += step


def leave_if_stuck(code: int) -> None:
    """End the process now, with ``code``, if a call is still in a worker's thread.

    Called once an app has closed (its autosave done, the terminal given back): a stuck bot's
    daemon thread cannot be killed, and what the interpreter joins on the way out (the event
    loop's executor, ``concurrent.futures``) could wait on it for ever. ``os._exit`` skips that
    wait; the output streams and the log files are flushed first."""
    if not running():
        return
    import contextlib
    import logging
    import os
    import sys

    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):  # a closed or broken stream: nothing more to say
            stream.flush()
    os._exit(code)


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """What became of one call: its value, or the exception it raised, or that it overran the
    limit (or found the worker still busy with an overrun call), or that the caller stopped
    waiting (``cancelled``)."""

    value: T | None = None
    error: BaseException | None = None
    overran: bool = False
    cancelled: bool = False

    @property
    def ok(self) -> bool:
        return self.error is None and not self.overran and not self.cancelled


class _Job:
    __slots__ = ("call", "done", "error", "overran", "value")

    def __init__(self, call: Callable[[], Any]) -> None:
        self.call = call
        self.done = threading.Event()
        self.value: Any = None
        self.error: BaseException | None = None
        self.overran = False  # its caller gave up on it at the limit


class Worker:
    """One daemon thread, started on first use, that runs calls one at a time."""

    def __init__(self, name: str = "domino-bot") -> None:
        self.name = name
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()  # None: stop
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._current: _Job | None = None  # the call in the thread, finished or not

    @property
    def busy(self) -> bool:
        """A call is still in the thread (one that overran, or whose caller stopped waiting)."""
        job = self._current
        return job is not None and not job.done.is_set()

    def call(
        self,
        fn: Callable[[], T],
        limit: float,
        cancelled: Callable[[], bool] | None = None,
    ) -> Outcome[T]:
        """Run ``fn`` in the thread and wait up to ``limit`` seconds for it. A call still in the
        thread because its caller stopped waiting (an undo, a closed screen) is let finish
        first, within this limit; one that overran makes this call answer ``overran`` at once.
        Exceptions come back in the outcome, never raised."""
        deadline = time.monotonic() + max(0.0, limit)
        earlier = self._current
        if earlier is not None and not earlier.done.is_set():
            if earlier.overran:
                return Outcome(overran=True)
            waited = self._wait(earlier, deadline, cancelled)
            if waited is not None:
                return waited
        job = _Job(fn)
        self._current = job
        _count(1)
        with self._lock:  # the thread cannot stop idle between this check and the job's put
            if self._thread is None:
                self._thread = threading.Thread(target=self._serve, name=self.name, daemon=True)
                self._thread.start()
            self._jobs.put(job)
        waited = self._wait(job, deadline, cancelled)
        if waited is not None:
            return waited
        if job.error is not None:
            return Outcome(error=job.error)
        return Outcome(value=job.value)

    @staticmethod
    def _wait(
        job: _Job, deadline: float, cancelled: Callable[[], bool] | None
    ) -> Outcome[Any] | None:
        """None once ``job`` is done; the outcome that ends the wait otherwise (overran at the
        deadline, which marks the job, or cancelled)."""
        while True:
            left = deadline - time.monotonic()
            step = left if cancelled is None else min(left, POLL)
            if job.done.wait(max(0.0, step)):
                return None
            if cancelled is not None and cancelled():
                return Outcome(cancelled=True)
            if time.monotonic() >= deadline:
                job.overran = True
                return Outcome(overran=True)

    def close(self) -> None:
        """Let the thread end once it is idle (a call still in it finishes first)."""
        with self._lock:
            if self._thread is not None:
                self._jobs.put(None)
                self._thread = None

    def _serve(self) -> None:
        """Run jobs until closed, or until idle for :data:`IDLE` seconds (a table left
        without a word); the next call then starts a new thread."""
        while True:
            try:
                job = self._jobs.get(timeout=IDLE)
            except queue.Empty:
                with self._lock:
                    if self._jobs.empty() and self._thread is threading.current_thread():
                        self._thread = None
                        return
                continue
            if job is None:
                return
            try:
                job.value = job.call()
            except BaseException as err:  # a bot's SystemExit must not end the worker
                job.error = err
            finally:
                _count(-1)
                job.done.set()


@dataclass(frozen=True)
class Fault:
    """One decision a bot did not make: its seat (0-based), its name as given, what happened
    (:data:`KINDS`) and a short detail (the limit in seconds, the exception, the junk code)."""

    seat: int
    bot: str
    kind: str
    detail: str

    def words(self, lang: str) -> str:
        """One line in the player's language: who failed, how, and that a stand-in moved."""
        from ..i18n import tr

        detail = self.detail
        if self.kind == OVERRAN:  # the seconds with the language's decimal mark: «0,5 с»
            detail = detail.replace(".", tr("num.decimal_point", lang))
        return tr(
            f"fault.{self.kind}", lang, bot=clean(self.bot, 40), seat=self.seat + 1, detail=detail
        )


@dataclass(frozen=True)
class Decision:
    code: int
    fault: Fault | None = None
    first: bool = False  # the seat's first fault of this kind: the one that is reported


def stand_in(view: SeatView) -> int:
    """The move played for a bot that failed: the greedy bot's, a pure function of the view."""
    return GreedyBot().choose(view)


def seconds(limit: float) -> str:
    """A limit as a player reads it: ``10``, ``0.5``."""
    return f"{limit:g}"


def error_text(err: BaseException) -> str:
    """``ValueError: boom`` from a bot's exception: one clean, bounded line, whatever its
    ``__str__`` does."""
    try:
        text = f"{type(err).__name__}: {err}"
    except Exception:  # a hostile __str__
        text = type(err).__name__
    return clean(text, DETAIL_LIMIT)


def shown(value: object) -> str:
    """A bot's junk answer as a short clean text, whatever its ``__repr__`` does."""
    try:
        text = repr(value)[:200]
    except Exception:
        text = f"a {type(value).__name__}"
    return clean(text, 40)


def as_code(answer: object, view: SeatView) -> int | None:
    """A bot's answer as one of the view's legal codes, or None: a whole number (a numpy
    integer too) that is legal; a bool, a float, text or an illegal number is not."""
    if isinstance(answer, bool):
        return None
    try:
        code = operator.index(answer)  # type: ignore[arg-type]
    except Exception:
        return None
    return code if code in view.legal else None


class BotTable:
    """The bots of one match, each with its own worker; :meth:`decide` never hangs or raises.

    Each seat's first fault of a kind is ``first`` (the one a caller reports in a line); the
    match's mark is the caller's to keep (:func:`mark`)."""

    def __init__(
        self,
        bots: Mapping[int, Bot] | Sequence[Bot],
        names: Mapping[int, str] | Sequence[str],
        limit: float,
        benched: set[str] | None = None,
    ) -> None:
        """``benched``, shared by the tables of a run (the arena's matches), names the bots
        that have overrun once: they are not waited for again, a stand-in moves at once.
        Without it a seat's bot is asked again once its overrun call has returned."""
        self.bots = bots  # by seat; read at each decision (the table may swap a seat's bot)
        self.names = names
        self.limit = limit
        self.benched = benched
        self.workers: dict[int, Worker] = {}
        self.reported: set[tuple[int, str]] = set()

    def decide(
        self, seat: int, view: SeatView, cancelled: Callable[[], bool] | None = None
    ) -> Decision | None:
        """The seat's move in ``view``; None only when ``cancelled`` said stop first."""
        bot = self.bots[seat]

        def attempt() -> int | tuple[str, str]:
            """The bot's legal code, or what went wrong in words: worded here, in the bot's
            thread under the deadline, since a hostile exception's text can hang too."""
            try:
                code = bot.choose(view)
            except Exception as err:
                return RAISED, error_text(err)
            legal = as_code(code, view)
            return (ILLEGAL, shown(code)) if legal is None else legal

        outcome: Outcome[int | tuple[str, str]]
        if self.benched is not None and self.names[seat] in self.benched:
            outcome = Outcome(overran=True)
        else:
            worker = self.workers.setdefault(seat, Worker(f"domino-bot-{seat + 1}"))
            outcome = worker.call(attempt, self.limit, cancelled)
        if outcome.cancelled:
            return None
        value = outcome.value
        if isinstance(value, int):
            return Decision(value)
        if outcome.overran:
            kind, detail = OVERRAN, seconds(self.limit)
            if self.benched is not None:
                self.benched.add(self.names[seat])
        elif outcome.error is not None:  # SystemExit, KeyboardInterrupt: named, not worded
            kind, detail = RAISED, type(outcome.error).__name__
        else:
            assert value is not None
            kind, detail = value
        first = (seat, kind) not in self.reported
        self.reported.add((seat, kind))
        return Decision(stand_in(view), Fault(seat, self.names[seat], kind, detail), first)

    def close(self) -> None:
        """The match is over: the seats' threads end once idle (a stuck one never does)."""
        for worker in self.workers.values():
            worker.close()


def mark(match: Match, fault: Fault) -> None:
    """Count a stand-in move in the match's mark (``Match.stand_ins``: per seat and kind, the
    bot and its stand-in moves), which keeps the match out of the rating."""
    for entry in match.stand_ins:
        if entry["seat"] == fault.seat and entry["kind"] == fault.kind:
            entry["moves"] += 1
            return
    match.stand_ins.append(
        {
            "seat": fault.seat,
            "bot": clean(fault.bot, BOT_NAME_LIMIT),
            "kind": fault.kind,
            "moves": 1,
        }
    )
