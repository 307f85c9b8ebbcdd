"""Осёл (docs/variants/osel.md, V2): Козёл on the cross with closed doubles, several doubles in
one move and the close-out; scripted deals for every rule and the page's worked examples."""

from __future__ import annotations

from typing import Any

import pytest

from domino_tui.engine.cross import CLOSED, CrossState
from domino_tui.engine.match import Match
from domino_tui.engine.rules import RulesError, make_rules
from domino_tui.engine.scoring import Standing
from domino_tui.engine.variants.base import Sheet

from ..scripted import TS, act, deal_of, mask, pips, scripted_match
from .test_cross import code, cross, refused

ANYA, BORIS, VERA = 0, 1, 2
LEFT, RIGHT, UP, DOWN = range(4)


def osel(**opts: Any) -> Any:
    return make_rules(opts, preset="osel")


def led_by(rules: Any, seat: int, *hands: list[str]) -> Match:
    """A match whose first round ``seat`` wins at once by leading 1-1, its only tile (K2.1),
    so that ``seat`` leads the next round with any tile (K2.2); then the given deals.
    In pairs the other pair writes 21 in that round, so that P5 no longer forces 1-1."""
    first = [""] * rules.players
    first[seat] = "1-1"
    if rules.pairs:
        first[(seat + 1) % 4] = "4-6 5-6"
    m = scripted_match(rules, deal_of(first), *(deal_of(h) for h in hands))
    act(m, "1-1")
    assert m.round.leader == seat and len(m.results) == 1
    return m


# --- V2.1-V2.3: players, deal, lead -------------------------------------------------------------


def test_V2_1_two_to_four_players_pairs_allowed_but_off() -> None:
    """V2.1, V2.D5: 2, 3 or 4 each for themselves; four may play in pairs."""
    assert osel().players == 4 and not osel().pairs
    for players in (2, 3, 4):
        assert osel(players=players).sides == players
    assert osel(pairs=True).sides == 2
    with pytest.raises(RulesError):
        osel(double_pair=True)  # V2.5.3: several_doubles replaces K3.4


def test_V2_2_seven_each_and_the_first_lead_is_kozel() -> None:
    """V2.2, V2.3: seven tiles each (K1.3), and the first round led by K2.1 on the cross."""
    for players in (2, 3, 4):
        m = Match(osel(players=players), seed=players)
        assert isinstance(m.round, CrossState)
        assert all(h.bit_count() == 7 for h in m.round.hands)
        assert len(m.round.boneyard) == 28 - 7 * players
        lead = m.round.lead_mask
        assert lead.bit_count() == 1
        tile = lead.bit_length() - 1
        holder = m.round.hands[m.round.leader]
        lower = [TS.double_of[n] for n in range(1, 7)]
        first_held = next((d for d in lower if any(h >> d & 1 for h in m.round.hands)), None)
        assert holder >> tile & 1
        if first_held is not None:
            assert tile == first_held


def test_V2_3_the_closer_leads_the_next_round_with_any_tile() -> None:
    """V2.3, V2.D3: after a close-out the closer leads, with any tile (K2.2)."""
    rules = osel(players=3)
    m = led_by(rules, ANYA, ["3-5 1-2", "3-3 5-5 2-4", "4-6 5-6"], ["0-1 2-3", "0-0 6-6", "1-3"])
    act(m, "3-5 3-3L*+5-5R*")
    assert m.results[-1].closed_out == BORIS and m.results[-1].winner == BORIS
    assert m.round.leader == BORIS and m.round.lead_mask == mask("0-0 6-6")


# --- V2.4, V2.5: geometry and legal plays -------------------------------------------------------


def test_V2_4_1_worked_example_1_the_first_open_double_spins() -> None:
    """V2.4, V2.4.1, V2.4.2, V2.D2, G2, G3 (worked example 1): lead 3-5, Boris's 5-5 on the 5 end
    spins; after Vera's 5-1 the ends are left 3, right 1, up 5, down 5."""
    s = cross("osel", ["3-5 3-3 1-1 0-2", "5-5 0-6 2-6", "1-5 0-4 4-6"], players=3)
    act(s, "3-5 5-5R")
    assert s.spinner == TS.parse("5-5") and s.open_ends() == (3, 5, -1, -1)
    act(s, "1-5R")
    assert s.open_ends() == (3, 1, 5, 5)


