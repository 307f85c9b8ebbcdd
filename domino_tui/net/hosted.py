"""A hosted table kept for ``domino host --resume [ID]``: the host's process may die, the table
must not.

The match itself is saved after every move like any game (``play.saving``: the save names it
networked). What only the server knew is kept beside the saves, in ``hosted/<game id>.json``
(mode 0600: it holds the seats' tokens): the table's code, who sat where with which token, and
how the table was set up. :func:`resume` reads both back; the server then opens with the same
code, the host's seat as it was and every remote seat away, so each joiner's ``domino join``
(with the token it kept) takes its seat back within the grace.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..play.saving import Saves
from ..play.session import GameSession
from ..storage.files import write_atomic
from ..storage.meta import is_game_id
from ..text import clean
from .invite import InvitationError, normal_code
from .limits import MAX_NAME

if TYPE_CHECKING:
    from .server import HostHandle, TableConfig, TableServer

VERSION = 1
MAX_FILE = 64 * 1024
KINDS = ("host", "human", "open", "bot")


class HostedError(ValueError):
    """No hosted table to resume, or its file is not one (the text says which)."""


@dataclass(frozen=True)
class Kept:
    name: str
    kind: str
    level: str
    token: str


@dataclass(frozen=True)
class Hosted:
    """A hosted table as it was kept: its game (replayed from the save), code and seats."""

    game: GameSession
    code: str
    places: tuple[Kept, ...]
    settings: dict[str, Any]

    def config(self, saves: Saves, **changes: Any) -> TableConfig:
        """The table's setup as it was (``changes``: a new port or bind, say)."""
        from .server import TableConfig

        s = self.settings
        base = TableConfig(
            rules=self.game.rules,
            preset=self.game.preset,
            bot_level=str(s.get("bot_level", "hard")),
            port=int(s.get("port", 0)),
            bind=str(s.get("bind", "127.0.0.1")),
            name=self.places[0].name if self.places[0].kind == "host" else "",
            lang=self.game.lang or "ru",
            seat=self.places[0].kind == "host",
            grace=float(s.get("grace", 60.0)),
            turn_timer=self.game.timer,
            saves=saves,
        )
        return replace(base, **changes)


def hosted_dir(saves: Saves) -> Path:
    return saves.where.parent / "hosted"


def save_hosted(server: TableServer) -> None:
    """Keep what the server knows beyond the match (after the start and each seat change)."""
    table = server.table
    if table is None:
        return
    game_id = table.game.game_id
    if table.match.over:
        forget(server.saves, game_id)
        return
    data = {
        "version": VERSION,
        "game_id": game_id,
        "code": server.code,
        "places": [
            {"name": p.name, "kind": p.kind, "level": p.level, "token": p.token}
            for p in server.places
        ],
        "settings": {
            "port": server.port,
            "bind": server.config.bind,
            "grace": server.config.grace,
            "bot_level": server.config.bot_level,
        },
    }
    folder = hosted_dir(server.saves)
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(folder / f"{game_id}.json", json.dumps(data, ensure_ascii=False), mode=0o600)


def forget(saves: Saves, game_id: str) -> None:
    """The match is over: nothing is left to resume."""
    with contextlib.suppress(OSError):
        (hosted_dir(saves) / f"{game_id}.json").unlink()


def latest(saves: Saves) -> str | None:
    """The game id of the newest hosted table still kept."""
    try:
        files = sorted(
            hosted_dir(saves).glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True
        )
    except OSError:
        return None
    for path in files:
        if is_game_id(path.stem) and (saves.where / f"{path.stem}.json").exists():
            return path.stem
    return None


def _read(path: Path) -> dict[str, Any]:
    try:
        if path.stat().st_size > MAX_FILE:
            raise HostedError("the hosted table's file is too large to be one")
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise HostedError(f"cannot read the hosted table: {clean(err, 120)}") from None
    except ValueError:
        raise HostedError("the hosted table's file is not JSON") from None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise HostedError("the hosted table's file is of another version")
    return data


def _places(data: Any, players: int) -> tuple[Kept, ...]:
    if not isinstance(data, list) or len(data) != players:
        raise HostedError("the hosted table's seats do not match its game")
    kept = []
    for entry in data:
        if not isinstance(entry, dict):
            raise HostedError("a seat of the hosted table is not an object")
        name, kind = entry.get("name"), entry.get("kind")
        level, token = entry.get("level", ""), entry.get("token", "")
        if not all(isinstance(v, str) for v in (name, kind, level, token)) or kind not in KINDS:
            raise HostedError("a seat of the hosted table is malformed")
        kept.append(Kept(clean(name, MAX_NAME), kind, clean(level, 80), token[:64]))
    return tuple(kept)


def resume(game_id: str | None = None, saves: Saves | None = None, lang: str = "en") -> Hosted:
    """The hosted table ``game_id`` (default: the newest), with its game locked for this
    process; :class:`HostedError` when there is none or it cannot be read."""
    saves = saves if saves is not None else Saves()
    game_id = game_id or latest(saves)
    if game_id is None or not is_game_id(game_id):
        raise HostedError("there is no hosted table to resume")
    data = _read(hosted_dir(saves) / f"{game_id}.json")
    try:
        code = normal_code(str(data.get("code", "")))
    except InvitationError:
        raise HostedError("the hosted table's code is malformed") from None
    game = saves.load(game_id, lang)
    if game is None:
        raise HostedError("the hosted table's game is no longer saved")
    game.networked = True
    settings = data.get("settings")
    return Hosted(game, code, _places(data.get("places"), game.rules.players), dict(settings or {}))


def resume_host_thread(
    game_id: str | None = None, saves: Saves | None = None, **changes: Any
) -> HostHandle:
    """``domino host --resume [ID]``: the table back on its port, with its code."""
    from .server import start_host_thread

    saves = saves if saves is not None else Saves()
    hosted = resume(game_id, saves)
    return start_host_thread(hosted.config(saves, **changes), resumed=hosted)


__all__ = [
    "Hosted",
    "HostedError",
    "forget",
    "hosted_dir",
    "latest",
    "resume",
    "resume_host_thread",
]
