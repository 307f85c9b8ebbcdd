"""The ladder of ``benchmarks/bots.py`` (issue 26, part 5) gives each rung the games its gap
needs: the targets' match-up its own count, the rungs among the levels that do not search ten
times the games (they cost milliseconds, and their gaps are small), every other rung the games
asked for; and a four-player rung plays every seating, so 2 × games matches like the others."""

from __future__ import annotations

from benchmarks import bots


def test_rung_games_by_what_the_rung_costs() -> None:
    assert bots._rung_games("master", "hard", 30, 100, 0) == 100
    assert bots._rung_games("master", "hard", 30, 0, 0) == 30  # no --top-games: --games
    assert bots._rung_games("hard", "counter", 30, 100, 0) == 30
    assert bots._rung_games("master", "random", 30, 100, 0) == 30
    assert bots._rung_games("greedy", "random", 30, 100, 0) == 300
    assert bots._rung_games("counter", "greedy", 30, 100, 500) == 500
    quick = [(h, lo) for i, h in enumerate(bots.LADDER) for lo in bots.LADDER[:i]]
    assert sum(bots._rung_games(h, lo, 1, 0, 0) == 10 for h, lo in quick) == 3


def test_four_players_play_every_seating_of_half_the_deals() -> None:
    two = bots._ladder_config("2p", "hard", "counter", 30, 5)
    four = bots._ladder_config("4p", "hard", "counter", 30, 5)
    pairs = bots._ladder_config("pairs", "hard", "counter", 30, 5)
    assert two.games == pairs.games == 30 and four.games == 15
    assert four.bots == ("hard", "counter", "counter", "counter")
    assert pairs.rules.pairs and not two.rules.pairs and four.rules.players == 4
