"""The player's turn at the keys, below the UI (:mod:`domino_tui.play.turn`): every rule of
input the table had in its Textual mixins — the cursor, choosing an end on a line and on the
cross, a double laid closed, several doubles, refusals in words, clicks, the cursor when a hand
is shown and after a draw — played on scripted Козёл deals and on cross positions (Осёл,
Телефон), from the seat's view only.

Rule ids: RULES.md (K3.x, L3) and docs/variants/README.md (G3-G7).
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from domino_tui.engine.actions import DRAW, KNOCK, PAIR_BASE, parse_action, placements
from domino_tui.engine.cross import CrossState
from domino_tui.engine.deal import Deal
from domino_tui.engine.match import Match
from domino_tui.engine.rules import Rules, make_rules
from domino_tui.engine.tiles import DOUBLE_SIX as TS
from domino_tui.engine.tiles import bits
from domino_tui.engine.view import seat_view
from domino_tui.play.turn import (
    KEYS,
    Commit,
    Outcome,
    Refuse,
    TurnController,
    TurnState,
    public_round,
)
from domino_tui.play.turn_moves import distinct_ends, several_moves, tile_codes
from domino_tui.words.strings import reason, t

TWO = make_rules({"players": 2})
PAIRS = make_rules({"players": 2, "double_pair": True})
# seat 0 leads 1-1 and seat 1 answers 1-2 on the right: the ends are 1 · 2
HANDS = ["1-1 1-3 3-5 2-4 6-6 0-2 4-4", "1-2 5-6 0-0 0-1 2-3 3-4 0-6"]


def deal_of(hands: list[str], fill: bool = True) -> Deal:
    """Hands written as tiles; the boneyard holds the rest (drawn lowest id first)."""
    masks = [sum(1 << TS.parse(word) for word in hand.split()) for hand in hands]
    used = 0
    for m in masks:
        used |= m
    rest = [t for t in range(TS.count) if not used >> t & 1] if fill else []
    return Deal(tuple(masks), tuple(reversed(rest)), 0)


def scripted_match(rules: Rules, deal: Deal) -> Match:
    return Match(rules, 0, deals=iter([deal]))


def act(match: Match, script: str) -> None:
    for word in script.split():
        match.apply(parse_action(word))


def controller(match: Match, seat: int = 0, lang: str = "en", name: str = "") -> TurnController:
    """The controller of ``seat`` as the table builds it: from that seat's view alone."""
    rnd = match.round
    mine = not match.over and rnd.turn == seat
    return TurnController(seat_view(match, seat), lang, mine, name)


def line(script: str = "1-1 1-2R", hands: list[str] = HANDS, rules: Rules = TWO) -> Match:
    match = scripted_match(rules, deal_of(hands))
    act(match, script)
    return match


def press(ctl: TurnController, state: TurnState, *keys: str) -> Outcome:
    """Keys one after another; the outcome of the last (an effect ends the sequence early)."""
    out = Outcome(state)
    for key in keys:
        out = ctl.key(out.state, key)
        if out.effect is not None:
            return out
    return out


def why(out: Outcome) -> str:
    """The reason of a refusal (the test fails if the outcome is not one)."""
    assert isinstance(out.effect, Refuse), out
    return out.effect.why


def tile(name: str) -> int:
    return TS.parse(name)


def test_play_turn_loads_no_textual() -> None:
    """The controller is below the UI: importing it never loads the toolkit."""
    code = "import sys, domino_tui.play.turn; sys.exit('textual' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


# --- the cursor ----------------------------------------------------------------------------
def test_K3_1_arrows_step_through_the_playable_tiles_only() -> None:
    ctl = controller(line())  # ends 1 · 2: 1-3, 0-2 and 2-4 fit
    seen = []
    state = TurnState()
    for _ in range(4):
        state = ctl.key(state, "right").state
        seen.append(TS.name(state.selected))
    assert seen == [TS.name(tile) for tile in bits(ctl.playable)] + [seen[0]]
    assert set(seen) == {"1-3", "0-2", "2-4"}
    back = ctl.key(state, "left").state
    assert back.selected == tile(seen[-2])


