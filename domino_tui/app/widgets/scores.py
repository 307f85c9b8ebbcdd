"""The score table of K11: per round the points above a line and the new total below it;
remembered ``+N`` in yellow, written scores in red, fish rounds and who went out marked.

Rows are labelled (the round's number, ``Σ`` for the total after it) and a key under the table
says what every mark means, so meaning is never carried by colour alone. A variant with its own
way of scoring (морской, телефон, генерал, спортивное) gets its own rows and key from
:mod:`.variant_sheets`; the board's callout over a scoring play is :func:`board_callout`."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.cells import cell_len
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...engine.cross import CrossState
from ...engine.match import Match, RoundResult
from ...engine.rules import Rules
from ...engine.scoring import SideLine, Standing
from ...engine.variants import get_variant
from ...play.session import GameSession
from ...variants import presenter_of
from ...words.events import scoring_step
from ...words.strings import t
from ...words.transcript import remembers
from .variant_sheets import (
    FISH,
    WRITTEN,
    caption_words,
    number_cell,
    variant_rows,
)

OUT = "★"
GOAT = "🐐"
REMEMBERED = "yellow"


def standing_text(st: Standing, rules: Rules) -> Text:
    """A side's total as the sheet writes it (K7.1, K7.2); a variant without Козёл's
    remembered points (морской, телефон, генерал, спортивное) shows its written total."""
    if rules.classic_count or not remembers(rules):
        return Text(str(st.written), style="bold")
    if st.opened:
        return Text(str(st.written), style=WRITTEN)
    if st.remembered:
        return Text(f"+{st.remembered}", style=REMEMBERED)
    return Text("0", style="dim")


def points_text(line: SideLine, rules: Rules) -> Text:
    """The round's row for one side: what it scores, booked as the sheet books it (written red,
    remembered yellow ``+N``: the mark, not only the colour, tells them apart), with marks for
    going out, a cleared ``+`` and a paid fish carry-over."""
    points = line.round_points
    if line.went_out:
        text = Text(OUT, style="bold green")
    elif points and rules.classic_count:
        text = Text(str(points), style="bold")
    elif points and line.written_now:
        text = Text(str(points), style=WRITTEN)
    elif points:
        text = Text(f"+{points}", style=REMEMBERED)
    elif line.after != line.before:
        text = Text("0")
    else:
        text = Text("·", style="dim")
    if line.cleared:
        text.append(f" ✗{line.cleared}", style="dim strike")
    if line.carry_paid:
        text.append(f" {FISH}", style="yellow")
    return text


def sheet_frame(
    names: Sequence[str], goats: Sequence[int], round_label: str, extra: Sequence[str] = ()
) -> Table:
    """The empty sheet: the round's column, the variant's own columns, a column per side (a
    goat's name marked). No blank edge rows (at 80×24 two rounds fit without a scrollbar), and
    the round's and the variant's columns only as wide as what they hold: the room goes to
    the sides, each a share as long as its name, so names are not cut where the window has
    room for them."""
    table = Table(box=box.SIMPLE_HEAD, expand=True, padding=(0, 0), pad_edge=False, show_edge=False)
    table.add_column(round_label, justify="right", no_wrap=True)
    for title in extra:
        table.add_column(title, justify="right", no_wrap=True)
    for side, name in enumerate(names):
        # a pair's name ("Вы & Оля") wraps at its words where the column is narrow; one word
        # too long for it is cut with "…"
        header = Text(name, no_wrap=False, overflow="ellipsis")
        if side in goats:
            header = Text(f"{GOAT}{name}", style="bold red", no_wrap=False, overflow="ellipsis")
        # shares of the room as long as the names: "Серёжа" gets more than "Вы"
        share = max(cell_len(header.plain), 3)
        table.add_column(header, justify="right", no_wrap=True, overflow="ellipsis", ratio=share)
    return table


def score_table(
    names: Sequence[str],
    rules: Rules,
    results: Sequence[RoundResult],
    standings: Sequence[Standing],
    goats: Sequence[int] = (),
    round_label: str = "#",
    lang: str = "en",
) -> Table:
    """The sheet of ``results`` (the table's side sheet, a replay's sheet up to a frame): the
    variant's own rows when it keeps its own score, else Козёл's (K11)."""
    rows = variant_rows(rules)
    if rows is not None:
        columns = get_variant(rules.variant).sheet_columns
        table = sheet_frame(names, goats, round_label, columns)
        rows(rules, results, table, lang)
        if not results:  # the sheet starts at nothing, as Козёл's does
            zeros = (Text(str(st.written), style="dim") for st in standings)
            table.add_row(Text("Σ", style="dim"), *("" for _ in columns), *zeros)
        return table
    table = sheet_frame(names, goats, round_label)
    marks = presenter_of(rules).label_marks  # осёл's close-out, чечевэ's 6-6, 0-0
    for result in results:
        label = number_cell(result, marks(result))
        table.add_row(
            label, *(points_text(line, rules) for line in result.score.lines), style="underline"
        )
        total = Text("Σ", style="dim")
        table.add_row(total, *(standing_text(line.after, rules) for line in result.score.lines))
    if not results:
        table.add_row(Text("Σ", style="dim"), *(standing_text(st, rules) for st in standings))
    return table


def sheet_key(session: GameSession, lang: str) -> str:
    """What the side sheet shows, as comparable text: it is redrawn only when this changes."""
    m = session.match
    goats = m.outcome.goats if m.outcome else ()
    return repr(
        (
            lang,
            m.results,
            m.standings,
            goats,
            m.carry,
            session.with_undo,
            session.stand_ins,
            live(m),
        )
    )


def live(match: Match) -> tuple[int, ...]:
    """Points each side has made during the round still being played (Телефон, Маггинс,
    V3.8.2), or () where nothing scores during play: the sheet shows them as they come, not
    only when the round is settled."""
    rnd = match.round
    if match.over or not isinstance(rnd, CrossState) or rnd.cfg.scorer is None:
        return ()
    per_side = [0] * match.rules.sides
    for seat, points in enumerate(rnd.scored):
        per_side[match.rules.side_of(seat)] += points
    return tuple(per_side)


def sheet_parts(session: GameSession, lang: str) -> tuple[Table, str]:
    """The side sheet of the table: the score table and the caption in its border (the fish
    carry-over pending, the target or the deals left, a match played with undo). The key of
    its marks is under the side panel (``words.score.legend_line``), never inside the
    scrolling sheet, where it would push the latest round out of view at 80×24."""
    s, m = session, session.match
    names = [s.side_name(side) for side in range(s.rules.sides)]
    goats = m.outcome.goats if m.outcome else ()
    marks = [t("carry_marker", lang, n=m.carry)] if m.carry else []
    marks += caption_words(s, lang)
    if s.with_undo:  # honest undo: the whole table sees this match is practice
        marks.append(t("with_undo", lang))
    if s.stand_ins:  # a stand-in moved for a failing bot: not rated either
        marks.append(t("stand_in_mark", lang))
    label = t("round_col", lang)
    table = score_table(names, s.rules, m.results, m.standings, goats, label, lang)
    now = live(m)
    if any(now):  # this round's points so far, under the rounds already settled
        cells = (Text(f"+{n}" if n else "·", style="yellow" if n else "dim") for n in now)
        table.add_row(Text(f"{m.number}…", style="yellow"), *cells)
    return table, " · ".join(marks)


def board_callout(session: GameSession, lang: str) -> str:
    """What the board shows over the last move when it scored during play (Телефон, Маггинс,
    V3.8.2): the open ends' count and the points, "15 → +3". The seeds name no word players
    call out («телефон!» is not in them), so the board says the arithmetic only; empty when the
    last move scored nothing (and always in Козёл)."""
    rnd = session.match.round
    if not isinstance(rnd, CrossState) or not rnd.score_log:
        return ""
    if rnd.score_log[-1][1] != len(rnd.history):
        return ""  # the last move scored nothing
    step = scoring_step(session.match, rnd.history[-1])
    if step is None:
        return ""
    return t("sc.callout", lang, count=step.count, points=step.points)


class ScoreSheet(VerticalScroll, can_focus=False):
    """A scrolling K11 table that keeps the latest round in view (never takes the arrow keys)."""

    DEFAULT_CSS = """
    ScoreSheet { height: 1fr; border: round $primary; scrollbar-size-vertical: 1; }
    ScoreSheet > Static { width: 1fr; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="score-body")

    def show(self, table: Table, caption: str, key: str = "") -> None:
        """The table, the pending fish carry-over in the border and the key under the table."""
        self.border_subtitle = caption
        body = Group(table, Text(key, style="dim italic")) if key else table
        self.query_one("#score-body", Static).update(body)
        self.call_after_refresh(self.scroll_end, animate=False)
