"""Table talk, yard style (issue 25 part 5): canned calls both languages know, and a few
emotes — sent by id, never as free text, so nothing a stranger types reaches another table.

Each call's words are the catalog's ``talk.<id>`` (Russian calls stay Russian in the Russian
UI, as the yard says them); a table that receives an id it does not know drops it.
"""

from __future__ import annotations

CALLS: tuple[str, ...] = ("fish", "going", "pass", "good_move", "wow")  # «Рыба!», «Еду!» …
EMOTES: tuple[str, ...] = ("smile", "laugh", "thumbs_up", "facepalm")
ALL: tuple[str, ...] = CALLS + EMOTES
RATE = 0.5  # calls a second a seat may make, on average …
BURST = 3  # … after this many at once


def is_call(call: object) -> bool:
    return isinstance(call, str) and call in ALL


def words(call: str, lang: str) -> str:
    """The call as a table shows it: ``talk.fish`` → «Рыба!»."""
    from ..i18n import tr

    return tr(f"talk.{call}", lang)