def test_V2_5_3_worked_example_2_open_and_closed_in_one_move() -> None:
    """V2.5.3, G6, V2.4.3 (worked example 2): Anya lays ``3-3L+1-1R*``: the left stays 3, the
    right is gone; every other double is ordinary, open or closed, in any mix."""
    s = cross("osel", ["3-5 3-3 1-1 0-2", "5-5 0-6 2-6", "1-5 0-4 4-6"], players=3)
    act(s, "3-5 5-5R 1-5R")
    legal = s.legal_actions()
    for mix in ("3-3L+1-1R", "3-3L*+1-1R", "3-3L+1-1R*", "3-3L*+1-1R*"):
        assert code(mix) in legal, mix
    act(s, "3-3L+1-1R*")
    assert s.open_ends() == (3, -1, 5, 5)
    assert s.spinner == TS.parse("5-5")
    assert s.placed[-2:] == [(TS.parse("3-3"), LEFT, 0), (TS.parse("1-1"), RIGHT | CLOSED, 0)]
    assert not s.over and s.closed_out == -1


def test_V2_5_2_worked_example_4_no_closed_double_before_the_spinner() -> None:
    """V2.5.2, V2.D1 (worked example 4): lead 2-4; Vera's 4-4 may not be closed, so it is laid
    open and becomes the spinner."""
    s = cross("osel", ["2-4 0-1 0-3", "4-4 0-5 0-6"], players=2)
    act(s, "2-4")
    assert code("4-4R*") not in s.legal_actions()
    assert refused(s, "4-4R*") == "no_closing"
    act(s, "4-4R")
    assert s.spinner == TS.parse("4-4") and s.open_ends() == (2, 4, -1, -1)


def test_V2_5_2_closed_doubles_after_the_spinner() -> None:
    """V2.5.2, V2.D7: once the spinner exists a single double may be laid closed, shutting its
    end; it lies on the table as the double that fits that end (nothing hidden)."""
    s = cross("osel", ["5-5 3-3 0-1", "3-5 0-6 2-6"], players=2)
    act(s, "5-5 3-5L")
    assert code("3-3L*") in s.legal_actions() and code("3-3L") in s.legal_actions()
    act(s, "3-3L*")
    assert s.open_ends() == (-1, 5, -1, -1)


def test_V2_5_3_V2_D4_several_doubles_before_the_spinner() -> None:
    """V2.5.3, V2.D1, V2.D4: before the spinner two doubles go one per end: both open (the left
    one spins), left open (spinning) and right closed, or both closed (the close-out); never
    the left closed with the right open, which would close before any spinner."""
    s = cross("osel", ["3-5 0-1 0-2", "3-3 5-5 2-4 1-6"], players=2)
    act(s, "3-5")
    legal = s.legal_actions()
    assert code("3-3L+5-5R") in legal and code("3-3L+5-5R*") in legal
    assert code("3-3L*+5-5R*") in legal
    assert code("3-3L*+5-5R") not in legal
    assert refused(s, "3-3L*+5-5R") == "no_closing"
    both = s.copy()
    act(both, "3-3L+5-5R")
    assert both.spinner == TS.parse("3-3") and both.open_ends() == (3, 5, -1, -1)
    mixed = s.copy()
    act(mixed, "3-3L+5-5R*")
    assert mixed.spinner == TS.parse("3-3") and mixed.open_ends() == (3, -1, -1, -1)
    assert not mixed.over and mixed.closed_out == -1


def test_V2_5_1_one_tile_on_one_open_end() -> None:
    """V2.5, V2.5.1 (K3.1-K3.3): a tile goes on an end it fits; a player without one draws."""
    s = cross("osel", ["3-5 0-1", "2-6 1-4"], draws="0-3", players=2)
    act(s, "3-5")
    assert s.legal_actions() == [-1]
    act(s, "draw")
    assert s.legal_actions() == [code("0-3L")]
    assert refused(s, "0-3R") == "wrong_end"


