"""Arithmetic shared by the presenters whose sheet writes and wipes (морской, спортивное).

Apart from :mod:`.base` because it reads Козёл's marks from :mod:`..words.score`, which the
transcript imports: the presenters load when first asked, after the transcript."""

from __future__ import annotations

from ..engine.scoring import SideLine
from ..i18n import Lang, tr
from ..words.marks import WIPED_MARK


def written_sum(line: SideLine, lang: Lang) -> list[str]:
    """What was written and what was wiped: ``writes 31: 0 + 31 = 31``, ``✗28 wiped``."""
    before, after = line.before.written, line.after.written
    parts = []
    if line.round_points:
        n = line.round_points
        parts.append(tr("vs.writes", lang, n=n, before=before, after=before + n))
    if line.cleared:
        parts.append(tr("vs.wiped", lang, mark=WIPED_MARK, n=line.cleared, after=after))
    return parts or [tr("vs.stays", lang, after=after)]
