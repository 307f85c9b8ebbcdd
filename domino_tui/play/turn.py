"""The player's turn at the keys, with no UI toolkit: a key or a click and what the seat may see
go in, the next turn state and what to do with it come out.

The table's screen keeps one :class:`TurnState` (the tile under the cursor, the end being
chosen, the closed mark, the several-doubles move shown, the words on the status line, the
tiles drawn this turn) and hands every key to a :class:`TurnController` built from the seat's
:class:`~domino_tui.engine.view.SeatView`. The controller answers with an :class:`Outcome`: the
new state and an effect — a move to :class:`Commit` (the screen passes it through the tutor),
a :class:`Refuse` (words in the player's language and a bell), or nothing. It sees only what
the seat may see (K3.6): where the engine must be asked why a move is refused, a round is
rebuilt from the view with any guess of the hidden tiles, which change none of the answers.

Every rule here is a filter of the view's legal actions (:mod:`.turn_moves`) or an engine
reason; nothing decides a rule of the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property

from ..engine.actions import DRAW, KNOCK, Placement, encode, is_pair, pair_tiles
from ..engine.cross import CrossState
from ..engine.round import RoundState
from ..engine.tiles import TileSet, bits, tile_set
from ..engine.view import SeatView
from ..words.marks import ARROWS, END_ARROWS
from ..words.moves import MARKS, move_words
from ..words.strings import reason, t
from ..words.turn import addressed, after_draw, end_words, refused
from .turn_moves import (
    can_close,
    closing_refusal,
    distinct_ends,
    playable_tiles,
    several_moves,
    tile_codes,
)

KEYS = ("left", "right", "up", "down", "enter", "draw", "knock", "close", "pair", "cancel")


@dataclass(frozen=True)
class TurnState:
    """What the player has half-done this turn; -1 is "none" for a tile or a move."""

    selected: int = -1  # tile id under the cursor
    choosing: int = -1  # tile whose end is being chosen
    choices: tuple[tuple[int, int], ...] = ()  # while choosing: (end, move laying it there)
    choose_side: int = 0  # the end pointed at: 0-3, left, right, up, down
    closed: bool = False  # the tile is to be laid closed, face down (G6)
    offer: int = -1  # the several-doubles move shown for Enter (G7, K3.4)
    message: str = ""  # words on the status line in place of the usual prompt
    new_tiles: int = 0  # a bit per tile the player drew this turn

    @property
    def ends(self) -> dict[int, int]:
        """The ends offered while choosing: end → the move that lays the tile there."""
        return dict(self.choices)

    def cleared(self) -> TurnState:
        """A half-made move forgotten: the end being chosen, the closed mark, the offer."""
        return replace(self, choosing=-1, choices=(), closed=False, offer=-1)

    def hidden(self) -> TurnState:
        """No hand on screen: whatever named its tiles goes too (drawn marks, words, cursor)."""
        return TurnState()

    def moved_on(self, mine: bool) -> TurnState:
        """After a move that is not the player's draw: nothing half-made, no words; the tiles
        drawn stop being new once the player's own turn is over (``mine``)."""
        return replace(self.cleared(), message="", new_tiles=0 if mine else self.new_tiles)


