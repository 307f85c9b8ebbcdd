"""The marks a player reads beside the words, in one place: the ends' arrows, a closed
double, the score sheet's marks. They are the same in every language (no catalog holds them),
and the key under each sheet (``words.score.legend_line``) says in words what each means, so
a mark never carries a meaning alone."""

from __future__ import annotations

# the ends 0-3 (left, right, up, down) on the cross (G4) and in a move's words ("3-3 ↑")
ARROWS = ("←", "→", "↑", "↓")
# the ends 0-3 on the table's end marks and the status line, where nothing turns
END_ARROWS = ("◀", "▶", "▲", "▼")
CLOSED_MARK = "×"  # a double laid face down, closing its end (G6)
FISH_MARK = "🐟"  # the round ended in a fish (K5)
GOAT_MARK = "🐐"  # the goat (K9)
OUT_MARK = "★"  # went out
WIPED_MARK = "✗"  # a score wiped (K7)
