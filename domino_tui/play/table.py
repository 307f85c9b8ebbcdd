"""The table as a service, with no UI toolkit (issue 23): one match, its seats, and everything
the game flow needs — actions through the engine, bots within their limits, a save after every
move, honest undo, the hot-seat timer and curtain, the tutor's check and hints — as plain
requests and the events of :mod:`.events`.

Who drives it: the Textual game screen (bots and the searches then run in its workers and the
answers land back on its thread), a plain test (the synchronous :meth:`TableSession.step`,
:meth:`~TableSession.hint`, :meth:`~TableSession.check`), and next issue a server that sends each
remote seat its own part. Each seat gets only what it may see: its :class:`SeatView`, the
:class:`PublicTable` and the events as :func:`~.events.seen_by` shows them to it.

Threads: every method that changes the table runs on the owner's thread. The searches are split
in two — a request made on the owner's thread (it captures the seat's view and the position's
``version``), an answer computed on any thread, and for a bot the answer landed back on the
owner's thread, where one for a position that has moved on (an undo, a timeout, a closed table)
is dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..bots.runner import Decision, Fault, Worker, mark
from ..engine.match import Match, RoundResult
from ..engine.round import Event
from ..engine.scoring import Standing
from ..engine.view import SeatView
from .events import (
    EVERYONE,
    CurtainDown,
    CurtainLifted,
    MatchEnded,
    Moved,
    Refused,
    RoundEnded,
    SaveFailed,
    StandIn,
    TableEvent,
    Tick,
    TimeUp,
    TurnStarted,
    Undone,
    hidden_steps,
    seen_by,
)
from .session import GameSession, UndoError
from .tutor import Caught, look

if TYPE_CHECKING:
    from ..bots.explain import Advice
    from .saving import Saves

Watcher = Callable[[TableEvent], None]
Looker = Callable[[SeatView, int, int], "Caught | None"]  # (view, code, seed): the tutor's look


@dataclass(frozen=True)
class PublicTable:
    """What everybody at the table may see: no hand but the counts (K3.6), every draw unnamed."""

    names: tuple[str, ...]
    turn: int
    number: int  # the round in play, 1-based
    placed: tuple[tuple[int, int, int], ...]  # (tile, end, seat) as the engine keeps them
    ends: tuple[int, ...]
    counts: tuple[int, ...]
    boneyard: int
    events: tuple[Event, ...]  # this round's, every drawn tile -1
    standings: tuple[Standing, ...]
    carry: int
    results: tuple[RoundResult, ...]  # finished rounds, their hands shown (K4.5)
    over: bool
    curtain: int  # hot-seat: the seat waiting behind the curtain, or -1
    shown: int  # the seat whose hand a shared screen may show, or -1
    clock: tuple[int, int] | None  # hot-seat turn timer: (seat, seconds left)


@dataclass(frozen=True)
class BotTurn:
    """A bot's turn asked on the owner's thread: its seat, its view, the position's version."""

    seat: int
    view: SeatView
    version: int


@dataclass(frozen=True)
class BotMove:
    """The bot's answer (or the stand-in's, with its fault) for :meth:`TableSession.land`."""

    seat: int
    decision: Decision
    version: int


@dataclass(frozen=True)
class Landed:
    """A bot's move that was laid: the action (the stand-in's, if it failed) and the round's
    result when it ended one."""

    seat: int
    code: int
    result: RoundResult | None


@dataclass(frozen=True)
class HintAsked:
    seat: int
    view: SeatView
    version: int


@dataclass(frozen=True)
class HintReady:
    """The hint for ``seat``: the move and why (``bots/explain.py``); ``late`` when the search
    did not answer within the help limit (no advice then)."""

    seat: int
    view: SeatView
    version: int
    advice: Advice | None
    late: bool = False

    def words(self, names: tuple[str, ...] | list[str], lang: str, limit: int = 0) -> str:
        """The hint in the player's words (``words/hints.py``), or "no hint in time"."""
        from ..words.hints import hint_text
        from ..words.strings import t

        if self.advice is None:
            return t("hint_late", lang)
        return hint_text(self.advice, self.view, names, lang, limit=limit)


