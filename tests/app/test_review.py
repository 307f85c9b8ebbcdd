"""The review in the app (issue 12, part 3): Review on the game-end screen, the review beside
the replay's board with the best move drawn on it, N / P between the moves that lost points,
the cache shared with `domino analyze`, both languages, and a viewer that stays live while the
review runs. Reviews are small (a tiny budget) or made up, so no test waits on a long search."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from domino_tui.app import make_app
from domino_tui.app.screens.game_end import GameEndScreen
from domino_tui.app.screens.replay import ReplayListScreen, ReplayScreen, replay_app
from domino_tui.app.widgets.chain import Chain
from domino_tui.app.widgets.replay_board import AllHands
from domino_tui.app.widgets.review_panel import ReviewPanel
from domino_tui.bots.explain import distinct_moves
from domino_tui.cli.sim import play_match
from domino_tui.coach import cache, report
from domino_tui.coach import review as coach_review
from domino_tui.coach.luck import Luck
from domino_tui.coach.report import Review
from domino_tui.coach.review import Decision, positions
from domino_tui.engine.actions import is_play, placements
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import seat_view
from domino_tui.play.saving import Saves
from domino_tui.storage import LoadedRecord, archive_match, load_record, paths
from domino_tui.storage.meta import Seat
from domino_tui.words.hints import move_words
from domino_tui.words.review import SIGNS

from .driver import play_to_end, seeded_app, settle

SMALL = 60  # playouts per decision: enough to run the whole path, not to be sure of anything
NAMES = (Seat("Masha"), Seat("Alex", "bot", "greedy"), Seat("Olya", "bot", "easy"))


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Records and settings in a temporary home; reviews at a small budget."""
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path / "home"))
    monkeypatch.setenv("DOMINO_TUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr(coach_review, "REVIEW_BUDGET", SMALL)
    return tmp_path / "home"


@pytest.fixture
def kept() -> LoadedRecord:
    """A kept 3-player match: Masha (human) and two bots; to 31 (a few rounds), which has
    choices enough for every test of the panel and keeps the real review short."""
    archive_match(play_match(make_rules({"players": 3, "target": 31}), 7, ["greedy"] * 3), NAMES)
    return load_record("last")


def real_choices(match: Match, seat: int) -> Iterator[tuple[int, int, Match, int, int]]:
    """(round, index, match then, played, another move) at ``seat``'s decisions with a choice,
    the tiles already on the table and another single-tile move to call best."""
    for r, i, then, code in positions(match):
        if then.turn != seat:
            continue
        view = seat_view(then, seat)
        others = [m for m in distinct_moves(view) if m not in (code, code & ~1) and is_play(m)]
        if view.placed and others and len(placements(others[0])) == 1:
            yield r, i, then, code, others[0]


def made_up(loaded: LoadedRecord, losses: list[tuple[float, str]]) -> Review:
    """Masha's review with her first real choices losing the given points (with these labels),
    and every other decision of hers as good as the best."""
    decisions = []
    wanted = iter(losses)
    for r, i, _then, code, other in real_choices(loaded.match, 0):
        loss, label = next(wanted, (0.0, ""))
        best = other if loss > 0 else code
        decisions.append(Decision(r, i, 0, code, best, loss, 1.2 if loss else 0.0, label, True))
    return Review((0,), tuple(decisions), (Luck(1, 0, -3.0, 1.0, 0.5),))


def fake_reviewed(review: Review) -> Any:
    def reviewed(*args: object, **kwargs: object) -> Review:
        return review

    return reviewed


async def open_review(pilot: Pilot[None]) -> ReplayScreen:
    """R in the viewer, then the (small or made-up) review done."""
    await pilot.pause()
    await pilot.press("r")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, ReplayScreen)
    assert screen.review is not None
    return screen


async def at_first_loss(pilot: Pilot[None]) -> ReplayScreen:
    """The review opened, then N: the first decision that lost points."""
    screen = await open_review(pilot)
    await pilot.press("n")
    await pilot.pause()
    return screen


def panel_words(screen: ReplayScreen) -> str:
    return screen.query_one(ReviewPanel).words()


# --- from the game end ------------------------------------------------------------------------


