"""The player's hand at work: the cursor, choosing an end, drawing, knocking and the pair of
doubles, by key or by mouse. What the engine refuses is said in the player's language."""

from __future__ import annotations

from ...engine.actions import DRAW, KNOCK, PAIR_BASE
from ..strings import reason, t
from ..widgets.chain import Chain
from ..widgets.hand import Hand
from ..widgets.seats import BoneyardPanel
from .curtain import Curtain


class TurnInput(Curtain):
    """Keys and clicks on the table; Enter first lifts the hot-seat curtain."""

    def move_cursor(self, step: int) -> None:
        tiles = self.hand_tiles()
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
        """Play ``tile``: at once when it fits one end, else ask which end (never for a lead)."""
        codes = [c for c in self.match.legal_actions() if 0 <= c < PAIR_BASE and c >> 1 == tile]
        if len(codes) == 1:
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
        self.say(t("illegal", self.lang, reason=why))
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
        if self.choosing >= 0 and self.my_turn():
            self.perform(self.choosing * 2 + event.side)

    def on_boneyard_panel_clicked(self, _: BoneyardPanel.Clicked) -> None:
        self.action_draw()
