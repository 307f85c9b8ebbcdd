"""The exact endgame (issue 13): the zero-sum search agrees with max-n, finds the one move that
does not let the other player out (K4.1), and makes the sampling bot play it."""

from __future__ import annotations

import copy
import random

import pytest

from domino_tui.bots import make_bot
from domino_tui.bots.endgame import MAX_N_TILES, _max_n, solve, tiles_left
from domino_tui.bots.evaluate import Evaluator
from domino_tui.bots.line_solve import Table
from domino_tui.engine.actions import DRAW, is_play
from domino_tui.engine.match import Match
from domino_tui.engine.round import RoundState
from domino_tui.engine.rules import Rules, make_rules
from domino_tui.engine.view import seat_view

OPEN_HANDED = make_rules({"players": 2, "hand_size": 14})  # no boneyard: nothing is hidden


def _endgames(rules: Rules, seeds: range, most: int) -> list[Match]:
    """Positions with at most ten tiles left, from random play (a copy of each)."""
    found: list[Match] = []
    rng = random.Random(seeds.start)
    for seed in seeds:
        match = Match(rules, seed)
        while not match.over and len(found) < most:
            st = match.round
            if not st.over and tiles_left(st) <= 10 and rng.random() < 0.3:
                found.append(_clone(match))
            legal = match.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
    return found


def _clone(match: Match) -> Match:
    other = copy.copy(match)
    other.round = match.round.copy()
    return other


@pytest.mark.parametrize(
    "rules", [make_rules({"players": 2}), make_rules({}, "kozel-pairs"), OPEN_HANDED]
)
def test_the_zero_sum_search_finds_the_max_n_value(rules: Rules) -> None:
    for match in _endgames(rules, range(40), 120):
        st = match.round
        ev = Evaluator(seat_view(match, st.turn))
        exact = _max_n(st.copy(), ev.seat_values, [10**6])
        fast = solve(st.copy(), ev.seat_values, 10**6, ev.side_of)
        assert exact is not None and fast is not None
        assert fast == pytest.approx(exact)


def _goes_out_next(st: RoundState, code: int) -> bool:
    after = st.copy()
    after.apply_unchecked(code)
    if after.over:
        return False
    return any(
        (lambda t: (t.apply_unchecked(a), t.over and t.went_out == after.turn)[1])(after.copy())
        for a in after.legal_actions()
    )


def test_only_one_move_keeps_the_other_player_in_and_the_bot_finds_it() -> None:
    """K4.1: open-handed 2-player endgames where every move but one lets the other player lay
    their last tile at once. The sampling bot with the exact endgame plays a move of the best
    exact value, and that is the move that keeps them in (unless every line loses as much)."""
    seen = kept_in = 0
    for seed in range(300):
        rng = random.Random(seed)
        match = Match(OPEN_HANDED, seed)
        while not match.over and seen < 12:
            st = match.round
            moves = [a for a in st.legal_actions() if is_play(a)]
            safe = [a for a in moves if not _goes_out_next(st, a)]
            one_safe = len({a >> 1 for a in safe}) == 1 and len(safe) < len(moves)
            if one_safe and tiles_left(st) <= 14 and st.hands[st.turn].bit_count() > 1:
                view = seat_view(match, st.turn)
                ev = Evaluator(view)
                exact = {}
                for a in moves:
                    after = st.copy()
                    after.apply_unchecked(a)
                    value = solve(after, ev.seat_values, 10**6, ev.side_of, tiles=28)
                    assert value is not None
                    exact[a] = value[st.turn]
                chosen = make_bot("pimc:samples=24,solve=14", 3, clock=False).choose(view)
                assert exact[chosen] == pytest.approx(max(exact.values())), (seed, chosen)
                kept_in += chosen in safe
                seen += 1
            legal = match.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
        if seen >= 12:
            break
    assert seen >= 12
    assert kept_in >= seen * 3 // 4


def test_a_shared_pool_bounds_the_solves_of_a_decision() -> None:
    """The node allowance of one decision is spent in place; an empty pool solves nothing."""
    spent = 0
    for match in _endgames(make_rules({"players": 2}), range(10), 20):
        st = match.round
        ev = Evaluator(seat_view(match, st.turn))
        assert solve(st.copy(), ev.seat_values, 10**6, ev.side_of, pool=[0]) is None
        pool = [10**6]
        assert solve(st.copy(), ev.seat_values, 10**6, ev.side_of, pool=pool) is not None
        spent += 10**6 - pool[0]
        assert 0 < 10**6 - pool[0] < 10**6
    assert spent > 20


def _exact_values(match: Match) -> dict[int, float]:
    st = match.round
    ev = Evaluator(seat_view(match, st.turn))
    out = {}
    for a in st.legal_actions():
        after = st.copy()
        after.apply_unchecked(a)
        value = solve(after, ev.seat_values, 10**6, ev.side_of, tiles=28)
        assert value is not None
        out[a] = value[st.turn]
    return out