def test_V2_options_switch_the_cross_rules_off() -> None:
    """V2.5.2, V2.5.3, V2.6.2 options: ``closed_doubles=off`` lays every double open,
    ``several_doubles=off`` one tile per move (the close-out stays), ``close_out=off`` no
    close-out."""
    hands = ["3-5 0-1 0-2", "3-3 5-5 2-4 1-6"]
    s = cross("osel", hands, players=2, several_doubles=False)
    act(s, "3-5")
    assert code("3-3L+5-5R") not in s.legal_actions()
    assert code("3-3L*+5-5R*") in s.legal_actions()
    s = cross("osel", hands, players=2, close_out=False)
    act(s, "3-5")
    assert code("3-3L*+5-5R*") not in s.legal_actions()
    assert code("3-3L+5-5R*") in s.legal_actions()
    s = cross("osel", ["5-5 3-3 0-1", "3-5 0-6 2-6"], players=2, closed_doubles=False)
    act(s, "5-5 3-5L")
    assert code("3-3L*") not in s.legal_actions() and code("3-3L") in s.legal_actions()


# --- V2.6: end of round, the close-out ----------------------------------------------------------


def test_V2_6_2_worked_example_3_the_close_out() -> None:
    """V2.6, V2.6.2, V2.D3 (worked example 3): three players, lead 3-5 and no double yet; Boris
    plays ``3-3L*+5-5R*``: the round ends with the ordinary count. Boris +6, Vera opens with
    21, Anya +3; nobody's remembered points are cleared; Boris leads next."""
    rules = osel(players=3)
    m = led_by(rules, ANYA, ["3-5 1-2", "3-3 5-5 2-4", "4-6 5-6"], ["0-1", "0-0", "1-3"])
    done = act(m, "3-5 3-3L*+5-5R*")
    result = done[-1]
    assert result.closed_out == BORIS and result.went_out == -1 and not result.fish
    assert result.notes == {"closed_out": BORIS}
    assert result.score.seat_points == (pips("1-2"), pips("2-4"), pips("4-6 5-6"))
    assert m.standings == (
        Standing(0, 3, False),
        Standing(0, 6, False),
        Standing(21, 0, True),
    )
    assert all(line.cleared == 0 for line in result.score.lines)
    assert m.round.leader == BORIS


def test_V2_6_2_closing_the_last_two_tiles_goes_out() -> None:
    """V2.6.2, G9: if the two closed doubles were the closer's last tiles, the closer went
    out and the round is scored as a normal one (K7, K7.4)."""
    rules = osel(players=3)
    m = led_by(rules, ANYA, ["3-5 1-2", "3-3 5-5", "4-6 5-6"], ["0-1", "0-0", "1-3"])
    result = act(m, "3-5 3-3L*+5-5R*")[-1]
    assert result.went_out == BORIS and result.closed_out == -1 and result.notes == {}
    assert m.standings[BORIS] == Standing(0, 0, False)
    assert m.standings[VERA] == Standing(21, 0, True)
    assert m.standings[ANYA] == Standing(0, 3, False)


def test_V2_6_2_no_close_out_once_a_double_is_down() -> None:
    """V2.6.2: the close-out exists only while no double is on the table; two closed doubles
    after the spinner are an ordinary move and the round goes on."""
    s = cross("osel", ["3-5 3-3 1-1 0-2", "5-5 0-6 2-6", "1-5 0-4 4-6"], players=3)
    act(s, "3-5 5-5R 1-5R")
    act(s, "3-3L*+1-1R*")
    assert not s.over and s.closed_out == -1
    assert s.open_ends() == (-1, -1, 5, 5)


def test_V2_6_2_close_out_in_pairs_is_scored_as_a_pairs_fish() -> None:
    """V2.6.2, V2.D8 in pairs (V2.D5): the ordinary count is Козёл's pairs count of a round
    nobody won (P4 with ``pair_fish=own``): the pair with more points writes its own hands,
    the other pair's remembered points are cleared (F10)."""
    rules = osel(pairs=True)
    m = led_by(rules, 0, ["3-5 1-2", "3-3 5-5 2-4", "4-6 5-6", "0-1"], ["0-2", "0-3", "0-4", "0-5"])
    assert m.standings == (Standing(0, 0, False), Standing(21, 0, True))
    result = act(m, "3-5 3-3L*+5-5R*")[-1]
    assert result.closed_out == 1
    pair0, pair1 = result.score.lines
    assert pair0.hand_points == pips("1-2 4-6 5-6") and pair1.hand_points == pips("2-4 0-1")
    assert m.standings == (Standing(24, 0, True), Standing(21, 0, True))
    assert m.round.leader == 1


