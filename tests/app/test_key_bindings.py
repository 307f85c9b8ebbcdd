"""Each screen's keys become its Textual bindings once, from its own ``KEYS`` (screens/base.py):
a screen never inherits its parent screen's keys (the lesson binds fewer than the game it is
built on), every key of ``KEYS`` is bound, and an action's first key alone is in the footer."""

from __future__ import annotations

import pytest
from textual.binding import Binding

from domino_tui.app.screens.base import DominoModal, DominoScreen, key_bindings
from domino_tui.app.screens.game import GameScreen
from domino_tui.app.screens.learn import LearnScreen
from domino_tui.app.screens.round_end import RoundEndScreen
from domino_tui.app.screens.rules import Book


def ours(cls: type) -> dict[str, Binding]:
    spec = {key for keys, _, _ in cls.KEYS for key in keys.split(",")}  # type: ignore[attr-defined]
    found = [b for b in cls.BINDINGS if isinstance(b, Binding) and b.key in spec]  # type: ignore[attr-defined]
    return {b.key: b for b in found}


@pytest.mark.parametrize("cls", [GameScreen, LearnScreen, RoundEndScreen])
def test_every_key_of_a_screen_is_bound_to_its_action(cls: type) -> None:
    bound = ours(cls)
    for keys, action, label in cls.KEYS:  # type: ignore[attr-defined]
        for n, key in enumerate(keys.split(",")):
            assert bound[key].action == action
            assert bound[key].show == (bool(label) and n == 0), "only the first key is shown"


def test_the_lesson_binds_only_its_own_keys_not_the_games() -> None:
    lesson = {key for keys, _, _ in LearnScreen.KEYS for key in keys.split(",")}
    assert {"up", "down", "c"} <= {b.key for b in GameScreen.BINDINGS if isinstance(b, Binding)}
    bound = {b.key for b in LearnScreen.BINDINGS if isinstance(b, Binding)}
    assert not {"up", "down", "c"} & bound and lesson <= bound
    assert ours(LearnScreen)["q"].action == "leave", "q leaves the lesson, it does not quit"


def test_dialogs_step_between_buttons_with_the_arrows() -> None:
    arrows = {b.key: b.action for b in DominoModal.BINDINGS if isinstance(b, Binding)}
    assert arrows["left"] == "button_step(-1)" and arrows["right"] == "button_step(1)"
    assert arrows["tab"] == "app.focus_next", "Textual's own screen keys stay"
    assert not [b for b in DominoScreen.BINDINGS if isinstance(b, Binding) and b.key == "left"]


def test_the_rules_book_scrolls_but_leaves_left_and_right_to_the_pages() -> None:
    keys = {b.key for b in Book.BINDINGS if isinstance(b, Binding)}
    assert {"up", "down", "pageup", "pagedown", "home", "end"} <= keys
    assert not {"left", "right"} & keys


def test_a_pair_of_keys_shows_one_entry_with_its_display() -> None:
    found = key_bindings([("n,p", "next", "w.next")], {"n": "n/p"})
    assert [(b.key, b.show, b.key_display) for b in found] == [
        ("n", True, "n/p"),
        ("p", False, None),
    ]
