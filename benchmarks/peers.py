"""Random-playout throughput of peer domino engines, for a side-by-side benchmark.

The peers are optional (``pip install domino-tui[peers]``): abw333's ``dominoes``
and OpenSpiel's pure-Python ``python_team_dominoes`` / ``python_block_dominoes``.
Each ``bench_*`` function returns ``None`` (with a note on stderr) when its peer is
missing, so the benchmark table degrades instead of crashing.

Every engine is driven through the same harness so the numbers are comparable:

* playouts: from a fresh deal (dealing is inside the timed loop for every
  engine), play uniformly random legal moves from a seeded ``random.Random``
  until the hand ends; count hands and moves (passes are implicit in all three
  engines and are not counted as moves);
* ``legal_us``: µs per legal-move generation, over a pool of mid-game states;
* ``copy_us``: µs per full state copy, over the same pool.

Run ``python peers.py`` from ``benchmarks/`` to print a plain table.
"""

from __future__ import annotations

import contextlib
import copy
import importlib.metadata
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

DEFAULT_SECONDS = 2.0
POOL_SIZE = 300
MIN_REPEATS = 3
MAX_REPEATS = 200

TEAM_SHAPE = "4p teams, 28 dealt 7 each, no boneyard"
OPENSPIEL_SHAPES = {
    "python_team_dominoes": TEAM_SHAPE,
    "python_block_dominoes": "2p, 7 each, 14 in boneyard (never drawn)",
}


@dataclass(frozen=True)
class _Adapter:
    """The handful of engine operations the harness needs, so one loop fits all."""

    new_round: Callable[[random.Random], Any]
    legal: Callable[[Any], Sequence[Any]]
    apply: Callable[[Any, Any], None]
    is_over: Callable[[Any], bool]
    clone: Callable[[Any], Any]
    time_legal: Callable[[Any], object]
    """Legal-move generation as timed for ``legal_us`` (may differ from ``legal``)."""


def _note(message: str) -> None:
    """Explain on stderr why a peer is skipped, keeping stdout a clean table."""
    print(f"peers: {message}", file=sys.stderr)


def _version(dist: str) -> str:
    """Installed distribution version, for labelling rows unambiguously."""
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "?"


@contextlib.contextmanager
def _seeded_global_random(seed: int) -> Iterator[None]:
    """Seed the module-level ``random`` for abw333's deal, then restore it.

    ``dominoes.Game.new()`` shuffles with the global ``random`` and takes no RNG,
    so this is the only way to make its deals reproducible without leaking state.
    """
    saved = random.getstate()
    random.seed(seed)
    try:
        yield
    finally:
        random.setstate(saved)


def _playouts(adapter: _Adapter, seconds: float, rng: random.Random) -> tuple[int, int, float]:
    """Play random hands until ``seconds`` elapse; return (rounds, moves, elapsed)."""
    new_round, legal, apply, is_over = (
        adapter.new_round,
        adapter.legal,
        adapter.apply,
        adapter.is_over,
    )
    choice = rng.choice
    rounds = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = new_round(rng)
        while not is_over(state):
            apply(state, choice(legal(state)))
            moves += 1
        rounds += 1
    return rounds, moves, time.perf_counter() - start


def _mid_game_pool(adapter: _Adapter, rng: random.Random) -> list[Any]:
    """Collect ``POOL_SIZE`` live states after at least one tile is down.

    Kept out of the timed playouts so copying them doesn't skew throughput. One
    state per hand at a uniformly random ply spreads the pool over the game.
    """
    pool: list[Any] = []
    while len(pool) < POOL_SIZE:
        state = adapter.new_round(rng)
        trail: list[Any] = []
        while not adapter.is_over(state):
            adapter.apply(state, rng.choice(adapter.legal(state)))
            if not adapter.is_over(state):
                trail.append(adapter.clone(state))
        if trail:
            pool.append(rng.choice(trail))
    return pool


def _median_us(states: Sequence[Any], call: Callable[[Any], object], seconds: float) -> float:
    """Median over repeated passes of the mean µs per ``call(state)``.

    A median of per-pass means shrugs off GC pauses and scheduler noise; the
    number of passes is bounded by ``seconds`` (but at least ``MIN_REPEATS``).
    """
    samples: list[float] = []
    deadline = time.perf_counter() + seconds
    while len(samples) < MAX_REPEATS and (
        len(samples) < MIN_REPEATS or time.perf_counter() < deadline
    ):
        start = time.perf_counter()
        for state in states:
            call(state)
        samples.append((time.perf_counter() - start) / len(states) * 1e6)
    return statistics.median(samples)


