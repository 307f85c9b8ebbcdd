"""The review beside the replay's board: the progress while the review runs, then the players'
summaries and the decision at the step shown (words from :mod:`..review_words`)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import ProgressBar, Static

from .glued import Glued


class Words(VerticalScroll, can_focus=False):
    """The panel's words, scrolled by the wheel: never focused, so that the viewer's arrow,
    page and home/end keys stay the viewer's."""


def hanging(parts: Sequence[Text]) -> list[Glued | Padding]:
    """Each line of the words on its own, an indented line (a player's summary under their
    name) kept indented where it wraps, so a wrapped line never reads as a new heading; lines
    break between words, a move's arrow staying with its move (:mod:`.glued`)."""
    out: list[Glued | Padding] = []
    for part in parts:
        for line in part.split("\n", allow_blank=True):
            indent = len(line.plain) - len(line.plain.lstrip(" "))
            out.append(Padding(Glued(line[indent:]), (0, 0, 0, indent)) if indent else Glued(line))
    return out


class ReviewPanel(Vertical):
    """A progress line and bar while the review runs; afterwards the words, scrolled if long."""

    parts: Sequence[Text] = ()

    DEFAULT_CSS = """
    ReviewPanel {
        width: 36; height: 1fr; border: round $accent; border-title-align: center;
        border-title-color: $accent; border-title-style: bold;
    }
    ReviewPanel #review-status { height: auto; color: $warning; text-style: bold; }
    ReviewPanel ProgressBar { height: 1; }
    ReviewPanel ProgressBar Bar { width: 1fr; }
    ReviewPanel Words { height: 1fr; scrollbar-size-vertical: 1; }
    ReviewPanel #review-words { height: auto; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="review-status")
        yield ProgressBar(id="review-bar", show_eta=False, show_percentage=False)
        with Words():
            yield Static(id="review-words")

    def progress(self, words: str, done: int, total: int) -> None:
        """The review is running: "Reviewing… 12/180" and the bar."""
        status = self.query_one("#review-status", Static)
        status.update(Text(words))
        status.display = True
        bar = self.query_one(ProgressBar)
        bar.display = True
        bar.update(total=max(1, total), progress=done)

    def show(self, *parts: Text, status: str = "") -> None:
        """The words of the step shown (``status``: a line above them, e.g. a failure)."""
        self.query_one(ProgressBar).display = False
        state = self.query_one("#review-status", Static)
        state.update(Text(status))
        state.display = bool(status)
        self.parts = parts
        self.query_one("#review-words", Static).update(Group(*hanging(parts)))

    def words(self) -> str:
        """What the panel says, as plain text (tests read it as a player would)."""
        out = [str(self.query_one("#review-status", Static).content)]
        out += [str(part) for part in self.parts]
        return "\n".join(out)
