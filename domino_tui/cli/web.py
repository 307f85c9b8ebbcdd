"""The browser's way in (issue 25 part 6): the app served by ``textual-serve``.

Each browser tab gets its own ``domino`` process on the serving machine, behind a websocket;
its start screen's "Join a table" takes the invitation, so a friend without Python reaches a
table with a link. Two changes to textual-serve's server: the page tells the browser to connect
back to the address the browser used (textual-serve names one fixed public URL, so a friend's
browser would be sent to *its own* localhost), and at most :data:`MAX_TABS` tabs run at once
(each is a process: a page opened in a loop must not exhaust the machine).
"""

from __future__ import annotations

import re
import shlex
import sys
from typing import Any

from aiohttp import web
from textual_serve.server import Server

MAX_TABS = 8
_HOST = re.compile(r"^[A-Za-z0-9.\-]{1,253}(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](?::\d{1,5})?$")


def app_command() -> str:
    """The command each tab runs: this Python's ``domino``, the start screen."""
    return f"{shlex.quote(sys.executable)} -m domino_tui"


class TableServer(Server):
    """textual-serve's server, with the tab limit and the browser's own address."""

    def __init__(self, host: str, port: int, *, tabs: int = MAX_TABS, **options: Any) -> None:
        super().__init__(app_command(), host=host, port=port, title="domino-tui", **options)
        self.tabs = tabs
        self.open_tabs = 0
        self.fallback_url = self.public_url

    async def handle_index(self, request: web.Request) -> Any:
        # the page's websocket goes back to the address this browser used (a checked Host
        # header, else the one the server was started with); read before the handler awaits
        host = request.host
        scheme = "https" if request.secure else "http"
        self.public_url = f"{scheme}://{host}" if _HOST.match(host) else self.fallback_url
        return await super().handle_index(request)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if self.open_tabs >= self.tabs:
            refused = web.WebSocketResponse()
            await refused.prepare(request)
            await refused.close(code=1013, message=b"too many tabs")
            return refused
        self.open_tabs += 1
        try:
            return await super().handle_websocket(request)
        finally:
            self.open_tabs -= 1
