"""The end of a round: every hand revealed with its points (K4.5) and each score change told
as arithmetic a player can check by hand (``domino_tui.words.score``; a variant with its own
sheet: its sheet's lines from ``words.variant.round_notes`` and ``words.variant_sums``)."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, Footer, Static

from ...engine.match import RoundResult
from ...engine.variants import get_variant
from ...play.session import GameSession
from ...words.events import result_headline
from ...words.score import bonus_of, hand_sum, legend_line, rule_lines, side_sum
from ...words.strings import t
from ...words.transcript import side_names
from ...words.variant import ended_words, round_notes
from ...words.variant_sums import has_own_sum, variant_sum
from ..widgets.scores import standing_text
from .base import DominoModal


def round_summary(session: GameSession, result: RoundResult, lang: str) -> Group:
    """Headline, hands with their sums, the rule applied, each side's arithmetic, the key."""
    rules = session.rules
    own = has_own_sum(rules)  # морской, телефон, генерал, спортивное: not Козёл's words
    counted = get_variant(rules.variant).counts_hands  # генерал: not counted
    hands = Table(box=None, expand=True, show_header=False, padding=(0, 1))
    hands.add_column(no_wrap=True)
    hands.add_column(ratio=1)
    hands.add_column(justify="right", no_wrap=True)
    for seat in range(rules.players):
        if result.score.lines[rules.side_of(seat)].before.out:  # out of the game (F13)
            continue
        name = Text(session.name(seat), style="bold")
        if seat == result.went_out:
            name.append(" ★", style="green")
        if seat == result.fisher:
            name.append(" 🐟", style="yellow")
        points = t("hand_points", lang, n=result.score.seat_points[seat]) if counted else ""
        hands.add_row(name, Text(hand_sum(rules, result.hands[seat], lang)), points)
    for line in result.score.lines:
        bonus = 0 if own else bonus_of(rules, result, line)
        if bonus:
            name = Text(session.side_name(line.side), style="bold")
            hands.add_row(name, Text(t("sw.bonus", lang, n=bonus)), f"+{bonus}")
    sides = [session.side_name(side) for side in range(rules.sides)]
    names = [session.name(seat) for seat in range(rules.players)]
    said = [] if own else rule_lines(rules, result, sides, lang)
    said += round_notes(rules, result, names, side_names(rules, names), lang)
    rule = Text("\n".join(said), style="italic")
    changes = Table(box=None, expand=True, show_header=False, padding=(0, 1))
    changes.add_column(no_wrap=True)
    changes.add_column(justify="right", no_wrap=True)
    changes.add_column(justify="center", no_wrap=True)
    changes.add_column(justify="right", no_wrap=True)
    changes.add_column(ratio=1)
    for line in result.score.lines:
        if line.before.out:
            continue
        changes.add_row(
            Text(sides[line.side], style="bold"),
            standing_text(line.before, rules),
            "→",
            standing_text(line.after, rules),
            Text(
                variant_sum(rules, result, line, lang)
                if own
                else side_sum(rules, result, line, lang)
            ),
        )
    head = result_headline(session, result, lang)
    parts: list[Text | Table] = [Text(head[0], style="bold", justify="center")]
    parts += [Text(line, justify="center") for line in head[1:]]
    parts += [Text(t("sw.hands", lang), style="bold underline"), hands, rule]
    parts += [Text(t("sw.scores", lang), style="bold underline"), changes]
    if result.score.carry_after:
        parts.append(
            Text(t("carry_pending", lang, n=result.score.carry_after), style="bold yellow")
        )
    match = session.match
    if match.outcome is not None and match.results and match.results[-1] is result:
        ended = ended_words(match, sides, lang)  # 125, «лысый», a general, all deals played …
        if ended:
            parts.append(Text(ended, style="bold magenta"))
    parts.append(Text(f"{t('sw.legend', lang)}: {legend_line(lang, rules)}", style="dim"))
    return Group(*parts)


class RoundEndScreen(DominoModal):
    """The round's summary over the table; B hides it to show the board as the round left it
    (the table draws the finished round while this dialog is up), B again brings it back."""

    KEYS = (("enter,escape,space", "close", "continue"), ("b", "board", "re.key_board"))
    DEFAULT_CSS = """
    RoundEndScreen { align: center middle; }
    RoundEndScreen > Vertical {
        width: 90%; max-width: 110; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    RoundEndScreen VerticalScroll { height: auto; }
    RoundEndScreen Button { width: 100%; dock: bottom; }
    RoundEndScreen.-board { background: transparent; }
    RoundEndScreen.-board > Vertical { display: none; }
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
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).can_focus = False
        self.query_one(Button).focus()

    def action_close(self) -> None:
        self.dismiss("continue")

    def action_board(self) -> None:
        """Hide the summary to look at the board, or bring it back."""
        board = not self.has_class("-board")
        self.set_class(board, "-board")
        label = "re.key_results" if board else "re.key_board"
        self.KEYS = (type(self).KEYS[0], ("b", "board", label))
        self.localize()

    def on_button_pressed(self, _: Button.Pressed) -> None:
        self.dismiss("continue")
