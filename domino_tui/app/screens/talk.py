"""The talk key's menu: the canned calls and emotes (net/talk.py), a digit or a click each."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Static

from ...net.talk import ALL as CALLS
from ...net.talk import words as call_words
from ...words.strings import t
from .base import DominoModal


class TalkScreen(DominoModal):
    """Dismissed with the chosen call's id, or None (Esc)."""

    KEYS = (
        *((str(n), f"say({n - 1})", "") for n in range(1, len(CALLS) + 1)),
        ("escape,t", "nothing", ""),
    )
    DEFAULT_CSS = """
    TalkScreen { align: center middle; }
    TalkScreen > Vertical {
        width: 44; height: auto; border: thick $accent; background: $surface; padding: 0 1;
    }
    TalkScreen Button { width: 1fr; height: 1; border: none; margin: 0; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(t("net.talk_title", self.lang))
            for n, call in enumerate(CALLS, 1):
                yield Button(f"{n}  {call_words(call, self.lang)}", id=f"call-{call}")

    def action_say(self, index: int) -> None:
        self.dismiss(CALLS[index])

    def action_nothing(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss((event.button.id or "").removeprefix("call-") or None)
