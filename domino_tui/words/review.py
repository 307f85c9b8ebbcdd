"""The review of a match in a player's words, for the replay viewer's panel (issue 12).

The figures come from :mod:`domino_tui.coach` (each decision judged from the deciding seat's
view only); this module only words them, the way ``domino analyze`` does, with the signs of
chess and GNU Backgammon beside each label (``?!`` inaccuracy, ``?`` mistake, ``??`` blunder),
so that a label is never told by its colour alone. The review may come from a kept file (checked
against its match by :mod:`domino_tui.coach.checked`); its words still pass
:func:`~domino_tui.text.clean` before they are drawn, as the names have (the viewer's ``names``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from ..text import clean
from .hints import move_words, reason_words
from .strings import t

if TYPE_CHECKING:
    from ..bots.explain import Reason
    from ..coach.report import Summary
    from ..coach.review import Decision
    from ..engine.view import SeatView

SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
STYLES = {"inaccuracy": "bold yellow", "mistake": "bold dark_orange", "blunder": "bold red"}
LABEL_ORDER = ("inaccuracy", "mistake", "blunder")


def lost(decision: Decision) -> bool:
    """A decision the n / p keys stop at: a real choice that gave up something."""
    return decision.counted and decision.loss > 0


def label_words(decision: Decision, lang: str) -> str:
    """ "mistake ?" (a loss under an inaccuracy's threshold is "a small loss", without a sign)."""
    if not decision.label:
        return t("cli.an_small", lang)
    return f"{t(f'cli.an_label_{decision.label}', lang)} {SIGNS[decision.label]}"


def why_words(
    decision: Decision,
    reasons: tuple[Reason, ...],
    view: SeatView,
    names: Sequence[str],
    lang: str,
) -> list[str]:
    """Why the best move beats the one played, in words (the hint's wording)."""
    from ..bots.explain import Advice

    advice = Advice(decision.best, reasons, (), "better")
    return [clean(reason_words(r, advice, view, names, lang)) for r in reasons]


def summary_text(summaries: Sequence[Summary], names: Sequence[str], lang: str) -> Text:
    """A few lines per reviewed player: loss per choice, labels with their signs, the luck in
    points (the goat's price apart), and how luck and mistakes add up to the result."""
    from ..coach.report import goat_counts, identity_figures

    out = Text()
    for s in summaries:
        labels = "  ".join(f"{SIGNS[k]} {s.labels.get(k, 0)}" for k in LABEL_ORDER)
        rating = t(f"cli.an_rating_{s.rating}", lang) if s.rating else "—"
        out.append(names[s.seat], style="bold")
        out.append(f" · {rating}\n", style="bold cyan")
        words = t("rv.summary", lang, rate=f"{s.error_rate:.2f}", n=s.counted)
        out.append(f"  {words}\n  {labels}\n")
        out.append(f"  {t('cw.pane_luck', lang, luck=f'{s.luck_points:+.1f}')}\n")
        goat = goat_counts(s)
        if goat:
            words = t(
                "cw.pane_goat", lang, luck=f"{s.luck_price:+.1f}", result=f"{s.result_price:+.1f}"
            )
            out.append(f"  {words}\n")
        key = "cw.pane_result_goat" if goat else "cw.pane_result"
        result = t(key, lang, **identity_figures(s))
        out.append(f"  {result}\n")
    return out


def decision_text(
    decision: Decision,
    view: SeatView,
    reasons: tuple[Reason, ...],
    names: Sequence[str],
    lang: str,
) -> Text:
    """The decision at this step: who, the move played, the best, the loss and why."""
    d = decision
    out = Text()
    out.append(t("rv.who", lang, name=names[d.seat], n=d.round) + "\n", style="bold")
    out.append(t("rv.played", lang, move=move_words(view, d.played, lang, noun=True)) + "\n")
    if not d.counted:
        out.append(t("rv.forced", lang) + "\n", style="italic")
        return out
    if d.loss <= 0:
        out.append(t("rv.best_played", lang) + " ✓\n", style="bold green")
        return out
    best = move_words(view, d.best, lang, noun=True)
    out.append(t("rv.best", lang, move=best) + "\n", style="bold green")
    loss = t("rv.loss", lang, loss=f"{d.loss:.1f}", error=f"{d.error:.1f}")
    out.append(f"{loss}: ")
    out.append(label_words(d, lang), style=STYLES.get(d.label, "bold"))
    out.append("\n")
    why = why_words(d, reasons, view, names, lang)
    if why:
        out.append(t("cli.an_why", lang, reasons="; ".join(why)) + "\n")
    return out
