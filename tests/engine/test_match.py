"""The end of the game and what the table shows (K9, K9.1, D4, F13, P8, C6, K10, K10.1, F14,
K11)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from domino_tui.engine.match import Match
from domino_tui.engine.round import IllegalActionError
from domino_tui.engine.rules import make_rules
from domino_tui.engine.scoring import Standing, abandon_rating, rating, round_half_up

from .scripted import act, deal_of, scripted_match

# Three players, two tiles each, nothing can be drawn: seat 0 leads 1-1, the others knock,
# seat 0 goes out with 1-2. Seats 1 and 2 keep their hands (no tile of theirs has a 1 or a 2).
THREE_KNOCK = {"players": 3, "hand_size": 2, "boneyard_reserve": 22}
OUT_BY_0 = "1-1 knock knock 1-2R"
NEXT = ["1-1 1-2", "3-3 0-6", "0-5 4-4"]  # a deal that lets the match go on


def three(**options: Any) -> dict[str, Any]:
    return {**THREE_KNOCK, **options}


def wrote(n: int) -> Standing:
    return Standing(written=n, opened=True)


def test_K9_the_game_ends_when_a_written_score_reaches_the_target() -> None:
    rules = make_rules(three(target=30))
    m = scripted_match(
        rules,
        deal_of(["1-1 1-2", "5-6 6-6", "0-4 0-5"]),
        deal_of(["1-1 1-2", "4-4 3-6", "0-0 0-3"]),
    )
    (r1,) = act(m, OUT_BY_0)
    assert m.standings[1] == wrote(23) and not m.over and r1.goats == ()
    (r2,) = act(m, OUT_BY_0)
    assert m.standings[1] == wrote(40)
    assert r2.goats == (1,)
    assert m.over and m.outcome is not None and m.outcome.goats == (1,)
    assert m.legal_actions() == []
    with pytest.raises(IllegalActionError, match="match is over"):
        m.apply(0)


def test_K9_remembered_points_never_make_a_goat() -> None:
    """Target 10: seat 1 holds +12 remembered, above the target, and is no goat."""
    rules = make_rules(three(target=10))
    m = scripted_match(rules, deal_of(["1-1 1-2", "6-6 0-0", "0-3 0-4"]), deal_of(NEXT))
    (r1,) = act(m, OUT_BY_0)
    assert m.standings[1] == Standing(remembered=12)
    assert r1.goats == () and not m.over


def test_K9_D4_everyone_at_or_above_the_target_is_a_goat() -> None:
    rules = make_rules(three(target=21))
    m = scripted_match(rules, deal_of(["1-1 1-2", "6-6 4-5", "5-5 5-6"]))
    (r1,) = act(m, OUT_BY_0)
    assert [st.written for st in m.standings] == [0, 21, 21]
    assert r1.goats == (1, 2)
    assert m.outcome is not None and m.outcome.goats == (1, 2)


def test_K9_the_target_option() -> None:
    assert make_rules().target == 101
    rules = make_rules(three(target=150))
    m = scripted_match(rules, deal_of(["1-1 1-2", "6-6 4-5", "5-5 5-6"]), deal_of(NEXT))
    act(m, OUT_BY_0)
    assert not m.over


def test_K9_1_rounds_n_ignores_the_target_and_the_highest_is_the_goat() -> None:
    rules = make_rules(three(target=10, match_end="rounds:2"))
    m = scripted_match(
        rules,
        deal_of(["1-1 1-2", "5-6 6-6", "0-4 0-5"]),
        deal_of(["1-1 1-2", "4-4 3-6", "0-0 0-3"]),
    )
    act(m, OUT_BY_0)
    assert m.standings[1].written == 23 and not m.over  # above the target, but one round left
    act(m, OUT_BY_0)
    assert [st.written for st in m.standings] == [0, 40, 0]
    assert m.over and m.outcome is not None
    assert m.outcome.goats == (1,)


def test_K9_1_rounds_n_the_lowest_written_total_wins() -> None:
    """ "After N rounds the lowest written total wins and the highest is the goat"."""
    rules = make_rules(three(match_end="rounds:1"))
    m = scripted_match(rules, deal_of(["1-1 1-2", "5-6 6-6", "0-6 6-4"]))
    act(m, OUT_BY_0)
    assert [st.written for st in m.standings] == [0, 23, 16]
    assert m.outcome is not None
    assert m.outcome.goats == (1,)
    assert m.outcome.winners == (0,)


def test_F13_rounds_n_all_tied_for_highest_are_goats() -> None:
    rules = make_rules(three(match_end="rounds:1"))
    m = scripted_match(rules, deal_of(["1-1 1-2", "6-6 4-5", "5-5 5-6"]))
    act(m, OUT_BY_0)
    assert m.outcome is not None and m.outcome.goats == (1, 2)


def test_F13_rounds_n_everyone_equal_means_no_goat() -> None:
    rules = make_rules(three(match_end="rounds:1"))
    m = scripted_match(rules, deal_of(["1-1 1-2", "0-3 0-4", "3-3 0-5"]))
    act(m, OUT_BY_0)
    assert [st.written for st in m.standings] == [0, 0, 0]  # all remembered
    assert m.outcome is not None and m.outcome.goats == ()


def test_K9_1_F13_last_standing_plays_on_and_keeps_a_pending_carry_over() -> None:
    """Target 30. Round 1: seat 1 writes 23. Round 2: a tied fish (20/20) carries 50. Round 3:
    seat 1 reaches 30 and drops out as a goat, but seats 1 and 2 tie for most, so the carry
    stays pending. Round 4 is dealt to seats 0 and 2 only; seat 2 takes the carry-over, drops
    out too, and the game ends with both goats."""
    rules = make_rules(three(target=30, match_end="last_standing"))
    m = scripted_match(
        rules,
        deal_of(["1-1 1-2", "5-6 6-6", "0-4 0-5"]),
        deal_of(["1-1 0-0", "5-5 4-6", "4-5 5-6"]),
        deal_of(["1-1 1-2", "0-3 0-4", "0-0 3-4"]),
        deal_of(["1-1 1-2", "", "5-5 6-6"], "0-0 3-3"),
    )
    act(m, OUT_BY_0)
    assert m.standings[1] == wrote(23) and m.standings[2] == Standing(remembered=9)
    (r2,) = act(m, "1-1 knock knock knock")
    assert r2.fish and r2.score.tie and m.carry == 50
    (r3,) = act(m, OUT_BY_0)
    assert r3.goats == (1,) and not m.over
    assert m.standings[1].out and m.standings[1].written == 30
    assert r3.score.lines[1].after == m.standings[1]  # the sheet row shows the drop-out (K11)
    assert m.standings[2] == Standing(remembered=16)
    assert m.carry == 50
    assert m.seats_in == (0, 2)
    assert m.round.tile_counts() == (2, 0, 2)
    assert len(m.round.boneyard) == 24  # the same hand size, a bigger boneyard
    (r4,) = act(m, "1-1 draw draw knock 1-2R")
    assert [e.seat for e in m.histories[-1]] == [0, 2, 2, 2, 0]  # seat 1 is skipped
    assert r4.score.lines[2].carry_paid == 50
    assert m.standings[2].written == 10 + 12 + 0 + 6 + 50 + 16 and m.standings[2].out
    assert r4.goats == (2,)
    assert m.over and m.outcome is not None and m.outcome.goats == (1, 2)


def test_P8_the_pair_that_reaches_the_target_are_the_goats() -> None:
    rules = make_rules({"hand_size": 2, "target": 20}, preset="kozel-pairs")
    m = scripted_match(rules, deal_of(["1-1 1-2", "1-3 5-6", "2-3 0-0", "1-4 4-6"]))
    (result,) = act(m, "1-1 1-3L 2-3L 1-4R 1-2L")
    assert [st.written for st in m.standings] == [0, 21]
    assert result.goats == (1,)
    assert m.outcome is not None and m.outcome.goats == (1,)
    assert m.outcome.ratings == (2, 0)  # (19 - 0) / 10 = 1.9


def test_C6_classic_first_to_the_target_wins() -> None:
    rules = make_rules({"players": 3, "hand_size": 2, "target": 20}, preset="classic")
    m = scripted_match(
        rules,
        deal_of(["6-6 5-6", "6-1 1-2", "0-0 1-4"]),
    )
    assert make_rules(preset="classic").target == 100
    (r1,) = act(m, "6-6 1-6R 1-4R 5-6L")
    assert r1.went_out == 0 and r1.score.lines[0].round_points == 3 + 25  # C5: 0-0 alone
    assert m.over and m.outcome is not None
    assert m.outcome.winners == (0,) and m.outcome.goats == ()


def test_C6_classic_is_not_over_below_the_target() -> None:
    rules = make_rules({"players": 3, "hand_size": 2, "target": 100}, preset="classic")
    m = scripted_match(
        rules,
        deal_of(["6-6 5-6", "6-1 1-2", "0-0 1-4"]),
        deal_of(["6-6 5-6", "6-1 1-2", "0-0 1-4"]),
    )
    act(m, "6-6 1-6R 1-4R 5-6L")
    assert not m.over and m.standings[0].written == 28


# --- rating ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("written", "points"), [(25, 8), (0, 10), (95, 1), (100, 1), (35, 7), (34, 7), (36, 6)]
)
def test_K10_F14_rating_of_a_non_goat(written: int, points: int) -> None:
    assert rating(make_rules(), written, goat=False) == points


def test_K10_goats_earn_nothing() -> None:
    assert rating(make_rules(), 130, goat=True) == 0
    assert rating(make_rules(), 0, goat=True) == 0


def test_K10_rating_uses_the_target_option() -> None:
    assert rating(make_rules({"target": 201}), 25, goat=False) == 18


def test_F14_round_half_up() -> None:
    assert [round_half_up(Decimal(x)) for x in ("0.5", "1.5", "2.5", "7.5", "0.49")] == [
        1,
        2,
        3,
        8,
        0,
    ]


def test_K10_the_match_outcome_carries_the_ratings() -> None:
    rules = make_rules(three(target=21))
    m = scripted_match(rules, deal_of(["1-1 1-2", "6-6 4-5", "0-3 0-4"]))
    act(m, OUT_BY_0)
    assert m.outcome is not None and m.outcome.goats == (1,)
    # seat 0 wrote nothing: (20 - 0) / 10 = 2; seat 2 has only +7 remembered: also 2
    assert m.outcome.ratings == (2, 0, 2)


@pytest.mark.parametrize(("leaver", "score", "points"), [(32, 30, 1), (32, 13, 2), (32, 32, 1)])
def test_K10_1_abandon_rating(leaver: int, score: int, points: int) -> None:
    assert abandon_rating(leaver, score, leaver=False) == points
    assert abandon_rating(leaver, leaver, leaver=True) == 0


def test_K10_1_a_player_who_leaves_ends_the_match() -> None:
    rules = make_rules(three())
    m = scripted_match(rules, deal_of(["1-1 1-2", "5-6 6-6", "0-4 0-5"]), deal_of(NEXT))
    act(m, OUT_BY_0)
    outcome = m.abandon(1)  # seat 1 has written 23
    assert outcome.abandoned_by == 1 and outcome.goats == ()
    assert outcome.ratings == (2, 0, 2)
    assert m.over and m.legal_actions() == []


# --- the score table K11 ---------------------------------------------------------------------
def test_K11_each_round_row_has_before_points_and_after() -> None:
    rules = make_rules(three(target=60))
    m = scripted_match(
        rules,
        deal_of(["1-1 1-2", "5-6 6-6", "0-4 0-5"]),
        deal_of(["1-1 0-0", "5-5 4-6", "4-5 5-6"]),
        deal_of(["1-1 1-2", "0-3 0-4", "0-0 3-4"]),
    )
    act(m, OUT_BY_0 + " 1-1 knock knock knock")
    r1, r2 = m.results
    for side in range(3):
        assert r1.score.lines[side].after == r2.score.lines[side].before
        assert r2.score.lines[side].after == m.standings[side]
    assert [line.went_out for line in r1.score.lines] == [True, False, False]
    assert not r1.fish and r2.fish  # the fish mark of the round row
    assert r2.score.tie and m.carry == 50  # the pending +50 fish marker
    assert [line.written_now for line in r1.score.lines] == [0, 23, 0]
    assert [line.remembered_now for line in r1.score.lines] == [0, 0, 9]
    assert [r.number for r in m.results] == [1, 2]


def test_K11_matches_are_reproducible_from_the_seed() -> None:
    rules = make_rules({"players": 3})
    a, b = Match(rules, 99), Match(rules, 99)
    for _ in range(60):
        if a.over:
            break
        code = a.legal_actions()[-1]
        a.apply(code)
        b.apply(code)
    assert a.standings == b.standings and a.histories == b.histories
