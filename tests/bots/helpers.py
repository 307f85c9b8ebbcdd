"""Positions for the bot tests: random matches under many rule sets, and scripted deals written
as tile text ("1-1 2-3"), so that a test reads the way a player describes the table."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from domino_tui.engine.actions import parse_action
from domino_tui.engine.deal import Deal
from domino_tui.engine.match import Match
from domino_tui.engine.rules import Rules, make_rules
from domino_tui.engine.tiles import DOUBLE_SIX

TS = DOUBLE_SIX

# every shape of game the belief model and the sampler must survive
RULESETS: tuple[Rules, ...] = (
    make_rules({"players": 2}),
    make_rules({"players": 3}),
    make_rules({"players": 4}),
    make_rules({}, "kozel-pairs"),
    make_rules({"players": 2, "boneyard_reserve": 1}),
    make_rules({"players": 2, "match": "sum6"}),
    make_rules({"players": 3, "hand_size": 5}),
    make_rules({"players": 2}, "classic"),
    make_rules({"players": 4}, "classic"),
    make_rules({"players": 2, "double_pair": True, "fish": "all"}),
    make_rules({"players": 3, "lead_rule": "lowest_double", "later_leads": "same_as_first"}),
    make_rules({"players": 3, "match_end": "last_standing", "target": 40}),
)


def mask(text: str) -> int:
    m = 0
    for word in text.split():
        m |= 1 << TS.parse(word)
    return m


def positions(rules: Rules, seed: int, greedy_share: float = 0.5) -> Iterator[Match]:
    """Every decision point of one match played by a random/greedy mix (the match object is
    yielded before the move is applied; do not keep it across iterations)."""
    rng = random.Random(seed)
    match = Match(rules, seed)
    ts = TS
    while not match.over:
        yield match
        legal = match.legal_actions()
        if len(legal) > 1 and rng.random() < greedy_share:
            code = max(legal, key=lambda a: ts.pips[a >> 1] if 0 <= a < 10000 else -1)
        else:
            code = legal[rng.randrange(len(legal))]
        match.apply(code)


def scripted(
    rules: Rules, hands: Sequence[str], draws: str = "", script: str = "", seed: int = 0
) -> Match:
    """A match whose first deal is written out (boneyard tiles in the order they will be drawn,
    then the rest), with ``script`` moves applied (``1-1 1-2R draw knock``)."""
    masks = [mask(h) for h in hands]
    first = [TS.parse(w) for w in draws.split()]
    used = 0
    for m in masks:
        used |= m
    for t in first:
        used |= 1 << t
    rest = [t for t in range(TS.count) if not used >> t & 1]
    boneyard = (*reversed(rest), *reversed(first))
    deals = iter([Deal(tuple(masks), boneyard, 0)] * 50)
    match = Match(rules, seed, deals=deals)
    for word in script.split():
        match.apply(parse_action(word))
    return match


def fish_moves(match: Match) -> tuple[list[int], list[int]]:
    """The legal actions that end the round in a fish (K4.2), and the others."""
    fish: list[int] = []
    other: list[int] = []
    for a in match.legal_actions():
        s = match.round.copy()
        s.apply_unchecked(a)
        (fish if s.over and s.fish else other).append(a)
    return fish, other
