"""The table's view, built without a screen (:func:`domino_tui.app.view.table_view`): what each
widget is handed — seat panels in turn order (K1.2), the hand and its cursor, the status line's
words in their order of precedence, the footer keys that come and go (K3.3, K3.4), the board's
end being chosen — from a game and a turn state, with no Pilot and no widget.

Rule ids: RULES.md (K1.2, K3.3, K3.6) and docs/variants/README.md (G7).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from domino_tui.app.view import Lesson, Seating, Sizes, TableView, table_view
from domino_tui.engine.actions import DRAW, KNOCK
from domino_tui.engine.deal import Deal
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.tiles import DOUBLE_SIX as TS
from domino_tui.engine.tiles import bits
from domino_tui.play.session import GameSession, Seat
from domino_tui.play.turn import TurnState


def mask(words: str) -> int:
    return sum(1 << TS.parse(word) for word in words.split())


def game_of(
    hands: list[str], humans: int = 1, boneyard: bool = True, **options: object
) -> GameSession:
    """A game whose first deal is fixed; the first ``humans`` seats are people, the rest bots;
    seat 0 leads (it holds the lowest double of the deal or is told to)."""
    masks = tuple(mask(hand) for hand in hands)
    used = 0
    for m in masks:
        used |= m
    rest = tuple(t for t in range(TS.count) if not used >> t & 1) if boneyard else ()
    rules = make_rules({"players": len(hands), **options})
    deals = iter([Deal(masks, rest, 0)] * 50)
    match = Match(rules, 1, deals=deals)
    seats = tuple(
        Seat(f"P{i}") if i < humans else Seat(f"Bot{i}", "bot", "easy") for i in range(len(hands))
    )
    return GameSession(rules, seats, 1, match=match)


TWO = ["1-1 1-3 3-5 2-4 6-6 0-2 4-4", "1-2 5-6 0-0 0-1 2-3 3-4 0-6"]
FOUR = ["1-1 1-3 3-5 2-4 6-6", "1-2 5-6 0-0 0-1 2-3", "3-4 0-6 0-3 4-5 2-2", "3-3 1-6 2-5 0-5 4-6"]


def view_of(game: GameSession, turn: TurnState | None = None, **seating: object) -> TableView:
    where = Seating(**{"bottom": 0, "viewer": 0, **seating})  # type: ignore[arg-type]
    return table_view(game, turn or TurnState(), where, "en")


def test_the_other_chairs_follow_the_turn_order_after_the_bottom_one_K1_2() -> None:
    game = game_of(FOUR, pairs=True)
    for bottom in range(4):
        view = view_of(game, bottom=bottom, viewer=bottom)
        names = [info.title for info in view.seats]
        assert names == [game.label((bottom + k) % 4, "en") for k in (1, 2, 3)]
        partner = [info.subtitle for info in view.seats]
        assert partner == ["", "partner", ""], "the partner sits across (K1.2)"
        assert [info.count for info in view.seats] == [5, 5, 5]
    alone = view_of(game_of(FOUR), bottom=1, viewer=1)
    assert [info.subtitle for info in alone.seats] == ["", "", ""], "no pairs, no partner"


def test_the_seat_to_move_is_marked_and_nobody_once_the_round_is_shown_final() -> None:
    game = game_of(TWO)
    turn = game.match.turn
    marked = [info.turn for info in view_of(game, bottom=1 - turn, viewer=1 - turn).seats]
    assert marked == [True]
    final = (1, game.match.round)
    shown = view_of(game, bottom=1 - turn, viewer=1 - turn, final=final)
    assert [info.turn for info in shown.seats] == [False]


def test_the_hand_shows_the_viewers_tiles_and_its_cursor_only_on_its_turn() -> None:
    game = game_of(TWO)
    me = game.match.turn
    tiles = tuple(bits(game.match.round.hands[me]))
    turn = TurnState(selected=tiles[0])
    mine = view_of(game, turn, bottom=me, viewer=me).hand
    assert mine.state.tiles == tiles and mine.state.selected == tiles[0]
    assert mine.turn and mine.title.startswith("▶ ")
    assert mine.state.playable, "some tile fits the empty line"
    other = view_of(game, turn, bottom=1 - me, viewer=1 - me).hand
    assert other.state.selected == -1 and other.state.playable == 0 and not other.turn


def test_no_hand_behind_the_curtain_only_its_words_K3_6() -> None:
    game = game_of(TWO, humans=2)
    view = view_of(game, TurnState(message="a word"), bottom=0, viewer=-1, curtain=0)
    assert view.hand.state.tiles == () and "P0" in view.hand.state.hidden_text
    assert view.hand.turn, "the curtain's chair is marked: its player is to lift it"
    assert "P0" in view.status and "Enter" in view.status, "the curtain's words win"
    assert "a word" not in view.status
    hidden = view_of(game, bottom=0, viewer=-1)
    assert hidden.hand.state.hidden_text == "Hands are hidden between turns."


@pytest.mark.parametrize("seconds", [1, 30, 59])
def test_the_timer_heads_the_status_line_K10_1(seconds: int) -> None:
    game = game_of(TWO, humans=2)
    view = view_of(game, clock=(0, seconds))
    assert view.status.startswith(f"⏱ P0 {seconds}s · ")


def test_the_status_line_in_order_final_then_words_then_whose_turn() -> None:
    game = game_of(TWO)
    me = game.match.turn
    final = view_of(game, TurnState(message="a word"), final=(3, game.match.round))
    assert final.status.startswith("Round 3 is over")
    said = view_of(game, TurnState(message="a word"), bottom=me, viewer=me)
    assert said.status == "a word"
    waiting = view_of(game, bottom=1 - me, viewer=1 - me)
    assert waiting.status == f"{game.name(me)} is thinking…"
    lesson = Lesson(worst=9, empty_text="empty", prompt="press Enter")
    taught = table_view(game, TurnState(), Seating(me, me), "en", lesson=lesson)
    assert taught.status == "press Enter" and taught.chain.empty_text == "empty"
    assert taught.chain.worst == 9
    told = table_view(game, TurnState(message="a word"), Seating(me, me), "en", lesson=lesson)
    assert told.status == "a word", "the lesson's prompt gives way to words said"


def test_the_footer_offers_draw_with_a_boneyard_and_knock_only_when_legal_K3_3() -> None:
    game = game_of(TWO)
    me = game.match.turn
    keys = view_of(game, bottom=me, viewer=me).keys
    assert "draw" in keys and "knock" not in keys, "a tile fits the empty line"
    none_left = game_of(TWO, boneyard=False)
    assert "draw" not in view_of(none_left, bottom=me, viewer=me).keys
    legal = game.match.legal_actions()
    assert KNOCK not in legal and DRAW not in legal


def test_the_board_marks_the_end_being_chosen_only_while_choosing() -> None:
    game = game_of(TWO)
    me = game.match.turn
    idle = view_of(game, TurnState(choose_side=1), bottom=me, viewer=me)
    assert idle.chain.choosing == -1
    choosing = view_of(game, TurnState(choosing=TS.parse("1-1"), choose_side=1), viewer=me)
    assert choosing.chain.choosing == 1


def test_equal_inputs_give_equal_views_and_a_cursor_move_changes_only_the_hand() -> None:
    """Widgets compare their slice to skip a redraw: that needs a view equal to the last one
    when nothing changed, and a cursor move that touches the hand's slice alone."""
    game = game_of(TWO)
    me = game.match.turn
    tiles = tuple(bits(game.match.round.hands[me]))
    first = view_of(game, TurnState(selected=tiles[0]), bottom=me, viewer=me)
    assert view_of(game, TurnState(selected=tiles[0]), bottom=me, viewer=me) == first
    moved = view_of(game, TurnState(selected=tiles[1]), bottom=me, viewer=me)
    changed = {f for f in first.__dataclass_fields__ if getattr(first, f) != getattr(moved, f)}
    assert changed == {"hand"}
    assert replace(first, hand=moved.hand) == moved


def test_a_narrow_seat_panel_shortens_the_name() -> None:
    game = game_of(TWO)
    game_wide = table_view(game, TurnState(), Seating(0, 0), "en", sizes=Sizes(seats=(99,)))
    narrow = table_view(game, TurnState(), Seating(0, 0), "en", sizes=Sizes(seats=(10,)))
    assert len(narrow.seats[0].title) <= 3 < len(game_wide.seats[0].title)
