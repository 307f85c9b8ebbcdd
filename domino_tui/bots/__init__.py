"""Bot registry: bots by name, difficulty levels, and third-party bots from the
``domino_tui.bots`` entry-point group.

A name may carry options, ``ismcts:iterations=2000,time_ms=800``, which are passed to the bot's
factory as keyword arguments. A built-in bot declares its options (:class:`BotOption`), so an
unknown key, a wrong type or an absurd value (a negative or endless budget) is refused by
:func:`make_bot` with one line naming what is allowed, wherever the name came from; a plugin's
options go to its factory unchecked, and its own errors are reported the same way.

Plugins are loaded once, lazily; one that fails to load is skipped with a warning (logged, and
listed by ``domino bots``) and never takes the app down. A plugin's name, description and source
come from someone else's package metadata, so they are shown only after :func:`clean`, and a
name that could not be typed back on the command line is skipped.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..text import clean
from .base import Bot, Explaining
from .counter import CounterBot
from .ismcts import IsmctsBot
from .pimc import PimcBot
from .rollout import POLICIES
from .simple import GreedyBot, RandomBot

__all__ = ["ENTRY_POINT_GROUP", "LEVELS", "Bot", "BotInfo", "Explaining", "available", "make_bot"]

ENTRY_POINT_GROUP = "domino_tui.bots"
log = logging.getLogger(__name__)


MAX_BUDGET = 100_000  # iterations or playouts per decision: ~2 minutes of hard's search
MAX_TIME_MS = 60_000  # a wall-clock cap longer than a minute per move is no cap
_PLUGIN_NAME = re.compile(r"[A-Za-z0-9_.\-]{1,40}")  # typeable after --bots, no ``:`` ``,`` ``=``


@dataclass(frozen=True)
class BotOption:
    """One option a built-in bot takes: its type and its allowed range or words."""

    kind: type  # int, float or str
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()

    def allowed(self) -> str:
        if self.choices:
            return "one of " + ", ".join(self.choices)
        what = "a whole number" if self.kind is int else "a number"
        return f"{what} from {self.low:g} to {self.high:g}"

    def accepts(self, value: Any) -> bool:
        if self.kind is str:
            return value in self.choices
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        if self.kind is int and not isinstance(value, int):
            return False
        if not math.isfinite(value):
            return False
        low = -math.inf if self.low is None else self.low
        high = math.inf if self.high is None else self.high
        return low <= value <= high


@dataclass(frozen=True)
class BotInfo:
    name: str
    factory: Callable[..., Bot]
    description: str
    source: str = "built-in"
    timed: bool = False  # takes ``time_ms``: a wall-clock cap the arena switches off
    # the options a built-in takes; None for a plugin, whose factory judges its own
    options: Mapping[str, BotOption] | None = field(default_factory=dict)


_ISMCTS_OPTIONS = {
    "iterations": BotOption(int, 1, MAX_BUDGET),
    "time_ms": BotOption(int, 0, MAX_TIME_MS),  # 0: no wall-clock cap
    "exploration": BotOption(float, 0, 100),
    "policy": BotOption(str, choices=tuple(POLICIES)),
}

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
        BotInfo(
            "pimc",
            PimcBot,
            "guesses hidden tiles, plays every move out, keeps the best",
            timed=True,
            options={
                "playouts": BotOption(int, 1, MAX_BUDGET),
                "samples": BotOption(int, 0, MAX_BUDGET),  # 0: ``playouts`` decides
                "policy": BotOption(str, choices=tuple(POLICIES)),
                "solve": BotOption(int, 0, 28),  # 0: never solve the end exactly
                "nodes": BotOption(int, 1, MAX_BUDGET),
                "time_ms": BotOption(int, 0, MAX_TIME_MS),
            },
        ),
        BotInfo(
            "ismcts",
            IsmctsBot,
            "information-set Monte Carlo tree search over guessed deals",
            timed=True,
            options=_ISMCTS_OPTIONS,
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


def entry_points(*, group: str) -> Any:
    """The installed plugins' entry points; importlib.metadata is loaded only when a plugin is
    looked for (a name that is not built in, or the list of bots), not for the table's start."""
    from importlib.metadata import entry_points as installed

    return installed(group=group)


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
        if not _PLUGIN_NAME.fullmatch(ep.name):
            _skip(ep.name, "the name needs 1 to 40 letters, digits, '_', '-' or '.'")
            continue
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
        found[ep.name] = BotInfo(ep.name, obj, _description(obj), _source(ep), options=None)
    _plugins = found
    return found


def _description(obj: Any) -> str:
    """The first line of a plugin's description or docstring, safe to print and short."""
    try:
        doc = getattr(obj, "description", None) or obj.__doc__ or ""
        lines = str(doc).strip().splitlines()
    except Exception:  # a hostile description property
        return ""
    return clean(lines[0], 120) if lines else ""


def _source(ep: Any) -> str:
    dist = getattr(ep, "dist", None)
    name = getattr(dist, "name", None) if dist is not None else None
    return clean(f"plugin {name}" if name else f"plugin {ep.value}", 80)


def _skip(name: str, why: object) -> None:
    message = f"skipped bot plugin {_shown(name)}: {clean(why, 300)}"
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


def _shown(text: object, limit: int = 40) -> str:
    """A name or option as typed, quoted with its control characters escaped, one short line."""
    shown = repr(text)
    return clean(shown if len(shown) <= limit else shown[: limit - 1] + "…")


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``name:k=v,k=v`` into the name and typed options; ValueError on bad syntax."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"bot option must be name=value, not {_shown(item)} in {_shown(spec)}")
        if key in params:
            raise ValueError(f"bot option {_shown(key)} is given twice in {_shown(spec)}")
        params[key] = _typed(value.strip())
    return name.strip(), params


def check_options(info: BotInfo, params: Mapping[str, Any]) -> None:
    """Refuse options a built-in bot does not take, or values of the wrong type or range."""
    if info.options is None:  # a plugin: its factory judges
        return
    for key, value in params.items():
        option = info.options.get(key)
        if option is None and not info.options:
            raise ValueError(f"bot {info.name!r} takes no options, not {_shown(key)}")
        if option is None:
            takes = ", ".join(info.options)
            raise ValueError(f"bot {info.name!r} has no option {_shown(key)}; it takes: {takes}")
        if not option.accepts(value):
            raise ValueError(
                f"bot option {info.name}:{key} must be {option.allowed()}, not {_shown(value)}"
            )


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
        raise ValueError(f"levels take no options ({_shown(name)}); use a strategy name instead")
    info = BUILTIN.get(key)  # plugins are looked for only for a name that is not built in
    if info is None:
        bots = available()
        if key not in bots:
            choices = ", ".join([*LEVELS, *bots])
            raise ValueError(f"unknown bot {_shown(key)}; choose one of: {choices}")
        info = bots[key]
    check_options(info, params)
    if info.timed and not clock:
        params["time_ms"] = 0
    try:
        bot = info.factory(seed, **params)
    except TypeError as err:
        raise ValueError(f"bad options for bot {key!r}: {clean(err, 200)}") from None
    except Exception as err:
        raise ValueError(f"bot {key!r} failed to start: {clean(err, 200)}") from None
    if not isinstance(bot, Bot):
        raise ValueError(f"bot {key!r} is not a bot: it needs a name and a choose(view) method")
    return bot
