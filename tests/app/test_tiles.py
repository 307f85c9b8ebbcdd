"""Drawing dominoes and laying the snake (L1-L4 as the player sees them)."""

from __future__ import annotations

from itertools import pairwise

import pytest

from domino_tui.app.widgets.tiles import Canvas, draw_tile, flow, snake, tile_size


def drawn(a: int, b: int, mode: str, across: bool = False) -> list[str]:
    w, h = tile_size(mode, across)
    canvas = Canvas(w, h)
    draw_tile(canvas, 0, 0, a, b, mode, across)
    return canvas.lines()


def test_digit_tile_is_framed_with_box_characters() -> None:
    assert drawn(3, 5, "digits") == ["┌─┬─┐", "│3│5│", "└─┴─┘"]


def test_double_across_the_line_is_drawn_upright_L4() -> None:
    assert drawn(4, 4, "digits", across=True) == ["┌─┐", "│4│", "├─┤", "│4│", "└─┘"]
    assert drawn(4, 4, "compact", across=True) == ["┌4┐", "├─┤", "└4┘"]


def test_pip_faces_show_the_number_of_pips() -> None:
    lines = drawn(6, 1, "pips")
    left = "".join(line[1:4] for line in lines[1:4])
    right = "".join(line[5:8] for line in lines[1:4])
    assert left.count("●") == 6 and right.count("●") == 1


def touching(line: list[tuple[int, int]], width: int, mode: str) -> None:
    """Neighbours in the line that share a row are drawn with their touching halves facing."""
    placed = snake(line, width, 100, mode)
    assert placed is not None
    for p, q in pairwise(placed):
        if p.y + p.h // 2 != q.y + q.h // 2:
            continue  # a row turn
        if not p.flipped:
            assert q.x > p.x and p.b == q.a
        else:
            assert q.x < p.x and q.b == p.a


@pytest.mark.parametrize("mode", ["pips", "digits", "compact", "line"])
def test_snake_keeps_touching_halves_together_L2(mode: str) -> None:
    line = [(1, 1), (1, 3), (3, 3), (3, 5), (5, 0), (0, 0), (0, 2), (2, 6), (6, 6), (6, 4)]
    touching(line, 30, mode)


def test_snake_wraps_and_turns_back() -> None:
    line = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)]
    placed = snake(line, 11, 20, "digits")  # two flat tiles per row
    assert placed is not None
    rows = sorted({p.y for p in placed})
    assert len(rows) == 3
    second = [p for p in placed if p.y == rows[1]]
    assert all(p.flipped for p in second)
    # the second row runs right to left: the later tile is further left
    assert second[1].x < second[0].x
    # and the drawn halves are swapped so that 2 meets 2 and 3 meets 3
    assert (second[0].a, second[0].b) == (3, 2) and (second[1].a, second[1].b) == (4, 3)


def test_snake_refuses_what_does_not_fit() -> None:
    line = [(i % 7, (i + 1) % 7) for i in range(20)]
    assert snake(line, 20, 3, "digits") is None
    assert snake(line, 20, 20, "line") is not None


def test_single_row_is_centred() -> None:
    placed = snake([(2, 3)], 21, 3, "digits")
    assert placed is not None and placed[0].x == 8


def test_hand_flows_onto_more_rows() -> None:
    placed = flow([(0, i) for i in range(7)], 17, "digits")
    assert [p.y for p in placed] == [0, 0, 0, 3, 3, 3, 6]
