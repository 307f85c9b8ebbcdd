"""K11 / issue 9 part 5: a round's row books points as the sheet does — remembered as ``+N``,
written as a plain number — so the mark, not only the colour, tells the two apart."""

from __future__ import annotations

from domino_tui.app.widgets.scores import points_text
from domino_tui.engine.rules import make_rules
from domino_tui.engine.scoring import SideLine, Standing


def line(points: int, before: Standing, after: Standing, went_out: bool = False) -> SideLine:
    return SideLine(
        side=0,
        hand_points=points,
        round_points=points,
        carry_paid=0,
        before=before,
        after=after,
        cleared=0,
        went_out=went_out,
    )


def test_points_below_the_threshold_are_remembered_with_a_plus_k7_1() -> None:
    text = points_text(line(9, Standing(), Standing(remembered=9)), make_rules())
    assert text.plain == "+9" and "yellow" in str(text.style)


def test_points_that_open_the_score_are_written_plain_k7_2() -> None:
    text = points_text(line(15, Standing(), Standing(written=15, opened=True)), make_rules())
    assert text.plain == "15" and "red" in str(text.style)


def test_classic_writes_every_round_f11() -> None:
    text = points_text(
        line(7, Standing(), Standing(written=7, opened=True)), make_rules(preset="classic")
    )
    assert text.plain == "7"


def test_the_player_who_went_out_gets_the_mark_not_a_number() -> None:
    text = points_text(line(0, Standing(), Standing(), went_out=True), make_rules())
    assert "+" not in text.plain and text.plain.strip()
