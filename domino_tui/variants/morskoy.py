"""Морской (V1) as a player reads it: L, «на сто», the fish, the tries, the holder."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from ..engine.match import Match, RoundResult
from ..engine.rules import Rules
from ..engine.scoring import SideLine
from ..engine.tiles import tile_set
from ..engine.variants.morskoy import Ended, Notes
from ..i18n import Lang, tr
from .base import EndWords, Presenter, PresetWords, Told, notes_as
from .sheet import (
    EGG,
    NA_STO,
    TRY,
    WIPED,
    WRITTEN,
    dot,
    number_cell,
)
from .sums import written_sum


class MorskoyPresenter(Presenter):
    notes_type = Notes
    ends = {  # noqa: RUF012 - read-only table
        Ended.SCORE_125: EndWords("vn.ended.125", "winners"),
        Ended.LYSY: EndWords("vn.ended.lysy", "winners"),
        Ended.GENERAL: EndWords("vn.ended.general", "winners"),
        Ended.SIX_SIX: EndWords("vn.ended.six_six", "winners"),
        Ended.NA_STO: EndWords("vn.ended.na_sto", "winners"),
        Ended.SVOYAK: EndWords("vn.ended.svoyak", "goats"),
        Ended.DRAW: EndWords("vn.ended.draw"),
    }
    page = "morskoy"
    presets = {  # noqa: RUF012 - read-only table
        "morskoy": PresetWords("tx.variant.morskoy", "preset_short.morskoy", "ng.about.morskoy"),
    }

    def round_notes(self, told: Told) -> list[str]:
        rules, result, notes = told.rules, told.result, told.notes_as(Notes)
        names, sides, lang = told.names, told.sides, told.lang
        ts = tile_set(rules.set_top)
        least = int(rules.opt("write_min"))
        out = []
        info = notes.get("na_sto")
        if info:
            key = "vn.morskoy.na_sto_earned" if info.get("earned") else "vn.morskoy.na_sto_declared"
            out.append(tr(key, lang, name=names[info["player"]]))
            side = sides[info["side"]]
            out.append(tr(f"vn.morskoy.na_sto_{info['result']}", lang, side=side, min=least))
        tried = notes.get("try")
        if tried:
            out.append(tr("vn.morskoy.try", lang, k=tried[0], n=tried[1]))
        eggs = notes.get("eggs")
        if eggs:
            k = eggs[0]
            out.append(tr("vn.morskoy.eggs", lang, k=k, tile=ts.name(ts.double_of[k])))
        fish = notes.get("fish")
        if fish:
            if fish != "void":  # a fish in a try is not judged, so nothing was compared
                out.append(fish_sums(rules, result, sides, lang))
            out.append(tr(f"vn.morskoy.fish_{fish}", lang, min=least))
        total = notes.get("L")
        writer = notes.get("written_by", -1)
        if total is not None:
            if writer is not None and writer >= 0:
                out.append(tr("vn.morskoy.L_written", lang, n=total, side=sides[writer]))
            elif total < least:
                out.append(tr("vn.morskoy.L_short", lang, n=total, min=least))
            else:
                out.append(tr("vn.morskoy.L_none", lang, n=total))
        if notes.get("wiped"):
            wipe = "all" if rules.opt("wipe") == "all" else "others"
            out.append(tr(f"vn.morskoy.wiped_{wipe}", lang))
        if notes.get("try_result"):
            out.append(tr(f"vn.morskoy.try_{notes['try_result']}", lang))
        for k, holder in notes.get("egg_tries") or []:
            tile = ts.name(ts.double_of[k])
            if holder is None or holder < 0:
                out.append(tr("vn.morskoy.egg_miss", lang, k=k, tile=tile))
            else:
                out.append(tr("vn.morskoy.egg_hit", lang, k=k, tile=tile, name=names[holder]))
        nxt = notes.get("na_sto_next", -1)
        if nxt is not None and nxt >= 0:
            out.append(tr("vn.morskoy.na_sto_next", lang, name=names[nxt]))
        holders = [ln for ln in result.score.lines if ln.after.written > 0]
        if holders:
            out.append(
                tr(
                    "vn.morskoy.holder",
                    lang,
                    side=", ".join(sides[ln.side] for ln in holders),
                    n=", ".join(str(ln.after.written) for ln in holders),
                )
            )
        else:
            out.append(tr("vn.morskoy.no_holder", lang))
        return out

    def side_sum(self, rules: Rules, result: RoundResult, line: SideLine, lang: Lang) -> list[str]:
        """V1.8.2, V1.8.3: the winner side writes L (25 or more), the others are wiped."""
        return written_sum(line, lang)

    def least(self, rules: Rules) -> int:
        return int(rules.opt("write_min"))

    def now(self, match: Match, lang: Lang) -> list[str]:
        """The try being played, named while it is played (V1.7.3: "write-off try 1 of 3"; V1.7.4:
        an egg try), so the player knows why this round is led as it is."""
        extra = match.extra
        if match.over:
            return []
        if extra.get("mode") == "try" and extra.get("try"):
            k, n = extra["try"]
            return [tr("sc.cap.try", lang, k=k, n=n)]
        if extra.get("mode") == "eggs" and extra.get("eggs"):
            k, n = extra["eggs"]
            return [tr("sc.cap.eggs", lang, k=k, n=n)]
        return []

    def sheet_rows(
        self, rules: Rules, results: Sequence[RoundResult], table: Table, lang: Lang
    ) -> None:
        least = int(rules.opt("write_min"))
        for result in results:
            notes = notes_as(Notes, result)
            cells = [morskoy_cell(line, notes) for line in result.score.lines]
            table.add_row(number_cell(result), morskoy_l(result, least), *cells)


def fish_sums(rules: Rules, result: RoundResult, sides: Sequence[str], lang: Lang) -> str:
    """V1.7: the two hands a Морской fish compares, so the verdict can be checked: the
    fisher's side's hand against the largest other hand (V1.D8 with three or four sides),
    each named by its side."""
    lines = [ln for ln in result.score.lines if not ln.before.out]
    own = rules.side_of(result.fisher)
    f = next(ln.hand_points for ln in lines if ln.side == own)
    o = max(ln.hand_points for ln in lines if ln.side != own)
    other = ", ".join(sides[ln.side] for ln in lines if ln.side != own and ln.hand_points == o)
    return tr("vn.morskoy.fish_sums", lang, fisher=sides[own], f=f, other=other, o=o)


# --- its sheet's cells ----------------------------------------------------------------------------
def morskoy_cell(line: SideLine, notes: Notes) -> Text:
    """The side's written score after the round (one holder, V1.8.2): red when written now,
    ``✗N`` for a wiped score (V1.8.3), ``↑`` for the side that played «на сто» (V1.8.5)."""
    after = line.after.written
    text = Text(str(after), style=WRITTEN) if line.written_now > 0 else Text(str(after))
    if not after and not line.cleared:
        text = dot()
    if line.cleared:
        text.append(f" {WIPED}{line.cleared}", style="dim strike")
    info = notes.get("na_sto")
    if info and info.get("side") == line.side:
        text.append(f" {NA_STO}", style="bold magenta")
    return text


def morskoy_l(result: RoundResult, least: int) -> Text:
    """``L`` (V1.8.1): dim below the line it must reach to be written; then a write-off try
    ``↻k`` (V1.7.3) and an egg try ``🥚k`` (V1.7.4)."""
    notes = notes_as(Notes, result)
    total = notes.get("L")
    text = dot() if total is None else Text(str(total), style="" if total >= least else "dim")
    tried = notes.get("try")
    if tried:
        text.append(f" {TRY}{tried[0]}", style="yellow")
    eggs = notes.get("eggs")
    if eggs:
        text.append(f" {EGG}{eggs[0]}", style="yellow")
    return text


PRESENTER = MorskoyPresenter()