FISH_AFTER = [("one", ((0, 0), (38, 0))), ("all", ((18, 0), (20, 0)))]


@pytest.mark.parametrize(("fish", "after"), FISH_AFTER)
def test_V2_6_1_V2_7_a_fish_with_every_end_closed_is_kozels_fish(
    fish: str, after: tuple[tuple[int, int], ...]
) -> None:
    """V2.6.1, V2.7, V2.D6, G8: a board with no open end is a fish, scored by Козёл's ``fish``
    option: K8.2 (``one``, the default) gives everyone's points to the player with the most,
    K8.1 (``all``) writes each their own."""
    rules = osel(players=2, fish_takes_boneyard=False, fish=fish)
    hands = ["1-1 1-5 1-4 4-4 2-2 0-6 6-6", "1-3 5-5 3-3 1-2 0-5 2-6 3-4"]
    m = scripted_match(rules, deal_of(hands), deal_of(["0-1", "0-2"]))
    done = act(m, "1-1 1-3R 1-5L 5-5L*+3-3R* 1-4U 1-2D")
    assert not done and m.round.open_ends() == (-1, -1, 4, 2)
    result = act(m, "4-4U*+2-2D*")[-1]
    assert result.fish and result.fisher == 1 and result.went_out == -1
    assert result.score.seat_points == (pips("0-6 6-6"), pips("0-5 2-6 3-4"))
    assert tuple((st.written, st.remembered) for st in m.standings) == after
    assert m.round.leader == 1, "the fisher leads next (K2.2)"


def test_V2_8_kozel_scoring_going_out_clears_the_remembered() -> None:
    """V2.8 (K5-K8, K6.1, K7, K7.4): hands are counted as Козёл (0-0 alone 10); small sums are
    remembered, 13 or more opens the score with the remembered points, going out clears the
    winner's remembered points."""
    rules = osel(players=3)
    m = led_by(
        rules,
        ANYA,
        ["3-5", "1-2", "0-0"],
        ["2-3 0-1", "3-4", "4-6 5-6"],
        ["4-5", "0-4", "3-6"],
    )
    act(m, "3-5")
    assert m.standings == (Standing(), Standing(0, 3, False), Standing(0, 10, False))
    result = act(m, "2-3 3-4R")[-1]
    assert result.went_out == BORIS and result.score.lines[BORIS].cleared == 3
    assert m.standings == (Standing(0, 1, False), Standing(), Standing(31, 0, True))


def test_V2_9_the_goat_at_101() -> None:
    """V2.9 (K9): a written score reaching 101 makes the goat and ends the match."""
    rules = osel(players=3)
    m = led_by(rules, ANYA, ["3-5 1-2", "3-3 5-5 2-4", "4-6 5-6"], ["0-1", "0-0", "1-3"])
    m.standings = (Standing(), Standing(), Standing(80, 0, True))
    act(m, "3-5 3-3L*+5-5R*")
    assert m.standings[VERA].written == 101
    assert m.over and m.outcome is not None and m.outcome.goats == (VERA,)
    assert rules.target == 101


def test_V2_round_costs_follow_the_close_out_count() -> None:
    """V2.D3: the search bots value a close-out by the same ordinary count as the sheet."""
    rules = osel(players=3)
    m = led_by(rules, ANYA, ["3-5 1-2", "3-3 5-5 2-4", "4-6 5-6"], ["0-1", "0-0", "1-3"])
    act(m, "3-5")
    s = m.round.copy()
    s.apply(code("3-3L*+5-5R*"))
    costs = m.variant.round_costs(Sheet(rules, m.standings, m.carry, m.extra), s)
    assert costs == [1.5, 3.0, 21.0]
