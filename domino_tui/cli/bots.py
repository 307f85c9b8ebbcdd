"""``domino bots``: every bot the game knows, the levels the app offers, and skipped plugins.

A plugin's name, description and source come from someone else's package: the registry has
cleaned them already, and here they go into the table as plain text, never as Rich markup, so a
``[`` in a description neither styles the table nor stops the command. A plugin's description
is its author's whole first paragraph (bounded by the registry): the table wraps it, folding a
word too long for the column, rather than cutting it, and ``--json`` gives it whole."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from ..text import clean

if TYPE_CHECKING:
    from rich.console import Console

    from ..bots import BotInfo


def register(app: typer.Typer) -> None:
    @app.command("bots")
    def bots_command(
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
    ) -> None:
        """List the bots with their levels and a short description."""
        from rich.console import Console
        from rich.table import Table
        from rich.text import Text

        from ..bots import (
            LEVEL_DESCRIPTIONS,
            LEVELS,
            available,
            parse_spec,
            plugin_errors,
            quiet_plugin_warnings,
        )

        was_quiet = quiet_plugin_warnings()  # the skipped plugins are listed below, once
        try:
            bots = available()
        finally:
            quiet_plugin_warnings(was_quiet)
        levels_of: dict[str, list[str]] = {}
        for level, spec in LEVELS.items():
            levels_of.setdefault(parse_spec(spec)[0], []).append(level)
        if as_json:
            out = {
                "bots": [
                    {
                        "name": info.name,
                        "levels": levels_of.get(name, []),
                        "description": info.description,
                        "source": info.source,
                        "timed": info.timed,
                        "options": None if info.options is None else list(info.options),
                    }
                    for name, info in bots.items()
                ],
                "levels": {
                    level: {"bot": spec, "description": LEVEL_DESCRIPTIONS.get(level, "")}
                    for level, spec in LEVELS.items()
                },
                "skipped": plugin_errors(),
            }
            typer.echo(json.dumps(out, ensure_ascii=False, indent=2))
            return
        console = Console()
        table = Table(title="Bots", title_justify="left")
        table.add_column("name", style="bold")
        table.add_column("levels")
        table.add_column("description", overflow="fold", no_wrap=False)
        table.add_column("source", style="dim")
        for name, info in bots.items():
            cells = (name, ", ".join(levels_of.get(name, [])), info.description, info.source)
            table.add_row(*(Text(clean(cell)) for cell in cells))
        console.print(table)
        levels = Table(title="Levels (what the app offers)", title_justify="left")
        levels.add_column("level", style="bold")
        levels.add_column("plays as", overflow="fold")
        levels.add_column("")
        for level, spec in LEVELS.items():
            levels.add_row(level, spec, LEVEL_DESCRIPTIONS.get(level, ""))
        console.print(levels)
        _print_options(console, bots)
        for message in plugin_errors():
            line = Text.assemble(("warning:", "yellow"), " ", clean(message))
            Console(stderr=True).print(line, highlight=False)


def _print_options(console: Console, bots: dict[str, BotInfo]) -> None:
    """Each bot's options (``name:option=value``), what each allows and its default, in the
    player's language; a plugin whose options cannot be read says so."""
    from rich.text import Text

    from ..words.options import help_rows
    from .option_help import option_table
    from .words import cli_lang, say

    lang = cli_lang()
    for name, info in bots.items():
        shown = clean(name, 40)
        if info.options is None:
            console.print(Text(say("option.bot_unread", lang, bot=shown)))
        elif info.options:
            title = say("option.bot_title", lang, bot=shown)
            console.print(option_table(title, help_rows(info.options, lang, None), lang))
