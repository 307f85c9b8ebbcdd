"""``domino`` (start screen), ``domino play`` (you against bots), ``domino hotseat`` (friends
at one keyboard) and ``domino resume`` (the autosaved game): the Textual table.

Every game started here is autosaved after each action; a finished one is archived and counted
in the statistics (see :mod:`domino_tui.play.saving`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

import typer

from ..text import clean
from . import saves as saved_games
from .options import (
    LangOption,
    PairsOption,
    PresetOption,
    SeedOption,
    SettingsOption,
    split_bots,
)
from .words import UserError, cli_lang, count, say

if TYPE_CHECKING:
    from ..app.app import DominoApp
    from ..engine.rules import Rules
    from ..play.saving import Saves
    from ..play.session import GameSession
    from ..storage.settings import Settings

MAX_NAME = 20

# this game only; without it the Settings choice holds
TutorOption = Annotated[
    bool | None,
    typer.Option(
        "--tutor/--no-tutor",
        help="Tutor mode: warn before a mistake is played (default: as in Settings).",
        show_default=False,
    ),
]


class Pace(StrEnum):
    instant = "instant"
    fast = "fast"
    normal = "normal"
    slow = "slow"


def bot_levels(
    bots: str | None, players: int | None, pairs: bool, lang: str = "en", default: int = 4
) -> tuple[int, list[str]]:
    """The number of players and one bot level per bot seat (seats 1…n-1; you sit at 0).

    Without ``--players`` it is one more than the bots named, else ``default`` (the preset's).
    A short ``--bots`` list is filled up with its last level; a long one is an error."""
    levels = [b.strip() for b in bots.split(",") if b.strip()] if bots else []
    if pairs and players not in (None, 4):
        raise UserError(say("cli.pairs_four", lang, n=players))
    n = 4 if pairs else players if players is not None else len(levels) + 1 if levels else default
    if not 2 <= n <= 4:
        raise UserError(say("cli.players_range", lang, n=n))
    if len(levels) > n - 1:
        raise UserError(
            say("cli.bots_too_many", lang, bots=count(len(levels), "cli.n_bots", lang), n=n)
        )
    levels += [levels[-1] if levels else "hard"] * (n - 1 - len(levels))
    check_levels(levels, lang)
    return n, levels


def check_levels(levels: list[str], lang: str = "en") -> None:
    """Every bot can be built; an unknown name is refused in the player's words (a bad option
    keeps the bot's own explanation, which names the option and what it takes)."""
    from ..bots import LEVELS, available, make_bot

    for level in levels:
        name = level.partition(":")[0].strip()
        if name not in LEVELS and name not in available():
            choices = ", ".join([*LEVELS, *(b for b in available() if b not in LEVELS)])
            shown = clean(repr(name[:30]))
            raise UserError(say("cli.unknown_bot", lang, name=shown, choices=choices))
        try:
            make_bot(level, 0)
        except ValueError as err:
            raise UserError(say("cli.bad_bot", lang, why=err)) from None


def hotseat_table(
    names: list[str], bots: str | None, pairs: bool, lang: str = "en"
) -> tuple[list[str], list[str]]:
    """Seat kinds and the humans' names: the humans in the order given, then the bots.

    With pairs, seats 0+2 play against 1+3, so two friends and two bots are opponents, each
    with a bot partner. A name with a control or escape character is refused rather than
    cleaned: it would be drawn on the table and kept in records, and the player should see
    that it is not the name they meant."""
    from ..text import is_clean

    names = [n.strip() for n in names]
    if not 2 <= len(names) <= 4:
        raise UserError(say("cli.hotseat_names", lang, n=len(names)))
    for name in names:
        shown = repr(name[: MAX_NAME + 1])
        if not name or len(name) > MAX_NAME:
            raise UserError(say("cli.name_length", lang, n=MAX_NAME, name=shown))
        if not is_clean(name):
            raise UserError(say("cli.name_clean", lang, name=shown))
    if len({n.casefold() for n in names}) < len(names):
        raise UserError(say("cli.name_twice", lang))
    levels = split_bots(bots)
    total = len(names) + len(levels)
    if total > 4:
        raise UserError(
            say(
                "cli.table_full",
                lang,
                players=count(len(names), "cli.n_players", lang),
                bots=count(len(levels), "cli.n_bots", lang),
            )
        )
    if pairs and total != 4:
        raise UserError(say("cli.pairs_add_bots", lang, n=total))
    check_levels(levels, lang)
    return ["human"] * len(names) + levels, names


def build_rules(preset: str, set_: list[str] | None, players: int, pairs: bool) -> Rules:
    from ..engine.rules import make_rules, parse_settings

    options: dict[str, object] = dict(parse_settings(set_ or []))
    options["players"] = players
    if pairs:
        options["pairs"] = True
    return make_rules(options, preset)


def preset_rules(preset: str, set_: list[str] | None) -> Rules:
    """The preset with the ``--set`` options, before the players are seated: its player count
    and pairs are the table's defaults (Телефон is a game for two, Генерал for two pairs). A
    refused preset or option raises RulesError, which the CLI prints as one line (exit 2)."""
    from ..engine.rules import make_rules, parse_settings

    return make_rules(dict(parse_settings(set_ or [])), preset)


def wants_pairs(pairs: bool, base: Rules, players: int | None) -> bool:
    """``--pairs``, or a pairs preset (kozel-pairs, морской, генерал …) at a table of four: the
    engine plays a pairs preset for two or three each for themselves."""
    return pairs or (base.pairs and players in (None, 4))


def run_table(
    session: GameSession | None,
    lang: str | None,
    pace: str | None,
    *,
    saves: Saves | None = None,
    notice: str | None = None,
    words: str | None = None,
) -> None:
    """Open the app on ``session`` (or the start screen) with autosave switched on.

    The folders are checked first, so a home that is a file, read-only or unreachable stops
    here with one line (exit 1) instead of a table that cannot save. A damaged settings file
    found on the way is shown once as the app's notice. The app's return code becomes the
    process's: 1 after an internal error (the details are in crash.log), 0 otherwise."""
    from ..app import make_app
    from ..play.saving import Saves
    from ..storage.settings import take_notice
    from .health import check_folders

    check_folders(words)  # the CLI's words: --lang, else the saved setting, else the locale
    ui_lang = lang or stored_settings().lang  # loads the settings once: a damaged file is set aside
    notice = "\n".join(n for n in (notice, take_notice(ui_lang)) if n) or None
    run_app(make_app(session, lang=lang, pace=pace, saves=saves or Saves(), notice=notice))


def run_app(app: DominoApp) -> None:
    """Run a Textual app to its end; its return code becomes the process's (1 after "the
    table stopped on an internal error", as the exit codes promise). Every command that opens
    a table (play, hotseat, resume, learn, replay) ends through here."""
    app.run()
    leave_now_if_stuck(app.return_code or 0)
    if app.return_code:
        raise typer.Exit(app.return_code)


def leave_now_if_stuck(code: int) -> None:
    """After the app closed: a bot's thread that is still busy (a plugin that hangs) must not
    keep the process alive (bots/runner.py); the runner is only looked at if it was loaded."""
    import sys

    runner = sys.modules.get("domino_tui.bots.runner")
    if runner is not None:
        runner.leave_if_stuck(code)


def stored_settings() -> Settings:
    from ..storage.settings import SettingsStore, default_path

    return SettingsStore(default_path()).load()


def register(app: typer.Typer) -> None:
    @app.callback(invoke_without_command=True)
    def start(ctx: typer.Context) -> None:
        """Козёл, the Russian yard game of dominoes. Without a command: open the game."""
        if ctx.invoked_subcommand is None:
            run_table(None, None, None)

    @app.command()
    def play(
        players: Annotated[
            int | None,
            typer.Option(
                help="Players at the table: 2, 3 or 4 (you + bots; default: the preset's)."
            ),
        ] = None,
        pairs: PairsOption = False,
        bots: Annotated[
            str | None, typer.Option(help="Bot levels for the other seats, e.g. hard,medium,easy.")
        ] = None,
        rules: PresetOption = "kozel",
        set_: SettingsOption = None,
        seed: SeedOption = None,
        lang: LangOption = None,
        pace: Annotated[
            Pace | None, typer.Option(help="Bot pace: instant, fast, normal, slow.")
        ] = None,
        tutor: TutorOption = None,
    ) -> None:
        """Sit down at the table straight away: you against bots."""
        from ..play.session import GameSession, default_seats

        words = cli_lang(lang)
        base = preset_rules(rules, set_)
        pair_table = wants_pairs(pairs, base, players)
        n, levels = bot_levels(bots, players, pair_table, words, base.players)
        game_rules = build_rules(rules, set_, n, pairs)
        stored = stored_settings()
        ui_lang = lang.value if lang else stored.lang
        seats = default_seats(levels, ui_lang, stored.player_name)
        session = GameSession(game_rules, seats, seed, rules)
        session.tutor = tutor
        run_table(session, ui_lang, pace.value if pace else None, words=words)

    @app.command()
    def hotseat(
        names: Annotated[
            list[str],
            typer.Argument(help="2 to 4 player names, in turn order.", show_default=False),
        ],
        bots: Annotated[
            str | None, typer.Option(help="Bots for the remaining seats, e.g. hard or easy,medium.")
        ] = None,
        pairs: PairsOption = False,
        rules: PresetOption = "kozel",
        set_: SettingsOption = None,
        seed: SeedOption = None,
        lang: LangOption = None,
        timer: Annotated[
            int | None,
            typer.Option(min=1, help="Seconds per turn; running out abandons the game (K10.1)."),
        ] = None,
        pace: Annotated[
            Pace | None, typer.Option(help="Bot pace: instant, fast, normal, slow.")
        ] = None,
        tutor: TutorOption = None,
    ) -> None:
        """Friends at one keyboard: each hand stays hidden until its player sits down."""
        from ..play.session import GameSession, table_seats

        words = cli_lang(lang)
        base = preset_rules(rules, set_)
        seated = len(names) + len(split_bots(bots))
        kinds, humans = hotseat_table(names, bots, wants_pairs(pairs, base, seated), words)
        game_rules = build_rules(rules, set_, len(kinds), pairs)
        ui_lang = lang.value if lang else stored_settings().lang
        seats = table_seats(kinds, humans, ui_lang)
        session = GameSession(game_rules, seats, seed, rules, timer=timer)
        session.tutor = tutor
        run_table(session, ui_lang, pace.value if pace else None, words=words)

    saved_games.register(app)  # domino resume: the unfinished games
