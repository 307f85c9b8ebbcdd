"""The adapter of ``benchmarks/outside.py`` (issue 26, part 2) is faithful: on fixed deals our
shadow round lists the same legal moves as each peer's engine at every turn, a whole hand
replayed through it ends with the same hands and the peer's own score, and our seats see only
their own view (K3.6). Skipped where the peers are not installed (``pip install '.[benchmarks]'``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from benchmarks import outside
from domino_tui.bots import make_bot
from domino_tui.bots.belief import Belief, lead_was_forced
from domino_tui.engine.actions import KNOCK

DEALS = range(12)
INSTALL = "pip install '.[benchmarks]'"


def _open_spiel() -> Any:
    pytest.importorskip(
        "open_spiel", reason="open_spiel not installed (pip install '.[benchmarks]')"
    )
    return outside.OpenSpielISMCTS(sims=4)


def _abw333() -> Any:
    pytest.importorskip("dominoes", reason=f"dominoes not installed ({INSTALL})")
    return outside.Abw333AlphaBeta(samples=1, start_move=26)


PEERS = {"open_spiel": _open_spiel, "abw333": _abw333}


def _open_spiel_score(hands: list[list[tuple[int, int]]], went_out: bool) -> float:
    """python_team_dominoes' returns for seat 0, from its source: the team with fewer pips left
    wins the other team's pips, however the hand ended; a tie is 0."""
    t0 = sum(a + b for s in (0, 2) for a, b in hands[s])
    t1 = sum(a + b for s in (1, 3) for a, b in hands[s])
    return 0.0 if t0 == t1 else float(t1) if t1 > t0 else -float(t0)


def _abw333_score(hands: list[list[tuple[int, int]]], went_out: bool, last: int) -> float:
    """dominoes.Result.points, from its docs: going out scores every pip left for the team that
    went out; a blocked hand gives all the pips to the team with fewer (a tie 0)."""
    total = sum(a + b for h in hands for a, b in h)
    if went_out:
        return float(total if last % 2 == 0 else -total)
    t0 = sum(a + b for s in (0, 2) for a, b in hands[s])
    t1 = total - t0
    return 0.0 if t0 == t1 else float(total) if t0 < t1 else -float(total)


@pytest.mark.parametrize("name", PEERS)
@pytest.mark.parametrize("d", DEALS)
def test_legal_moves_and_the_score_agree_move_by_move(name: str, d: int) -> None:
    peer = PEERS[name]()
    rng = random.Random(100 + d)
    hands = outside.deal(random.Random(d))
    peer.start(hands, d)
    shadow = outside.Shadow(hands, leader=0)
    last = -1
    while not peer.over():
        seat = peer.turn()
        shadow.pass_to(seat)  # each skipped seat must have had nothing to play
        legal = peer.legal()
        assert shadow.moves() == legal, (seat, shadow.moves(), legal)
        move = rng.choice(sorted(legal, key=repr))
        peer.apply(move)
        shadow.play(seat, move)
        last = seat
    assert shadow.hands() == peer.hands()
    left = shadow.hands()
    went_out = any(not h for h in left)
    if name == "open_spiel":
        expected = _open_spiel_score(left, went_out)
    else:
        expected = _abw333_score(left, went_out, last)
    assert peer.team0_points() == expected


@pytest.mark.parametrize("d", DEALS)
def test_a_skipped_seat_that_could_move_stops_the_run(d: int) -> None:
    """A peer that skips a seat with a legal move (or an unfaithful mapping that makes it look
    so) stops the run rather than letting the shadow drift."""
    hands = outside.deal(random.Random(d))
    shadow = outside.Shadow(hands, leader=0)
    shadow.play(0, (hands[0][0], None))
    can_move = shadow.state.legal_actions() != [KNOCK]
    if can_move:
        with pytest.raises(AssertionError, match="skipped seat 1, which can move"):
            shadow.pass_to(2)
    else:
        shadow.pass_to(2)  # a real pass is a knock in the shadow
        assert shadow.state.history[-1].code == KNOCK


