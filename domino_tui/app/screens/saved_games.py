"""Resume: the list of unfinished games, newest first (players, rules, round, scores, when),
with Enter to resume, d to delete and r to resign (K10.1), each confirmed first.

The list is always shown, even for one game: Resume then never opens something by surprise,
and deleting or resigning is one key away (Enter on the newest game, highlighted, resumes it).
Everything drawn from a save is a :class:`~rich.text.Text`, never markup: a name such as
``[@click=app.quit]`` is shown as typed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, DataTable, Static

from ...play.saving import Saves
from ...storage import SaveError, SaveInfo, SaveLocked
from ...storage.saves import NotFinished
from ...text import clean
from ...words.names import kept_game_name, preset_name, preset_words, short_preset
from ...words.saves import players_text, resign_question, score_text, when_text
from ...words.strings import not_counted, t, unreadable
from ..widgets.keys_footer import KeysFooter
from .base import DominoModal, DominoScreen

# (string key, width): fixed widths keep the five columns inside 80 columns in both languages
COLUMNS = (
    ("saves_players", 26),
    ("saves_rules", 11),
    ("saves_round", 5),
    ("saves_score", 12),
    ("saves_when", 11),
)
PLAYERS_WIDTH = COLUMNS[0][1]


def fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def save_row(info: SaveInfo, lang: str) -> list[Text]:
    mark = "⚠ " if info.problem else "🔒 " if info.locked else ""
    names = fit(mark + players_text(info, lang), PLAYERS_WIDTH)
    return [
        Text(names, style="red" if info.problem else ""),
        Text(fit(kept_game_name(info.preset, info.rules, lang), COLUMNS[1][1])),
        Text("—" if info.round is None else str(info.round), justify="right"),
        Text(fit(score_text(info), COLUMNS[3][1])),
        Text(when_text(info, short=True)),
    ]


class ConfirmSave(DominoModal):
    """Yes or no for deleting or resigning a game (the question is plain text)."""

    KEYS = (("y", "yes", "yes"), ("n,escape", "no", "no"))
    DEFAULT_CSS = """
    ConfirmSave { align: center middle; }
    ConfirmSave > Vertical {
        width: 60; height: auto; border: thick $warning; background: $surface; padding: 1 2;
    }
    ConfirmSave Horizontal { height: auto; align: center middle; margin-top: 1; }
    ConfirmSave Button { margin: 0 1; }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.question), id="question")
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


