"""``domino stats --coach``: each player's error rate over time, from the reviews kept beside
the records (issue 12, part 3), the same table the Stats screen shows, one per variant (the
most reviewed first); ``--json`` gives every point for scripts. Nothing is reviewed here: a
match counts once ``domino analyze`` or the app's Review has looked at it.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import typer

from ..text import clean
from ..words.names import preset_name
from .words import say

if TYPE_CHECKING:
    from ..coach.history import Series


def as_json(series: list[Series]) -> list[dict[str, Any]]:
    """One entry per variant and player; rates in points lost per counted decision."""
    return [
        {
            "variant": s.variant,
            "name": clean(s.name),
            "is_bot": s.is_bot,
            "reviewed": len(s.points),
            "last": round(s.points[-1].error_rate, 2),
            "mean": round(s.mean, 2),
            "rating": s.rating,
            "trend": s.trend,
            "points": [
                {
                    "finished": p.finished_at,
                    "error_rate": round(p.error_rate, 2),
                    "counted": p.counted,
                    "rating": p.rating,
                }
                for p in s.points
            ],
        }
        for s in series
    ]


def by_variant(series: list[Series]) -> list[tuple[str, list[Series]]]:
    """The series grouped by variant, the variant with the most reviewed matches first."""
    groups: dict[str, list[Series]] = {}
    for s in series:
        groups.setdefault(s.variant, []).append(s)
    return sorted(groups.items(), key=lambda kv: (-sum(len(s.points) for s in kv[1]), kv[0]))


def show_coach(as_json_out: bool, lang: str, only: str | None = None) -> None:
    """Print the error rates (of the variant ``only``, or of each); with none, how to get one."""
    from ..coach.history import history

    series = [s for s in history() if only in (None, s.variant)]
    if as_json_out:
        typer.echo(json.dumps(as_json(series), ensure_ascii=False, indent=1))
        return
    if not series:
        typer.echo(say("coach.empty", lang))
        return
    from rich.console import Console

    from ..words.error_rates import error_table

    console = Console()
    for variant, group in by_variant(series):
        title = say("coach.title_of", lang, variant=preset_name(variant, lang))
        console.print(error_table(group, lang, title))
