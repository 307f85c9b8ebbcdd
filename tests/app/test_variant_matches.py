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


async def test_the_example_plugin_variant_plays_at_the_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 24, part 1: the variant from outside the package (examples/variant_plugin, as if
    installed) is played at the table by keys to the game-end screen, with its own deal."""
    from importlib.metadata import EntryPoint
    from pathlib import Path

    from domino_tui import i18n
    from domino_tui import plugins as plugin_reader
    from domino_tui.engine import variants as registry

    example = Path(__file__).parents[2] / "examples" / "variant_plugin"
    monkeypatch.syspath_prepend(str(example))
    group = registry.ENTRY_POINT_GROUP
    eps = [EntryPoint("six", "six_variant", group)]
    monkeypatch.setattr(
        plugin_reader, "entry_points", lambda group: eps if group == eps[0].group else []
    )
    registry.reload_plugins()
    i18n.reload_catalogs()
    try:
        rules = make_rules({"players": 2, "target": 25}, "six")
        seats = (Seat("Tester"), Seat("Masha", "bot", "greedy"))
        session = GameSession(rules, seats, 3, "six")
        app = make_app(session, settings_path=None, lang="en", pace="instant")
        async with app.run_test(size=(80, 24)) as pilot:
            presses = await play_to_end(pilot, 3000)
            assert isinstance(app.screen, GameEndScreen)
            assert session.match.over and presses > 0
            for dealt in session.match.deals:  # six tiles each: the plugin's own rule
                assert all(hand.bit_count() == 6 for hand in dealt.hands)
    finally:
        registry.reload_plugins()
        i18n.reload_catalogs()
