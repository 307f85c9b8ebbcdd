"""Each player's error rate over time as a table (issue 12, part 3): a sparkline of the points
lost per choice by match, the number of reviewed matches, the last and the mean rate, the
latest rating word and the trend. The Stats screen and ``domino stats --coach`` print this one
table, so what a script reads and what the screen shows agree.

No Textual here (the CLI imports it); the sparkline is the rating chart's eighth blocks.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.table import Table
from rich.text import Text

from ..coach.history import Series
from ..i18n import tr
from ..text import clean
from .blocks import EIGHTHS, buckets

SPARK_WIDTH = 16  # columns of the sparkline; more matches than this are sampled evenly
NAME_LIMIT = 30


def sparkline(values: Sequence[float], width: int = SPARK_WIDTH) -> str:
    """One block per match, oldest first: the player's worst match fills the cell, a match
    without loss is the lowest block (still seen); at most ``width`` blocks."""
    top = max(values, default=0.0)
    levels = [1 + round(v / top * 7) if top > 0 else 1 for v in values]
    return "".join(EIGHTHS[level] for level in buckets(levels, width))


def rating_words(key: str, lang: str) -> str:
    return tr(f"cli.an_rating_{key}", lang) if key else "—"


def trend_words(key: str, lang: str) -> str:
    return tr(f"coach.trend_{key}", lang) if key else "—"


def error_table(series: Sequence[Series], lang: str, title: str = "") -> Table:
    """One row per player (names cleaned: they come from files)."""
    table = Table(
        title=title or None,
        header_style="bold",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        show_edge=False,
    )
    table.add_column(tr("cli.col_player", lang))
    table.add_column(tr("coach.col_series", lang), no_wrap=True)
    for key in ("reviewed", "last", "mean"):
        table.add_column(tr(f"coach.col_{key}", lang), justify="right", no_wrap=True)
    table.add_column(tr("coach.col_rating", lang))
    table.add_column(tr("coach.col_trend", lang))
    for s in series:
        name = Text(clean(s.name, NAME_LIMIT))
        if s.is_bot:
            name.append(f" ({tr('stats_bot', lang)})", style="dim")
        table.add_row(
            name,
            Text(sparkline([p.error_rate for p in s.points]), style="bold"),
            str(len(s.points)),
            f"{s.points[-1].error_rate:.2f}",
            f"{s.mean:.2f}",
            rating_words(s.rating, lang),
            trend_words(s.trend, lang),
        )
    return table
