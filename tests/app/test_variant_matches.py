"""A whole seeded match of every preset by keys, at 80×24, to the game-end screen.

Козёл itself is played to the end in test_play.py. Here each other preset is played with the
human's choices made by keys only (Enter, an end if asked, D, K; the round-end screen's
Enter) against quick bots; the match must end in the engine, the game-end screen must show,
and the saved record must replay into the same match.
"""

from __future__ import annotations

import pytest

from domino_tui.app import make_app
from domino_tui.app.screens.game_end import GameEndScreen
from domino_tui.engine.record import dumps, loads, replay
from domino_tui.engine.rules import make_rules
from domino_tui.play.session import GameSession, Seat

from .driver import fingerprint, play_to_end

# (preset, options): two players where the variant allows, and a lower target (or fewer deals)
# where the default match is long: a whole match of a few rounds (Осёл, Чечевэ and Muggins can
# end after their first: a goat by the variant's own rule), not five or six
PRESETS = [
    ("kozel-pairs", {"target": 50}),
    ("classic", {"players": 2, "target": 20}),
    ("morskoy", {"target": 75}),
    ("osel", {"players": 2, "target": 5}),
    ("telefon", {"target": 10}),
    ("muggins", {"target": 10}),
    ("all-threes", {}),
    ("general", {}),
    ("chechevo", {"players": 2, "target": 5}),
    ("sport", {"match_end": "rounds:4"}),
]


@pytest.mark.parametrize(("preset", "options"), PRESETS, ids=[p for p, _ in PRESETS])
async def test_a_whole_match_by_keys(preset: str, options: dict[str, object]) -> None:
    rules = make_rules(options, preset)
    names = ("Masha", "Alex", "Olya")
    seats = (Seat("Tester"), *(Seat(names[i], "bot", "greedy") for i in range(rules.players - 1)))
    session = GameSession(rules, seats, 5, preset)
    app = make_app(session, settings_path=None, lang="en", pace="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        presses = await play_to_end(pilot, 3000)
        assert isinstance(app.screen, GameEndScreen)
        assert session.match.over and presses > 0
        replayed = replay(loads(dumps(session.record())))
        assert replayed.over
        assert fingerprint(replayed) == fingerprint(session.match)
