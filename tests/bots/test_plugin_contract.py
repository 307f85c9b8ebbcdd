"""The contract a third-party bot meets, as an outside author found it (issue 13, part 5): a plugin
can declare its wall-clock cap so the arena switches it off, its options arrive typed and are
checked against its factory's signature, and ``domino bots`` shows its description whole."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from importlib.metadata import EntryPoint
from types import ModuleType
from typing import Any, ClassVar, Literal

import pytest
from typer.testing import CliRunner

import domino_tui.bots as registry
from domino_tui import plugins as plugin_reader
from domino_tui.arena import ArenaConfig, run_arena
from domino_tui.bots import available, make_bot, parse_spec
from domino_tui.cli import app
from domino_tui.engine.rules import make_rules
from domino_tui.engine.view import SeatView
from domino_tui.option import Option

Install = Callable[..., dict[str, registry.BotInfo]]


@pytest.fixture
def install(monkeypatch: pytest.MonkeyPatch) -> Iterator[Install]:
    """Install factories as plugins named by their keyword, as if from an installed package."""

    def installing(**factories: object) -> dict[str, registry.BotInfo]:
        module = ModuleType("contract_plugins")
        for name, factory in factories.items():
            setattr(module, name, factory)
        monkeypatch.setitem(sys.modules, "contract_plugins", module)
        group = registry.ENTRY_POINT_GROUP
        eps = [EntryPoint(n, f"contract_plugins:{n}", group) for n in factories]
        monkeypatch.setattr(plugin_reader, "entry_points", lambda group: eps)
        registry.reload_plugins()
        return registry.available()

    yield installing
    registry.reload_plugins()


class _Plays:
    """Plays the first legal action; what the options are does not matter to the game."""

    name = "plays"

    def choose(self, view: SeatView) -> int:
        return view.legal[0]


# --- timed plugins ---------------------------------------------------------------------------


class Clocked(_Plays):
    """A search bot with a wall-clock cap that it declares."""

    timed = True
    made: ClassVar[list[int]] = []  # time_ms of every bot made, in order

    def __init__(self, seed: int = 0, time_ms: int = 500, depth: int = 2) -> None:
        self.time_ms, self.depth = time_ms, depth
        Clocked.made.append(time_ms)


class Loose(_Plays):
    """Declares timed and takes any option, time_ms among them."""

    timed = True

    def __init__(self, seed: int = 0, **options: object) -> None:
        self.options = options


class Untimed(_Plays):
    def __init__(self, seed: int = 0) -> None:
        self.seed = seed


class NoClock(_Plays):
    """Declares timed but has no time_ms to switch off: a broken promise."""

    timed = True

    def __init__(self, seed: int = 0, depth: int = 2) -> None:
        pass


class _Raising(type):
    @property
    def timed(cls) -> bool:
        raise RuntimeError("\x1b[2J no")


class Hostile(_Plays, metaclass=_Raising):
    def __init__(self, seed: int = 0) -> None:
        pass


class Wordy(_Plays):
    timed = "yes"

    def __init__(self, seed: int = 0, time_ms: int = 0) -> None:
        pass


def test_a_timed_plugin_has_its_clock_switched_off_by_the_arena(install: Install) -> None:
    bots = install(clocked=Clocked, untimed=Untimed)
    assert bots["clocked"].timed and not bots["untimed"].timed
    assert make_bot("clocked").time_ms == 500  # type: ignore[attr-defined]
    assert make_bot("clocked:time_ms=80").time_ms == 80  # type: ignore[attr-defined]
    assert make_bot("clocked:time_ms=80", clock=False).time_ms == 0  # type: ignore[attr-defined]
    assert make_bot("untimed", 3, clock=False).seed == 3  # type: ignore[attr-defined]
    Clocked.made.clear()
    report = run_arena(ArenaConfig(("clocked", "untimed"), 1, make_rules({"players": 2}), seed=2))
    assert report.rounds > 0 and Clocked.made and set(Clocked.made) == {0}


def test_a_timed_plugin_taking_any_option_gets_time_ms_zero(install: Install) -> None:
    install(loose=Loose)
    assert make_bot("loose:depth=3", clock=False).options == {"depth": 3, "time_ms": 0}  # type: ignore[attr-defined]
    assert make_bot("loose").options == {}  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("factory", "why"),
    [
        (NoClock, "declares timed = True but its factory takes no time_ms"),
        (Hostile, "its 'timed' attribute cannot be read"),
        (Wordy, "'timed' must be True or False, not a str"),
        (lambda: _Plays(), "its factory takes no seed"),
    ],
)
def test_a_plugin_that_breaks_the_contract_is_skipped_with_the_reason(
    install: Install, factory: object, why: str
) -> None:
    bots = install(broken=factory, untimed=Untimed)
    assert "broken" not in bots and "untimed" in bots  # the others still load
    errors = registry.plugin_errors()
    assert len(errors) == 1 and "'broken'" in errors[0] and why in errors[0]
    assert "\x1b" not in errors[0] and "\n" not in errors[0]


# --- options ---------------------------------------------------------------------------------


def test_booleans_are_parsed_in_any_case() -> None:
    name, options = parse_spec("x:a=false,b=YES,c=Off,d=on,e=No,f=True,g=0,h=falsey")
    assert name == "x"
    assert options == {
        "a": False,
        "b": True,
        "c": False,
        "d": True,
        "e": False,
        "f": True,
        "g": 0,
        "h": "falsey",
    }
    assert options["a"] is False and options["g"] is not False


class Options(_Plays):
    def __init__(
        self,
        seed: int = 0,
        *,
        block: bool = True,
        depth: int = 2,
        ratio: float = 0.5,
        style: str = "calm",
        mood: Literal["calm", "wild"] = "calm",
        limit: int | None = None,
        anything: Any = None,  # an option of no known type: any value goes
    ) -> None:
        self.got = {
            "block": block,
            "depth": depth,
            "ratio": ratio,
            "style": style,
            "mood": mood,
            "limit": limit,
            "anything": anything,
        }


def _got(spec: str) -> dict[str, Any]:
    return make_bot(spec).got  # type: ignore[attr-defined, no-any-return]


def test_plugin_options_arrive_typed_as_the_signature_asks(install: Install) -> None:
    install(opts=Options)
    got = _got("opts:block=false,depth=4,ratio=1,style=007,mood=wild,limit=9,anything=x")
    assert got == {
        "block": False,
        "depth": 4,
        "ratio": 1.0,
        "style": "007",  # text as written, not the number 7
        "mood": "wild",
        "limit": 9,
        "anything": "x",
    }
    assert got["block"] is False and type(got["ratio"]) is float
    assert _got("opts:block=ON,anything=3")["block"] is True


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            "opts:dept=3",
            "bot 'opts' has no option 'dept'; it takes: block, depth, ratio, style, mood, limit,"
            " anything",
        ),
        ("opts:block=3", "bot option opts:block must be on or off, not '3'"),
        ("opts:depth=abc", "bot option opts:depth must be a whole number, not 'abc'"),
        ("opts:depth=2.5", "opts:depth must be a whole number, not '2.5'"),
        ("opts:depth=yes", "opts:depth must be a whole number, not 'yes'"),
        ("opts:ratio=half", "bot option opts:ratio must be a number, not 'half'"),
        ("opts:ratio=nan", "opts:ratio must be a number"),
        ("opts:mood=angry", "bot option opts:mood must be one of calm, wild, not 'angry'"),
        ("opts:seed=3", "bot 'opts' takes no option 'seed'"),
        ("greedy:seed=3", "bot 'greedy' takes no option 'seed'"),
        ("untimed:depth=3", "bot 'untimed' takes no options, not 'depth'"),
    ],
)
def test_wrong_plugin_options_are_refused_in_one_line(
    install: Install, spec: str, message: str
) -> None:
    install(opts=Options, untimed=Untimed)
    with pytest.raises(ValueError) as err:
        make_bot(spec)
    assert message in str(err.value)
    assert "\n" not in str(err.value) and len(str(err.value)) < 300


def test_the_cli_refuses_a_wrong_plugin_option_without_a_traceback(install: Install) -> None:
    install(opts=Options)
    result = CliRunner().invoke(
        app, ["sim", "--seed", "1", "--players", "2", "--bots", "opts:block=3"]
    )
    assert result.exit_code != 0
    assert "must be on or off" in result.output + result.stderr
    assert "Traceback" not in result.output + result.stderr


class _Unreadable(_Plays):
    """A factory whose signature cannot be read: it judges its own options."""

    @property
    def __signature__(self) -> object:
        raise RuntimeError("no signature")

    def __init__(self, seed: int = 0, **options: object) -> None:
        self.options = options

    def __call__(self, seed: int = 0, **options: object) -> _Unreadable:
        return _Unreadable(seed, **options)


def _stringly(seed: int = 0, *, n: "int" = 1, m: "NotDefinedAnywhere" = 2.0) -> _Plays:  # type: ignore[name-defined]  # noqa: F821, UP037
    bot = _Plays()
    bot.got = (n, m)  # type: ignore[attr-defined]
    return bot


def test_factories_whose_signature_cannot_be_fully_read(install: Install) -> None:
    install(unread=_Unreadable(), stringly=_stringly)
    assert make_bot("unread:anything=off").options == {"anything": False}  # type: ignore[attr-defined]
    assert make_bot("stringly:n=3,m=4").got == (3, 4.0)  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="stringly:n must be a whole number"):
        make_bot("stringly:n=x")
    with pytest.raises(ValueError, match="stringly:m must be a number"):
        make_bot("stringly:m=x")


def test_the_built_in_bool_kind() -> None:
    flag = Option(kind=bool)
    assert flag.accepts(True) and flag.accepts(False)
    assert not flag.accepts(1) and not flag.accepts("true")
    assert flag.describe() == "on or off"
    assert not Option(kind=int, low=0, high=5).accepts(True)


def test_a_plugins_options_are_the_one_option_type_with_their_defaults(install: Install) -> None:
    install(opts=Options)
    options = available()["opts"].options
    assert options is not None
    assert all(isinstance(o, Option) and o.name == n for n, o in options.items())
    assert options["mood"].choices == ("calm", "wild") and options["depth"].default == 2


# --- descriptions ----------------------------------------------------------------------------

LONG = (
    "Plays the long game: keeps every suit it can while the boneyard lasts, counts the "
    "knocks of\n    both opponents, blocks the suit the next player lacks, and dumps its "
    "heaviest tiles before\n    a fish can catch them, judging remembered points against the "
    "thirteen threshold and the goat line."
)


class Verbose(_Plays):
    description = LONG + "\n\n    A second paragraph that is not shown."

    def __init__(self, seed: int = 0) -> None:
        pass


class Endless(_Plays):
    description = "word\x1b[31m " * 1000

    def __init__(self, seed: int = 0) -> None:
        pass


def test_the_whole_first_paragraph_is_the_description(install: Install) -> None:
    bots = install(verbose=Verbose, endless=Endless)
    assert bots["verbose"].description == " ".join(LONG.split())
    endless = bots["endless"].description
    assert len(endless) == registry.DESCRIPTION_LIMIT and endless.endswith("…")
    assert "\x1b" not in endless


def test_domino_bots_wraps_a_long_description_at_80_columns(install: Install) -> None:
    install(verbose=Verbose)
    result = CliRunner().invoke(app, ["bots"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80
    shown = result.output.split()
    for word in LONG.split():
        assert word in shown, word  # whole, wrapped between words, never cut
    assert "second paragraph" not in result.output
    as_json = json.loads(CliRunner().invoke(app, ["bots", "--json"]).output)
    entry = next(b for b in as_json["bots"] if b["name"] == "verbose")
    assert entry["description"] == " ".join(LONG.split())
    assert entry["timed"] is False and entry["options"] == []
