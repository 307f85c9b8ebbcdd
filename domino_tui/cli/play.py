"""``domino`` (start screen) and ``domino play``: the Textual table."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer


class Lang(StrEnum):
    ru = "ru"
    en = "en"


class Pace(StrEnum):
    instant = "instant"
    fast = "fast"
    normal = "normal"
    slow = "slow"


def bot_levels(bots: str | None, players: int | None, pairs: bool) -> tuple[int, list[str]]:
    """The number of players and one bot level per bot seat (seats 1…n-1; you sit at 0).

    A short ``--bots`` list is filled up with its last level; a long one is an error."""
    from ..bots import make_bot

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
    for level in levels:
        try:
            make_bot(level, 0)
        except ValueError as err:
            raise typer.BadParameter(str(err), param_hint="--bots") from None
    return n, levels


def register(app: typer.Typer) -> None:
    @app.callback(invoke_without_command=True)
    def start(ctx: typer.Context) -> None:
        """Козёл, the Russian yard game of dominoes. Without a command: open the game."""
        if ctx.invoked_subcommand is None:
            from ..app import make_app

            make_app().run()

    @app.command()
    def play(
        players: Annotated[
            int | None, typer.Option(help="Players at the table: 2, 3 or 4 (you + bots).")
        ] = None,
        pairs: Annotated[
            bool, typer.Option(help="Play in pairs: you and seat 2 against 1 and 3.")
        ] = False,
        bots: Annotated[
            str | None, typer.Option(help="Bot levels for the other seats, e.g. hard,medium,easy.")
        ] = None,
        rules: Annotated[str, typer.Option(help="Preset: kozel, kozel-pairs, classic.")] = "kozel",
        set_: Annotated[
            list[str] | None,
            typer.Option("--set", help="A rule option as name=value (repeatable)."),
        ] = None,
        seed: Annotated[int | None, typer.Option(help="Seed for a reproducible match.")] = None,
        lang: Annotated[Lang | None, typer.Option(help="Language: ru or en.")] = None,
        pace: Annotated[
            Pace | None, typer.Option(help="Bot pace: instant, fast, normal, slow.")
        ] = None,
    ) -> None:
        """Sit down at the table straight away: you against bots."""
        from ..app import GameSession, make_app
        from ..app.session import default_seats
        from ..app.settings import SettingsStore, default_path
        from ..engine.rules import make_rules, parse_settings

        n, levels = bot_levels(bots, players, pairs or rules == "kozel-pairs")
        options: dict[str, object] = dict(parse_settings(set_ or []))
        options["players"] = n
        if pairs:
            options["pairs"] = True
        game_rules = make_rules(options, rules)
        stored = SettingsStore(default_path()).load()
        ui_lang = lang.value if lang else stored.lang
        seats = default_seats(levels, ui_lang, stored.player_name)
        session = GameSession(game_rules, seats, seed, rules)
        make_app(session, lang=ui_lang, pace=pace.value if pace else None).run()
