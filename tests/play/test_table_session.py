"""The table as a service (issue 23, part 1): a whole 4-seat match plays through
:class:`~domino_tui.play.table.TableSession` with Textual never imported — two humans by
scripted keys through the pure :class:`~domino_tui.play.turn.TurnController`, two bots, a save
after every move read back from disk, a resume mid-match, undo, the tutor's stop, the hot-seat
timer (K10.1), hints and the curtain — and no seat ever receives another seat's hand (K3.6).

Undo is the one part played in a match of its own (one human against bots): it is never
offered in hot-seat, where the players at one keyboard would take back each other's moves
(the honest-undo rule of issue 9)."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domino_tui import storage
from domino_tui.coach.review import Decision
from domino_tui.engine.actions import DRAW, KNOCK
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import SeatView
from domino_tui.play.events import (
    EVERYONE,
    CurtainDown,
    CurtainLifted,
    MatchEnded,
    Moved,
    Refused,
    RoundEnded,
    SaveFailed,
    TableEvent,
    Tick,
    TimeUp,
    TurnStarted,
    Undone,
)
from domino_tui.play.saving import Saves
from domino_tui.play.session import GameSession, Seat, UndoError
from domino_tui.play.table import TableSession
from domino_tui.play.turn import Commit, TurnController, TurnState
from domino_tui.play.tutor import Caught

ROOT = Path(__file__).resolve().parents[2]
HOTSEAT = (
    Seat("Ann"),
    Seat("Masha", "bot", "greedy"),
    Seat("Boris"),
    Seat("Petya", "bot", "random"),
)
VS_BOTS = (
    Seat("Ann"),
    Seat("Masha", "bot", "greedy"),
    Seat("Petya", "bot", "random"),
    Seat("Vova", "bot", "greedy"),
)
Chooser = Callable[[SeatView], int]


def scripted(seed: int) -> Chooser:
    """A human's choices, a pure function of the seed and what the seat sees."""
    rng = random.Random(seed)
    return lambda view: rng.choice(sorted(view.legal))


def by_keys(seed: int) -> Chooser:
    """A human at the keyboard: keys pressed at random (arrows, Enter, C, P, D, K, Esc) until
    the pure turn controller commits a move, which the table then takes. Nothing but the
    seat's view goes in, as at the screen."""
    rng = random.Random(seed)
    keys = (
        "left",
        "right",
        "up",
        "down",
        "enter",
        "enter",
        "close",
        "pair",
        "draw",
        "knock",
        "cancel",
    )

    def choose(view: SeatView) -> int:
        controller = TurnController(view, "en", my_turn=True)
        state = controller.show_hand(TurnState())
        for _ in range(200):
            outcome = controller.key(state, rng.choice(keys))
            state = outcome.state
            if isinstance(outcome.effect, Commit):
                assert outcome.effect.code in view.legal
                return outcome.effect.code
        raise AssertionError("200 keys and no move")

    return choose


@dataclass
class Watched:
    """Every event each seat (and the shared screen) was given."""

    by_seat: dict[int, list[TableEvent]] = field(default_factory=dict)

    def attach(self, table: TableSession) -> None:
        for seat in (EVERYONE, *range(table.game.rules.players)):
            self.by_seat.setdefault(seat, [])
            table.watch(self.by_seat[seat].append, seat)

    def of(self, seat: int, kind: type) -> list[TableEvent]:
        return [e for e in self.by_seat[seat] if isinstance(e, kind)]


def table_at(home: Path, seats: tuple[Seat, ...], seed: int, **kw: object) -> TableSession:
    game = GameSession(make_rules({}), seats, seed, timer=kw.pop("timer", None))  # type: ignore[arg-type]
    return TableSession(game, saves=Saves.at(home), **kw)  # type: ignore[arg-type]


def saved_match(home: Path, game_id: str) -> Match | None:
    saved = storage.load_game(
        game_id, home / "saves", records=home / "records", stats_db=home / "stats.sqlite3"
    )
    return None if saved is None else saved.match


