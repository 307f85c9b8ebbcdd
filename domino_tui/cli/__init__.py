"""The ``domino`` command. Each area registers its own subcommands from a module of its own, and
heavy imports (Textual, the bots) happen inside the commands so ``--help`` stays instant."""

from __future__ import annotations

import sys

import typer

from ..engine.record import RecordError
from ..engine.rules import RulesError
from . import arena, bots, play, replay, rules, sim, store

app = typer.Typer(
    name="domino",
    help="Козёл, the Russian yard game of dominoes, in the terminal.",
    no_args_is_help=False,
    add_completion=False,
    rich_markup_mode="rich",
)

for module in (play, sim, rules, bots, arena, store, replay):
    module.register(app)


class UserError(Exception):
    """A problem the player caused and can fix; printed as one line, never a traceback."""


def main() -> None:
    """Console entry point: clear messages for bad input, no traceback for Ctrl+C."""
    try:
        app()
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        sys.exit(130)
    except (RulesError, RecordError, UserError) as err:
        print(f"domino: {err}", file=sys.stderr)
        sys.exit(2)
