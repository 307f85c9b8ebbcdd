"""Join a table (issue 25): the start screen's way to a friend's table, for a player without a
shell — the browser through ``domino serve`` above all. The player pastes the invitation line
the host printed (``domino join 192.168.1.5:7340 K7QF-M2XD``; the address and the code alone
do too), gives a name, and sits down or only watches. The line is read by
:func:`~domino_tui.net.invite.parse` (bounded, forgiving about case and dashes); the connection is
made in a worker thread, so the screen stays live, and any failure is one line here.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Input, Static

from ...net.invite import Invitation
from ...play.feed import Feed
from ...text import clean
from ...words.strings import t
from ..widgets.keys_footer import KeysFooter
from .base import DominoScreen

MAX_NAME = 20


class Joined(Message):
    def __init__(self, feed: Feed, line: str) -> None:
        super().__init__()
        self.feed = feed
        self.line = line


class JoinFailed(Message):
    def __init__(self, why: str) -> None:
        super().__init__()
        self.why = why


class JoinScreen(DominoScreen):
    KEYS = (("escape", "close", "cancel"),)
    DEFAULT_CSS = """
    JoinScreen { align: center middle; }
    JoinScreen > Vertical { width: 70; height: auto; border: round $primary; padding: 1 2; }
    JoinScreen #join-title { text-style: bold; margin-bottom: 1; }
    JoinScreen Horizontal { height: auto; margin-top: 1; }
    JoinScreen Button { margin-right: 2; }
    JoinScreen #join-said { margin-top: 1; color: $warning; }
    """

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical():
            yield Static(t("net.join_title", lang), id="join-title")
            yield Static(t("net.join_prompt", lang))
            yield Input(placeholder="domino join 192.168.1.5:7340 K7QF-M2XD", id="invite")
            yield Static(t("net.join_name", lang))
            yield Input(id="name", max_length=MAX_NAME)
            with Horizontal():
                yield Button(t("net.join_go", lang), id="go", variant="primary")
                yield Button(t("net.join_watch", lang), id="watch")
            yield Static(id="join-said")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#invite", Input).focus()

    def action_close(self) -> None:
        self.dismiss()

    def said(self, text: str) -> None:
        self.query_one("#join-said", Static).update(text)

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "invite":
            self.query_one("#name", Input).focus()
        else:
            self.go(watch=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.go(watch=event.button.id == "watch")

    def go(self, watch: bool) -> None:
        from ...net.invite import InvitationError, parse

        lang = self.lang
        try:
            invitation = parse(self.query_one("#invite", Input).value)
        except InvitationError as err:
            self.said(t("net.join_failed", lang, why=clean(err.words(lang))))
            return
        name = clean(self.query_one("#name", Input).value.strip())[:MAX_NAME] or t("you", lang)
        self.said(t("net.join_connecting", lang, address=invitation.address))
        self.run_worker(lambda: self.connect(invitation, name, watch), thread=True, exclusive=True)

    def connect(self, invitation: Invitation, name: str, watch: bool) -> None:
        """In the worker's thread: the client's connection, or the reason it failed."""
        try:
            from ...net.client import connect
        except ImportError:
            self.post_message(JoinFailed(t("net.join_unavailable", self.lang)))
            return
        try:
            feed = connect(invitation, name, watch=watch)
        except Exception as err:  # NetError and OSError: said in one line
            self.post_message(JoinFailed(clean(str(err)) or type(err).__name__))
            return
        self.post_message(Joined(feed, invitation.line()))

    def on_join_failed(self, message: JoinFailed) -> None:
        self.said(t("net.join_failed", self.lang, why=message.why))

    def on_joined(self, message: Joined) -> None:
        from .lobby import table_screen

        screen = table_screen(
            message.feed,
            lang=self.lang,
            tutor=lambda: self.domino.settings.tutor,
            invitation=message.line,
        )
        self.app.switch_screen(screen)