async def test_game_end_offers_review_of_the_match_just_ended(tmp_path: Path) -> None:
    """R on the game-end screen opens the match just kept in the viewer, its review started at
    once (the human seat), kept beside the record; closing the viewer comes back."""
    saves = Saves.at(tmp_path / "games")
    # a match to 1 point: one round, the same game-end screen and a real review of it
    app = seeded_app(seed=5, players=2, levels=("greedy",), saves=saves, target=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_to_end(pilot)
        assert isinstance(app.screen, GameEndScreen)
        assert saves.last_record is not None and saves.last_record.exists()
        await pilot.press("r")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.review is not None and screen.review.seats == (0,)
        assert screen.query_one(ReviewPanel).display
        assert "Tester" in panel_words(screen)
        assert cache.cache_path(saves.last_record).exists()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameEndScreen)


# --- the panel and the board ------------------------------------------------------------------


async def test_a_losing_decision_shows_label_sign_best_move_and_marks(
    kept: LoadedRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a blunder: who, the move played, the best move in words, the loss ± error, the label
    with its sign (not colour alone); the best tile is marked in the hand and its end on the
    board, as the table's hint marks a move."""
    review = made_up(kept, [(13.0, "blunder")])
    monkeypatch.setattr(cache, "reviewed", fake_reviewed(review))
    async with replay_app(kept, lang="en", settings_path=None).run_test(size=(120, 40)) as pilot:
        screen = await at_first_loss(pilot)
        d = screen.decision
        assert d is not None and d.label == "blunder"
        words = panel_words(screen)
        view = screen.view_of(screen.index, d)
        assert "Masha" in words
        assert f"Played: {move_words(view, d.played, 'en', noun=True)}" in words
        assert f"Best: {move_words(view, d.best, 'en', noun=True)}" in words
        assert "Lost 13.0 ± 1.2 points" in words
        assert f"blunder {SIGNS['blunder']}" in words
        best = placements(d.best)[0]
        hands = screen.query_one(AllHands).seats
        assert hands[0].best == 1 << best.tile
        assert all(h.best == 0 for h in hands[1:])
        assert screen.query_one(Chain).state.choosing == best.end
        assert screen.frame.state.turn == d.seat  # the table as it was decided


async def test_n_and_p_jump_between_losses_and_stop_at_the_ends(
    kept: LoadedRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """N / P stop only at decisions that lost points (not at the good ones), and stay put at
    the last / first of them."""
    review = made_up(kept, [(2.5, "inaccuracy"), (0.0, ""), (6.0, "mistake")])
    monkeypatch.setattr(cache, "reviewed", fake_reviewed(review))
    async with replay_app(kept, lang="en", settings_path=None).run_test(size=(120, 40)) as pilot:
        screen = await open_review(pilot)
        labels = []
        for _ in range(3):
            await pilot.press("n")
            await pilot.pause()
            assert screen.decision is not None
            labels.append(screen.decision.label)
        assert labels == ["inaccuracy", "mistake", "mistake"]  # the third n stays
        last = screen.index
        await pilot.press("p")
        await pilot.pause()
        assert screen.decision is not None and screen.decision.label == "inaccuracy"
        assert screen.index < last
        first = screen.index
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert screen.index == first
        await pilot.press("right")  # the step keys keep working
        await pilot.pause()
        assert screen.index == first + 1


async def test_russian_words_and_game_terms(
    kept: LoadedRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    review = made_up(kept, [(6.0, "mistake")])
    monkeypatch.setattr(cache, "reviewed", fake_reviewed(review))
    async with replay_app(kept, lang="ru", settings_path=None).run_test(size=(120, 40)) as pilot:
        screen = await at_first_loss(pilot)
        words = panel_words(screen)
        assert "Сыграно:" in words and "Лучше:" in words
        assert "ошибка ?" in words and "Потеряно 6.0 ± 1.2 очка" in words
        assert "везение -2.0 (сдачи, добор, ходы других)" in words  # the summary: luck
        assert screen.query_one(ReviewPanel).border_title == "Разбор"


# --- the cache and the worker -----------------------------------------------------------------


async def test_second_opening_uses_the_kept_review(
    kept: LoadedRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The review is kept beside the record: opening it again (R in the list of replays) does
    not review again."""
    calls = []
    real = report.analyze

    def counted(*args: Any, **kwargs: Any) -> Review:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(report, "analyze", counted)
    for _ in range(2):
        async with replay_app(kept, settings_path=None).run_test(size=(120, 40)) as pilot:
            screen = await open_review(pilot)
            assert screen.summaries and screen.summaries[0].seat == 0
    assert len(calls) == 1
    app = make_app(settings_path=None, first_screen=ReplayListScreen)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen) and app.screen.review is not None
    assert len(calls) == 1


async def test_viewer_stays_live_while_the_review_runs(
    kept: LoadedRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the review runs (here held by an Event) the step keys move the viewer and the
    panel shows the progress; the words come when the review ends."""
    release, started = threading.Event(), threading.Event()
    review = made_up(kept, [(6.0, "mistake")])

    def slow(*args: object, progress: Any = None, **kwargs: object) -> Review:
        progress(3, 45)
        started.set()
        release.wait(30)
        return review

    monkeypatch.setattr(cache, "reviewed", slow)
    async with replay_app(kept, settings_path=None).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        screen = pilot.app.screen
        assert isinstance(screen, ReplayScreen)
        assert started.wait(30)
        await pilot.pause()
        await pilot.press("right", "right")
        await pilot.pause()
        assert screen.index == 2 and screen.review is None
        assert "Reviewing… 3/45" in panel_words(screen)
        release.set()
        await settle(pilot)
        assert screen.review is review
        assert "Masha" in panel_words(screen)


async def test_closing_the_viewer_while_the_review_runs_stops_it_quietly(
    kept: LoadedRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Esc while reviewing: back to the list of replays; the review stops at its next step
    and nothing breaks."""
    release, started, stopped = threading.Event(), threading.Event(), threading.Event()

    def slow(*args: object, progress: Any = None, **kwargs: object) -> Review:
        started.set()
        release.wait(30)
        try:
            progress(1, 45)
        except BaseException:
            stopped.set()
            raise
        raise AssertionError("the review went on after the viewer closed")

    monkeypatch.setattr(cache, "reviewed", slow)
    app = make_app(settings_path=None, first_screen=ReplayListScreen)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        assert started.wait(30)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayListScreen)
        release.set()
        await settle(pilot)
        assert stopped.is_set()
        assert isinstance(app.screen, ReplayListScreen)


@pytest.mark.parametrize(("preset", "target"), [("osel", 25), ("telefon", 10)])
async def test_the_cross_is_reviewed_and_its_best_end_marked_G4(
    preset: str, target: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cross game (G4: up to four ends) reviewed for real at a small budget: every decision
    of the human seat is reviewed at the frame where that seat was to play, and at a move that
    lost points the best move's end (0-3) is marked on the board. A short match (a low target:
    2 rounds of осёл, 2 of телефон instead of 14 and 12) has every kind of cross decision and
    keeps the real review within the suite's time, at a budget smaller still (four seats on the
    cross make each decision's playouts the longest of any review)."""
    monkeypatch.setattr(coach_review, "REVIEW_BUDGET", SMALL // 3)
    rules = make_rules({"target": target}, preset)
    match = play_match(rules, 3, ["greedy"] * rules.players)
    seats = (Seat("Masha"), *(Seat(f"Bot{s}", "bot", "greedy") for s in range(1, rules.players)))
    archive_match(match, seats, preset)
    loaded = load_record("last")
    async with replay_app(loaded, settings_path=None).run_test(size=(120, 40)) as pilot:
        screen = await open_review(pilot)
        assert screen.review is not None
        mine = [d for d in screen.review.decisions if d.seat == 0]
        assert mine and len(screen.decided) == len(mine)
        for i, d in screen.decided.items():
            assert screen.frames[i].state.turn == d.seat == 0
        assert screen.stops  # greedy gives up points on the cross too
        await pilot.press("n")
        await pilot.pause()
        d = screen.decision
        assert d is not None and d.loss > 0
        parts = placements(d.best)
        want = parts[0].end if len(parts) == 1 and screen.frame.state.placed else -1
        assert screen.query_one(Chain).state.choosing == want
