"""One option type for every ``name=value`` a player may give: the rules' options, a variant's
own options and a bot's options (``pimc:solve=18``).

An :class:`Option` knows its name, its type (on/off, a whole number, a number, text or any
value), what it may be (choices, a range) and its default. It reads a value typed as text
(:meth:`Option.parse`), judges a value already typed (:meth:`Option.check`, e.g. read from a
JSON file) and says what it allows (:meth:`Option.describe`). Whatever it refuses it refuses
with an :class:`OptionError` that carries the option, the value and the name, so the words
layer (``domino_tui/words/options.py``) can say it in the player's language; ``str()`` is
the same line in English (``option target must be a whole number from 1 to 1000, not 0``).

A value comes from the command line, a save or a plugin's signature, so it is untrusted: text
longer than :data:`MAX_TEXT` is refused before it is read, and what an error shows of it is
escaped, cleaned (:func:`~.text.clean`) and cut to one short line.

A leaf below the engine (the layer contract): it holds no words beyond that English line.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .text import clean

__all__ = ["MAX_TEXT", "Option", "OptionError", "named", "shown"]

MAX_TEXT = 200  # characters of one typed value; a longer one is refused unread
SHOWN = 40  # characters of a refused value an error line shows
_WHOLE = re.compile(r"[+-]?[0-9]{1,30}")
_BOOL_WORDS = {
    "true": True,
    "yes": True,
    "on": True,
    "1": True,
    "false": False,
    "no": False,
    "off": False,
    "0": False,
}
_KINDS = (bool, int, float, str)


def shown(value: object, limit: int = SHOWN) -> str:
    """A value as given, quoted (``repr`` escapes control characters), cleaned and cut to one
    short line: safe in an error message whatever the file or the command line held."""
    text = repr(value) if isinstance(value, str) else clean(value, limit * 2)
    text = text if len(text) <= limit else text[: limit - 1] + "…"
    return clean(text)


@dataclass(frozen=True)
class Option:
    """One option: its default, what it may be, and its name (given by :func:`named` from the
    table that holds it). The type is ``kind``, or else the default's (bool, int, float, str);
    an option with neither takes any value (a plugin's parameter of unknown type), read as
    on/off, a whole number, a number or text, whichever it looks like.

    ``choices`` closes the values; ``numbered`` adds one open family to them, ``NAME:N`` with
    N a whole number from ``low`` to ``high`` (``match_end=rounds:N``). Without choices,
    ``low`` and ``high`` bound a number."""

    default: Any = None
    choices: tuple[Any, ...] = ()
    low: float | None = None
    high: float | None = None
    help: str = ""  # the RULES.md id it implements, or a short note
    kind: type = field(default=object)
    numbered: str = ""
    name: str = ""

    def __post_init__(self) -> None:
        if self.kind is object and type(self.default) in _KINDS:
            object.__setattr__(self, "kind", type(self.default))

    # --- reading ----------------------------------------------------------------------------
    def parse(self, text: str) -> Any:
        """The value ``text`` stands for, as this option's type; OptionError when it is not one
        of the allowed values (or is no text at all, or is absurdly long)."""
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise OptionError(self.name, text, self)
        word = text.strip()
        value = self._typed(word)
        if value is _NOT:
            raise OptionError(self.name, text, self)
        return self.check(value)

    def read(self, value: Any) -> Any:
        """A value from text or from a file: text is parsed, a typed value judged as it is
        and, if its type is not this option's, as the text it writes (JSON's 1 for on)."""
        if isinstance(value, str):
            return self.parse(value)
        if self.accepts(value):
            return self.check(value)
        try:
            return self.parse(clean(value, MAX_TEXT + 1))
        except OptionError:
            raise OptionError(self.name, value, self) from None

    def _typed(self, word: str) -> Any:
        kind = self.kind
        if kind is str:
            return word
        if kind is bool or kind is object:
            found = _BOOL_WORDS.get(word.lower(), _NOT)
            if kind is bool or (found is not _NOT and word not in ("0", "1")):
                return found
        if (kind is int or kind is object) and _WHOLE.fullmatch(word):
            return int(word)
        if kind is float or kind is object:
            try:
                number = float(word)
            except ValueError:
                return word if kind is object else _NOT
            return number if math.isfinite(number) or kind is float else word
        return _NOT

    # --- judging ----------------------------------------------------------------------------
    def accepts(self, value: Any) -> bool:
        """Whether ``value``, already typed, is one this option allows."""
        if self.choices or self.numbered:
            return self._chosen(value)
        kind = self.kind
        if kind is object:
            return True
        if kind is bool or kind is str:
            return isinstance(value, kind)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        if kind is int and not isinstance(value, int):
            return False
        if not math.isfinite(value):
            return False
        low = -math.inf if self.low is None else self.low
        high = math.inf if self.high is None else self.high
        return low <= value <= high

    def _chosen(self, value: Any) -> bool:
        if any(value == c and type(value) is type(c) for c in self.choices):
            return True
        if not self.numbered or not isinstance(value, str):
            return False
        head, sep, count = value.partition(":")
        if head != self.numbered or not sep or not _WHOLE.fullmatch(count) or len(count) > 9:
            return False
        return self._in_range(int(count))

    def _in_range(self, number: int) -> bool:
        low = -math.inf if self.low is None else self.low
        high = math.inf if self.high is None else self.high
        return low <= number <= high

    def check(self, value: Any) -> Any:
        """``value`` when this option allows it (a whole number as a float for a number
        option); OptionError naming what is allowed when it does not."""
        if not self.accepts(value):
            raise OptionError(self.name, value, self)
        if self.kind is float and not self.choices:
            return float(value)
        return value

    # --- saying -----------------------------------------------------------------------------
    def describe(self) -> str:
        """What this option allows, in English (the words layer says it in each language):
        ``one of all, one``, ``a whole number from 1 to 1000``, ``on or off``."""
        if self.choices or self.numbered:
            words = [str(c) for c in self.choices]
            if self.numbered:
                words.append(f"{self.numbered}:N with N {self.range_words()}")
            if len(words) == 1:
                return words[0]
            return "one of " + ", ".join(words)
        if self.kind is bool:
            return "on or off"
        if self.kind is str:
            return "text"
        if self.kind is object:
            return "any value"
        what = "a whole number" if self.kind is int else "a number"
        bounds = self.range_words()
        return f"{what} {bounds}" if bounds else what

    def range_words(self) -> str:
        """``from 1 to 1000``, ``1 or more``, ``up to 9``, or nothing for an open number."""
        low, high = (self.bound(b) for b in (self.low, self.high))
        if low and high:
            return f"from {low} to {high}"
        if low:
            return f"{low} or more"
        return f"up to {high}" if high else ""

    def bound(self, value: float | None) -> str:
        """One end of the range as a player types it: 1000000, not 1e+06; 0.5 as 0.5."""
        if value is None:
            return ""
        if self.kind is int or self.numbered or float(value).is_integer():
            return str(int(value))
        return f"{value:g}"

    def shown_default(self) -> str:
        """The default as typed back (on/off for a switch), or nothing when it has none."""
        return typed_back(self.default)


def typed_back(value: object) -> str:
    """A value as a player would type it after ``=``: on/off for a switch, nothing for None."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