def one_action(table: TableSession, choosers: dict[int, Chooser]) -> int:
    """The player to move acts (a bot through the runner, a human by its script, lifting the
    hot-seat curtain first); returns the action laid, checked legal before it was laid."""
    m = table.match
    seat, legal = m.turn, set(m.legal_actions())
    if table.is_bot_turn():
        assert table.step()
    else:
        if table.curtain == seat:
            with pytest.raises(Refused) as refused:  # behind the curtain nothing is played
                table.play(seat, next(iter(legal)))
            assert refused.value.key == "curtain"
            assert table.lift(seat)
        view = table.view(seat)
        assert set(view.legal) == legal
        table.play(seat, choosers[seat](view))
    laid = _last_code(table)
    assert laid in legal, (laid, legal)
    assert table.tiles_accounted()
    return laid


def _last_code(table: TableSession) -> int:
    """The action just laid (the round may have ended with it and a new one begun)."""
    actions = table.match.actions
    return actions[-1][-1] if actions[-1] else actions[-2][-1]


def play_on(
    table: TableSession,
    choosers: dict[int, Chooser],
    home: Path,
    until: Callable[[TableSession], bool] = lambda t: False,
) -> int:
    """Act until the match ends (or ``until``), reading the save back after every action."""
    done = 0
    while not table.match.over and not until(table):
        one_action(table, choosers)
        done += 1
        on_disk = saved_match(home, table.game.game_id)
        if table.match.over:
            assert on_disk is None  # archived: a finished game is no longer resumable
        else:
            assert on_disk is not None and on_disk.snapshot() == table.match.snapshot()
    return done


def whole_match(home: Path, seed: int = 7) -> dict[str, object]:
    """The whole 4-seat hot-seat match: Ann and Boris by scripted keys, two bots; a resume
    from disk mid-match; the hint, the tutor's stop and the timer on the way. Returns what
    happened, for the test (which also runs this in a process without Textual)."""
    choosers = {0: by_keys(seed), 2: by_keys(seed + 1)}
    caught_once: list[int] = []

    def tutor_look(view: SeatView, code: int, look_seed: int) -> Caught | None:
        """A scripted tutor: Boris's first real choice is a "blunder"."""
        if view.seat != 2 or caught_once:
            return None
        caught_once.append(code)
        best = next(c for c in view.legal if c != code)
        return Caught(view, Decision(1, 0, 2, code, best, 20.0, 1.0, "blunder", True), ())

    table = table_at(home, HOTSEAT, seed, timer=30, tutor=True, looker=tutor_look)
    watched = Watched()
    watched.attach(table)
    table.start()
    assert table.game.hotseat
    # to Boris's first choice the tutor looks at: the catch comes back, he takes it back
    play_on(table, choosers, home, until=lambda t: t.match.turn == 2 and t.tutor_wanted(2, 0))
    if table.curtain == 2:
        assert table.lift(2)
    view = table.view(2)
    hint = table.hint(2)
    assert hint is not None and hint.advice is not None and hint.advice.code in view.legal
    assert table.hint(0) is None  # not Ann's turn: no hint for her
    chosen = choosers[2](view)
    answer = table.check(2, chosen)
    assert answer is not None and answer.caught is not None and table.current(answer)
    assert answer.caught.decision.played == chosen
    assert table.match.snapshot() == saved_match(home, table.game.game_id).snapshot()  # type: ignore[union-attr]
    table.play(2, answer.caught.decision.best)  # took it back and played the better move
    assert table.check(2, chosen) is None or not table.current(answer)
    # the timer: two seconds pass on a human's clock, it keeps what is left
    play_on(table, choosers, home, until=lambda t: not t.is_bot_turn())
    assert table.clock is not None and table.clock[1] == 30
    table.tick(2)
    assert table.clock == (table.match.turn, 28)
    # halfway, the table is left and resumed from its save
    play_on(table, choosers, home, until=lambda t: len(t.match.results) >= 1 and t.is_bot_turn())
    before = table.match.snapshot()
    table.close()
    assert table.saves is not None
    table.saves.release()  # this window lets the game go; another resumes it from disk
    saves = Saves.at(home)
    game = saves.load(table.game.game_id, "en")
    assert game is not None and not saves.notices
    assert game.match.snapshot() == before  # the same position
    assert [s.name for s in game.seats] == [s.name for s in HOTSEAT] and game.timer == 30
    resumed = TableSession(game, saves=saves, tutor=False)
    watched_after = Watched()
    watched_after.attach(resumed)
    resumed.start()
    play_on(resumed, choosers, home)
    assert resumed.match.over and resumed.saves is not None
    assert resumed.saves.last_record is not None and resumed.saves.last_record.exists()
    return {
        "table": table,
        "resumed": resumed,
        "watched": watched,
        "watched_after": watched_after,
        "caught": caught_once,
    }


