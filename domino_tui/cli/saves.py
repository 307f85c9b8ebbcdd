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
from .options import LangOption
from .words import cli_lang, count, say

if TYPE_CHECKING:
    from ..play.saving import Saves
    from ..storage import SaveInfo
    from ..storage.saves import NotFinished


def fail(message: str, code: int) -> typer.Exit:
    typer.echo(f"domino: {clean(message)}", err=True)
    return typer.Exit(code)


def pick(saves: Saves, wanted: str, lang: str = "en") -> SaveInfo:
    """The save whose id is ``wanted`` or starts with it; exit 2 when none or several."""
    key = wanted.strip().lower()
    if not key or len(key) > 64 or any(c not in "0123456789abcdef" for c in key):
        raise fail(say("cli.not_an_id", lang, id=repr(wanted[:70])), 2)
    infos = saves.listing()
    if not infos:
        raise fail(say("cli.no_save", lang), 1)
    found = [i for i in infos if i.game_id.startswith(key)]
    if not found:
        raise fail(say("cli.no_such_id", lang, id=key), 2)
    if len(found) > 1:
        games = count(len(found), "cli.n_games", lang)
        raise fail(say("cli.ambiguous_id", lang, games=games, id=key), 2)
    return found[0]


COLUMNS = ("id", "players", "rules", "round", "score", "saved", "state")


def print_list(infos: list[SaveInfo], as_json: bool, lang: str = "en") -> None:
    if as_json:
        typer.echo(json.dumps([i.to_json() for i in infos], ensure_ascii=False, indent=1))
        return
    if not infos:
        typer.echo(say("cli.no_unfinished", lang))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=say("cli.resume_title", lang), title_justify="left")
    for column in COLUMNS:
        table.add_column(
            say(f"cli.col_{column}", lang), justify="right" if column == "round" else "left"
        )
    for info in infos:
        table.add_row(*(escape(clean(cell)) for cell in row(info, lang)))
    Console().print(table)


def row(info: SaveInfo, lang: str = "en") -> tuple[str, ...]:
    """One save's cells in the player's language: the game's name (from its rules when no
    preset was saved, a dash when neither can be read) and each bot's level by its name, as the
    Saved games screen words them (a level this program does not know is shown as saved)."""
    from ..words.names import kept_game_name
    from ..words.saves import players_text, score_text, when_text

    if info.problem:
        state = say("cli.damaged", lang, why=info.problem)
    else:
        state = say("cli.open_elsewhere", lang) if info.locked else ""
    return (
        info.game_id[:8],
        players_text(info, lang, levels=True),
        kept_game_name(info.preset, info.rules, lang),
        "—" if info.round is None else str(info.round),
        score_text(info),
        when_text(info),
        state,
    )


def confirm(question: str, yes: bool, lang: str = "en") -> None:
    if not yes and not typer.confirm(clean(question), default=False):
        raise fail(say("cli.nothing_changed_short", lang), 1)


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
            typer.Option("--resign", help="Resign the game ID: counted as resigned (K10.1)."),
        ] = False,
        yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask first.")] = False,
        lang: LangOption = None,
    ) -> None:
        """Continue an unfinished game exactly where it was left, or list, delete or resign."""
        from ..play.saving import Saves

        words = cli_lang(lang)
        saves = Saves()
        saves.listing(strict=True)  # a folder that cannot be read is said, not "no games"
        if sum((list_, delete, resign)) > 1 or (as_json and not list_):
            raise fail(say("cli.choose_one", words), 2)
        if list_:
            if game is not None:
                raise fail(say("cli.list_no_id", words), 2)
            print_list(saves.listing(), as_json, words)
            return
        if (delete or resign) and game is None:
            raise fail(say("cli.which_delete" if delete else "cli.which_resign", words), 2)
        if delete or resign:
            act(saves, pick(saves, game or "", words), resign, yes, words)
            return
        chosen = pick(saves, game, words).game_id if game is not None else None
        open_game(saves, chosen, lang.value if lang else None)


def not_finished(err: NotFinished, lang: str) -> typer.Exit:
    """A save whose match had ended but could not be counted: one line, exit 1."""
    return fail(say("cli.not_counted", lang, id=err.game_id[:8], why=err.why), 1)


def act(saves: Saves, info: SaveInfo, resign: bool, yes: bool, lang: str = "en") -> None:
    from ..storage import SaveError, SaveLocked
    from ..storage.saves import NotFinished
    from ..words.saves import resign_question

    short = info.game_id[:8]
    who = ", ".join(p.name for p in info.players) or say("cli.damaged_save", lang)
    if info.locked:
        raise fail(say("cli.open_in_other", lang, id=short), 1)
    try:
        if not resign:
            confirm(say("cli.ask_delete", lang, id=short, who=who), yes, lang)
            saves.delete(info.game_id)
            typer.echo(say("cli.deleted", lang, id=short))
            return
        if info.players and info.resigner is None:
            raise fail(say("cli.bots_only", lang), 2)
        confirm(resign_question(info, lang), yes, lang)
        done = saves.resign(info.game_id)
    except SaveLocked as err:
        raise fail(str(err), 1) from None
    except NotFinished as err:
        raise not_finished(err, lang) from None
    except SaveError as err:
        raise fail(str(err), 1) from None
    if done is None:
        raise fail(say("cli.already_over", lang, id=short), 1)
    typer.echo(clean(say("cli.resigned", lang, name=done.name, id=short)))
    if done.finished.notice:
        typer.echo(clean(done.finished.notice), err=True)


def open_game(saves: Saves, game_id: str | None, explicit: str | None = None) -> None:
    """Open the game at the table (locked for this window); a damaged save was moved aside:
    the app starts anyway and says so."""
    from ..storage import SaveError, SaveLocked
    from ..storage.saves import NotFinished
    from ..words.strings import save_broken
    from .play import run_table
    from .table import stored_settings

    lang = stored_settings().lang  # the table's language until the save says otherwise
    words = cli_lang(explicit)
    try:
        session = saves.load(game_id, lang)
    except SaveLocked as err:
        raise fail(say("cli.close_there", words, why=err), 1) from None
    except NotFinished as err:  # e.g. the statistics cannot be opened: not the save's fault
        raise not_finished(err, words) from None
    except SaveError as err:
        run_table(None, None, None, saves=saves, notice=save_broken(err, lang))
        return
    if session is None:
        if game_id is None and any(i.locked for i in saves.listing()):
            raise fail(say("cli.all_open_elsewhere", words), 1)
        raise fail(say("cli.nothing_to_resume", words), 1)
    notice = "\n".join(saves.notices) or None  # bots seated in for uninstalled levels
    run_table(session, None, None, saves=saves, notice=notice)
