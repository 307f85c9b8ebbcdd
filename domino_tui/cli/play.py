"""``domino`` (start screen), ``domino play`` (you against bots), ``domino hotseat`` (friends
at one keyboard) and ``domino resume`` (the autosaved game): the Textual table.

Every game started here is autosaved after each action; a finished one is archived and counted
in the statistics (see :mod:`domino_tui.app.saving`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

import typer

from .options import LangOption, PairsOption, PresetOption, SeedOption, SettingsOption

if TYPE_CHECKING:
    from ..app.session import GameSession
    from ..app.settings import Settings
    from ..engine.rules import Rules

MAX_NAME = 20


class Pace(StrEnum):
    instant = "instant"
    fast = "fast"
    normal = "normal"
    slow = "slow"


def bot_levels(bots: str | None, players: int | None, pairs: bool) -> tuple[int, list[str]]:
    """The number of players and one bot level per bot seat (seats 1…n-1; you sit at 0).

    A short ``--bots`` list is filled up with its last level; a long one is an error."""
    levels = [b.strip() for b in bots.split(",") if b.strip()] if bots else []
    if pairs and players not in (None, 4):
        raise typer.BadParameter(
            f"pairs need exactly 4 players, not {players}", param_hint="--pairs"
        )
    n = 4 if pairs else players or (len(levels) + 1 if levels else 4)
    if not 2 <= n <= 4:
        raise typer.BadParameter(f"players must be 2, 3 or 4, not {n}", param_hint="--players")
    if len(levels) > n - 1:
        raise typer.BadParameter(
            f"{len(levels)} bots do not fit a table of {n} (you take one seat)", param_hint="--bots"
        )
    levels += [levels[-1] if levels else "hard"] * (n - 1 - len(levels))
    check_levels(levels)
    return n, levels


def check_levels(levels: list[str]) -> None:
    from ..bots import make_bot

    for level in levels:
        try:
            make_bot(level, 0)
        except ValueError as err:
            raise typer.BadParameter(str(err), param_hint="--bots") from None


def hotseat_table(names: list[str], bots: str | None, pairs: bool) -> tuple[list[str], list[str]]:
    """Seat kinds and the humans' names: the humans in the order given, then the bots.

    With pairs, seats 0+2 play against 1+3, so two friends and two bots are opponents, each
    with a bot partner."""
    names = [n.strip() for n in names]
    if not 2 <= len(names) <= 4:
        raise typer.BadParameter(
            f"hot-seat needs 2 to 4 player names, not {len(names)}", param_hint="NAMES"
        )
    for name in names:
        if not name or len(name) > MAX_NAME:
            raise typer.BadParameter(
                f"a name must have 1 to {MAX_NAME} characters: {name!r}", param_hint="NAMES"
            )
    if len({n.casefold() for n in names}) < len(names):
        raise typer.BadParameter("every player needs a name of their own", param_hint="NAMES")
    levels = [b.strip() for b in bots.split(",") if b.strip()] if bots else []
    total = len(names) + len(levels)
    if total > 4:
        raise typer.BadParameter(
            f"{len(names)} players and {len(levels)} bots do not fit a table of 4",
            param_hint="--bots",
        )
    if pairs and total != 4:
        raise typer.BadParameter(
            f"pairs need exactly 4 players, not {total}: add bots with --bots",
            param_hint="--pairs",
        )
    check_levels(levels)
    return ["human"] * len(names) + levels, names


def build_rules(preset: str, set_: list[str] | None, players: int, pairs: bool) -> Rules:
    from ..engine.rules import make_rules, parse_settings

    options: dict[str, object] = dict(parse_settings(set_ or []))
    options["players"] = players
    if pairs:
        options["pairs"] = True
    return make_rules(options, preset)


def run_table(session: GameSession | None, lang: str | None, pace: str | None) -> None:
    """Open the app on ``session`` (or the start screen) with autosave switched on."""
    from ..app import make_app
    from ..app.saving import Saves

    make_app(session, lang=lang, pace=pace, saves=Saves()).run()


def stored_settings() -> Settings:
    from ..app.settings import SettingsStore, default_path

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
            int | None, typer.Option(help="Players at the table: 2, 3 or 4 (you + bots).")
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
    ) -> None:
        """Sit down at the table straight away: you against bots."""
        from ..app import GameSession
        from ..app.session import default_seats

        n, levels = bot_levels(bots, players, pairs or rules == "kozel-pairs")
        game_rules = build_rules(rules, set_, n, pairs)
        stored = stored_settings()
        ui_lang = lang.value if lang else stored.lang
        seats = default_seats(levels, ui_lang, stored.player_name)
        session = GameSession(game_rules, seats, seed, rules)
        run_table(session, ui_lang, pace.value if pace else None)

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
    ) -> None:
        """Friends at one keyboard: each hand stays hidden until its player sits down."""
        from ..app import GameSession
        from ..app.session import table_seats

        kinds, humans = hotseat_table(names, bots, pairs or rules == "kozel-pairs")
        game_rules = build_rules(rules, set_, len(kinds), pairs)
        ui_lang = lang.value if lang else stored_settings().lang
        seats = table_seats(kinds, humans, ui_lang)
        session = GameSession(game_rules, seats, seed, rules, timer=timer)
        run_table(session, ui_lang, pace.value if pace else None)

    @app.command()
    def resume() -> None:
        """Continue the last unfinished game exactly where it was left."""
        from ..app.saving import Saves
        from ..app.strings import save_broken
        from ..storage import SaveError

        try:
            session = Saves().load()
        except SaveError as err:  # moved aside already: say so in the app, which starts anyway
            from ..app import make_app

            notice = save_broken(err, stored_settings().lang)
            make_app(notice=notice, saves=Saves()).run()
            return
        if session is None:
            typer.echo("domino: there is no saved game to resume", err=True)
            raise typer.Exit(1)
        run_table(session, None, None)
