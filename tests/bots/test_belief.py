"""The belief model (K3.6): sound over many random positions, yet sharp enough to matter."""

from __future__ import annotations

from domino_tui.bots.belief import Belief
from domino_tui.engine.actions import DRAW, KNOCK, parse_action
from domino_tui.engine.deal import lead_order
from domino_tui.engine.geometry import geometry
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import SeatView, seat_view

from .helpers import RULESETS, TS, mask, positions, scripted

POSITIONS = 10_000


def _naive_void(view: SeatView, seat: int) -> int:
    """The tempting but wrong model: a suit once knocked or drawn on is void for good."""
    fits = geometry(view.rules.set_top, view.rules.match).fits
    void = 0
    for e in view.events:
        if e.seat == seat and e.code in (DRAW, KNOCK) and e.left >= 0:
            void |= fits[e.left] | fits[e.right]
    return void


def test_k3_6_belief_never_rules_out_the_true_hands() -> None:
    """Over 10,000+ random positions of a dozen rule sets, every seat's belief about every other
    seat admits that seat's true hand; and the naive 'void forever' model does not."""
    checked = naive_wrong = facts_used = 0
    seed = 0
    while checked < POSITIONS:
        rules = RULESETS[seed % len(RULESETS)]
        for match in positions(rules, seed):
            truth = match.round.hands
            for me in match.round.seats:
                view = seat_view(match, me)
                belief = Belief(view)
                for other in match.round.seats:
                    if other == me:
                        continue
                    assert belief.consistent(other, truth[other]), (rules, seed, me, other)
                    facts_used += belief.possible[other] != view.unseen
                    naive_wrong += bool(_naive_void(view, other) & truth[other])
            checked += 1
        seed += 1
    assert checked >= POSITIONS
    assert facts_used > checked // 4  # the model does rule tiles out, often
    assert naive_wrong > 0  # later draws really do bring suits back


def test_k3_6_a_knock_rules_out_both_ends_while_no_draw_follows() -> None:
    """After a knock (no boneyard with four players) the suits are gone for good."""
    rules = make_rules({"players": 4})
    hits = 0
    for seed in range(30):
        for match in positions(rules, seed, greedy_share=0.8):
            view = seat_view(match, match.turn)
            belief = Belief(view)
            fits = geometry(6, "equal").fits
            for e in view.events:
                if e.code == KNOCK and e.seat != view.seat:
                    assert belief.lacks(e.seat, fits[e.left] | fits[e.right])
                    hits += 1
    assert hits > 50


def test_k3_6_a_later_kept_draw_brings_the_suit_back() -> None:
    """Seat 1 draws on 1s (keeps 0-5, plays the 1-6 it drew): it lacks 1s. Later it draws on
    2s and 6s, keeps 1-4 and plays 2-4: a 1 is back in its hand, one at most, and 2s and 6s are
    gone. The naive model would rule the true hand out."""
    rules = make_rules({"players": 2})
    m = scripted(
        rules,
        ["1-1 1-2 1-3 2-3 2-6 6-6 1-5", "0-0 0-3 0-4 3-4 4-5 3-5 5-5"],
        draws="0-5 1-6 1-4 2-4",
        script="1-1 draw draw 1-6R",
    )
    early = Belief(seat_view(m, 0))
    assert early.lacks(1, TS.suit_mask[1])
    for word in ["1-2L", "draw", "draw", "2-4L"]:
        m.apply(parse_action(word))
    view = seat_view(m, 0)
    late = Belief(view)
    truth = m.round.hands[1]
    assert truth & mask("1-4")
    assert late.consistent(1, truth)
    assert _naive_void(view, 1) & truth
    assert not late.lacks(1, mask("1-4"))
    assert late.lacks(1, TS.suit_mask[2] | TS.suit_mask[6])
    two_ones = truth & ~mask("0-3") | mask("0-1")
    assert not late.consistent(1, two_ones)  # only one kept draw since the 1s were shown


def test_k2_1_the_forced_lead_shows_which_doubles_lay_in_the_boneyard() -> None:
    """First round, lead 2-2: nobody was dealt 1-1 (K2.1), so the other seat cannot hold it
    unless it drew it."""
    rules = make_rules({"players": 2})
    m = scripted(rules, ["2-2 0-1 0-2 3-4 3-5 4-6 5-6", "0-0 0-3 0-4 3-3 4-4 4-5 6-6"], script="")
    assert m.legal_actions() == [TS.tile(2, 2) << 1]
    m.apply(m.legal_actions()[0])
    belief = Belief(seat_view(m, 1))
    assert belief.lacks(0, mask("1-1"))
    order = lead_order(rules.set_top, rules.lead_rule)
    assert order[:3] == (TS.tile(1, 1), TS.tile(2, 2), TS.tile(3, 3))
