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
from types import ModuleType

import typer
from typer.exceptions import Abort, TyperException
from typer.models import CommandInfo

from ..engine.record import RecordError
from ..engine.rules import RulesError
from . import analyze, arena, bots, fastparams, learn, play, replay, rules, sim, store
from .health import FolderError, os_error_line
from .options import error_line
from .words import UserError, argv_lang, cli_lang, say

fastparams.install()  # plain option values without importing pydantic (the first frame's cost)

AREAS: tuple[ModuleType, ...] = (play, learn, sim, rules, bots, arena, store, replay, analyze)


def new_app() -> typer.Typer:
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


app = new_app()  # every command: what ``--help`` lists, and what the tests drive
AREA_OF: dict[str, ModuleType] = {}  # a command's name → the area that registers it
for area in AREAS:
    known = len(app.registered_commands)
    area.register(app)
    AREA_OF.update((command_name(c), area) for c in app.registered_commands[known:])


def app_for(argv: list[str]) -> typer.Typer:
    """The app that runs this command line. Typer builds the options of every registered
    command before it runs one — a tenth of the table's first frame for commands nobody asked
    for — so a command named first runs in an app of its own area and play's (whose callback,
    the table without a command, keeps the app a group of commands). Anything else (no command,
    ``--help``, a mistyped name) gets the whole app, with typer's list and suggestions."""
    area = AREA_OF.get(argv[1]) if len(argv) > 1 else None
    if area is None:
        return app
    trimmed = new_app()
    for needed in dict.fromkeys((play, area)):
        needed.register(trimmed)
    return trimmed


__all__ = ["UserError", "app", "main"]


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
    from ..os_words import folder_unreadable  # loaded only when something failed
    from ..storage.reading import FolderUnreadable

    if isinstance(err, FolderUnreadable):  # not "nothing kept": say what cannot be read
        return folder_unreadable(err, lang)
    return os_error_line(err, lang)


def main() -> None:
    """Console entry point: one clean line for every expected failure, never a traceback."""
    try:
        code = app_for(sys.argv)(standalone_mode=False)
    except KeyboardInterrupt:
        print("\n" + say("cli.interrupted", cli_lang(argv_lang())), file=sys.stderr)
        sys.exit(130)
    except Abort:
        _say(say("cli.aborted", cli_lang(argv_lang())))
        sys.exit(1)
    except UserError as err:  # before TyperException: it is one, but already in our words
        _say(err.message)
        sys.exit(2)
    except TyperException as err:
        _usage_error(err)
        sys.exit(err.exit_code)
    except (RulesError, RecordError) as err:
        _say(err)
        sys.exit(2)
    except FolderError as err:
        _say(err)
        sys.exit(1)
    except OSError as err:  # the data dir or a file the player named, e.g. permission denied
        _say(_os_error(err, cli_lang(argv_lang())))
        sys.exit(1)
    if code == 130:  # Ctrl+C inside a command: typer turned it into an exit code
        print("\n" + say("cli.interrupted", cli_lang(argv_lang())), file=sys.stderr)
    sys.exit(code if isinstance(code, int) else 0)
