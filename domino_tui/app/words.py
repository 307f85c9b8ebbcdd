"""The game in words: log lines, last actions and round summaries, from engine events only."""

from __future__ import annotations

from ..engine.actions import DRAW, KNOCK, is_pair, pair_tiles
from ..engine.match import RoundResult
from ..engine.round import Event
from ..engine.scoring import SideLine
from ..engine.tiles import tile_set
from .session import GameSession
from .strings import t


def event_line(session: GameSession, event: Event, lead: bool, viewer: int, lang: str) -> str:
    """One log line. A drawn tile is named only to the player who drew it (K3.6)."""
    ts = tile_set(session.rules.set_top)
    name = session.name(event.seat)
    if event.code == DRAW:
        if event.seat == viewer and event.tile >= 0:
            return t("log_drew_tile", lang, name=name, tile=ts.name(event.tile))
        return t("log_drew", lang, name=name)
    if event.code == KNOCK:
        return t("log_knocked", lang, name=name)
    tile = ts.name(event.tile)
    if lead:
        return t("log_led", lang, name=name, tile=tile)
    pair = is_pair(event.code)  # K3.4: two events, the first double on the left end
    left = event.tile == pair_tiles(event.code)[0] if pair else event.code & 1 == 0
    end = t("left" if left else "right", lang)
    return t("log_played", lang, name=name, tile=tile, end=end)


def last_action(session: GameSession, events: list[Event], seat: int, lang: str) -> str:
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
        if e.code == KNOCK:
            return t("act_knocked", lang)
        key = "act_led" if i == 0 else "act_played"
        return t(key, lang, tile=ts.name(e.tile))
    return t("act_drew", lang, n=drew) if drew else ""


def result_headline(session: GameSession, result: RoundResult, lang: str) -> list[str]:
    """How the round ended: who went out or the fish and its fisher, a taken boneyard, redeals."""
    lines = [t("round_over", lang, n=result.number)]
    if result.went_out >= 0:
        lines.append(t("went_out_by", lang, name=session.name(result.went_out)))
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
