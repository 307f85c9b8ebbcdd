"""The example variant really installed (issue 24, part 1): a ``.dist-info`` with its entry
point on ``PYTHONPATH`` (tests/plugins/variant), read by importlib.metadata in a real
``domino`` process, as ``pip install examples/variant_plugin`` leaves it. ``--rules six`` is
named by the help and plays in ``sim``; a broken variant plugin is one line, no traceback."""

from __future__ import annotations

import subprocess
from pathlib import Path

from .helpers import domino_with

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "tests" / "plugins" / "variant"
EXAMPLE = ROOT / "examples" / "variant_plugin"


def domino(*args: str, extra: Path | None = None) -> subprocess.CompletedProcess[str]:
    return domino_with([SITE, EXAMPLE, *([extra] if extra else [])], *args)


def test_the_installed_example_is_named_by_the_help_and_plays_in_sim() -> None:
    shown = domino("sim", "--help")
    assert shown.returncode == 0, shown.stderr
    assert "six" in " ".join(shown.stdout.split()).split("Rules preset:", 1)[1][:200]
    played = domino("sim", "--rules", "six", "--seed", "2", "--lang", "en")
    assert played.returncode == 0, played.stderr
    assert "Six-tile goat" in played.stdout and "Traceback" not in played.stderr


def test_a_broken_installed_variant_is_one_line(tmp_path: Path) -> None:
    info = tmp_path / "broken_variant-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-variant\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[domino_tui.variants]\nbroken = brokenvariant\n")
    (tmp_path / "brokenvariant.py").write_text('raise ImportError("this variant fails")\n')
    played = domino("sim", "--rules", "six", "--seed", "2", "--brief", extra=tmp_path)
    assert played.returncode == 0, played.stderr
    assert "Traceback" not in played.stderr
    warned = [line for line in played.stderr.splitlines() if "broken" in line]
    assert warned == ["skipped variant plugin broken: this variant fails"]
