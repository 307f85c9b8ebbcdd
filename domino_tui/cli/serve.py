"""``domino serve [--port P]`` (issue 25): the app in a browser, for friends without Python.

A friend opens ``http://HOST:P/`` and reaches the start screen, whose "Join a table" takes
the invitation ``domino host`` printed. Listening beyond this machine only when asked
(``--bind 0.0.0.0``), with a one-line warning: each tab runs the app on *this* machine, as you.
"""

from __future__ import annotations

from typing import Annotated

import typer

from .errors import UserError
from .options import LangOption, fail
from .words import cli_lang, say

DEFAULT_PORT = 7341


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        port: Annotated[int, typer.Option(help="The web page's port (TCP).")] = DEFAULT_PORT,
        bind: Annotated[
            str,
            typer.Option(help="The address to listen on; 0.0.0.0 for every network."),
        ] = "127.0.0.1",
        tabs: Annotated[
            int, typer.Option(help="Browser tabs served at once, 1 to 32 (each a process).")
        ] = 8,
        lang: LangOption = None,
    ) -> None:
        """Serve the game to a web browser: friends open the page and join your table."""
        from .host import check_port

        words = cli_lang(lang)
        check_port(port, words)
        if not 1 <= tabs <= 32:
            raise UserError(say("cli.net_tabs", words, n=tabs))
        try:
            from .web import TableServer
        except ImportError:
            fail("domino", say("cli.net_no_web", words), 1)
        if bind in ("", "0.0.0.0", "::"):
            typer.echo("⚠ " + say("cli.net_web_everyone", words, port=port), err=True)
        shown = "localhost" if bind in ("127.0.0.1", "::1") else bind
        server = TableServer(bind, port, tabs=tabs, public_url=f"http://{shown}:{port}")
        try:
            server.serve()
        except OSError as err:
            fail("domino", say("cli.net_listen", words, port=port, why=err.strerror or err), 1)
