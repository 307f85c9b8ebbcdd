"""The end of a match: how it ended in the variant's words (125, «лысый», a general, all deals
played …), the goat or the winner announced (K9), the final table and the K10 rating."""

from __future__ import annotations

from pathlib import Path

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from ...play.session import GameSession
from ...text import clean
from ...variants import presenter_of
from ...words.strings import t
from ...words.variant import ended_words
from ..widgets.scores import GOAT, standing_text
from .base import DominoModal


def final_summary(session: GameSession, lang: str) -> Group:
    m, rules = session.match, session.rules
    outcome = m.outcome
    goats = outcome.goats if outcome else ()
    names = ", ".join(session.side_name(s) for s in goats)
    winners = ", ".join(session.side_name(s) for s in outcome.winners) if outcome else ""
    if outcome is not None and outcome.abandoned_by >= 0:  # K10.1
        headline = t("abandoned", lang, name=session.name(outcome.abandoned_by))
    elif goats:
        headline = t("goat_is" if len(goats) == 1 else "goats_are", lang, names=names)
    elif winners:
        headline = t("winner_is", lang, names=winners)
    else:
        headline = t("no_goat", lang)
    table = Table(box=box.SIMPLE_HEAD, expand=True, title=t("final_table", lang))
    table.add_column("")
    shown = presenter_of(rules)
    table.add_column(t(shown.score_heading, lang), justify="right")
    table.add_column(t("rating", lang), justify="right")
    for side in range(rules.sides):
        name = Text(session.side_name(side), style="bold")
        if side in goats:
            name = Text(f"{GOAT} {session.side_name(side)} — {t('goat', lang)}", style="bold red")
        rating = str(outcome.ratings[side]) if outcome else ""
        table.add_row(name, final_score(session, side, lang), rating)
    lines = [Text(t("game_over", lang), style="bold", justify="center")]
    ended = ended_words(m, [session.side_name(s) for s in range(rules.sides)], lang)
    if ended:
        lines.append(Text(ended, style="bold magenta", justify="center"))
    lines.append(Text(f"{GOAT} {headline}" if goats else headline, style="bold", justify="center"))
    last = m.results[-1] if m.results and not ended else None
    for side in goats:
        why = shown.goat_reason(rules, last, side, lang) if last is not None else ""
        if why:  # чечевэ: a 0-0, not the score, made the goat
            lines.append(Text(f"{session.side_name(side)}: {why}", justify="center"))
    if goats and winners:  # rounds:N names the lowest total too
        lines.append(Text(t("winner_is", lang, names=winners), justify="center"))
    if session.with_undo:  # honest undo: the rating column does not count
        lines.append(Text(t("with_undo_end", lang), style="italic", justify="center"))
    if session.stand_ins:  # a bot failed and a stand-in moved for it: not rated either
        lines.append(Text(t("stand_in_end", lang), style="italic", justify="center"))
    return Group(*lines, table)


def final_score(session: GameSession, side: int, lang: str) -> Text:
    """A side's final score as its sheet keeps it, with what its variant writes beside it
    (Генерал's generals, V4.8.2)."""
    m = session.match
    text = standing_text(m.standings[side], session.rules)
    mark = presenter_of(session.rules).final_mark(m, side, lang)
    if mark:
        text.append(f" {mark}", style="bold magenta")
    return text


class GameEndScreen(DominoModal):
    KEYS = (
        ("enter", "again", "play_again"),
        ("r", "review", "rv.key_review"),
        ("m,escape", "menu", "menu"),
        ("q", "quit", "quit"),
    )
    DEFAULT_CSS = """
    GameEndScreen { align: center middle; }
    GameEndScreen > Vertical {
        width: 80%; max-width: 80; height: auto; border: thick $error;
        background: $surface; padding: 0 1;
    }
    GameEndScreen Horizontal { height: auto; align: center middle; }
    GameEndScreen Button { margin: 0 1; min-width: 10; }
    """

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical():
            yield Static(final_summary(self.session, lang), id="final")
            with Horizontal():
                yield Button(t("play_again", lang), id="again", variant="primary")
                yield Button(t("rv.key_review", lang), id="review", disabled=self.record is None)
                yield Button(t("menu", lang), id="menu")
                yield Button(t("quit", lang), id="quit", variant="error")

    def on_mount(self) -> None:
        self.query_one("#again", Button).focus()

    @property
    def record(self) -> Path | None:
        """The record kept of the match just ended (None when it could not be kept)."""
        saves = self.domino.saves
        return saves.last_record if saves is not None else None

    def action_review(self) -> None:
        """R: the match just ended in the replay viewer, its review started at once (the seats
        ``domino analyze`` takes: the humans, every seat when none is human); closing the
        viewer comes back here."""
        from ...engine.record import RecordError
        from ...storage.archive import load_record
        from .replay import ReplayScreen

        lang, path = self.lang, self.record
        if path is None:
            self.notify(t("rv.no_record", lang), severity="warning", timeout=6)
            return
        try:
            loaded = load_record(str(path))
        except RecordError as err:
            self.notify(t("replay_broken", lang, why=clean(err)), severity="error", markup=False)
            return
        self.app.push_screen(ReplayScreen(loaded, review=True))

    def action_again(self) -> None:
        self.dismiss("again")

    def action_menu(self) -> None:
        self.dismiss("menu")

    def action_quit(self) -> None:
        self.dismiss("quit")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "review":
            self.action_review()
            return
        self.dismiss(event.button.id or "menu")
