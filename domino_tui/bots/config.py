"""How much and how a flat search values the moves: one frozen value for the hint, the review,
the tutor and every level of the PIMC bot, instead of a dozen loose parameters written out at
each call (they drifted apart once: a preset is easier to compare than three signatures).

A config is either a number of ``playouts`` per decision, shared among the distinct moves, or a
fixed number of guessed deals per move (``samples``); ``most`` caps the guessed deals (a hint must
answer at once), 0 leaves them uncapped. ``policy`` picks the playouts' default policy; ``solve``
(tiles) solves a guessed deal exactly once at most that many tiles are left in the hands and the
boneyard (:mod:`.endgame`, 0: never), ``finish`` (tiles) lets every playout hand over to that
exact search once so many tiles are left, ``nodes`` bounds one solve and ``pool`` all the solves
of a decision (0: ten solves' worth), ``chance`` makes the exact search average over what a draw
brings instead of reading the guessed order, ``prune`` stops valuing a move once it is clearly
behind; ``weigh`` weighs the guessed deals by the other seats' choices (:mod:`.opponent`),
``exact`` deals them exactly uniformly among the deals the belief model allows
(:class:`.sampler.Sampler`). With three or four sides the exact search starts at most ``maxn``
tiles from the end (max-n, every seat for itself, prunes nothing: the horizon costs ~2× per
tile), or, with ``paranoid``, as the bot's side against all the others (alpha-beta);
``beta`` is the play model's preference for heavy tiles (:data:`BETA`), ``partner`` (pairs) its
weight, in the exponent, for a partner's play that leaves this seat an end it can answer (0: a
partner is read like anyone else), ``keep`` its weight for each of the player's other tiles that
answer the ends a play leaves (0: not read), ``double`` its bonus, in the exponent, for a double;
``time_ms``
caps the wall clock (0: no cap, which the arena sets so that a seed fixes every decision).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace

from .endgame import MAX_N_TILES, SOLVE_NODES
from .rollout import POLICIES

# the play model's weight per pip (:mod:`.opponent`), here so that the first frame, which reads
# the levels' configs, need not load the model: a 6-pip heavier fitting tile is chosen ~4.5
# times as often
BETA = 0.25

PLAYOUTS = 600  # per decision, shared among the moves
MIN_GUESSES = 24  # a decision's guessed deals at least, whatever the budget or the clock


@dataclass(frozen=True)
class SearchConfig:
    """One flat search's budget and machinery (the module's docstring names every field)."""

    playouts: int = PLAYOUTS
    samples: int = 0
    most: int = 0
    policy: str = "heavy"
    solve: int = 0
    nodes: int = SOLVE_NODES
    time_ms: int = 0
    weigh: bool = False
    finish: int = 0
    pool: int = 0
    chance: bool = False
    prune: bool = False
    exact: bool = False
    maxn: int = MAX_N_TILES
    paranoid: bool = False
    beta: float = BETA
    partner: float = 0.0
    keep: float = 0.0
    double: float = 0.0

    def __post_init__(self) -> None:
        if self.policy not in POLICIES:
            choices = ", ".join(POLICIES)
            raise ValueError(f"unknown policy {self.policy!r}; choose one of: {choices}")

    def guesses(self, moves: int) -> int:
        """Guessed deals for a decision with ``moves`` distinct moves (before the clock)."""
        wanted = self.samples or self.playouts // max(1, moves)
        if self.most:
            wanted = min(wanted, self.most)
        return max(MIN_GUESSES, wanted)

    def with_clock(self, time_ms: int) -> SearchConfig:
        return replace(self, time_ms=time_ms)

    def spec(self) -> str:
        """The fields that differ from the defaults, as a bot name's options (``samples=60,…``),
        in the fields' order: ``"pimc:" + spec`` makes this config again."""
        default = asdict(SearchConfig())
        parts = []
        for f in fields(self):
            value = getattr(self, f.name)
            if value != default[f.name]:
                shown = str(value).lower() if isinstance(value, bool) else str(value)
                parts.append(f"{f.name}={shown}")
        return ",".join(parts)


# issue 13: guessed deals with the round's end solved exactly (docs/bots.md, "Levels"). Issue 26
# tried the master's 18-tile end here (solve=18, nodes=20000, pool=36000): against the outside
# engines it gained +1.0 a hand on one seed and nothing clear on another, so it was not kept
# (in four players it plays exactly as this one); docs/bots.md "A deeper hard, tried". What
# hard lacked with four seats was opponents who block in its playouts and guesses weighed by
# their plays, the two together (against three counter, 400 matches of seed 4401: +0.33 →
# +1.52 a round; in pairs +1.59 → +4.81; two players +2.71 over the old hard): docs/bots.md
# "Hard with four seats"
HARD = SearchConfig(samples=60, policy="smart", solve=14, nodes=5000, time_ms=400, weigh=True)
MASTER = SearchConfig(
    samples=100,
    policy="smart",
    solve=18,
    nodes=20000,
    pool=36000,
    weigh=True,
    prune=True,
    exact=True,  # the four-player game's constrained tiles (benchmarks/bots_diagnose.py, 1)
    # three or four sides: one against all from 18 tiles out (+1.21 → +2.40 a round against
    # three hard, 200 matches of seed 9026; docs/bots.md "Four players and pairs")
    maxn=18,
    paranoid=True,
    time_ms=1500,
)
