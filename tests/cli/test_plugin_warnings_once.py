"""A plugin that cannot be loaded is reported once per command (issue 22, part 4). ``domino
bots`` printed it twice (the registry's log line, then its own ``warning:`` line) and ``domino
arena --jobs N`` once more for every worker process. The plugins here are really installed: a
``.dist-info`` with an entry point on ``PYTHONPATH``, read by importlib.metadata in a real
``domino`` process."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from .helpers import domino_with

WARNING = "skipped bot plugin 'broken': the plugin's module fails on import"


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A folder holding one good plugin and one that fails on import."""
    for name, module, body in (
        (
            "goodbot",
            "goodmod",
            "class Good:\n    name = 'good'\n"
            "    def __init__(self, seed=0):\n        pass\n"
            "    def choose(self, view):\n        return view.legal[0]\n",
        ),
        ("brokenbot", "brokenmod", 'raise ImportError("the plugin\'s module fails on import")\n'),
    ):
        info = tmp_path / f"{name}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
        entry = "good = goodmod:Good" if name == "goodbot" else "broken = brokenmod:Nope"
        (info / "entry_points.txt").write_text(f"[domino_tui.bots]\n{entry}\n")
        (tmp_path / f"{module}.py").write_text(body)
    return tmp_path


def domino(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return domino_with([site], *args)


@pytest.mark.parametrize(
    "args",
    [
        ["bots"],
        ["bots", "--json"],
        ["sim", "--brief", "--seed", "1", "--bots", "greedy,good"],
        ["arena", "good", "greedy", "-n", "2", "--jobs", "2"],
    ],
)
def test_a_broken_plugin_is_reported_once(site: Path, args: list[str]) -> None:
    done = domino(site, *args)
    assert done.returncode == 0, done.stderr
    shown = done.stderr.count(WARNING) + done.stdout.count(WARNING)
    assert shown == 1, done.stderr
