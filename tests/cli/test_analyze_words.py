"""`domino analyze` speaks a player's language (issue 22, part 6): luck reads as points of a
round with its sign said in words, the goat's price apart ("a goat with 67 points reads luck
+100.9" mixed the two), and the sentence result = luck - mistakes is stated with its error."""

from __future__ import annotations

import re

import pytest

from domino_tui.cli.analyze import luck_words
from domino_tui.coach.report import Summary, identity_figures
from domino_tui.words.review import summary_text

LABELS = {"inaccuracy": 1, "mistake": 0, "blunder": 0}


def _summary(luck: float, price: float = 0.0, result_price: float = 0.0) -> Summary:
    loss, residual = 3.0, 0.7
    result = luck - loss + residual
    return Summary(
        0, 10, 8, loss, loss / 8, LABELS, luck, "strong",
        luck_error=2.0, luck_price=price, result=result, result_price=result_price,
        residual=residual, residual_error=1.5,
    )  # fmt: skip


@pytest.mark.parametrize(("luck", "word"), [(12.0, "better"), (-7.5, "worse")])
def test_the_luck_says_its_sign_in_words(luck: float, word: str) -> None:
    lines = luck_words(_summary(luck), "en")
    n = abs(luck)
    assert lines[0] == (
        f"  Luck {luck:+.1f}: the deals, the draws and the other players' moves were {n:.1f} "
        f"points {word} for you than average."
    )
    ru = luck_words(_summary(luck), "ru")[0]
    assert ("больше среднего" if luck > 0 else "меньше среднего") in ru
    assert len(lines) == 2  # no goat: no line for it


def test_an_average_luck_says_so() -> None:
    assert "about average" in luck_words(_summary(0.2), "en")[0]


def test_the_goats_price_is_apart_from_the_points() -> None:
    """A goat's match: the luck of the points (20.9) is not the luck with the goat's price
    (100.9); the price's part has its own line, and the sentence adds them up."""
    s = _summary(100.9, price=80.0, result_price=80.0)
    en = luck_words(s, "en")
    assert en[0].startswith("  Luck +20.9: ")
    assert en[1] == "  The goat's price (80 points) apart from that: luck +80.0, result +80.0."
    assert "= luck +20.9 and the goat +80.0 − mistakes 3.0" in en[2]
    assert "козёл +80.0" in luck_words(s, "ru")[2]


@pytest.mark.parametrize("luck", [12.0, -7.5, 100.9])
def test_the_stated_sentence_is_true(luck: float) -> None:
    """result = luck - mistakes, give or take the error said: the figures printed satisfy it."""
    for s in (_summary(luck), _summary(luck, price=40.0, result_price=80.0)):
        f = {k: float(v) for k, v in identity_figures(s).items()}
        luck_all = f["luck"] + (f["goat"] if s.luck_price else 0.0)
        assert abs(f["result"] - (luck_all - f["loss"])) <= f["error"] + 0.1


def test_the_review_pane_says_the_same() -> None:
    text = summary_text([_summary(100.9, price=80.0, result_price=80.0)], ["Маша"], "en").plain
    assert "luck +20.9 (deals, draws, others' moves)" in text
    assert "the goat's price: luck +80.0, result +80.0" in text
    assert re.search(r"result \+\d+\.\d = luck \+20\.9, goat \+80\.0 − mistakes 3\.0", text)
