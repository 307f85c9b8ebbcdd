"""``domino host`` (issue 25): serve a table to friends on other machines and sit at it.

The table server runs in a background thread of this process (``net/server.py``); the host's
own seat is a feed on it, played on the same screens as any table. The invitation is printed as
one line a friend pastes (``domino join 192.168.1.5:7340 K7QF-M2XD``) and shown in the lobby
while seats are open; the host starts the match with S, and the seats nobody took are bots.
``--no-seat`` serves without playing: the host types ``start``, ``bot N`` (a bot takes seat N),
``back N`` (seat N is a human's again) and ``quit`` on standard input, and the server's log is
printed as it goes. ``--resume [ID]`` brings back a hosted table whose process died (the match
is saved after every move, the seats' tokens beside it): the joiners' ``domino join`` takes
their seats back.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .errors import UserError
from .options import LangOption, PairsOption, PresetOption, SettingsOption, fail, split_bots
from .words import cli_lang, say

if TYPE_CHECKING:
    from ..net.server import HostHandle

MIN_PORT, MAX_PORT = 1, 65535
BOT_PAUSE = 0.6  # seconds a bot waits before its move: friends watch the table


def check_port(port: int, lang: str) -> int:
    if not MIN_PORT <= port <= MAX_PORT:
        raise UserError(say("cli.net_port", lang, port=port))
    return port


def host_config(
    *,
    rules: str,
    set_: list[str] | None,
    players: int | None,
    pairs: bool,
    bots: str | None,
    port: int,
    bind: str,
    name: str,
    lang: str,
    grace: float,
    turn_timer: int | None,
    cert: Path | None,
    key: Path | None,
    seat: bool,
) -> Any:
    """The :class:`~domino_tui.net.server.TableConfig` the options describe (UserError when
    they do not describe one)."""
    from .remote import net_part
    from .table import build_rules, check_levels, preset_rules, wants_pairs

    port = check_port(port, lang)
    base = preset_rules(rules, set_)
    n = players or base.players
    if not 2 <= n <= 4:
        raise UserError(say("cli.net_players", lang, n=n))
    levels = split_bots(bots)
    check_levels(levels, lang)
    if len(levels) > n - (1 if seat else 0):
        raise UserError(say("cli.net_too_many_bots", lang, n=len(levels), players=n))
    if (cert is None) != (key is None):
        raise UserError(say("cli.net_cert_key", lang))
    if grace < 0:
        raise UserError(say("cli.net_grace", lang))
    game_rules = build_rules(rules, set_, n, wants_pairs(pairs, base, n))
    return net_part("server", lang).TableConfig(
        rules=game_rules,
        preset=rules,
        bots=tuple(levels),
        port=port,
        bind=bind,
        name=name,
        lang=lang,
        seat=seat,
        grace=grace,
        turn_timer=turn_timer,
        bot_pause=BOT_PAUSE,
        cert=cert,
        key=key,
    )


def open_host(config: Any, resume: str | None, lang: str) -> HostHandle:
    """The server listening, or one line: the port is taken, no table to resume."""
    from .remote import net_part

    server, hosted = net_part("server", lang), net_part("hosted", lang)
    try:
        if resume is None:
            handle: HostHandle = server.start_host_thread(config)
        else:
            game_id = None if resume in ("", "latest") else resume
            handle = hosted.resume_host_thread(game_id, port=config.port, bind=config.bind)
        return handle
    except hosted.HostedError as err:
        fail("domino", err, 2)
    except OSError as err:
        fail("domino", say("cli.net_listen", lang, port=config.port, why=err.strerror or err), 1)


def announce(handle: HostHandle, warning: str | None, lang: str) -> None:
    """The invitation, as one line to paste (and the spectators' line)."""
    if warning:
        typer.echo(f"⚠ {warning}", err=True)
    invitation = handle.invitation
    typer.echo(say("cli.net_invite", lang))
    typer.echo(f"    {invitation.line()}")
    typer.echo(say("cli.net_watch", lang, line=invitation.watch_line()))


def serve_commands(handle: HostHandle, lang: str, lines: Any = None) -> None:
    """``--no-seat``: the host's words on standard input until ``quit`` (or its end)."""
    handle.on_log(lambda line: typer.echo(f"· {line}"))
    typer.echo(say("cli.net_commands", lang))
    for raw in lines if lines is not None else sys.stdin:
        words = raw.split()
        if not words:
            continue
        verb, rest = words[0].lower(), words[1:]
        if verb == "quit":
            return
        if verb == "start":
            done = handle.start_match()
        elif verb in ("bot", "back") and len(rest) == 1 and rest[0].isdigit():
            seat = int(rest[0]) - 1
            done = handle.hand_to_bot(seat) if verb == "bot" else handle.take_back(seat)
        else:
            typer.echo(say("cli.net_commands", lang))
            continue
        typer.echo(say("cli.net_done" if done else "cli.net_not_done", lang))


def register(app: typer.Typer) -> None:
    @app.command()
    def host(
        rules: PresetOption = "kozel",
        set_: SettingsOption = None,
        players: Annotated[
            int | None, typer.Option(help="Seats at the table: 2, 3 or 4 (default: the preset's).")
        ] = None,
        pairs: PairsOption = False,
        bots: Annotated[
            str | None,
            typer.Option(help="Levels of the bots in seats nobody takes, e.g. hard,medium."),
        ] = None,
        port: Annotated[int, typer.Option(help="The table's port (TCP).")] = 7340,
        bind: Annotated[
            str,
            typer.Option(
                help="The address to listen on; 0.0.0.0 for every network (friends on your LAN)."
            ),
        ] = "127.0.0.1",
        name: Annotated[str | None, typer.Option(help="Your name at the table.")] = None,
        lang: LangOption = None,
        grace: Annotated[
            float, typer.Option(help="Seconds a dropped player keeps the seat before a bot plays.")
        ] = 60.0,
        turn_timer: Annotated[
            int | None, typer.Option(min=5, help="Seconds per turn (K10.1); default: no timer.")
        ] = None,
        cert: Annotated[
            Path | None, typer.Option(help="TLS certificate (PEM): friends join with --tls.")
        ] = None,
        key: Annotated[
            Path | None, typer.Option(help="The certificate's private key (PEM).")
        ] = None,
        no_seat: Annotated[
            bool, typer.Option("--no-seat", help="Serve the table without playing at it.")
        ] = False,
        resume: Annotated[
            bool,
            typer.Option(
                "--resume", help="Bring back a hosted table whose process died (the newest, or ID)."
            ),
        ] = False,
        table_id: Annotated[
            str | None,
            typer.Argument(
                metavar="[ID]", help="With --resume: which hosted table.", show_default=False
            ),
        ] = None,
    ) -> None:
        """Host a table for friends on other machines: prints the invitation to paste."""
        from .remote import seat_name, table_app
        from .table import app_code, stored_settings

        words = cli_lang(lang)
        if table_id is not None and not resume:
            raise UserError(say("cli.net_id_resume", words))
        ui_lang = lang.value if lang else stored_settings().lang
        who = seat_name(name, words)
        config = host_config(
            rules=rules,
            set_=set_,
            players=players,
            pairs=pairs,
            bots=bots,
            port=port,
            bind=bind,
            name=who,
            lang=ui_lang,
            grace=grace,
            turn_timer=turn_timer,
            cert=cert,
            key=key,
            seat=not no_seat,
        )
        handle = open_host(config, (table_id or "") if resume else None, words)
        code = 0
        try:
            announce(handle, config.warning(), words)
            if no_seat:
                serve_commands(handle, words)
            else:
                invitation = handle.invitation
                app = table_app(
                    handle.host_feed(),
                    ui_lang,
                    invitation=invitation.line(),
                    watch_line=invitation.watch_line(),
                    start=handle.start_match,
                )
                code = app_code(app)
        finally:
            handle.stop()
        if code:
            raise typer.Exit(code)
