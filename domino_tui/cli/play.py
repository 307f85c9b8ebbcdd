"""``domino`` (start screen) and ``domino play``: the Textual table."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    @app.callback(invoke_without_command=True)
    def start(ctx: typer.Context) -> None:
        """Козёл, the Russian yard game of dominoes. Without a command: open the game."""
        if ctx.invoked_subcommand is None:
            typer.echo("The Textual table is coming; try `domino sim`.")
