"""``domino sim``: one whole match between bots, printed as a transcript.

It is the quickest way to watch the rules at work (and to check a rule option): the same seed
and options always print the same match.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from ..engine.options import RulesOptionError
from ..engine.rules import Rules, RulesError, make_rules, parse_settings
from ..i18n import languages
from ..option import OptionError
from ..text import clean
from .options import (
    DEFAULT_BOT_LIMIT,
    BotLimitOption,
    PairsOption,
    PresetOption,
    SettingsOption,
    fail,
    seed_option,
    split_bots,
)
from .outputs import ForceOption, confirm_output
from .words import bad_lang, cli_lang, count, error_line, languages_help, say, why

if TYPE_CHECKING:
    from ..bots.runner import Fault
    from ..engine.match import Match


SIM_HELP = (
    "Play one match between bots to its end and print its transcript.\n\n"
    "Deals, every play, draw and knock, fish, each round's score sheet, the goat (or the "
    "winner) and the ratings; in the variants (--rules osel, telefon …) also the cross, "
    "points scored during play and the variant's own score sheet. The same seed and options "
    "always print the same match."
)


def register(app: typer.Typer) -> None:
    """Add ``domino sim`` to ``app``."""
    app.command("sim", help=SIM_HELP, short_help=SIM_HELP.split("\n")[0])(sim)


def sim(
    rules: PresetOption = "kozel",
    players: Annotated[
        int | None, typer.Option("--players", help="2, 3 or 4 (default: the preset's).")
    ] = None,
    pairs: PairsOption = False,
    seed: Annotated[
        int | None, seed_option("Deal and bot seed (0 to 2^64-1); the same seed, the same match.")
    ] = None,
    settings: SettingsOption = None,
    lang: Annotated[
        str | None, typer.Option("--lang", help=f"{languages_help()} (default: as the app's).")
    ] = None,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="Bot per seat, comma-separated, repeated round the table: random, greedy, "
            "counter, pimc, ismcts, a level (easy … master) or name:option=value.",
        ),
    ] = "greedy",
    brief: Annotated[
        bool, typer.Option("--brief", help="Only round ends and score sheets, no deals or moves.")
    ] = False,
    record: Annotated[
        Path | None,
        typer.Option(
            "--record",
            metavar="FILE",
            help="Also write the match's game record (JSON) to FILE, for domino export and "
            "domino replay (an existing FILE only with --force or after a yes).",
        ),
    ] = None,
    force: ForceOption = False,
    bot_limit: BotLimitOption = DEFAULT_BOT_LIMIT,
) -> None:
    """Play one match between bots to the goat and print its transcript: deals, every play,
    draw and knock, fish, each round's score sheet, the goat and the ratings (help: SIM_HELP)."""
    if lang is not None and lang not in languages():
        _fail(bad_lang(_shown(lang)))
    lang = cli_lang(lang)
    if record is not None:  # refused (or asked about) before the match is played, not after
        confirm_output(record, force=force, lang=lang, prefix="domino sim")
    try:
        options: dict[str, object] = dict(parse_settings(settings or []))
        if players is not None:
            options["players"] = players
        if pairs:
            options["pairs"] = True
            options.setdefault("players", 4)
        chosen = make_rules(options, rules)
        seat_bots = _bot_names(bots, chosen.players, lang)
    except RulesError as err:
        _fail(why(err, lang))
    import secrets  # with hmac and hashlib: loaded by sim only, never by the first frame

    match_seed = seed if seed is not None else secrets.randbelow(10**6)
    # imported here so that `domino --help` does not load the engine, bots and rich
    from rich.console import Console

    from ..i18n import tr
    from ..words.transcript import render_match, seat_names

    names = seat_names(chosen, None, lang)

    def told(fault: Fault) -> None:  # one line, as it happens: the match goes on
        typer.echo(f"domino sim: {error_line(fault.words(lang))}", err=True)

    match = play_match(chosen, match_seed, seat_bots, limit=bot_limit, report=told)
    console = Console(highlight=False)
    tolerant_stdout()
    # a plugin's options are not checked here and could carry escape codes: print them as text
    listing = clean(", ".join(f"{names[s]} — {bot}" for s, bot in enumerate(seat_bots)))
    console.print(tr("tx.bots", lang, bots=listing), style="dim", markup=False)
    for part in render_match(match, names, lang, moves=not brief):
        console.print(part)
    if record is not None:
        _write_record(record, match, names, seat_bots, rules, lang)


def _write_record(
    path: Path,
    match: Match,
    names: list[str],
    bots: list[str],
    preset: str,
    lang: str,
) -> None:
    """The simulated match as a kept record: the same file the table keeps after a match,
    written by the rule of every file the player names (:mod:`.outputs`); the player was
    asked before the match, if at all."""
    from ..engine.record import dumps, make_record
    from .outputs import write_output

    seats = [{"name": name, "bot": clean(bot)} for name, bot in zip(names, bots, strict=True)]
    text = dumps(make_record(match, seats, preset))
    write_output(path, text, force=True, lang=lang, prefix="domino sim")


def play_match(
    rules: Rules,
    seed: int,
    bots: list[str],
    *,
    limit: float = DEFAULT_BOT_LIMIT,
    report: Callable[[Fault], None] | None = None,
) -> Match:
    """Play a whole match; each bot sees only its own seat's view, seeded from the match seed.

    Each decision has ``limit`` seconds: a bot that overruns, raises or names an illegal action
    gets a stand-in move (bots/runner.py), the match is marked (kept out of the rating) and
    ``report`` hears of each seat's first fault of each kind."""
    from ..bots import make_bot
    from ..bots.runner import BotTable, mark
    from ..engine.match import Match
    from ..engine.view import seat_view

    # no wall-clock caps: the seed alone fixes every decision, so a seed replays the same match
    players = [make_bot(name, seed * 10 + seat, clock=False) for seat, name in enumerate(bots)]
    table = BotTable(players, bots, limit)
    match = Match(rules, seed)
    while not match.over:
        seat = match.turn
        decision = table.decide(seat, seat_view(match, seat))
        assert decision is not None  # nothing cancels a sim's wait
        if decision.fault is not None:
            mark(match, decision.fault)
            if decision.first and report is not None:
                report(decision.fault)
        match.apply(decision.code)
    table.close()
    return match


def _shown(text: str, limit: int = 40) -> str:
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def _bot_names(text: str, players: int, lang: str = "en") -> list[str]:
    """One bot per seat; a shorter list repeats (``greedy,random`` → greedy, random, greedy …).

    Each name is built once here so that an unknown bot or a bad option (``ismcts:iterations=-1``)
    is refused before the match starts."""
    from ..bots import make_bot

    names = split_bots(text)
    if not names:
        raise RulesError(say("cli.bots_none", lang))
    if len(names) > players:
        bots, seats = count(len(names), "cli.n_bots", lang), count(players, "cli.n_players", lang)
        raise RulesError(say("cli.bots_vs_players", lang, bots=bots, players=seats))
    for name in names:
        try:
            make_bot(name, clock=False)
        except OptionError as err:
            raise RulesOptionError.of(err) from None
        except ValueError as err:
            raise RulesError(str(err)) from None
    return [names[s % len(names)] for s in range(players)]


def tolerant_stdout() -> None:
    """Print ``?`` for what a non-UTF-8 terminal cannot show (Cyrillic, 🐟) instead of crashing."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")


def _fail(message: str) -> NoReturn:
    """One line on stderr and exit code 2: bad input is the player's to fix, not a crash."""
    fail("domino sim", message, 2)
