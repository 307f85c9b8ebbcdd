"""What the table's workers send back to the game screen: Textual messages, posted from the
worker's thread (``post_message`` is thread-safe) and handled on the screen's own thread, where
the :class:`~domino_tui.play.table.TableSession` is asked to lay them. Each carries the screen's
``token`` from when it was asked, so an answer for a position that has moved on is dropped.
"""

from __future__ import annotations

from textual.message import Message

from ...play.table import BotMove, TutorAnswer
from ...play.table import HintReady as HintAnswer


class BotMoved(Message):
    """A bot decided (or a stand-in for it) and its pace was waited out."""

    def __init__(self, move: BotMove, token: int) -> None:
        super().__init__()
        self.move = move
        self.token = token


class HintReady(Message):
    """The hint's search answered (or did not in time: ``answer.late``)."""

    def __init__(self, answer: HintAnswer, token: int) -> None:
        super().__init__()
        self.answer = answer
        self.token = token


class TutorAnswered(Message):
    """The tutor looked at the move the player chose."""

    def __init__(self, answer: TutorAnswer, token: int) -> None:
        super().__init__()
        self.answer = answer
        self.token = token
