"""The cross shared by Осёл, Телефон and Чечевэ (docs/variants/README.md G1-G10): scripted
boards for the spinner, its arms, closed doubles, several doubles in one move, the fish with many
ends, going out, the notation and the board as a seat sees it."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from domino_tui.engine.actions import (
    DRAW,
    EXT_BASE,
    KNOCK,
    NotationError,
    Placement,
    encode,
    format_action,
    parse_action,
    placements,
)
from domino_tui.engine.cross import CLOSED, CrossState
from domino_tui.engine.match import Match
from domino_tui.engine.record import round_notation
from domino_tui.engine.round import IllegalActionError
from domino_tui.engine.rules import make_rules
from domino_tui.engine.variants import get_variant
from domino_tui.engine.view import seat_view

from ..scripted import TS, act, deal_of, mask, scripted_match, tiles, yard

LEFT, RIGHT, UP, DOWN = range(4)


def cross(
    preset: str,
    hands: Sequence[str],
    draws: str = "",
    *,
    leader: int = 0,
    fill: bool = True,
    **opts: Any,
) -> CrossState:
    """A cross round from written hands; the leader may lead any tile."""
    rules = make_rules({"players": len(hands), **opts}, preset=preset)
    masks = [mask(h) for h in hands]
    bone = list(yard(draws, masks, fill))
    seats = tuple(range(len(hands)))
    s = get_variant(rules.variant).start(rules, masks, bone, leader, masks[leader], seats)
    assert isinstance(s, CrossState)
    return s


def code(text: str) -> int:
    return parse_action(text)


def refused(s: CrossState, text: str) -> str:
    """The refusal of ``text``: the state is unchanged and the reason key is returned."""
    before = s.snapshot()
    with pytest.raises(IllegalActionError):
        s.apply(code(text))
    assert s.snapshot() == before
    found = s.illegal_reason(code(text))
    assert found is not None
    return found[0]


def t(name: str) -> int:
    return TS.parse(name)


# --- G1, G2, G3: the spinner, its line sides, its arms ---------------------------------


def test_G1_the_first_double_is_the_only_spinner() -> None:
    """G1 (V2.4.1, V2.4.3): the first open double spins; a later double is ordinary."""
    s = cross("osel", ["3-5 1-5 3-3 0-1", "5-5 5-6 2-6 4-6"], leader=0, players=2)
    act(s, "3-5 5-5R")
    assert s.spinner == t("5-5")
    act(s, "1-5R 5-6U 3-3L")
    assert s.spinner == t("5-5"), "3-3 is an ordinary double"
    assert s.open_ends() == (3, 1, 6, 5)


def test_G2_cross_sides_open_after_both_line_sides() -> None:
    """G2: a spinner laid onto an end has its inner side covered; its cross sides open only when
    the outer line side is covered too (worked example 1 of osel.md, V2.4.2)."""
    s = cross("osel", ["3-5 1-2 0-0", "5-5 0-6 2-6", "1-5 0-4 4-4"], players=3)
    act(s, "3-5 5-5R")
    assert s.open_ends() == (3, 5, -1, -1)
    assert refused(s, "1-5U") == "no_such_end"
    act(s, "1-5R")
    assert s.open_ends() == (3, 1, 5, 5)
    assert s.spin_cov == 2


def test_G2_a_lead_spinner_has_both_line_sides_open() -> None:
    """G2, V2.4.1: a double that leads is the spinner with both line sides open; the cross
    opens once a tile touches each of them."""
    s = cross("osel", ["4-4 1-4 0-0", "2-4 0-6 1-6"], players=2)
    act(s, "4-4")
    assert s.spinner == t("4-4") and s.open_ends() == (4, 4, -1, -1)
    act(s, "2-4L")
    assert s.open_ends() == (2, 4, -1, -1)
    act(s, "1-4R")
    assert s.open_ends() == (2, 1, 4, 4)


def test_G3_arms_grow_like_line_ends() -> None:
    """G3: a tile on a cross side starts an arm that grows like a line end (L2)."""
    s = cross("osel", ["5-5 1-5 2-6 0-3", "3-5 2-5 4-6 1-1"], players=2)
    act(s, "5-5 3-5L 1-5R 2-5U 2-6U")
    assert s.open_ends() == (3, 1, 6, 5)
    act(s, "4-6U")
    assert s.open_ends() == (3, 1, 4, 5)
    placed = [(TS.name(tile), where, seat) for tile, where, seat in s.placed]
    assert placed[3:] == [("2-5", UP, 1), ("2-6", UP, 0), ("4-6", UP, 1)]


# --- G4: notation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["4-5U", "4-5D", "3-3R*", "2-2L+3-3R*+1-1U", "6-6L*+1-1U", "0-0L+1-1R+2-2U+3-3D*", "5-5"],
)
def test_G4_notation_reads_back(text: str) -> None:
    """G4: ends L/R/U/D, ``*`` for closed, ``+`` between doubles laid together."""
    c = code(text)
    assert format_action(c, lead=text == "5-5") == text


def test_G4_notation_refuses_unordered_or_unnamed_ends() -> None:
    """G4: several doubles are written end by end, each naming its end."""
    for text in ("3-3R+2-2L", "3-3+2-2R", "1-1L+2-2R+3-3U+4-4D+5-5L"):
        with pytest.raises(NotationError):
            parse_action(text)


def test_G4_every_legal_move_round_trips_through_notation() -> None:
    """G4: in seeded cross games every legal move prints and parses back to itself, and each
    move has one code (plain plays and open pairs keep the Козёл codes)."""
    seen: set[str] = set()
    for preset in ("osel", "chechevo", "telefon"):
        for seed in range(6):
            m = Match(make_rules({}, preset=preset), seed)
            rng = random.Random(seed)
            for _ in range(400):
                if m.over:
                    break
                lead = not m.round.placed
                for c in m.legal_actions():
                    text = format_action(c, lead=lead)
                    assert parse_action(text) == c, text
                    assert c < 0 or encode(placements(c)) == c
                    if c >= EXT_BASE:
                        seen.update(ch for ch in "UD*+" if ch in text)
                legal = m.legal_actions()
                m.apply(legal[rng.randrange(len(legal))])
    assert seen == set("UD*+")


# --- G5, G6: doubles at an end, closed doubles -------------------------------------------------


def test_G5_an_open_double_leaves_its_end() -> None:
    """G5: a double on end x is x-x and leaves the end x."""
    s = cross("osel", ["5-5 1-5 3-3", "3-5 2-2 0-6"], players=2)
    act(s, "5-5 3-5L 3-3L")
    assert s.left == 3 and s.dbl >> LEFT & 1


def test_G5_under_sum6_a_double_fits_six_minus_the_end() -> None:
    """G5 (L5): under ``match=sum6`` a double on end x is (6-x)-(6-x), and it shows 6-x."""
    s = cross("osel", ["2-2 0-4 4-4", "1-4 0-5 1-1"], players=2, match="sum6")
    act(s, "2-2 1-4L")  # the 4 touches the 2: the left end shows 1
    assert s.left == 1
    assert code("4-4R") in s.legal_actions(), "4-4 fits the right end 2 (4 + 2 = 6)"
    act(s, "4-4R")
    assert s.right == 4


def test_G6_a_closed_double_shuts_its_end() -> None:
    """G6 (V2.5.2): a closed double fits its end, is on the table and out of the hand, and the
    end is gone for good: nothing is attached there again."""
    s = cross("osel", ["5-5 3-3 1-5 0-2", "3-5 0-3 1-3 2-3"], players=2)
    act(s, "5-5 3-5L 3-3L*")
    assert s.left == -1
    assert s.placed[-1] == (t("3-3"), LEFT | CLOSED, 0)
    assert s.table >> t("3-3") & 1 and not s.hands[0] >> t("3-3") & 1
    assert refused(s, "0-3L") == "no_such_end"
    assert s.legal_actions() == [DRAW], "0-3, 1-3 and 2-3 fit nothing now"


def test_G6_no_closed_double_before_the_spinner_or_where_the_variant_forbids() -> None:
    """G6 (V2.5.2, V2.D1, V3.4.4): Осёл lays a single double open until a spinner exists (it
    becomes the spinner); Телефон never closes one."""
    s = cross("osel", ["2-4 0-1 0-2", "4-4 0-3 0-5"], players=2)
    act(s, "2-4")
    assert refused(s, "4-4R*") == "no_closing"
    act(s, "4-4R")
    assert s.spinner == t("4-4")
    s = cross("telefon", ["5-5 1-5 0-2", "3-5 3-3 0-6"], players=2)
    act(s, "5-5 3-5L 1-5R")
    assert refused(s, "3-3L*") == "no_closing"


def test_G6_a_closed_double_is_public_and_never_dealt_to_a_guess() -> None:
    """G6, G10, V2.D7, V5.D7: the seat view shows the closed double where it lies, face down; it is
    not among the tiles the seat has not seen, so no sampled deal of the hidden tiles ever holds
    it."""
    from domino_tui.bots.sampler import Sampler

    rules = make_rules({"players": 3}, preset="osel")
    hands = ["1-1 3-3 2-5 0-4 5-6", "1-3 0-5 0-2 0-6 6-6", "1-4 4-4 2-2 0-0 2-6"]
    m = scripted_match(rules, deal_of(hands), deal_of(hands))
    act(m, "1-1 1-3L 1-4R 3-3L*")
    closed = t("3-3")
    for seat in range(3):
        view = seat_view(m, seat)
        assert (closed, LEFT | CLOSED, 0) in view.placed
        assert view.table >> closed & 1 and not view.unseen >> closed & 1
        assert view.ends == (-1, 4, 1, 1)
        sampler = Sampler(view)
        rng = random.Random(seat)
        for _ in range(50):
            guess, boneyard = sampler.sample(rng)
            assert closed not in boneyard
            assert not any(h >> closed & 1 for h in guess.values())


# --- G7: several doubles in one move -----------------------------------------------------------


def test_G7_several_doubles_are_one_action() -> None:
    """G7 (worked example 2 of osel.md): ``3-3L+1-1R*`` lays two doubles, one per end, in one
    turn; the left stays 3 (open), the right is gone."""
    s = cross("osel", ["3-5 0-2 0-3", "5-5 0-6 2-6", "1-5 0-4 4-6", "3-3 1-1 0-0 6-6"], players=4)
    act(s, "3-5 5-5R 1-5R")
    assert s.turn == 3
    legal = s.legal_actions()
    assert code("3-3L") in legal and code("1-1R*") in legal, "singles stay legal (not compulsory)"
    act(s, "3-3L+1-1R*")
    assert s.open_ends() == (3, -1, 5, 5)
    assert s.turn == 0 and s.hands[3] == mask("0-0 6-6")
    laid = [e for e in s.history if e.code == code("3-3L+1-1R*")]
    assert [TS.name(e.tile) for e in laid] == ["3-3", "1-1"], "one event per tile, one code"


def test_G7_up_to_four_doubles_one_per_end() -> None:
    """G7: four doubles on four different ends in one move; a double fits only its own end and
    one tile cannot go on two ends."""
    s = cross("osel", ["5-5 0-5 1-5 4-6 4-4", "2-5 3-5 6-6 0-0 1-1 2-2 3-3"], players=2)
    act(s, "5-5 2-5L 0-5R 3-5U 1-5D")
    assert s.open_ends() == (2, 0, 3, 1)
    four = code("2-2L+0-0R+3-3U+1-1D*")
    assert four in s.legal_actions()
    assert code("3-3L+0-0R") not in s.legal_actions()
    act(s, "2-2L+0-0R+3-3U+1-1D*")
    assert s.open_ends() == (2, 0, 3, -1)
    assert s.hands[1] == mask("6-6")


def test_G7_a_player_with_a_fitting_tile_may_not_draw() -> None:
    """G7 (K3.1): holding doubles that fit, the player must play (one or several)."""
    s = cross("osel", ["3-5 0-2", "3-3 5-5 1-2"], players=2)
    act(s, "3-5")
    assert refused(s, "draw") == "must_play"
    assert DRAW not in s.legal_actions() and KNOCK not in s.legal_actions()


# --- G8, G9: the fish with many ends; going out ------------------------------------------------

DEAD = ["6-6 1-6 3-6 4-6 5-6 0-2 1-2", "0-6 2-6 0-4 1-5 2-2 3-3 0-1"]


def test_G8_a_fish_needs_every_open_end_dead() -> None:
    """G8: all seven 6s on the table leave the left and right ends dead, but the cross's ends
    still live: no fish. Closing both with one move makes the fish; the fisher is the last
    player who laid a non-double (F6), not the player of the doubles."""
    s = cross("osel", DEAD, players=2)
    act(s, "6-6 0-6L 1-6R 2-6U 3-6D 0-4L 4-6L 1-5R 5-6R")
    assert s.open_ends() == (6, 6, 2, 3)
    assert not s.over
    act(s, "2-2U*+3-3D*")
    assert s.over and s.fish and s.went_out == -1
    assert s.open_ends() == (6, 6, -1, -1)
    assert s.fisher == 0


def test_G8_all_ends_closed_is_a_fish() -> None:
    """G8: a board with no open end left is a fish; the boneyard goes to the next player
    (K4.4)."""
    s = cross("osel", ["5-5 1-5 4-5 0-1 0-2 0-3 6-6", "3-5 2-5 3-3 1-1 2-2 4-4 0-6"], players=2)
    act(s, "5-5 3-5L 1-5R 2-5U 4-5D 3-3L*+1-1R*+2-2U*+4-4D*")
    assert s.open_ends() == (-1, -1, -1, -1)
    assert s.over and s.fish and s.fisher == 0
    assert s.taker == 0 and s.boneyard == []


def test_G8_a_full_circle_of_knocks_is_a_fish_on_the_cross() -> None:
    """G8 (K4.3, F4, F18): nobody can play and the boneyard is empty: after a knock from every
    seat the round is a fish; only a double was laid, so the leader is the fisher."""
    s = cross("osel", ["5-5 0-2", "0-1"], players=2, fill=False)
    act(s, "5-5 knock knock")
    assert s.over and s.fish and s.fisher == 0


def test_G9_going_out_beats_closing_the_board() -> None:
    """G9 (F5): the move that closes every end with the player's last tiles goes out."""
    s = cross("osel", ["5-5 1-5 4-5 0-1 0-2 0-3 6-6", "3-5 2-5 3-3 1-1 2-2 4-4"], players=2)
    act(s, "5-5 3-5L 1-5R 2-5U 4-5D 3-3L*+1-1R*+2-2U*+4-4D*")
    assert s.over and not s.fish and s.went_out == 1


