"""The ``domino`` command. Each area registers its own subcommands from a module of its own, and
heavy imports (Textual, the bots) happen inside the commands so ``--help`` stays instant.

Exit codes: 0 only for success; 1 when the environment stopped a command (a folder that cannot
be used, a file that cannot be read or written, an internal error that stopped the table, with
the details in crash.log); 2 for input the player can fix (an unknown option, an impossible
rule, a bad name); 130 for Ctrl+C. Every error line is cleaned (:func:`~domino_tui.text.clean`),
so a file name or an argument with escape codes prints as text.
"""

from __future__ import annotations

import sys
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any, NoReturn

from ..engine.record import RecordError
from ..engine.rules import RulesError
from .health import FolderError, os_error_line
from .quick import quick_play
from .words import argv_lang, cli_lang, error_line, say, why

if TYPE_CHECKING:  # typer loads with the first app built: `domino play` may not need it
    import typer
    from typer.exceptions import TyperException
    from typer.models import CommandInfo

# each area (a module of this package) and the commands it registers, in ``--help``'s order: a
# command named first loads its own area and play's only (a tenth of the table's first frame
# went to the other areas' imports); a test checks this list against what the areas register
AREA_OF: dict[str, str] = {
    **dict.fromkeys(("play", "hotseat", "resume"), "play"),
    **{name: name for name in ("learn", "sim", "rules", "bots", "arena")},
    **dict.fromkeys(("stats", "export", "records"), "store"),
    **{name: name for name in ("replay", "analyze")},
    "host": "host",  # friends at one table over the network (issue 25)
    **dict.fromkeys(("join", "watch"), "remote"),
    "serve": "serve",  # the app in a browser, through textual-serve
}
AREAS: tuple[str, ...] = tuple(dict.fromkeys(AREA_OF.values()))


def area(name: str) -> ModuleType:
    """The module of an area, imported on first use."""
    return import_module(f".{name}", __name__)


def new_app() -> typer.Typer:
    import typer

    from . import fastparams

    fastparams.install()  # plain option values without importing pydantic (the first frame's cost)
    return typer.Typer(
        name="domino",
        help="Козёл, the Russian yard game of dominoes, in the terminal.",
        no_args_is_help=False,
        add_completion=False,
        rich_markup_mode="rich",
    )


def command_name(command: CommandInfo) -> str:
    """The name a command is typed by: its own, else its function's (as typer names it)."""
    if command.name:
        return command.name
    callback = command.callback
    return callback.__name__.lower().replace("_", "-") if callback else ""


def whole_app() -> typer.Typer:
    """Every command: what ``--help`` lists and a mistyped name is matched against (and what
    the tests drive, as ``cli.app``)."""
    built = globals().get("app")
    if built is None:
        built = new_app()
        for name in AREAS:
            area(name).register(built)
        globals()["app"] = built
    return built


def __getattr__(name: str) -> Any:
    if name == "app":  # built on first use: ``domino play`` never needs the other commands
        return whole_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def app_for(argv: list[str]) -> typer.Typer:
    """The app that runs this command line. Typer builds the options of every registered
    command before it runs one — a tenth of the table's first frame for commands nobody asked
    for — so a command named first runs in an app of its own area and play's (whose callback,
    the table without a command, keeps the app a group of commands). Anything else (no command,
    ``--help``, a mistyped name) gets the whole app, with typer's list and suggestions."""
    if "--help" in argv[1:]:  # a help page: the --rules help names the plugins' presets too
        from .options import name_plugin_presets

        name_plugin_presets()
    named = AREA_OF.get(argv[1]) if len(argv) > 1 else None
    if named is None:
        return whole_app()
    trimmed = new_app()
    for needed in dict.fromkeys(("play", named)):
        area(needed).register(trimmed)
    return trimmed


__all__ = ["app", "main"]


def _say(message: object) -> None:
    print(f"domino: {error_line(message)}", file=sys.stderr)


def _usage_error(err: TyperException) -> None:
    """The parser's own messages (bad option values, unknown options) keep their usual look,
    but what the player typed in them is cleaned first."""
    err.message = error_line(err.message)
    try:
        from typer import rich_utils

        rich_utils.rich_format_error(err)  # type: ignore[arg-type]
    except ImportError:  # typer without rich
        print(f"Error: {err.format_message()}", file=sys.stderr)


def _os_error(err: OSError, lang: str) -> str:
    from ..storage.reading import FolderUnreadable
    from ..words.os_errors import folder_unreadable  # loaded only when something failed

    if isinstance(err, FolderUnreadable):  # not "nothing kept": say what cannot be read
        return folder_unreadable(err, lang)
    return os_error_line(err, lang)


def main() -> None:
    """Console entry point: one clean line for every expected failure, never a traceback. A
    plain ``domino play …`` opens the table without typer (:mod:`.quick`); its failures end
    here in the same words."""
    try:
        quick = quick_play(sys.argv)
        if quick is not None:
            from .table import play_table

            code: object = play_table(**quick)  # type: ignore[arg-type]
        else:
            code = app_for(sys.argv)(standalone_mode=False)
    except KeyboardInterrupt:
        print("\n" + say("cli.interrupted", cli_lang(argv_lang())), file=sys.stderr)
        sys.exit(130)
    except Exception as err:
        _stop(err)
    if code == 130:  # Ctrl+C inside a command: typer turned it into an exit code
        print("\n" + say("cli.interrupted", cli_lang(argv_lang())), file=sys.stderr)
    sys.exit(code if isinstance(code, int) else 0)


def _stop(err: Exception) -> NoReturn:
    """The exit for an expected failure (called while ``err`` is handled); anything else is
    raised again."""
    from typer.exceptions import Abort, TyperException

    from .errors import UserError

    if isinstance(err, Abort):
        _say(say("cli.aborted", cli_lang(argv_lang())))
        sys.exit(1)
    if isinstance(err, UserError):  # before TyperException: it is one, but already in our words
        _say(err.message)
        sys.exit(2)
    if isinstance(err, TyperException):
        _usage_error(err)
        sys.exit(err.exit_code)
    if isinstance(err, (RulesError, RecordError)):
        _say(why(err, cli_lang(argv_lang())))
        sys.exit(2)
    if isinstance(err, FolderError):
        _say(err)
        sys.exit(1)
    if isinstance(err, OSError):  # the data dir or a file the player named, e.g. permission denied
        _say(_os_error(err, cli_lang(argv_lang())))
        sys.exit(1)
    raise