# --- the whole match -----------------------------------------------------------------------------
def test_a_whole_hotseat_match_plays_through_the_table(tmp_path: Path) -> None:
    got = whole_match(tmp_path)
    resumed, watched = got["resumed"], got["watched_after"]
    assert isinstance(resumed, TableSession) and isinstance(watched, Watched)
    for seat in (EVERYONE, 0, 1, 2, 3):
        assert len(watched.of(seat, MatchEnded)) == 1
        assert watched.of(seat, RoundEnded)  # every seat sees every round end
    assert len(got["caught"]) == 1  # type: ignore[arg-type]
    # the curtain came down for each human's turn, and each lifted it
    first = got["watched"]
    assert isinstance(first, Watched)
    downs = {e.seat for e in first.of(EVERYONE, CurtainDown)}  # type: ignore[attr-defined]
    lifts = {e.seat for e in first.of(EVERYONE, CurtainLifted)}  # type: ignore[attr-defined]
    assert downs == lifts == {0, 2}
    assert first.of(EVERYONE, Tick) == [Tick(first.of(EVERYONE, Tick)[0].seat, 28)]  # type: ignore[attr-defined]
    assert not first.of(EVERYONE, SaveFailed)
    # each round's lead is the one move at the start of its round's history
    leads = [e for e in watched.of(EVERYONE, Moved) if e.at == 0]  # type: ignore[attr-defined]
    rounds = resumed.match.histories[len(resumed.match.histories) - len(leads) :]
    assert [e.steps[0] for e in leads] == [h[0] for h in rounds]  # type: ignore[attr-defined]


def test_the_match_plays_without_textual(tmp_path: Path) -> None:
    """The same match in a fresh interpreter: Textual is never imported."""
    code = (
        "import sys; from pathlib import Path\n"
        "from tests.play.test_table_session import whole_match\n"
        f"whole_match(Path({str(tmp_path)!r}))\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] == 'textual')\n"
        "assert not loaded, loaded\n"
        "print('ok')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().endswith("ok")


# --- privacy (K3.6) ------------------------------------------------------------------------------
TABLES = {  # with a базар, so that tiles are drawn (four players with seven each have none)
    "four, five each": ({"hand_size": 5}, HOTSEAT),
    "three": ({"players": 3}, (Seat("Ann"), Seat("Masha", "bot", "greedy"), Seat("Boris"))),
    "two": ({"players": 2}, (Seat("Ann"), Seat("Boris"))),
}


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("name", list(TABLES))
def test_no_seat_receives_another_seats_hand(name: str, seed: int) -> None:
    """Against the real deals: a drawn tile is named only to its drawer (K3.6), in the events
    and in the views; every view holds the seat's real hand and nothing else; the public
    table names no drawn tile."""
    options, seats = TABLES[name]
    table = TableSession(GameSession(make_rules(options), seats, seed))
    watched = Watched()
    watched.attach(table)
    humans = [i for i, s in enumerate(seats) if not s.is_bot]
    choosers = {seat: scripted(seed * 10 + seat) for seat in humans}
    hidden_draws = own_draws = 0
    table.start()
    while not table.match.over:
        mark = {s: len(events) for s, events in watched.by_seat.items()}
        one_action(table, choosers)
        truth = [step for history in table.match.histories for step in history]
        for seat, events in watched.by_seat.items():
            for event in events[mark[seat] :]:
                steps = event.steps if isinstance(event, Moved) else ()
                for step in steps:
                    if step.code != DRAW:
                        assert step in truth
                    elif step.seat == seat:
                        assert step.tile >= 0 and step in truth  # its own tile, as drawn
                        own_draws += 1
                    else:
                        assert step.tile == -1, (seat, step)
                        hidden_draws += 1
        if table.match.over:
            break
        for seat in range(len(seats)):
            view = table.view(seat)
            assert view.hand == table.match.round.hands[seat]
            assert all(e.code != DRAW or e.seat == seat or e.tile == -1 for e in view.events)
        public = table.public()
        assert all(e.code != DRAW or e.tile == -1 for e in public.events)
        assert sum(public.counts) + public.boneyard + len(public.placed) == 28
    assert hidden_draws and own_draws  # the test saw what it guards
    assert watched.of(EVERYONE, MatchEnded)


# --- every accepted action was legal, and the set stays whole ------------------------------------
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31), picks=st.lists(st.integers(-2, 60), min_size=30, max_size=80))
def test_what_the_table_takes_is_legal_and_the_tiles_add_up(seed: int, picks: list[int]) -> None:
    """Any code at all is offered: a refusal carries the engine's own reason key and changes
    nothing; an accepted one was a legal action; the 28 tiles are always in exactly one place."""
    game = GameSession(make_rules({}), tuple(Seat(n) for n in "ABCD"), seed)
    table = TableSession(game)
    for pick in picks:
        m = table.match
        if m.over:
            break
        seat, legal = m.turn, m.legal_actions()
        before = m.snapshot()
        table.lift(seat)  # four humans at one keyboard: each lifts the curtain first
        try:
            table.play(seat, pick)
        except Refused as refused:
            assert pick not in legal
            assert refused.found == m.round.illegal_reason(pick)
            assert m.snapshot() == before
            table.play(seat, legal[pick % len(legal)])  # then something legal
        else:
            assert pick in legal
        assert table.tiles_accounted()
        assert len({*m.round.boneyard}) == len(m.round.boneyard)
    if not table.match.over:
        other = (table.match.turn + 1) % 4
        with pytest.raises(Refused) as refused:
            table.play(other, table.match.legal_actions()[0])
        assert refused.value.key == "not_your_turn"


