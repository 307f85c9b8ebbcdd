"""Scripted deals for the engine tests: hands, boneyards and moves written as tile text.

Rule tests read best when a position is written the way a player says it ("1-1 2-3 4-5"), so
every helper here takes text. Boneyards are written in the order the tiles will be *drawn*; the
engine draws from the end of its tuple, which :func:`yard` takes care of.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from domino_tui.engine.actions import parse_action
from domino_tui.engine.deal import Deal
from domino_tui.engine.match import Match, RoundResult
from domino_tui.engine.round import RoundState
from domino_tui.engine.rules import Rules
from domino_tui.engine.tiles import DOUBLE_SIX, bits

TS = DOUBLE_SIX


def tiles(text: str) -> list[int]:
    """Tile ids in the order written."""
    return [TS.parse(word) for word in text.split()]


def mask(text: str) -> int:
    """A hand (bit mask) from text; a tile written twice is a mistake in the script."""
    m = 0
    for t in tiles(text):
        if m >> t & 1:
            raise ValueError(f"{TS.name(t)} written twice in {text!r}")
        m |= 1 << t
    return m


def names(m: int) -> str:
    """The tiles of a mask as text, lowest id first (for readable assertion messages)."""
    return " ".join(TS.name(t) for t in bits(m))


def pips(text: str) -> int:
    return sum(TS.pips[t] for t in tiles(text))


def yard(draws: str = "", hands: Sequence[int] = (), fill: bool = True) -> tuple[int, ...]:
    """A boneyard that gives ``draws`` first, in that order, then (with ``fill``) every tile not
    in a hand, lowest id first, so that all tiles of the set are accounted for."""
    first = tiles(draws)
    used = 0
    for h in hands:
        used |= h
    for t in first:
        used |= 1 << t
    rest = [t for t in range(TS.count) if not used >> t & 1] if fill else []
    return (*reversed(rest), *reversed(first))


def start(
    rules: Rules,
    hands: Sequence[str],
    draws: str = "",
    *,
    leader: int = 0,
    lead: str | None = None,
    fill: bool = True,
    seats: tuple[int, ...] | None = None,
) -> RoundState:
    """A round from written hands; the leader may lead any tile unless ``lead`` names the tiles
    allowed (the first-round rule)."""
    masks = [mask(h) for h in hands]
    lead_mask = mask(lead) if lead is not None else masks[leader]
    bone = list(yard(draws, masks, fill))
    return RoundState.start(rules, masks, bone, leader, lead_mask, seats)


def deal_of(hands: Sequence[str], draws: str = "", redeals: int = 0, fill: bool = True) -> Deal:
    masks = [mask(h) for h in hands]
    return Deal(tuple(masks), yard(draws, masks, fill), redeals)


def scripted_match(rules: Rules, *deals: Deal, seed: int = 0) -> Match:
    return Match(rules, seed, deals=iter(deals))


def act(target: RoundState | Match, script: str) -> list[RoundResult]:
    """Apply moves written in notation (``1-1 0-1L draw knock``); returns the rounds finished."""
    done: list[RoundResult] = []
    for word in script.split():
        code = parse_action(word)
        if isinstance(target, Match):
            result = target.apply(code)
            if result is not None:
                done.append(result)
        else:
            target.apply(code)
    return done


def finished(
    rules: Rules,
    hands: Sequence[str],
    *,
    went_out: int = -1,
    fisher: int = -1,
    line: Iterable[tuple[str, int]] = (),
) -> RoundState:
    """A round as the engine leaves it when it is over, for scoring tests that need exact hand
    counts (like the worked examples of RULES §7) rather than a playable line. ``line`` lists the
    (tile, seat) laid, lead first, which is all that the finish bonus (K6.3) looks at."""
    s = RoundState.start(rules, [mask(h) for h in hands], [], 0, 0)
    s.placed = [(TS.parse(t), -1 if i == 0 else 1, seat) for i, (t, seat) in enumerate(line)]
    s.over = True
    s.went_out = went_out
    s.fish = went_out < 0
    s.fisher = fisher
    return s


def snapshot(s: RoundState) -> dict[str, Any]:
    """Everything that makes a round state, for 'unchanged' and 'independent' checks."""
    return s.snapshot()


def accounted(s: RoundState) -> int:
    """Hands + boneyard + table as one mask, checking that no tile is in two places."""
    seen = 0
    count = 0
    for h in s.hands:
        seen |= h
        count += h.bit_count()
    for t in s.boneyard:
        seen |= 1 << t
    count += len(s.boneyard) + s.table.bit_count()
    seen |= s.table
    assert count == seen.bit_count(), "a tile is in two places at once"
    return seen
