"""Which saved games are open in a window right now.

Every unfinished game has a save of its own, and two windows may run at once. A window that
has a game at its table holds an advisory lock on ``<id>.lock`` next to the save, so another
window can neither resume it (two tables writing one file would lose moves), nor delete or
resign it under the player's feet. The operating system drops the lock when the process ends,
even after ``kill -9``, so a crash never leaves a game locked for good.

``fcntl.flock`` exists on Linux, macOS and the BSDs. Where it is missing (Windows) locking
degrades to "always free": games still never overwrite each other, since each has its own file.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from types import TracebackType

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

LOCK_SUFFIX = ".lock"


def lock_path(folder: Path, game_id: str) -> Path:
    """The lock of one game; ``game_id`` must already be checked (:func:`.meta.is_game_id`)."""
    return folder / f"{game_id}{LOCK_SUFFIX}"


class GameLock:
    """A non-blocking lock on one game, held until :meth:`release` (or the process ends)."""

    def __init__(self, folder: Path, game_id: str) -> None:
        self.game_id = game_id
        self.path = lock_path(folder, game_id)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock if no other window has it; True when this object holds it now."""
        if self._fd is not None:
            return True
        if fcntl is None:  # pragma: no cover - no advisory locks on this platform
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for _ in range(3):  # the file may be removed between open and lock: try the new one
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                return False
            if _same_file(fd, self.path):
                self._fd = fd
                return True
            os.close(fd)  # we locked a lock file that its owner removed meanwhile
        return False

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)  # closing drops the flock
            self._fd = None

    def discard(self) -> None:
        """The game is gone (finished, deleted, resigned): remove the lock file, then let go.
        Removing it while holding it is what keeps :meth:`acquire`'s re-check sound."""
        if self._fd is not None:
            with contextlib.suppress(OSError):
                self.path.unlink()
        self.release()

    def __del__(self) -> None:
        """A lock nobody can reach any more is let go (its file descriptor too)."""
        self.release()

    def __enter__(self) -> GameLock:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.release()


def _same_file(fd: int, path: Path) -> bool:
    try:
        here, there = os.fstat(fd), os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def is_locked(folder: Path, game_id: str) -> bool:
    """Whether another window (or another lock in this process) holds the game now.

    Never creates a lock file: a game nobody ever locked is simply free."""
    if fcntl is None:  # pragma: no cover
        return False
    try:
        fd = os.open(lock_path(folder, game_id), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)  # also drops the probe's own lock
    return False
