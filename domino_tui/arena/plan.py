"""What an arena run is: the bots, who sits where in each seat rotation, and every seed.

Duplicate deals: match ``g`` has one seed, and the seeded match deals the same sequence of
deals whatever is played, so replaying that seed once per seat rotation gives every bot every
seat with the same tiles. Luck of the deal then cancels out of the margins.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.rules import Rules

MAX_SEED = 2**64 - 1  # as for every --seed: what a record or a script can carry
MAX_GAMES = 1_000_000  # deal sequences; more is a run that never reports


class ArenaError(ValueError):
    """A run that cannot start or a bot that broke the rules; the message says which."""


@dataclass(frozen=True)
class ArenaConfig:
    bots: tuple[str, ...]  # as given on the command line, cycled over the seats
    games: int  # deal sequences; each is played once per distinct seat rotation
    rules: Rules
    seed: int = 0
    preset: str = "kozel"
    # seconds a decision; past it (or when a bot raises or breaks the rules) a stand-in moves
    bot_limit: float = 60.0  # bots.runner.BATCH_LIMIT

    def __post_init__(self) -> None:
        if not 1 <= self.games <= MAX_GAMES:
            raise ArenaError(f"--games must be 1 to {MAX_GAMES}, not {self.games}")
        if not 0 <= self.seed <= MAX_SEED:
            raise ArenaError(f"--seed must be 0 to 2^64-1, not {self.seed}")
        if not 0 < self.bot_limit <= 3600:  # NaN fails too
            raise ArenaError(f"a bot's time limit is up to 3600 seconds, not {self.bot_limit}")
        if len(self.bots) > self.rules.players:
            raise ArenaError(
                f"{len(self.bots)} bots for {self.rules.players} seats; "
                "give at most one bot per seat (names are cycled over the seats)"
            )
        if len(self.entries) < 2:
            raise ArenaError("the arena needs at least two different bots")

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The bot in each seat of the first rotation: names repeat around the table."""
        return tuple(self.bots[s % len(self.bots)] for s in range(self.rules.players))

    @property
    def rotations(self) -> tuple[tuple[str, ...], ...]:
        """Distinct seatings obtained by turning the table one seat at a time."""
        base = self.seat_names
        n = len(base)
        seen: list[tuple[str, ...]] = []
        for r in range(n):
            seating = tuple(base[(s + r) % n] for s in range(n))
            if seating not in seen:
                seen.append(seating)
        return tuple(seen)

    @property
    def entries(self) -> tuple[str, ...]:
        """Distinct bots in order of first appearance: one row of the result table each."""
        return tuple(dict.fromkeys(self.bots))

    @property
    def matches(self) -> int:
        return self.games * len(self.rotations)


def match_seed(seed: int, game: int) -> int:
    """The deal seed of match ``game``: a fixed mix, the same in every process."""
    return (seed * 1_000_003 + game * 7_919 + 12_345) % (1 << 31)


def bot_seed(seed: int, rotation: int, seat: int) -> int:
    return (seed * 31 + rotation) * 7 + seat
