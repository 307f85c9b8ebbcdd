"""The search's one config (bots/config.py): the levels are its presets, a bot name's options are
its fields, and moving the dozen loose parameters into it changed no move."""

from __future__ import annotations

import pytest

from domino_tui.bots import HARD, LEVELS, MASTER, SearchConfig, make_bot
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import seat_view

from .helpers import positions

# every third real decision of the first 41 positions of three matches (2 players, 4 players,
# pairs), bot seed 11, clock off: recorded before the parameters moved into SearchConfig
EVERY = "pimc:samples=20,solve=16,nodes=2000,policy=smart,pool=2000,weigh=true,prune=true"
EVERY += ",chance=true"
# the presets as they were then (the master has dealt its guesses exactly since)
OLD_HARD = "pimc:samples=60,solve=14,nodes=5000,time_ms=400"
OLD_MASTER = "pimc:samples=100,solve=18,nodes=20000,pool=36000,policy=smart,weigh=true,prune=true"
BEFORE = {
    OLD_HARD: "24 22 41 19 10 28 32 4 40 44 54 17 6 17 12 10 27 25 38 10 35 28 32 42 24 8",
    OLD_MASTER: "35 22 41 19 6 53 32 16 9 44 54 17 6 23 12 10 27 21 48 53 34 28 52 42 37 38",
    EVERY: "35 30 41 14 10 53 32 16 9 44 54 17 6 23 12 10 27 3 48 10 35 28 21 42 37 38",
}


def _moves(name: str) -> str:
    out = []
    games = ((make_rules({"players": 2}), 5), (make_rules({"players": 4}), 6))
    for rules, seed in (*games, (make_rules({}, "kozel-pairs"), 7)):
        for k, match in enumerate(positions(rules, seed)):
            if k > 40:
                break
            view = seat_view(match, match.turn)
            if len(view.legal) >= 2 and k % 3 == 0:
                out.append(make_bot(name, 11, clock=False).choose(view))
    return " ".join(map(str, out))


@pytest.mark.parametrize("name", list(BEFORE))
def test_the_config_plays_the_moves_the_loose_parameters_played(name: str) -> None:
    assert _moves(name) == BEFORE[name]


def test_a_level_is_its_preset_and_a_spec_makes_its_config_again() -> None:
    assert make_bot("hard").config == HARD  # type: ignore[attr-defined]
    assert make_bot("master").config == MASTER  # type: ignore[attr-defined]
    # issue 26: hard is the old preset with opponents who block and weighed guesses
    smart = make_bot(OLD_HARD + ",policy=smart,weigh=true").config  # type: ignore[attr-defined]
    assert smart == HARD
    assert LEVELS["master"] == "pimc:" + MASTER.spec()
    odd = SearchConfig(playouts=77, most=5, chance=True, exact=True)
    assert make_bot("pimc:" + odd.spec()).config == odd  # type: ignore[attr-defined]
    assert SearchConfig().spec() == ""


def test_guessed_deals_follow_samples_or_playouts_capped_by_most_never_below_the_floor() -> None:
    assert SearchConfig(samples=60).guesses(5) == 60
    assert SearchConfig(playouts=600).guesses(4) == 150
    assert SearchConfig(playouts=2400, most=400).guesses(2) == 400
    assert SearchConfig(playouts=30).guesses(3) == 24  # MIN_GUESSES


def test_an_unknown_policy_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="heavy, smart"):
        SearchConfig(policy="clever")