def test_arrows_go_through_the_whole_hand_when_nothing_fits_or_not_my_turn() -> None:
    match = line()
    theirs = controller(match, seat=1)  # seat 1 waits: its whole hand, no refusal
    state, seen = TurnState(), set()
    for _ in range(6):
        state = theirs.key(state, "right").state
        seen.add(state.selected)
    assert seen == set(bits(match.round.hands[1]))
    stuck = line("1-1", ["1-1 2-3 4-5", "2-2 3-3"])  # seat 1 holds nothing for 1 · 1
    ctl = controller(stuck, seat=1)
    assert stuck.legal_actions() == [DRAW]
    state = ctl.key(TurnState(), "right").state
    assert state.selected in bits(stuck.round.hands[1])


def test_an_arrow_forgets_the_half_made_move_and_the_words() -> None:
    ctl = controller(line())
    state = TurnState(selected=tile("1-3"), closed=True, offer=5, message="old words")
    out = ctl.key(state, "right").state
    assert (out.closed, out.offer, out.choosing, out.message) == (False, -1, -1, "")


def test_show_hand_puts_the_cursor_on_a_playable_tile() -> None:
    ctl = controller(line())  # on 1 · 2 seat 0's 0-2, 1-3 and 2-4 fit; 0-2 comes first
    assert ctl.show_hand(TurnState()).selected == tile("0-2")
    kept = TurnState(selected=tile("2-4"))
    assert ctl.show_hand(kept).selected == tile("2-4"), "a playable cursor stays"
    moved = ctl.show_hand(TurnState(selected=tile("6-6")))
    assert moved.selected == tile("0-2"), "a tile that cannot be played gives way"
    other = ctl.show_hand(TurnState(selected=tile("2-4")), same_viewer=False)
    assert other.selected == tile("0-2"), "another player's cursor is not kept"


def test_show_hand_off_turn_keeps_a_tile_of_the_hand() -> None:
    match = line()
    ctl = controller(match, seat=1)  # seat 1's hand while seat 0 is to move: nothing playable
    assert ctl.show_hand(TurnState(selected=tile("5-6"))).selected == tile("5-6")
    first = next(iter(bits(match.round.hands[1])))
    assert ctl.show_hand(TurnState(selected=tile("1-3"))).selected == first


# --- choosing an end on a line ---------------------------------------------------------------
def test_enter_lays_a_tile_that_fits_one_end_at_once() -> None:
    ctl = controller(line())
    out = ctl.key(TurnState(selected=tile("2-4")), "enter")
    assert out.effect == Commit(parse_action("2-4R"))
    assert out.effect.code in ctl.view.legal


def test_L3_a_tile_for_both_ends_asks_which_and_enter_lays_the_one_pointed_at() -> None:
    match = line("1-1 1-2R 1-3L")  # seat 1 to move on 3 · 2
    ctl = controller(match, seat=1)
    out = ctl.key(TurnState(selected=tile("2-3")), "enter")
    assert out.effect is None and out.state.choosing == tile("2-3")
    assert sorted(out.state.ends) == [0, 1] and out.state.choose_side == 0
    assert ctl.choosing_words(out.state).startswith("2-3 fits both ends. Now: left end 3")
    right = ctl.key(out.state, "right").state
    assert right.choose_side == 1
    assert ctl.key(right, "enter").effect == Commit(parse_action("2-3R"))
    assert ctl.key(right, "up").state == right, "no end above on a line (G3)"
    cancelled = ctl.key(right, "cancel").state
    assert cancelled.choosing < 0 and cancelled.selected == tile("2-3")


def test_L3_the_same_move_at_both_ends_is_not_asked_about() -> None:
    match = line("1-1 1-2R 1-3L 2-3R")
    ctl = controller(match)  # 3 · 3: 3-5 is one move at either end
    assert len(tile_codes(ctl.legal, tile("3-5"), False)) == 2
    out = ctl.key(TurnState(selected=tile("3-5")), "enter")
    assert isinstance(out.effect, Commit) and out.state.choosing < 0
    assert out.effect.code == parse_action("3-5L"), "the shorter arm keeps the board balanced"


