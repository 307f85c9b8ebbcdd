"""``domino stats --coach`` (issue 12, part 3): the error rates the Stats screen shows, from the
kept reviews, per variant; ``--json`` with every point; how to get a review when there is
none; in English and Russian."""

from __future__ import annotations

import json

from domino_tui.storage.meta import Seat
from domino_tui.words.error_rates import sparkline
from tests.cli.helpers import run
from tests.coach.test_history import BOT, keep

MASHA = Seat("Маша")


def reviewed() -> None:
    keep(1, 1, {0: [5.0]}, seats=(MASHA, BOT))
    keep(2, 2, {0: [1.0, 2.0]}, seats=(MASHA, BOT))
    keep(3, 3, {0: [0.2]}, seats=(MASHA, BOT), preset="telefon")


def test_the_table_per_variant_in_both_languages() -> None:
    reviewed()
    result = run("stats", "--coach", "--lang", "en")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Error rate over time, Goat" in out and "Telefon" in out
    assert out.index("Goat") < out.index("Telefon")  # the most reviewed variant first
    (kozel, telefon) = [line.split() for line in out.splitlines() if "Маша" in line]
    # Козёл: 5.0 then 1.5 per choice; mean (5 + 3) / 3; the latest match's word; better
    assert kozel == ["Маша", sparkline([5.0, 1.5]), "2", "1.50", "2.67", "amateur", "improving"]
    assert telefon == ["Маша", sparkline([0.2]), "1", "0.20", "0.20", "master", "—"]
    ru = run("stats", "--coach", "--lang", "ru").output
    assert "Ошибки по партиям, Козёл" in ru and "любитель" in ru and "лучше" in ru


def test_json_and_the_rules_filter() -> None:
    reviewed()
    result = run("stats", "--coach", "--json", "--rules", "kozel")
    assert result.exit_code == 0, result.output
    (entry,) = json.loads(result.output)
    assert set(entry) == {
        "variant", "name", "is_bot", "reviewed", "last", "mean", "rating", "trend", "points"
    }  # fmt: skip
    assert (entry["variant"], entry["name"], entry["is_bot"]) == ("kozel", "Маша", False)
    assert (entry["reviewed"], entry["last"], entry["mean"]) == (2, 1.5, 2.67)
    assert (entry["rating"], entry["trend"]) == ("amateur", "better")
    assert [(p["finished"][:10], p["error_rate"], p["counted"]) for p in entry["points"]] == [
        ("2026-03-01", 5.0, 1),
        ("2026-03-02", 1.5, 2),
    ]


def test_nothing_reviewed_says_how_to_get_a_review() -> None:
    en = run("stats", "--coach", "--lang", "en")
    assert en.exit_code == 0 and "`domino analyze last`" in en.output
    assert "No reviewed matches yet" in en.output
    assert "Разобранных партий пока нет" in run("stats", "--coach", "--lang", "ru").output
    assert json.loads(run("stats", "--coach", "--json").output) == []


def test_coach_only_shows() -> None:
    result = run("stats", "--coach", "--reset")
    assert result.exit_code == 2 and "--coach" in result.output