def frozen_choices(codes: Mapping[int, int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(codes.items()))


@dataclass(frozen=True)
class Commit:
    """Lay this move (the screen sends it through the tutor first)."""

    code: int


@dataclass(frozen=True)
class Refuse:
    """Say ``words`` and ring the bell. ``why`` is the reason alone: a table that prompts in
    its own way (the lesson) words the rest itself; ``asking`` marks a refusal while an end is
    being chosen, whose words go on with the end question rather than the turn's prompt."""

    why: str
    words: str
    asking: bool = False


Effect = Commit | Refuse | None


@dataclass(frozen=True)
class Outcome:
    state: TurnState
    effect: Effect = None


def public_round(view: SeatView) -> RoundState:
    """A round state for asking the engine about this seat's moves, built from the view alone:
    the unseen tiles fill the other hands and the boneyard in order (any guess gives the same
    legal moves and reasons for the seat to move); tiles left over stay in the box."""
    pool = list(bits(view.unseen))
    hands: dict[int, int] = {}
    for seat, count in enumerate(view.counts):
        if seat != view.seat:
            taken, pool = pool[:count], pool[count:]
            hands[seat] = sum(1 << tile for tile in taken)
    return view.rebuild(hands, pool[: view.boneyard])


@dataclass(frozen=True)
class TurnController:
    """The keys' rules for one seat at one moment. ``my_turn``: this seat is to move and may
    (not behind a curtain, not while the last round is shown); ``name``: in hot-seat, the name
    the words address; ``arrows``: each end's arrow as the board draws it (0-3)."""

    view: SeatView
    lang: str
    my_turn: bool
    name: str = ""
    arrows: tuple[str, ...] = END_ARROWS

    # --- what the seat sees ----------------------------------------------------------------
    @cached_property
    def round(self) -> RoundState:
        return public_round(self.view)

    @property
    def legal(self) -> tuple[int, ...]:
        return self.view.legal if self.my_turn else ()

    @property
    def playable(self) -> int:
        """A bit per tile some legal move lays, on any end, open or closed, alone or together."""
        return playable_tiles(self.legal)

    @property
    def hand(self) -> list[int]:
        return list(bits(self.view.hand))

    @property
    def cross(self) -> bool:
        return bool(self.view.board)

    @property
    def ts(self) -> TileSet:
        return tile_set(self.view.rules.set_top)

    # --- keys ------------------------------------------------------------------------------
    def key(self, state: TurnState, key: str) -> Outcome:
        """One of :data:`KEYS` pressed (Enter after the screen has lifted any curtain)."""
        if key in ("left", "right"):
            if state.choosing >= 0:
                return self.point(state, 0 if key == "left" else 1)
            return self.step(state, -1 if key == "left" else 1)
        if key in ("up", "down"):  # only the cross has ends above and below (G3)
            if state.choosing >= 0 and self.cross:
                return self.point(state, 2 if key == "up" else 3)
            return Outcome(state)
        if key == "enter":
            return self.enter(state)
        if key == "draw":
            return self.try_action(state, DRAW)
        if key == "knock":
            return self.try_action(state, KNOCK)
        if key == "close":
            return self.close(state)
        if key == "pair":
            return self.pair(state)
        if key == "cancel":
            if state.choosing >= 0 or state.offer >= 0 or state.closed:
                return Outcome(replace(state.cleared(), message=""))
            return Outcome(state)
        raise ValueError(f"not a key of the turn: {key!r}")

    def step(self, state: TurnState, step: int) -> Outcome:
        """←/→: on the player's turn through the tiles that can be played (a refusal is then
        never one key away); otherwise, or when none can, through the whole hand."""
        tiles = self.hand
        playable = self.playable
        if any(playable >> tile & 1 for tile in tiles):
            tiles = [tile for tile in tiles if playable >> tile & 1]
        if not tiles:
            return Outcome(state)
        i = tiles.index(state.selected) if state.selected in tiles else -1
        selected = tiles[(i + step) % len(tiles)]
        return Outcome(replace(state.cleared(), selected=selected, message=""))

    def point(self, state: TurnState, end: int) -> Outcome:
        """An arrow while an end is being chosen: that end, if the tile may go there; else the
        engine's reason (G4: an end not open yet, or a number that does not match)."""
        ends = state.ends
        if end in ends:
            return Outcome(replace(state, choose_side=end, message=""))
        found = self.round.illegal_reason(tile_move(state.choosing, end, state.closed))
        if found is None:
            return Outcome(state)
        why = reason(found, self.lang)
        words = refused(why, self.choosing_words(state, short=True), self.lang)
        return Outcome(replace(state, message=words), Refuse(why, words, asking=True))

    def enter(self, state: TurnState) -> Outcome:
        """Enter lays the end chosen, else the several-doubles move shown, else the tile."""
        if not self.my_turn:
            return Outcome(state)
        if state.choosing >= 0:
            return Outcome(state, Commit(state.ends[state.choose_side]))
        if state.offer >= 0:
            return Outcome(state, Commit(state.offer))
        if state.selected >= 0:
            return self.play_tile(state, state.selected)
        return Outcome(state)

    def play_tile(self, state: TurnState, tile: int) -> Outcome:
        """Play ``tile`` (closed, if so marked): at once when it fits one end, else ask which
        end (never for a lead). Ends whose plays are the same move (L3: only the drawing
        differs, as when both ends of a line show one number) are not asked about: the tile
        goes to the shorter arm, which keeps the board balanced — except a double on the cross,
        whose picture differs by arm (:func:`~.turn_moves.distinct_ends`)."""
        codes = tile_codes(self.legal, tile, state.closed)
        ends = distinct_ends(self.round, codes) if codes else []
        if len(ends) == 1:
            return Outcome(state, Commit(codes[ends[0]]))
        if ends:
            asking = replace(
                state, choosing=tile, choices=frozen_choices(codes), choose_side=ends[0]
            )
            return Outcome(replace(asking, offer=-1, message=""))
        if state.closed:
            return self.refuse_closing(state, tile)
        return self.refuse_code(state, tile * 2)

    def try_action(self, state: TurnState, code: int) -> Outcome:
        """A move named outright (D, K, a click on an end): laid if the engine takes it, else
        its reason."""
        if not self.my_turn:
            return Outcome(state)
        if self.round.illegal_reason(code) is not None:
            return self.refuse_code(state, code)
        return Outcome(state, Commit(code))

    def close(self, state: TurnState) -> Outcome:
        """G6, C: mark the tile being placed (or under the cursor) to go closed, face down; the
        key again lays it open. While an end is chosen, the ends offered follow the mark."""
        if not self.my_turn:
            return Outcome(state)
        tile = state.choosing if state.choosing >= 0 else state.selected
        if tile < 0:
            return Outcome(state)
        if not tile_codes(self.legal, tile, not state.closed):
            return Outcome(state) if state.closed else self.refuse_closing(state, tile)
        marked = replace(state, closed=not state.closed, offer=-1, message="")
        if marked.choosing >= 0:
            codes = tile_codes(self.legal, tile, marked.closed)
            side = marked.choose_side if marked.choose_side in codes else min(codes)
            marked = replace(marked, choices=frozen_choices(codes), choose_side=side)
        return Outcome(marked)

    def pair(self, state: TurnState) -> Outcome:
        """P: several doubles at once (G7; K3.4's pair in Козёл): one such move is laid at
        once; with more, the key steps through them and Enter lays the one shown."""
        if not self.my_turn:
            return Outcome(state)
        moves = several_moves(self.legal)
        if len(moves) == 1:
            return Outcome(state, Commit(moves[0]))
        if moves:
            i = moves.index(state.offer) + 1 if state.offer in moves else 0
            return Outcome(replace(state.cleared(), offer=moves[i % len(moves)], message=""))
        return self.refuse(state, self.no_several_words())

    # --- clicks ----------------------------------------------------------------------------
    def click_tile(self, state: TurnState, tile: int) -> Outcome:
        """A click on a hand tile puts the cursor there; a second click plays it."""
        if not self.view.hand >> tile & 1:
            return Outcome(state)  # not a tile of this hand: nothing to point at
        if tile != state.selected:  # the end chosen and the closed mark were the other tile's
            return Outcome(replace(state.cleared(), selected=tile, message=""))
        if self.my_turn:
            return self.play_tile(state, tile)
        return Outcome(replace(state, message=""))

    def click_end(self, state: TurnState, side: int) -> Outcome:
        """A click on an end lays the tile being placed there, or the selected tile."""
        if not self.my_turn:
            return Outcome(state)
        ends = state.ends
        if state.choosing >= 0 and side in ends:
            return Outcome(state, Commit(ends[side]))
        if state.choosing >= 0:
            return self.point(state, side)
        if state.selected >= 0 and self.view.placed:
            return self.try_action(state, tile_move(state.selected, side, state.closed))
        return Outcome(state)

    def click_boneyard(self, state: TurnState) -> Outcome:
        return self.try_action(state, DRAW)

    # --- the turn around the keys ----------------------------------------------------------
    def show_hand(self, state: TurnState, same_viewer: bool = True) -> TurnState:
        """The hand comes on screen: the cursor stays where it was if that tile can be played,
        else goes to the first tile that can, else stays in the hand, else to its first tile.
        A different player's hand (``same_viewer`` False) starts with no cursor of theirs."""
        selected = state.selected if same_viewer else -1
        playable, hand = self.playable, self.view.hand
        if not (selected >= 0 and playable >> selected & 1):
            first = next(iter(bits(playable)), -1)
            if first >= 0:
                selected = first
            elif not (selected >= 0 and hand >> selected & 1):
                selected = next(iter(bits(hand)), -1)
        return replace(state, selected=selected)

    def drew(self, state: TurnState, tile: int) -> TurnState:
        """The player drew ``tile`` (K3.2): it is marked new, the cursor goes to it, and the
        words say what is open now (K3.3: draw again, knock, or play)."""
        words = after_draw(self.ts.name(tile), self.legal, self.lang)
        return replace(
            state.cleared(),
            selected=tile,
            new_tiles=state.new_tiles | 1 << tile,
            message=self.to_player(words),
        )

    # --- words -----------------------------------------------------------------------------
    def to_player(self, text: str) -> str:
        """In hot-seat a word for the player at the keyboard names them ("Alex, your turn:
        …"); against bots the one human is simply "you"."""
        return addressed(self.name, text, self.lang) if self.name else text

    def refuse(self, state: TurnState, why: str) -> Outcome:
        """The reason, then what the player can do instead."""
        words = self.refusal_words(why, state)
        return Outcome(replace(state, message=words), Refuse(why, words))

    def refusal_words(self, why: str, state: TurnState) -> str:
        prompt = self.your_turn_words(state) if self.my_turn else ""
        return refused(why, prompt, self.lang)

    def refuse_code(self, state: TurnState, code: int) -> Outcome:
        """Why the engine refuses ``code`` (a tile that fits neither end is refused once for
        both ends by the engine's own reason)."""
        found = self.round.illegal_reason(code)
        return Outcome(state) if found is None else self.refuse(state, reason(found, self.lang))

    def refuse_closing(self, state: TurnState, tile: int) -> Outcome:
        """G6: only a double closes, and only where the variant allows (after the spinner)."""
        rnd = self.round
        closes = isinstance(rnd, CrossState) and rnd.cfg.closed_doubles
        if closes and not rnd.geo.ts.is_double[tile]:
            return self.refuse(state, t("tw.close_doubles_only", self.lang))
        found = closing_refusal(rnd, tile)
        return Outcome(state) if found is None else self.refuse(state, reason(found, self.lang))

    def no_several_words(self) -> str:
        """Why no several-doubles move is open: the rules lay one tile a turn, or the hand has
        no doubles for two open ends now."""
        rnd = self.round
        if isinstance(rnd, CrossState):
            if rnd.cfg.several <= 1 and not rnd.cfg.close_out:
                return t("tw.several_off", self.lang)
            return t("tw.several_none", self.lang)
        if not self.view.rules.double_pair:
            return t("pair_off", self.lang)
        return reason(("pair_needs_doubles", {}), self.lang)

    def your_turn_words(self, state: TurnState) -> str:
        """The prompt of the player's turn: what is open now (lead with, draw, knock, a pair,
        several doubles, closing), or the tile marked closed and ready."""
        lang, legal = self.lang, list(self.view.legal)
        if legal == [DRAW]:
            return t("your_turn_draw", lang)
        if legal == [KNOCK]:
            return t("your_turn_knock", lang)
        ts = self.ts
        if not self.view.placed:
            lead = ", ".join(ts.name(c >> 1) for c in legal)
            if len(legal) < self.view.hand.bit_count():
                return f"{t('your_turn', lang)} {t('lead_with', lang, tiles=lead)}"
        text = t("your_turn", lang)
        if state.closed and state.selected >= 0:  # the closed mark replaces the other offers
            return text + " " + t("tw.closed_ready", lang, tile=ts.name(state.selected))
        several = several_moves(legal)
        if len(several) == 1 and is_pair(several[0]):
            a, b = pair_tiles(several[0])
            text += " " + t("pair_offer", lang, a=ts.name(a), b=ts.name(b))
        elif several:
            text += " " + t("tw.several_offer", lang)
        if can_close(legal):
            text += " " + t("tw.close_offer", lang)
        return text

    def choosing_words(self, state: TurnState, short: bool = False) -> str:
        """Which end the tile goes to (named with its number) and the keys that change it;
        ``short`` after a refusal, which takes half the status line."""
        lang = self.lang
        tile = self.ts.name(state.choosing)
        side = state.choose_side
        end = end_words(side, self.view.ends[side], lang, self.arrows)
        if state.closed:
            end += f" ({t('tw.closed', lang)})"
        offered = sorted(state.ends)
        arrows = "/".join(ARROWS[e] for e in offered)
        if short:
            return t("tw.choose_still", lang, end=end, arrows=arrows)
        if set(offered) <= {0, 1}:  # a line, or the cross before its arms open
            return t("tw.choose_end", lang, tile=tile, end=end)
        return t("tw.choose_cross", lang, tile=tile, end=end, arrows=arrows)

    def offer_words(self, state: TurnState) -> str:
        """The several-doubles move shown for Enter, and which of how many it is."""
        moves = several_moves(self.view.legal)
        n = moves.index(state.offer) + 1 if state.offer in moves else 1
        move = move_words(self.ts, state.offer, self.lang, MARKS)
        return t("tw.several_shown", self.lang, move=move, n=n, of=len(moves))


def tile_move(tile: int, end: int, closed: bool) -> int:
    """The code that lays ``tile`` at ``end``, face down if ``closed``."""
    return encode((Placement(tile, end, closed),))
