"""The table of options that ``domino rules --options`` and ``domino bots`` print: one row per
option, its name as typed, what it allows, its default and its label in the app.

Every cell is plain text (:class:`rich.text.Text`), never markup: a plugin's option names and
defaults come from someone else's code (cleaned by :func:`~..words.options.help_rows`), and a
``[`` in them must neither style the table nor stop the command."""

from __future__ import annotations

from typing import Any

from .words import say


def option_table(title: str, rows: list[tuple[str, str, str, str]], lang: str) -> Any:
    """A Rich table of ``rows`` (from :func:`~..words.options.help_rows`) under ``title``; a
    row without a default says the bot decides; the label column only when a row has one."""
    from rich.table import Table
    from rich.text import Text

    labelled = any(row[3] for row in rows)
    table = Table(title=title, title_justify="left")
    table.add_column(say("option.col_name", lang), style="bold")
    table.add_column(say("option.col_allowed", lang), overflow="fold")
    table.add_column(say("option.col_default", lang))
    if labelled:
        table.add_column(say("option.col_label", lang), style="dim")
    for name, allowed, default, label in rows:
        cells = [name, allowed, default or say("option.bot_decides", lang)]
        table.add_row(*(Text(cell) for cell in (*cells, label)[: 4 if labelled else 3]))
    return table
