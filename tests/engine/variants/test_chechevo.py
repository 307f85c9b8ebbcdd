"""Чечевэ (docs/variants/chechevo.md, V5): Козёл each for themselves on the cross with a base
that is never closed, several doubles at once, the fish to the player with the most, and the
special doubles 6-6 and 0-0; scripted deals for every rule and the page's worked examples."""

from __future__ import annotations

from typing import Any

import pytest

from domino_tui.engine.cross import CLOSED, CrossState
from domino_tui.engine.match import Match
from domino_tui.engine.rules import RulesError, make_rules
from domino_tui.engine.scoring import Standing
from domino_tui.engine.variants.base import Sheet
from domino_tui.engine.variants.kozel import GOAT_PRICE

from ..scripted import TS, act, deal_of, mask, pips, scripted_match
from .test_cross import code, cross, refused

ANYA, BORIS, VERA = 0, 1, 2
LEFT, RIGHT = 0, 1


def chechevo(**opts: Any) -> Any:
    return make_rules(opts, preset="chechevo")


def led_by(rules: Any, seat: int, *hands: list[str]) -> Match:
    """A match whose first round ``seat`` wins at once by leading 1-1, its only tile (K2.1), so
    that ``seat`` leads the next round with any tile (V5.3); the later deals have an empty
    boneyard, so that a player with nothing to play knocks."""
    first = [""] * rules.players
    first[seat] = "1-1"
    deals = [deal_of(first, fill=False), *(deal_of(h, fill=False) for h in hands)]
    m = scripted_match(rules, *deals)
    act(m, "1-1")
    assert m.round.leader == seat and len(m.results) == 1
    return m


# --- V5.1-V5.3 ----------------------------------------------------------------------------------


def test_V5_1_each_for_themselves() -> None:
    """V5.1, V5.D8: 2, 3 or 4 players, four by default, never in pairs."""
    assert chechevo().players == 4
    for players in (2, 3, 4):
        assert chechevo(players=players).sides == players
    with pytest.raises(RulesError):
        chechevo(pairs=True)


@pytest.mark.parametrize(("players", "each"), [(2, 7), (3, 7), (4, 6)])
def test_V5_2_seven_each_or_six_with_four(players: int, each: int) -> None:
    """V5.2: 7 tiles each with two or three players, 6 each with four; the rest is the
    boneyard."""
    m = Match(chechevo(players=players), seed=players)
    assert isinstance(m.round, CrossState)
    assert all(h.bit_count() == each for h in m.round.hands)
    assert len(m.round.boneyard) == 28 - each * players


def test_V5_3_the_winner_leads_any_tile_the_fisher_after_a_fish() -> None:
    """V5.3: later rounds are led by who went out, with any tile; after a fish by the fisher
    (F18: only a double was laid, so the leader)."""
    rules = chechevo(players=3)
    m = led_by(rules, VERA, ["2-3 0-1", "0-6", "2-4 5-6"], ["0-2", "0-3", "0-4"])
    assert m.round.lead_mask == mask("2-4 5-6")
    m = led_by(rules, BORIS, ["0-2", "3-3 0-4", "0-5"], ["0-1", "1-2", "1-3"])
    result = act(m, "3-3 knock knock knock")[-1]
    assert result.fish and result.fisher == BORIS
    assert m.round.leader == BORIS and m.round.lead_mask == mask("1-2")


# --- V5.4, V5.5: the base, closed and several doubles --------------------------------------------


def test_V5_4_1_V5_5_worked_example_5() -> None:
    """V5.4, V5.4.1, V5.5, V5.D7, G2 (worked example 5): the lead 1-1 is the base; Boris 1-3 left,
    Vera 1-5 right open the cross (3, 5, up 1, down 1); Anya's ``3-3L*+5-5R`` closes the left
    and keeps the right 5."""
    s = cross("chechevo", ["1-1 3-3 5-5 0-2", "1-3 0-4 4-6", "1-5 2-6 0-6"], players=3)
    act(s, "1-1 1-3L 1-5R")
    assert s.spinner == TS.parse("1-1") and s.open_ends() == (3, 5, 1, 1)
    act(s, "3-3L*+5-5R")
    assert s.open_ends() == (-1, 5, 1, 1)
    assert s.placed[-2:] == [(TS.parse("3-3"), LEFT | CLOSED, 0), (TS.parse("5-5"), RIGHT, 0)]


