"""Save an SVG screenshot of a seeded table, as the README shows it.

    python -m domino_tui.cli.screenshot assets/table.svg [--seed 3] [--lang ru] [--size 120x40]

The path comes from the command line, so it follows the rule of ``export -o`` and ``sim
--record`` (:mod:`domino_tui.cli.outputs`): only a regular file is replaced, never a fifo, a
device, a socket or a folder, and an existing file only with ``--force`` (or after a yes at a
terminal). The path is checked before the table is played, and written atomically after. The
table itself is played by :func:`domino_tui.app.screenshot.shoot`: this command is above the
app, as every command that opens a table is.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
from collections.abc import Sequence
from pathlib import Path

from ..i18n import HOME, languages

PREFIX = "screenshot"  # what every refusal line starts with


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Save an SVG screenshot of a seeded table.")
    parser.add_argument("target", type=Path)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--lang", choices=languages(), default=HOME)
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument(
        "--force", "-f", action="store_true", help="Replace the file if it exists, without asking."
    )
    args = parser.parse_args(argv)
    w, _, h = args.size.partition("x")
    if not (w.isdigit() and h.isdigit()):
        parser.error(f"--size must be WIDTHxHEIGHT, not {args.size!r}")
    import typer

    from ..app import screenshot as table  # Textual: only once the arguments are good
    from .outputs import confirm_output, write_output
    from .words import cli_lang

    words = cli_lang()
    try:
        confirm_output(args.target, force=args.force, lang=words, prefix=PREFIX)  # before the work
        svg = asyncio.run(table.shoot(args.seed, args.lang, (int(w), int(h)), args.turns))
        with contextlib.suppress(OSError):  # a parent that cannot be made: the write says why
            args.target.parent.mkdir(parents=True, exist_ok=True)
        write_output(args.target, svg, force=True, lang=words, prefix=PREFIX)
    except typer.Exit as stop:  # one line was said already
        sys.exit(stop.exit_code)
    print(args.target)


if __name__ == "__main__":
    main()
