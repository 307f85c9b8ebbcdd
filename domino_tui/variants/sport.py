"""Спортивное (V6) as a player reads it: what each pair wrote per deal, deals left."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from ..engine.match import RoundResult
from ..engine.rules import Rules
from ..engine.scoring import SideLine
from ..engine.variants.sport import Ended, Notes
from ..i18n import Lang, tr
from .base import EndWords, Presenter, PresetWords, Told, notes_as
from .sheet import (
    WRITTEN,
    dot,
    number_cell,
    total_row,
)
from .sums import written_sum


class SportPresenter(Presenter):
    notes_type = Notes
    ends = {Ended.DEALS: EndWords("vn.ended.deals", n="rounds")}  # noqa: RUF012 - read-only table
    page = "sport"
    presets = {  # noqa: RUF012 - read-only table
        "sport": PresetWords("tx.variant.sport", "preset_short.sport", "ng.about.sport"),
    }

    def round_notes(self, told: Told) -> list[str]:
        notes, sides, lang = told.notes_as(Notes), told.sides, told.lang
        out = []
        writer = notes.get("writer", -1)
        if notes.get("tie"):
            out.append(tr("vn.sport.tie", lang))
        elif writer is not None and writer >= 0:
            out.append(tr("vn.sport.writes", lang, side=sides[writer], n=notes.get("points", 0)))
        left = notes.get("deals_left")
        if left and not notes.get("ended"):
            out.append(tr("vn.sport.deals_left", lang, n=left))
        return out

    def side_sum(self, rules: Rules, result: RoundResult, line: SideLine, lang: Lang) -> list[str]:
        """V6.8.2, V6.7: the pair that won the deal writes the other pair's hands."""
        if notes_as(Notes, result).get("tie"):
            return [tr("vs.sport_tie", lang, after=line.after.written)]
        return written_sum(line, lang)

    def sheet_rows(
        self, rules: Rules, results: Sequence[RoundResult], table: Table, lang: Lang
    ) -> None:
        for result in results:
            cells = [sport_cell(result, line) for line in result.score.lines]
            table.add_row(number_cell(result), *cells, style="underline")
            total_row(table, result)


# --- its sheet's cells ----------------------------------------------------------------------------
def sport_cell(result: RoundResult, line: SideLine) -> Text:
    """What the pair wrote this deal (V6.8.2, V6.7); ``=`` for an equal fish."""
    if notes_as(Notes, result).get("tie"):
        return Text("=", style="dim")
    if line.round_points:
        return Text(str(line.round_points), style=WRITTEN)
    return dot()


PRESENTER = SportPresenter()
