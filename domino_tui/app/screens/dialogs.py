"""Small screens: the quit confirmation and the "enlarge the window" notice."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from ...words.strings import t
from .base import DominoModal


class ConfirmQuit(DominoModal):
    KEYS = (("y", "yes", "yes"), ("n,escape", "no", "no"))
    DEFAULT_CSS = """
    ConfirmQuit { align: center middle; }
    ConfirmQuit > Vertical {
        width: 50; height: auto; border: thick $warning; background: $surface; padding: 1 2;
    }
    ConfirmQuit Horizontal { height: auto; align: center middle; margin-top: 1; }
    ConfirmQuit Button { margin: 0 1; }
    """

    def __init__(self, question: str = "confirm_quit") -> None:
        super().__init__()
        self.question = question  # a strings key: the game stays saved, or it is not saved

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(t(self.question, self.lang))
            with Horizontal():
                yield Button(t("yes", self.lang), id="yes", variant="error")
                yield Button(t("no", self.lang), id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def action_yes(self) -> None:
        self.dismiss("yes")

    def action_no(self) -> None:
        self.dismiss("no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "no")


class TooSmall(Screen[None]):
    """Covers everything while the terminal is below 80×24; popped when it grows again."""

    DEFAULT_CSS = """
    TooSmall { align: center middle; }
    TooSmall Static { width: 1fr; text-align: center; text-style: bold; color: $warning; }
    """

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.update_text()

    def on_resize(self) -> None:
        self.update_text()
        self.leave_if_big()

    def on_screen_resume(self) -> None:
        """A dialog opened above this notice closed: leave if the window grew meanwhile."""
        self.leave_if_big()

    def leave_if_big(self) -> None:
        w, h = self.app.size
        if w >= 80 and h >= 24 and self.app.screen is self:
            self.app.pop_screen()

    def update_text(self) -> None:
        w, h = self.app.size
        self.query_one(Static).update(t("too_small", self.lang, w=w, h=h))


__all__ = ["ConfirmQuit", "ModalScreen", "TooSmall"]
