"""Телефон, Маггинс, Все тройки (docs/variants/telefon.md, V3): scripted deals for every
numbered rule, the seven worked examples with their numbers, and seeded whole matches."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domino_tui.engine.actions import DRAW, KNOCK, parse_action, placements
from domino_tui.engine.cross import CrossState, end_count
from domino_tui.engine.match import Match
from domino_tui.engine.rules import Rules, RulesError, make_rules
from domino_tui.engine.scoring import Standing
from domino_tui.engine.tiles import DOUBLE_SIX
from domino_tui.engine.variants import get_variant
from domino_tui.engine.variants.base import Sheet
from domino_tui.engine.variants.telefon import VARIANT, match_end, score_sheet

from ..scripted import act, deal_of, mask, pips, scripted_match, yard

TS = DOUBLE_SIX
PRESETS = ("telefon", "muggins", "all-threes")
NEXT = deal_of(["1-1 1-2", "2-2 2-3"])  # a second round, so that the first one can end


def rules(preset: str = "telefon", **opts: Any) -> Rules:
    return make_rules(opts, preset)


def board(r: Rules, hands: list[str], draws: str = "", leader: int = 0) -> CrossState:
    """A round on the cross from written hands; the leader may lead any tile; the boneyard
    holds only ``draws``."""
    masks = [mask(h) for h in hands]
    seats = tuple(range(len(hands)))
    s = VARIANT.start(r, masks, list(yard(draws, masks, fill=False)), leader, masks[leader], seats)
    assert isinstance(s, CrossState)
    return s


def points_log(s: CrossState) -> list[tuple[int, int]]:
    """(seat, points) of every scoring play."""
    return [(seat, points) for seat, _, points in s.score_log]


def finished(
    r: Rules,
    hands: list[str],
    *,
    went_out: int = -1,
    fisher: int = -1,
    scored: list[int] | None = None,
) -> CrossState:
    """A round as the engine leaves it, with exact hands (for the scoring examples)."""
    s = board(r, [h or "" for h in hands], leader=next(i for i, h in enumerate(hands) if h))
    s.over = True
    s.went_out = went_out
    s.fish = went_out < 0
    s.fisher = fisher
    if scored is not None:
        s.scored = list(scored)
    return s


def ts_tile(name: str) -> int:
    return TS.parse(name)


# --- V3.1, V3.2: players and the deal -------------------------------------------------------------
@pytest.mark.parametrize("preset", PRESETS)
def test_V3_1_players_two_to_four_and_pairs(preset: str) -> None:
    """V3.1: 2 (the default), 3 or 4 each for themselves, or four in two pairs."""
    assert rules(preset).players == 2
    for n in (2, 3, 4):
        assert rules(preset, players=n).sides == n
    assert rules(preset, players=4, pairs=True).sides == 2
    with pytest.raises(RulesError):
        rules(preset, players=3, pairs=True)


@pytest.mark.parametrize(
    ("preset", "players", "each", "reserve"),
    [
        ("telefon", 2, 7, 2),
        ("telefon", 3, 7, 2),
        ("telefon", 4, 7, 0),
        ("muggins", 2, 7, 0),
        ("muggins", 3, 5, 0),
        ("muggins", 4, 5, 0),
        ("all-threes", 2, 7, 0),
        ("all-threes", 4, 5, 0),
    ],
)
def test_V3_2_deal_sizes_and_reserve(preset: str, players: int, each: int, reserve: int) -> None:
    """V3.2, V3.D9: Телефон deals 7 each and keeps 2 back (none for four, who have no
    boneyard); Маггинс and Все тройки deal 7 for two, 5 for three or four."""
    r = rules(preset, players=players)
    m = Match(r, 3)
    assert [h.bit_count() for h in m.deals[0].hands] == [each] * players
    assert len(m.deals[0].boneyard) == 28 - each * players
    assert m.round.reserve == reserve


class _DoublesFirst:
    """An RNG whose shuffle puts the doubles first: the first hand gets seven doubles."""

    def shuffle(self, order: list[int]) -> None:
        order.sort(key=lambda t: (not TS.is_double[t], t))


class _Table:
    def __init__(self, r: Rules) -> None:
        self.rules = r
        self.rng = _DoublesFirst()


@pytest.mark.parametrize("preset", PRESETS)
def test_V3_2_no_redeal(preset: str) -> None:
    """V3.2, V3.D6: a hand of seven doubles is played, not redealt."""
    r = rules(preset)
    dealt = VARIANT.deal(_Table(r), (0, 1))  # type: ignore[arg-type]
    assert dealt.redeals == 0
    assert dealt.hands[0] == TS.double_mask


def test_V3_2_telefon_keeps_two_tiles_back() -> None:
    """V3.2, K3.5: with two tiles left in the boneyard a player who cannot play knocks."""
    s = board(rules("telefon"), ["5-5 1-2", "6-6 0-1 3-4"], draws="1-1 2-2")
    s.apply(parse_action("5-5"))
    assert s.legal_actions() == [KNOCK]
    s3 = board(rules("telefon"), ["5-5 1-2", "6-6 0-1 3-4"], draws="1-1 2-2 2-4")
    s3.apply(parse_action("5-5"))
    assert s3.legal_actions() == [DRAW]


# --- V3.3: the lead -------------------------------------------------------------------------------
def test_V3_3_1_telefon_first_round_zero_zero_leads() -> None:
    """V3.3, V3.3.1: the holder of 0-0 leads it, whoever else holds doubles."""
    m = scripted_match(rules(), deal_of(["1-1 2-2 3-4", "0-0 5-6 6-6"]))
    assert m.round.leader == 1
    assert m.round.lead_mask == mask("0-0")


def test_V3_3_1_telefon_lowest_double_then_lowest_tile() -> None:
    """V3.3.1, F2: without 0-0 the lowest double leads; without doubles the lowest tile."""
    m = scripted_match(rules(), deal_of(["3-3 0-1 4-5", "2-2 5-6 6-6"]))
    assert (m.round.leader, m.round.lead_mask) == (1, mask("2-2"))
    m = scripted_match(rules(), deal_of(["0-2 4-5 3-6", "1-3 0-3 5-6"]))
    assert (m.round.leader, m.round.lead_mask) == (0, mask("0-2"))
    m = scripted_match(rules(), deal_of(["1-3 4-5 3-6", "0-4 2-3 5-6"]))
    assert (m.round.leader, m.round.lead_mask) == (0, mask("1-3")), "pips 4, then lower high half"


@pytest.mark.parametrize(("preset", "players"), [("muggins", 2), ("all-threes", 3), ("muggins", 4)])
def test_V3_3_2_first_lead_by_lot(preset: str, players: int) -> None:
    """V3.3.2, V3.D5: every seat draws a tile of a shuffled set from the match's RNG; the lowest
    tile (pips, then the high half) leads any tile; the tiles are kept in extra and notes."""
    hands = [
        "0-0 1-1 2-2 3-3 4-4",
        "0-1 0-2 0-3 0-4 0-5",
        "1-2 1-3 1-4 1-5 1-6",
        "2-3 2-4 2-5 2-6 3-4",
    ]
    r = rules(preset, players=players)
    for seed in range(6):
        m = scripted_match(r, deal_of(hands[:players]), seed=seed)
        order = list(range(TS.count))
        random.Random(seed).shuffle(order)
        lot = order[:players]
        low = min(range(players), key=lambda s: (TS.pips[lot[s]], TS.hi[lot[s]]))
        assert m.extra["lot"] == lot
        assert m.round.leader == low
        assert m.round.lead_mask == m.deals[0].hands[low], "any tile"


def test_V3_3_2_lot_on_the_first_round_notes_and_replayed() -> None:
    """V3.3.2: the record keeps the drawn tiles (the first round's notes); the same seed
    draws the same lot; later rounds draw none."""
    r = rules("muggins")
    a, b = Match(r, 11), Match(r, 11)
    play_out(a, 11)
    play_out(b, 11)
    assert a.results[0].notes["lot"] == b.results[0].notes["lot"] == a.extra["lot"]
    assert len(a.results[0].notes["lot"]) == 2
    assert all(res.notes["lot"] is None for res in a.results[1:])
    assert a.snapshot() == b.snapshot()
    assert Match(rules("telefon"), 11).extra["lot"] is None


def test_V3_3_3_winner_leads_any_tile() -> None:
    """V3.3.3: who went out leads the next round, with any tile."""
    r = rules()
    m = scripted_match(
        r, deal_of(["0-0 0-1", "6-6 2-4"], fill=False), deal_of(["5-5 1-2 3-4", "0-0 0-1 2-6"])
    )
    done = act(m, "0-0 knock 0-1L")
    assert done[0].went_out == 0
    assert m.round.leader == 0
    assert m.round.lead_mask == mask("5-5 1-2 3-4")


def test_V3_3_3_fish_winner_leads_else_the_fisher() -> None:
    """V3.3.3, V3.7: after a fish the single lowest hand leads (not the fisher); after a tied
    fish, the fisher."""
    r = rules()
    m = scripted_match(
        r, deal_of(["0-0 5-6", "2-3 1-2"], fill=False), deal_of(["3-3 1-4", "4-4 2-5"])
    )
    done = act(m, "0-0 knock knock")
    assert done[0].fish and done[0].fisher == 0
    assert done[0].notes["fish_winner"] == 1
    assert (m.round.leader, m.round.lead_mask) == (1, mask("4-4 2-5"))

    m = scripted_match(
        r, deal_of(["0-0 5-6", "2-3 1-5"], fill=False), deal_of(["3-3 1-4", "4-4 2-5"])
    )
    done = act(m, "0-0 knock knock")
    assert done[0].notes["fish_winner"] == -1
    assert (m.round.leader, m.round.lead_mask) == (0, mask("3-3 1-4"))


def test_V3_3_3_pairs_fish_leader() -> None:
    """V3.3.3: in pairs the fisher leads if their pair won the fish, else the partner of the
    winning pair with fewer pips in hand."""
    r = rules(players=4, pairs=True)
    nxt = deal_of(["1-1 0-1", "1-2 0-2", "1-3 0-3", "1-4 0-4"], fill=False)
    m = scripted_match(r, deal_of(["0-0 5-6", "1-3", "4-5 1-4", "0-2 6-6"], fill=False), nxt)
    res = act(m, "0-0 knock knock 0-2R knock knock knock knock")[0]
    assert res.fish and res.fisher == 3
    assert res.notes["fish_winner"] == 1, "pair 1 holds 4 + 12, pair 0 holds 11 + 14"
    assert m.round.leader == 3, "the fisher is of the winning pair"

    m = scripted_match(r, deal_of(["0-0 5-6", "0-4 6-6", "1-2 1-3", "5-5"], fill=False), nxt)
    res = act(m, "0-0 0-4L knock knock knock knock")[0]
    assert res.fish and res.fisher == 1
    assert res.notes["fish_winner"] == 0, "pair 0 holds 11 + 7, pair 1 holds 12 + 10"
    assert m.round.leader == 2, "the partner with fewer pips (7 against 11)"


# --- V3.4, V3.5: the cross and legal plays --------------------------------------------------------
def test_V3_4_1_spinner_is_the_first_double_laid() -> None:
    """V3.4, V3.4.1, V3.4.3, V3.D3: a double laid after a non-double lead spins; its cross
    opens only when both its line sides are covered; a later double is ordinary."""
    s = board(rules("muggins"), ["2-3 3-6 1-1", "3-3 2-2 0-1"])
    act(s, "2-3 3-3R")
    assert s.spinner == ts_tile("3-3")
    assert (s.up, s.down) == (-1, -1)
    act(s, "3-6R")
    assert (s.up, s.down) == (3, 3)
    act(s, "2-2L")
    assert s.spinner == ts_tile("3-3")


def test_V3_4_1_lead_double_is_the_spinner() -> None:
    """V3.4.1: a double lead is the spinner; its cross opens after both line sides."""
    s = board(rules("muggins"), ["5-5 3-5", "5-0 1-1"])
    act(s, "5-5 5-0L")
    assert s.spinner == ts_tile("5-5") and (s.up, s.down) == (-1, -1)
    act(s, "3-5R")
    assert (s.up, s.down) == (5, 5)


def test_V3_4_2_several_doubles_first_covered_spins() -> None:
    """V3.4.2, V3.D2: of 2-2 and 3-3 laid together, the first one covered becomes the house."""
    s = board(rules(), ["3-2 3-1 0-0", "2-2 3-3 5-6"])
    act(s, "3-2 2-2L+3-3R")
    assert s.spinner == -1
    act(s, "3-1R")
    assert s.spinner == ts_tile("3-3")
    assert (s.up, s.down) == (3, 3)


def test_V3_4_4_no_closed_doubles() -> None:
    """V3.4.4: no double is ever laid closed."""
    s = board(rules(), ["5-5 5-6 1-2", "5-0 6-6 0-0 3-3"])
    act(s, "5-5 5-0L 5-6R")
    codes = s.legal_actions()
    assert codes and not any(p.closed for c in codes if c >= 0 for p in placements(c))
    assert not s.is_legal(parse_action("6-6R*"))
    assert s.is_legal(parse_action("6-6R"))


def test_V3_5_1_one_tile_a_move_without_several() -> None:
    """V3.5, V3.5.1: in Маггинс one tile per move; two doubles at once are refused."""
    s = board(rules("muggins"), ["3-2 0-1", "2-2 3-3 5-6"])
    act(s, "3-2")
    assert not s.is_legal(parse_action("2-2L+3-3R"))
    assert all(len(placements(c)) == 1 for c in s.legal_actions())


def test_V3_5_2_up_to_four_doubles_in_telefon() -> None:
    """V3.5.2, G7: Телефон lays up to four doubles at once, one per open end."""
    s = board(rules(), ["4-4 4-1 4-2 0-0", "4-6 4-3 5-6"])
    act(s, "4-4 4-6L 4-1R 4-3U")
    s.hands[1] |= mask("6-6 1-1 3-3")  # now 6, 1, 3 and 4 are open
    s.hands[0] &= ~mask("0-0")
    s.turn = 1
    four = parse_action("6-6L+1-1R+3-3U")
    assert four in s.legal_actions()
    s.apply(four)
    assert s.hands[1] == mask("5-6")
    with pytest.raises(RulesError):
        rules(several_doubles="maybe")


def test_V3_5_3_doubles_laid_across_count_both_halves() -> None:
    """V3.5.3, V3.D12: a double at an end is always across and counts both halves; the option
    to lay it along does not exist."""
    s = board(rules("muggins"), ["4-4 4-3 1-2", "4-6 6-6 2-2"])
    act(s, "4-4 4-6L 4-3R 6-6L")
    assert end_count(s, True) == 12 + 3 + 4 + 4
    assert "doubles_along" not in VARIANT.options
    with pytest.raises(RulesError):
        rules(doubles_along=True)


# --- V3.6, V3.7: the end of a round and the fish --------------------------------------------------
def test_V3_6_round_ends_by_going_out_or_fish() -> None:
    """V3.6: going out ends the round; so does a fish."""
    m = scripted_match(rules(), deal_of(["0-0 0-1", "6-6 2-4"], fill=False), NEXT)
    res = act(m, "0-0 knock 0-1L")[0]
    assert res.went_out == 0 and not res.fish
    m = scripted_match(rules(), deal_of(["0-0 5-6", "2-3 1-2"], fill=False), NEXT)
    res = act(m, "0-0 knock knock")[0]
    assert res.fish and res.went_out == -1


def test_V3_7_fish_single_lowest_wins_and_play_points_kept() -> None:
    """V3.7, V3.8.4: the single lowest hand wins the fish; points made during play stay."""
    m = scripted_match(
        rules(), deal_of(["5-5 6-6", "1-2 2-3"], fill=False), deal_of(["1-1", "2-2"])
    )
    res = act(m, "5-5 knock knock")[0]
    assert res.fish
    assert res.notes["play"] == [2, 0], "the 5-5 lead counts 10: 2 fives"
    assert res.notes["fish_winner"] == 1
    assert res.notes["bonus"] == [0, 1], "12 - 8 = 4, rounded up to 5: 1 five"
    assert [st.written for st in m.standings] == [2, 1]


def test_V3_7_tied_fish_scores_nobody() -> None:
    """V3.7: a tie for the lowest hand scores no bonus; play points are still written."""
    m = scripted_match(
        rules(), deal_of(["5-5 6-6", "2-6 0-4"], fill=False), deal_of(["1-1", "2-2"])
    )
    res = act(m, "5-5 knock knock")[0]
    assert res.notes["fish_winner"] == -1
    assert res.notes["bonus"] == [0, 0]
    assert res.score.tie
    assert [st.written for st in m.standings] == [2, 0]


# --- V3.8: scoring --------------------------------------------------------------------------------
def test_V3_8_1_example_1_telefon_house_4_4() -> None:
    """Worked example 1 (000 «Телефон»; V3.8.1 played, V3.8.2 divided): 15 → 3, 20 → 4,
    25 → 5. The seed counts only the played sides of the house: ``cross=played`` (V3.D1)."""
    s = board(rules(cross="played"), ["4-4 4-3 4-5 0-1", "4-6 6-6 5-5 0-2"])
    counts = []
    for word in ["4-4", "4-6L", "4-3R", "6-6L", "4-5U", "5-5U"]:
        s.apply(parse_action(word))
        counts.append(s.count())
    assert counts == [8, 14, 9, 15, 20, 25]
    assert points_log(s) == [(1, 3), (0, 4), (1, 5)]
    assert s.scored == [4, 8]


def test_V3_8_1_telefon_counts_all_four_sides_of_the_house_by_default() -> None:
    """V3.8.1, V3.D1 (RULES.md V3): once the house is covered on both line sides, its two bare
    cross sides count its number in Телефон too: example 1's moves give 17, 23, 24, 29 — no
    multiple of 5 after the house closes, where ``cross=played`` scored 3, 4 and 5."""
    s = board(rules(), ["4-4 4-3 4-5 0-1", "4-6 6-6 5-5 0-2"])
    counts = []
    for word in ["4-4", "4-6L", "4-3R", "6-6L", "4-5U", "5-5U"]:
        s.apply(parse_action(word))
        counts.append(s.count())
    assert counts == [8, 14, 17, 23, 24, 29]
    assert s.scored == [0, 0]


def test_V3_8_1_example_2_several_doubles_house() -> None:
    """Worked example 2 (001 «Телефон»; V3.4.2, V3.5.2, play_points=full): 5, 10, 10, 5;
    3-6 instead of 3-1 would make 10."""
    r = rules(play_points="full", cross="played")
    s = board(r, ["3-2 2-4 0-0", "2-2 3-3 3-1 3-6"])
    act(s, "3-2 2-2L+3-3R 2-4L")
    other = s.copy()
    act(s, "3-1R")
    assert points_log(s) == [(0, 5), (1, 10), (0, 10), (1, 5)]
    assert s.spinner == ts_tile("2-2")
    act(other, "3-6R")
    assert points_log(other)[-1] == (1, 10)


@pytest.mark.parametrize(
    ("cross", "points"),
    [
        ("four", [(0, 10), (1, 10), (1, 15), (1, 20)]),
        ("played", [(0, 10), (1, 10), (1, 5), (1, 15)]),
    ],
)
def test_V3_8_1_examples_4_and_5_cross_four_or_played(
    cross: str, points: list[tuple[int, int]]
) -> None:
    """Worked examples 4 (000 «ПЯТЕРОЧКА», all four sides: 10, 10, 13 nothing, 15, 20) and 5
    (000's first copy, played sides only: 3 nothing, 5, 15); V3.D1."""
    s = board(rules("muggins", cross=cross), ["5-5 3-5 5-4 2-5 0-0", "5-0 0-2 2-2 3-3 1-1"])
    act(s, "5-5 5-0L 3-5R")
    assert s.score_log[-1][2] == 10 and len(s.score_log) == 2, "13 (or 3) scores nothing"
    assert end_count(s, cross == "four") == (13 if cross == "four" else 3)
    act(s, "0-2L 5-4U 2-2L 2-5L 3-3R")
    assert points_log(s) == points


def test_V3_8_2_all_threes_and_zero() -> None:
    """V3.8.2, V3.D4: Все тройки scores multiples of 3 (the count itself); a count of 0 and a
    multiple of 5 that is not of 3 score nothing; draws and knocks score nothing."""
    s = board(rules("all-threes"), ["3-3 0-1", "3-2 1-4"])
    act(s, "3-3")
    assert points_log(s) == [(0, 6)]
    act(s, "3-2L")  # 2 + 6 = 8
    assert len(s.score_log) == 1
    s = board(rules("all-threes"), ["2-3 0-1", "5-6"])
    act(s, "2-3")
    assert s.scored == [0, 0], "5 is no multiple of 3"
    s = board(rules(), ["0-0 1-2", "5-6 6-6"], draws="3-4 1-3 2-3")
    act(s, "0-0")
    assert s.scored == [0, 0], "0 is no «пятёрка»"
    act(s, "draw knock")
    assert s.scored == [0, 0] and not s.score_log


def test_V3_8_2_telefon_divides_by_five() -> None:
    """V3.8, V3.8.2: Телефон writes the count ÷ 5, Маггинс the count."""
    for preset, got in (("telefon", 2), ("muggins", 10)):
        s = board(rules(preset), ["5-5 1-2", "6-6"])
        act(s, "5-5")
        assert s.scored == [got, 0]


def test_V3_8_3_example_7_telefon_going_out() -> None:
    """Worked example 7 (V3.8.3): going out while the other holds 18: 18 ÷ 5 = 3.6 → 4."""
    m = scripted_match(rules(), deal_of(["0-0 0-1", "6-6 2-4"], fill=False), NEXT)
    res = act(m, "0-0 knock 0-1L")[0]
    assert pips("6-6 2-4") == 18
    assert res.notes["bonus"] == [4, 0]
    assert res.notes["play"] == [0, 0]
    assert [st.written for st in m.standings] == [4, 0]
    assert res.score.lines[0].round_points == 4 and res.score.lines[0].went_out


@pytest.mark.parametrize(
    ("opts", "others", "bonus"),
    [
        ({}, "6-6 2-4", 20),  # 18 → nearest 20
        ({}, "6-6 1-4", 15),  # 17 → 15
        ({"hand_units": "fives"}, "6-6 2-4", 4),  # 000's main text: 20 ÷ 5
        ({"out_bonus": "ten"}, "6-6 2-4", 10),  # 001, 004: a flat 10
        ({"hand_round": "up"}, "6-6 1-4", 20),
    ],
)
def test_V3_8_3_muggins_going_out(opts: dict[str, Any], others: str, bonus: int) -> None:
    """V3.8.3, V3.D10, V3.D13: Маггинс rounds the others' hands to the nearest 5 (units and the
    flat 10 as options)."""
    r = rules("muggins", **opts)
    sheet = score_sheet(r, (Standing(), Standing()), finished(r, ["", others], went_out=0))
    assert sheet.bonus == (bonus, 0)


def test_V3_8_3_pairs_partner_hand_does_not_count() -> None:
    """V3.8.3, V3.D11: in pairs the winners score the other pair's hands only; play points of
    both partners add up."""
    r = rules("muggins", players=4, pairs=True)
    state = finished(r, ["", "1-2", "6-6", "3-4"], went_out=0, scored=[10, 5, 15, 0])
    sheet = score_sheet(r, (Standing(), Standing()), state)
    assert sheet.play == (25, 5)
    assert sheet.bonus == (10, 0), "3 + 7 = 10; the partner's 6-6 does not count"
    assert sheet.after == (35, 5)


@pytest.mark.parametrize(
    ("preset", "opts", "bonus"),
    [
        ("muggins", {}, 25),
        ("muggins", {"hand_units": "fives"}, 5),
        ("muggins", {"fish_subtract": False}, 30),
        ("muggins", {"fish_subtract": False, "hand_units": "fives"}, 6),
        ("telefon", {}, 6),
    ],
)
def test_V3_8_4_example_6_fish(preset: str, opts: dict[str, Any], bonus: int) -> None:
    """Worked example 6 (000; V3.7, V3.8.4): the winner holds 3, the others 5, 11, 13:
    5 + 11 + 13 − 3 = 26 → 25 (÷ 5 = 5); without subtracting 29 → 30 (6); Телефон's rounding
    up: 26 → 30 → 6."""
    r = rules(preset, players=4, **opts)
    state = finished(r, ["1-2", "0-5", "5-6", "6-6 0-1"], fisher=2)
    sheet = score_sheet(r, tuple(Standing() for _ in range(4)), state)
    assert sheet.fish_winner == 0
    assert sheet.bonus == (bonus, 0, 0, 0)


def test_V3_8_4_pairs_fish_per_pair() -> None:
    """V3.8.4, V3.D11: in pairs the fish compares the pairs' hands."""
    r = rules("muggins", players=4, pairs=True)
    state = finished(r, ["1-2", "0-5", "0-1", "5-6"], fisher=1)
    sheet = score_sheet(r, (Standing(), Standing()), state)
    assert sheet.hand == (4, 16)
    assert sheet.fish_winner == 0 and sheet.bonus == (10, 0), "16 - 4 = 12 → 10"


def test_V3_8_5_example_3_loser_pays() -> None:
    """Worked example 3 (001 «Телефон»; V3.8.5): 6-4 and 5-3 (18) write off 15; a score of 10
    drops to 0, not −5; the winner gets no bonus."""
    r = rules(settle="loser_pays", play_points="full", hand_units="points", target=225)
    state = finished(r, ["", "6-4 5-3"], went_out=0)
    sheet = score_sheet(r, (Standing(30), Standing(10)), state)
    assert sheet.paid == (0, 15)
    assert sheet.bonus == (0, 0)
    assert sheet.after == (30, 0)
    sheet = score_sheet(r, (Standing(30), Standing(40)), state)
    assert sheet.after == (30, 25)


def test_V3_8_5_loser_pays_in_a_match() -> None:
    """V3.8.5: on the sheet; every player left with tiles writes off, never below 0."""
    r = rules(settle="loser_pays", play_points="full", hand_units="points")
    m = scripted_match(r, deal_of(["5-5 6-6", "1-2 2-3"], fill=False), deal_of(["1-1", "2-2"]))
    res = act(m, "5-5 knock knock")[0]
    assert res.notes["play"] == [10, 0]
    assert res.notes["paid"] == [10, 5]
    assert [st.written for st in m.standings] == [0, 0]
    assert res.notes["fish_winner"] == 1 and m.round.leader == 1, "the fish winner still leads"


# --- V3.9: the end of the match -------------------------------------------------------------------
def test_V3_9_target_reached_highest_wins() -> None:
    """V3.9, V3.9.1, V3.D7, V3.D15: at the end of the round that reaches the target the single
    highest wins; the others lose (ratings 1/0)."""
    m = scripted_match(rules(target=4), deal_of(["0-0 0-1", "6-6 2-4"], fill=False), NEXT)
    res = act(m, "0-0 knock 0-1L")[0]
    assert m.over and m.outcome is not None
    assert m.outcome.winners == (0,) and m.outcome.goats == (1,)
    assert m.outcome.ratings == (1, 0)
    assert res.notes["ended"] == "target" and res.goats == (1,)
    m = scripted_match(
        rules(target=5), deal_of(["0-0 0-1", "6-6 2-4"], fill=False), deal_of(["1-1", "2-2"])
    )
    act(m, "0-0 knock 0-1L")
    assert not m.over


def test_V3_9_tie_for_highest_plays_on() -> None:
    """V3.9: a tie for the highest at or past the target plays another round; below the target
    nothing ends; three players: the single highest wins even if another passed too."""
    r = rules(target=72)
    assert match_end(r, (80, 80), 5) == ((), (), None)
    assert match_end(r, (71, 20), 5) == ((), (), None)
    r3 = rules(target=72, players=3)
    assert match_end(r3, (75, 80, 10), 5) == ((0, 2), (1,), "target")


def test_V3_9_loser_pays_names_the_lowest() -> None:
    """V3.9, V3.9.1: under loser_pays only the lowest score loses."""
    r = rules(players=3, settle="loser_pays")
    assert match_end(r, (75, 80, 10), 5) == ((2,), (1,), "target")
    assert match_end(r, (75, 80, 75), 5) == ((0, 2), (1,), "target")


def test_V3_9_1_rounds_limit() -> None:
    """V3.9.1: match_end=rounds:N ends after N rounds; a tie for the highest is a draw;
    last_standing is refused."""
    r = rules(match_end="rounds:2")
    assert match_end(r, (100, 0), 1) == ((), (), None)
    assert match_end(r, (3, 4), 2) == ((0,), (1,), "rounds")
    assert match_end(r, (4, 4), 2) == ((), (), "rounds")
    with pytest.raises(RulesError):
        rules(match_end="last_standing")


@pytest.mark.parametrize(
    "opts",
    [
        {"later_leads": "rotate"},
        {"partner_leads": True, "players": 4, "pairs": True},
        {"lead_rule": "kozel"},
        {"blank_alone": 10},
        {"fish": "all"},
        {"open_threshold": 20},
        {"double_pair": True},
        {"fish_takes_boneyard": True},
    ],
)
def test_V3_D14_options_without_meaning_are_refused(opts: dict[str, Any]) -> None:
    """V3.D14: Козёл options that would do nothing in this family are refused."""
    with pytest.raises(RulesError):
        rules("muggins", **opts)


# --- the bots' costs ------------------------------------------------------------------------------
def test_round_costs_in_the_variants_own_points() -> None:
    """round_costs: minus a side's gain (play points included) plus the others' mean; reaching
    the target with the highest score is worth half a target."""
    r = rules("muggins", players=3)
    state = finished(r, ["", "6-6 2-4", "1-2"], went_out=0, scored=[10, 30, 0])
    before = (Standing(0), Standing(0), Standing(0))
    costs = VARIANT.round_costs(Sheet(r, before, 0, {}), state)
    # gains: seat 0 10 + 20 (the others' 18 + 3 = 21, to the nearest 5), seat 1 30, seat 2 0
    assert costs == pytest.approx([-30 + 15, -30 + 15, 0 + 30])
    assert sum(costs) == pytest.approx(0)
    near = (Standing(190), Standing(0), Standing(0))
    won = VARIANT.round_costs(Sheet(r, near, 0, {}), state)
    assert won[0] == pytest.approx(costs[0] - 100)
    assert won[1] == pytest.approx(costs[1] + 100) and won[2] == pytest.approx(costs[2] + 100)


# --- whole matches --------------------------------------------------------------------------------
def play_out(m: Match, seed: int) -> list[tuple[list[int], list[int]]]:
    """Random legal moves to the end; per round the play points per side of the score_log and
    the sheet's."""
    rng = random.Random(seed)
    seen = []
    r = m.rules
    while not m.over:
        state = m.round
        res = m.apply(rng.choice(m.legal_actions()))
        if res is not None:
            assert isinstance(state, CrossState)
            log = [0] * r.sides
            for seat, _, points in state.score_log:
                log[r.side_of(seat)] += points
            seen.append((log, res.notes["play"]))
    return seen


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    "opts",
    [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 4, "pairs": True}],
    ids=["2", "3", "4", "pairs"],
)
def test_V3_random_matches_end_with_a_winner(preset: str, opts: dict[str, Any]) -> None:
    """V3.9: seeded random matches end with one winner past the target; the sheet's play points
    are the score_log's, and every side's score is the sum of its play points and bonuses."""
    r = rules(preset, **opts)
    for seed in range(4):
        m = Match(r, seed)
        rounds = play_out(m, seed)
        assert m.outcome is not None and len(m.outcome.winners) == 1
        win = m.outcome.winners[0]
        written = [st.written for st in m.standings]
        assert written[win] == max(written) >= r.target
        assert sorted(m.outcome.goats) == [s for s in range(r.sides) if s != win]
        for log, sheet in rounds:
            assert log == sheet
        for side in range(r.sides):
            total = sum(res.notes["play"][side] + res.notes["bonus"][side] for res in m.results)
            assert total == written[side]


def test_V3_8_5_random_loser_pays_matches() -> None:
    """V3.8.5, V3.9: loser_pays matches end; scores never go below 0."""
    r = rules("muggins", settle="loser_pays", players=3)
    for seed in range(4):
        m = Match(r, seed)
        rng = random.Random(seed)
        while not m.over:
            m.apply(rng.choice(m.legal_actions()))
            assert all(st.written >= 0 for st in m.standings)
        assert m.outcome is not None and len(m.outcome.winners) == 1
        written = [st.written for st in m.standings]
        assert m.outcome.goats == tuple(s for s in range(3) if written[s] == min(written))


def test_presets_found_by_name() -> None:
    """V3, V3.D8: the three presets are one variant module; targets 72 (Телефон's fives), 200."""
    for preset in PRESETS:
        assert get_variant(rules(preset).variant) is VARIANT
    assert [rules(p).target for p in PRESETS] == [72, 200, 200]


def test_V3_8_2_divided_counts_multiples() -> None:
    """V3.8.2: play_points=divided with multiple=3 writes how many threes the count holds."""
    s = board(rules(multiple=3), ["3-3 1-2", "6-6"])
    act(s, "3-3")
    assert s.scored == [2, 0]
