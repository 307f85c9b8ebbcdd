"""``domino join ADDRESS CODE`` and ``domino watch ADDRESS CODE`` (issue 25): a seat, or a
spectator's chair, at a friend's table — the same screens as a local game, driven by the host.

Everything that can go wrong before the table opens is one line and an exit code ≠ 0: a line
that is no invitation (2), a wrong code, a full table, another protocol version, a host that
cannot be reached (1). The seat's token is kept by the client, so running the same ``domino
join`` again after a dropped connection takes the same seat back, mid-turn included.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .errors import UserError
from .options import LangOption, fail
from .words import cli_lang, say

if TYPE_CHECKING:
    from ..app.app import DominoApp
    from ..net.invite import Invitation
    from ..play.feed import Feed

MAX_NAME = 20

AddressArg = Annotated[
    str, typer.Argument(help="The host's address from the invitation, e.g. 192.168.1.5:7340.")
]
CodeArg = Annotated[
    str, typer.Argument(help="The table's code from the invitation, e.g. K7QF-M2XD.")
]
NameOption = Annotated[
    str | None, typer.Option(help="Your name at the table (default: the one in Settings).")
]
CafileOption = Annotated[
    Path | None,
    typer.Option(
        help="The host's certificate (PEM) when it serves TLS with its own (--cert/--key).",
        dir_okay=False,
    ),
]
TlsOption = Annotated[
    bool, typer.Option("--tls", help="The host serves TLS with a certificate this system trusts.")
]


def net_part(name: str, lang: str) -> Any:
    """A module of ``domino_tui.net`` (the server, the client), or one line when this install
    has none (never a traceback)."""
    from importlib import import_module

    try:
        return import_module(f"domino_tui.net.{name}")
    except ImportError:
        fail("domino", say("net.join_unavailable", lang), 1)


def invitation_of(address: str, code: str, lang: str) -> Invitation:
    from ..net.invite import InvitationError, parse

    try:
        return parse(f"{address} {code}")
    except InvitationError as err:
        raise UserError(say("cli.net_not_invitation", lang, why=err.words(lang))) from None


def seat_name(name: str | None, lang: str) -> str:
    """The name sent to the table: the one given, else Settings', else "You"; refused (not
    cleaned) when it holds a control character, like ``domino hotseat``'s names."""
    from ..text import is_clean
    from ..words.strings import t
    from .table import stored_settings

    chosen = (name if name is not None else stored_settings().player_name).strip()
    if (name is not None and not chosen) or len(chosen) > MAX_NAME:
        raise UserError(say("cli.name_length", lang, n=MAX_NAME, name=repr(chosen[:21])))
    if not is_clean(chosen):
        raise UserError(say("cli.name_clean", lang, name=repr(chosen[:21])))
    return chosen or t("you", lang)


def tls_context(tls: bool, cafile: Path | None) -> Any:
    """What the client checks the host's certificate against (False: plain ws://)."""
    if cafile is None:
        return tls
    import ssl

    try:
        return ssl.create_default_context(cafile=str(cafile))
    except (OSError, ssl.SSLError) as err:
        raise UserError(f"--cafile: {getattr(err, 'strerror', None) or err}") from None


def sit(invitation: Invitation, name: str, lang: str, *, watch: bool, tls: Any) -> Feed:
    """The client's connection, or one line and exit 1."""
    client = net_part("client", lang)
    try:
        feed: Feed = client.connect(invitation, name, watch=watch, tls=tls)
        return feed
    except client.NetError as err:
        fail("domino", err.words(lang), 1)


def table_app(
    feed: Feed,
    lang: str,
    *,
    invitation: str = "",
    watch_line: str = "",
    start: Any = None,
) -> DominoApp:
    """The app on a feed: the lobby, then the table; the table's end ends the app. A lost
    connection is said on whichever screen is up."""
    from ..app import make_app
    from ..app.screens.lobby import table_screen
    from ..app.screens.remote import FeedLost

    app = make_app(None, lang=lang, pace="instant", saves=None)

    def first() -> Any:
        return table_screen(
            feed,
            lang=app.settings.lang,
            tutor=lambda: app.settings.tutor,
            invitation=invitation,
            watch_line=watch_line,
            start=start,
            on_leave=lambda: None,
        )

    app.first_screen = first

    def lost(err: Any) -> None:  # on the client's thread: post_message is thread-safe
        words = err.words(app.settings.lang) if hasattr(err, "words") else str(err)
        try:
            app.screen.post_message(FeedLost(words))
        except Exception:  # the app has closed already (its table left first): nothing to say
            return

    watch_lost = getattr(feed, "watch_lost", None)
    if callable(watch_lost):
        watch_lost(lost)
    return app


def run_remote(
    address: str,
    code: str,
    name: str | None,
    lang: str | None,
    *,
    watch: bool,
    tls: bool = False,
    cafile: Path | None = None,
) -> None:
    from .table import app_code, stored_settings

    words = cli_lang(lang)
    invitation = invitation_of(address, code, words)
    who = "" if watch else seat_name(name, words)
    context = tls_context(tls, cafile)
    ui_lang = lang or stored_settings().lang
    feed = sit(invitation, who, words, watch=watch, tls=context)
    try:
        code_ = app_code(table_app(feed, ui_lang, invitation=invitation.line()))
    finally:
        feed.close()
    if code_:
        raise typer.Exit(code_)


def register(app: typer.Typer) -> None:
    @app.command()
    def join(
        address: AddressArg,
        code: CodeArg,
        name: NameOption = None,
        lang: LangOption = None,
        tls: TlsOption = False,
        cafile: CafileOption = None,
    ) -> None:
        """Sit at a friend's table: paste the invitation the host printed."""
        run_remote(
            address, code, name, lang.value if lang else None, watch=False, tls=tls, cafile=cafile
        )

    @app.command()
    def watch(
        address: AddressArg,
        code: CodeArg,
        lang: LangOption = None,
        tls: TlsOption = False,
        cafile: CafileOption = None,
    ) -> None:
        """Watch a friend's table (the same invitation): the public table only, no hand."""
        run_remote(
            address, code, None, lang.value if lang else None, watch=True, tls=tls, cafile=cafile
        )
