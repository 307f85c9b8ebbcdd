"""What every score sheet's rows are made of: the round's number cell with its marks, the dot
of nothing written, a totals row, and the marks a variant's cells use (the key that says what
each mark means is ``words.score.variant_key``: the meaning is never carried by colour alone).

Козёл's sheet (``app/widgets/scores.py``) and each presenter's own rows (:meth:`.base.Presenter
.sheet_rows`) draw with these, so the table's side sheet and a replay's sheet look alike.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from ..engine.match import RoundResult

FISH = "🐟"
WIPED = "✗"
NA_STO = "↑"
EGG = "🥚"
TRY = "↻"
WRITTEN = "bold red"
GAINED = "bold"


def notes_of(result: RoundResult) -> dict[str, Any]:
    return result.notes or {}


def seat_or_none(n: int | None) -> int:
    """A seat a note names, or -1 for none (notes keep -1 or None for nobody)."""
    return n if n is not None else -1


def number_cell(result: RoundResult, marks: str = "") -> Text:
    """The round's number, with the fish mark first and the variant's marks after."""
    label = Text(f"{FISH}{result.number}" if result.fish else str(result.number))
    if marks:
        label.append(marks, style="magenta")
    return label


def dot() -> Text:
    return Text("·", style="dim")


def total_row(table: Table, result: RoundResult) -> None:
    """``Σ`` and each side's score after the round."""
    totals = [Text(str(line.after.written), style=GAINED) for line in result.score.lines]
    table.add_row(Text("Σ", style="dim"), *totals)
