"""The player's hand at work: the cursor, choosing an end (two on a line, up to four on the
cross), a double laid closed, drawing, knocking and several doubles at once, by key or by
mouse. What the engine refuses is said in the player's language."""

from __future__ import annotations

from ...engine.actions import DRAW, KNOCK, Placement, encode
from ...engine.cross import CrossState
from ...play.turn_moves import closing_refusal, distinct_ends, several_moves, tile_codes
from ...words.strings import reason, t
from ...words.turn import refused
from ..widgets.chain import Chain
from ..widgets.hand import Hand
from ..widgets.seats import BoneyardPanel
from .curtain import Curtain
from .tutor import Tutor


class TurnInput(Tutor, Curtain):
    """Keys and clicks on the table; Enter first lifts the hot-seat curtain. Every move they
    make is committed through the tutor (:meth:`~.tutor.Tutor.commit`), which lays it at once
    unless tutor mode wants to look at it first."""

    def move_cursor(self, step: int) -> None:
        """On the player's turn ←/→ step through the tiles that can be played (a refusal is
        then never one key away); otherwise through the whole hand."""
        tiles = self.hand_tiles()
        playable = self.playable()
        if any(playable >> tile & 1 for tile in tiles):
            tiles = [tile for tile in tiles if playable >> tile & 1]
        if not tiles:
            return
        i = tiles.index(self.selected) if self.selected in tiles else -1
        self.selected = tiles[(i + step) % len(tiles)]
        self.clear_choice()
        self.message = ""
        self.refresh_table()

    def point(self, end: int) -> None:
        """An arrow while an end is being chosen: that end, if the tile may go there; else the
        engine's reason (G4: an end not open yet, or a number that does not match)."""
        if end in self.choices:
            self.choose_side = end
            self.message = ""
            self.refresh_table()
            return
        found = self.match.round.illegal_reason(self.tile_move(self.choosing, end))
        if found is not None:
            still = self.choosing_text(short=True)
            self.say(refused(reason(found, self.lang), still, self.lang))
            self.app.bell()

    def tile_move(self, tile: int, end: int) -> int:
        return encode((Placement(tile, end, self.closed),))

    def action_left(self) -> None:
        if self.choosing >= 0:
            self.point(0)
        else:
            self.move_cursor(-1)

    def action_right(self) -> None:
        if self.choosing >= 0:
            self.point(1)
        else:
            self.move_cursor(1)

    def action_up(self) -> None:
        if self.choosing >= 0 and isinstance(self.match.round, CrossState):
            self.point(2)

    def action_down(self) -> None:
        if self.choosing >= 0 and isinstance(self.match.round, CrossState):
            self.point(3)

    def action_cancel(self) -> None:
        if self.stop_tutor():
            return
        if self.choosing >= 0 or self.offer >= 0 or self.closed:
            self.clear_choice()
            self.message = ""
            self.refresh_table()

    def action_play(self) -> None:
        if self.curtain >= 0:
            self.lift_curtain()
            return
        if not self.my_turn():
            return
        if self.choosing >= 0:
            self.commit(self.choices[self.choose_side])
        elif self.offer >= 0:
            self.commit(self.offer)
        elif self.selected >= 0:
            self.play_tile(self.selected)

    def play_tile(self, tile: int) -> None:
        """Play ``tile`` (closed, if so marked): at once when it fits one end, else ask which
        end (never for a lead). Ends whose plays are the same move (L3: only the drawing
        differs, as when both ends of a line show one number) are not asked about: the tile
        goes to the shorter arm, which keeps the board balanced — except a double on the cross,
        whose picture differs by arm (:func:`~domino_tui.play.turn_moves.distinct_ends`)."""
        codes = tile_codes(self.match.legal_actions(), tile, self.closed)
        ends = distinct_ends(self.match.round, codes)
        if len(ends) == 1:
            self.commit(codes[ends[0]])
        elif ends:
            self.choosing, self.choices, self.choose_side = tile, codes, ends[0]
            self.offer = -1
            self.message = ""
            self.refresh_table()
        elif self.closed:
            self.refuse_closing(tile)
        else:
            self.refuse_code(tile * 2)

    def refuse_code(self, code: int) -> None:
        """Say in the player's language why the engine refuses ``code`` (a tile that fits
        neither end is refused once for both ends by the engine's own reason)."""
        found = self.match.round.illegal_reason(code)
        if found is not None:
            self.refuse(reason(found, self.lang))

    def refuse(self, why: str) -> None:
        """The reason, then what the player can do instead."""
        prompt = self.your_turn_text() if self.my_turn() else ""
        self.say(refused(why, prompt, self.lang))
        self.app.bell()

    def refuse_closing(self, tile: int) -> None:
        """G6: only a double closes, and only where the variant allows (after the spinner)."""
        rnd = self.match.round
        closes = isinstance(rnd, CrossState) and rnd.cfg.closed_doubles
        if closes and not rnd.geo.ts.is_double[tile]:
            self.refuse(t("tw.close_doubles_only", self.lang))
            return
        found = closing_refusal(rnd, tile)
        if found is not None:
            self.refuse(reason(found, self.lang))

    def try_action(self, code: int) -> None:
        if not self.my_turn():
            return
        if self.match.round.illegal_reason(code) is not None:
            self.refuse_code(code)
        else:
            self.commit(code)

    def action_draw(self) -> None:
        self.try_action(DRAW)

    def action_knock(self) -> None:
        self.try_action(KNOCK)

    def action_close(self) -> None:
        """G6: mark the tile being placed (or under the cursor) to go closed, face down; the
        key again lays it open. While an end is chosen, the ends offered follow the mark."""
        if not self.my_turn():
            return
        tile = self.choosing if self.choosing >= 0 else self.selected
        if tile < 0:
            return
        legal = self.match.legal_actions()
        if not tile_codes(legal, tile, not self.closed):
            if not self.closed:
                self.refuse_closing(tile)
            return
        self.closed = not self.closed
        self.offer = -1
        self.message = ""
        if self.choosing >= 0:
            self.choices = tile_codes(legal, tile, self.closed)
            if self.choose_side not in self.choices:
                self.choose_side = min(self.choices)
        self.refresh_table()

    def action_pair(self) -> None:
        """Several doubles at once (G7; K3.4's pair in Козёл): one such move is laid at once;
        with more, the key steps through them and Enter lays the one shown."""
        if not self.my_turn():
            return
        moves = several_moves(self.match.legal_actions())
        if len(moves) == 1:
            self.commit(moves[0])
        elif moves:
            i = moves.index(self.offer) + 1 if self.offer in moves else 0
            self.clear_choice()
            self.offer = moves[i % len(moves)]
            self.message = ""
            self.refresh_table()
        else:
            self.refuse(self.no_several_words())

    def no_several_words(self) -> str:
        """Why no several-doubles move is open: the rules lay one tile a turn, or the hand has
        no doubles for two open ends now."""
        rnd, rules = self.match.round, self.session.rules
        if isinstance(rnd, CrossState):
            if rnd.cfg.several <= 1 and not rnd.cfg.close_out:
                return t("tw.several_off", self.lang)
            return t("tw.several_none", self.lang)
        if not rules.double_pair:
            return t("pair_off", self.lang)
        return reason(("pair_needs_doubles", {}), self.lang)

    def on_hand_tile_clicked(self, event: Hand.TileClicked) -> None:
        if event.tile != self.selected:
            self.clear_choice()  # the end chosen and the closed mark were the other tile's
        elif self.my_turn():
            self.play_tile(event.tile)
            return
        self.selected = event.tile
        self.message = ""
        self.refresh_table()

    def on_chain_end_clicked(self, event: Chain.EndClicked) -> None:
        """A click on an end lays the tile being placed there, or the selected tile."""
        if not self.my_turn():
            return
        if self.choosing >= 0 and event.side in self.choices:
            self.commit(self.choices[event.side])
        elif self.choosing >= 0:
            self.point(event.side)
        elif self.selected >= 0 and self.match.round.placed:
            self.try_action(self.tile_move(self.selected, event.side))

    def on_boneyard_panel_clicked(self, _: BoneyardPanel.Clicked) -> None:
        self.action_draw()
