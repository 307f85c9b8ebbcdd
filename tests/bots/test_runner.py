"""No bot can hang the program (issue 22, part 3): every decision runs in a daemon worker with a
time limit; a bot that overruns, raises or answers junk gets a stand-in move (the greedy bot's,
a pure function of the view) and a fault; the match is marked, the mark survives the record,
and the statistics keep such a match out of the rating (K10: the rating counts honest matches).

The hanging bot waits on an event the fixture sets afterwards: no thread outlives its test. The
limits are tiny for the hanging bot and generous for honest ones, so no test depends on speed.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from domino_tui.bots import make_bot
from domino_tui.bots import runner as bot_runner
from domino_tui.bots.runner import BotTable, Worker, as_code, mark, stand_in
from domino_tui.bots.simple import GreedyBot
from domino_tui.engine.match import Match
from domino_tui.engine.record import RecordError, check_record, dumps, loads, make_record, replay
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import SeatView, seat_view

TWO = make_rules({"players": 2})
GENEROUS = 30.0  # an honest bot's limit: never reached
TINY = 0.05  # a hanging bot's limit
RELEASE = threading.Event()


@pytest.fixture(autouse=True)
def _release() -> Iterator[None]:
    RELEASE.clear()
    yield
    RELEASE.set()  # every hanging call returns: no thread outlives the test


class Hang:
    name = "hang"

    def choose(self, view: SeatView) -> int:
        RELEASE.wait()
        return view.legal[0]


class Boom:
    name = "boom"

    def choose(self, view: SeatView) -> int:
        raise ValueError("\x1b[2Jbad\n" + "x" * 5000)


class Answer:
    """Answers whatever it was given: the class of junk a plugin may return."""

    name = "answer"

    def __init__(self, value: object) -> None:
        self.value = value

    def choose(self, view: SeatView) -> Any:
        return self.value


def _view() -> SeatView:
    match = Match(TWO, 5)
    return seat_view(match, match.turn)


def test_a_worker_returns_values_and_errors_and_gives_up_at_the_limit() -> None:
    worker = Worker()
    assert worker.call(lambda: 7, GENEROUS).value == 7
    err = worker.call(lambda: 1 // 0, GENEROUS).error
    assert isinstance(err, ZeroDivisionError)
    start = time.monotonic()
    stuck = worker.call(RELEASE.wait, TINY)
    assert stuck.overran and time.monotonic() - start < GENEROUS
    assert worker.busy and bot_runner.running() >= 1
    again = worker.call(lambda: 7, GENEROUS)  # busy: not queued behind the stuck call
    assert again.overran
    RELEASE.set()
    deadline = time.monotonic() + GENEROUS
    while worker.busy and time.monotonic() < deadline:
        time.sleep(0.01)
    assert worker.call(lambda: 8, GENEROUS).value == 8  # free again once the call returned


def test_a_waiting_caller_stops_when_cancelled_however_long_the_limit() -> None:
    worker = Worker()
    stop = threading.Event()
    threading.Timer(0.1, stop.set).start()
    start = time.monotonic()
    outcome = worker.call(RELEASE.wait, 3600, cancelled=stop.is_set)
    assert outcome.cancelled and time.monotonic() - start < GENEROUS
    assert worker.busy  # the call itself is abandoned to its daemon thread


def test_a_call_its_caller_stopped_waiting_for_is_let_finish_by_the_next_one() -> None:
    """An undo while a bot thinks: the next decision waits for the earlier call (within its
    own limit) instead of calling a thinking bot a hanging one."""
    worker = Worker()
    assert worker.call(RELEASE.wait, 3600, cancelled=lambda: True).cancelled
    threading.Timer(0.1, RELEASE.set).start()
    assert worker.call(lambda: 5, GENEROUS).value == 5


def test_worker_threads_are_daemons() -> None:
    worker = Worker()
    worker.call(lambda: None, GENEROUS)
    assert worker._thread is not None and worker._thread.daemon


def test_a_hanging_bot_gets_the_stand_in_move_and_one_report() -> None:
    view = _view()
    table = BotTable([Hang()], ["hang"], TINY)
    first = table.decide(0, view)
    assert first is not None and first.fault is not None
    assert first.code == GreedyBot().choose(view) == stand_in(view)
    assert (first.fault.seat, first.fault.bot, first.fault.kind) == (0, "hang", "overran")
    assert first.first and first.fault.detail == "0.05"
    start = time.monotonic()
    second = table.decide(0, view)  # still stuck: the stand-in at once, not reported again
    assert second is not None and second.fault is not None and not second.first
    assert time.monotonic() - start < GENEROUS
    honest = BotTable([GreedyBot()], ["greedy"], GENEROUS).decide(0, view)
    assert honest is not None and honest.fault is None


def test_a_raising_bot_gets_a_clean_bounded_fault() -> None:
    view = _view()
    decision = BotTable([Boom()], ["boom"], GENEROUS).decide(0, view)
    assert decision is not None and decision.fault is not None
    assert decision.fault.kind == "raised" and decision.code in view.legal
    detail = decision.fault.detail
    assert detail.startswith("ValueError: ") and len(detail) <= bot_runner.DETAIL_LIMIT
    assert "\x1b" not in detail and "\n" not in detail
    for lang in ("en", "ru"):
        line = decision.fault.words(lang)
        assert "boom" in line and "\x1b" not in line and "\n" not in line


@pytest.mark.parametrize(
    "junk", [9999, -5, None, True, 1.0, "0", [0]], ids=lambda v: type(v).__name__ + repr(v)
)
def test_an_answer_that_is_no_legal_code_is_a_fault(junk: object) -> None:
    view = _view()
    decision = BotTable([Answer(junk)], ["answer"], GENEROUS).decide(0, view)
    assert decision is not None and decision.fault is not None
    assert decision.fault.kind == "illegal" and decision.code == stand_in(view)


class _Index:
    """A whole number that is no int: what a numpy integer looks like to Python."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_a_legal_whole_number_of_another_type_is_accepted() -> None:
    view = _view()
    decision = BotTable([Answer(_Index(view.legal[-1]))], ["answer"], GENEROUS).decide(0, view)
    assert decision is not None and decision.fault is None and decision.code == view.legal[-1]
    assert type(decision.code) is int