def test_the_solve_finds_what_playouts_miss() -> None:
    """Open-handed endgames where the playout-only bot loses points by the exact count: the bot
    with the exact endgame never does (its moves are all of the best exact value)."""
    checked = plain_wrong = 0
    for seed in range(400):
        rng = random.Random(seed)
        match = Match(OPEN_HANDED, seed)
        while not match.over:
            st = match.round
            if len(st.legal_actions()) > 1 and tiles_left(st) <= 14 and rng.random() < 0.5:
                view = seat_view(match, st.turn)
                exact = _exact_values(match)
                best = max(exact.values())
                plain = make_bot("pimc:samples=24", 3, clock=False).choose(view)
                solved = make_bot("pimc:samples=24,solve=14", 3, clock=False).choose(view)
                assert exact[solved] == pytest.approx(best), (seed, solved)
                plain_wrong += exact[plain] < best - 1
                checked += 1
            legal = match.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
        if plain_wrong >= 5:
            break
    assert plain_wrong >= 5, (plain_wrong, checked)


def _expectimax(st: RoundState, values: Evaluator, root: int) -> float:
    """The slow reference for a draw taken as chance: every tile of the boneyard is put on top
    in turn and drawn (K3.2), the mean taken; plays are the side's best, on copied states."""
    if st.over:
        return values.seat_values(st)[root]
    legal = st.legal_actions()
    if DRAW in legal:
        total = 0.0
        for i in range(len(st.boneyard)):
            s = st.copy()
            s.boneyard = s.boneyard[:]
            s.boneyard.append(s.boneyard.pop(i))  # this tile comes next
            s.apply_unchecked(DRAW)
            total += _expectimax(s, values, root)
        return total / len(st.boneyard)
    mine = values.side_of[st.turn] == values.side_of[root]
    found = [
        _expectimax((lambda s: (s.apply_unchecked(a), s)[1])(st.copy()), values, root)
        for a in legal
    ]
    return max(found) if mine else min(found)


def test_a_draw_as_chance_is_the_mean_over_what_it_brings() -> None:
    """With ``chance`` the fast search equals a plain expectimax over the drawn tile (K3.2),
    and where nothing can be drawn it equals the guessed-order search: the option changes what
    a draw is worth, nothing else."""
    rules = make_rules({"players": 2})
    checked = drawing = 0
    for match in _endgames(rules, range(60), 200):
        st = match.round
        if tiles_left(st) > 9:
            continue
        ev = Evaluator(seat_view(match, st.turn))
        fast = solve(st.copy(), ev.seat_values, 10**6, ev.side_of, chance=True)
        assert fast is not None
        assert fast[st.turn] == pytest.approx(_expectimax(st.copy(), ev, st.turn))
        if len(st.boneyard) <= st.reserve:
            plain = solve(st.copy(), ev.seat_values, 10**6, ev.side_of)
            assert plain == pytest.approx(fast)
        else:
            drawing += 1
        checked += 1
    assert checked >= 40 and drawing >= 10


def _paranoid(st: RoundState, values: Evaluator, root: int) -> float:
    """The slow reference for one seat against all the others: ``root`` takes its best, every
    other seat the move worst for ``root``, on copied states."""
    if st.over:
        return values.seat_values(st)[root]
    found = [
        _paranoid((lambda s: (s.apply_unchecked(a), s)[1])(st.copy()), values, root)
        for a in st.legal_actions()
    ]
    return max(found) if values.side_of[st.turn] == values.side_of[root] else min(found)


def _children(st: RoundState) -> list[RoundState]:
    out = []
    for a in st.legal_actions():
        after = st.copy()
        after.apply_unchecked(a)
        out.append(after)
    return out


@pytest.mark.parametrize("players", [3, 4])
def test_many_sides_shared_by_the_moves_of_a_deal_and_one_against_all(players: int) -> None:
    """Three or four sides (issue 26): max-n whose positions are shared by the moves of one
    guessed deal gives each move the values of a fresh plain max-n, and ``paranoid`` gives the
    seat to move the value of a plain search where everybody else plays against it."""
    rules = make_rules({"players": players})
    checked = 0
    for match in _endgames(rules, range(30), 60):
        st = match.round
        if tiles_left(st) > 9:
            continue
        me = st.turn
        ev = Evaluator(seat_view(match, me))
        table = Table()
        for after in _children(st):
            shared = solve(after.copy(), ev.seat_values, 10**6, ev.side_of, 28, table=table)
            plain = _max_n(after.copy(), ev.seat_values, [10**6])
            assert shared is not None and plain is not None
            assert shared == pytest.approx(plain)
            fast = solve(
                after.copy(), ev.seat_values, 10**6, ev.side_of, 28, perspective=me, paranoid=True
            )
            assert fast is not None
            assert fast[me] == pytest.approx(_paranoid(after.copy(), ev, me))
        checked += 1
    assert checked >= 20


def test_the_many_sides_horizon_is_the_configs() -> None:
    """A four-player position ``n`` tiles from the end is solved with ``many_tiles=n``, not one
    below it; the default stays at :data:`MAX_N_TILES`."""
    for match in _endgames(make_rules({"players": 4}), range(10), 10):
        st = match.round
        ev = Evaluator(seat_view(match, st.turn))
        n = tiles_left(st)
        assert solve(st.copy(), ev.seat_values, 10**6, ev.side_of, 28, many_tiles=n) is not None
        assert solve(st.copy(), ev.seat_values, 10**6, ev.side_of, 28, many_tiles=n - 1) is None
    assert MAX_N_TILES == 13
