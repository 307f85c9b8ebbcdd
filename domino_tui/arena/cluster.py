"""Running the arena's duplicate-deal groups on a Dask cluster (``--backend dask``).

The optional extra ``pip install 'domino-tui[cluster]'`` brings ``dask[distributed]``; nothing
else in the program imports it, so the plain install never pays for it. The groups are the
same :func:`~.play.play_group` calls the local pool makes, each seeded by its deal number
alone, and the report is built in deal order (:func:`~.stats.summarise`), so a seed gives the
same figures on a cluster as on one core (think times aside).

Groups travel in batches: one task per group costs the scheduler a few milliseconds, as much
as a whole group of the quick bots, so each task carries several deal sequences (about
``WAVES`` batches per worker, at most ``MAX_BATCH`` games each: a dead worker's batch is rerun
elsewhere by the scheduler, so a death costs at most one batch a worker). Why Dask and not
Ray: the groups are plain Python functions of picklable values, Dask's ``LocalCluster`` and
``dask scheduler``/``dask worker`` are pure Python pip installs, and the scheduler reruns a dead
worker's tasks by itself; Ray brings a large native runtime for features (actors, GPUs, object
store) that a tournament of CPU-bound matches does not use.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
from collections.abc import Iterator, Sequence
from typing import Any

from .plan import ArenaConfig, ArenaError
from .play import GroupResult, play_group
from .run import Progress
from .stats import ArenaReport, summarise

INSTALL = "pip install 'domino-tui[cluster]'"
WAVES = 8  # batches per worker: enough to even out slow and fast deals and to move progress
MAX_BATCH = 100  # games a task at most: what a dead worker's rerun costs
CONNECT_SECONDS = 10  # to reach a scheduler given by address
WORKERS_SECONDS = 60  # for an existing scheduler's first worker to join


class ClusterMissing(ArenaError):
    """``--backend dask`` without the ``cluster`` extra installed."""


class ClusterError(ArenaError):
    """The cluster could not be reached or could not finish the run; the message says which."""


def dask_available() -> bool:
    """Whether ``dask.distributed`` can be imported (without importing it here)."""
    import importlib.util

    return importlib.util.find_spec("distributed") is not None


def batches(games: int, workers: int, size: int | None = None) -> list[range]:
    """Deal numbers ``0..games-1`` cut into consecutive batches, one task each: ``size`` games
    each, or by default about ``WAVES`` a worker and at most ``MAX_BATCH`` games."""
    if size is None:
        size = min(MAX_BATCH, max(1, games // (max(1, workers) * WAVES)))
    if size < 1:
        raise ArenaError(f"a batch holds at least one game, not {size}")
    return [range(start, min(start + size, games)) for start in range(0, games, size)]


def play_batch(config: ArenaConfig, games: Sequence[int]) -> list[GroupResult]:
    """A task on a worker: play these deal sequences in every rotation. The worker process
    keeps its own record of benched bots, as a pool worker does; the parent has warned about
    broken plugins already."""
    from ..bots import quiet_plugin_warnings

    quiet_plugin_warnings()
    return [play_group(config, game) for game in games]


def run_arena_dask(
    config: ArenaConfig,
    scheduler: str | None = None,
    workers: int | None = None,
    progress: Progress | None = None,
    batch: int | None = None,
) -> ArenaReport:
    """Play the run on the Dask cluster at ``scheduler`` (``tcp://host:8786``), or on a local
    cluster of ``workers`` single-threaded processes (default: one per core), closed after."""
    with cluster_client(scheduler, workers) as client:
        return run_on_client(client, config, progress, batch)


@contextlib.contextmanager
def cluster_client(scheduler: str | None = None, workers: int | None = None) -> Iterator[Any]:
    """A Dask client of the scheduler at ``scheduler``, or of a local cluster of ``workers``
    processes made for the run and closed after it (also on Ctrl+C: its worker processes go
    with it). Dask's own logs are shut meanwhile: a worker's death and restart are handled here.
    :class:`ClusterMissing` without the extra, :class:`ClusterError` when nothing answers."""
    try:
        import distributed
    except ImportError:
        raise ClusterMissing(f"--backend dask needs the cluster extra: {INSTALL}") from None
    with _quiet_logs(), _client(distributed, scheduler, workers) as client:
        yield client


def run_on_client(
    client: Any, config: ArenaConfig, progress: Progress | None = None, batch: int | None = None
) -> ArenaReport:
    """Send the run's deal sequences in batches (:func:`batches`) and summarise them in deal
    order. Ctrl+C or a failed batch cancels every task still queued for the run; a worker that
    dies has its batch rerun on another by the scheduler; a batch that keeps killing workers, a
    task that fails, or a lost scheduler stops the run with a :class:`ClusterError` of one line."""
    distributed: Any = importlib.import_module("distributed")  # typed or not, as installed
    tick = progress or (lambda _n: None)
    per_game = len(config.rotations)
    results: list[GroupResult] = []
    count = len(client.scheduler_info().get("workers", {})) or 1
    parts = batches(config.games, count, batch)
    futures = [client.submit(play_batch, config, part, pure=False) for part in parts]
    size = {f.key: len(part) for f, part in zip(futures, parts, strict=True)}
    where = str(getattr(client.scheduler, "address", "the cluster"))
    try:
        for future in distributed.as_completed(futures, loop=client.loop):
            results.extend(_result(distributed, future, where))
            tick(per_game * size[future.key])
    except BaseException:  # Ctrl+C or a failed batch: nothing more runs for this report
        with contextlib.suppress(Exception):
            client.cancel(futures)
        raise
    return summarise(config, results)


def _result(distributed: Any, future: Any, where: str) -> list[GroupResult]:
    """A finished batch's groups, or one line on why it has none."""
    try:
        result: list[GroupResult] = future.result()
    except distributed.KilledWorker:
        raise ClusterError(
            "a batch of deals killed every worker that ran it (out of memory?); the run stopped"
        ) from None
    except ArenaError:
        raise
    except (ImportError, AttributeError) as err:  # a worker without this version of the program
        raise ClusterError(
            f"the workers at {where} cannot run the arena (install this domino-tui there): {err}"
        ) from None
    except (OSError, distributed.TimeoutError) as err:
        raise ClusterError(f"lost the Dask scheduler: {err}") from None
    except Exception as err:
        raise ClusterError(f"a batch failed on the cluster: {type(err).__name__}: {err}") from None
    return result


@contextlib.contextmanager
def _client(distributed: Any, scheduler: str | None, workers: int | None) -> Iterator[Any]:
    """A client of the given scheduler, or of a local cluster made for this run and closed
    after it (also on Ctrl+C: its worker processes go with it)."""
    if scheduler is not None:
        try:
            client = distributed.Client(scheduler, timeout=CONNECT_SECONDS, set_as_default=False)
        except (OSError, ValueError, TypeError, distributed.TimeoutError) as err:
            raise ClusterError(f"cannot reach the Dask scheduler at {scheduler}: {err}") from None
        with client:
            try:
                client.wait_for_workers(1, timeout=WORKERS_SECONDS)
            except (OSError, distributed.TimeoutError):
                raise ClusterError(
                    f"no worker joined the Dask scheduler at {scheduler} in {WORKERS_SECONDS} s"
                ) from None
            yield client
        return
    n = workers or os.cpu_count() or 1
    cluster = distributed.LocalCluster(
        n_workers=n,
        threads_per_worker=1,  # the bots are pure Python: one match a process at a time
        processes=True,
        dashboard_address=None,  # no dashboard; its health routes on any free port, not 8787
        scheduler_kwargs={"dashboard_address": ":0"},
        silence_logs=logging.CRITICAL,
    )
    with cluster, distributed.Client(cluster, set_as_default=False) as client:
        yield client


@contextlib.contextmanager
def _quiet_logs() -> Iterator[None]:
    """Dask logs a worker's death, restarts and closing connections at WARNING: those are
    handled here and said in one line when they matter, so the logs stay shut for the run."""
    logger = logging.getLogger("distributed")
    saved = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(saved)
