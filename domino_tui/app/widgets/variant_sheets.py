"""The side sheet of the variants that keep their own score (docs/variants V1, V3, V4, V6).

Козёл's sheet (remembered ``+N``, written, opened: :mod:`.scores`) is wrong for a game that
writes differently, so each of these variants has a small function here that turns the
engine's sheet (``RoundResult.score.lines``: each side's standing before and after) and the
round's ``notes`` into rows of short marks; the key that says what every mark means (the
meaning is never carried by colour alone) is ``score_words.variant_key``:

* морской (V1): the losers' sum ``L`` of the round, the one holder's written score, wiped
  scores ``✗``, «на сто» ``↑``, a write-off try ``↻k`` and an egg try ``🥚k`` (never ``k/n``,
  which reads as a fraction); the try in play is named in the sheet's border;
* телефон, маггинс, все тройки (V3): points during play ``+`` the bonus for the hands (or the
  hand written off), and the running score;
* генерал (V4): who lost each round, a «генерал», and rounds lost per pair;
* спортивное (V6): what each pair wrote per deal and its total, deals left in the caption.

Осёл and чечевэ keep Козёл's sheet and only add a mark to the round's label (a close-out, a
finish with 6-6 or 0-0): :func:`label_marks`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from ...engine.match import Match, RoundResult
from ...engine.rules import Rules
from ...engine.scoring import SideLine
from ...engine.variants import get_variant
from ...play.session import GameSession
from ...transcript_cross import CLOSED_MARK
from ...words.strings import t

FISH = "🐟"
WIPED = "✗"
NA_STO = "↑"
EGG = "🥚"
TRY = "↻"
WRITTEN = "bold red"
GAINED = "bold"


def _notes(result: RoundResult) -> dict[str, Any]:
    return result.notes or {}


def _side(n: int | None) -> int:
    return n if n is not None else -1


def label_marks(result: RoundResult) -> str:
    """Marks after a round's number in Козёл's sheet for осёл (``×`` closed out, V2.6.2) and
    чечевэ (``⁶`` went out with 6-6, V5.8.2; ``⁰`` with 0-0, V5.8.3)."""
    notes = _notes(result)
    marks = CLOSED_MARK if result.closed_out >= 0 else ""
    if notes.get("six_six_out"):
        marks += "⁶"
    if notes.get("blank_out"):
        marks += "⁰"
    return marks


def number_cell(result: RoundResult, marks: str = "") -> Text:
    """The round's number, with the fish mark first and the variant's marks after."""
    label = Text(f"{FISH}{result.number}" if result.fish else str(result.number))
    if marks:
        label.append(marks, style="magenta")
    return label


def dot() -> Text:
    return Text("·", style="dim")


# --- морской ----------------------------------------------------------------------------------
def _morskoy_cell(line: SideLine, notes: dict[str, Any]) -> Text:
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


def _morskoy_l(result: RoundResult, least: int) -> Text:
    """``L`` (V1.8.1): dim below the line it must reach to be written; then a write-off try
    ``↻k`` (V1.7.3) and an egg try ``🥚k`` (V1.7.4)."""
    notes = _notes(result)
    total = notes.get("L")
    text = dot() if total is None else Text(str(total), style="" if total >= least else "dim")
    tried = notes.get("try")
    if tried:
        text.append(f" {TRY}{tried[0]}", style="yellow")
    eggs = notes.get("eggs")
    if eggs:
        text.append(f" {EGG}{eggs[0]}", style="yellow")
    return text


def morskoy_rows(rules: Rules, results: Sequence[RoundResult], table: Table, lang: str) -> None:
    least = int(rules.opt("write_min"))
    for result in results:
        notes = _notes(result)
        cells = [_morskoy_cell(line, notes) for line in result.score.lines]
        table.add_row(number_cell(result), _morskoy_l(result, least), *cells)


# --- телефон, маггинс, все тройки -------------------------------------------------------------
def _telefon_cell(line: SideLine, notes: dict[str, Any]) -> Text:
    """``7+3``: points made during play (V3.8.2) and the bonus for the hands (V3.8.3,
    V3.8.4); ``−N``: the hand written off (V3.8.5)."""
    side = line.side
    play = _at(notes.get("play"), side)
    bonus = _at(notes.get("bonus"), side)
    paid = _at(notes.get("paid"), side)
    if not (play or bonus or paid):
        return dot()
    text = Text(str(play))
    if bonus:
        text.append(f"+{bonus}", style="green")
    if paid:
        text.append(f"−{paid}", style="red")
    return text


def _at(values: Sequence[int] | None, side: int) -> int:
    return int(values[side]) if values and side < len(values) else 0


def telefon_rows(rules: Rules, results: Sequence[RoundResult], table: Table, lang: str) -> None:
    for result in results:
        notes = _notes(result)
        cells = [_telefon_cell(line, notes) for line in result.score.lines]
        table.add_row(number_cell(result), *cells, style="underline")
        _total_row(table, result)


def _total_row(table: Table, result: RoundResult) -> None:
    """``Σ`` and each side's score after the round."""
    totals = [Text(str(line.after.written), style=GAINED) for line in result.score.lines]
    table.add_row(Text("Σ", style="dim"), *totals)


