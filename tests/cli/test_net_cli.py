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


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_host_nobody_listens_at_is_one_line(tmp_path: Path) -> None:
    result = domino(tmp_path, "join", f"127.0.0.1:{free_port()}", "K7QF-M2XD", "--lang", "en")
    line = one_line(result)
    assert result.returncode == 1 and "127.0.0.1" in line


def test_a_wrong_code_is_one_line(tmp_path: Path) -> None:
    from domino_tui.net.server import TableConfig, start_host_thread
    from domino_tui.play.saving import Saves

    handle = start_host_thread(TableConfig(port=0, name="Masha", saves=Saves(tmp_path / "s")))
    try:
        wrong = "0000-0000" if handle.code != "00000000" else "1111-1111"
        result = domino(tmp_path, "join", f"127.0.0.1:{handle.port}", wrong, "--lang", "en")
        line = one_line(result)
        assert result.returncode == 1
        assert handle.code not in line.replace("-", "")  # the real code is never said
    finally:
        handle.stop()


def test_another_protocol_version_is_one_line(tmp_path: Path) -> None:
    """A host of another version answers in its own version: the joiner reads which."""
    import asyncio
    import json
    import threading

    from websockets.asyncio.server import serve

    port = free_port()
    ready, stop = threading.Event(), threading.Event()

    async def answer(ws) -> None:  # type: ignore[no-untyped-def]
        await ws.recv()
        await ws.send(json.dumps({"v": 99, "t": "error", "reason": "version"}))

    async def main() -> None:
        async with serve(answer, "127.0.0.1", port):
            ready.set()
            while not stop.is_set():
                await asyncio.sleep(0.05)

    thread = threading.Thread(target=lambda: asyncio.run(main()), daemon=True)
    thread.start()
    ready.wait(10)
    try:
        result = domino(tmp_path, "join", f"127.0.0.1:{port}", "K7QF-M2XD", "--lang", "en")
        line = one_line(result)
        assert result.returncode == 1 and "99" in line
    finally:
        stop.set()
        thread.join(10)


def test_no_seat_reads_the_hosts_words(capsys: pytest.CaptureFixture[str]) -> None:
    """``domino host --no-seat``: start, bot N, back N (seats counted from 1), quit; anything
    else is answered with the list of words."""
    from domino_tui.cli.host import serve_commands

    class Handle:
        def __init__(self) -> None:
            self.calls: list[tuple[str, int]] = []

        def on_log(self, callback: object) -> None:
            self.calls.append(("log", 0))

        def start_match(self) -> bool:
            self.calls.append(("start", 0))
            return True

        def hand_to_bot(self, seat: int) -> bool:
            self.calls.append(("bot", seat))
            return True

        def take_back(self, seat: int) -> bool:
            self.calls.append(("back", seat))
            return False

    handle = Handle()
    serve_commands(handle, "en", ["start\n", "bot 2\n", "back 2\n", "dance\n", "quit\n", "start\n"])  # type: ignore[arg-type]
    assert handle.calls == [("log", 0), ("start", 0), ("bot", 1), ("back", 1)]
    out = capsys.readouterr().out.splitlines()
    assert out[1:4] == ["done", "done", "not now (see the log above)"]
    assert out[4].startswith("Type: start")
