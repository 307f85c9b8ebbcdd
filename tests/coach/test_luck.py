"""Luck apart from skill (issue 12, part 1): the deal's and the draws' worth for a seat, from its
own view, in the same points as the review's losses."""

from __future__ import annotations

from domino_tui.bots import make_bot
from domino_tui.coach.luck import match_luck, position_value
from domino_tui.engine.actions import DRAW
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import seat_view
from tests.bots.helpers import scripted

LIGHT = "0-0 0-1 0-2 0-3 1-1 1-2 0-4"
HEAVY = "6-6 5-6 5-5 4-6 4-5 3-6 4-4"


def _one_round(preset: str, seed: int) -> Match:
    m = Match(make_rules({"players": 2}, preset), seed)
    bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
    while not m.results:
        m.apply(bots[m.turn].choose(seat_view(m, m.turn)))
    return m


def test_a_light_hand_is_a_lucky_deal_and_a_heavy_one_unlucky() -> None:
    """Each seat judges its deal from its own view (it does not know the other hand). In Козёл
    the hand of 6-6, 5-5 and the heaviest tiles risks the goat in one round (K6, K9): deeply
    unlucky; in the classic draw game (the winner takes the losers' pips) the lightest hand is
    the lucky one."""
    kozel = scripted(make_rules({"players": 2}), [LIGHT, HEAVY])
    heavy = position_value(seat_view(kozel, 1), budget=300)
    assert heavy.mean < -3 * heavy.error < 0
    classic = scripted(make_rules({"players": 2}, "classic"), [LIGHT, HEAVY])
    light = position_value(seat_view(classic, 0), budget=300)
    assert light.mean > 3 * light.error > 0


def test_luck_per_round_and_seat_draws_only_where_the_seat_drew() -> None:
    m = _one_round("kozel", 4)
    luck = match_luck(m, [0, 1], budget=100)
    assert [(x.round, x.seat) for x in luck] == [(1, 0), (1, 1)]
    drew = {e.seat for e in m.histories[0] if e.code == DRAW}
    for x in luck:
        assert x.error > 0
        if x.seat not in drew:
            assert x.draws == 0.0
    assert luck == match_luck(m, [0, 1], budget=100)  # a seed fixes the figures


def test_an_average_deal_is_worth_nothing() -> None:
    """Values are relative (the others' cost minus one's own), so over many deals the deal's
    luck averages out near 0 (within three standard errors of the mean)."""
    deals = []
    for seed in range(24):
        m = Match(make_rules({"players": 2}), seed)
        deals += [position_value(seat_view(m, s), budget=60).mean for s in (0, 1)]
    mean = sum(deals) / len(deals)
    var = sum((d - mean) ** 2 for d in deals) / (len(deals) - 1)
    assert abs(mean) < 3 * (var / len(deals)) ** 0.5 + 0.5


def test_a_deal_is_judged_against_the_deals_that_could_have_come_at_that_score() -> None:
    """One seat is far ahead (K9: the other is near the goat): every deal is worth a lot less to
    the trailing seat than to the leader, which is the score, not luck. Judged against fresh
    deals at the same standings, the deals' luck averages near 0 for both."""
    import copy
    import random

    from domino_tui.coach.luck import deal_baseline
    from domino_tui.engine.scoring import Standing

    m = Match(make_rules({"players": 2}), 3)
    m.standings = (Standing(80, 0, True), Standing(0, 0, False))
    base = deal_baseline(m, [0, 1], budget=200)
    assert base[0].mean < -3 * base[0].error and base[1].mean > 3 * base[1].error
    raw, lucky = [], []
    for k in range(20):
        fresh = copy.deepcopy(m)
        fresh.rng = random.Random(k)
        fresh.round = fresh._new_round()
        v = position_value(seat_view(fresh, 0), budget=60).mean
        raw.append(v)
        lucky.append(v - base[0].mean)
    mean = sum(lucky) / len(lucky)
    spread = (sum((x - mean) ** 2 for x in lucky) / (len(lucky) - 1) / len(lucky)) ** 0.5
    assert abs(mean) < 3 * spread + 1.0
    assert sum(raw) / len(raw) < 0  # without the baseline every deal would look unlucky
