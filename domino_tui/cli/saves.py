"""``domino resume``: the unfinished games. Without arguments it opens the most recent one;
``--list`` prints them all (newest first, ``--json`` for scripts), ``ID`` (or a unique prefix
of it) picks one, and ``ID --delete`` / ``ID --resign`` forget or resign it after a yes.

Exit codes: 0 done, 1 nothing to resume (or the game is open in another window, or the player
said no), 2 bad input (an id that is not one, unknown or ambiguous, flags that do not go
together). Every text from a save was cleaned by the storage layer and is escaped for Rich.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from ..text import clean

if TYPE_CHECKING:
    from ..app.saving import Saves
    from ..storage import SaveInfo


def fail(message: str, code: int) -> typer.Exit:
    typer.echo(f"domino: {clean(message)}", err=True)
    return typer.Exit(code)


def pick(saves: Saves, wanted: str) -> SaveInfo:
    """The save whose id is ``wanted`` or starts with it; exit 2 when none or several."""
    key = wanted.strip().lower()
    if not key or len(key) > 64 or any(c not in "0123456789abcdef" for c in key):
        raise fail(f"{wanted[:70]!r} is not a game id (see domino resume --list)", 2)
    infos = saves.listing()
    if not infos:
        raise fail("there is no saved game", 1)
    found = [i for i in infos if i.game_id.startswith(key)]
    if not found:
        raise fail(f"no saved game has the id {key} (see domino resume --list)", 2)
    if len(found) > 1:
        raise fail(f"{len(found)} saved games start with {key}: give more of the id", 2)
    return found[0]


def print_list(infos: list[SaveInfo], as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps([i.to_json() for i in infos], ensure_ascii=False, indent=1))
        return
    if not infos:
        typer.echo("no unfinished games")
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Unfinished games, newest first", title_justify="left")
    for column in ("ID", "Players", "Rules", "Round", "Score", "Saved", "State"):
        table.add_column(column, justify="right" if column == "Round" else "left")
    for info in infos:
        table.add_row(*(escape(clean(cell)) for cell in row(info)))
    Console().print(table)


def row(info: SaveInfo) -> tuple[str, ...]:
    players = ", ".join(f"{p.name} ({p.level})" if p.is_bot else p.name for p in info.players)
    scores = " · ".join(
        f"{s.written}" + (f" +{s.remembered}" if s.remembered else "") for s in info.scores
    )
    when = info.saved_at.astimezone().strftime("%Y-%m-%d %H:%M") if info.saved_at else "—"
    state = f"damaged: {info.problem}" if info.problem else "open elsewhere" if info.locked else ""
    return (
        info.game_id[:8],
        players or "—",
        info.preset or "—",
        "—" if info.round is None else str(info.round),
        scores or "—",
        when,
        state,
    )


def confirm(question: str, yes: bool) -> None:
    if not yes and not typer.confirm(clean(question), default=False):
        raise fail("nothing was changed", 1)


def register(app: typer.Typer) -> None:
    @app.command()
    def resume(
        game: Annotated[
            str | None,
            typer.Argument(
                metavar="[ID]", help="The game's id or a unique prefix; default: the newest."
            ),
        ] = None,
        list_: Annotated[
            bool, typer.Option("--list", help="Show every unfinished game, newest first.")
        ] = False,
        as_json: Annotated[bool, typer.Option("--json", help="With --list: as JSON.")] = False,
        delete: Annotated[
            bool, typer.Option("--delete", help="Forget the game ID (not counted).")
        ] = False,
        resign: Annotated[
            bool,
            typer.Option("--resign", help="Resign the game ID: counted as leaving (K10.1)."),
        ] = False,
        yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask first.")] = False,
    ) -> None:
        """Continue an unfinished game exactly where it was left, or list, delete or resign."""
        from ..app.saving import Saves

        saves = Saves()
        if sum((list_, delete, resign)) > 1 or (as_json and not list_):
            raise fail("choose one of --list (with --json), --delete or --resign", 2)
        if list_:
            if game is not None:
                raise fail("--list takes no game id", 2)
            print_list(saves.listing(), as_json)
            return
        if (delete or resign) and game is None:
            raise fail(f"say which game to {'delete' if delete else 'resign'}: an ID", 2)
        if delete or resign:
            act(saves, pick(saves, game or ""), resign, yes)
            return
        open_game(saves, pick(saves, game).game_id if game is not None else None)


def act(saves: Saves, info: SaveInfo, resign: bool, yes: bool) -> None:
    from ..storage import SaveError, SaveLocked

    short = info.game_id[:8]
    who = ", ".join(p.name for p in info.players) or "a damaged save"
    if info.locked:
        raise fail(f"the game {short} is open in another window", 1)
    try:
        if not resign:
            confirm(f"Delete the game {short} ({who})? It is not counted anywhere.", yes)
            saves.delete(info.game_id)
            typer.echo(f"deleted the game {short}")
            return
        if info.players and info.resigner is None:
            raise fail("only bots play this game, so nobody can resign it: delete it instead", 2)
        name = info.resigner or "?"
        confirm(f"Resign the game {short} ({who})? {name} leaves it (K10.1).", yes)
        done = saves.resign(info.game_id)
    except SaveLocked as err:
        raise fail(str(err), 1) from None
    except SaveError as err:
        raise fail(str(err), 1) from None
    if done is None:
        raise fail(f"the game {short} had already ended; it is archived and counted", 1)
    typer.echo(
        clean(f"{done.name} resigned the game {short}: archived and counted as left (K10.1)")
    )
    if done.finished.notice:
        typer.echo(clean(done.finished.notice), err=True)


def open_game(saves: Saves, game_id: str | None) -> None:
    """Open the game at the table (locked for this window); a damaged save was moved aside:
    the app starts anyway and says so."""
    from ..app.strings import save_broken
    from ..storage import SaveError, SaveLocked
    from .play import run_table, stored_settings

    lang = stored_settings().lang
    try:
        session = saves.load(game_id, lang)
    except SaveLocked as err:
        raise fail(f"{err}; close it there first", 1) from None
    except SaveError as err:
        run_table(None, None, None, saves=saves, notice=save_broken(err, lang))
        return
    if session is None:
        if game_id is None and any(i.locked for i in saves.listing()):
            raise fail("every saved game is open in another window", 1)
        raise fail("there is no saved game to resume", 1)
    notice = "\n".join(saves.notices) or None  # bots seated in for uninstalled levels
    run_table(session, None, None, saves=saves, notice=notice)
