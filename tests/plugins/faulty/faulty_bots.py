"""Bot plugins that misbehave, found as an installed package would be: this folder holds a
``dist-info`` with their entry points, so putting it on ``sys.path`` (or ``PYTHONPATH`` for a
child process) installs them. ``hang`` waits until :data:`RELEASE` is set (never, in a child
process), ``boom`` raises with escape codes in its message, ``cheat`` answers junk."""

from __future__ import annotations

import threading

RELEASE = threading.Event()  # the tests set it when they are done, so no thread outlives them


class Hanging:
    """sleeps for ever in choose"""

    name = "hang"

    def __init__(self, seed: int = 0) -> None:
        self.calls = 0

    def choose(self, view: object) -> int:
        self.calls += 1
        RELEASE.wait()
        return -999


class Raising:
    """raises in choose"""

    name = "boom"

    def __init__(self, seed: int = 0) -> None:
        pass

    def choose(self, view: object) -> int:
        raise ValueError("\x1b[2Jno idea" + "!" * 1000)


class Cheating:
    """answers a code that is no legal move"""

    name = "cheat"

    def __init__(self, seed: int = 0) -> None:
        pass

    def choose(self, view: object) -> int:
        return 9999