def test_G4_an_end_the_tile_does_not_fit_is_refused_with_the_engines_reason() -> None:
    match = line("1-1 1-2R 1-3L")
    ctl = controller(match, seat=1)
    asking = ctl.key(TurnState(selected=tile("2-3")), "enter").state
    ctl_two = controller(line())  # seat 0 on 1 · 2: a click on the left end for 2-4
    out = ctl_two.click_end(TurnState(selected=tile("2-4")), 0)
    assert isinstance(out.effect, Refuse) and not out.effect.asking
    args = {"tile": "2-4", "left": "1", "right": "2"}
    assert out.effect.why == reason(("wrong_left", args), "en")
    assert out.effect.words.startswith("Not allowed:") and "Your turn" in out.effect.words
    assert out.state.message == out.effect.words
    assert ctl.click_end(asking, 1).effect == Commit(parse_action("2-3R"))


def test_a_tile_that_fits_neither_end_is_refused_once() -> None:
    ctl = controller(line())
    state = ctl.click_tile(TurnState(selected=tile("1-3")), tile("6-6")).state
    assert state.selected == tile("6-6")
    out = ctl.key(state, "enter")
    args = {"tile": "6-6", "left": "1", "right": "2"}
    assert isinstance(out.effect, Refuse)
    assert out.effect.why == reason(("fits_neither", args), "en")


def test_refusals_are_in_the_players_language() -> None:
    match = line()
    words = {}
    for lang in ("en", "ru"):
        out = controller(match, lang=lang).key(TurnState(), "draw")
        assert isinstance(out.effect, Refuse)
        words[lang] = out.effect.why
        assert out.effect.why == reason(("must_play", {}), lang)
    assert words["en"] != words["ru"]


# --- draw, knock ---------------------------------------------------------------------------
def test_K3_2_draw_when_nothing_fits_and_what_the_draw_leaves() -> None:
    stuck = line("1-1", ["1-1 2-3 4-5", "2-2 3-3"])
    ctl = controller(stuck, seat=1)
    assert ctl.key(TurnState(), "draw").effect == Commit(DRAW)
    assert ctl.click_boneyard(TurnState()).effect == Commit(DRAW)
    assert isinstance(ctl.key(TurnState(), "knock").effect, Refuse)  # K3.3: draw first
    assert why(ctl.key(TurnState(), "knock")) == reason(("draw_first", {}), "en")
    act(stuck, "draw")
    drawn = stuck.round.history[-1].tile
    after = controller(stuck, seat=1, name="Alex")
    state = after.drew(TurnState(new_tiles=0, closed=True), drawn)
    assert state.selected == drawn and state.new_tiles == 1 << drawn and not state.closed
    assert state.message.startswith(f"Alex, you drew {TS.name(drawn)}")


def test_K3_3_knock_when_the_boneyard_is_empty() -> None:
    hands = ["1-1 2-3", "2-2 3-3"]
    match = scripted_match(TWO, deal_of(hands, fill=False))
    act(match, "1-1")
    ctl = controller(match, seat=1)
    assert list(ctl.legal) == [KNOCK]
    assert ctl.key(TurnState(), "knock").effect == Commit(KNOCK)
    assert why(ctl.key(TurnState(), "draw")) == reason(("boneyard_empty", {}), "en")


def test_keys_do_nothing_off_turn() -> None:
    ctl = controller(line(), seat=1)
    state = TurnState(selected=tile("5-6"))
    for key in ("enter", "draw", "knock", "close", "pair"):
        assert ctl.key(state, key) == Outcome(state), key
    assert ctl.click_end(state, 0) == Outcome(state)
    assert ctl.click_tile(state, tile("5-6")).effect is None


def test_unknown_key_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="not a key"):
        controller(line()).key(TurnState(), "jump")


