"""Installed plugins, read through one door: the bots' and the variants' entry-point groups.

A plugin is someone else's code and metadata: its name may carry escape codes, its module may
fail on import, its objects may break the contract. :func:`read` loads a group's entry points
one by one and keeps each failure as a reason instead of letting it reach the player as a
traceback: the name must match the group's rule, must not be taken, must load, and must pass
the group's own check (:class:`Refused` says why not). The callers (:mod:`.bots`,
:mod:`.engine.variants`) word the reasons, cleaned (:mod:`.text`), one line each.

``importlib.metadata`` is imported only when a group is read, so a game that asks for built-in
names alone never pays for it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Refused(Exception):
    """A plugin that loads but breaks its group's contract: skipped with this reason."""


def entry_points(*, group: str) -> Any:
    """The installed plugins' entry points in ``group`` (importlib.metadata loads only now)."""
    from importlib.metadata import entry_points as installed

    return installed(group=group)


@dataclass(frozen=True)
class Skipped:
    """A plugin that was not taken: its name as installed (untrusted: clean it before showing
    it) and why, as the exception that said so."""

    name: object
    why: BaseException | str


@dataclass(frozen=True)
class Group(Generic[T]):
    """What a group asks of its plugins: names matching ``name`` (``name_rule`` in words), not
    ``taken`` (``taken_by`` in words, "another plugin" is added), and ``accept`` turning the
    entry point and its loaded object into the group's entry (raising :class:`Refused` or any
    error to skip it)."""

    group: str
    name: re.Pattern[str]
    name_rule: str
    taken: Callable[[str], bool]
    taken_by: str
    accept: Callable[[Any, Any], T]


def read(group: Group[T]) -> tuple[dict[str, T], list[Skipped]]:
    """Every plugin of ``group`` that keeps the contract, by name, and the ones skipped; never
    raises (a broken installation's metadata is one skip too)."""
    found: dict[str, T] = {}
    skipped: list[Skipped] = []
    try:
        eps = list(entry_points(group=group.group))
    except Exception as err:  # broken installation metadata must not stop the game
        return found, [Skipped("entry points", err)]
    for ep in eps:
        name = getattr(ep, "name", None)
        try:
            if not isinstance(name, str) or not group.name.fullmatch(name):
                raise Refused(group.name_rule)
            if name in found or group.taken(name):
                raise Refused(f"the name is taken by {group.taken_by} or another plugin")
            found[name] = group.accept(ep, ep.load())
        except Exception as err:  # a plugin's failure is its own, never the game's
            skipped.append(Skipped(name, err))
    return found, skipped
