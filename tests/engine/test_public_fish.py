"""``RoundState.end_fish`` is the public way to finish a fast playout: a bot author who keeps the
board in local variables, stores it back and calls it, gets exactly the engine's own fish."""

from __future__ import annotations

import random

import pytest

from domino_tui.engine.actions import KNOCK, PAIR_BASE
from domino_tui.engine.deal import choose_lead, deal
from domino_tui.engine.round import RoundState
from domino_tui.engine.rules import Rules, make_rules
from domino_tui.engine.scoring import RoundScore, Standing, score_round

OPTION_SETS = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 2, "match": "sum6"},
    {"players": 3, "boneyard_reserve": 1, "fish_takes_boneyard": False},
    {"players": 2, "hand_size": 5},
]


def _by_hand(before: RoundState, code: int) -> RoundState:
    """``code`` played the way a fast playout plays it: the board kept up by hand, no event
    logged, and the fish closed through the public method."""
    s = before.copy()
    seat = s.turn
    if code == KNOCK:
        s.knocks += 1
        s.end_fish(-1)
        return s
    t, side = code >> 1, code & 1
    ts = s.geo.ts
    if not s.placed:
        s.left, s.right, side = ts.lo[t], ts.hi[t], -1
    elif side == 0:
        s.left = s.geo.after[s.left][t]
    else:
        s.right = s.geo.after[s.right][t]
    s.hands[seat] &= ~(1 << t)
    s.table |= 1 << t
    s.placed.append((t, side, seat))
    s.knocks = 0
    if not ts.is_double[t]:
        s.last_nondouble = seat
    s.end_fish(seat)
    return s


def _score(rules: Rules, s: RoundState) -> RoundScore:
    return score_round(rules, tuple(Standing() for _ in range(rules.sides)), 0, s)


def _fished(rules: Rules, rng: random.Random) -> tuple[RoundState, int, RoundState] | None:
    """A random round that ends in a fish: the state before the last action, that action (a
    single tile or the closing knock) and the engine's own end; None if it ended otherwise."""
    seats = tuple(range(rules.players))
    d = deal(rules, rng, seats)
    leader, mask = choose_lead(rules, d.hands, seats, None)
    s = RoundState.start(rules, list(d.hands), list(d.boneyard), leader, mask, seats)
    while True:
        before = s.copy()
        code = rng.choice(s.legal_actions())
        s.apply(code)
        if s.over:
            return (before, code, s) if s.fish and code < PAIR_BASE else None


@pytest.mark.parametrize("options", OPTION_SETS)
def test_a_fish_closed_by_hand_is_the_engines_own(options: dict[str, object]) -> None:
    rules = make_rules(options)
    rng = random.Random(11)
    kinds: set[str] = set()
    for _ in range(400):
        found = _fished(rules, rng)
        if found is None:
            continue
        before, code, engine = found
        mine = _by_hand(before, code)
        kinds.add("knock" if code == KNOCK else "laid")
        assert mine.over and mine.fish
        ours, theirs = mine.snapshot(), engine.snapshot()
        del ours["history"], theirs["history"]  # a fast playout logs no events
        assert ours == theirs
        assert (mine.fisher, mine.taker, mine.taken) == (engine.fisher, engine.taker, engine.taken)
        assert _score(rules, mine) == _score(rules, engine)
    assert "laid" in kinds  # the K4.2 fish, with its boneyard take where the rules have one


def test_only_a_layer_hands_the_boneyard_over() -> None:
    """K4.4: the fish made by a tile gives the boneyard to the next seat; a cycle of knocks
    (``layer`` -1) gives it to nobody."""
    rules = make_rules({"players": 3})
    seats = (0, 1, 2)
    d = deal(rules, random.Random(5), seats)
    leader, mask = choose_lead(rules, d.hands, seats, None)
    base = RoundState.start(rules, list(d.hands), list(d.boneyard), leader, mask, seats)
    laid, knocked = base.copy(), base.copy()
    laid.end_fish(1)
    knocked.end_fish(-1)
    assert laid.over and laid.fish and laid.taker == 2 and laid.boneyard == []
    assert laid.hands[2] == base.hands[2] | laid.taken and laid.taken
    assert knocked.over and knocked.fish and knocked.taker < 0
    assert knocked.boneyard == base.boneyard and knocked.hands == base.hands