def test_a_legal_answer_goes_through_untouched() -> None:
    view = _view()
    for code in view.legal:
        decision = BotTable([Answer(code)], ["answer"], GENEROUS).decide(0, view)
        assert decision is not None and decision.fault is None and decision.code == code
    assert as_code(True, view) is None and as_code(view.legal[0], view) == view.legal[0]


def test_the_arena_benches_a_bot_that_overran_for_the_rest_of_the_run() -> None:
    benched: set[str] = set()
    view = _view()
    BotTable([Hang()], ["hang"], TINY, benched).decide(0, view)
    assert benched == {"hang"}
    fresh = Hang()
    decision = BotTable([fresh], ["hang"], 3600, benched).decide(0, view)
    assert decision is not None and decision.fault is not None and decision.fault.kind == "overran"


def _finished(seed: int = 4) -> Match:
    match = Match(TWO, seed)
    bots = [make_bot("greedy", s) for s in range(2)]
    while not match.over:
        match.apply(bots[match.turn].choose(seat_view(match, match.turn)))
    return match


def test_the_stand_in_mark_survives_the_record() -> None:
    match = _finished()
    view = _view()
    table = BotTable([Boom(), Boom()], ["plug\x1bin", "boom"], GENEROUS)
    for seat in (0, 0, 1):
        decision = table.decide(seat, view)
        assert decision is not None and decision.fault is not None
        mark(match, decision.fault)
    assert match.stand_ins == [
        {"seat": 0, "bot": "plug␛in", "kind": "raised", "moves": 2},
        {"seat": 1, "bot": "boom", "kind": "raised", "moves": 1},
    ]
    record = loads(dumps(make_record(match)))
    assert record["stand_ins"] == match.stand_ins
    assert replay(record).stand_ins == match.stand_ins
    plain = make_record(_finished())
    assert "stand_ins" not in plain  # an honest match's record (and digest) as before


