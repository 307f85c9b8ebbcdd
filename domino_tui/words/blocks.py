"""Eighth blocks (``▁`` … ``█``): eight levels per character cell, in every plain terminal font.

The rating chart (a widget) and the error-rate sparkline (printed by ``domino stats --coach``
too) draw with the same blocks and the same sampling; they live here, below the UI, so the CLI
can print a sparkline without loading Textual.
"""

from __future__ import annotations

from collections.abc import Sequence

EIGHTHS = " ▁▂▃▄▅▆▇█"


def buckets(values: Sequence[int], columns: int) -> list[int]:
    """At most ``columns`` values: the last of each of ``columns`` equal runs, in order."""
    if len(values) <= columns:
        return list(values)
    return [values[((i + 1) * len(values)) // columns - 1] for i in range(columns)]
