"""The guided first game's script: two short hand-dealt rounds and the steps that walk a new
player through them (issue 9, part 7).

A lead, going out and a fish cannot all happen in one round, so the lesson plays two: in the
first the player leads 1-1 (K2.1), matches, chooses an end, draws and goes out while the bots
knock; in the second the player leads any tile as the winner (K2.2), and three knocks in a row
make a fish (K4.3). The score table is explained after each. Everything is fixed here (the
deals and the bots' moves), so the words of every step can name the tiles and sums they show;
``tests/app/test_learn.py`` plays the script through the engine and checks those sums.

Each :class:`Step` has the words to show (a catalog key ``learn.<words>``), the rule ids it
teaches, the bots' moves that happen as it opens, and what it waits for: the player's own move
in action notation, Enter to read on, or the round-end summary to be closed. In the words,
``{a}``/``{b}`` are the bots' names (``{b_gen}``: the second bot's name after «у», in the Russian
genitive); ``{tile}``, ``{end}`` … are the table's words. Russian speaks to the player as «Вы» and
tells the bots' moves in the present tense, so no verb has to agree with a name.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..engine.actions import is_play, parse_action
from ..engine.deal import Deal
from ..engine.match import Match
from ..engine.rules import Rules, make_rules
from ..engine.tiles import DOUBLE_SIX as TS
from ..words.strings import t
from .session import GameSession, Seat

NEXT = "next"  # Enter reads on
ROUND_END = "round_end"  # the round-end summary is open; closing it reads on

HAND_SIZE = 3  # a real deal is 7 (K1.3): a lesson of 7-tile hands would be three times as long
PLAYERS = 3
TARGET = 40  # the second round writes 48 for the bot who takes the fish


@dataclass(frozen=True)
class Step:
    """One thing the lesson says and the one thing it then waits for."""

    words: str  # key of the step's text: learn.<words>
    # rule ids of RULES.md it teaches, for the script's readers: the words show no ids, which
    # a player can use only on the Rules screen (issue 22)
    rules: tuple[str, ...] = ()
    bots: str = ""  # the bots' moves, in action notation, played as the step opens
    wait: str = NEXT  # NEXT, ROUND_END, or the player's move in action notation

    @property
    def move(self) -> int | None:
        """The player's move this step waits for, as an action code (None: no move)."""
        if self.wait in (NEXT, ROUND_END):
            return None
        return parse_action(self.wait)

    @property
    def bot_moves(self) -> tuple[int, ...]:
        return tuple(parse_action(word) for word in self.bots.split())


def hand(text: str) -> int:
    """A hand as a bit mask from text ("1-1 3-4")."""
    mask = 0
    for word in text.split():
        mask |= 1 << TS.parse(word)
    return mask


def lesson_deal(hands: tuple[str, str, str], boneyard: str) -> Deal:
    """A deal of three short hands and a boneyard of a few tiles (drawn in the order written);
    the other tiles stay in the box, so the boneyard runs out within the lesson (K3.3)."""
    drawn = [TS.parse(word) for word in boneyard.split()]
    return Deal(tuple(hand(h) for h in hands), tuple(reversed(drawn)), 0)


# seat 0 is the player, 1 and 2 the bots ({a} and {b} in the words: the Russian words agree
# with a boy's and a girl's name), in turn order K1.2
ROUND_ONE = lesson_deal(("1-1 3-4 0-2", "1-3 4-5 3-6", "1-4 5-5 6-6"), "2-5")
ROUND_TWO = lesson_deal(("3-6 2-6 4-4", "1-3 4-5 3-5", "0-3 0-4"), "3-4")

STEPS: tuple[Step, ...] = (
    Step("welcome", ("K1.2", "K1.3")),
    Step("aim", ("K5.1", "K9")),
    Step("lead", ("K2.1",), wait="1-1"),
    Step("match", ("L2", "L3"), bots="1-3R 1-4L", wait="3-4R"),
    Step("draw", ("L4", "K3.2"), bots="4-5R 5-5R", wait="draw"),
    Step("drawn", ("K3.2",), wait="2-5R"),
    Step("go_out", ("K3.3", "K4.1"), bots="knock knock", wait="0-2R"),
    Step("counted", ("K5.1", "K7.1", "K7.4"), wait=ROUND_END),
    Step("table", ("K11", "K7.2")),
    Step("lead_any", ("K2.2",), wait="3-6"),
    Step("bot_draws", ("K3.2", "K3.3"), bots="1-3L draw knock", wait="2-6R"),
    Step("knock", ("K4.3",), bots="knock knock", wait="knock"),
    Step("fish", ("K4.3", "K8.2"), wait=ROUND_END),
    Step("fish_table", ("K11", "K8.2", "K7.2")),
    Step("goat", ("K9",)),
)


def longest_line() -> int:
    """The longest line the lesson lays in a round: the board's style is chosen for it (the
    table's usual guess, every tile of the set, would shrink the tiles for nothing)."""
    longest = count = 0
    for step in STEPS:
        moves = [*step.bot_moves, *([step.move] if step.move is not None else [])]
        count += sum(1 for code in moves if is_play(code))
        if step.wait == ROUND_END:
            count = 0
        longest = max(longest, count)
    return longest


def lesson_rules() -> Rules:
    """Козёл's default rules, but three players with three tiles each (K1.3's hand_size) and
    a target of 40 (K9's option): the second round's fish makes a goat, so the match is over
    when the lesson is, the table keeps the last round's board in view and the score table
    shows a goat."""
    return make_rules({"players": PLAYERS, "hand_size": HAND_SIZE, "target": TARGET})


def deals() -> Iterator[Deal]:
    yield ROUND_ONE
    yield ROUND_TWO


def lesson_session(lang: str) -> GameSession:
    """The lesson's table: the player at seat 0, two bots (their moves come from the script),
    a hand-dealt match. It is never given to the app's saves, so it leaves no trace."""
    rules = lesson_rules()
    seats = (
        Seat(t("you", lang)),
        Seat(t("learn.bot_a", lang), "bot", "easy"),
        Seat(t("learn.bot_b", lang), "bot", "easy"),
    )
    match = Match(rules, 0, deals=deals())
    session = GameSession(rules, seats, 0, match=match, lang=lang, pace="instant")
    session.tutor = True  # the guided game has the tutor on (see screens/learn.py on its part)
    return session