def test_V5_4_1_the_base_is_the_first_double_and_never_closed() -> None:
    """V5.4.1, V5.D6: a double laid onto an end before any base is the base: it is laid open
    (never closed) and spins."""
    s = cross("chechevo", ["2-4 0-1 0-3", "4-4 0-5 0-6"], players=2)
    act(s, "2-4")
    assert refused(s, "4-4R*") == "no_closing"
    act(s, "4-4R")
    assert s.spinner == TS.parse("4-4")


def test_V5_4_2_later_doubles_open_or_closed() -> None:
    """V5.4.2: after the base every double may be laid open or closed."""
    s = cross("chechevo", ["1-1 3-3 0-2", "1-3 0-4 4-6"], players=2)
    act(s, "1-1 1-3L")
    assert {code("3-3L"), code("3-3L*")} <= set(s.legal_actions())


def test_V5_4_3_several_doubles_before_the_base() -> None:
    """V5.4.3: several doubles laid before any base: the left one is the base and open, the
    other open or closed; a closed left one is refused. No close-out in Чечевэ."""
    s = cross("chechevo", ["3-5 0-1 0-2", "3-3 5-5 2-4 1-6"], players=2)
    act(s, "3-5")
    legal = s.legal_actions()
    assert code("3-3L+5-5R") in legal and code("3-3L+5-5R*") in legal
    assert code("3-3L*+5-5R") not in legal and code("3-3L*+5-5R*") not in legal
    act(s, "3-3L+5-5R*")
    assert s.spinner == TS.parse("3-3") and s.open_ends() == (3, -1, -1, -1)
    assert not s.over


# --- V5.6-V5.8: end of round, fish, scoring -----------------------------------------------------


def test_V5_7_worked_example_1_the_fish_goes_to_the_most() -> None:
    """V5.7, V5.6, K8.2 (worked example 1, 001): a fish; Вася holds 23, Алёна 25: Алёна is
    written 25 + 23 = 48 plus her remembered points, Вася's remembered points are cleared."""
    rules = chechevo(players=2)
    vasya, alyona = 0, 1
    hands = ["1-1 5-6 4-6 0-2", "4-5 3-6 3-4"]
    m = scripted_match(rules, deal_of(hands, fill=False), deal_of(["0-1", "0-2"], fill=False))
    m.standings = (Standing(0, 4, False), Standing(0, 5, False))
    result = act(m, "1-1 knock knock")[-1]
    assert result.fish
    assert result.score.seat_points == (23, 25)
    assert result.score.lines[alyona].round_points == 48
    assert m.standings[alyona] == Standing(53, 0, True)
    assert m.standings[vasya] == Standing(0, 0, False)
    assert result.score.lines[vasya].cleared == 4


def test_V5_7_a_tie_for_the_most_carries_over() -> None:
    """V5.7 (K8.3, K8.4): a tie for the most writes nobody; the sum waits for the next round."""
    rules = chechevo(players=2)
    hands = ["1-1 5-6 0-2 0-3", "4-5 3-4"]
    m = scripted_match(rules, deal_of(hands, fill=False), deal_of(["0-1", "0-2"], fill=False))
    result = act(m, "1-1 knock knock")[-1]
    assert result.fish and result.score.tie and m.carry == 32
    assert m.standings == (Standing(), Standing())


def test_V5_8_1_worked_example_3_six_six_in_hand_is_fifty() -> None:
    """V5.8, V5.8.1, V5.D2, V5.8.5 (worked example 3): Boris is left with 6-6 and 1-2: 50 + 3 = 53
    round points, written (13 or more opens, K7); ``six_six_in_hand=12`` counts its pips."""
    for worth, points in ((50, 53), (12, 15)):
        rules = chechevo(players=2, six_six_in_hand=worth)
        m = led_by(rules, ANYA, ["3-4", "6-6 1-2"], ["0-1", "0-2"])
        result = act(m, "3-4")[-1]
        assert result.went_out == ANYA
        assert result.score.lines[BORIS].hand_points == points
        assert m.standings[BORIS] == Standing(points, 0, True)


