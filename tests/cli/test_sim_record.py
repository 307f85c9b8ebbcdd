"""``domino sim --record FILE`` keeps the simulated match as a game record (issue 10, item 6), so
that a variant's match can be read again with ``domino export`` by anyone, not only from the
table: the record replays to the same match, seat names and bots included."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domino_tui.engine.record import loads, replay

from .helpers import run


@pytest.mark.parametrize("preset", ["kozel", "osel", "telefon", "morskoy"])
def test_sim_record_replays_to_the_match_it_printed(tmp_path: Path, preset: str) -> None:
    path = tmp_path / "match.json"
    result = run("sim", "--rules", preset, "--seed", "4", "--brief", "--record", str(path))
    assert result.exit_code == 0, result.output
    record = loads(path.read_text(encoding="utf-8"))
    match = replay(record)
    assert match.over
    assert record["preset"] == preset and record["seed"] == 4
    assert [seat["bot"] for seat in record["seats"]] == ["greedy"] * match.rules.players
    assert record["result"]["written"] == [st.written for st in match.standings]
    # the transcript printed and the record read back tell the same final score
    exported = run("export", str(path))
    assert exported.exit_code == 0, exported.output
    final = [line for line in result.output.splitlines() if line.strip()][-1]
    assert final in exported.output


def test_sim_record_versions_keep_kozel_at_2_and_variants_at_3(tmp_path: Path) -> None:
    """G10: records of the variants are version 3; a Козёл record stays what it was."""
    for preset, version in (("kozel", 2), ("chechevo", 3)):
        path = tmp_path / f"{preset}.json"
        assert (
            run("sim", "--rules", preset, "--seed", "2", "--brief", "--record", str(path)).exit_code
            == 0
        )
        assert json.loads(path.read_text(encoding="utf-8"))["version"] == version


def test_sim_record_into_a_file_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    result = run("sim", "--seed", "1", "--brief", "--record", str(blocker / "match.json"))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert result.stderr.strip().startswith("domino sim:")
    assert len(result.stderr.strip().splitlines()) == 1
