"""The game in words: log lines, last actions and round summaries, from engine events only."""

from __future__ import annotations

from typing import Protocol

from ..engine.actions import DRAW, is_ext
from ..engine.match import Match, RoundResult
from ..engine.round import Event
from ..engine.rules import Rules
from ..engine.scoring import SideLine
from ..engine.tiles import tile_set
from ..engine.variants import get_variant
from ..i18n import plural
from .cross import CrossStep, replay_cross
from .moves import ACTION, LOG, move_words
from .strings import t


class Table(Protocol):
    """What the words need of a table: its rules, its match and who sits where. The play
    layer's session is one; the words do not import it (they sit below it)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def match(self) -> Match: ...
    def name(self, seat: int) -> str: ...


def event_line(session: Table, event: Event, lead: bool, viewer: int, lang: str) -> str:
    """One log line. A drawn tile is named only to the player who drew it (K3.6)."""
    if on_cross(session) and event.code >= 0:
        return cross_line(session, event, lead, lang)
    ts = tile_set(session.rules.set_top)
    seen = event.code >= 0 or event.seat == viewer
    tile = event.tile if seen else -1
    return move_words(
        ts, event.code, lang, LOG, lead=lead, tile=tile, name=session.name(event.seat)
    )


def on_cross(session: Table) -> bool:
    """Whether the game is played on the cross (осёл, телефон, маггинс, чечевэ: G1-G10)."""
    return get_variant(session.rules.variant).config(session.rules) is not None


def cross_line(session: Table, event: Event, lead: bool, lang: str) -> str:
    """A play on the cross (G4) in the transcript's words, with its end and a closed double
    ("plays 3-3 up, closed"); a move of several doubles is one line per double. The move's
    last line adds what it scored (V3.8.2: "15 on the ends → 3 points")."""
    ts = tile_set(session.rules.set_top)
    name = session.name(event.seat)
    line = move_words(ts, event.code, lang, LOG, lead=lead, cross=True, tile=event.tile, name=name)
    step = scoring_step(session.match, event)
    if step is not None:
        line += " · " + scored_words(step, lang)
    return line


def scored_words(step: CrossStep, lang: str) -> str:
    """ "15 on the ends → 3 points": the transcript's words for a scoring play."""
    points = plural(step.points, "tx.points", lang)
    return t("tx.scored", lang, count=step.count, points=points)


def scoring_step(match: Match, event: Event) -> CrossStep | None:
    """The move that ``event`` ends, replayed on its round's cross, when that move scored
    points during play (Телефон, Маггинс, V3.8.2); None for any other event."""
    cfg = match.variant.config(match.rules)
    if cfg is None or cfg.scorer is None:
        return None  # no points during play (осёл, чечевэ): nothing to replay
    found = _whereabouts(match, event)
    if found is None:
        return None
    index, at = found
    history = match.histories[index]
    if at + 1 < len(history) and not _starts_move(history, at + 1):
        return None  # a double laid together with more: the move's last line tells
    out: set[int] = set()
    for result in match.results[:index]:
        out.update(result.goats)
    seats = tuple(s for s in range(match.rules.players) if match.rules.side_of(s) not in out)
    replayed = replay_cross(match, index, seats)
    if replayed is None:
        return None
    steps = replayed[0]
    move = sum(1 for i in range(at + 1) if _starts_move(history, i)) - 1
    step = steps[move] if move < len(steps) else None
    return step if step is not None and step.points else None


def _whereabouts(match: Match, event: Event) -> tuple[int, int] | None:
    """Which round's history holds ``event`` and where (the latest round first)."""
    for index in range(len(match.histories) - 1, -1, -1):
        history = match.histories[index]
        for at in range(len(history) - 1, -1, -1):
            if history[at] == event:
                return index, at
    return None


def _starts_move(history: list[Event], at: int) -> bool:
    """Whether event ``at`` begins a move: several doubles laid at once are one move (G7)."""
    e = history[at]
    if at == 0 or e.code < 0:
        return True
    before = history[at - 1]
    return before.code != e.code or before.seat != e.seat


def last_action(session: Table, events: list[Event], seat: int, lang: str) -> str:
    """What ``seat`` did on its latest turn of this round: played, drew N, knocked."""
    ts = tile_set(session.rules.set_top)
    drew = 0
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if e.seat != seat:
            if drew:
                break
            continue
        if e.code == DRAW:
            drew += 1
            continue
        if drew:
            break
        whole = is_ext(e.code) or on_cross(session)  # several doubles at once (G7), up or down
        return move_words(ts, e.code, lang, ACTION, lead=i == 0, tile=-1 if whole else e.tile)
    return t("act_drew", lang, n=drew) if drew else ""


def result_headline(session: Table, result: RoundResult, lang: str) -> list[str]:
    """How the round ended: who went out or the fish and its fisher, a taken boneyard, redeals."""
    lines = [t("round_over", lang, n=result.number)]
    if result.went_out >= 0:
        lines.append(t("went_out_by", lang, name=session.name(result.went_out)))
    elif result.closed_out >= 0:  # осёл V2.6.2
        lines.append(t("tx.closed_out", lang, name=session.name(result.closed_out)))
    elif result.fish:
        lines.append(t("fish_by", lang, name=session.name(result.fisher)))
    if result.taker >= 0:
        lines.append(t("took_boneyard", lang, name=session.name(result.taker), n=result.taken))
    if result.redeals:
        lines.append(t("redeals_n", lang, n=result.redeals))
    if result.score.tie:
        added = result.score.carry_after - result.score.carry_before
        lines.append(t("tie_fish", lang, n=added))
    return lines


def side_notes(line: SideLine, classic: bool, lang: str) -> list[str]:
    """How one side's score changed this round (K7, K8 words)."""
    notes: list[str] = []
    if line.went_out:
        notes.append(t("went_out", lang))
    if line.carry_paid:
        notes.append(t("note_carry_paid", lang, n=line.carry_paid))
    if line.cleared:
        notes.append(t("note_cleared", lang, n=line.cleared))
    if line.opened_now and not classic:
        notes.append(t("note_opened", lang, n=line.written_now))
    elif line.written_now:
        notes.append(t("note_written", lang, n=line.written_now))
    elif line.remembered_now:
        notes.append(t("note_remembered", lang, n=line.remembered_now))
    return notes or [t("note_nothing", lang)]
