"""Bot registry: bots by name, difficulty levels, and third-party bots from the
``domino_tui.bots`` entry-point group.

A name may carry options, ``ismcts:iterations=2000,time_ms=800``, which are passed to the bot's
factory as keyword arguments, each read by its :class:`~domino_tui.option.Option` (the type the
rules and the variants use too): numbers as numbers, ``true/false/yes/no/on/off`` as booleans,
text as written. A built-in bot declares its options, so an unknown key, a wrong type or an
absurd value (a negative or endless budget) is refused by :func:`make_bot` with one line naming
what is allowed (an :class:`~domino_tui.option.OptionError`), wherever the name came from. A
plugin's options are read from its factory's signature (names, and types from the annotations
or defaults), so the same mistakes are refused the same way before the plugin sees them; a
factory whose signature cannot be read judges its own options, and its errors are reported the
same way. ``seed`` is never an option: the game and the arena seed every bot.

A plugin that sets ``timed = True`` on its factory promises that the factory takes ``time_ms``
and that 0 means no wall-clock cap: the arena then passes 0, as it does to the built-in search
bots, so a seed alone fixes every decision.

Plugins are loaded once, lazily; one that fails to load is skipped with a warning (logged once
per command, or listed by ``domino bots``) and never takes the app down. A plugin's name,
description and source come from someone else's package metadata, so they are shown only after
:func:`clean`, and a name that could not be typed back on the command line is skipped.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..option import Option, OptionError, named
from ..text import clean
from .base import Bot, Explaining
from .config import HARD, MASTER, SearchConfig
from .rollout import POLICIES
from .simple import GreedyBot, RandomBot

__all__ = [
    "ENTRY_POINT_GROUP",
    "HARD",
    "LEVELS",
    "MASTER",
    "Bot",
    "BotInfo",
    "Explaining",
    "SearchConfig",
    "available",
    "make_bot",
]

ENTRY_POINT_GROUP = "domino_tui.bots"
log = logging.getLogger(__name__)


MAX_BUDGET = 100_000  # iterations or playouts per decision: ~2 minutes of hard's search
MAX_TIME_MS = 60_000  # a wall-clock cap longer than a minute per move is no cap
_PLUGIN_NAME = re.compile(r"[A-Za-z0-9_.\-]{1,40}")  # typeable after --bots, no ``:`` ``,`` ``=``


@dataclass(frozen=True)
class BotInfo:
    name: str
    factory: Callable[..., Bot]
    description: str
    source: str = "built-in"
    timed: bool = False  # takes ``time_ms``: a wall-clock cap the arena switches off
    # the options the bot takes; None for a plugin whose factory's signature cannot be read
    options: Mapping[str, Option] | None = field(default_factory=dict)
    more_options: bool = False  # a plugin factory with ``**options``: other keys go through

    def __post_init__(self) -> None:
        if self.options is not None:  # each option learns the name it is listed under
            object.__setattr__(self, "options", named(self.options))


def _built_in(module: str, name: str) -> Callable[..., Bot]:
    """The factory of a search bot, its module imported when a bot of that kind is first made:
    the table's first frame needs the one level it seats, not every bot's search
    (``tests/bench/test_startup.py`` keeps the rest out)."""

    def factory(seed: int, **options: Any) -> Bot:
        from importlib import import_module

        made: Bot = getattr(import_module(f"{__name__}.{module}"), name)(seed, **options)
        return made

    factory.__name__ = factory.__qualname__ = name
    return factory


_ISMCTS_OPTIONS = {
    "iterations": Option(kind=int, low=1, high=MAX_BUDGET),
    "time_ms": Option(kind=int, low=0, high=MAX_TIME_MS),  # 0: no wall-clock cap
    "exploration": Option(kind=float, low=0, high=100),
    "policy": Option(kind=str, choices=tuple(POLICIES)),
}

BUILTIN: dict[str, BotInfo] = {
    info.name: info
    for info in (
        BotInfo("random", RandomBot, "plays a uniformly random legal action"),
        BotInfo("greedy", GreedyBot, "heaviest playable tile first"),
        BotInfo(
            "counter",
            _built_in("counter", "CounterBot"),
            "rule-based expert: reads knocks and draws, keeps suits, blocks, judges fish",
        ),
        BotInfo(
            "pimc",
            _built_in("pimc", "pimc"),
            "guesses hidden tiles, plays every move out, solves the round's end exactly",
            timed=True,
            options={
                "playouts": Option(kind=int, low=1, high=MAX_BUDGET),
                # left out, ``playouts`` decides; given, at least one guessed deal (0 was taken
                # silently as "left out": pimc:samples=0 must not look like a choice)
                "samples": Option(kind=int, low=1, high=MAX_BUDGET),
                "most": Option(kind=int, low=1, high=MAX_BUDGET),  # deals at most; left out: no cap
                "policy": Option(kind=str, choices=tuple(POLICIES)),
                "solve": Option(kind=int, low=0, high=28),  # 0: never solve the end exactly
                "nodes": Option(kind=int, low=1, high=MAX_BUDGET),
                "time_ms": Option(kind=int, low=0, high=MAX_TIME_MS),
                "weigh": Option(kind=bool),
                "finish": Option(kind=int, low=0, high=28),  # 0: playouts play to the end
                # left out: ten solves' worth
                "pool": Option(kind=int, low=1, high=MAX_BUDGET * 10),
                "chance": Option(kind=bool),  # the exact search averages over a draw's tiles
                "prune": Option(kind=bool),  # drop a move once it is clearly behind
                "exact": Option(kind=bool),  # guessed deals exactly uniform (the sampler)
                "maxn": Option(kind=int, low=1, high=28),  # 3-4 sides: the exact horizon
                "paranoid": Option(kind=bool),  # 3-4 sides: one against all, alpha-beta
                "beta": Option(kind=float, low=0, high=10),  # the play model's heavy bias
                # pairs: a partner's play that leaves us an end to answer (the play model)
                "partner": Option(kind=float, low=-10, high=10),
                "keep": Option(kind=float, low=-10, high=10),  # a play keeps the player a suit
                "double": Option(kind=float, low=-10, high=10),  # the play model's double bonus
            },
        ),
        BotInfo(
            "ismcts",
            _built_in("ismcts", "IsmctsBot"),
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
    # the search presets (bots/config.py; docs/bots.md, "Levels")
    "hard": "pimc:" + HARD.spec(),
    "master": "pimc:" + MASTER.spec(),
}

LEVEL_DESCRIPTIONS: dict[str, str] = {
    "easy": "dumps its heaviest tile; a gentle start",
    "medium": "counts tiles and reads knocks like a yard regular",
    "hard": "guesses the hidden tiles and plays the round's end perfectly; answers at once",
    "master": (
        "weighs its guesses by how the others played, plays them out like a blocker, "
        "solves a longer end exactly; under a second"
    ),
}


# loaded on first use
_plugins: dict[str, BotInfo] | None = None
_plugin_errors: list[str] = []
_quiet = False  # the skipped plugins are shown by someone else: do not log them too


def _load_plugins() -> dict[str, BotInfo]:
    global _plugins
    if _plugins is not None:
        return _plugins
    from .. import plugins  # only when plugins are looked for

    found, skipped = plugins.read(
        plugins.Group(
            ENTRY_POINT_GROUP,
            _PLUGIN_NAME,
            "the name needs 1 to 40 letters, digits, '_', '-' or '.'",
            lambda name: name in BUILTIN or name in LEVELS,
            "a built-in bot, a level",
            _plugin_info,
        )
    )
    for skip in skipped:
        _skip(skip.name, skip.why)
    _plugins = found
    return found


def _plugin_info(ep: Any, factory: Callable[..., Bot]) -> BotInfo:
    """A loaded plugin's entry, its contract read from the factory: the options its signature
    takes and whether it declares ``timed``. Refused when the contract cannot be kept."""
    from ..plugins import Refused  # plugins are read only when looked for

    if not callable(factory):
        raise Refused(f"{ep.value} is not a bot factory (not callable)")
    try:
        timed = getattr(factory, "timed", False)
    except Exception as err:  # a hostile attribute: report it, never crash the loading
        raise Refused(f"its 'timed' attribute cannot be read ({clean(err, 100)})") from None
    if timed is not True and timed is not False:
        raise Refused(f"'timed' must be True or False, not a {type(timed).__name__}")
    options, more = _signature_options(factory)
    if timed and options is not None and "time_ms" not in options and not more:
        raise Refused("it declares timed = True but its factory takes no time_ms")
    return BotInfo(
        ep.name,
        factory,
        _description(factory),
        _source(ep),
        timed=timed,
        options=options,
        more_options=more,
    )


def _signature_options(factory: Any) -> tuple[dict[str, Option] | None, bool]:
    """The options a plugin's factory takes, by its signature, and whether it also takes
    ``**options``; (None, False) when the signature cannot be read (a C function, a hostile
    ``__signature__``), and the factory then judges its options itself. The first positional
    parameter receives the seed, so it, and any parameter named ``seed``, is no option;
    Refused when nothing could receive the seed."""
    import inspect

    from ..plugins import Refused

    try:
        try:  # string annotations (``from __future__ import annotations``) made real
            params = list(inspect.signature(factory, eval_str=True).parameters.values())
        except Exception:  # an annotation naming what the plugin's module does not define
            params = list(inspect.signature(factory).parameters.values())
    except Exception:
        return None, False
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    if not params or params[0].kind not in (*positional, inspect.Parameter.VAR_POSITIONAL):
        raise Refused("its factory takes no seed (its first parameter)")
    options: dict[str, Option] = {}
    more = False
    for param in params[1:]:
        if param.kind is inspect.Parameter.VAR_KEYWORD:
            more = True
        elif param.name != "seed" and param.kind in (
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            inspect.Parameter.KEYWORD_ONLY,
        ):
            options[param.name] = _option_of(param.annotation, param.default, param.empty)
    return options, more


_SIMPLE: dict[object, type] = {bool: bool, int: int, float: float, str: str}
_SIMPLE.update({kind.__name__: kind for kind in (bool, int, float, str)})


def _option_of(annotation: Any, default: Any, empty: Any) -> Option:
    """A plugin option: its type from its annotation when it is a plain bool, int, float or str
    (optionally ``| None``; ``int | float`` counts as a number; a Literal of words gives the
    words), else from its default's type, else any value; its default when it has a plain one
    (``domino bots`` shows it)."""
    try:
        option = _annotated(annotation)
    except Exception:  # a hostile annotation object: the type is then unknown
        option = None
    plain = default if default is not empty and type(default) in _SIMPLE else None
    if option is None:
        return Option(plain)
    if plain is not None and option.accepts(plain):
        return replace(option, default=plain)
    return option


def _annotated(annotation: Any) -> Option | None:
    import types
    import typing

    if isinstance(annotation, str):  # an annotation that could not be evaluated
        names: tuple[Any, ...] = tuple(part.strip() for part in annotation.split("|"))
    elif typing.get_origin(annotation) is typing.Literal:
        words = typing.get_args(annotation)
        ok = words and all(isinstance(w, str) for w in words)
        return Option(kind=str, choices=tuple(words)) if ok else None
    elif typing.get_origin(annotation) in (typing.Union, types.UnionType):
        names = typing.get_args(annotation)
    else:
        names = (annotation,)
    kinds = {_SIMPLE.get(n) for n in names if n not in ("None", type(None))}
    if kinds == {int, float}:
        return Option(kind=float)
    kind = kinds.pop() if len(kinds) == 1 else None
    return Option(kind=kind) if kind is not None else None


DESCRIPTION_LIMIT = 600  # characters of a plugin's first paragraph shown by ``domino bots``


def _description(obj: Any) -> str:
    """The first paragraph of a plugin's ``description`` (or, without one, its docstring) on
    one line, safe to print and bounded: a bot author's words are theirs to choose, so they are
    shown whole up to the bound rather than cut at the first line."""
    try:
        doc = getattr(obj, "description", None)
        if not isinstance(doc, str) or not doc.strip():
            doc = obj.__doc__
        if not isinstance(doc, str):
            return ""
    except Exception:  # a hostile description property
        return ""
    paragraph: list[str] = []
    for line in doc[: DESCRIPTION_LIMIT * 8].strip().splitlines():
        if not line.strip():
            break
        paragraph.extend(line.split())
    return clean(" ".join(paragraph), DESCRIPTION_LIMIT)


def _source(ep: Any) -> str:
    dist = getattr(ep, "dist", None)
    name = getattr(dist, "name", None) if dist is not None else None
    return clean(f"plugin {name}" if name else f"plugin {ep.value}", 80)


def _skip(name: object, why: object) -> None:
    message = f"skipped bot plugin {_shown(name)}: {clean(why, 300)}"
    _plugin_errors.append(message)
    if not _quiet:
        log.warning(message)


def quiet_plugin_warnings(quiet: bool = True) -> bool:
    """Keep the skipped plugins in :func:`plugin_errors` but stop logging them (``quiet``), or
    log them again; returns the previous setting. For ``domino bots``, which prints them itself,
    and for worker processes (``arena --jobs``), whose parent has warned already: a broken
    plugin was reported twice, or once more per worker."""
    global _quiet
    previous, _quiet = _quiet, quiet
    return previous


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


_ANY = Option()  # a value of unknown type: on/off, a whole number, a number or text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``name:k=v,k=v`` into the name and the options, each typed as it looks (no bot's
    options consulted); ValueError on bad syntax."""
    name, raw = _split_spec(spec)
    return name, {key: _ANY.parse(value) for key, value in raw.items()}


