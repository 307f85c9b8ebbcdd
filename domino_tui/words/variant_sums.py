"""A side's change of score told as arithmetic, for the variants that keep their own sheet.

Козёл's words (remembered ``+N``, opening at 13, wiped) are in :mod:`.score`; a variant
that writes differently (морской V1, телефон V3, генерал V4, спортивное V6) says through its
presenter (``variants``) how each side got from its score before the round to its score
after it. What the whole round did (L, «на сто», the fish, the bonus) is said once by
:func:`.variant.round_notes`; these lines are per side.
"""

from __future__ import annotations

from ..engine.match import RoundResult
from ..engine.rules import Rules
from ..engine.scoring import SideLine
from ..i18n import Lang
from ..variants import presenter_of


def has_own_sum(rules: Rules) -> bool:
    """Whether the variant's score changes are told here rather than in Козёл's words."""
    return presenter_of(rules).own_sum


def variant_sum(rules: Rules, result: RoundResult, line: SideLine, lang: Lang) -> str:
    """One side's change of score in the variant's own arithmetic."""
    return " · ".join(presenter_of(rules).side_sum(rules, result, line, lang))