# --- clicks ----------------------------------------------------------------------------------
def test_a_click_points_and_a_second_click_plays() -> None:
    ctl = controller(line())
    first = ctl.click_tile(TurnState(selected=tile("1-3"), closed=True), tile("2-4"))
    assert first.effect is None and first.state.selected == tile("2-4") and not first.state.closed
    assert ctl.click_tile(first.state, tile("2-4")).effect == Commit(parse_action("2-4R"))
    assert ctl.click_tile(first.state, tile("5-6")) == Outcome(first.state), "not in this hand"


# --- several doubles on a line (K3.4) ----------------------------------------------------------
def test_K3_4_P_says_why_no_pair_is_open() -> None:
    off = controller(line())  # Козёл lays one tile a turn unless double_pair is on
    assert why(off.key(TurnState(), "pair")) == t("pair_off", "en")
    on = controller(line(rules=PAIRS))  # on 1 · 2 seat 0's doubles 6-6 and 4-4 fit neither
    out = on.key(TurnState(), "pair")
    assert isinstance(out.effect, Refuse)
    assert out.effect.why == reason(("pair_needs_doubles", {}), "en")


def test_K3_4_one_pair_is_laid_at_once() -> None:
    # seat 0 leads 1-1; seat 1 plays 1-2R then seat 0 1-3L: seat 1 to move on 3 · 2 …
    hands = ["1-1 1-3 6-6 4-4 0-5 5-5 4-6", "1-2 3-3 2-2 0-0 0-6 1-5 1-6"]
    match = line("1-1 1-2R 1-3L", hands, PAIRS)
    ctl = controller(match, seat=1)
    moves = several_moves(ctl.legal)
    assert moves == [PAIR_BASE + tile("3-3") * 100 + tile("2-2")]
    out = ctl.key(TurnState(), "pair")
    assert out.effect == Commit(moves[0])
    assert "P lays 3-3 and 2-2 at once." in ctl.your_turn_words(TurnState())


# --- the cross ---------------------------------------------------------------------------------
Wanted = Callable[[CrossState, TurnController], bool]


def cross_position(preset: str, wanted: Wanted, players: int = 2) -> tuple[Match, TurnController]:
    """A match of ``preset`` played by seeded random moves until seat 0 is to move where
    ``wanted`` holds (over many seeds, so no single unlucky deal hangs the test)."""
    rules = make_rules({"players": players}, preset)
    for seed in range(1, 400):
        match, rng = Match(rules, seed), random.Random(seed)
        for _ in range(60):
            rnd = match.round
            if match.over or rnd.over or match.number > 1:
                break
            if rnd.turn == 0 and isinstance(rnd, CrossState):
                ctl = controller(match)
                if wanted(rnd, ctl):
                    return match, ctl
            match.apply(rng.choice(match.legal_actions()))
    raise AssertionError(f"no {preset} position found")


def asked_tile(ctl: TurnController, closed: bool = False, ends: int = 2) -> int:
    """A tile of the hand whose end is asked about, at ``ends`` distinct ends or more."""
    for tile_id in bits(ctl.view.hand):
        codes = tile_codes(ctl.legal, tile_id, closed)
        if len(distinct_ends(ctl.round, codes)) >= ends:
            return tile_id
    return -1


def test_G3_up_and_down_point_at_the_crosss_ends() -> None:
    def four(rnd: CrossState, ctl: TurnController) -> bool:
        return all(v >= 0 for v in rnd.open_ends()) and asked_tile(ctl, ends=3) >= 0

    _, ctl = cross_position("osel", four)
    tile_id = asked_tile(ctl, ends=3)
    asking = ctl.key(TurnState(selected=tile_id), "enter").state
    assert asking.choosing == tile_id
    for key, end in (("up", 2), ("down", 3), ("left", 0), ("right", 1)):
        out = ctl.key(asking, key)
        if end in asking.ends:
            assert out.state.choose_side == end and out.effect is None
            assert ctl.key(out.state, "enter").effect == Commit(asking.ends[end])
        else:  # G4: an end the tile does not fit is refused, the question goes on
            assert isinstance(out.effect, Refuse) and out.effect.asking
            assert out.state.choosing == tile_id and "Still" in out.effect.words


