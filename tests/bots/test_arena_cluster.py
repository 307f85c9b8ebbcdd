"""The arena on a Dask cluster (issue 26, part 3): the same seed gives the same figures as the
local pool, a dead worker's batch is rerun, and without the ``cluster`` extra ``--backend dask``
says in one line how to install it. The cluster tests run on a small local cluster (2
single-threaded workers, quick bots) and are skipped only where dask is not installed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from domino_tui.arena import ArenaConfig, ArenaError, run_arena
from domino_tui.arena import cluster as arena_cluster
from domino_tui.arena.cluster import (
    MAX_BATCH,
    ClusterError,
    ClusterMissing,
    batches,
    dask_available,
    run_on_client,
)
from domino_tui.cli import app
from domino_tui.engine.rules import make_rules

needs_dask = pytest.mark.skipif(
    not dask_available(), reason="dask is not installed (pip install 'domino-tui[cluster]')"
)


def _figures(report: Any) -> dict[str, Any]:
    """What a seed must fix: everything but the wall-clock think times."""
    data = report.to_json()
    data["bots"] = [{k: v for k, v in b.items() if not k.startswith("think")} for b in data["bots"]]
    return data


@pytest.mark.parametrize("games", [1, 2, 7, 100, 999, 12_345])
@pytest.mark.parametrize("workers", [1, 2, 3, 64])
def test_batches_cover_every_game_once_in_order(games: int, workers: int) -> None:
    parts = batches(games, workers)
    assert [g for part in parts for g in part] == list(range(games))
    assert all(1 <= len(part) <= MAX_BATCH for part in parts)
    # enough batches to keep every worker busy, yet few enough that each carries several games
    assert len(parts) >= min(games, workers * arena_cluster.WAVES) or len(parts[0]) == MAX_BATCH
    sized = batches(games, workers, size=5)
    assert [g for part in sized for g in part] == list(range(games))
    assert all(len(p) == 5 for p in sized[:-1]) and 1 <= len(sized[-1]) <= 5


def test_a_batch_of_no_games_is_refused() -> None:
    with pytest.raises(ArenaError, match="at least one game"):
        batches(10, 2, size=0)


def test_without_the_extra_the_backend_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena_cluster, "dask_available", lambda: False)
    result = CliRunner().invoke(app, ["arena", "greedy", "random", "-n", "1", "--backend", "dask"])
    assert result.exit_code == 2
    assert result.output.strip() == (
        "domino: --backend dask needs the cluster extra: pip install 'domino-tui[cluster]'"
    )


def test_run_without_dask_raises_the_install_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    config = ArenaConfig(("greedy", "random"), 1, make_rules({"players": 2}))
    with pytest.raises(ClusterMissing, match=r"pip install 'domino-tui\[cluster\]'"):
        arena_cluster.run_arena_dask(config)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--scheduler", "tcp://127.0.0.1:8786"], "give it with --backend dask"),
        (["--backend", "dask", "--scheduler", "tcp://x:1", "--jobs", "2"], "has its own workers"),
        (["--backend", "ray"], "'ray' is not one of"),
    ],
)
def test_backend_options_are_refused_in_one_line(args: list[str], message: str) -> None:
    if "dask" in args and not dask_available():
        pytest.skip("dask is not installed: the install line comes first")
    result = CliRunner().invoke(app, ["arena", "greedy", "random", "-n", "1", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_the_local_arena_never_imports_dask() -> None:
    """The plain install must not pay for the extra: a whole local run imports no dask."""
    code = (
        "import sys\n"
        "from domino_tui.cli import app\n"
        "from typer.testing import CliRunner\n"
        "r = CliRunner().invoke(app, ['arena', 'greedy', 'random', '-n', '1', '--json'])\n"
        "assert r.exit_code == 0, r.output\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "[]"


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """One small local cluster for the module: two single-threaded worker processes."""
    with arena_cluster.cluster_client(workers=2) as c:
        yield c


QUICK = ArenaConfig(("greedy", "random"), 12, make_rules({"players": 2}), seed=11)


@needs_dask
@pytest.mark.parametrize("batch", [None, 1, 5, 100])
def test_same_seed_same_figures_as_the_local_pool(client: Any, batch: int | None) -> None:
    ticks: list[int] = []
    on_cluster = run_on_client(client, QUICK, ticks.append, batch)
    assert _figures(on_cluster) == _figures(run_arena(QUICK))
    assert sum(ticks) == QUICK.matches  # progress counts every match once


@needs_dask
def test_four_players_in_pairs_give_the_same_figures(client: Any) -> None:
    config = ArenaConfig(("counter", "greedy"), 3, make_rules({"players": 4, "pairs": True}), 2)
    assert _figures(run_on_client(client, config)) == _figures(run_arena(config, jobs=1))


@needs_dask
def test_a_dead_workers_batch_is_rerun(client: Any) -> None:
    """Kill a worker process mid-run (as an out-of-memory kill would): the scheduler reruns its
    batch elsewhere, the nanny starts a new worker, and the figures are the same."""
    pids = list(client.run(os.getpid).values())
    killed: list[int] = []

    def kill_once(_n: int) -> None:
        if not killed:
            killed.append(pids[0])
            os.kill(pids[0], signal.SIGKILL)

    config = ArenaConfig(("greedy", "random"), 24, make_rules({"players": 2}), seed=3)
    report = run_on_client(client, config, kill_once, batch=1)
    assert killed
    assert _figures(report) == _figures(run_arena(config))
    client.wait_for_workers(2, timeout=60)  # the nanny brought the worker back
    assert pids[0] not in client.run(os.getpid).values()


@needs_dask
def test_an_unreachable_scheduler_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena_cluster, "CONNECT_SECONDS", 1)
    with (
        pytest.raises(
            ClusterError, match=r"cannot reach the Dask scheduler at tcp://127\.0\.0\.1:9"
        ),
        arena_cluster.cluster_client("tcp://127.0.0.1:9"),
    ):
        pass


@needs_dask
def test_the_cli_prints_the_same_figures_on_a_local_cluster() -> None:
    """`domino arena … --backend dask` (a local cluster of two workers made for the run) and the
    local pool print the same JSON but for the wall-clock think times."""
    args = ["arena", "counter", "greedy", "-n", "4", "--players", "2", "--seed", "9", "--json"]
    on_dask = ["--backend", "dask", "--jobs", "2"]
    runs = [CliRunner().invoke(app, [*args, *extra]) for extra in ([], on_dask)]
    for run in runs:
        assert run.exit_code == 0, run.output
    local, dask = (json.loads(r.stdout) for r in runs)
    for data in (local, dask):
        for row in data["bots"]:
            row.pop("think_ms")
            row.pop("think_ms_choices")
    assert local == dask


class _Failed:
    """A finished future whose task raised ``error`` on the cluster."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def result(self) -> Any:
        raise self.error


@needs_dask
@pytest.mark.parametrize(
    ("make_error", "message"),
    [
        (lambda d: d.KilledWorker("batch", "tcp://w:1", 3), "killed every worker that ran it"),
        (lambda d: ModuleNotFoundError("No module named 'domino_tui'"), "install this domino-tui"),
        (lambda d: OSError("connection closed"), "lost the Dask scheduler"),
        (lambda d: ZeroDivisionError("boom"), "a batch failed on the cluster: ZeroDivisionError"),
    ],
)
def test_a_failed_batch_stops_the_run_in_one_line(make_error: Any, message: str) -> None:
    import distributed

    with pytest.raises(ClusterError, match=message) as caught:
        arena_cluster._result(distributed, _Failed(make_error(distributed)), "tcp://s:8786")
    assert "\n" not in str(caught.value)


@needs_dask
def test_a_bot_that_breaks_the_arena_is_not_a_cluster_failure() -> None:
    import distributed

    with pytest.raises(ArenaError, match="bad bot") as caught:
        arena_cluster._result(distributed, _Failed(ArenaError("bad bot")), "tcp://s:8786")
    assert not isinstance(caught.value, ClusterError)
