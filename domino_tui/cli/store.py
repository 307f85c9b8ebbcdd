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
from ..storage.paths import records_dir, stats_path
from ..storage.stats import MatchRef, ProfileStats, StatsDB, StatsError
from ..text import clean


def _fail(message: object) -> NoReturn:
    typer.echo(f"domino: {clean(message)}", err=True)
    raise typer.Exit(2)


def _say(message: object) -> None:
    typer.echo(f"domino: {clean(message)}", err=True)


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
        "Best/Worst: rating, final score · practice: played with undo, not rated",
    )
    table.add_column("Player")
    for name in ("Games", "Goats", "Won", "Mean", "Rating"):
        table.add_column(name, justify="right", no_wrap=True)
    table.add_column("Best", no_wrap=True)
    table.add_column("Worst", no_wrap=True)
    for p in profiles:
        mean = p.mean_round_points
        table.add_row(
            escape(clean(p.name, 40)) + (" [dim](bot)[/dim]" if p.is_bot else ""),
            str(p.matches)
            + (f" ({p.abandoned} left)" if p.abandoned else "")
            + (f" ({p.practice} practice)" if p.practice else ""),
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
        _fail(err)
    if db.notice:
        _say(db.notice)
    return db


def _kept_count() -> int:
    try:
        return sum(1 for p in records_dir().iterdir() if p.name.endswith(".json"))
    except OSError:
        return 0


def _rebuild(ask: bool) -> None:
    """Count every kept record again (the archive is the source of truth); the old file is
    copied aside first so that nothing is lost if the records were incomplete."""
    kept = _kept_count()
    question = (
        f"Rebuild the statistics from the {kept} kept record(s)? "
        "The current statistics file is kept as a backup"
    )
    if ask and not typer.confirm(question, default=False):
        typer.echo("Nothing was changed.")
        return
    with _open_stats() as db:
        backup = db.backup_now() if stats_path().exists() else None
        rebuilt = db.rebuild()
    saved = f"; the old file was kept as {clean(backup.name)}" if backup else ""
    typer.echo(f"Statistics {rebuilt.words()}{saved}.")


def _reset(db: StatsDB, ask: bool) -> None:
    count = db.match_count()
    question = f"Forget all statistics ({count} matches)? This cannot be undone"
    if ask and not typer.confirm(question, default=False):
        typer.echo("Nothing was changed.")
        return
    db.reset()
    typer.echo(f"Statistics reset ({count} matches forgotten).")


def _nothing_yet(reset: bool, as_json: bool) -> None:
    if reset:
        typer.echo("Nothing to reset: there are no statistics yet.")
        return
    kept = _kept_count()
    if kept and not as_json:
        _say(f"there are no statistics, but {kept} kept record(s): `domino stats --rebuild`")
    typer.echo("[]" if as_json else "No finished matches yet: play one with `domino`.")


def _show(db: StatsDB, as_json: bool) -> None:
    profiles = db.profiles()
    if as_json:
        data = [
            {
                **p.to_dict(),
                "name": clean(p.name),
                "history": [vars(pt) for pt in db.rating_history(p.name, p.is_bot)],
            }
            for p in profiles
        ]
        typer.echo(json.dumps(data, ensure_ascii=False, indent=1))
    elif not profiles:
        typer.echo("No finished matches yet: play one with `domino`.")
    else:
        Console().print(stats_table(profiles))


def _write_out(out: Path, text: str) -> None:
    """``export -o``: replace only a regular file (or create one); every refusal one line."""
    from ..storage.files import error_words, output_target, write_atomic
    from ..storage.reading import FileRefused

    try:
        target = output_target(out, "the output file")
        write_atomic(target, text)
    except FileRefused as err:
        _fail(err)
    except OSError as err:
        _fail(f"cannot write {clean(out, 200)}: {error_words(err)}")


def register(app: typer.Typer) -> None:
    @app.command()
    def stats(
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
        reset: Annotated[bool, typer.Option("--reset", help="Forget all statistics.")] = False,
        rebuild: Annotated[
            bool,
            typer.Option("--rebuild", help="Count every kept record again (keeps a backup)."),
        ] = False,
        yes: Annotated[
            bool, typer.Option("--yes", "-y", help="Reset or rebuild without asking.")
        ] = False,
    ) -> None:
        """Profiles: matches, goats, rounds won, mean round points, rating, best and worst."""
        if reset and rebuild:
            _fail("give --reset or --rebuild, not both")
        try:
            if rebuild:
                _rebuild(ask=not yes)
                return
            if not (stats_path().exists() or stats_path().is_symlink()):  # looking creates none
                _nothing_yet(reset, as_json)
                return
            with _open_stats() as db:
                if reset:
                    _reset(db, ask=not yes)
                else:
                    _show(db, as_json)
        except StatsError as err:
            _fail(err)

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
        from ..transcript import match_text, render_match

        try:
            language = check_lang(lang)
            loaded = load_record(record)
        except (RecordError, ValueError) as err:
            _fail(err)
        names = [seat.name for seat in loaded.seats]
        if out is None:
            Console().print(*render_match(loaded.match, names, language))
            return
        _write_out(out, match_text(loaded.match, names, language))
        typer.echo(f"Transcript written to {clean(out)}")

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
                    "path": clean(i.path),
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