def test_G4_an_end_not_open_yet_is_refused_with_the_engines_reason() -> None:
    def early(rnd: CrossState, ctl: TurnController) -> bool:
        return rnd.up < 0 and bool(rnd.placed) and asked_tile(ctl) >= 0

    _, ctl = cross_position("osel", early)
    asking = ctl.key(TurnState(selected=asked_tile(ctl)), "enter").state
    out = ctl.key(asking, "up")
    assert isinstance(out.effect, Refuse) and out.effect.asking
    assert out.effect.why == reason(("no_such_end", {"end": "up"}), "en")
    assert out.state.choosing == asking.choosing


def closable(rnd: CrossState, ctl: TurnController) -> bool:
    return any(p.closed for code in ctl.legal for p in placements(code))


def test_G6_C_marks_a_double_closed_and_again_lays_it_open() -> None:
    _, ctl = cross_position("osel", closable)
    double = next(p.tile for code in ctl.legal for p in placements(code) if p.closed)
    state = TurnState(selected=double)
    marked = ctl.key(state, "close").state
    assert marked.closed and "closed" in ctl.your_turn_words(marked)
    out = ctl.key(marked, "enter")
    laid = out.effect.code if isinstance(out.effect, Commit) else out.state.ends[0]
    if isinstance(out.effect, Commit):
        assert all(p.closed for p in placements(laid))
    else:  # asked: every end offered lays it closed
        assert all(placements(c)[0].closed for c in out.state.ends.values())
    assert not ctl.key(marked, "close").state.closed


def test_G6_only_a_double_closes() -> None:
    def with_plain(rnd: CrossState, ctl: TurnController) -> bool:
        return closable(rnd, ctl) and any(
            not TS.is_double[tile_id] for tile_id in bits(ctl.playable)
        )

    _, ctl = cross_position("osel", with_plain)
    plain = next(t for t in bits(ctl.playable) if not TS.is_double[t])
    out = ctl.key(TurnState(selected=plain), "close")
    assert isinstance(out.effect, Refuse)
    assert out.effect.why == t("tw.close_doubles_only", "en")
    assert not out.state.closed


def test_G6_no_closing_on_a_line_or_in_telefon() -> None:
    out = controller(line()).key(TurnState(selected=tile("1-3")), "close")
    assert why(out) == reason(("no_closing", {}), "en")

    def placed(rnd: CrossState, ctl: TurnController) -> bool:
        return bool(rnd.placed) and bool(ctl.playable)

    _, ctl = cross_position("telefon", placed)
    tile_id = next(iter(bits(ctl.playable)))
    out = ctl.key(TurnState(selected=tile_id), "close")
    assert isinstance(out.effect, Refuse) and not out.state.closed


def test_G6_C_while_choosing_offers_the_ends_of_the_closed_tile() -> None:
    def asks_closable(rnd: CrossState, ctl: TurnController) -> bool:
        tile_id = asked_tile(ctl)
        return tile_id >= 0 and bool(tile_codes(ctl.legal, tile_id, True))

    _, ctl = cross_position("osel", asks_closable)
    tile_id = asked_tile(ctl)
    asking = ctl.key(TurnState(selected=tile_id), "enter").state
    marked = ctl.key(asking, "close").state
    assert marked.closed and marked.ends == tile_codes(ctl.legal, tile_id, True)
    assert marked.choose_side in marked.ends
    assert "(closed)" in ctl.choosing_words(marked)


def several(rnd: CrossState, ctl: TurnController) -> bool:
    return len(several_moves(ctl.legal)) >= 2


def test_G7_P_steps_through_several_doubles_and_enter_lays_the_one_shown() -> None:
    _, ctl = cross_position("osel", several)
    moves = several_moves(ctl.legal)
    state, shown = TurnState(), []
    for _ in range(len(moves) + 1):
        state = ctl.key(state, "pair").state
        shown.append(state.offer)
    assert shown == [*moves, moves[0]], "P offers every move in turn, then starts again"
    assert "of" in ctl.offer_words(state)
    assert ctl.key(state, "enter").effect == Commit(moves[0])
    assert ctl.key(state, "cancel").state.offer == -1


