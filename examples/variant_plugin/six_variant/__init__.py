"""Козёл на шести: Козёл dealt six tiles each, to 61 — an example variant from outside domino-tui.

The whole variant is this module: the engine part (``VARIANT``, ``PRESETS``), and the words
part (``PRESENTER``, ``WORDS``). Install it (``pip install examples/variant_plugin``) and play
it with ``domino play --rules six`` or ``domino sim --rules six``.
"""

from __future__ import annotations

from domino_tui.engine.options import Rules
from domino_tui.engine.variants.kozel import Kozel
from domino_tui.i18n import Lang, tr
from domino_tui.variants.base import Presenter, PresetWords


class SixTiles(Kozel):
    """Козёл's rules (its scoring, the goat, the checks), with six tiles in every hand."""

    def __init__(self) -> None:
        super().__init__("six")

    def auto_hand(self, players: int) -> int:
        return 6


class SixWords(Presenter):
    """Козёл's words, and the transcript's header says how many tiles each holds."""

    presets = {"six": PresetWords("tx.variant.six", about="ng.about.six")}  # noqa: RUF012

    def header(self, rules: Rules, lang: Lang) -> list[str]:
        return [tr("vn.six.header", lang)]


VARIANT = SixTiles()
PRESETS = {"six": {"variant": "six", "hand_size": 0, "target": 61}}
PRESENTER = SixWords()
WORDS = {
    "en": {
        "tx.variant.six": "Six-tile goat",
        "ng.about.six": "Козёл dealt six tiles each, to 61.",
        "vn.six.header": "six tiles each",
    },
    "ru": {
        "tx.variant.six": "Козёл на шести",
        "ng.about.six": "Козёл, по шесть костей каждому, до 61.",
        "vn.six.header": "по шесть костей",
    },
}