@pytest.mark.parametrize("d", range(6))
def test_our_seat_sees_its_own_tiles_and_what_is_public(d: int) -> None:
    hands = outside.deal(random.Random(d))
    shadow = outside.Shadow(hands, leader=0)
    rng = random.Random(d)
    for _ in range(10):
        seat = shadow.turn
        view = shadow.view(seat)
        assert view.hand == shadow.state.hands[seat]  # its own tiles, nobody else's
        assert view.counts == tuple(len(h) for h in shadow.hands())
        assert {shadow.move_of(c) for c in view.legal if c != KNOCK} == shadow.moves()
        assert not any(hasattr(view, n) for n in ("hands", "state", "match"))
        legal = view.legal
        code = rng.choice(legal)
        if code == KNOCK:
            shadow.state.apply(KNOCK)
        else:
            shadow.play(seat, shadow.move_of(code))
        # the peers' lead is free: no fact may be read from it as from Козёл's forced lead
        later = shadow.view(shadow.turn)
        assert not lead_was_forced(later)
        Belief(later)  # and the belief builds (a forced-lead reading failed here)


@pytest.mark.parametrize("name", PEERS)
def test_a_hand_with_our_bots_seated_runs_to_the_peers_score(name: str) -> None:
    peer = PEERS[name]()
    hands = outside.deal(random.Random(7))
    for team in (0, 1):
        hand = outside.play_hand(peer, hands, lambda s: make_bot("greedy", s), team, 7)
        team0 = hand.points if team == 0 else -hand.points
        assert team0 == peer.team0_points()


@pytest.mark.parametrize("d", range(40))
def test_our_bots_count_a_hand_as_each_peer_scores_it(d: int) -> None:
    """The objective the adapter gives our bots (bots.objective) is each peer's own score, on
    hands played out at random in the shadow to a going out or a block (no peer needed)."""
    hands = outside.deal(random.Random(d))
    shadow = outside.Shadow(hands, leader=0)
    rng = random.Random(d)
    last, knocks = -1, 0
    while not shadow.state.over and knocks < 4 and all(shadow.hands()):
        legal = shadow.state.legal_actions()
        code = rng.choice(legal)
        knocks = knocks + 1 if code == KNOCK else 0
        if code != KNOCK:
            last = shadow.state.turn
        shadow.state.apply(code)
    left = shadow.hands()
    went_out = not all(left)
    assert went_out == (shadow.state.went_out >= 0)
    sheet = shadow.sheet()
    team0 = _open_spiel_score(left, went_out)
    assert outside.open_spiel_costs(sheet, shadow.state) == [-team0, team0]
    team0 = _abw333_score(left, went_out, last)
    assert outside.abw333_costs(sheet, shadow.state) == [-team0, team0]


def test_inside_playing_for_the_bots_value_a_round_by_the_given_costs() -> None:
    """Every evaluator made inside ``playing_for`` charges by the given costs, none after."""
    from domino_tui.bots.evaluate import Evaluator
    from domino_tui.bots.objective import playing_for

    shadow = outside.Shadow(outside.deal(random.Random(3)), leader=0)
    view = shadow.view(0)
    own = Evaluator(view).seat_values(shadow.state)
    with playing_for(lambda _b, _s: [5.0, 1.0]):
        inside = Evaluator(view)
        assert inside.seat_values(shadow.state) == [-4.0, 4.0, -4.0, 4.0]
        assert inside.seat_prices(shadow.state) == [0.0] * 4
    assert Evaluator(view).seat_values(shadow.state) == own


def test_bots_with_options_are_read_whole() -> None:
    """--bots splits on the commas between bots, not on those between one bot's options."""
    names = outside.bot_names("hard,pimc:samples=60,solve=18,master,pimc:finish=14")
    assert names == ["hard", "pimc:samples=60,solve=18", "master", "pimc:finish=14"]
    for name in names:  # each part is a bot the registry makes; a stray "solve=18" is refused
        make_bot(name, 0)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("solve=18", 0)
