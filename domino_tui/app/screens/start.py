"""The start screen: New game, Resume (when a game is saved: the list of unfinished games),
Join a table (a friend's, by the invitation: issue 25), Learn to play (the guided first game),
Replays, Stats, Rules, Settings, Quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...words.strings import t
from ..widgets.keys_footer import KeysFooter
from .base import DominoScreen

LOGO = """\
┌───┬───┐ ┌───┬───┐
│● ●│●  │ │● ●│● ●│
│ ● │ ● │ │● ●│ ● │
│● ●│  ●│ │● ●│● ●│
└───┴───┘ └───┴───┘"""


class StartScreen(DominoScreen):
    KEYS = (("q", "app.request_quit", "quit"), ("n", "pick('new')", "new_game"))
    DEFAULT_CSS = """
    StartScreen { align: center middle; }
    StartScreen > Vertical { width: 40; height: auto; }
    StartScreen #logo { width: 100%; text-align: center; color: $accent; }
    StartScreen #title { width: 100%; text-align: center; text-style: bold; margin: 1 0; }
    StartScreen OptionList { height: auto; border: round $primary; }
    """

    built = False  # its widgets: built when it is first shown, not under a table opened at once

    def compose(self) -> ComposeResult:
        # `domino play` opens the table over this screen at once: its menu (and the look at the
        # saved games for Resume) waits until the player comes back to it
        if self.app.screen_stack[-1:] == [self]:
            yield from self.build()

    def build(self) -> ComposeResult:
        self.built = True
        menu = Vertical(Static(LOGO, id="logo"), Static(id="title"), OptionList(id="menu"))
        return iter((menu, KeysFooter()))

    def on_mount(self) -> None:
        if self.built:
            self.fill()
            self.query_one(OptionList).focus()

    async def show_menu(self) -> None:
        await self.mount_all(self.build())
        self.fill()
        self.query_one(OptionList).focus()

    def fill(self) -> None:
        """(Re)build the menu; the cursor stays on the item it was on (the one just opened and
        left with Esc), or starts on Resume when a game is saved, else on New game."""
        if not self.built:
            return
        lang = self.lang
        self.query_one("#title", Static).update(t("title", lang))
        menu = self.query_one(OptionList)
        was = None
        if menu.highlighted is not None and menu.option_count:
            was = menu.get_option_at_index(menu.highlighted).id
        menu.clear_options()
        can_resume = self.domino.can_resume()
        menu.add_options(
            [
                Option(t("new_game", lang), id="new"),
                Option(t("resume", lang), id="resume", disabled=not can_resume),
                Option(t("join_table", lang), id="join"),
                Option(t("learn.menu", lang), id="learn"),
                Option(t("replays", lang), id="replays"),
                Option(t("stats", lang), id="stats"),
                Option(t("rules", lang), id="rules"),
                Option(t("settings", lang), id="settings"),
                Option(t("quit", lang), id="quit"),
            ]
        )
        ids = ["new", "resume", "join", "learn", "replays", "stats", "rules", "settings", "quit"]
        if was in ids and not (was == "resume" and not can_resume):
            menu.highlighted = ids.index(was)
        else:
            menu.highlighted = 1 if can_resume else 0

    def relabel(self) -> None:
        self.localize()
        self.fill()

    async def on_screen_resume(self) -> None:
        if not self.built:
            if self.app.screen_stack[-1:] == [self]:  # not when the table was pushed over it
                await self.show_menu()
        elif self.is_mounted:
            self.fill()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option.id or "")

    def action_pick(self, choice: str) -> None:
        app = self.domino
        if choice == "new":
            app.open_new_game()
        elif choice == "resume":
            app.open_saves()
        elif choice == "join":
            from .join import JoinScreen  # the network's screens: only when asked for

            app.push_screen(JoinScreen())
        elif choice == "learn":
            from .learn import open_lesson  # the lesson pulls in the game screen

            open_lesson(app)
        elif choice == "replays":
            from .stats import open_replays  # the archive and SQLite: not for the first frame

            open_replays(app)
        elif choice == "stats":
            from .stats import open_stats

            open_stats(app)
        elif choice == "rules":
            app.open_rules()
        elif choice == "settings":
            app.open_settings()
        elif choice == "quit":
            app.action_request_quit()
