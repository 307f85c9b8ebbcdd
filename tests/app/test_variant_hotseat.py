"""Hot-seat for a cross game (issue 11, item 4): two friends play осёл at one keyboard and the
curtain hides every hand between their turns, as in Козёл; the whole match is played by keys,
saved on the way and archived at the end."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from domino_tui.app import make_app
from domino_tui.app.app import DominoApp
from domino_tui.app.screens.round_end import RoundEndScreen
from domino_tui.engine.cross import CrossState
from domino_tui.engine.rules import make_rules
from domino_tui.play.saving import Saves
from domino_tui.play.session import GameSession, table_seats
from domino_tui.storage import list_records

from .driver import game, key_for_turn, screen_text, settle
from .test_hotseat import hand_area, play_hotseat_to_end, tiles_in


def osel_hotseat(seed: int = 2, saves: Saves | None = None, **options: object) -> DominoApp:
    rules = make_rules({"players": 2, **options}, "osel")
    session = GameSession(
        rules, table_seats(["human", "human"], ["Masha", "Alex"], "en"), seed, "osel"
    )
    app = make_app(session, settings_path=None, lang="en", pace="instant", saves=saves)
    app.settings = replace(app.settings, tile_style="digits")  # tiles read as text: │3│5│
    return app


async def test_the_curtain_hides_each_hand_at_the_cross() -> None:
    """Before each turn no tile of either hand is on the screen and the curtain names who is
    to sit down; after Enter only that player's hand shows; once they have moved it is hidden
    again. Checked over a round end too (the next round's board is a cross again)."""
    app = osel_hotseat()
    async with app.run_test(size=(100, 34)) as pilot:
        turns = 0
        for _ in range(400):
            await settle(pilot)
            if isinstance(app.screen, RoundEndScreen):
                await pilot.press("enter")
                continue
            screen = game(app)
            assert isinstance(screen.match.round, CrossState)
            seat = screen.match.turn
            name = screen.session.name(seat)
            assert screen.curtain == seat and screen.viewer == -1
            assert tiles_in(hand_area(app)) == 0, f"a hand shows before {name} sat down"
            assert f"{name}'s turn" in hand_area(app)
            await pilot.press("enter")  # the named player lifts the curtain
            assert tiles_in(hand_area(app)) == screen.match.round.hands[seat]
            while screen.my_turn() and screen.match.turn == seat and app.screen is screen:
                await pilot.press(key_for_turn(screen))
                if screen.turn.choosing >= 0:
                    await pilot.press("enter")
            turns += 1
            if app.screen is screen and screen.match.turn != seat:
                assert screen.viewer == -1 and tiles_in(hand_area(app)) == 0, "hidden at once"
            if screen.match.number > 1:  # the second round's cross: past one round end
                break
        assert screen.match.number > 1 and turns > 10
        assert "Traceback" not in screen_text(app)


async def test_a_whole_osel_match_by_keys_is_saved_and_archived(tmp_path: Path) -> None:
    saves = Saves.at(tmp_path)
    app = osel_hotseat(seed=4, saves=saves, target=5)  # a whole match, in a round or two
    async with app.run_test(size=(80, 24)) as pilot:
        curtains = await play_hotseat_to_end(pilot)
        match = game(app).match
        assert match.over and match.outcome is not None
        assert curtains >= 4
    assert not saves.exists(), "a finished game leaves no autosave"
    (record,) = list_records(tmp_path / "records")
    assert record.players == ("Masha", "Alex")
