"""A side's change of score told as arithmetic, for the variants that keep their own sheet.

Козёл's words (remembered ``+N``, opening at 13, wiped) are in :mod:`.score_words`; a variant
that writes differently (морской V1, телефон V3, генерал V4, спортивное V6) says here how each
side got from its score before the round to its score after it, from the engine's sheet
(``SideLine``) and the round's ``notes`` (the keys documented in each variant's module). What
the whole round did (L, «на сто», the fish, the bonus) is said once by
:func:`.variant_words.round_notes`; these lines are per side.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .engine.match import RoundResult
from .engine.rules import Rules
from .engine.scoring import SideLine
from .i18n import Lang, tr
from .score_words import WIPED_MARK


def _at(values: Sequence[int] | None, side: int) -> int:
    return int(values[side]) if values and side < len(values) else 0


def _written(line: SideLine, lang: Lang) -> list[str]:
    """What was written and what was wiped: ``writes 31: 0 + 31 = 31``, ``✗28 wiped``."""
    before, after = line.before.written, line.after.written
    parts = []
    if line.round_points:
        n = line.round_points
        parts.append(tr("vs.writes", lang, n=n, before=before, after=before + n))
    if line.cleared:
        parts.append(tr("vs.wiped", lang, mark=WIPED_MARK, n=line.cleared, after=after))
    return parts or [tr("vs.stays", lang, after=after)]


def _morskoy(rules: Rules, result: RoundResult, line: SideLine, lang: Lang) -> list[str]:
    """V1.8.2, V1.8.3: the winner side writes L (25 or more), the others are wiped."""
    return _written(line, lang)


def _sport(rules: Rules, result: RoundResult, line: SideLine, lang: Lang) -> list[str]:
    """V6.8.2, V6.7: the pair that won the deal writes the other pair's hands."""
    if (result.notes or {}).get("tie"):
        return [tr("vs.sport_tie", lang, after=line.after.written)]
    return _written(line, lang)


def _telefon(rules: Rules, result: RoundResult, line: SideLine, lang: Lang) -> list[str]:
    """V3.8.2-V3.8.5: ``12 + 3 during play + 2 for the hands = 17``."""
    notes: dict[str, Any] = result.notes or {}
    side = line.side
    play, bonus = _at(notes.get("play"), side), _at(notes.get("bonus"), side)
    paid = _at(notes.get("paid"), side)
    before, after = line.before.written, line.after.written
    if not (play or bonus or paid):
        return [tr("vs.stays", lang, after=after)]
    terms = [str(before)]
    if play:
        terms.append("+ " + tr("vs.in_play", lang, n=play))
    if bonus:
        terms.append("+ " + _bonus_words(rules, result, line, bonus, lang))
    if paid:
        terms.append("− " + tr("vs.written_off", lang, n=paid))
    text = " ".join(terms) + f" = {after}"
    if after != before + play + bonus - paid:
        text += " " + tr("vs.floor", lang)  # V3.8.5: never below 0
    return [text]


def _bonus_words(rules: Rules, result: RoundResult, line: SideLine, bonus: int, lang: Lang) -> str:
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


def _general(rules: Rules, result: RoundResult, line: SideLine, lang: Lang) -> list[str]:
    """V4.8.1, V4.8.2, V4.7: a lost round adds one; a «генерал» ends it; a fish is void."""
    notes: dict[str, Any] = result.notes or {}
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


_Sum = Callable[[Rules, RoundResult, SideLine, Lang], list[str]]
SUMS: dict[str, _Sum] = {
    "morskoy": _morskoy,
    "telefon": _telefon,
    "general": _general,
    "sport": _sport,
}


def has_own_sum(rules: Rules) -> bool:
    """Whether the variant's score changes are told here rather than in Козёл's words."""
    return rules.variant in SUMS


def variant_sum(rules: Rules, result: RoundResult, line: SideLine, lang: Lang) -> str:
    """One side's change of score in the variant's own arithmetic."""
    return " · ".join(SUMS[rules.variant](rules, result, line, lang))
