"""Телефон, маггинс, все тройки (V3) as a player reads them: points during play, the bonus for
the hands, what was written off."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from ..engine.match import RoundResult
from ..engine.rules import Rules
from ..engine.scoring import SideLine
from ..engine.tiles import tile_set
from ..engine.variants.telefon import Ended, Notes
from ..i18n import Lang, tr
from .base import EndWords, Presenter, PresetWords, Told, at, notes_as, per_side
from .sheet import (
    dot,
    number_cell,
    total_row,
)


class TelefonPresenter(Presenter):
    notes_type = Notes
    ends = {  # noqa: RUF012 - read-only table
        Ended.TARGET: EndWords("vn.ended.target", "winners"),
        Ended.ROUNDS: EndWords("vn.ended.rounds", n="rounds"),
    }
    page = "telefon"
    presets = {  # noqa: RUF012 - read-only table
        "telefon": PresetWords("tx.variant.telefon", "preset_short.telefon", "ng.about.telefon"),
        "muggins": PresetWords("tx.variant.muggins", "preset_short.muggins", "ng.about.muggins"),
        "all-threes": PresetWords(
            "tx.variant.all-threes", "preset_short.all-threes", "ng.about.all-threes"
        ),
    }

    def round_notes(self, told: Told) -> list[str]:
        rules, result, notes = told.rules, told.result, told.notes_as(Notes)
        names, sides, lang = told.names, told.sides, told.lang
        out = []
        lot = notes.get("lot")
        if lot:
            ts = tile_set(rules.set_top)
            drawn = ", ".join(
                f"{names[seat]} {ts.name(t)}"
                for seat, t in enumerate(lot)
                if t is not None and t >= 0
            )
            out.append(tr("vn.telefon.lot", lang, tiles=drawn))
        play = notes.get("play") or []
        if any(play):
            out.append(tr("vn.telefon.play", lang, sides=per_side(play, sides)))
        bonus = notes.get("bonus") or []
        if result.went_out >= 0:
            for side, n in enumerate(bonus):
                if n:
                    out.append(tr("vn.telefon.bonus_out", lang, side=sides[side], n=n))
        elif result.fish:
            winner = notes.get("fish_winner", -1)
            if winner is not None and winner >= 0:
                n = bonus[winner] if winner < len(bonus) else 0
                out.append(tr("vn.telefon.bonus_fish", lang, side=sides[winner], n=n))
            else:
                out.append(tr("vn.telefon.fish_tie", lang))
        paid = notes.get("paid") or []
        if any(paid):
            out.append(tr("vn.telefon.paid", lang, sides=per_side(paid, sides)))
        return out

    def side_sum(self, rules: Rules, result: RoundResult, line: SideLine, lang: Lang) -> list[str]:
        """V3.8.2-V3.8.5: ``12 + 3 during play + 2 for the hands = 17``."""
        notes = notes_as(Notes, result)
        side = line.side
        play, bonus = at(notes.get("play"), side), at(notes.get("bonus"), side)
        paid = at(notes.get("paid"), side)
        before, after = line.before.written, line.after.written
        if not (play or bonus or paid):
            return [tr("vs.stays", lang, after=after)]
        terms = [str(before)]
        if play:
            terms.append("+ " + tr("vs.in_play", lang, n=play))
        if bonus:
            terms.append("+ " + bonus_words(rules, result, line, bonus, lang))
        if paid:
            terms.append("− " + tr("vs.written_off", lang, n=paid))
        text = " ".join(terms) + f" = {after}"
        if after != before + play + bonus - paid:
            text += " " + tr("vs.floor", lang)  # V3.8.5: never below 0
        return [text]

    def sheet_rows(
        self, rules: Rules, results: Sequence[RoundResult], table: Table, lang: Lang
    ) -> None:
        for result in results:
            notes = notes_as(Notes, result)
            cells = [telefon_cell(line, notes) for line in result.score.lines]
            table.add_row(number_cell(result), *cells, style="underline")
            total_row(table, result)


def bonus_words(rules: Rules, result: RoundResult, line: SideLine, bonus: int, lang: Lang) -> str:
    """``6 for the hands (29 pips, ÷ 5 rounded up)``: the other sides' pips (less the
    winner's own after a fish, V3.8.4) and how they were rounded (V3.8.3); a flat 10 for going
    out under ``out_bonus=ten`` needs no sum."""
    if result.went_out >= 0 and rules.opt("out_bonus") == "ten":
        return tr("vs.for_hands", lang, n=bonus)
    pips = sum(ln.hand_points for ln in result.score.lines if ln.side != line.side)
    if result.went_out < 0 and rules.opt("fish_subtract"):
        pips -= line.hand_points
    how = tr(f"vs.round.{rules.opt('hand_round')}.{rules.opt('hand_units')}", lang)
    return tr("vs.for_hands_from", lang, n=bonus, pips=pips, how=how)


# --- its sheet's cells ----------------------------------------------------------------------------
def telefon_cell(line: SideLine, notes: Notes) -> Text:
    """``7+3``: points made during play (V3.8.2) and the bonus for the hands (V3.8.3,
    V3.8.4); ``−N``: the hand written off (V3.8.5)."""
    side = line.side
    play = at(notes.get("play"), side)
    bonus = at(notes.get("bonus"), side)
    paid = at(notes.get("paid"), side)
    if not (play or bonus or paid):
        return dot()
    text = Text(str(play))
    if bonus:
        text.append(f"+{bonus}", style="green")
    if paid:
        text.append(f"−{paid}", style="red")
    return text


PRESENTER = TelefonPresenter()
