"""The app's Review beside a forged review file (issue 22, part 2): the viewer neither crashes
nor draws the forged text; it reviews the match afresh, says so in a note, and the panel shows
the honest review, with N stepping through its losses."""

from __future__ import annotations

from typing import Any

import pytest

from domino_tui.app.screens.replay import ReplayScreen, replay_app
from domino_tui.app.widgets.review_panel import ReviewPanel
from domino_tui.coach import report
from domino_tui.coach import review as coach_review
from domino_tui.coach.report import summarize
from domino_tui.words.review import decision_text, summary_text
from tests.coach.forgeries import BUDGET, EVIL, Kept, forged, make_kept, unsafe_chars, write

from .driver import settle

CASES = (
    "escape codes in a label",
    "escape codes in a reason's kind",
    "a decision by seat 99",
    "a best move code 999",
    "a best move legal elsewhere, not here",
    "a reason about seat 99",
    "a reason with tile 999",
    "a loss that is NaN",
    "a million brackets",
)


@pytest.fixture(scope="module")
def kept_once(tmp_path_factory: pytest.TempPathFactory) -> Kept:
    return make_kept(tmp_path_factory.mktemp("review-forged"))


@pytest.mark.parametrize("name", CASES)
async def test_a_forged_review_file_does_not_take_the_viewer_down(
    kept_once: Kept, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    calls: list[int] = []

    def analyze(*_args: Any, **_kwargs: Any) -> report.Review:
        calls.append(1)
        return kept_once.review

    monkeypatch.setattr(coach_review, "REVIEW_BUDGET", BUDGET)  # the kept review's key
    monkeypatch.setattr(report, "analyze", analyze)
    write(kept_once, forged(kept_once, name))
    app = replay_app(kept_once.loaded, lang="en", settings_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.review == kept_once.review and calls == [1]
        notes = [str(n.message) for n in app._notifications]
        assert any("changed by hand" in note for note in notes), notes
        seen = []
        for _ in range(len(screen.stops) + 1):
            await pilot.press("n")
            await pilot.pause()
            seen.append(screen.query_one(ReviewPanel).words())
        assert screen.decision is not None and screen.decision.loss > 0
        assert app.is_running and isinstance(app.screen, ReplayScreen)
    for words in seen:
        assert "Маша" in words and not unsafe_chars(words), words


def test_every_text_of_the_panel_is_cleaned_before_it_is_drawn(kept_once: Kept) -> None:
    """However a text got into a review (a reason kind no words know, say), the panel's words
    pass the one cleaner: shown as text, never obeyed."""
    from domino_tui.bots.explain import Reason
    from domino_tui.coach.review import positions
    from domino_tui.engine.view import seat_view

    review = kept_once.review
    (r, i), _why = next(iter(review.reasons.items()))
    d = next(d for d in review.decisions if (d.round, d.index) == (r, i))
    then = next(m for rr, ii, m, _c in positions(kept_once.match) if (rr, ii) == (r, i))
    names = ["Маша", "Bot"]
    text = decision_text(d, seat_view(then, d.seat), (Reason(EVIL),), names, "en").plain
    summary = summary_text(summarize(review), names, "en").plain
    assert "␛]0;PWNED" in text and not unsafe_chars(text + summary)
