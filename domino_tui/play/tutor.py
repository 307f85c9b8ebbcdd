"""The tutor's look at a move before it is laid, with no UI toolkit: what it stops and why.

The look (:func:`domino_tui.coach.review.tutor_check`) uses the deciding seat's view only, the
same one the hint uses, so the warning can never tell a hidden tile. The table service
(:mod:`.table`) asks it; a screen words the answer with :func:`caught_lines`. Moved here from
the game screen's tutor (issue 23) so a match can be played with the tutor and without Textual.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.view import SeatView
from ..words.hints import move_words, reason_words
from ..words.strings import t

if TYPE_CHECKING:  # the coach and its search load with the first look, not the first frame
    from ..bots.explain import Reason
    from ..coach.review import Decision


@dataclass(frozen=True)
class Caught:
    """A move the tutor stops: the position it was chosen in, the review, and why the best
    move is better (facts of the seat's view)."""

    view: SeatView
    decision: Decision
    reasons: tuple[Reason, ...]


def look(view: SeatView, code: int, seed: int) -> Caught | None:
    """The tutor's look at ``code``: None when it may be laid, else what to say about it."""
    from ..coach import review
    from ..coach.review import warns

    decision = review.tutor_check(view, code, seed=seed)
    if not warns(decision):
        return None
    return Caught(view, decision, why_better(view, decision, seed))


def why_better(view: SeatView, d: Decision, seed: int) -> tuple[Reason, ...]:
    """The facts that set the best move apart from the one chosen, on the tutor's own
    evaluation (same seed and budget, so the same values); none if they cannot be had."""
    from ..bots.explain import reasons_for
    from ..coach import review
    from ..coach.review import value_of

    budget = review.TUTOR_BUDGET
    try:
        values = review.review_values(view, d.played, seed=seed, budget=budget)
        best, played = value_of(values, d.best), value_of(values, d.played)
        return reasons_for(view, (best, played), complete=True)
    except Exception:  # the warning stands without its reasons
        return ()


def caught_lines(caught: Caught, names: Sequence[str], lang: str) -> list[str]:
    """The dialog's words: the move chosen described (not quoted as an order), its loss, the
    better move and why."""
    from ..bots.explain import Advice

    d, view = caught.decision, caught.view
    lines = [
        t(
            "tutor.loss",
            lang,
            played=move_words(view, d.played, lang, noun=True),
            loss=f"{d.loss:.1f}",
            error=f"{d.error:.1f}",
        ),
        t("tutor.better", lang, best=move_words(view, d.best, lang, noun=True)),
    ]
    advice = Advice(d.best, caught.reasons, (), "better")
    why = [reason_words(r, advice, view, names, lang) for r in caught.reasons]
    if why:
        lines.append(t("tutor.why", lang, reasons="; ".join(why)))
    return lines
