"""The review in the replay viewer (issue 12): started with R (or opened on from the game end),
it runs in a thread worker while the viewer stays usable, shows its progress, then at each
reviewed decision the move played, the best move (also drawn on the board), the loss and the
label; N / P jump to the next / previous move that lost points.

The review is :func:`domino_tui.coach.cache.reviewed`'s, for the seats ``domino analyze`` takes
by default (the humans, every seat when none is human), with the same seed and budget, so the
two share the cache kept next to the record and a second opening is instant.
"""

from __future__ import annotations

import threading
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from itertools import accumulate
from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.worker import get_current_worker

from ...bots.runner import REVIEW_LIMIT, Worker, seconds
from ...engine.actions import placements
from ...text import clean
from ...words.review import decision_text, lost, summary_text
from ...words.strings import t
from ..widgets.replay_board import Frame
from ..widgets.review_panel import ReviewPanel
from ..widgets.scores import ScoreSheet
from .base import DominoScreen

if TYPE_CHECKING:
    from ...coach.report import Review, Summary
    from ...coach.review import Decision
    from ...engine.match import Match
    from ...engine.view import SeatView
    from ...play.session import GameSession
    from ...storage.archive import LoadedRecord


class ReviewStopped(Exception):
    """The viewer closed while its review ran: the review stops at its next position."""


def decision_frames(
    frames: Sequence[Frame], match: Match, decisions: Sequence[Decision]
) -> dict[int, Decision]:
    """Each decision at the frame showing the table as it was decided: the last frame (a deal
    or an action) after the actions played before it."""
    offsets = list(accumulate((len(codes) for codes in match.actions), initial=0))
    at = {f.step: i for i, f in enumerate(frames) if f.kind in ("deal", "action")}
    out: dict[int, Decision] = {}
    for d in decisions:
        i = at.get(offsets[d.round - 1] + d.index)
        if i is not None:
            out[i] = d
    return out


def best_marks(decision: Decision) -> tuple[int, int]:
    """The best move as the board draws it: its tiles (a mask) and the end it goes to (-1 for
    none: a draw, a knock, or several tiles at once)."""
    parts = placements(decision.best)
    end = parts[0].end if len(parts) == 1 else -1
    return sum(1 << p.tile for p in parts), end


