"""Генерал (V4) as a player reads it: who lost each round, a «генерал», the tally."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from ..engine.match import Match, RoundResult
from ..engine.rules import Rules
from ..engine.scoring import SideLine
from ..engine.tiles import tile_set
from ..engine.variants.general import Ended, Notes
from ..i18n import Lang, tr
from .base import EndWords, Presenter, PresetWords, Told, at, notes_as, per_side
from .sheet import (
    GAINED,
    WRITTEN,
    dot,
    number_cell,
    seat_or_none,
)


class GeneralPresenter(Presenter):
    notes_type = Notes
    ends = {  # noqa: RUF012 - read-only table
        Ended.GENERAL: EndWords("vn.ended.general_given", "goats"),
        Ended.LOSSES: EndWords("vn.ended.losses", "goats", "losses"),
        Ended.ROUNDS: EndWords("vn.ended.general_rounds", n="rounds"),
    }
    page = "general"
    presets = {  # noqa: RUF012 - read-only table
        "general": PresetWords("tx.variant.general", "preset_short.general", "ng.about.general"),
    }
    score_heading = "ge.score.general"  # rounds lost, not points

    def header(self, rules: Rules, lang: Lang) -> list[str]:
        """V4.9: a match that is not a number of rounds ends when a pair has lost ``losses``."""
        if not rules.rounds_limit:
            return [tr("vn.general.header", lang, n=rules.opt("losses"))]
        return []

    def round_notes(self, told: Told) -> list[str]:
        rules, notes, names = told.rules, told.notes_as(Notes), told.names
        sides, lang = told.sides, told.lang
        out = []
        finish = tiles_words(rules, notes.get("finish") or [])
        loser = notes.get("loser", -1)
        general = notes.get("general", -1)
        if notes.get("void"):
            out.append(tr("vn.general.void", lang))
        if finish and not (general is not None and general >= 0):
            out.append(tr("vn.general.finish", lang, tiles=finish))
        if loser is not None and loser >= 0:
            side = sides[rules.side_of(loser)]
            out.append(tr("vn.general.loser", lang, name=names[loser], side=side))
        if general is not None and general >= 0:
            side = sides[rules.side_of(general)]
            out.append(tr("vn.general.general", lang, tiles=finish, name=names[general], side=side))
        losses, generals = notes.get("losses"), notes.get("generals")
        if losses is not None and generals is not None:
            out.append(
                tr(
                    "vn.general.tally",
                    lang,
                    losses=per_side(losses, sides),
                    generals=per_side(generals, sides),
                )
            )
        return out

    def side_sum(self, rules: Rules, result: RoundResult, line: SideLine, lang: Lang) -> list[str]:
        """V4.8.1, V4.8.2, V4.7: a lost round adds one; a «генерал» ends it; a fish is void."""
        notes = notes_as(Notes, result)
        before, after = line.before.written, line.after.written
        limit = rules.opt("losses")
        if notes.get("void"):
            return [tr("vs.general_void", lang, after=after, n=limit)]
        if not line.round_points:
            return [tr("vs.general_won", lang, after=after, n=limit)]
        out = [tr("vs.general_lost", lang, before=before, after=after, n=limit)]
        general = notes.get("general", -1)
        if general is not None and general >= 0 and rules.side_of(general) == line.side:
            out.append(tr("vs.general_made", lang))
        return out

    def final_mark(self, match: Match, side: int, lang: Lang) -> str:
        """V4.8.2: the side's generals beside its rounds lost."""
        if not match.results:
            return ""
        n = at(notes_as(Notes, match.results[-1]).get("generals"), side)
        return f"{tr('sc.general_mark', lang)}{n}" if n else ""

    def match_end(self, rules: Rules, lang: Lang) -> str:
        """V4.9: the match ends when a pair has lost ``losses`` rounds."""
        return tr("sc.cap.losses", lang, n=rules.opt("losses"))

    def sheet_rows(
        self, rules: Rules, results: Sequence[RoundResult], table: Table, lang: Lang
    ) -> None:
        mark = tr("sc.general_mark", lang)
        for result in results:
            cells = [general_cell(result, line, mark) for line in result.score.lines]
            table.add_row(number_cell(result), *cells, style="underline")
            generals = notes_as(Notes, result).get("generals") or []
            totals = []
            for line in result.score.lines:
                text = Text(str(line.after.written), style=GAINED)
                if at(generals, line.side):
                    text.append(f" {mark}{at(generals, line.side)}", style="bold magenta")
                totals.append(text)
            table.add_row(Text("Σ", style="dim"), *totals)


def tiles_words(rules: Rules, tiles: Sequence[int]) -> str:
    ts = tile_set(rules.set_top)
    return " ".join(ts.name(t) for t in tiles)


# --- its sheet's cells ----------------------------------------------------------------------------
def general_cell(result: RoundResult, line: SideLine, mark: str) -> Text:
    """``1`` for the pair that lost the round (V4.8.1), with the general's mark (V4.8.2);
    ``—`` in a void round (a fish, V4.7)."""
    notes = notes_as(Notes, result)
    if notes.get("void"):
        return Text("—", style="dim")
    if not line.round_points:
        return dot()
    text = Text("1", style=WRITTEN)
    general = seat_or_none(notes.get("general"))
    loser = seat_or_none(notes.get("loser"))
    if general >= 0 and general == loser:
        text.append(f" {mark}", style="bold magenta")
    return text


PRESENTER = GeneralPresenter()
