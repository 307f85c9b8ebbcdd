"""The player's hand at work: the cursor, choosing an end, drawing, knocking and the pair of
doubles, by key or by mouse. What the engine refuses is said in the player's language."""

from __future__ import annotations

from ...engine.actions import DRAW, KNOCK, PAIR_BASE
from ..strings import reason, t
from ..widgets.chain import Chain
from ..widgets.hand import Hand
from ..widgets.seats import BoneyardPanel
from .curtain import Curtain
from .turn_words import refused


class TurnInput(Curtain):
    """Keys and clicks on the table; Enter first lifts the hot-seat curtain."""

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
        self.message = ""
        self.refresh_table()

    def action_left(self) -> None:
        if self.choosing >= 0:
            self.choose_side = 0
            self.refresh_table()
        else:
            self.move_cursor(-1)

    def action_right(self) -> None:
        if self.choosing >= 0:
            self.choose_side = 1
            self.refresh_table()
        else:
            self.move_cursor(1)

    def action_cancel(self) -> None:
        if self.choosing >= 0:
            self.choosing = -1
            self.refresh_table()

    def action_play(self) -> None:
        if self.curtain >= 0:
            self.lift_curtain()
            return
        if not self.my_turn():
            return
        if self.choosing >= 0:
            self.perform(self.choosing * 2 + self.choose_side)
            return
        if self.selected < 0:
            return
        self.play_tile(self.selected)

    def play_tile(self, tile: int) -> None:
        """Play ``tile``: at once when it fits one end, else ask which end (never for a lead).
        When both ends show the same number the two plays are the same (L3: only the drawing
        differs), so nothing is asked: it goes to the shorter arm, which keeps the snake
        balanced on the board."""
        codes = [c for c in self.match.legal_actions() if 0 <= c < PAIR_BASE and c >> 1 == tile]
        rnd = self.match.round
        if len(codes) == 2 and rnd.left == rnd.right:
            left_arm = sum(1 for _, side, _ in rnd.placed if side == 0)
            right_arm = len(rnd.placed) - 1 - left_arm
            self.perform(tile * 2 + (0 if left_arm < right_arm else 1))
        elif len(codes) == 1:
            self.perform(codes[0])
        elif len(codes) == 2:
            self.choosing, self.choose_side = tile, 0
            self.message = ""
            self.refresh_table()
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

    def try_action(self, code: int) -> None:
        if not self.my_turn():
            return
        if self.match.round.illegal_reason(code) is not None:
            self.refuse_code(code)
        else:
            self.perform(code)

    def action_draw(self) -> None:
        self.try_action(DRAW)

    def action_knock(self) -> None:
        self.try_action(KNOCK)

    def action_pair(self) -> None:
        """K3.4: lay a double on each end in one turn, when the rules and the hand allow."""
        if not self.my_turn():
            return
        pairs = [c for c in self.match.legal_actions() if c >= PAIR_BASE]
        if pairs:
            self.perform(pairs[0])
        elif not self.session.rules.double_pair:
            self.refuse(t("pair_off", self.lang))
        else:
            self.refuse(reason(("pair_needs_doubles", {}), self.lang))

    def on_hand_tile_clicked(self, event: Hand.TileClicked) -> None:
        if self.choosing >= 0 and event.tile != self.choosing:
            self.choosing = -1
        if event.tile == self.selected and self.my_turn():
            self.play_tile(event.tile)
            return
        self.selected = event.tile
        self.message = ""
        self.refresh_table()

    def on_chain_end_clicked(self, event: Chain.EndClicked) -> None:
        """A click on an end lays the tile being placed there, or the selected tile."""
        if not self.my_turn():
            return
        if self.choosing >= 0:
            self.perform(self.choosing * 2 + event.side)
        elif self.selected >= 0 and self.match.round.placed:
            self.try_action(self.selected * 2 + event.side)

    def on_boneyard_panel_clicked(self, _: BoneyardPanel.Clicked) -> None:
        self.action_draw()