def _split_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``name:k=v,k=v`` into the name and the options as typed (text): an option that wants
    text gets it as written (``007`` stays ``007``); ValueError on bad syntax."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"bot option must be name=value, not {_shown(item)} in {_shown(spec)}")
        if key in params:
            raise ValueError(f"bot option {_shown(key)} is given twice in {_shown(spec)}")
        params[key] = value.strip()
    return name.strip(), params


def read_options(info: BotInfo, raw: Mapping[str, str]) -> dict[str, Any]:
    """The options for ``info``'s factory from the text given (``pimc:solve=18``): each read
    by the bot's own :class:`~domino_tui.option.Option`; OptionError for an option the bot
    does not take or a value it does not allow. A plugin that takes ``**options`` gets the
    other keys typed as they look, and one whose signature cannot be read gets them all so
    (its factory judges them). ``seed`` is never an option."""
    if "seed" in raw:
        raise ValueError(
            f"bot {info.name!r} takes no option 'seed': the game and the arena seed every bot"
        )
    out: dict[str, Any] = {}
    for key, text in raw.items():
        option = None if info.options is None else info.options.get(key)
        if option is None and (info.options is None or info.more_options):
            option = _ANY
        if option is None:
            raise OptionError(key, None, known=tuple(info.options or ()), owner=info.name)
        try:
            out[key] = option.parse(text)
        except OptionError as err:
            raise OptionError(key, err.value, option, owner=info.name) from None
    return out


def make_bot(name: str, seed: int = 0, *, clock: bool = True) -> Bot:
    """A bot by level, strategy name or plugin name, with optional ``:k=v`` options.

    ``clock=False`` switches off wall-clock caps so that a seed fixes every decision (the arena);
    ValueError names the choices when the bot is unknown or its options are wrong.
    """
    spec = LEVELS.get(name, name)
    key, raw = _split_spec(spec)
    if ":" in name and name.partition(":")[0] in LEVELS:
        raise ValueError(f"levels take no options ({_shown(name)}); use a strategy name instead")
    info = BUILTIN.get(key)  # plugins are looked for only for a name that is not built in
    if info is None:
        bots = available()
        if key not in bots:
            choices = ", ".join([*LEVELS, *bots])
            raise ValueError(f"unknown bot {_shown(key)}; choose one of: {choices}")
        info = bots[key]
    params = read_options(info, raw)
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