def test_G7_P_says_why_none_is_open() -> None:
    def none(rnd: CrossState, ctl: TurnController) -> bool:
        return bool(rnd.placed) and not several_moves(ctl.legal) and bool(ctl.playable)

    _, ctl = cross_position("osel", none)
    assert why(ctl.key(TurnState(), "pair")) == t("tw.several_none", "en")
    _, ctl = cross_position("muggins", none)  # one tile a move (V3.5.2 off)
    assert why(ctl.key(TurnState(), "pair")) == t("tw.several_off", "en")


# --- from the view only (K3.6) ----------------------------------------------------------------
def test_K3_6_the_rebuilt_round_knows_only_the_seats_own_tiles() -> None:
    match = line()
    view = seat_view(match, 0)
    rnd = public_round(view)
    assert rnd.hands[0] == match.round.hands[0]
    assert rnd.legal_actions() == match.legal_actions()
    other = scripted_match(TWO, deal_of([HANDS[0], "1-2 5-5 0-0 0-1 2-3 3-4 0-6"]))
    act(other, "1-1 1-2R")  # a different hidden hand: every answer is the same
    for key in KEYS:
        for state in (TurnState(), TurnState(selected=tile("2-4")), TurnState(selected=1)):
            assert controller(match).key(state, key) == controller(other).key(state, key)


# --- the property ------------------------------------------------------------------------------
PRESETS = ("kozel", "osel", "telefon", "chechevo")
ACTIONS = st.one_of(
    st.sampled_from(KEYS).map(lambda key: ("key", key)),
    st.integers(0, 27).map(lambda tile_id: ("tile", tile_id)),
    st.integers(0, 3).map(lambda end: ("end", end)),
    st.just(("boneyard", 0)),
)


@settings(max_examples=60, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 30),
    actions=st.lists(ACTIONS, max_size=40),
)
def test_a_committed_move_is_always_legal_and_the_cursor_stays_in_the_hand(
    preset: str, seed: int, moves: int, actions: list[tuple[str, Any]]
) -> None:
    """From any reachable position and any keys and clicks: a move committed is one of the
    view's legal actions, and the state never points at a tile outside the hand."""
    match, rng = Match(make_rules({"players": 2}, preset), seed), random.Random(seed)
    for _ in range(moves):
        if match.over:
            return
        match.apply(rng.choice(match.legal_actions()))
    seat = match.round.turn
    state = controller(match, seat).show_hand(TurnState())
    for kind, arg in actions:
        if match.over:
            return
        ctl = controller(match, seat)
        if kind == "key":
            out = ctl.key(state, str(arg))
        elif kind == "tile":
            out = ctl.click_tile(state, arg)
        elif kind == "end":
            out = ctl.click_end(state, arg)
        else:
            out = ctl.click_boneyard(state)
        state = out.state
        hand = ctl.view.hand
        for tile_id in (state.selected, state.choosing):
            assert tile_id == -1 or hand >> tile_id & 1
        assert set(state.ends.values()) <= set(ctl.view.legal)
        if out.effect is not None:
            event(type(out.effect).__name__)
        if isinstance(out.effect, Commit):
            assert out.effect.code in ctl.view.legal
            drawn = out.effect.code == DRAW
            match.apply(out.effect.code)
            if match.over:
                return
            after = controller(match, seat)
            if drawn:
                state = after.drew(state, match.round.history[-1].tile)
            else:
                state = state.moved_on(mine=True)
            if match.round.turn != seat:  # the next player's hand, as in hot-seat
                seat, state = match.round.turn, TurnState()
            state = controller(match, seat).show_hand(state)


def test_the_end_question_names_the_arrow_the_board_draws() -> None:
    """A line's end that turned at the wall shows ▲ or ▼ on the board; the words follow it."""
    match = line("1-1 1-2R 1-3L")
    drawn = TurnController(seat_view(match, 1), "en", True, arrows=("▼", "▲", "▲", "▼"))
    asking = drawn.key(TurnState(selected=tile("2-3")), "enter").state
    assert "left end 3 ▼" in drawn.choosing_words(asking)
    assert "left end 3 ◀" in controller(match, seat=1).choosing_words(asking)
