"""``domino analyze`` (issue 12, part 2): the JSON shape, the seats reviewed, the cache beside
the record (trusted only when it is exactly ours), one line and exit 2 for a bad file or name,
the words in both languages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domino_tui.cli.analyze import BUDGET
from domino_tui.coach import report
from domino_tui.coach.cache import cache_path
from domino_tui.coach.review import REVIEW_BUDGET
from domino_tui.engine.match import Match
from domino_tui.engine.record import dumps, make_record
from tests.cli.helpers import find_match, run
from tests.coach.test_report import best_play_match

SEATS = [
    {"name": "Маша", "kind": "human", "level": None},
    {"name": "Bot", "kind": "bot", "level": "greedy"},
]
FAST = ("--budget", "200")


def _write(tmp_path: Path, match: Match, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(dumps(make_record(match, [dict(s) for s in SEATS], "kozel")), "utf-8")
    return path


@pytest.fixture(scope="module")
def best_match() -> Match:
    return best_play_match()


@pytest.fixture(scope="module")
def greedy_match() -> Match:
    """A short 2-player match of greedy bots: it has decisions that lose something."""
    return find_match({"players": 2, "target": 13}, lambda m: len(m.results) <= 3)


@pytest.fixture(autouse=True)
def _one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """``domino analyze`` reviews in two spawned processes where there are two cores; here in
    one, so each run does not start (and import into) two interpreters beside the suite's own
    workers. The review is the same either way: the next test checks it once."""
    monkeypatch.setattr("domino_tui.coach.review.default_workers", lambda: 1)


def test_the_review_is_the_same_in_two_processes_as_in_one(greedy_match: Match) -> None:
    from domino_tui.coach.review import review_match

    one = review_match(greedy_match, [0], budget=50, workers=1)
    two = review_match(greedy_match, [0], budget=50, workers=2)
    assert one and two == one


def test_the_default_budget_is_the_reviews() -> None:
    assert BUDGET == REVIEW_BUDGET


def test_the_json_shape_and_a_best_played_match_reviews_as_zero_loss(
    tmp_path: Path, best_match: Match
) -> None:
    """By default the human seat alone is reviewed; it played the review's best moves."""
    path = _write(tmp_path, best_match)
    result = run("analyze", str(path), "--json", *FAST)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {"version", "match", "seats", "decisions", "summary"}
    assert data["version"] == 2
    assert data["match"]["players"] == ["Маша", "Bot"] and data["match"]["variant"] == "kozel"
    assert data["seats"] == [{"seat": 0, "name": "Маша", "kind": "human"}]
    assert data["decisions"] and {d["seat"] for d in data["decisions"]} == {0}
    first = data["decisions"][0]
    assert set(first) == {
        "round", "index", "seat", "played", "best", "loss", "error", "label", "counted", "reasons"
    }  # fmt: skip
    assert all(d["loss"] == 0 and d["label"] == "" for d in data["decisions"])
    (summary,) = data["summary"]
    assert (
        summary["name"] == "Маша" and summary["error_rate"] == 0 and summary["rating"] == "master"
    )
    assert set(summary["labels"]) == {"inaccuracy", "mistake", "blunder"}