# --- G10: the board in the record and the views -------------------------------------------------


def _public(snap: dict[str, Any], seat: int) -> dict[str, Any]:
    """A true state's snapshot as ``seat`` knows it: the others' draws hidden, no lead mask."""
    out = dict(snap)
    out["history"] = [
        [e[0], e[1], -1 if e[1] == DRAW and e[0] != seat else e[2], *e[3:]] for e in snap["history"]
    ]
    out.pop("lead_mask")
    return out


@pytest.mark.parametrize("preset", ["osel", "chechevo", "telefon"])
def test_G10_determinize_with_the_true_tiles_is_the_true_state(preset: str) -> None:
    """G10: a seat view carries the whole board (ends, spinner, closed doubles, points scored
    during play); rebuilt with the true hidden tiles it is the true state."""
    for seed in range(4):
        m = Match(make_rules({"players": 3}, preset=preset), seed)
        rng = random.Random(seed)
        while not m.over:
            st = m.round
            if st.placed:
                seat = st.turn
                view = seat_view(m, seat)
                assert view.ends == st.open_ends()
                others = {s: st.hands[s] for s in st.seats if s != seat}
                rebuilt = view.determinize(others, list(st.boneyard))
                assert _public(rebuilt.snapshot(), seat) == _public(st.snapshot(), seat)
                assert sorted(rebuilt.legal_actions()) == sorted(st.legal_actions())
            legal = m.legal_actions()
            m.apply(legal[rng.randrange(len(legal))])