# --- генерал ----------------------------------------------------------------------------------
def _general_cell(result: RoundResult, line: SideLine, mark: str) -> Text:
    """``1`` for the pair that lost the round (V4.8.1), with the general's mark (V4.8.2);
    ``—`` in a void round (a fish, V4.7)."""
    notes = _notes(result)
    if notes.get("void"):
        return Text("—", style="dim")
    if not line.round_points:
        return dot()
    text = Text("1", style=WRITTEN)
    general = _side(notes.get("general"))
    loser = _side(notes.get("loser"))
    if general >= 0 and general == loser:
        text.append(f" {mark}", style="bold magenta")
    return text


def general_rows(rules: Rules, results: Sequence[RoundResult], table: Table, lang: str) -> None:
    mark = t("sc.general_mark", lang)
    for result in results:
        cells = [_general_cell(result, line, mark) for line in result.score.lines]
        table.add_row(number_cell(result), *cells, style="underline")
        generals = _notes(result).get("generals") or []
        totals = []
        for line in result.score.lines:
            text = Text(str(line.after.written), style=GAINED)
            if _at(generals, line.side):
                text.append(f" {mark}{_at(generals, line.side)}", style="bold magenta")
            totals.append(text)
        table.add_row(Text("Σ", style="dim"), *totals)


# --- спортивное -------------------------------------------------------------------------------
def _sport_cell(result: RoundResult, line: SideLine) -> Text:
    """What the pair wrote this deal (V6.8.2, V6.7); ``=`` for an equal fish."""
    if _notes(result).get("tie"):
        return Text("=", style="dim")
    if line.round_points:
        return Text(str(line.round_points), style=WRITTEN)
    return dot()


def sport_rows(rules: Rules, results: Sequence[RoundResult], table: Table, lang: str) -> None:
    for result in results:
        cells = [_sport_cell(result, line) for line in result.score.lines]
        table.add_row(number_cell(result), *cells, style="underline")
        _total_row(table, result)


# --- the table of variants --------------------------------------------------------------------
Rows = Callable[[Rules, Sequence[RoundResult], Table, str], None]
ROWS: dict[str, Rows] = {
    "morskoy": morskoy_rows,
    "telefon": telefon_rows,
    "general": general_rows,
    "sport": sport_rows,
}


def variant_rows(rules: Rules) -> Rows | None:
    """The rows of the variant's own sheet, or None: Козёл's sheet serves."""
    return ROWS.get(rules.variant)


def morskoy_now(match: Match, lang: str) -> list[str]:
    """The try being played, named while it is played (V1.7.3: "write-off try 1 of 3"; V1.7.4:
    an egg try), so the player knows why this round is led as it is."""
    extra = match.extra
    if match.over:
        return []
    if extra.get("mode") == "try" and extra.get("try"):
        k, n = extra["try"]
        return [t("sc.cap.try", lang, k=k, n=n)]
    if extra.get("mode") == "eggs" and extra.get("eggs"):
        k, n = extra["eggs"]
        return [t("sc.cap.eggs", lang, k=k, n=n)]
    return []


# what the border says about the round in play, before the match's end
NOW: dict[str, Callable[[Match, str], list[str]]] = {"morskoy": morskoy_now}


def caption_words(session: GameSession, lang: str) -> list[str]:
    """What the sheet's border says: the round in play when the variant names it (a Морской
    try, first: it is what the player needs now), then the match's end: the target, the losses
    that end a Генерал match, the deals left in спортивное."""
    rules, m = session.rules, session.match
    if variant_rows(rules) is None:
        return []  # Козёл's border keeps what it always said
    now = NOW.get(rules.variant)
    words = now(m, lang) if now is not None else []
    limit = rules.rounds_limit
    if limit:
        return [*words, t("sc.cap.rounds_left", lang, n=max(0, limit - len(m.results)))]
    if "losses" in get_variant(rules.variant).options:  # генерал V4.9
        return [*words, t("sc.cap.losses", lang, n=rules.opt("losses"))]
    return [*words, t("sc.cap.target", lang, n=rules.target)]