_NOT: Any = object()  # the text is no value of the option's type


def named(table: Mapping[str, Option]) -> dict[str, Option]:
    """``table`` with each option given the name it is listed under (its order kept)."""
    return {
        name: option if option.name == name else replace(option, name=name)
        for name, option in table.items()
    }


class OptionError(ValueError):
    """A value an option refuses, or an option nobody has (``option`` None): what the words
    layer needs to say it in the player's language. ``owner`` is the bot whose option it is
    (``pimc`` for ``pimc:solve``), empty for a rule; ``known`` are the options there are."""

    def __init__(
        self,
        name: str,
        value: object,
        option: Option | None = None,
        *,
        known: tuple[str, ...] = (),
        owner: str = "",
    ) -> None:
        self.name = clean(name, SHOWN)
        self.value = value
        self.option = option
        self.known = known
        self.owner = clean(owner, SHOWN)
        super().__init__(self.english())

    @property
    def full_name(self) -> str:
        """``pimc:solve`` for a bot's option, ``target`` for a rule."""
        return f"{self.owner}:{self.name}" if self.owner else self.name

    def english(self) -> str:
        """The line in English: the same shape the catalogs give every language."""
        if self.option is not None:
            subject = "bot option" if self.owner else "option"
            return f"{subject} {self.full_name} must be {self.option.describe()}, not {self.shown}"
        if self.owner and not self.known:
            return f"bot {self.owner!r} takes no options, not {self.shown}"
        if self.owner:
            return f"bot {self.owner!r} has no option {self.shown}; it takes: {self.listed}"
        return f"unknown option {self.shown}; options are: {self.listed}"

    @property
    def shown(self) -> str:
        """The refused value (or, for an unknown option, its name) quoted and safe to show."""
        return shown(self.value if self.option is not None else self.name)

    @property
    def listed(self) -> str:
        return clean(", ".join(self.known), 1000)