class ReviewedReplay(DominoScreen):
    """The review's part of :class:`~.replay.ReplayScreen` (which draws the frames)."""

    loaded: LoadedRecord
    session: GameSession
    frames: list[Frame]
    index: int

    def __init__(self) -> None:
        super().__init__()
        self.review: Review | None = None
        self.reviewing = False
        self.review_shown = False
        self.decided: dict[int, Decision] = {}
        self.stops: list[int] = []  # frames of the decisions that lost points
        self.views: dict[int, SeatView] = {}
        self.summaries: list[Summary] = []
        self.review_status = ""

    # --- to be drawn by the viewer ----------------------------------------------------------
    def go(self, index: int) -> None:
        raise NotImplementedError

    def show_frame(self) -> None:
        raise NotImplementedError

    @property
    def decision(self) -> Decision | None:
        """The reviewed decision at the frame shown (None before the review or off it)."""
        return self.decided.get(self.index) if self.review_shown else None

    # --- keys -------------------------------------------------------------------------------
    def action_review(self) -> None:
        """R: start the review; once started, switch between the review and the score sheet."""
        if self.review is None and not self.reviewing:
            self.start_review()
            return
        self.review_shown = not self.review_shown
        self.place_panel()
        self.show_frame()

    def action_loss(self, direction: int) -> None:
        """N / P: the next / previous decision that lost points; at the last one, stay (before
        the review, the key starts it)."""
        if self.review is None:
            if not self.reviewing:
                self.start_review()
            return
        if direction > 0:
            later = bisect_right(self.stops, self.index)
            target = self.stops[later] if later < len(self.stops) else -1
        else:
            earlier = bisect_left(self.stops, self.index) - 1
            target = self.stops[earlier] if earlier >= 0 else -1
        if target < 0:
            self.notify(t("rv.no_more", self.lang), timeout=3)
            return
        if not self.review_shown:
            self.review_shown = True
            self.place_panel()
        self.go(target)

    # --- the worker -------------------------------------------------------------------------
    def start_review(self) -> None:
        self.reviewing = self.review_shown = True
        self.place_panel()
        self.query_one(ReviewPanel).progress(t("rv.reviewing", self.lang, done=0, total="…"), 0, 1)
        self.review_worker()

    @work(thread=True, exclusive=True, group="review")
    def review_worker(self) -> None:
        """The kept review, or a fresh one (then kept); the viewer stays live meanwhile."""
        from ...coach import cache
        from ...coach import review as coach_review
        from ...coach.seats import default_seats

        worker = get_current_worker()
        loaded = self.loaded
        gave_up = threading.Event()

        def step(done: int, total: int) -> None:
            if worker.is_cancelled or gave_up.is_set():
                raise ReviewStopped
            self.app.call_from_thread(self.review_progress, done, total)

        def run() -> Review:
            return cache.reviewed(
                loaded.path,
                str(loaded.record.get("digest", "")),
                loaded.match,
                default_seats(loaded.seats),
                budget=coach_review.REVIEW_BUDGET,
                progress=step,
                invalid=lambda: self.app.call_from_thread(self.review_invalid),
            )

        # in its own daemon thread, within a limit: this worker only waits, so closing the
        # viewer or the app never waits for a long search (bots/runner.py)
        outcome = Worker("domino-review").call(run, REVIEW_LIMIT, lambda: worker.is_cancelled)
        if outcome.cancelled:  # the viewer or the app closed: the review stops at its next step
            gave_up.set()
            return
        if outcome.overran:
            gave_up.set()
            late = t("rv.late", self.lang, limit=seconds(REVIEW_LIMIT))
            self.app.call_from_thread(self.review_failed, late)
            return
        err = outcome.error
        if isinstance(err, (ReviewStopped, RuntimeError)):  # the viewer or the app closed
            return
        if err is not None or outcome.value is None:  # a review never takes the viewer down
            self.app.call_from_thread(self.review_failed, err or t("rv.failed", self.lang, why="?"))
            return
        self.app.call_from_thread(self.review_done, outcome.value)

    def review_progress(self, done: int, total: int) -> None:
        if not self.is_attached:  # closed while the review ran
            raise ReviewStopped
        words = t("rv.reviewing", self.lang, done=done, total=total)
        self.query_one(ReviewPanel).progress(words, done, total)

    def review_invalid(self) -> None:
        """The kept review was there but not valid: say why this look takes time."""
        if self.is_attached:
            self.notify(t("cli.an_kept_invalid", self.lang), severity="warning", timeout=6)

    def review_failed(self, err: BaseException | str) -> None:
        """The panel says why there is no review: the error, or the words given (too late)."""
        if not self.is_attached:
            return
        self.reviewing = False
        why = err if isinstance(err, str) else t("rv.failed", self.lang, why=clean(err, 200))
        self.review_status = why
        self.show_frame()

    def review_done(self, review: Review) -> None:
        from ...coach.report import summarize

        if not self.is_attached:
            return
        self.review, self.reviewing = review, False
        self.decided = decision_frames(self.frames, self.loaded.match, review.decisions)
        self.stops = sorted(i for i, d in self.decided.items() if lost(d))
        self.summaries = summarize(review)
        self.show_frame()

    # --- drawing ----------------------------------------------------------------------------
    def place_panel(self) -> None:
        """The review panel takes the score sheet's place while it is shown."""
        self.query_one(ReviewPanel).display = self.review_shown
        self.query_one(ScoreSheet).display = not self.review_shown

    def show_review(self) -> None:
        """The panel's words for the frame shown (nothing while the review runs)."""
        panel = self.query_one(ReviewPanel)
        panel.border_title = t("rv.title", self.lang)
        if self.review is None:
            if not self.reviewing:
                panel.show(status=self.review_status)
            return
        lang, names = self.lang, self.names()
        top = summary_text(self.summaries, names, lang)
        top.append(t("rv.losses", lang, n=len(self.stops)) + "\n", style="italic")
        d = self.decision
        if d is None:
            here = Text(t("rv.none_here", lang), style="italic")
        else:
            why = self.review.reasons.get((d.round, d.index), ())
            here = decision_text(d, self.view_of(self.index, d), why, names, lang)
        panel.show(here, Text(""), top, status=self.review_status)

    def names(self) -> list[str]:
        """The players' names, cleaned once for every word of the panel."""
        return [clean(self.session.name(s)) for s in range(self.session.rules.players)]

    def view_of(self, index: int, d: Decision) -> SeatView:
        """The deciding seat's view at that frame (the words of a move need it)."""
        if index not in self.views:
            from ...engine.view import seat_view
            from .replay import match_at

            self.views[index] = seat_view(
                match_at(self.session.match, self.frames[index].step), d.seat
            )
        return self.views[index]

    def best_for(self, seat: int) -> int:
        """The best move's tiles in ``seat``'s hand at this frame (a mask; 0 off a decision)."""
        d = self.decision
        return best_marks(d)[0] if d is not None and d.seat == seat else 0

    def best_end(self) -> int:
        """The end the best move goes to at this frame, marked on the board (-1: none)."""
        d = self.decision
        return best_marks(d)[1] if d is not None and self.frames[self.index].state.placed else -1