def _run(engine: str, shape: str, adapter: _Adapter, seconds: float, seed: int) -> dict[str, Any]:
    """Time playouts, then legal-move generation and copies on a mid-game pool."""
    rounds, moves, elapsed = _playouts(adapter, seconds, random.Random(seed))
    pool = _mid_game_pool(adapter, random.Random(seed + 1))
    return {
        "engine": engine,
        "shape": shape,
        "rounds_per_s": rounds / elapsed,
        "moves_per_s": moves / elapsed,
        "legal_us": _median_us(pool, adapter.time_legal, seconds),
        "copy_us": _median_us(pool, adapter.clone, seconds),
        "rounds": rounds,
    }


def bench_abw333(seconds: float = DEFAULT_SECONDS, seed: int = 0) -> dict[str, Any] | None:
    """Benchmark abw333's ``dominoes`` (4 players, all 28 dealt, 7 each).

    ``Game.valid_moves`` is an attribute precomputed inside ``make_move``, so
    timing a read of it would measure nothing; ``legal_us`` instead times
    ``_update_valid_moves()``, the routine that actually generates the moves.
    Copies use the library's own ``__deepcopy__`` via ``copy.deepcopy``.
    """
    try:
        import dominoes
    except ImportError:
        _note("abw333 `dominoes` not installed (pip install dominoes); skipping")
        return None

    adapter = _Adapter(
        new_round=lambda _rng: dominoes.Game.new(),
        legal=lambda game: game.valid_moves,
        apply=lambda game, move: game.make_move(*move),
        is_over=lambda game: game.result is not None,
        clone=copy.deepcopy,
        time_legal=lambda game: game._update_valid_moves(),
    )
    with _seeded_global_random(seed):
        return _run(f"abw333 dominoes {_version('dominoes')}", TEAM_SHAPE, adapter, seconds, seed)


def bench_openspiel(
    game_name: str, seconds: float = DEFAULT_SECONDS, seed: int = 0
) -> dict[str, Any] | None:
    """Benchmark an OpenSpiel Python dominoes game through the ``pyspiel`` API.

    The Python games only exist in pyspiel's registry once their modules are
    imported, hence the explicit imports. The deal is 28 (team) or 14 (block)
    chance nodes, each resolved by a uniform pick among ``chance_outcomes()``.
    ``legal_us`` goes through ``state.legal_actions()``, i.e. the C++ → Python
    trampoline a pyspiel caller actually pays.
    """
    if game_name not in OPENSPIEL_SHAPES:
        raise ValueError(f"unsupported OpenSpiel game {game_name!r}; use {list(OPENSPIEL_SHAPES)}")
    try:
        # Importing these modules is what registers the Python games with pyspiel.
        import open_spiel.python.games.block_dominoes
        import open_spiel.python.games.team_dominoes  # noqa: F401
        import pyspiel
    except ImportError:
        _note("open_spiel not installed (pip install open_spiel); skipping")
        return None

    game = pyspiel.load_game(game_name)

    def new_round(rng: random.Random) -> Any:
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        return state

    adapter = _Adapter(
        new_round=new_round,
        legal=lambda state: state.legal_actions(),
        apply=lambda state, action: state.apply_action(action),
        is_over=lambda state: state.is_terminal(),
        clone=lambda state: state.clone(),
        time_legal=lambda state: state.legal_actions(),
    )
    return _run(
        f"OpenSpiel {_version('open_spiel')} {game_name}",
        OPENSPIEL_SHAPES[game_name],
        adapter,
        seconds,
        seed,
    )


def bench_all(seconds: float = DEFAULT_SECONDS, seed: int = 0) -> list[dict[str, Any]]:
    """Every installed peer, in table order; missing peers are simply left out."""
    rows = [
        bench_abw333(seconds, seed),
        bench_openspiel("python_team_dominoes", seconds, seed),
        bench_openspiel("python_block_dominoes", seconds, seed),
    ]
    return [row for row in rows if row is not None]


def _print_table(rows: Sequence[dict[str, Any]]) -> None:
    """Plain-text table (no rich) so this file runs with nothing but the peers."""
    header = ("engine", "shape", "rounds/s", "moves/s", "legal µs", "copy µs", "rounds")
    lines = [
        (
            row["engine"],
            row["shape"],
            f"{row['rounds_per_s']:,.0f}",
            f"{row['moves_per_s']:,.0f}",
            f"{row['legal_us']:.2f}",
            f"{row['copy_us']:.2f}",
            f"{row['rounds']:,}",
        )
        for row in rows
    ]
    widths = [max(len(cell) for cell in col) for col in zip(header, *lines, strict=True)]
    for i, cells in enumerate([header, *lines]):
        print(
            "  ".join(
                cell.ljust(w) if j < 2 else cell.rjust(w)
                for j, (cell, w) in enumerate(zip(cells, widths, strict=True))
            )
        )
        if i == 0:
            print("  ".join("-" * w for w in widths))


if __name__ == "__main__":
    _print_table(bench_all())
