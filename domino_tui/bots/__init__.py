"""Bot registry: bots by name, difficulty levels, and third-party bots from the
``domino_tui.bots`` entry-point group.

A name may carry options, ``ismcts:iterations=2000,time_ms=800``, which are passed to the bot's
factory as keyword arguments. Plugins are loaded once, lazily; one that fails to load is skipped
with a warning (logged, and listed by ``domino bots``) and never takes the app down.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any

from .base import Bot, Explaining
from .counter import CounterBot
from .ismcts import IsmctsBot
from .pimc import PimcBot
from .simple import GreedyBot, RandomBot

__all__ = ["ENTRY_POINT_GROUP", "LEVELS", "Bot", "BotInfo", "Explaining", "available", "make_bot"]

ENTRY_POINT_GROUP = "domino_tui.bots"
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class BotInfo:
    name: str
    factory: Callable[..., Bot]
    description: str
    source: str = "built-in"
    timed: bool = False  # takes ``time_ms``: a wall-clock cap the arena switches off


BUILTIN: dict[str, BotInfo] = {
    info.name: info
    for info in (
        BotInfo("random", RandomBot, "plays a uniformly random legal action"),
        BotInfo("greedy", GreedyBot, "heaviest playable tile first"),
        BotInfo(
            "counter",
            CounterBot,
            "rule-based expert: reads knocks and draws, keeps suits, blocks, judges fish",
        ),
        BotInfo("pimc", PimcBot, "guesses hidden tiles, plays every move out, keeps the best"),
        BotInfo(
            "ismcts",
            IsmctsBot,
            "information-set Monte Carlo tree search over guessed deals",
            timed=True,
        ),
    )
}

# what the app offers, mapped onto strategies (a name, optionally with options)
LEVELS: dict[str, str] = {
    "easy": "greedy",
    "medium": "counter",
    "hard": "ismcts",
    "master": "ismcts:iterations=3000,time_ms=1500,policy=smart",
}

LEVEL_DESCRIPTIONS: dict[str, str] = {
    "easy": "dumps its heaviest tile; a gentle start",
    "medium": "counts tiles and reads knocks like a yard regular",
    "hard": "searches guessed deals; answers in well under a second",
    "master": "searches longer with playouts that block and count; up to a second and a half",
}

# loaded on first use
_plugins: dict[str, BotInfo] | None = None
_plugin_errors: list[str] = []


def _load_plugins() -> dict[str, BotInfo]:
    global _plugins
    if _plugins is not None:
        return _plugins
    found: dict[str, BotInfo] = {}
    try:
        eps = list(entry_points(group=ENTRY_POINT_GROUP))
    except Exception as err:  # a broken installation metadata must not stop the game
        _skip("entry points", err)
        eps = []
    for ep in eps:
        if ep.name in BUILTIN or ep.name in LEVELS or ep.name in found:
            _skip(ep.name, "the name is taken by a built-in bot, a level or another plugin")
            continue
        try:
            obj = ep.load()
        except Exception as err:
            _skip(ep.name, err)
            continue
        if not callable(obj):
            _skip(ep.name, f"{ep.value} is not a bot factory (not callable)")
            continue
        doc = (getattr(obj, "description", None) or obj.__doc__ or "").strip()
        dist = getattr(ep, "dist", None)
        source = f"plugin {dist.name}" if dist is not None else f"plugin {ep.value}"
        found[ep.name] = BotInfo(ep.name, obj, doc.splitlines()[0] if doc else "", source)
    _plugins = found
    return found


def _skip(name: str, why: object) -> None:
    message = f"skipped bot plugin {name!r}: {why}"
    _plugin_errors.append(message)
    log.warning(message)


def reload_plugins() -> None:
    """Forget loaded plugins (tests, and after installing one in a running session)."""
    global _plugins
    _plugins = None
    _plugin_errors.clear()


def available() -> dict[str, BotInfo]:
    """Every bot by name: built-ins first, then plugins."""
    return {**BUILTIN, **_load_plugins()}


def plugin_errors() -> list[str]:
    _load_plugins()
    return list(_plugin_errors)


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``name:k=v,k=v`` into the name and typed options; ValueError on bad syntax."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"bot option must be name=value, not {item!r} in {spec!r}")
        params[key.strip()] = _typed(value.strip())
    return name.strip(), params


def _typed(value: str) -> Any:
    for kind in (int, float):
        try:
            return kind(value)
        except ValueError:
            pass
    return value


def make_bot(name: str, seed: int = 0, *, clock: bool = True) -> Bot:
    """A bot by level, strategy name or plugin name, with optional ``:k=v`` options.

    ``clock=False`` switches off wall-clock caps so that a seed fixes every decision (the arena);
    ValueError names the choices when the bot is unknown or its options are wrong.
    """
    spec = LEVELS.get(name, name)
    key, params = parse_spec(spec)
    if ":" in name and name.partition(":")[0] in LEVELS:
        raise ValueError(f"levels take no options ({name!r}); use a strategy name instead")
    bots = available()
    if key not in bots:
        choices = ", ".join([*LEVELS, *bots])
        raise ValueError(f"unknown bot {key!r}; choose one of: {choices}")
    info = bots[key]
    if info.timed and not clock:
        params["time_ms"] = 0
    try:
        bot = info.factory(seed, **params)
    except TypeError as err:
        raise ValueError(f"bad options for bot {key!r}: {err}") from None
    except Exception as err:
        raise ValueError(f"bot {key!r} failed to start: {err}") from None
    if not isinstance(bot, Bot):
        raise ValueError(f"bot {key!r} is not a bot: it needs a name and a choose(view) method")
    return bot
