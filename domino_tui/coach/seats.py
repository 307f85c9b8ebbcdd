"""Whose decisions a review covers when nobody is named: one rule for ``domino analyze``, the
app's Review and the error-rate history, so that all three find the same kept review (the
cache is keyed by the seats reviewed)."""

from __future__ import annotations

from collections.abc import Sequence

from ..storage.meta import Seat


def default_seats(seats: Sequence[Seat]) -> tuple[int, ...]:
    """The human seats; every seat when none is human (a match of bots is reviewed whole)."""
    humans = tuple(i for i, seat in enumerate(seats) if not seat.is_bot)
    return humans or tuple(range(len(seats)))