def test_the_second_look_comes_from_the_cache_and_a_tampered_cache_is_ignored(
    tmp_path: Path, best_match: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _write(tmp_path, best_match)
    first = run("analyze", str(path), "--json", *FAST)
    assert first.exit_code == 0 and cache_path(path).is_file()
    calls: list[int] = []
    real = report.analyze

    def counted(*args: object, **kw: object) -> report.Review:
        calls.append(1)
        return real(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(report, "analyze", counted)
    again = run("analyze", str(path), "--json", *FAST)
    assert again.output == first.output and calls == []
    # another budget is another review
    assert run("analyze", str(path), "--json", "--budget", "100").exit_code == 0
    assert calls == [1]
    kept = json.loads(cache_path(path).read_text("utf-8"))
    kept["decisions"][0][5] = 99.0  # a loss changed by hand: the check no longer matches
    cache_path(path).write_text(json.dumps(kept), "utf-8")
    fixed = run("analyze", str(path), "--json", "--budget", "100", "--lang", "en")
    assert fixed.exit_code == 0 and calls == [1, 1]
    assert all(d["loss"] == 0 for d in json.loads(fixed.stdout)["decisions"])
    assert "changed by hand" in fixed.stderr  # the wait is explained, on stderr
    cache_path(path).write_text("[" * 10_000, "utf-8")  # hostile: refused, not parsed
    assert run("analyze", str(path), "--json", "--budget", "100").exit_code == 0
    assert calls == [1, 1, 1]


def test_seat_by_name_and_an_unknown_name_lists_the_players(
    tmp_path: Path, best_match: Match
) -> None:
    path = _write(tmp_path, best_match)
    bot = json.loads(run("analyze", str(path), "--json", "--seat", "Bot", *FAST).output)
    assert [s["name"] for s in bot["seats"]] == ["Bot"]
    assert {d["seat"] for d in bot["decisions"]} == {1}
    wrong = run("analyze", str(path), "--seat", "Nobody", *FAST, "--lang", "en")
    assert wrong.exit_code == 2
    (line,) = wrong.output.strip().splitlines()
    assert "'Nobody'" in line and "Маша, Bot" in line


@pytest.mark.parametrize("budget", ["0", "49", "100001"])
def test_a_budget_out_of_range_is_refused(tmp_path: Path, best_match: Match, budget: str) -> None:
    result = run("analyze", str(_write(tmp_path, best_match)), "--budget", budget, "--lang", "en")
    assert result.exit_code == 2 and "50 to 100000" in result.output


@pytest.mark.parametrize("text", ["{not json", '{"format": "domino-tui/record"}', "[" * 5000])
def test_a_corrupt_record_is_one_line_and_exit_2(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, "utf-8")
    result = run("analyze", str(path), *FAST)
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1
    assert result.output.startswith("domino: ") and "Traceback" not in result.output


def test_mistakes_and_the_summary_in_words_in_russian_and_english(
    tmp_path: Path, greedy_match: Match
) -> None:
    """Greedy bots give points away: each such decision is named with its loss and label."""
    path = _write(tmp_path, greedy_match)
    ru = run("analyze", str(path), "--seat", "Bot", *FAST, "--lang", "ru")
    assert ru.exit_code == 0, ru.output
    assert "Кон " in ru.output and "потеряно" in ru.output and "выбрано" in ru.output
    assert "Разбор" in ru.output and "везение" in ru.output
    en = run("analyze", str(path), "--seat", "Bot", *FAST, "--lang", "en")
    assert "Round " in en.output and "chose" in en.output and "rating" in en.output
    data = json.loads(run("analyze", str(path), "--seat", "Bot", *FAST, "--json").output)
    lost = [d for d in data["decisions"] if d["counted"] and d["loss"] > 0]
    assert lost and all(d["played"] != d["best"] for d in lost)
    assert en.output.count("lost ") >= len(lost)


# a low target where the preset's own match is long: three rounds of Телефон or Осёл (not
# twelve or fifteen) review every kind of decision and the scores carried between rounds
@pytest.mark.parametrize(
    ("preset", "options"),
    [("telefon", {"target": 15}), ("osel", {"target": 25}), ("morskoy", {}), ("chechevo", {})],
)
def test_every_preset_reviews_in_its_own_points(
    tmp_path: Path, preset: str, options: dict[str, int]
) -> None:
    m = find_match({"players": 2, **options}, lambda m: True, preset=preset, seeds=range(1))
    path = tmp_path / f"{preset}.json"
    seats = [dict(s) for s in SEATS]
    path.write_text(dumps(make_record(m, seats, preset)), "utf-8")
    result = run("analyze", str(path), "--budget", "60", "--lang", "ru")
    assert result.exit_code == 0, result.output
    assert "Маша" in result.output and "Traceback" not in result.output


def _half_played(seed: int) -> Match:
    from domino_tui.bots import make_bot
    from domino_tui.engine.rules import make_rules
    from domino_tui.engine.view import seat_view

    m = Match(make_rules({"players": 2}), seed)
    bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
    while not m.results or len(m.round.history) < 4:
        m.apply(bots[m.turn].choose(seat_view(m, m.turn)))
    return m


def test_an_unfinished_game_is_reviewed_read_only() -> None:
    """--saved reviews a game still being played (the newest, or by id prefix), leaves its save
    exactly as it was (nothing moved, finished or kept beside it), and names a bad id."""
    from domino_tui.storage import paths
    from domino_tui.storage.meta import GameMeta, Seat
    from domino_tui.storage.saves import save_game

    m = _half_played(7)
    meta = GameMeta(seats=(Seat("Маша"), Seat("Bot", "bot", "greedy")), preset="kozel")
    path = save_game(m, meta)
    before = path.read_bytes()
    for target in ((), (meta.game_id[:8],)):
        result = run("analyze", "--saved", *target, "--json", *FAST)
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        assert [s["name"] for s in data["seats"]] == ["Маша"]
        assert data["match"]["rounds"] == len(m.actions) and data["decisions"]
    assert path.read_bytes() == before
    assert sorted(p.name for p in paths.saves_dir().iterdir()) == [path.name]
    bad = run("analyze", "--saved", "ffffffff", *FAST)
    assert bad.exit_code == 2 and "Traceback" not in bad.output
    path.write_text("{not json", "utf-8")
    broken = run("analyze", "--saved", *FAST)
    assert broken.exit_code == 2 and len(broken.output.strip().splitlines()) == 1
    assert path.read_text("utf-8") == "{not json"  # a look moves nothing aside
