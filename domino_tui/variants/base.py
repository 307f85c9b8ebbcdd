"""What every variant's presenter provides: its round-end words, its per-side sums, how its
match ended, and what its header adds. The defaults are Козёл's: nothing beyond Козёл's own
words (:mod:`..words.score`, :mod:`..words.transcript`), so a variant overrides only what it says.

A presenter reads the engine's records (``RoundResult.notes``, the sheet's ``SideLine``) and
the catalog; it never changes them. It lives in the words layer: Textual-free, above the
engine, the bots and the storage (lint-imports keeps it so).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, cast

from rich.table import Table

from ..engine.match import Match, RoundResult
from ..engine.rules import Rules
from ..engine.scoring import SideLine
from ..i18n import Lang, tr

N = TypeVar("N")


@dataclass(frozen=True)
class PresetWords:
    """How one ``--rules`` preset is named, as catalog keys its presenter declares: the full
    name (transcripts, saves, statistics), the short one for narrow columns, the New game
    dialog's label and its line about the game; "" for none (the full name serves, and no
    line is shown)."""

    full: str
    short: str = ""
    about: str = ""
    label: str = ""


@dataclass(frozen=True)
class EndWords:
    """How one way of ending a match is told: the catalog key, whose sides it names (the
    winners, the goats, or nobody) and what its number ``n`` counts: the target, the rounds
    played (the ``rounds:N`` limit, or every round), or the rounds a pair may lose."""

    key: str
    whose: Literal["winners", "goats", ""] = ""
    n: Literal["target", "rounds", "losses"] = "target"


@dataclass(frozen=True)
class Told:
    """One finished round as its words need it: the rules, the result (its ``notes`` are the
    variant's own sheet), the seats' and sides' names and the language. One object for every
    presenter's :meth:`Presenter.round_notes` instead of six arguments repeated by each."""

    rules: Rules
    result: RoundResult
    names: Sequence[str]
    sides: Sequence[str]
    lang: Lang

    @property
    def notes(self) -> dict[str, Any]:
        return self.result.notes or {}

    def notes_as(self, kind: type[N]) -> N:
        """The round's notes as the variant's own ``Notes`` type."""
        return notes_as(kind, self.result)


def notes_as(kind: type[N], result: RoundResult) -> N:
    """A round's notes as its variant's ``Notes`` (a TypedDict in the engine's variant module).
    A record read from disk holds them as a plain JSON object; an older record may lack a key,
    so the words read them with ``.get``."""
    return cast(N, result.notes or {})


class Presenter:
    """Козёл's presentation: no notes, Козёл's sums, the goat says how the match ended."""

    # the variant's Notes (the TypedDict its engine module writes into RoundResult.notes), or
    # None for none: a key it does not declare is printed raw ("key: value") and a test flags it
    notes_type: Any = None
    # how the match ended (the last round's notes["ended"], one of the variant's end reasons)
    ends: Mapping[str, EndWords] = {}
    # the variant's own rules page (locale/<lang>/variants/<page>.md), or "" for none
    page = ""
    # the catalog key of the final table's score column (Генерал counts rounds lost)
    score_heading = "score"
    # the words of the variant's --rules presets, by preset
    presets: Mapping[str, PresetWords] = {}

    @property
    def handled(self) -> frozenset[str]:
        """The notes keys this presenter reads: its ``notes_type``'s."""
        kind = self.notes_type
        if kind is None:
            return frozenset()
        return frozenset(kind.__required_keys__ | kind.__optional_keys__)

    def header(self, rules: Rules, lang: Lang) -> list[str]:
        """What the transcript's header adds (how the match ends, when not by a target or a
        number of rounds)."""
        return []

    def round_notes(self, told: Told) -> list[str]:
        """The lines of the variant's own score sheet for one round (beyond Козёл's table)."""
        return []

    @property
    def own_sum(self) -> bool:
        """Whether a side's change of score is told by :meth:`side_sum` rather than Козёл's
        words (remembered ``+N``, opening, wiped)."""
        return type(self).side_sum is not Presenter.side_sum

    def side_sum(self, rules: Rules, result: RoundResult, line: SideLine, lang: Lang) -> list[str]:
        """One side's change of score in the variant's own arithmetic (only when
        :attr:`own_sum`)."""
        raise NotImplementedError

    @property
    def own_sheet(self) -> bool:
        """Whether the variant keeps its own score sheet (:meth:`sheet_rows`) rather than
        Козёл's remembered ``+N`` and written scores (K11)."""
        return type(self).sheet_rows is not Presenter.sheet_rows

    def sheet_rows(
        self, rules: Rules, results: Sequence[RoundResult], table: Table, lang: Lang
    ) -> None:
        """Add each round's rows to the variant's own sheet (only when :attr:`own_sheet`)."""
        raise NotImplementedError

    def label_marks(self, result: RoundResult) -> str:
        """Marks after the round's number in Козёл's sheet (осёл's close-out, чечевэ's finish
        with 6-6 or 0-0), for a variant that keeps Козёл's sheet."""
        return ""

    def goat_reason(self, rules: Rules, result: RoundResult, side: int, lang: Lang) -> str:
        """Why ``side`` is a goat of ``result`` when its score does not say it (чечевэ's 0-0);
        "" when the score does."""
        return ""

    def final_mark(self, match: Match, side: int, lang: Lang) -> str:
        """What the final table writes beside a side's score (Генерал's generals), or ""."""
        return ""

    def now(self, match: Match, lang: Lang) -> list[str]:
        """What the sheet's border says about the round in play (a Морской try), if anything."""
        return []

    def match_end(self, rules: Rules, lang: Lang) -> str:
        """What the own sheet's border says ends the match when no number of rounds does."""
        return tr("sc.cap.target", lang, n=rules.target)

    def ended(self, match: Match, sides: Sequence[str], lang: Lang) -> str | None:
        """How the match ended, from the last round's notes; None when the goat says it all."""
        assert match.outcome is not None and match.results
        ended = (match.results[-1].notes or {}).get("ended")
        words = self.ends.get(ended) if isinstance(ended, str) else None
        if words is None or not isinstance(ended, str):
            return None
        outcome = match.outcome
        who = outcome.winners if words.whose == "winners" else ()
        if words.whose == "goats":
            who = outcome.goats
        side = ", ".join(sides[s] for s in who)
        return tr(words.key, lang, side=side, **self.end_numbers(match, ended))

    def end_numbers(self, match: Match, ended: str) -> dict[str, object]:
        """The numbers the end's words take: ``n`` (what its :class:`EndWords` counts) and
        ``min`` (:meth:`least`)."""
        rules = match.rules
        counts = self.ends[ended].n
        n = rules.target
        if counts == "rounds":
            n = rules.rounds_limit or len(match.results)
        elif counts == "losses":
            n = int(rules.opt("losses"))
        return {"n": n, "min": self.least(rules)}

    def least(self, rules: Rules) -> int:
        """The least sum its sheet writes (Морской's ``write_min``, V1.8.2), for the words of
        its sheet's key and its ends; 0 when any sum is written."""
        return 0


def at(values: Sequence[int] | None, side: int) -> int:
    """A per-side note's value for ``side`` (0 when the note is missing or short)."""
    return int(values[side]) if values and side < len(values) else 0


def per_side(values: Sequence[int], sides: Sequence[str]) -> str:
    """``Side A 3, Side B 1``: a per-side note in words."""
    return ", ".join(f"{name} {v}" for name, v in zip(sides, values, strict=False))
