"""``domino stats``, ``domino export`` and ``domino records``: what is kept after the games.

``domino resume`` and ``domino replay`` open the Textual app and live with it; they load through
:func:`domino_tui.storage.saves.load_game` and :func:`domino_tui.storage.archive.load_record`.
Every failure here is one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..engine.record import RecordError
from ..storage.paths import stats_path
from ..storage.stats import MatchRef, ProfileStats, StatsDB, StatsError


def _fail(message: str) -> NoReturn:
    typer.echo(f"domino: {message}", err=True)
    raise typer.Exit(2)


def _match_cell(ref: MatchRef | None) -> str:
    """A best or worst match in a narrow cell: its rating and final score (date in --json)."""
    if ref is None:
        return "—"
    return f"{ref.rating:+d}, {ref.written}" + (" 🐐" if ref.goat else "")


def stats_table(profiles: list[ProfileStats]) -> Table:
    table = Table(
        title="Profiles",
        header_style="bold",
        caption="Won: rounds won of played · Mean: points left in hand per round · "
        "Best/Worst: rating, final score",
    )
    table.add_column("Player")
    for name in ("Games", "Goats", "Won", "Mean", "Rating"):
        table.add_column(name, justify="right", no_wrap=True)
    table.add_column("Best", no_wrap=True)
    table.add_column("Worst", no_wrap=True)
    for p in profiles:
        mean = p.mean_round_points
        table.add_row(
            escape(p.name) + (" [dim](bot)[/dim]" if p.is_bot else ""),
            str(p.matches) + (f" ({p.abandoned} left)" if p.abandoned else ""),
            str(p.goats),
            f"{p.rounds_won}/{p.rounds_played}",
            "—" if mean is None else f"{mean:.1f}",
            str(p.rating),
            _match_cell(p.best),
            _match_cell(p.worst),
        )
    return table


def _open_stats() -> StatsDB:
    try:
        db = StatsDB()
    except StatsError as err:
        _fail(str(err))
    if db.notice:
        typer.echo(f"domino: {db.notice}", err=True)
    return db


def _reset(db: StatsDB, ask: bool) -> None:
    count = db.match_count()
    question = f"Forget all statistics ({count} matches)? This cannot be undone"
    if ask and not typer.confirm(question, default=False):
        typer.echo("Nothing was changed.")
        return
    db.reset()
    typer.echo(f"Statistics reset ({count} matches forgotten).")


def _show(db: StatsDB, as_json: bool) -> None:
    profiles = db.profiles()
    if as_json:
        data = [
            {**p.to_dict(), "history": [vars(pt) for pt in db.rating_history(p.name, p.is_bot)]}
            for p in profiles
        ]
        typer.echo(json.dumps(data, ensure_ascii=False, indent=1))
    elif not profiles:
        typer.echo("No finished matches yet: play one with `domino`.")
    else:
        Console().print(stats_table(profiles))


def register(app: typer.Typer) -> None:
    @app.command()
    def stats(
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
        reset: Annotated[bool, typer.Option("--reset", help="Forget all statistics.")] = False,
        yes: Annotated[bool, typer.Option("--yes", "-y", help="Reset without asking.")] = False,
    ) -> None:
        """Profiles: matches, goats, rounds won, mean round points, rating, best and worst."""
        if not stats_path().exists():  # looking must not create the database
            if reset:
                typer.echo("Nothing to reset: there are no statistics yet.")
            else:
                typer.echo("[]" if as_json else "No finished matches yet: play one with `domino`.")
            return
        with _open_stats() as db:
            if reset:
                _reset(db, ask=not yes)
            else:
                _show(db, as_json)

    @app.command()
    def export(
        record: Annotated[
            str, typer.Argument(help="A record file, a name from `domino records`, or last.")
        ],
        lang: Annotated[str, typer.Option(help="Language of the transcript: en or ru.")] = "en",
        out: Annotated[
            Path | None, typer.Option("--out", "-o", help="Write plain text to this file.")
        ] = None,
    ) -> None:
        """Print a finished match as a text transcript: deals, every action, scores, the goat."""
        from ..i18n import check_lang
        from ..storage.archive import load_record
        from ..storage.files import write_atomic
        from ..transcript import match_text, render_match

        try:
            language = check_lang(lang)
            loaded = load_record(record)
        except (RecordError, ValueError) as err:
            _fail(str(err))
        names = [seat.name for seat in loaded.seats]
        if out is None:
            Console().print(*render_match(loaded.match, names, language))
            return
        try:
            write_atomic(out, match_text(loaded.match, names, language))
        except OSError as err:
            _fail(f"cannot write {out}: {err.strerror}")
        typer.echo(f"Transcript written to {out}")

    @app.command()
    def records(
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
    ) -> None:
        """List the kept records of finished matches, newest first."""
        from ..storage.archive import list_records

        infos = list_records()
        if as_json:
            rows = [
                {
                    "name": i.name,
                    "path": str(i.path),
                    "when": i.when.isoformat(),
                    "seed": i.seed,
                    "players": list(i.players),
                    "rounds": i.rounds,
                    "goats": list(i.goats),
                    "winners": list(i.winners),
                    "abandoned_by": i.abandoned_by,
                    "problem": i.problem,
                }
                for i in infos
            ]
            typer.echo(json.dumps(rows, ensure_ascii=False, indent=1))
            return
        if not infos:
            typer.echo("No finished matches are kept yet.")
            return
        table = Table(title="Records (newest first)", header_style="bold")
        for column in ("Name", "When"):
            table.add_column(column, no_wrap=True)
        table.add_column("Players")
        table.add_column("Rounds", justify="right")
        table.add_column("Result")
        for i in infos:
            if i.problem:
                result = f"[red]damaged: {escape(i.problem)}[/red]"
            elif i.abandoned_by:
                result = f"abandoned by {escape(i.abandoned_by)}"
            elif i.winners:
                result = f"won by {escape(', '.join(i.winners))}"
            else:
                result = f"goat: {escape(', '.join(i.goats))}" if i.goats else "no goat"
            when = i.when.astimezone().strftime("%Y-%m-%d %H:%M")
            players = escape(", ".join(i.players))
            table.add_row(escape(i.name), when, players, str(i.rounds), result)
        Console().print(table)
