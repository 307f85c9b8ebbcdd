"""``domino arena``: bots play full matches on duplicate deals; a table (or JSON) of who is
stronger, by how much, and how long each one thinks."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from ..text import clean
from .options import (
    DEFAULT_BOT_LIMIT,
    BotLimitOption,
    PairsOption,
    PresetOption,
    SettingsOption,
    fail,
    seed_option,
)
from .words import cli_lang, error_line, say, why

if TYPE_CHECKING:
    from ..arena import ArenaReport

MAX_JOBS = 64  # worker processes; more only fork the machine to a standstill
Run = Callable[[Any, Callable[[int], None]], "ArenaReport"]


def _fail(message: object, code: int = 2) -> NoReturn:
    fail("domino", message, code)


ARENA_HELP = (
    "Bots play full matches on the same deals: who is stronger, by how much, how fast.\n\n"
    "Play N full matches (rounds until the goat) per seat rotation on the same deals and report "
    "each bot's margin per round with its 95% CI, round wins, goat rate and think time. "
    "Wall-clock caps are off, so the seed alone decides every move."
)


def register(app: typer.Typer) -> None:
    @app.command("arena", help=ARENA_HELP, short_help=ARENA_HELP.split("\n")[0])
    def arena_command(
        bots: Annotated[
            list[str],
            typer.Argument(
                help="Two to four bots (levels, strategies or plugins, e.g. hard greedy); "
                "they are cycled over the seats.",
                show_default=False,
            ),
        ],
        games: Annotated[
            int, typer.Option("--games", "-n", help="Deal sequences (each in every rotation).")
        ] = 100,
        players: Annotated[
            int | None,
            typer.Option(help="2, 3 or 4 (default: one seat per bot, 4 with pairs)."),
        ] = None,
        pairs: PairsOption = False,
        rules: PresetOption = "kozel",
        settings: SettingsOption = None,
        seed: Annotated[int, seed_option("Same seed, same result (0 to 2^64-1).")] = 0,
        jobs: Annotated[
            int | None,
            typer.Option(
                help="Worker processes (default 1; with --backend dask, the local cluster's "
                "workers, default one per core).",
                show_default=False,
            ),
        ] = None,
        backend: Annotated[
            Backend,
            typer.Option(
                help="Where the matches run: this machine's processes, or a Dask cluster "
                "(the optional 'cluster' extra).",
            ),
        ] = Backend.local,
        scheduler: Annotated[
            str | None,
            typer.Option(
                help="With --backend dask: the address of a running Dask scheduler "
                "(tcp://host:8786); without it a local cluster is started for the run.",
                show_default=False,
            ),
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
        bot_limit: BotLimitOption = DEFAULT_BOT_LIMIT,
    ) -> None:
        """The arena (help: ARENA_HELP)."""
        from rich.console import Console

        from ..arena import ArenaConfig, ArenaError
        from ..bots import make_bot
        from ..engine.rules import PRESETS, RulesError, make_rules, parse_settings

        words = cli_lang()
        if not 2 <= len(bots) <= 4:
            _fail(say("cli.arena_bots", words, n=len(bots)))
        if jobs is not None and not 1 <= jobs <= MAX_JOBS:
            _fail(say("cli.arena_jobs", words, max=MAX_JOBS, n=jobs))
        try:
            options: dict[str, Any] = dict(parse_settings(settings or []))
            preset = PRESETS.get(rules, {})
            preset_pairs = bool(preset.get("pairs"))
            if pairs:
                options["pairs"] = True
            if players is not None:
                options["players"] = players
            elif "players" not in options:  # a variant's own table (чечевэ's 4) before the bots'
                fixed = preset.get("players")
                options["players"] = 4 if pairs or preset_pairs else fixed or max(2, len(bots))
            config = ArenaConfig(
                bots=tuple(bots),
                games=games,
                rules=make_rules(options, rules),
                seed=seed,
                preset=rules,
                bot_limit=bot_limit,
            )
            for name in config.entries:
                make_bot(name, 0, clock=False)
        except (RulesError, ArenaError, ValueError) as err:
            _fail(why(err, words))
        console = Console(stderr=True)
        try:
            with _runner(backend, scheduler, jobs, words) as run:
                report = _run_with_progress(config, console, run)
        except ArenaError as err:  # a bot failed or broke the rules mid-run: not the input
            _fail(err, 1)
        for fault in report.faults:  # one line per bot and kind of fault, the run went on
            typer.echo(f"domino arena: {error_line(fault.words(words))}", err=True)
        if as_json:
            typer.echo(json.dumps(report.to_json()))
        else:
            Console().print(_table(report))


class Backend(StrEnum):
    """Where the matches run (``--backend``)."""

    local = "local"
    dask = "dask"


@contextlib.contextmanager
def _runner(backend: Backend, scheduler: str | None, jobs: int | None, words: str) -> Iterator[Run]:
    """The function that plays the run on the chosen backend, or one line on why it cannot
    (the Dask backend without the ``cluster`` extra, which the plain install never imports). A
    cluster is reached or started here, before the progress bar: its failure is one line."""
    from ..arena import run_arena

    if backend is Backend.local:
        if scheduler is not None:
            _fail(say("cli.arena_scheduler_local", words))
        yield lambda config, tick: run_arena(config, jobs or 1, tick)
        return
    from ..arena.cluster import INSTALL, cluster_client, dask_available, run_on_client

    if not dask_available():
        _fail(say("cli.arena_dask_missing", words, command=INSTALL))
    if scheduler is not None and jobs is not None:
        _fail(say("cli.arena_scheduler_jobs", words))
    with cluster_client(scheduler, jobs) as client:
        yield lambda config, tick: run_on_client(client, config, tick)


def _run_with_progress(config: Any, console: Any, run: Run) -> ArenaReport:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("[bold]arena[/]"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("matches"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("arena", total=config.matches)
        report: ArenaReport = run(config, lambda n: progress.advance(task, n))
    return report


def _margin_note(rules: Any) -> str:
    from ..arena.play import gains

    rest = (
        "wins: round win rate; goat: share of matches lost as the goat; ms: think time per decision"
    )
    from ..engine.variants import get_variant

    if get_variant(rules.variant).score_kind == "charged":
        return (
            "margin: pips charged to the others minus pips charged to this bot, per round; "
            f"pips: charged per round; {rest}"
        )
    if gains(rules):
        return (
            f"margin ({rules.variant}): this bot's written score gained per round minus the "
            f"others'; pips: its gain per round; {rest}"
        )
    return (
        f"margin ({rules.variant}): the others' score charged per round minus this bot's "
        f"(Генерал: rounds lost); pips: charged per round; {rest}"
    )


def _table(report: ArenaReport) -> Any:
    from rich.table import Table
    from rich.text import Text

    c = report.config
    r = c.rules
    mode = "pairs" if r.pairs else f"{r.players} players"
    title = (
        f"{c.games} games × {len(c.rotations)} seatings = {report.matches} matches, "
        f"{report.rounds} rounds · {mode} · {c.preset} · seed {c.seed}"
    )
    table = Table(title=title, title_justify="left")
    for name in ("bot", "margin", "95% CI", "pips", "wins", "goat", "ms med", "p95", "max"):
        table.add_column(name, justify="left" if name == "bot" else "right")
    for b in report.bots:
        lo, hi = b.margin_ci95
        style = "green" if lo > 0 else "red" if hi < 0 else "default"
        table.add_row(
            Text(clean(b.name if b.seats == 1 else f"{b.name} ×{b.seats}", 60)),  # no markup
            f"[{style}]{b.margin:+.2f}[/]",
            f"{lo:+.2f}…{hi:+.2f}",
            f"{b.pips:.1f}",
            f"{b.round_win_rate:.1%}",
            f"{b.goat_rate:.1%}",
            f"{b.think.median:.1f}",
            f"{b.think.p95:.1f}",
            f"{b.think.max:.0f}",
        )
    notes = [_margin_note(r)]
    if report.capped:
        notes.append(f"{report.capped} matches stopped at the round limit")
    if report.stand_ins:
        notes.append(f"{report.stand_ins} moves played by a stand-in for a failing bot")
    table.caption = "; ".join(notes)
    return table