def test_V5_8_2_worked_example_2_going_out_with_six_six() -> None:
    """V5.8.2, V5.D1 (worked example 2): someone went out, so every loser writes their own hand
    (the sum goes to the most only in a fish). Anya goes out with 6-6; Boris holds 3-4 (7), Vera
    1-2 (3): Boris 7 + 50 = 57, Vera 3 + 50 = 53."""
    rules = chechevo(players=3)
    m = led_by(rules, ANYA, ["1-6 6-6", "3-4 0-1", "1-2"], ["0-2", "0-3", "0-4"])
    result = act(m, "1-6 0-1L knock 6-6R")[-1]
    assert result.went_out == ANYA
    assert result.notes == {"six_six_out": True, "blank_out": False, "blank_in_hand": []}
    assert [line.hand_points for line in result.score.lines] == [0, 57, 53]
    assert m.standings == (Standing(), Standing(57, 0, True), Standing(53, 0, True))


def test_V5_8_2_six_six_among_the_last_several_doubles() -> None:
    """V5.8.2: 6-6 laid with other doubles in the move that goes out counts as going out with
    6-6."""
    rules = chechevo(players=3)
    m = led_by(rules, ANYA, ["3-6 3-3 6-6", "0-1", "1-2"], ["0-2", "0-3", "0-4"])
    result = act(m, "3-6 knock knock 3-3L+6-6R")[-1]
    assert result.notes["six_six_out"]
    assert [line.hand_points for line in result.score.lines] == [0, 51, 53]


def test_V5_8_3_going_out_with_blank_makes_every_other_a_goat() -> None:
    """V5.8.3, V5.D5 (worked example 4): Anya goes out with 0-0: Boris and Vera are goats, Anya
    wins; the match ends before any writing."""
    rules = chechevo(players=3)
    m = led_by(rules, ANYA, ["0-3 0-0", "4-5 1-2", "1-3 4-6"], ["0-2", "0-3", "0-4"])
    m.standings = (Standing(), Standing(0, 7, False), Standing(40, 0, True))
    result = act(m, "0-3 knock 1-3R 0-0L")[-1]
    assert result.notes == {"six_six_out": False, "blank_out": True, "blank_in_hand": []}
    assert m.over and m.outcome is not None
    assert m.outcome.goats == (BORIS, VERA) and m.outcome.winners == (ANYA,)
    assert m.standings == (Standing(), Standing(0, 7, False), Standing(40, 0, True))
    assert all(line.after == line.before and line.round_points == 0 for line in result.score.lines)


def test_V5_D5_blank_and_six_six_together_is_a_blank_finish() -> None:
    """V5.D5: going out with 0-0 and 6-6 in one move is a 0-0 finish."""
    rules = chechevo(players=2)
    m = led_by(rules, ANYA, ["0-6 0-0 6-6", "1-2"], ["0-2", "0-3"])
    result = act(m, "0-6 knock 0-0L+6-6R")[-1]
    assert result.notes["blank_out"] and not result.notes["six_six_out"]
    assert m.outcome is not None and m.outcome.goats == (BORIS,)


def test_V5_8_4_blank_left_in_hand_makes_a_goat_after_the_writing() -> None:
    """V5.8.4, V5.D5, V5.D3 (worked example 4): Vera goes out while Boris holds 0-0: Boris alone is
    the goat, after the round is written (his 0-0 1-4 remembered as +5); a player passing 101 in
    the same round is a goat too."""
    rules = chechevo(players=3)
    m = led_by(rules, ANYA, ["2-3 5-6", "0-0 1-4", "3-4"], ["0-2", "0-3", "0-4"])
    result = act(m, "2-3 knock 3-4R")[-1]
    assert result.notes == {"six_six_out": False, "blank_out": False, "blank_in_hand": [BORIS]}
    assert m.standings[BORIS] == Standing(0, 5, False)
    assert m.over and m.outcome is not None and m.outcome.goats == (BORIS,)
    m = led_by(rules, ANYA, ["2-3 5-6", "0-0 1-4", "3-4"], ["0-2", "0-3", "0-4"])
    m.standings = (Standing(95, 0, True), Standing(), Standing())
    act(m, "2-3 knock 3-4R")
    assert m.outcome is not None and m.outcome.goats == (ANYA, BORIS)


