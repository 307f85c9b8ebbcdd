"""``domino stats``, ``domino export`` and ``domino records``: what is kept after the games.

``domino resume`` and ``domino replay`` open the Textual app and live with it; they load through
:func:`domino_tui.storage.saves.load_game` and :func:`domino_tui.storage.archive.load_record`.
Every failure here is one line on stderr, never a traceback: exit code 2 for input the player
can fix, 1 when the statistics or the data folder cannot be used.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from ..engine.record import RecordError
from ..i18n import languages
from ..storage.paths import records_dir, stats_path
from ..text import clean
from ..words.names import preset_name
from .options import LangOption
from .outputs import ForceOption, write_output
from .table import preset_rules
from .words import bad_lang, cli_lang, count, languages_help, say

if TYPE_CHECKING:  # SQLite and the statistics load when a command needs them
    from rich.table import Table

    from ..storage.stats import MatchRef, ProfileStats, StatsDB


def _fail(message: object, code: int = 2) -> NoReturn:
    """One line and exit 2 (input the player can fix) or 1 (the machine: the statistics
    cannot be opened, the disk is full)."""
    typer.echo(f"domino: {clean(message)}", err=True)
    raise typer.Exit(code)


def _say(message: object) -> None:
    typer.echo(f"domino: {clean(message)}", err=True)


def _match_cell(ref: MatchRef | None) -> str:
    """A best or worst match in a narrow cell: its rating and final score (date in --json)."""
    if ref is None:
        return "—"
    return f"{ref.rating:+d}, {ref.written}" + (" 🐐" if ref.goat else "")


def stats_table(
    profiles: list[ProfileStats], lang: str = "en", variant: str = "", legend: bool = True
) -> Table:
    """One variant's profiles (its name in the title), or every match's when none is named;
    ``legend``: the columns explained under the table (once, under the last one)."""
    from rich.table import Table

    title = say("cli.profiles", lang)
    if variant:
        title = say("cli.profiles_of", lang, variant=preset_name(variant, lang))
    table = Table(
        title=title,
        header_style="bold",
        caption=say("cli.profiles_caption", lang) if legend else None,
    )
    table.add_column(say("cli.col_player", lang))
    for name in ("games", "goats", "won", "mean", "rating"):
        table.add_column(say(f"cli.col_{name}", lang), justify="right", no_wrap=True)
    table.add_column(say("cli.col_best", lang), no_wrap=True)
    table.add_column(say("cli.col_worst", lang), no_wrap=True)
    bot = escape(say("cli.bot_mark", lang))
    for p in profiles:
        mean = p.mean_round_points
        table.add_row(
            escape(clean(p.name, 40)) + (f" [dim]{bot}[/dim]" if p.is_bot else ""),
            str(p.matches)
            + (" " + say("cli.left_n", lang, n=p.abandoned) if p.abandoned else "")
            + (" " + say("cli.practice_n", lang, n=p.practice) if p.practice else ""),
            str(p.goats),
            f"{p.rounds_won}/{p.rounds_played}",
            "—" if mean is None else f"{mean:.1f}",
            str(p.rating),
            _match_cell(p.best),
            _match_cell(p.worst),
        )
    return table


def _open_stats() -> StatsDB:
    from ..storage.stats import StatsDB, StatsError

    try:
        db = StatsDB()
    except StatsError as err:
        _fail(err, 1)
    if db.notice:
        _say(db.notice)
    return db


def _kept_count() -> int:
    try:
        return sum(1 for p in records_dir().iterdir() if p.name.endswith(".json"))
    except OSError:
        return 0


def _rebuild(ask: bool, lang: str = "en") -> None:
    """Count every kept record again (the archive is the source of truth); the old file is
    copied aside first so that nothing is lost if the records were incomplete."""
    records = count(_kept_count(), "cli.n_records", lang)
    question = say("cli.ask_rebuild", lang, records=records)
    if ask and not typer.confirm(question, default=False):
        typer.echo(say("cli.nothing_changed", lang))
        return
    with _open_stats() as db:
        backup = db.backup_now() if stats_path().exists() else None
        rebuilt = db.rebuild()
    text = say("cli.rebuilt", lang, records=count(rebuilt.counted, "cli.n_records", lang))
    if rebuilt.damaged:
        damaged = count(len(rebuilt.damaged), "cli.n_damaged", lang)
        text += say("cli.rebuilt_damaged", lang, damaged=damaged)
    if backup:
        text += say("cli.rebuilt_backup", lang, name=clean(backup.name))
    typer.echo(text + ".")


def _reset(db: StatsDB, ask: bool, lang: str = "en") -> None:
    matches = count(db.match_count(), "cli.n_matches", lang)
    question = say("cli.ask_reset", lang, matches=matches)
    if ask and not typer.confirm(question, default=False):
        typer.echo(say("cli.nothing_changed", lang))
        return
    db.reset()
    typer.echo(say("cli.reset_done", lang, matches=matches))


def _nothing_yet(reset: bool, as_json: bool, lang: str = "en") -> None:
    if reset:
        typer.echo(say("cli.nothing_to_reset", lang))
        return
    kept = _kept_count()
    if kept and not as_json:
        _say(say("cli.records_but_no_stats", lang, records=count(kept, "cli.n_records", lang)))
    typer.echo("[]" if as_json else say("cli.no_matches", lang))


def _show(db: StatsDB, as_json: bool, lang: str = "en", only: str | None = None) -> None:
    """Each variant's profiles apart, the most played variant first (a Козёл rating is never
    added to a Телефон one); ``only``: that variant alone. ``--json`` lists one entry per
    profile and variant, the variant named in it."""
    variants = [name for name, _n in db.variants() if only in (None, name)]
    sections = [(name, db.profiles(variant=name)) for name in variants]
    if as_json:
        data = [
            {
                **p.to_dict(),
                "name": clean(p.name),
                "variant": name,
                "history": [vars(pt) for pt in db.rating_history(p.name, p.is_bot, name)],
            }
            for name, profiles in sections
            for p in profiles
        ]
        typer.echo(json.dumps(data, ensure_ascii=False, indent=1))
    elif not sections:
        typer.echo(say("cli.no_matches", lang))
    else:
        console = Console()
        for name, profiles in sections:
            last = name == sections[-1][0]
            console.print(stats_table(profiles, lang, name, legend=last))


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
        rules: Annotated[
            str | None,
            typer.Option(
                "--rules", metavar="PRESET", help="Only this preset's variant (default: each)."
            ),
        ] = None,
        coach: Annotated[
            bool,
            typer.Option("--coach", help="Each player's error rate over the reviewed matches."),
        ] = False,
        lang: LangOption = None,
    ) -> None:
        """Profiles per variant: matches, goats, rounds won, mean points, rating, best, worst."""
        from ..storage.stats import StatsError

        words = cli_lang(lang)
        only = None if rules is None else preset_rules(rules, None).variant
        if reset and rebuild:
            _fail(say("cli.reset_and_rebuild", words))
        if coach:
            if reset or rebuild:
                _fail(say("cli.coach_alone", words))
            from .coach_stats import show_coach

            show_coach(as_json, words, only)
            return
        try:
            if rebuild:
                _rebuild(not yes, words)
                return
            if not (stats_path().exists() or stats_path().is_symlink()):  # looking creates none
                _nothing_yet(reset, as_json, words)
                return
            with _open_stats() as db:
                if reset:
                    _reset(db, not yes, words)
                else:
                    _show(db, as_json, words, only)
        except StatsError as err:
            _fail(err, 1)

    @app.command()
    def export(
        record: Annotated[
            str, typer.Argument(help="A record file, a name from `domino records`, or last.")
        ],
        lang: Annotated[
            str | None,
            typer.Option(
                help=f"Language of the transcript: {languages_help()} (default: as the app's)."
            ),
        ] = None,
        out: Annotated[
            Path | None,
            typer.Option(
                "--out",
                "-o",
                help="Write plain text to this file (an existing one only with --force or after "
                "a yes).",
            ),
        ] = None,
        force: ForceOption = False,
    ) -> None:
        """Print a finished match as a text transcript: deals, every action, scores, the goat."""
        from ..i18n import check_lang
        from ..storage.archive import load_record
        from ..words.transcript import match_text, render_match

        if lang is not None and lang not in languages():
            _fail(bad_lang(repr(lang[:20])))
        language = check_lang(cli_lang(lang))
        try:
            loaded = load_record(record)
        except RecordError as err:
            _fail(err)
        names = [seat.name for seat in loaded.seats]
        if out is None:
            Console().print(*render_match(loaded.match, names, language))
            return
        write_output(out, match_text(loaded.match, names, language), force=force, lang=language)
        typer.echo(say("cli.written_to", language, path=clean(out)))

    @app.command()
    def records(
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
        lang: LangOption = None,
    ) -> None:
        """List the kept records of finished matches, newest first."""
        from rich.table import Table

        from ..storage.archive import list_records
        from ..words.names import short_preset

        words = cli_lang(lang)
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
                    "preset": i.preset,
                    "stand_ins": i.stand_ins,
                }
                for i in infos
            ]
            typer.echo(json.dumps(rows, ensure_ascii=False, indent=1))
            return
        if not infos:
            typer.echo(say("cli.no_records", words))
            return
        marked = any(i.stand_ins for i in infos)
        table = Table(
            title=say("cli.records_title", words),
            header_style="bold",
            caption=say("cli.records_stand_ins", words) if marked else None,
        )
        for column in ("name", "when", "rules"):
            table.add_column(say(f"cli.col_{column}", words), no_wrap=True)
        table.add_column(say("cli.col_players", words))
        table.add_column(say("cli.col_rounds", words), justify="right")
        table.add_column(say("cli.col_result", words))
        for i in infos:
            if i.problem:
                result = f"[red]{escape(say('cli.damaged', words, why=i.problem))}[/red]"
            elif i.abandoned_by:
                result = escape(say("cli.abandoned_by", words, names=i.abandoned_by))
            elif i.winners:
                result = escape(say("cli.won_by", words, names=", ".join(i.winners)))
            elif i.goats:
                result = escape(say("cli.goat_is", words, names=", ".join(i.goats)))
            else:
                result = escape(say("cli.no_goat", words))
            if i.stand_ins and not i.problem:  # not rated: the legend under the table says why
                result += " · " + escape(say("stand_in_mark", words))
            when = i.when.astimezone().strftime("%Y-%m-%d %H:%M")
            players = escape(", ".join(i.players))
            # the game's short name in the player's language, as `domino resume --list` shows
            preset = escape(short_preset(i.preset, words) if i.preset else "—")
            table.add_row(escape(i.name), when, preset, players, str(i.rounds), result)
        Console().print(table)
