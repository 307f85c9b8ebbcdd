"""Our bots against outside engines, on the game both peers play (issue 26, part 2).

    pip install '.[benchmarks]'      # OpenSpiel 2.0.2 and abw333's dominoes 6.1.0
    python benchmarks/outside.py [--deals 20] [--bots hard,master] [--seed 0] [--out FILE]
                                 [--ismcts-sims 200] [--ab-samples 10] [--ab-start 6]
                                 [--only ismcts|abw333]

One run plays every bot against both peers; ``--only`` splits the run over two processes (one
a core), ``--out`` rewrites the JSON after every deal, so a run cut short keeps its figures.

The game: four players in two teams (seats 0+2 against 1+3), all 28 tiles dealt (7 each), no
drawing, a seat that cannot play passes; the hand ends when a seat goes out or nobody can move.
Each hand is played by the peer's own engine with its own scoring, and the figures are in it:

* OpenSpiel 2.0.2 ``python_team_dominoes`` with ``ISMCTSBot`` (information-set MCTS, random
  rollouts, a resampler that deals the unseen tiles consistent with every pass). Seat 0 leads
  any tile; the team with the fewer pips left scores the other team's pips (also when a seat
  goes out), a tie scores 0.
* abw333's ``dominoes`` 6.1.0 with its ``probabilistic_alphabeta`` player (sampled possible
  hands, exact alpha-beta on each, the move most often best), ordered by its ``bota_gorda``
  before ``--ab-start`` moves (the full tree of the opening is out of reach). Seat 0 leads
  any tile; going out scores every pip left on the table, a blocked hand gives the team with
  fewer pips all the pips (a tie 0).

Our bots sit through an adapter: a shadow round of our engine is kept in step with the peer's
state (every pass a knock), and each of our seats gets only ``seat_view`` of it, what that seat
may know (K3.6). Moves are mapped by tile and by the pip of the end they go on, so the two
engines' left and right need not agree; at every turn the adapter checks that both engines list
the same legal moves, so an unfaithful mapping stops the run instead of skewing it.

The shadow is Козёл in pairs (7 tiles each, no boneyard) in a second round with nothing
written yet, so that the free lead is a legal Козёл lead (F3; the first round's forced lead
would make the bots read false facts from it), and without Козёл's immediate fish (K4.2): the
peers let the double of a dead suit be laid before the hand is blocked, and the shadow follows.
Our bots play for the peer's scoring (``--objective peer``, the default): the adapter gives the
search bots the peer's count of a finished hand (:func:`domino_tui.bots.objective.playing_for`),
so their playouts and exact endgames value a hand as the peer's engine scores it. With
``--objective kozel`` they think in Козёл's terms (their own pips charged, the goat), the
handicap of an away game, kept to measure what the objective is worth.

Duplicate deals: deal ``d`` is played twice, our team on seats 0+2 and then on 1+3, with the
same tiles in each seat, so the luck of the deal and of the lead cancels. A deal's figure is
the mean of its two hands, and the 95% CIs are over deals (normal approximation). Win rate: a
hand our team scored in counts 1, a tie 1/2. Think times are ours, wall clock.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any, Protocol

from domino_tui.arena.stats import percentile, ratio_ci
from domino_tui.bots import make_bot
from domino_tui.bots.objective import playing_for
from domino_tui.engine.actions import KNOCK
from domino_tui.engine.match import Match
from domino_tui.engine.round import RoundState
from domino_tui.engine.rules import Rules, make_rules
from domino_tui.engine.tiles import bits, tile_set
from domino_tui.engine.variants import get_variant
from domino_tui.engine.variants.base import Sheet
from domino_tui.engine.view import SeatView, seat_view

try:
    from benchmarks.peers import _seeded_global_random
except ImportError:  # run as a script: benchmarks/ itself is on the path
    from peers import _seeded_global_random  # type: ignore[no-redef]

Pair = tuple[int, int]  # a tile as its two pips, low first
Move = tuple[Pair, int | None]  # the tile and the pip of the end it goes on (None: the lead)

PLAYERS = 4
HAND = 7
# Козёл in pairs: 7 each, no boneyard. The peers' lead is free (seat 0, any tile), which Козёл
# allows from the second round on under ``later_leads=rotate`` (F3); its first round's lead is
# forced (K2.1), and the bots would read false facts from a free lead there (belief.py)
RULES: Rules = make_rules({"players": 4, "pairs": True, "later_leads": "rotate"})
TS = tile_set(6)
Z95 = 1.959964


def pair_of(t: int) -> Pair:
    return (TS.lo[t], TS.hi[t])


def tile_of(pair: Pair) -> int:
    return TS.tile(*pair)


def deal(rng: random.Random) -> list[list[Pair]]:
    """Seven tiles to each seat, all 28 dealt."""
    tiles = [pair_of(t) for t in range(TS.count)]
    rng.shuffle(tiles)
    return [sorted(tiles[s * HAND : (s + 1) * HAND]) for s in range(PLAYERS)]


# --- our side ------------------------------------------------------------------------------------


class Shadow:
    """Our engine's copy of the peer's hand, kept in step move by move. Our bots get
    :func:`seat_view` of it and nothing else: their own tiles and what is public."""

    def __init__(self, hands: list[list[Pair]], leader: int) -> None:
        masks = [sum(1 << tile_of(p) for p in hand) for hand in hands]
        start = get_variant(RULES.variant).start
        self.state: RoundState = start(RULES, masks, [], leader, TS.all_mask, None)
        self.state.geo = _PlayOn(self.state.geo)  # type: ignore[assignment]
        self.match = _second_round()
        self.match.round = self.state

    @property
    def turn(self) -> int:
        return self.state.turn

    def moves(self) -> set[Move]:
        """The legal moves of the seat to move, by tile and end pip (left = right counted once)."""
        return {self.move_of(code) for code in self.state.legal_actions() if code != KNOCK}

    def move_of(self, code: int) -> Move:
        t, side = code >> 1, code & 1
        if not self.state.placed:
            return pair_of(t), None
        return pair_of(t), self.state.right if side else self.state.left

    def code_of(self, move: Move) -> int:
        (pair, pip) = move
        t = tile_of(pair)
        if pip is None:
            return t << 1
        s = self.state
        if s.left == pip and s.geo.fits[pip] >> t & 1:
            return t << 1
        return (t << 1) | 1

    def pass_to(self, seat: int) -> None:
        """Knock for every seat the peer skipped: each must have had no legal move."""
        for _ in range(PLAYERS):
            if self.state.turn == seat:
                return
            legal = self.state.legal_actions()
            if legal != [KNOCK]:
                raise AssertionError(f"the peer skipped seat {self.state.turn}, which can move")
            self.state.apply(KNOCK)
        if self.state.turn != seat:
            raise AssertionError(f"the peer moved seat {seat} out of turn")

    def play(self, seat: int, move: Move) -> None:
        self.pass_to(seat)
        self.state.apply(self.code_of(move))

    def view(self, seat: int) -> SeatView:
        return seat_view(self.match, seat)

    def sheet(self) -> Sheet:
        """The standings the bots' evaluators read (the peers' objectives ignore them)."""
        v = self.view(0)
        return Sheet(RULES, v.standings, v.carry, v.extra)

    def hands(self) -> list[list[Pair]]:
        return [sorted(pair_of(t) for t in bits(mask)) for mask in self.state.hands]


class _PlayOn:
    """The shadow's geometry without Козёл's immediate fish (K4.2): the peers play on until
    nobody can move, so the double of a dead suit may still be laid, and the shadow follows
    them (it never ends a hand by itself; the peer's engine says when a hand is over)."""

    def __init__(self, geo: Any) -> None:
        self._geo = geo

    def __getattr__(self, name: str) -> Any:
        return getattr(self._geo, name)

    def dead(self, left: int, right: int, table: int) -> bool:
        return False


def _second_round() -> Match:
    """A match in its second round with nothing written yet: so the lead is free (F3) as in the
    peers' game, and the standings are a fresh match's. The first round (first legal move each
    turn) is public history no bot draws a fact from but the lead rule."""
    match = Match(RULES, 0)
    while not match.results:
        match.apply(match.legal_actions()[0])
    match.standings = tuple(type(st)() for st in match.standings)
    match.carry = 0
    return match


# --- the peers -----------------------------------------------------------------------------------


class Peer(Protocol):
    """One hand in the peer's engine, its bot, and its scoring."""

    name: str
    budget: str

    def start(self, hands: list[list[Pair]], seed: int) -> None: ...
    def turn(self) -> int: ...
    def over(self) -> bool: ...
    def legal(self) -> set[Move]: ...
    def apply(self, move: Move) -> None: ...
    def choose(self) -> Move: ...
    def team0_points(self) -> float: ...
    def hands(self) -> list[list[Pair]]: ...
    def costs(self, before: Sheet, state: RoundState) -> list[float]: ...


def _team_pips(state: RoundState) -> tuple[int, int]:
    pips = [TS.pip_sum(hand) for hand in state.hands]
    return pips[0] + pips[2], pips[1] + pips[3]


def open_spiel_costs(before: Sheet, state: RoundState) -> list[float]:
    """OpenSpiel's scoring as side costs: the team with fewer pips left scores the other team's
    (also when a seat goes out)."""
    return _fewer_pips_take(state, all_pips=False)


def abw333_costs(before: Sheet, state: RoundState) -> list[float]:
    """abw333's scoring as side costs: going out scores every pip left on the table for the
    team that went out; a blocked hand gives them all to the team with fewer pips (a tie:
    nobody)."""
    if state.went_out >= 0:
        pips = sum(_team_pips(state))
        score0 = pips if state.went_out % 2 == 0 else -pips
        return [-float(score0), float(score0)]
    return _fewer_pips_take(state, all_pips=True)


def _fewer_pips_take(state: RoundState, all_pips: bool) -> list[float]:
    """Side costs (lower is better) when the team with fewer pips left scores: the other
    team's pips, or ``all_pips`` (both teams')."""
    a, b = _team_pips(state)
    points = (a + b) if all_pips else max(a, b)
    score0 = points if a < b else -points if b < a else 0
    return [-float(score0), float(score0)]


class OpenSpielISMCTS:
    """OpenSpiel's ``python_team_dominoes`` and its ``ISMCTSBot``."""

    name = "OpenSpiel ISMCTS"

    def __init__(self, sims: int = 200, uct_c: float = 24.0) -> None:
        import numpy as np
        import open_spiel.python.games.team_dominoes as team
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts

        self._np, self._team, self._pyspiel = np, team, pyspiel
        self._ismcts, self._mcts = ismcts, mcts
        self.game = pyspiel.load_game("python_team_dominoes")
        self.sims, self.uct_c = sims, uct_c
        self.budget = f"{sims} simulations a move, uct_c={uct_c:g}, one random rollout a leaf"
        self.state: Any = None
        self.bot: Any = None

    def start(self, hands: list[list[Pair]], seed: int) -> None:
        state = self.game.new_initial_state()
        deck = self._team._DECK
        for k in range(HAND):  # the engine deals round-robin from seat 0
            for s in range(PLAYERS):
                state.apply_action(deck.index(tuple(float(x) for x in hands[s][k])))
        self.state = state
        rs = self._np.random.RandomState(seed % 2**32)
        self.bot = self._ismcts.ISMCTSBot(
            game=self.game,
            evaluator=self._mcts.RandomRolloutEvaluator(1, rs),
            uct_c=self.uct_c,
            max_simulations=self.sims,
            random_state=rs,
            child_selection_policy=self._ismcts.ChildSelectionPolicy.UCT,
        )
        self.bot.set_resampler(self._resample)
        self._rng = random.Random(seed)

    def turn(self) -> int:
        return int(self.state.current_player())

    def over(self) -> bool:
        return bool(self.state.is_terminal())

    def _move(self, action: int) -> Move:
        a = self._team._ACTIONS[action]
        pair = (int(a.tile[0]), int(a.tile[1]))
        return pair, None if a.edge is None else int(a.edge)

    def legal(self) -> set[Move]:
        return {self._move(a) for a in self.state.legal_actions()}

    def _action(self, move: Move) -> int:
        for a in self.state.legal_actions():
            if self._move(a) == move:
                return int(a)
        raise AssertionError(f"{move} is not legal in OpenSpiel here")

    def apply(self, move: Move) -> None:
        self.state.apply_action(self._action(move))

    def choose(self) -> Move:
        return self._move(int(self.bot.step(self.state)))

    def team0_points(self) -> float:
        return float(self.state.returns()[0])

    def costs(self, before: Sheet, state: RoundState) -> list[float]:
        return open_spiel_costs(before, state)

    def hands(self) -> list[list[Pair]]:
        return [sorted((int(a), int(b)) for a, b in h) for h in self.state.hands]

    def _voids(self, state: Any) -> list[set[float]]:
        """Pips each seat must lack: the open ends whenever it was skipped (a pass)."""
        voids: list[set[float]] = [set() for _ in range(PLAYERS)]
        edges: list[float] = []
        seat = 0
        for action in state.actions_history:
            while seat != action.player:  # skipped: it could not play on these ends
                voids[seat].update(edges)
                seat = (seat + 1) % PLAYERS
            if not edges:
                edges = list(action.tile)
            else:
                edges.remove(action.edge)
                a, b = action.tile
                edges.append(b if a == action.edge else a)
            seat = (seat + 1) % PLAYERS
        cur = state.current_player()
        while cur >= 0 and seat != cur:
            voids[seat].update(edges)
            seat = (seat + 1) % PLAYERS
        return voids

    def _resample(self, state: Any, player: int) -> Any:
        """A world the player cannot tell from the real one: its own hand and the history kept,
        the other seats' tiles dealt anew, consistent with every pass (pyspiel's Python games
        have no resampler of their own; ISMCTS needs one)."""
        voids = self._voids(state)
        others = [s for s in range(PLAYERS) if s != player]
        unseen = [t for s in others for t in state.hands[s]]
        sizes = {s: len(state.hands[s]) for s in others}
        hands = _constrained_deal(unseen, sizes, voids, self._rng)
        new = state.clone()
        for s in others:
            new.hands[s] = sorted(hands[s])
        return new


def _constrained_deal(
    tiles: list[Any], sizes: dict[int, int], voids: list[set[Any]], rng: random.Random
) -> dict[int, list[Any]]:
    """The tiles dealt to the seats by size, none to a seat void in one of its pips: uniform by
    rejection while that is quick, else by a randomised search (which always finds the real
    deal's shape at least)."""
    seats = list(sizes)
    for _ in range(200):
        rng.shuffle(tiles)
        out: dict[int, list[Any]] = {}
        k = 0
        for s in seats:
            out[s] = tiles[k : k + sizes[s]]
            k += sizes[s]
        if all(not (set(t) & voids[s]) for s in seats for t in out[s]):
            return out
    order = sorted(tiles, key=lambda t: sum(1 for s in seats if set(t) & voids[s]), reverse=True)
    out = {s: [] for s in seats}

    def place(i: int) -> bool:
        if i == len(order):
            return True
        t = order[i]
        fits = [s for s in seats if len(out[s]) < sizes[s] and not set(t) & voids[s]]
        rng.shuffle(fits)
        for s in fits:
            out[s].append(t)
            if place(i + 1):
                return True
            out[s].pop()
        return False

    if not place(0):
        raise AssertionError("no deal fits the passes: the voids were read wrong")
    return out


class Abw333AlphaBeta:
    """abw333's ``dominoes`` 6.1.0 and its ``probabilistic_alphabeta`` player."""

    name = "abw333 probabilistic_alphabeta"

    def __init__(self, samples: int = 10, start_move: int = 6) -> None:
        import dominoes

        self._d = dominoes
        self.samples, self.start_move = samples, start_move
        self.budget = (
            f"{samples} sampled deals a move from move {start_move} on "
            f"(before it, its bota_gorda: heaviest tile first)"
        )
        self.player = dominoes.players.probabilistic_alphabeta(
            start_move=start_move, sample_size=samples, player=dominoes.players.bota_gorda
        )
        self.game: Any = None

    def start(self, hands: list[list[Pair]], seed: int) -> None:
        d = self._d
        own = [d.Hand([d.Domino(a, b) for a, b in hand]) for hand in hands]
        valid = tuple((t, True) for t in own[0])
        self.game = d.Game(d.Board(), own, [], 0, valid, 0, None)
        self._seed = seed

    def turn(self) -> int:
        return int(self.game.turn)

    def over(self) -> bool:
        return self.game.result is not None

    def _move(self, m: Any) -> Move:
        domino, left = m
        pair = (min(domino.first, domino.second), max(domino.first, domino.second))
        if not self.game.board:
            return pair, None
        return pair, self.game.board.left_end() if left else self.game.board.right_end()

    def legal(self) -> set[Move]:
        return {self._move(m) for m in self.game.valid_moves}

    def apply(self, move: Move) -> None:
        for m in self.game.valid_moves:
            if self._move(m) == move:
                self.game.make_move(*m)
                return
        raise AssertionError(f"{move} is not legal in abw333's dominoes here")

    def choose(self) -> Move:
        """Its players reorder ``valid_moves`` by preference; the first is played. Its sampling
        uses the global ``random``, seeded per decision and restored after."""
        self._seed += 1
        with _seeded_global_random(self._seed):
            self._d.players.bota_gorda(self.game)
            self.player(self.game)
        return self._move(self.game.valid_moves[0])

    def team0_points(self) -> float:
        return float(self.game.result.points)

    def costs(self, before: Sheet, state: RoundState) -> list[float]:
        return abw333_costs(before, state)

    def hands(self) -> list[list[Pair]]:
        return [
            sorted((min(t.first, t.second), max(t.first, t.second)) for t in h)
            for h in self.game.hands
        ]


# --- a hand, a deal, a run -----------------------------------------------------------------------


@dataclass
class Hand:
    points: float  # our team's points in the peer's scoring (negative: the peer's team scored)
    think_ms: list[float] = field(default_factory=list)  # our decisions with 2+ legal moves


def play_hand(
    peer: Peer,
    hands: list[list[Pair]],
    ours: Callable[[int], Any] | None,
    our_team: int,
    seed: int,
    check: bool = True,
) -> Hand:
    """One hand in the peer's engine: our bots (``ours(seat)`` makes one) on ``our_team``'s
    seats, the peer's bot on the others; ``ours=None`` lets the peer play all four seats.
    ``check`` compares both engines' legal moves at every turn (what keeps the adapter
    honest)."""
    peer.start(hands, seed)
    shadow = Shadow(hands, leader=0)
    bots = {s: ours(s) for s in range(PLAYERS) if s % 2 == our_team} if ours else {}
    think: list[float] = []
    while not peer.over():
        seat = peer.turn()
        shadow.pass_to(seat)
        if check and shadow.moves() != peer.legal():
            raise AssertionError(f"legal moves differ at seat {seat}: {shadow.moves()} vs peer")
        if seat in bots:
            view = shadow.view(seat)
            t0 = time.perf_counter()
            code = bots[seat].choose(view)
            if len(view.legal) > 1:
                think.append((time.perf_counter() - t0) * 1000)
            move = shadow.move_of(code)
        else:
            move = peer.choose()
        peer.apply(move)
        shadow.play(seat, move)
    if shadow.hands() != peer.hands():
        raise AssertionError("the shadow's hands drifted from the peer's")
    team0 = peer.team0_points()
    if check and peer.costs(shadow.sheet(), shadow.state) != [-team0, team0]:
        raise AssertionError(f"our count of the hand is not the peer's score ({team0})")
    return Hand(team0 if our_team == 0 else -team0, think)


@dataclass
class Row:
    bot: str
    peer: str
    budget: str
    deals: int
    points: list[float] = field(default_factory=list)  # per deal, mean of its two hands
    wins: list[float] = field(default_factory=list)
    think_ms: list[float] = field(default_factory=list)
    seconds: float = 0.0

    def figures(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "peer": self.peer,
            "peer_budget": self.budget,
            "deals": len(self.points),
            "hands": 2 * len(self.points),
            "points_per_hand": round(statistics.fmean(self.points), 2),
            "points_ci95": [round(x, 2) for x in ci(self.points)],
            "win_rate": round(statistics.fmean(self.wins), 3),
            "win_ci95": [round(x, 3) for x in ci(self.wins)],
            "think_ms_median": round(statistics.median(self.think_ms or [0.0]), 1),
            "think_ms_p95": round(percentile(sorted(self.think_ms), 0.95), 1),
            "seconds": round(self.seconds, 1),
        }


def ci(values: list[float]) -> tuple[float, float]:
    """95% interval of the mean per hand, each deal (its two hands) one cluster, as the arena's."""
    _mean, lo, hi = ratio_ci([2 * v for v in values], [2] * len(values))
    return lo, hi


def _win(points: float) -> float:
    return 1.0 if points > 0 else 0.5 if points == 0 else 0.0


def play_rows(
    peer: Peer,
    bots: list[str],
    deals: int,
    seed: int,
    on_deal: Callable[[list[Row]], None] = lambda _rows: None,
    objective: str = "peer",
) -> list[Row]:
    """``deals`` duplicate deals of each of ``bots`` (both our seats) against the peer's bot,
    the bots taking turns deal by deal, so that a run cut short still has every bot's figures
    on the same deals (``on_deal`` sees the rows after each deal)."""
    rows = [Row(bot, peer.name, peer.budget, deals) for bot in bots]
    for d in range(deals):
        hands = deal(random.Random(seed * 1_000_003 + d))
        for row in rows:
            start = time.perf_counter()
            pair = []
            for team in (0, 1):
                base = (seed * 7919 + d) * 4 + team * 2

                def ours(s: int, base: int = base, bot: str = row.bot) -> Any:
                    return make_bot(bot, base + s, clock=False)

                with playing_for(peer.costs) if objective == "peer" else nullcontext():
                    hand = play_hand(peer, hands, ours, team, base)
                pair.append(hand.points)
                row.think_ms.extend(hand.think_ms)
            row.points.append(statistics.fmean(pair))
            row.wins.append(statistics.fmean(_win(p) for p in pair))
            row.seconds += time.perf_counter() - start
            print(
                f"  {row.bot} vs {peer.name}: deal {d + 1}/{deals} "
                f"({row.seconds:.0f} s, {statistics.fmean(row.points):+.1f} points/hand)",
                file=sys.stderr,
                flush=True,
            )
        on_deal(rows)
    return rows


def _note(message: str) -> None:
    print(f"outside: {message}", file=sys.stderr)


def peers(args: argparse.Namespace) -> list[Peer]:
    found: list[Peer] = []
    try:
        found.append(OpenSpielISMCTS(args.ismcts_sims, args.uct_c))
    except ImportError:
        print(
            "outside: open_spiel not installed (pip install '.[benchmarks]'); skipped",
            file=sys.stderr,
        )
    try:
        found.append(Abw333AlphaBeta(args.ab_samples, args.ab_start))
    except ImportError:
        print(
            "outside: dominoes not installed (pip install '.[benchmarks]'); skipped",
            file=sys.stderr,
        )
    return found


def markdown(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| our bot | peer (budget) | deals × 2 | points / hand [95% CI] | win rate [95% CI] "
        "| our ms med / p95 |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        lo, hi = r["points_ci95"]
        wlo, whi = r["win_ci95"]
        lines.append(
            f"| {r['bot']} | {r['peer']} ({r['peer_budget']}) | {r['deals']} × 2 "
            f"| {r['points_per_hand']:+.2f} [{lo:+.2f}, {hi:+.2f}] "
            f"| {r['win_rate']:.1%} [{wlo:.1%}, {whi:.1%}] "
            f"| {r['think_ms_median']:.0f} / {r['think_ms_p95']:.0f} |"
        )
    return "\n".join(lines)


def bot_names(text: str) -> list[str]:
    """``hard,pimc:samples=60,solve=18,master`` as three bots: a part with ``=`` and no ``:``
    is one more option of the bot before it."""
    names: list[str] = []
    for part in text.split(","):
        if names and "=" in part and ":" not in part:
            names[-1] += "," + part
        else:
            names.append(part)
    return names


def _side_by_side(argv: list[str], keys: list[str], jobs: int, out: str | None) -> int:
    """Each peer's run in a process of its own (``--only``), their figures joined in one table:
    the peers are independent, and a two-core machine plays both in the time of the slower."""
    with tempfile.TemporaryDirectory() as tmp, ProcessPoolExecutor(jobs) as pool:
        outs = [os.path.join(tmp, f"{k}.json") for k in keys]
        runs = [
            pool.submit(main, [*argv, "--only", k, "--out", o])
            for k, o in zip(keys, outs, strict=True)
        ]
        if any(r.result() != 0 for r in runs):
            return 1
        rows: list[dict[str, Any]] = []
        seed = None
        for o in outs:
            with open(o, encoding="utf-8") as f:
                data = json.load(f)
            rows.extend(data["rows"])
            seed = data["seed"]
    if out:
        with open(out, "w", encoding="utf-8") as f:
            json.dump({"seed": seed, "rows": rows}, f, indent=1)
    print(markdown(rows))
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=20, help="duplicate deals per bot and peer")
    p.add_argument(
        "--bots",
        default="hard,master",
        help="our bots, comma-separated (with options too: hard,pimc:samples=60,solve=18)",
    )
    p.add_argument("--only", choices=("ismcts", "abw333"), help="one peer only")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--ismcts-sims", type=int, default=200, help="ISMCTS simulations a move")
    p.add_argument("--uct-c", type=float, default=24.0, help="ISMCTS exploration (points scale)")
    p.add_argument("--ab-samples", type=int, default=10, help="abw333: sampled deals a move")
    p.add_argument("--ab-start", type=int, default=6, help="abw333: first searched move")
    p.add_argument("--out", help="also write the figures as JSON here")
    p.add_argument("--jobs", type=int, default=1, help="peers played side by side, a process each")
    p.add_argument(
        "--objective",
        choices=("peer", "kozel"),
        default="peer",
        help="what our bots play for: the peer's scoring (default) or Козёл's",
    )
    args = p.parse_args(argv)
    found = peers(args)
    if args.only:
        found = [x for x in found if ("ISMCTS" in x.name) == (args.only == "ismcts")]
    if not found:
        return 1
    if args.jobs > 1 and len(found) > 1:
        keys = ["ismcts" if "ISMCTS" in x.name else "abw333" for x in found]
        return _side_by_side(sys.argv[1:] if argv is None else argv, keys, args.jobs, args.out)
    done: list[dict[str, Any]] = []

    def save(rows: list[Row]) -> None:
        if args.out:
            data = {"seed": args.seed, "rows": done + [r.figures() for r in rows]}
            with open(args.out, "w", encoding="utf-8") as f:
                json.dump(data, f, indent=1)

    for peer in found:
        rows = play_rows(peer, bot_names(args.bots), args.deals, args.seed, save, args.objective)
        done.extend(r.figures() for r in rows)
    print(markdown(done))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
