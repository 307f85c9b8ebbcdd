"""``domino`` (start screen), ``domino play`` (you against bots), ``domino hotseat`` (friends
at one keyboard) and ``domino resume`` (the autosaved game): the Textual table.

Every game started here is autosaved after each action; a finished one is archived and counted
in the statistics (see :mod:`domino_tui.play.saving`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from . import saves as saved_games
from .errors import UserError
from .options import (
    LangOption,
    PairsOption,
    PresetOption,
    SeedOption,
    SettingsOption,
    split_bots,
)
from .table import (
    Pace,
    app_code,
    build_rules,
    check_levels,
    open_table,
    play_session,
    preset_rules,
    stored_settings,
    wants_pairs,
)
from .words import cli_lang, count, say

if TYPE_CHECKING:
    from ..app.app import DominoApp
    from ..play.saving import Saves
    from ..play.session import GameSession

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


def run_table(
    session: GameSession | None,
    lang: str | None,
    pace: str | None,
    *,
    saves: Saves | None = None,
    notice: str | None = None,
    words: str | None = None,
) -> None:
    """:func:`.table.open_table`, its return code as the command's (``typer.Exit``)."""
    code = open_table(session, lang, pace, saves=saves, notice=notice, words=words)
    if code:
        raise typer.Exit(code)


def run_app(app: DominoApp) -> None:
    """:func:`.table.app_code`, its return code as the command's (``typer.Exit``)."""
    code = app_code(app)
    if code:
        raise typer.Exit(code)


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
        chosen = lang.value if lang else None
        session, ui_lang, words = play_session(
            players, pairs, bots, rules, set_, seed, chosen, tutor
        )
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