@pytest.mark.parametrize(
    "marks",
    [
        "yes",
        [],
        [{"seat": 0, "bot": "x", "kind": "raised"}],
        [{"seat": 0, "bot": "x", "kind": "raised", "moves": 1, "more": 1}],
        [{"seat": 2, "bot": "x", "kind": "raised", "moves": 1}],  # a 2-player match
        [{"seat": -1, "bot": "x", "kind": "raised", "moves": 1}],
        [{"seat": True, "bot": "x", "kind": "raised", "moves": 1}],
        [{"seat": 0, "bot": "x", "kind": "slept", "moves": 1}],
        [{"seat": 0, "bot": "x" * 61, "kind": "raised", "moves": 1}],
        [{"seat": 0, "bot": 5, "kind": "raised", "moves": 1}],
        [{"seat": 0, "bot": "x", "kind": "raised", "moves": 0}],
        [{"seat": 0, "bot": "x", "kind": "raised", "moves": 10**9}],
        [{"seat": 0, "bot": "x", "kind": "raised", "moves": 1}] * 2,
        [{"seat": 0, "bot": "x", "kind": "raised", "moves": 1}] * 13,
    ],
)
def test_a_malformed_stand_in_mark_is_refused(marks: object) -> None:
    record = make_record(_finished())
    record["stand_ins"] = marks
    with pytest.raises(RecordError, match="stand_ins"):
        replay(check_record(record) if isinstance(marks, str) else record)


def test_the_statistics_keep_a_stand_in_match_out_of_the_rating(tmp_path: Path) -> None:
    from domino_tui.storage.meta import Seat
    from domino_tui.storage.stats import StatsDB

    seats = [Seat("Tester"), Seat("Plug", "bot", "easy")]
    with StatsDB(tmp_path / "stats.sqlite3") as db:
        honest = _finished(4)
        db.record_match(honest, seats, game_id="a" * 32)
        faulty = _finished(4)
        faulty.stand_ins = [{"seat": 1, "bot": "hang", "kind": "overran", "moves": 3}]
        db.record_match(faulty, seats, game_id="b" * 32)
        tester = next(p for p in db.profiles() if p.name == "Tester")
    assert tester.matches == 2 and tester.practice == 1
    assert tester.rating == honest.outcome.ratings[0]  # type: ignore[union-attr]


class _Hostile(Exception):
    def __str__(self) -> str:
        RELEASE.wait()  # its words hang too
        return "never"


class _BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class Raiser:
    name = "raiser"

    def __init__(self, err: BaseException) -> None:
        self.err = err

    def choose(self, view: SeatView) -> int:
        raise self.err


@pytest.mark.parametrize(
    ("err", "kind"),
    [(_Hostile(), "overran"), (SystemExit(3), "raised"), (KeyboardInterrupt(), "raised")],
)
def test_hostile_exceptions_cannot_hang_or_end_the_caller(err: BaseException, kind: str) -> None:
    view = _view()
    decision = BotTable([Raiser(err)], ["raiser"], TINY * 4).decide(0, view)
    assert decision is not None and decision.fault is not None
    assert decision.fault.kind == kind and decision.code == stand_in(view)


def test_an_answer_whose_repr_fails_is_still_one_clean_fault() -> None:
    view = _view()
    decision = BotTable([Answer(_BadRepr())], ["answer"], GENEROUS).decide(0, view)
    assert decision is not None and decision.fault is not None
    assert decision.fault.kind == "illegal" and decision.fault.detail == "a _BadRepr"


def test_idle_and_closed_workers_give_their_threads_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """The arena plays thousands of matches: no match may leave threads behind."""
    monkeypatch.setattr(bot_runner, "IDLE", 0.05)
    idle = Worker()
    assert idle.call(lambda: 1, GENEROUS).value == 1
    thread = idle._thread
    assert thread is not None
    thread.join(GENEROUS)
    assert not thread.is_alive()
    assert idle.call(lambda: 2, GENEROUS).value == 2  # a new thread for the next call
    monkeypatch.setattr(bot_runner, "IDLE", 3600.0)
    closed = BotTable([GreedyBot()], ["greedy"], GENEROUS)
    closed.decide(0, _view())
    thread = closed.workers[0]._thread
    assert thread is not None
    closed.close()
    thread.join(GENEROUS)
    assert not thread.is_alive()


def test_an_arena_run_leaves_no_threads_behind() -> None:
    from domino_tui.arena import ArenaConfig, run_arena

    before = threading.active_count()
    run_arena(ArenaConfig(("greedy", "random"), 3, TWO))
    deadline = time.monotonic() + GENEROUS
    while threading.active_count() > before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert threading.active_count() <= before
