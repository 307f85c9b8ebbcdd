"""``domino serve`` in a real browser (issue 25 part 6): headless Chromium loads the page, the
start screen draws (its "Join a table" among the rest) and a key pressed in the page reaches
the app (N opens the new game's form). CI installs Debian's ``chromium`` (.ci/run); a machine
where it cannot exist skips, saying so."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.web.browser import browser, chromium

pytestmark = pytest.mark.skipif(
    chromium() is None, reason="no chromium here (CI installs Debian's `chromium`)"
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def listening(port: int, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise AssertionError(f"domino serve never listened on {port}")


async def test_the_start_screen_draws_in_a_browser_and_a_key_reaches_it(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "HOME": str(tmp_path), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    serve = subprocess.Popen(
        [sys.executable, "-m", "domino_tui", "serve", "--port", str(port), "--lang", "en"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        listening(port)
        async with browser(tmp_path / "profile") as open_page:
            page = await open_page(f"http://127.0.0.1:{port}/")
            text = await page.wait_for("Join a table")
            assert "New game" in text and "Resume" in text
            await page.key("n")
            await page.wait_for("Seats")  # the new game's form: the app heard the key
    finally:
        serve.terminate()
        serve.wait(20)
