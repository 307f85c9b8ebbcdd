"""Words that name an end show the board's arrow for it (issue 22, part 5).

The status line said "right end 4 ▶" and "Last moves" "3-5 ◀" with fixed glyphs, also when
the board showed ▼ for that end because it had turned at the wall. The glyph in the words now
comes from the one place that draws it, the board's layout (:meth:`Chain.arrows`), so words and
board never disagree; a resize that turns an end turns the words with it.
"""

from __future__ import annotations

from textual.widgets import Static

from domino_tui.app.screens.game import GameScreen
from domino_tui.app.screens.round_end import RoundEndScreen
from domino_tui.app.screens.turn_words import END_ARROWS, end_words, last_turns, recent_lines
from domino_tui.app.widgets.chain import Chain
from domino_tui.engine.actions import Placement, encode, placements
from domino_tui.engine.round import Event
from domino_tui.engine.tiles import DOUBLE_SIX as TS

from .driver import game, key_for_turn, plain, seeded_app, settle

TURNED = ("▲", "▼")


def test_the_words_take_the_arrow_they_are_given() -> None:
    arrows = ("▲", "▼", "▲", "▼")
    assert end_words(1, 4, "en", arrows) == "right end 4 ▼"
    assert end_words(0, 3, "ru", arrows) == "левый конец 3 ▲"
    assert end_words(1, 4, "en") == "right end 4 ▶"  # nothing turned: the line's own way
    lead, play = TS.parse("3-4"), TS.parse("4-5")
    history = [
        Event(0, encode([Placement(lead, 0)]), lead, -1, -1),
        Event(1, encode([Placement(play, 1)]), play, 3, 4),
    ]
    lines = recent_lines(history, ["Masha", "Alex"], TS, "en", 30, arrows)
    assert lines == ["Masha: led 3-4", "Alex: 4-5 ▼"]
    assert recent_lines(history, ["Masha", "Alex"], TS, "en", 30)[-1] == "Alex: 4-5 ▶"
    assert END_ARROWS == ("◀", "▶", "▲", "▼")


def expected_marks(screen: GameScreen, arrows: tuple[str, ...]) -> list[str]:
    """ "<tile> <arrow>" for every tile laid on an end in the players' latest turns."""
    marks = []
    for _seat, events in last_turns(screen.match.round.history, screen.session.rules.players):
        for e in events:
            if e.code >= 0 and e.left >= 0:
                (part,) = [p for p in placements(e.code) if p.tile == e.tile]
                marks.append(f"{TS.name(e.tile)} {arrows[part.end]}")
    return marks


async def test_at_80x24_last_moves_and_the_status_show_the_boards_arrows() -> None:
    """Seed 8 at 80×24 (the issue's game): played until an end has turned at the wall, the
    Last moves mark each end with the board's arrow, and the end question names it so."""
    app = seeded_app(8)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game(app)
        chain = screen.query_one("#chain", Chain)
        seen_turned = False
        for _ in range(200):
            if isinstance(app.screen, RoundEndScreen) or screen.match.number > 1:
                break
            arrows = words_match_board(screen, chain)
            if set(arrows[:2]) & set(TURNED):
                seen_turned = True
                side = 0 if arrows[0] in TURNED else 1
                screen.choose_side, screen.choosing = side, screen.match.round.placed[0][0]
                words = end_words(side, screen.match.round.open_ends()[side], "en", arrows)
                assert words in screen.choosing_text() and arrows[side] in words
                screen.clear_choice()
                break
            if screen.my_turn():
                await pilot.press(key_for_turn(screen))
            await settle(pilot)
        assert seen_turned, "the line turned at a wall in this round"
        await pilot.resize_terminal(200, 60)  # room enough: the ends run straight again
        await settle(pilot)
        assert set(words_match_board(screen, chain)[:2]).isdisjoint(TURNED)


def words_match_board(screen: GameScreen, chain: Chain) -> tuple[str, ...]:
    """The arrows drawn at the ends (0-3); Last moves shows each of its tiles' ends so."""
    arrows = (*chain.arrows(), "▲", "▼")
    drawn = tuple(tip.glyph if tip else d for tip, d in zip(chain.tips, "◀▶", strict=True))
    assert arrows[:2] == drawn, "the words' arrows are the ones drawn"
    recent = plain(screen.query_one("#recent", Static))
    for mark in expected_marks(screen, arrows):
        assert mark in recent, (mark, recent)
    return arrows