# --- undo ----------------------------------------------------------------------------------------
def test_undo_against_bots_takes_back_the_humans_last_choice(tmp_path: Path) -> None:
    """Honest undo (issue 9): the position before Ann's last real choice, the bots' replies
    gone too, the match marked and the mark saved; a second undo is not "first"."""
    table = table_at(tmp_path, VS_BOTS, 11)
    watched = Watched()
    watched.attach(table)
    table.start()
    choosers = {0: scripted(11)}
    positions: list[dict[str, object]] = []
    while len(positions) < 3:
        if table.match.turn == 0 and len(table.match.legal_actions()) > 1:
            positions.append(table.match.snapshot())
        one_action(table, choosers)
    play_on(table, choosers, tmp_path, until=lambda t: t.match.turn == 0)
    assert table.undo() > 0
    assert table.match.snapshot()["round"] == positions[-1]["round"]
    assert table.match.with_undo and table.match.turn == 0
    assert watched.of(0, Undone)[-1] == Undone(watched.of(0, Undone)[-1].taken, True)  # type: ignore[attr-defined]
    on_disk = storage.load_game(table.game.game_id, tmp_path / "saves")
    assert on_disk is not None and on_disk.match.with_undo and on_disk.meta.undo
    assert isinstance(watched.of(0, TurnStarted)[-1], TurnStarted)
    table.undo()
    assert watched.of(0, Undone)[-1].first is False  # type: ignore[attr-defined]


def test_undo_is_refused_in_hotseat_and_when_off(tmp_path: Path) -> None:
    hot = table_at(tmp_path / "a", HOTSEAT, 1)
    with pytest.raises(UndoError, match="undo_hotseat"):
        hot.undo()
    off = table_at(tmp_path / "b", VS_BOTS, 1, undo_allowed=lambda: False)
    with pytest.raises(UndoError, match="undo_off"):
        off.undo()
    fresh = table_at(tmp_path / "c", VS_BOTS, 1)
    with pytest.raises(UndoError, match="undo_none"):
        fresh.undo()  # nothing chosen yet


# --- the turn timer (K10.1) ----------------------------------------------------------------------
def test_the_timer_running_out_abandons_the_game(tmp_path: Path) -> None:
    table = table_at(tmp_path, HOTSEAT, 5, timer=10)
    watched = Watched()
    watched.attach(table)
    table.start()
    while table.is_bot_turn():
        table.step()
    seat = table.match.turn
    assert table.clock == (seat, 10)
    table.tick(9)
    assert table.clock == (seat, 1) and not table.match.over
    table.tick()
    assert table.match.over and table.match.outcome.abandoned_by == seat
    for who in (EVERYONE, 0, 1, 2, 3):
        assert watched.of(who, TimeUp) == [TimeUp(seat)]
        assert isinstance(watched.by_seat[who][-1], MatchEnded)
    assert saved_match(tmp_path, table.game.game_id) is None  # archived, not resumable
    table.tick(5)  # nothing more happens
    assert len(watched.of(EVERYONE, MatchEnded)) == 1


