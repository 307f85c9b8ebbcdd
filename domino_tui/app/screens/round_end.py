"""The end of a round: every hand revealed with its points (K4.5) and how each score moved."""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, Static

from ...engine.match import RoundResult
from ...engine.tiles import bits, tile_set
from ..session import GameSession
from ..strings import t
from ..widgets.scores import standing_text
from ..words import result_headline, side_notes
from .base import DominoModal


def hand_text(mask: int, top: int) -> Text:
    """A revealed hand as compact framed tiles: ``▐3│5▌``."""
    ts = tile_set(top)
    text = Text(no_wrap=False)
    for t_ in bits(mask):
        text.append(f"▐{ts.lo[t_]}│{ts.hi[t_]}▌ ")
    return text


def round_summary(session: GameSession, result: RoundResult, lang: str) -> Group:
    rules = session.rules
    hands = Table(box=None, expand=True, show_header=False, padding=(0, 1))
    hands.add_column(no_wrap=True)
    hands.add_column(ratio=1)
    hands.add_column(justify="right", no_wrap=True)
    for seat in range(rules.players):
        name = Text(session.name(seat), style="bold")
        if seat == result.went_out:
            name.append(" ★", style="green")
        if seat == result.fisher:
            name.append(" 🐟", style="yellow")
        points = t("hand_points", lang, n=result.score.seat_points[seat])
        hands.add_row(name, hand_text(result.hands[seat], rules.set_top), points)
    changes = Table(box=box.SIMPLE, expand=True, show_header=False, padding=(0, 1))
    changes.add_column("")
    changes.add_column("", justify="right")
    changes.add_column("", justify="center")
    changes.add_column("", justify="right")
    changes.add_column("", ratio=1)
    for line in result.score.lines:
        changes.add_row(
            Text(session.side_name(line.side), style="bold"),
            standing_text(line.before, rules),
            "→",
            standing_text(line.after, rules),
            ", ".join(side_notes(line, rules.is_classic, lang)),
        )
    head = result_headline(session, result, lang)
    parts: list[Text | Table] = [Text(head[0], style="bold", justify="center")]
    parts += [Text(line, justify="center") for line in head[1:]]
    parts += [hands, changes]
    if result.score.carry_after:
        parts.append(
            Text(t("carry_pending", lang, n=result.score.carry_after), style="bold yellow")
        )
    return Group(*parts)


class RoundEndScreen(DominoModal):
    KEYS = (("enter,escape,space", "close", "continue"),)
    DEFAULT_CSS = """
    RoundEndScreen { align: center middle; }
    RoundEndScreen > Vertical {
        width: 90%; max-width: 100; height: auto; max-height: 95%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    RoundEndScreen VerticalScroll { height: auto; max-height: 1fr; }
    RoundEndScreen Button { width: 100%; }
    """

    def __init__(self, session: GameSession, result: RoundResult) -> None:
        super().__init__()
        self.session = session
        self.result = result

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll():
                yield Static(round_summary(self.session, self.result, self.lang), id="summary")
            yield Button(t("continue", self.lang), id="continue", variant="primary")

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).can_focus = False
        self.query_one(Button).focus()

    def action_close(self) -> None:
        self.dismiss("continue")

    def on_button_pressed(self, _: Button.Pressed) -> None:
        self.dismiss("continue")