def test_G10_the_record_keeps_end_and_closed_flag_of_every_tile() -> None:
    """G10, G4: the round's notation names every tile's end and closed flag, a several-doubles
    move once."""
    rules = make_rules({"players": 2}, preset="osel")
    hands = ["5-5 5-6 3-5 0-1 0-2 1-2 1-3", "0-5 2-5 0-0 6-6 0-3 0-4 1-4"]
    m = scripted_match(rules, deal_of(hands), deal_of(hands))
    act(m, "5-5 0-5L 5-6R 2-5U 3-5D 0-0L*+6-6R*")
    assert m.round.open_ends() == (-1, -1, 2, 3)
    assert round_notation(m, 1) == ["5-5", "0-5L", "5-6R", "2-5U", "3-5D", "0-0L*+6-6R*"]
    both = placements(code("0-0L*+6-6R*"))
    assert [p.tile for p in both] == tiles("0-0 6-6") and all(p.closed for p in both)
    assert Placement(t("4-4"), DOWN, True) in placements(code("4-4D*"))


def test_G7_refusals_name_what_is_wrong() -> None:
    """G7, G4: several tiles at once must all be doubles, and only where the variant allows
    several doubles (Маггинс does not, V3.5.2); an end that is not open is named."""
    s = cross("osel", ["5-5 1-5 3-3", "3-5 1-1 1-3 0-6"], players=2)
    act(s, "5-5 3-5L 1-5R")
    assert s.turn == 1
    assert refused(s, "1-1L") == "wrong_end"
    assert refused(s, "1-3L+1-1R") == "several_need_doubles"
    s = cross("osel", ["3-5 0-2", "3-3 5-5 3-4 1-6"], players=2)
    act(s, "3-5")
    assert refused(s, "3-4L+5-5R") == "several_need_doubles"
    assert refused(s, "3-3U") == "no_such_end"
    s = cross("muggins", ["3-5 0-2", "3-3 5-5 2-4 1-6"], players=2)
    act(s, "3-5")
    assert refused(s, "3-3L+5-5R") == "no_several"
