"""A column chart drawn with block characters: the rating of a profile over its matches.

Eighth blocks (``▁`` … ``█``) give eight levels per row, so ten rows show eighty steps; a plain
terminal font has them all, unlike braille. When there are more values than columns each column
shows the last value of its bucket, which for a running total is the total at that time.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget

from ...words.blocks import EIGHTHS, buckets

MAX_COLUMN = 3  # a few matches are drawn as wider columns, never wider than this


def chart_lines(
    values: Sequence[int], width: int, height: int, x_labels: tuple[str, str]
) -> list[str]:
    """The chart as text: a y axis with the top value and 0, columns scaled so the largest value
    fills ``height - 2`` rows, an x axis, and the first and last labels under it."""
    rows = max(1, height - 2)
    top = max([*values, 0])
    low = min([*values, 0])
    y_w = max(len(str(top)), len(str(low))) + 1
    plot_w = max(1, width - y_w - 1)
    shown = buckets(values, plot_w)
    col_w = max(1, min(MAX_COLUMN, plot_w // max(1, len(shown))))
    span = top - low or 1
    levels = [round((v - low) * rows * 8 / span) for v in shown]
    lines = []
    for r in range(rows):
        floor = (rows - 1 - r) * 8  # eighths below this row
        cells = "".join(EIGHTHS[min(8, max(0, lv - floor))] * col_w for lv in levels)
        axis = f"{top:>{y_w - 1}} ┤" if r == 0 else " " * y_w + "│"
        lines.append(axis + cells)
    lines.append(f"{low:>{y_w - 1}} └" + "─" * (len(shown) * col_w))
    first, last = x_labels
    gap = max(1, len(shown) * col_w - len(first) - len(last))
    under = first + " " * gap + last if last and last != first else first
    lines.append(" " * (y_w + 1) + under)
    return lines[:height]


class RatingChart(Widget):
    """Draws a running rating total; :meth:`show` with no values shows ``empty`` instead."""

    DEFAULT_CSS = """
    RatingChart { height: 1fr; min-height: 5; padding: 0 1; color: $accent; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.values: tuple[int, ...] = ()
        self.x_labels = ("", "")
        self.empty = ""

    def show(self, values: Sequence[int], x_labels: tuple[str, str], empty: str = "") -> None:
        self.values, self.x_labels, self.empty = tuple(values), x_labels, empty
        self.refresh()

    def render(self) -> RenderableType:
        if not self.values:
            return Text(self.empty, style="italic")
        width, height = self.content_size
        lines = chart_lines(self.values, width, height, self.x_labels)
        text = Text(no_wrap=True, overflow="crop", end="")
        for i, line in enumerate(lines):
            if i:
                text.append("\n")
            for bars, run in groupby(line, key=lambda ch: ch in EIGHTHS[1:]):
                text.append("".join(run), style="" if bars else "dim")
        return text