def test_V5_8_4_blank_in_hand_as_value() -> None:
    """V5.8.4, V5.D10: with ``blank_in_hand=value`` a 0-0 left in hand only counts (K6.1)."""
    rules = chechevo(players=3, blank_in_hand="value")
    m = led_by(rules, ANYA, ["2-3 5-6", "0-0", "3-4"], ["0-2", "0-3", "0-4"])
    result = act(m, "2-3 knock 3-4R")[-1]
    assert result.notes["blank_in_hand"] == []
    assert not m.over and m.standings[BORIS] == Standing(0, 10, False)


def test_V5_8_4_a_blank_taken_with_the_boneyard_is_no_goat() -> None:
    """V5.8.4, V5.D9: a 0-0 that reaches a hand only by taking the boneyard on a fish
    (K4.4) was never its holder's to play; it counts its pips, it makes no goat."""
    rules = chechevo(players=2)
    dead = ["6-6 1-6 3-6 4-6 5-6 0-2 1-2", "0-6 2-6 0-4 1-5 2-2 3-3 0-1"]
    m = scripted_match(
        rules,
        deal_of(["1-1", ""], fill=False),
        deal_of(dead, draws="0-0", fill=False),
        deal_of(["0-3", "0-4"], fill=False),
    )
    act(m, "1-1")
    result = act(m, "6-6 0-6L 1-6R 2-6U 3-6D 0-4L 4-6L 1-5R 5-6R 2-2U*+3-3D*")[-1]
    assert result.fish and result.taker == ANYA
    assert result.hands[ANYA] == mask("0-0 0-2 1-2")
    assert result.notes["blank_in_hand"] == []
    assert not m.over and m.standings[ANYA] == Standing(0, 6, False)


def test_V5_9_more_than_101() -> None:
    """V5.9, V5.D4: the goat has more than 101 (target 102): 101 written is no goat yet."""
    rules = chechevo(players=2)
    assert rules.target == 102
    m = led_by(rules, ANYA, ["3-4", "5-6 2-4"], ["3-4", "5-6 2-5"], ["0-1", "0-2"])
    m.standings = (Standing(), Standing(84, 0, True))
    act(m, "3-4")
    assert m.standings[BORIS].written == 101 and not m.over
    act(m, "3-4")
    assert m.standings[BORIS].written == 119
    assert m.over and m.outcome is not None and m.outcome.goats == (BORIS,)


def test_V5_round_costs_price_the_goats() -> None:
    """V5.8.3, V5.8.4: the search bots' costs put the goat's price on every player a 0-0 makes a
    goat, and Козёл's costs on the rest (K7: written, half the remembered)."""
    rules = chechevo(players=3)
    m = led_by(rules, ANYA, ["0-3 0-0", "4-5 1-2", "1-3 4-6"], ["0-2", "0-3", "0-4"])
    act(m, "0-3 knock 1-3R")
    s = m.round.copy()
    s.apply(code("0-0L"))
    costs = m.variant.round_costs(Sheet(rules, m.standings, m.carry, m.extra), s)
    assert costs == [0.0, GOAT_PRICE, GOAT_PRICE]
    m = led_by(rules, ANYA, ["2-3 5-6", "0-0 1-4", "3-4"], ["0-2", "0-3", "0-4"])
    act(m, "2-3 knock")
    s = m.round.copy()
    s.apply(code("3-4R"))
    costs = m.variant.round_costs(Sheet(rules, m.standings, m.carry, m.extra), s)
    assert costs == [0.5 * pips("5-6"), 0.5 * pips("0-0 1-4") + GOAT_PRICE, 0.0]
