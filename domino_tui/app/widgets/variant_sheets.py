"""The side sheet of the variants that keep their own score (docs/variants V1, V3, V4, V6).

Козёл's sheet (remembered ``+N``, written, opened: :mod:`.scores`) is wrong for a game that
writes differently, so each of these variants draws its own rows through its presenter
(``domino_tui/variants/<module>.py``: :meth:`~domino_tui.variants.base.Presenter.sheet_rows`),
from the engine's sheet (``RoundResult.score.lines``) and the round's ``notes``, with the cells
of :mod:`domino_tui.variants.sheet`. This module asks the presenter and names no variant.

Осёл and чечевэ keep Козёл's sheet and only add a mark to the round's label (a close-out, a
finish with 6-6 or 0-0): their presenters' ``label_marks``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.table import Table

from ...engine.match import RoundResult
from ...engine.rules import Rules
from ...play.session import GameSession
from ...variants import presenter_of
from ...variants.sheet import FISH, WRITTEN, dot, number_cell
from ...words.strings import t

__all__ = ["FISH", "WRITTEN", "caption_words", "dot", "number_cell", "variant_rows"]


Rows = Callable[[Rules, Sequence[RoundResult], Table, str], None]


def variant_rows(rules: Rules) -> Rows | None:
    """The rows of the variant's own sheet, or None: Козёл's sheet serves."""
    shown = presenter_of(rules)
    return shown.sheet_rows if shown.own_sheet else None


def caption_words(session: GameSession, lang: str) -> list[str]:
    """What the sheet's border says: the round in play when the variant names it (a Морской
    try, first: it is what the player needs now), then the match's end: the rounds left, the
    target, or what the variant says ends it (the losses of a Генерал match)."""
    rules, m = session.rules, session.match
    shown = presenter_of(rules)
    if not shown.own_sheet:
        return []  # Козёл's border keeps what it always said
    words = shown.now(m, lang)
    limit = rules.rounds_limit
    if limit:
        return [*words, t("sc.cap.rounds_left", lang, n=max(0, limit - len(m.results)))]
    return [*words, shown.match_end(rules, lang)]
