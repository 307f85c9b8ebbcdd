"""Words that name an end never contradict the board's arrow for it (issue 22, part 5).

The status line said "right end 4 ▶" and "Last moves" "3-5 ◀" with fixed glyphs, also when
the board showed ▼ for that end because it had turned at the wall. The end question (a tile
about to go to an end) now shows the arrow the board draws there, from the one place that
draws it (:meth:`Chain.arrows`); a resize that turns an end turns the words with it. Last moves
name a line's end in a word ("3-5 left"): an arrow says where an end grows now, and the end may
have turned since the tile went there.
"""

from __future__ import annotations

from dataclasses import replace

from textual.widgets import Static

from domino_tui.app.screens.game import GameScreen
from domino_tui.app.screens.round_end import RoundEndScreen
from domino_tui.app.widgets.chain import Chain
from domino_tui.engine.actions import Placement, encode, placements
from domino_tui.engine.round import Event
from domino_tui.engine.tiles import DOUBLE_SIX as TS
from domino_tui.words.marks import END_ARROWS
from domino_tui.words.turn import end_words, last_turns, recent_lines

from .driver import game, key_for_turn, plain, seeded_app, settle

TURNED = ("▲", "▼")


def test_the_end_question_takes_the_arrow_given_and_last_moves_a_word() -> None:
    arrows = ("▲", "▼", "▲", "▼")
    assert end_words(1, 4, "en", arrows) == "right end 4 ▼"
    assert end_words(0, 3, "ru", arrows) == "левый конец 3 ▲"
    assert end_words(1, 4, "en") == "right end 4 ▶"  # nothing turned: the line's own way
    lead, play = TS.parse("3-4"), TS.parse("4-5")
    history = [
        Event(0, encode([Placement(lead, 0)]), lead, -1, -1),
        Event(1, encode([Placement(play, 1)]), play, 3, 4),
    ]
    assert recent_lines(history, ["Masha", "Alex"], TS, "en", 26, line=True) == [
        "Masha: led 3-4",
        "Alex: 4-5 right",
    ]
    assert recent_lines(history, ["Маша", "Алекс"], TS, "ru", 26, True)[-1] == "Алекс: 4-5 справа"
    # the cross's arms keep their arrows: there they are the arms' names (←3 →6 ↑5 ↓0)
    assert recent_lines(history, ["Masha", "Alex"], TS, "en", 26)[-1] == "Alex: 4-5 ▶"
    assert END_ARROWS == ("◀", "▶", "▲", "▼")


def expected_marks(screen: GameScreen) -> list[str]:
    """ "<tile> left" / "<tile> right" for every tile laid on an end in the latest turns."""
    marks = []
    for _seat, events in last_turns(screen.match.round.history, screen.session.rules.players):
        for e in events:
            if e.code >= 0 and e.left >= 0:
                (part,) = [p for p in placements(e.code) if p.tile == e.tile]
                marks.append(f"{TS.name(e.tile)} {('left', 'right')[part.end]}")
    return marks


async def test_at_80x24_the_end_question_shows_the_boards_arrow() -> None:
    """Seed 8 at 80×24 (the issue's game): played until an end has turned at the wall, the
    end question shows the board's arrow for it, and Last moves name every end in words."""
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
                screen.turn = replace(
                    screen.turn, choose_side=side, choosing=screen.match.round.placed[0][0]
                )
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
    """The arrows drawn at the ends (0-3); Last moves name the ends in words, no arrow."""
    arrows = (*chain.arrows(), "▲", "▼")
    drawn = tuple(tip.glyph if tip else d for tip, d in zip(chain.tips, "◀▶", strict=True))
    assert arrows[:2] == drawn, "the words' arrows are the ones drawn"
    recent = plain(screen.query_one("#recent", Static))
    for mark in expected_marks(screen):
        assert mark in recent, (mark, recent)
    assert not set(recent) & set("◀▶▲▼"), recent
    return arrows