class SavedGamesScreen(DominoScreen):
    KEYS = (
        ("enter", "open", "saves_open"),
        ("d", "delete", "saves_delete"),
        ("r", "resign", "saves_resign"),
        ("escape,q", "close", "back"),
    )
    DEFAULT_CSS = """
    SavedGamesScreen { layout: vertical; }
    SavedGamesScreen #saves-title { padding: 0 1; text-style: bold; background: $boost; }
    SavedGamesScreen #saves { height: 1fr; border: round $primary; }
    SavedGamesScreen #saves-detail { height: auto; max-height: 4; padding: 0 1; }
    SavedGamesScreen #saves-hint { padding: 0 1; color: $text-muted; }
    SavedGamesScreen #saves-empty { padding: 1 2; }
    """

    def __init__(self, saves: Saves) -> None:
        super().__init__()
        self.saves = saves
        self.infos: list[SaveInfo] = []

    def compose(self) -> ComposeResult:
        yield Static(id="saves-title")
        table: DataTable[Text] = DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield table
        yield Static(id="saves-detail")
        yield Static(id="saves-hint")
        yield Static(id="saves-empty")
        yield KeysFooter()

    @property
    def table(self) -> DataTable[Text]:
        return cast("DataTable[Text]", self.query_one("#saves", DataTable))

    def on_mount(self) -> None:
        if self.domino.game_screen() is None:
            self.saves.release()  # no table in this window: its last game is free to manage
        self.fill()

    def on_screen_resume(self) -> None:
        if self.is_mounted:
            self.fill()

    def relabel(self) -> None:
        self.localize()
        self.fill()

    def fill(self) -> None:
        """Read the list again and redraw it in the current language."""
        lang = self.lang
        try:
            self.infos, problem = self.saves.listing(strict=True), ""
        except OSError as err:  # not "no unfinished games": say what cannot be read
            self.infos = []
            problem = unreadable("app.saves_unreadable", err, self.saves.where, lang)
        self.query_one("#saves-title", Static).update(t("saves_title", lang))
        self.query_one("#saves-hint", Static).update(t("saves_hint", lang))
        table = self.table
        row = table.cursor_row
        table.clear(columns=True)
        for key, width in COLUMNS:
            table.add_column(t(key, lang), width=width)
        table.add_rows(save_row(info, lang) for info in self.infos)
        has_rows = bool(self.infos)
        for widget in ("#saves", "#saves-detail", "#saves-hint"):
            self.query_one(widget).display = has_rows
        empty = self.query_one("#saves-empty", Static)
        empty.display = not has_rows
        empty.update(Text(problem or t("saves_empty", lang)))  # a path is text, not markup
        if has_rows:
            table.move_cursor(row=min(max(row, 0), len(self.infos) - 1))
            table.focus()
            self.show_detail(table.cursor_row)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_detail(event.cursor_row)

    def on_data_table_row_selected(self, _event: DataTable.RowSelected) -> None:
        self.action_open()

    def show_detail(self, index: int) -> None:
        info = self.current(index)
        if info is None:
            return
        lang = self.lang
        text = Text(players_text(info, lang, levels=True))
        if info.preset and preset_words(info.preset):  # the game's full name
            text = Text(preset_name(info.preset, lang) + " · ", style="bold") + text
        if info.scores:
            text.append(f" · {score_text(info)}", style="bold")
        text.append(f" · {when_text(info)}", style="dim")
        if info.problem:
            text.append("\n" + t("saves_damaged", lang, why=info.problem), style="red")
        elif info.locked:
            text.append("\n🔒 " + t("saves_open_elsewhere", lang), style="yellow")
        self.query_one("#saves-detail", Static).update(text)

    def current(self, index: int | None = None) -> SaveInfo | None:
        i = self.table.cursor_row if index is None else index
        return self.infos[i] if 0 <= i < len(self.infos) else None

    # --- actions ---------------------------------------------------------------------------
    def action_open(self) -> None:
        info = self.current()
        if info is None:
            return
        if info.locked and not self.saves.holds(info.game_id):
            self.notify(t("saves_locked", self.lang), severity="warning", timeout=8)
            self.fill()
            return
        if not self.domino.resume(info.game_id):
            self.fill()

    def action_delete(self) -> None:
        info = self.current()
        if info is None:
            return
        lang = self.lang

        def delete() -> str:
            self.saves.delete(info.game_id)
            return t("saves_deleted", lang)

        self.ask(t("saves_confirm_delete", lang, players=players_text(info, lang)), delete)

    def action_resign(self) -> None:
        """The resigning player is the storage layer's choice (:func:`resigning_seat`): the
        human to move, else the first human; the question names them."""
        info = self.current()
        if info is None:
            return
        lang = self.lang
        if info.players and info.resigner is None:
            self.notify(t("saves_no_human", lang), severity="warning", timeout=8)
            return

        def resign() -> str:
            done = self.saves.resign(info.game_id)
            return t("saves_resigned", lang, name=done.name if done else "—")

        self.ask(resign_question(info, lang), resign)

    def ask(self, question: str, act: Callable[[], str]) -> None:
        """Confirm, then run ``act``; any refusal is one line, and the list is read again."""

        def answered(answer: str | None) -> None:
            if answer != "yes":
                return
            lang = self.lang
            try:
                message = act()
            except SaveLocked:
                self.notify(t("saves_locked", lang), severity="warning", timeout=8)
            except NotFinished as err:  # resigned, but not counted yet: the save stays
                self.notify(not_counted(err, lang), severity="error", timeout=12, markup=False)
            except (SaveError, OSError) as err:
                why = clean(err, 300)
                self.notify(
                    t("saves_failed", lang, why=why), severity="error", timeout=12, markup=False
                )
            except Exception as err:  # the statistics or the archive: never take the list down
                self.notify(
                    t("records_failed", self.lang, why=err),
                    severity="error",
                    timeout=12,
                    markup=False,
                )
            else:
                self.notify(message, timeout=6, markup=False)
            self.fill()

        self.app.push_screen(ConfirmSave(question), answered)

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = [
    "ConfirmSave",
    "SavedGamesScreen",
    "players_text",
    "score_text",
    "short_preset",
    "when_text",
]