def test_no_timer_against_bots(tmp_path: Path) -> None:
    table = table_at(tmp_path, VS_BOTS, 5, timer=10)
    table.start()
    table.tick(100)
    assert table.clock is None and not table.match.over


# --- the tutor, for real -------------------------------------------------------------------------
def test_the_real_tutor_stops_a_blunder(monkeypatch: pytest.MonkeyPatch) -> None:
    """The seeded two-player position of tests/app/test_tutor.py: 1-5 on the 5 is a blunder,
    1-5 on the 1 the best move; a forced move is never looked at."""
    from domino_tui.bots import make_bot
    from domino_tui.coach import review
    from domino_tui.engine.view import seat_view

    monkeypatch.setattr(review, "TUTOR_BUDGET", 600)
    rules = make_rules({"players": 2})
    match = Match(rules, 1)
    bot = make_bot("medium", 1)
    for _ in range(13):
        match.apply(bot.choose(seat_view(match, match.turn)))
    game = GameSession(rules, (Seat("Tester"), Seat("Alex", "bot", "medium")), 1, match=match)
    table = TableSession(game, tutor=True)
    answer = table.check(0, 22)
    assert answer is not None and answer.caught is not None
    assert answer.caught.decision.label == "blunder" and answer.caught.decision.best == 23
    assert len(match.round.history) == 13 + 0 * len(match.actions)  # nothing laid
    good = table.check(0, 23)
    assert good is not None and good.caught is None
    table.play(0, 23)
    assert not TableSession(game, tutor=False).tutor_wanted(0, 23)


def test_a_failing_save_is_said_and_play_goes_on(tmp_path: Path) -> None:
    """A save folder that cannot be written: SaveFailed once, the match goes on."""
    blocked = tmp_path / "saves"
    blocked.write_text("not a folder")
    table = TableSession(
        GameSession(make_rules({}), VS_BOTS, 3), saves=Saves(blocked, tmp_path / "r")
    )
    said: list[TableEvent] = []
    table.watch(said.append, 0)
    table.start()
    for _ in range(6):
        one_action(table, {0: scripted(3)})
    fails = [e for e in said if isinstance(e, SaveFailed)]
    assert len(fails) == 1 and fails[0].text  # type: ignore[attr-defined]


def test_a_stale_bot_answer_is_dropped(tmp_path: Path) -> None:
    table = table_at(tmp_path, VS_BOTS, 2)
    choosers = {0: scripted(2)}
    while not table.is_bot_turn():
        one_action(table, choosers)
    turn = table.bot_turn()
    assert turn is not None
    move = table.think(turn)
    assert move is not None
    table.close()  # the table was left meanwhile
    assert not table.land(move) and table.bot_turn() is None


def test_knock_and_draw_codes_reach_the_engine(tmp_path: Path) -> None:
    """D and K are actions like any other: refused with the engine's reason when not allowed."""
    table = TableSession(GameSession(make_rules({}), tuple(Seat(n) for n in "ABCD"), 4))
    seat = table.match.turn
    for code in (DRAW, KNOCK):
        if code not in table.match.legal_actions():
            with pytest.raises(Refused) as refused:
                table.play(seat, code)
            assert refused.value.found == table.match.round.illegal_reason(code)


def test_a_scripted_table_moves_the_bots_chairs_itself() -> None:
    """``bots_think=False`` (the guided game): no bot thinks, the driver lays their moves."""
    game = GameSession(make_rules({}), VS_BOTS, 6)
    table = TableSession(game, bots_think=False)
    moved: list[TableEvent] = []
    table.watch(moved.append, 0)
    movers = []
    for _ in range(8):
        assert table.bot_turn() is None and not table.step()
        movers.append(table.match.turn)
        table.play(movers[-1], table.match.legal_actions()[0])
    assert [e.seat for e in moved if isinstance(e, Moved)] == movers
    assert set(movers) > {0}  # the bots' chairs were moved by the driver
    with pytest.raises(Refused) as refused:  # the bots' chairs still take turns
        table.play((table.match.turn + 1) % 4, table.match.legal_actions()[0])
    assert refused.value.key == "not_your_turn"
