"""Typer without pydantic for the values the ``domino`` commands take.

Typer (0.25 and later) converts every option value through a pydantic ``TypeAdapter``, and
importing pydantic and building the adapters costs more than the rest of the CLI together: it
was the largest single part of the table's first frame that the table does not need. Here a
value that is plainly valid — a string, a whole number within the option's bounds, one of an
enum's values, a list of strings — is converted directly; anything else (a wrong value, a type
we do not know) still goes through typer's own adapter, so every error message stays typer's.

:func:`install` is called once by :mod:`domino_tui.cli`; if typer's internals differ from what
is expected here, it does nothing and typer works as it always did.
"""

from __future__ import annotations

import re
import types
import typing
from enum import Enum
from typing import Any

_INT = re.compile(r"-?[0-9]+\Z")
_MISSING = object()


def _optional_inner(annotation: Any) -> Any:
    """``X | None`` → ``X``; anything else unchanged."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def quick_value(annotation: Any, info: Any, value: Any) -> Any:
    """``value`` converted for ``annotation`` when that is plain, else ``_MISSING``."""
    if getattr(info, "parser", None) is not None or getattr(info, "clamp", False):
        return _MISSING
    annotation = _optional_inner(annotation)
    if typing.get_origin(annotation) is list:
        (item,) = typing.get_args(annotation) or (Any,)
        if not isinstance(value, (list, tuple)):
            return _MISSING
        items = [quick_value(item, info, v) for v in value]
        return _MISSING if any(i is _MISSING for i in items) else items
    if annotation is str:
        return value if isinstance(value, str) else _MISSING
    if annotation is bool:
        return value if isinstance(value, bool) else _MISSING
    if annotation is int:
        if isinstance(value, str) and _INT.match(value):
            number = int(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            return _MISSING
        low, high = getattr(info, "min", None), getattr(info, "max", None)
        if (low is not None and number < low) or (high is not None and number > high):
            return _MISSING
        return number
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        if isinstance(value, annotation):
            return value
        if not getattr(info, "case_sensitive", True) or not isinstance(value, str):
            return _MISSING
        for member in annotation:
            if member.value == value:
                return member
        return _MISSING
    return _MISSING


class QuickParam:
    """A stand-in for typer's ``RuntimeParam``: plain values directly, the rest by typer."""

    def __init__(self, param: Any, slow: Any) -> None:
        self.param = param
        self.slow = slow  # typer's own builder, called only when needed
        self._built: Any = None

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        many = param.multiple or param.nargs == -1
        if value is None:
            return () if many else None
        if not (many and isinstance(value, str)):
            descriptor = self.param.type_descriptor
            quick = quick_value(descriptor.annotation, descriptor.parameter_info, value)
            if quick is not _MISSING:
                return quick
        if self._built is None:
            self._built = self.slow(self.param)
        return self._built.coerce(value, param=param, ctx=ctx)


def install() -> bool:
    """Put :class:`QuickParam` in front of typer's runtime conversion; False if not possible."""
    try:
        from typer._coercion import build_runtime_param
        from typer.core import _TyperParameter
    except ImportError:
        return False
    current = getattr(_TyperParameter, "get_runtime_param", None)
    if current is None:
        return False
    if getattr(current, "_domino_quick", False):
        return True

    def slow(param: Any) -> Any:
        return build_runtime_param(param.type_descriptor)

    def get_runtime_param(self: Any) -> Any:
        if getattr(self, "_runtime_param", None) is None:
            if not hasattr(self, "type_descriptor"):
                return current(self)
            self._runtime_param = QuickParam(self, slow)
        return self._runtime_param

    get_runtime_param._domino_quick = True  # type: ignore[attr-defined]
    _TyperParameter.get_runtime_param = get_runtime_param  # type: ignore[method-assign]
    return True