@dataclass(frozen=True)
class TutorAsked:
    seat: int
    code: int
    view: SeatView
    version: int


@dataclass(frozen=True)
class TutorAnswer:
    """The tutor's answer about ``code``: ``caught`` says what it stops (None: lay it). A look
    that fails or does not come in time lets the move be laid, as if it had nothing to say."""

    seat: int
    code: int
    version: int
    caught: Caught | None


class TableSession:
    """One table: the :class:`GameSession` (match, seats, bots, honest undo) and its flow.

    ``saves`` keeps the table on disk after every change (as the app always did); ``undo_allowed``
    is the player's setting; ``tutor`` turns the tutor's check on (a bool, or a question asked
    each time: the app's setting may change during the game); ``looker`` is the tutor's look
    (tests may script one). ``bots_think=False`` makes the bots' chairs the driver's to move
    with :meth:`play` (the guided game's script)."""

    def __init__(
        self,
        game: GameSession,
        *,
        saves: Saves | None = None,
        undo_allowed: Callable[[], bool] = lambda: True,
        tutor: bool | Callable[[], bool] | None = None,
        looker: Looker | None = None,
        bots_think: bool = True,
    ) -> None:
        self.game = game
        self.saves = saves
        self.undo_allowed = undo_allowed
        if callable(tutor):
            self.tutor_on: Callable[[], bool] = tutor
        else:
            chosen = bool(game.tutor if tutor is None else tutor)
            self.tutor_on = lambda: chosen
        self.bots_think = bots_think
        self.looker: Looker = looker or look
        self.version = 0  # bumps with every change: answers for an older one are dropped
        self.curtain = -1
        self.shown = -1 if game.hotseat else (game.humans[0] if game.humans else -1)
        self.clock: tuple[int, int] | None = None
        self.closed = False
        self._watchers: list[tuple[int, Watcher]] = []
        self.hint_thinker = Worker("domino-hint")
        self.tutor_thinker = Worker("domino-tutor")
        if saves is not None:
            if saves.listen not in game.listeners:  # the app may have added it already
                game.listeners.append(saves.listen)
            saves.undo_enabled = undo_allowed

    # --- who sees what ---------------------------------------------------------------------------
    @property
    def match(self) -> Match:
        return self.game.match

    def watch(self, watcher: Watcher, seat: int = EVERYONE) -> None:
        """Call ``watcher`` with every event as ``seat`` may see it (:data:`EVERYONE`: no hand)."""
        self._watchers.append((seat, watcher))

    def unwatch(self, watcher: Watcher) -> None:
        self._watchers = [(s, w) for s, w in self._watchers if w is not watcher]

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know (K3.6): its own hand, the public table, its legal moves."""
        return self.game.view(seat)

    def public(self) -> PublicTable:
        m = self.match
        rnd = m.round
        return PublicTable(
            names=tuple(self.game.name(s) for s in range(self.game.rules.players)),
            turn=m.turn,
            number=m.number,
            placed=tuple(rnd.placed),
            ends=tuple(rnd.open_ends()),
            counts=tuple(h.bit_count() for h in rnd.hands),
            boneyard=len(rnd.boneyard),
            events=hidden_steps(rnd.history, EVERYONE),
            standings=tuple(m.standings),
            carry=m.carry,
            results=tuple(m.results),
            over=m.over,
            curtain=self.curtain,
            shown=self.shown,
            clock=self.clock,
        )

    def _emit(self, event: TableEvent) -> None:
        for seat, watcher in list(self._watchers):
            watcher(seen_by(event, seat))

    # --- the turn --------------------------------------------------------------------------------
    def start(self) -> None:
        """Announce the turn in play (a new table, a resumed one, after a round-end dialog)."""
        if not self.match.over:
            self._turn_started()

    def is_bot_turn(self) -> bool:
        return not self.match.over and self.game.is_bot(self.match.turn)

    def play(self, seat: int, code: int) -> RoundResult | None:
        """``seat``'s action, through the engine. :class:`Refused` (an IllegalActionError) with
        the engine's reason key when the rules do not allow it, or ``not_your_turn``/``over``;
        a seat behind the hot-seat curtain must lift it first (``curtain``)."""
        m = self.match
        if m.over:
            raise Refused(seat, code, "over")
        if seat != m.turn or (self.bots_think and self.game.is_bot(seat)):
            raise Refused(seat, code, "not_your_turn")
        if self.curtain == seat:
            raise Refused(seat, code, "curtain")
        found = m.round.illegal_reason(code)
        if found is not None:
            raise Refused(seat, code, found[0], found[1])
        return self._apply(seat, code)

    def _apply(self, seat: int, code: int) -> RoundResult | None:
        m = self.match
        rnd = m.round
        before = len(rnd.history)
        with self._saving():
            result = self.game.apply(code)  # the listeners save it
        self.version += 1
        self._emit(Moved(seat, code, tuple(rnd.history[before:]), before))
        if result is not None or m.turn != seat:
            self.clock = None
            if self.game.hotseat:
                self.shown = -1  # the hand goes as soon as the turn passes
        if result is not None:
            self._emit(RoundEnded(result))
        if m.over:
            assert m.outcome is not None
            self._emit(MatchEnded(m.outcome))
            return result
        if result is not None or m.turn != seat:
            self._turn_started()
        return result

    def _turn_started(self) -> None:
        m = self.match
        seat = m.turn
        bot = self.game.is_bot(seat)
        if not bot:
            if self.game.hotseat and self.shown != seat:
                self.shown = -1
                self.curtain = seat
            if self.game.timer and (self.clock is None or self.clock[0] != seat):
                self.clock = (seat, self.game.timer)  # a new player to move gets a full clock
        self._emit(TurnStarted(seat, m.number, bot))
        if self.curtain == seat:
            self._emit(CurtainDown(seat))

    # --- the curtain (hot-seat) ------------------------------------------------------------------
    def lift(self, seat: int) -> bool:
        """``seat`` lifts the curtain its turn waits behind; its hand may be shown then."""
        if self.curtain != seat or seat < 0:
            return False
        self.curtain = -1
        self.shown = seat
        self._emit(CurtainLifted(seat))
        return True

    # --- bots ------------------------------------------------------------------------------------
    def bot_turn(self) -> BotTurn | None:
        """On the owner's thread: the bot to move and its view, or None (a human's turn)."""
        if not self.is_bot_turn() or self.closed or not self.bots_think:
            return None
        seat = self.match.turn
        return BotTurn(seat, self.view(seat), self.version)

    def think(self, turn: BotTurn, cancelled: Callable[[], bool] | None = None) -> BotMove | None:
        """On any thread: the bot's decision within the session's limit (a stand-in's past it,
        bots/runner.py); None when ``cancelled`` said stop first."""
        decision = self.game.decide(turn.seat, turn.view, cancelled)
        return None if decision is None else BotMove(turn.seat, decision, turn.version)

    def land(self, move: BotMove) -> Landed | None:
        """On the owner's thread: lay the bot's move. One for a position that has moved on is
        dropped (None); a stand-in's move is marked in the match first, so its save keeps it."""
        m = self.match
        if move.version != self.version or self.closed or m.over or m.turn != move.seat:
            return None
        code, fault = move.decision.code, move.decision.fault
        if code not in m.legal_actions():
            code = m.legal_actions()[0]
        if fault is not None:
            mark(m, fault)
            self._emit(StandIn(fault, move.decision.first))
        return Landed(move.seat, code, self._apply(move.seat, code))

    def play_for(self, seat: int, code: int, fault: Fault, first: bool) -> RoundResult | None:
        """A bot's move for a human's seat (a networked table's player who dropped past the
        grace, or whose seat the host handed to a bot): marked in the match first, so its save
        keeps the match out of the rating, and said to every seat (StandIn). Refused as
        :meth:`play` refuses."""
        m = self.match
        if m.over or seat != m.turn or self.game.is_bot(seat):
            raise Refused(seat, code, "over" if m.over else "not_your_turn")
        if m.round.illegal_reason(code) is not None:
            code = m.legal_actions()[0]
        mark(m, fault)
        self._emit(StandIn(fault, first))
        return self._apply(seat, code)

    def step(self) -> bool:
        """The synchronous bot turn (tests, the CLI): think on this thread and land it. False
        when it is not a bot's turn."""
        turn = self.bot_turn()
        if turn is None:
            return False
        move = self.think(turn)
        return move is not None and self.land(move) is not None

    # --- undo ------------------------------------------------------------------------------------
    def undo(self) -> int:
        """Take back the humans' last choice (GameSession.undo: honest, practice from then on).
        UndoError with a words key: ``undo_hotseat`` (never at one keyboard), ``undo_networked``
        (never at a networked table), ``undo_off`` (the setting), ``undo_none`` or
        ``undo_scripted``."""
        refused = self.undo_refusal()
        if refused is not None:
            raise UndoError(refused)
        if self.match.over:
            raise UndoError("undo_none")
        first = not self.game.with_undo
        with self._saving():
            taken = self.game.undo()
        self.version += 1
        self.clock = None
        self._emit(Undone(taken, first))
        self._turn_started()
        return taken

    def undo_refusal(self) -> str | None:
        """Why this table never takes a move back, as a words key; None where it may."""
        if self.game.hotseat:
            return "undo_hotseat"
        if self.game.networked:
            return "undo_networked"  # off at a networked table: nobody takes back a friend's move
        if not self.undo_allowed():
            return "undo_off"
        return None

    # --- the turn timer (hot-seat, K10.1) --------------------------------------------------------
    def tick(self, seconds: int = 1) -> None:
        """``seconds`` of the turn timer passed (the caller's clock, so tests pass time in);
        the caller does not tick while a dialog covers the table. At zero the player to move
        abandons the game (K10.1)."""
        if self.clock is None or self.match.over or self.closed:
            return
        seat, left = self.clock
        left -= seconds
        if left > 0:
            self.clock = (seat, left)
            self._emit(Tick(seat, left))
            return
        self.clock = None
        self.curtain = self.shown = -1
        self.version += 1  # nothing more lands on this table
        with self._saving():
            self.game.abandon(seat)  # the listeners archive it
        self._emit(TimeUp(seat))
        assert self.match.outcome is not None
        self._emit(MatchEnded(self.match.outcome))

    # --- hints -----------------------------------------------------------------------------------
    def ask_hint(self, seat: int) -> HintAsked | None:
        """On the owner's thread: a hint for ``seat`` on its turn, or None (not its turn)."""
        m = self.match
        if m.over or m.turn != seat or self.game.is_bot(seat) or self.curtain == seat:
            return None
        return HintAsked(seat, self.view(seat), self.version)

    def answer_hint(
        self, asked: HintAsked, cancelled: Callable[[], bool] | None = None
    ) -> HintReady | None:
        """On any thread: the search within the help limit, from the seat's own view only;
        None when ``cancelled`` said stop."""
        from ..bots import explain  # the search: with the first hint, not the first frame

        view, seed = asked.view, self.game.seed
        outcome = self.hint_thinker.call(
            lambda: explain.advise(view, seed), self.game.help_limit, cancelled
        )
        if outcome.cancelled:
            return None
        if outcome.overran:
            return HintReady(asked.seat, view, asked.version, None, late=True)
        advice = outcome.value
        if advice is None:  # a hint must never take the table down
            advice = explain.Advice(view.legal[0], (), (), "only")
        return HintReady(asked.seat, view, asked.version, advice)

    def hint(self, seat: int) -> HintReady | None:
        asked = self.ask_hint(seat)
        return None if asked is None else self.answer_hint(asked)

    # --- the tutor -------------------------------------------------------------------------------
    def tutor_wanted(self, seat: int, code: int) -> bool:
        """Only a real choice of the human to move is looked at, never a forced move."""
        m = self.match
        if not self.tutor_on() or m.over or m.turn != seat or self.game.is_bot(seat):
            return False
        from ..bots.explain import distinct_moves

        return len(distinct_moves(self.view(seat))) > 1

    def ask_tutor(self, seat: int, code: int) -> TutorAsked | None:
        """On the owner's thread: the tutor's look at ``code`` before it is laid, or None when
        the tutor does not look (off, a forced move, not the seat's turn)."""
        if not self.tutor_wanted(seat, code):
            return None
        return TutorAsked(seat, code, self.view(seat), self.version)

    def answer_tutor(
        self, asked: TutorAsked, cancelled: Callable[[], bool] | None = None
    ) -> TutorAnswer | None:
        """On any thread: the look within the help limit (one that fails or overruns catches
        nothing); None when ``cancelled`` said stop."""
        view, code, seed = asked.view, asked.code, self.game.seed
        outcome = self.tutor_thinker.call(
            lambda: self.looker(view, code, seed), self.game.help_limit, cancelled
        )
        if outcome.cancelled:
            return None
        return TutorAnswer(asked.seat, code, asked.version, outcome.value)

    def check(self, seat: int, code: int) -> TutorAnswer | None:
        """The synchronous tutor's check: None when it does not look, else its answer. The
        move is not laid: the player takes it back (nothing happens) or :meth:`play`s it."""
        asked = self.ask_tutor(seat, code)
        return None if asked is None else self.answer_tutor(asked)

    def current(self, answer: HintReady | TutorAnswer | BotMove) -> bool:
        """Whether ``answer`` is for the position on the table now."""
        return answer.version == self.version and not self.closed

    # --- saving ----------------------------------------------------------------------------------
    @contextmanager
    def _saving(self) -> Iterator[None]:
        """Around a change of the match: Saves (the session's listener) keeps it on disk, and
        whatever it could not keep is said as ever (its notify: the app's message) and to the
        table's watchers (SaveFailed). The notify is borrowed only for the change itself, on
        this thread, so a Saves shared by the tables of one window stays as it was."""
        saves = self.saves
        if saves is None:
            yield
            return
        said: list[str] = []
        notify = saves.notify
        saves.notify = said.append
        try:
            yield
        finally:
            saves.notify = notify
            for text in said:
                notify(text)
                self._emit(SaveFailed(text))

    def close(self) -> None:
        """The table is left: answers still on their way are dropped, the clock stops."""
        self.closed = True
        self.version += 1
        self.clock = None

    # --- what the accounting must always show ----------------------------------------------------
    def tiles_accounted(self) -> bool:
        """Every tile of the set is in exactly one place: a hand, the boneyard or the table."""
        rnd = self.match.round
        places = [*rnd.hands, rnd.table, sum(1 << t for t in rnd.boneyard)]
        union = 0
        for mask in places:
            if union & mask:
                return False
            union |= mask
        full = sum(1 << t for t in range(rnd.geo.ts.count))
        return union == full and len(rnd.boneyard) == len(set(rnd.boneyard))


__all__ = [
    "BotMove",
    "BotTurn",
    "HintAsked",
    "HintReady",
    "Landed",
    "PublicTable",
    "TableSession",
    "TutorAnswer",
    "TutorAsked",
]
