"""The Stats screen: one row per profile (K10 rating, goats, rounds won …) and a chart of the
highlighted profile's rating over its matches; plus the command palette entries for the kept
history (Stats, Replays).

Each variant has its own figures (a Козёл rating is never added to a Телефон one): the screen
shows one variant at a time, the most played first, and ``v`` turns to the next.

Under the chart, each player's error rate over time (issue 12, part 3): the reviews kept
beside the records, of the variant shown (:mod:`domino_tui.coach.history`, which only reads
kept reviews, so the screen opens at once), or how to get a review when there is none.

Looking never creates the statistics database: with no file there is nothing to show.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import DataTable, Static

from ...coach.history import Series, history
from ...i18n import plural
from ...storage.paths import records_dir, stats_path
from ...storage.reading import scan_folder
from ...storage.stats import (
    MatchRef,
    ProfileStats,
    RatingPoint,
    Replaced,
    StatsDB,
    StatsError,
)
from ...text import clean
from ...words.error_rates import error_table
from ...words.names import preset_name
from ...words.strings import stats_replaced, t, unreadable
from ..widgets.chart import RatingChart
from ..widgets.keys_footer import KeysFooter
from .base import DominoScreen

if TYPE_CHECKING:
    from textual.app import App


@dataclass(frozen=True)
class Section:
    """One variant's figures: its profiles and each profile's rating history."""

    variant: str
    profiles: tuple[ProfileStats, ...] = ()
    histories: tuple[tuple[RatingPoint, ...], ...] = ()


@dataclass(frozen=True)
class Figures:
    """What the screen shows, read in one go so the database is closed while the player looks."""

    sections: tuple[Section, ...] = ()  # the most played variant first
    problem: str = ""  # why the statistics cannot be shown
    replaced: Replaced | None = None  # the database was damaged and replaced (told once)
    coach: tuple[Series, ...] = ()  # each player's error rate, every variant
    coach_problem: str = ""  # why the reviews cannot be read (their folder cannot be listed)


def read_section(db: StatsDB, variant: str) -> Section:
    profiles = tuple(db.profiles(variant=variant))
    histories = tuple(tuple(db.rating_history(p.name, p.is_bot, variant)) for p in profiles)
    return Section(variant, profiles, histories)


def read_figures(lang: str = "en") -> Figures:
    """The figures, or why there are none: a damaged database is rebuilt from the records by
    :class:`StatsDB` (with a notice); any other problem is one line on the screen. A records
    folder that cannot be read is said (where "no matches" or "no reviews" would be shown),
    never taken for an empty one."""
    path = stats_path()
    if not (path.exists() or path.is_symlink()):
        try:  # no figures yet: true only if no records are kept either
            scan_folder(records_dir())
        except OSError as err:
            return Figures(problem=unreadable("app.records_unreadable", err, records_dir(), lang))
        return Figures()
    try:
        with StatsDB() as db:
            sections = tuple(read_section(db, name) for name, _n in db.variants())
            replaced = db.replaced
    except StatsError as err:
        return Figures(problem=clean(err))
    try:
        coach, problem = tuple(history()), ""
    except OSError as err:  # the figures stand; only the reviews beside the records are lost
        coach, problem = (), unreadable("app.reviews_unreadable", err, records_dir(), lang)
    return Figures(sections, replaced=replaced, coach=coach, coach_problem=problem)


def match_cell(ref: MatchRef | None) -> str:
    """A best or worst match: its rating and final written score, a goat marked."""
    if ref is None:
        return "—"
    return f"{ref.rating:+d} · {ref.written}" + (" 🐐" if ref.goat else "")


def profile_row(p: ProfileStats, lang: str) -> list[str | Text]:
    name = Text(clean(p.name, 40), style="bold" if not p.is_bot else "")
    if p.is_bot:
        name.append(f" ({t('stats_bot', lang)})", style="dim")
    matches = str(p.matches)
    if p.abandoned:
        matches += f" ({t('stats_left', lang, n=p.abandoned)})"
    if p.practice:  # played with undo: counted here, kept out of the rating (issue 9)
        matches += f" ({t('stats_practice', lang, n=p.practice)})"
    mean = p.mean_round_points
    figures = (
        matches,
        str(p.goats),
        f"{p.rounds_won}/{p.rounds_played}",
        "—" if mean is None else f"{mean:.1f}",
        str(p.rating),
    )
    return [
        name,
        *(Text(cell, justify="right") for cell in figures),
        match_cell(p.best),
        match_cell(p.worst),
    ]


def day(finished_at: str) -> str:
    """A match's local date for the chart's x axis."""
    try:
        return datetime.fromisoformat(finished_at).astimezone().strftime("%Y-%m-%d")
    except ValueError:
        return finished_at[:10]


COLUMNS = (
    "stats_player",
    "stats_matches",
    "stats_goats",
    "stats_won",
    "stats_mean",
    "stats_rating",
    "stats_best",
    "stats_worst",
)


# --- opening the history screens from the menu and the command palette -------------------------


def open_stats(app: App[Any]) -> None:
    if not isinstance(app.screen, StatsScreen):
        app.push_screen(StatsScreen())


def open_replays(app: App[Any]) -> None:
    from .replay import ReplayListScreen  # the viewer imports the app module: import it late

    if not isinstance(app.screen, ReplayListScreen):
        app.push_screen(ReplayListScreen())


class StatsScreen(DominoScreen):
    KEYS = (("escape,q", "close", "back"), ("v", "next_variant", "stats_next_variant"))
    DEFAULT_CSS = """
    StatsScreen { layout: vertical; }
    StatsScreen #stats-title { padding: 0 1; text-style: bold; background: $boost; }
    StatsScreen #profiles { height: auto; max-height: 50%; border: round $primary; }
    StatsScreen #stats-legend { padding: 0 1; color: $text-muted; }
    StatsScreen #rating {
        max-height: 16; border: round $secondary; border-title-align: left;
    }
    StatsScreen #stats-empty { padding: 1 2; }
    StatsScreen #coach {
        height: auto; padding: 0 1; border: round $secondary; border-title-align: left;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self.figures: Figures | None = None
        self.variant = ""  # the variant shown; the most played one when it has no figures

    @property
    def section(self) -> Section:
        sections = (self.figures or Figures()).sections
        found = [s for s in sections if s.variant == self.variant]
        return found[0] if found else sections[0] if sections else Section("kozel")

    def action_next_variant(self) -> None:
        """v: the next variant's figures (after the last, the first again)."""
        names = [s.variant for s in (self.figures or Figures()).sections]
        if len(names) > 1:
            at = names.index(self.section.variant)
            self.variant = names[(at + 1) % len(names)]
            self.fill()

    def compose(self) -> ComposeResult:
        yield Static(id="stats-title")
        table: DataTable[str | Text] = DataTable(id="profiles", cursor_type="row")
        yield table
        yield Static(id="stats-legend")
        yield RatingChart(id="rating")
        yield Static(id="coach")
        yield Static(id="stats-empty")
        yield KeysFooter()

    @property
    def table(self) -> DataTable[str | Text]:
        return cast("DataTable[str | Text]", self.query_one("#profiles", DataTable))

    def on_mount(self) -> None:  # DominoScreen.on_mount runs too (Textual calls every base's)
        self.load()

    def on_screen_resume(self) -> None:
        """Back from a replay or a game: the figures may have changed meanwhile."""
        if self.is_mounted:
            self.load()

    def load(self) -> None:
        figures = read_figures(self.lang)
        if figures == self.figures:
            return
        self.figures = figures
        if figures.replaced is not None:
            self.notify(
                stats_replaced(figures.replaced, self.lang),
                severity="warning",
                timeout=10,
                markup=False,
            )
        self.fill()

    def fill(self) -> None:
        """Redraw everything in the current language (columns included)."""
        lang, figures, section = self.lang, self.figures or Figures(), self.section
        self.variant = section.variant
        title = t("stats", lang)
        if figures.sections:
            variant = preset_name(section.variant, lang)
            at = figures.sections.index(section) + 1
            title = t("stats_of", lang, variant=variant, n=at, total=len(figures.sections))
        self.query_one("#stats-title", Static).update(Text(title))
        self.query_one("#stats-legend", Static).update(t("stats_legend", lang))
        table = self.table
        row = table.cursor_row
        table.clear(columns=True)
        table.add_columns(*(t(key, lang) for key in COLUMNS))
        table.add_rows(profile_row(p, lang) for p in section.profiles)
        has_rows = bool(section.profiles)
        for widget in ("#profiles", "#stats-legend", "#rating", "#coach"):
            self.query_one(widget).display = has_rows
        empty = self.query_one("#stats-empty", Static)
        empty.display = not has_rows
        empty.update(Text(figures.problem or t("stats_empty", lang)))
        if has_rows:
            table.move_cursor(row=min(max(row, 0), len(section.profiles) - 1))
            table.focus()
            self.show_chart(table.cursor_row)
            self.show_coach(figures, section.variant)

    def show_coach(self, figures: Figures, variant: str) -> None:
        """The error rates of the variant shown, or how to get a first review."""
        lang, coach = self.lang, self.query_one("#coach", Static)
        coach.border_title = t("coach.title", lang)
        series = [s for s in figures.coach if s.variant == variant]
        if figures.coach_problem:
            coach.update(Text(figures.coach_problem))  # not "no reviews yet"
            return
        coach.update(error_table(series, lang) if series else Text(t("coach.empty", lang)))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_chart(event.cursor_row)

    def show_chart(self, index: int) -> None:
        section = self.section
        if not 0 <= index < len(section.profiles):
            return
        lang = self.lang
        profile, history = section.profiles[index], section.histories[index]
        chart = self.query_one(RatingChart)
        total = history[-1].total if history else 0
        name = escape(clean(profile.name, 40))  # a border title is markup
        chart.border_title = t(
            "stats_chart", lang, name=name, total=total, n=plural(len(history), "w.rated", lang)
        )
        labels = (
            (day(history[0].finished_at), day(history[-1].finished_at)) if history else ("", "")
        )
        chart.show([point.total for point in history], labels, t("stats_no_history", lang))

    def relabel(self) -> None:
        """The new language: the figures' own lines (a folder that cannot be read) are worded
        when read, so they are read again."""
        self.localize()
        self.figures = None
        self.load()

    def action_close(self) -> None:
        self.dismiss(None)
