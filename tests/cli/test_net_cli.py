"""``domino host``, ``join`` and ``watch`` (issue 25): every mistake before a table opens is
one clean line on stderr and an exit code ≠ 0, never a traceback — run for real, as a player
runs them, in a fresh interpreter over an empty home."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def domino(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config")}
    env["XDG_DATA_HOME"] = str(home / "data")
    return subprocess.run(
        [sys.executable, "-m", "domino_tui", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode not in (0, None), result
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert lines[0].startswith("domino: ")
    return lines[0]


@pytest.mark.parametrize(
    ("args", "said", "code"),
    [
        (("join", "192.168.1.5:7340", "K7QF"), "a table's code is 8 letters and digits", 2),
        (("watch", "http://x", "K7QF-M2XD"), "the address is a host name or an IP address", 2),
        (("join", "1.2.3.4:70000", "K7QF-M2XD"), "a port is a number from 1 to 65535", 2),
        (("join", "1.2.3.4", "K7QF-M2XD", "--name", "a\x1b[2Jb"), "control", 2),
        (("host", "--port", "0"), "--port 0: a port is a number from 1 to 65535", 2),
        (("host", "--cert", "c.pem"), "TLS needs both --cert and --key", 2),
        (("host", "--players", "2", "--bots", "easy,easy"), "do not leave a seat for you", 2),
    ],
)
def test_a_mistake_is_one_line(tmp_path: Path, args: tuple[str, ...], said: str, code: int) -> None:
    result = domino(tmp_path, *args, "--lang", "en")
    line = one_line(result)
    assert said in line and "\x1b" not in line
    assert result.returncode == code


def test_the_line_is_in_the_players_language(tmp_path: Path) -> None:
    line = one_line(domino(tmp_path, "join", "1.2.3.4", "K7QF", "--lang", "ru"))
    assert line.startswith("domino: это не приглашение:")
