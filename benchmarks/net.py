"""The networked table's figures (issue 25 part 9), side by side in one run.

1. Latency: from one seat's ``play`` to every other seat having the move, over websockets on
   loopback (a host seat and three remote seats), against the same moves at a local table (four
   :class:`~domino_tui.play.feed.LocalFeed` s in this process): median and p95, and their ratio.
2. Capacity: tables of four (one remote scripted human, three bots thinking at ``--level``) on
   one host process; the human's move-to-update p95 as tables are added, until it passes 100 ms.
3. Bytes per move per seat: the text each remote seat received, over the moves of its match
   (before the transport's permessage-deflate, which websockets negotiates by default).

    nice -n 19 .venv/bin/python benchmarks/net.py [--moves 200] [--level easy] [--max-tables 32]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from pathlib import Path

from domino_tui.engine.rules import make_rules
from domino_tui.net.client import RemoteFeed, connect
from domino_tui.net.limits import Limits
from domino_tui.net.server import TableConfig, TableServer, start_host_thread
from domino_tui.play.events import Moved, TableEvent
from domino_tui.play.feed import Feed, FeedEvent, LocalFeed
from domino_tui.play.saving import Saves
from domino_tui.play.session import GameSession, Seat
from domino_tui.play.table import TableSession

RULES = make_rules({"players": 4})


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


class Arrivals:
    """Counts the Moved events each feed got, so a mover can wait for all the others."""

    def __init__(self, feeds: list[Feed]) -> None:
        self.counts = [0] * len(feeds)
        self.cond = threading.Condition()
        for i, feed in enumerate(feeds):
            feed.watch(lambda event, i=i: self.on(i, event))

    def on(self, i: int, event: FeedEvent) -> None:
        if isinstance(event, Moved):
            with self.cond:
                self.counts[i] += 1
                self.cond.notify_all()

    def wait(self, target: int, timeout: float = 10.0) -> None:
        with self.cond:
            self.cond.wait_for(lambda: min(self.counts) >= target, timeout)


def remote_latency(home: Path, moves: int, seed: int) -> tuple[list[float], list[int]]:
    limits = Limits(rate=1000.0, burst=1000)
    config = TableConfig(
        rules=RULES, port=0, name="Host", lang="en", saves=Saves.at(home), limits=limits, seed=seed
    )
    handle = start_host_thread(config)
    host = handle.host_feed()
    remote = [connect(handle.invitation, f"R{i}", token_store={}) for i in range(1, 4)]
    feeds: list[Feed] = [host, *remote]
    arrivals = Arrivals(feeds)
    handle.start_match()
    times: list[float] = []
    done = 0
    while len(times) < moves:
        snap = remote[0].snapshot()
        if snap.public.over:
            break
        turn = snap.public.turn
        mover = feeds[turn]
        view = mover.snapshot().view
        if view is None or view.turn != turn or not view.legal:
            arrivals.wait(done + 1, 0.05)
            continue
        start = time.perf_counter()
        mover.play(view.legal[0])
        arrivals.wait(done + 1)
        times.append(time.perf_counter() - start)
        done += 1
        # every snapshot is current before the next move
        while any(f.snapshot().version < snap.version + 1 for f in remote):
            time.sleep(0.0005)
    sent = [f.received // max(1, done) for f in remote]
    for f in remote:
        f.close()
    handle.stop()
    return times, sent


def local_latency(moves: int, seed: int) -> list[float]:
    seats = tuple(Seat(f"P{i}") for i in range(4))
    table = TableSession(GameSession(RULES, seats, seed, networked=True))
    feeds = [LocalFeed(table, s) for s in range(4)]
    arrivals = Arrivals(list(feeds))
    table.start()
    times = []
    for done in range(moves):
        if table.match.over:
            break
        turn = table.match.turn
        code = table.view(turn).legal[0]
        start = time.perf_counter()
        feeds[turn].play(code)
        arrivals.wait(done + 1)
        times.append(time.perf_counter() - start)
    return times


def capacity(home: Path, level: str, max_tables: int, seconds: float) -> list[tuple[int, float]]:
    """p95 of the remote human's move-to-update latency with N tables of four on one loop."""
    import asyncio

    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True, name="bench-host").start()
    servers: list[TableServer] = []
    humans: list[RemoteFeed] = []
    rows = []
    n = 1
    while n <= max_tables:
        while len(servers) < n:
            i = len(servers)
            config = TableConfig(
                rules=RULES,
                port=0,
                seat=False,
                lang="en",
                bot_level=level,
                bots=(level,) * 4,
                saves=Saves.at(home / f"t{i}"),
                seed=100 + i,
                limits=Limits(rate=1000.0, burst=1000),
            )
            server = TableServer(config)
            asyncio.run_coroutine_threadsafe(server.start(), loop).result(10)
            servers.append(server)
            feed = connect(server.invitation(), f"H{i}", token_store={})
            humans.append(feed)
            asyncio.run_coroutine_threadsafe(_start(server), loop).result(10)
        lat = _measure(humans, servers, loop, seconds)
        value = p95(lat) * 1000 if lat else float("nan")
        rows.append((n, value))
        print(f"  {n:3d} tables: p95 {value:7.1f} ms over {len(lat)} moves", flush=True)
        if value > 100:
            break
        n *= 2
    for f in humans:
        f.close()
    for s in servers:
        asyncio.run_coroutine_threadsafe(s.stop(), loop).result(10)
    loop.call_soon_threadsafe(loop.stop)
    return rows


async def _start(server: TableServer) -> None:
    server.start_match()


def _measure(
    humans: list[RemoteFeed], servers: list[TableServer], loop: object, seconds: float
) -> list[float]:
    """Each human plays its turns as they come; the time from its play to its own update is
    what the other seats see (the server sends every seat in the same pass)."""
    lat: list[float] = []
    pending: dict[int, float] = {}
    lock = threading.Lock()

    def on(i: int, feed: RemoteFeed, event: FeedEvent | TableEvent) -> None:
        if isinstance(event, Moved) and event.seat == feed.seat:
            with lock:
                started = pending.pop(i, None)
            if started is not None:
                lat.append(time.perf_counter() - started)

    for i, feed in enumerate(humans):
        if not getattr(feed, "_bench", False):
            feed.watch(lambda e, i=i, feed=feed: on(i, feed, e))
            feed._bench = True  # type: ignore[attr-defined]
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        for i, feed in enumerate(humans):
            snap = feed.snapshot()
            if snap.public.over:
                asyncio_restart(servers[i], loop)
                continue
            view = snap.view
            with lock:
                busy = i in pending
            if view is not None and view.turn == feed.seat and view.legal and not busy:
                with lock:
                    pending[i] = time.perf_counter()
                feed.play(view.legal[0])
        time.sleep(0.002)
    return lat


def asyncio_restart(server: TableServer, loop: object) -> None:
    import asyncio

    assert isinstance(loop, asyncio.AbstractEventLoop)
    asyncio.run_coroutine_threadsafe(_start(server), loop).result(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--level", default="easy")
    parser.add_argument("--max-tables", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        remote, local = [], []
        sent: list[int] = []
        seed = args.seed
        while len(remote) < args.moves:  # alternate, so both see the same machine
            got, sent = remote_latency(home / f"r{seed}", args.moves - len(remote), seed)
            remote += got
            local += local_latency(len(got), seed)
            seed += 1
        rm, rp = statistics.median(remote) * 1000, p95(remote) * 1000
        lm, lp = statistics.median(local) * 1000, p95(local) * 1000
        print(f"latency over {len(remote)} moves, ms (median / p95):")
        print(f"  loopback websockets  {rm:8.3f} / {rp:8.3f}")
        print(f"  local table          {lm:8.3f} / {lp:8.3f}")
        print(f"  ratio                {rm / lm:8.1f} / {rp / lp:8.1f}")
        print(f"bytes per move per remote seat (text, before deflate): {sent}")
        print(f"capacity (tables of four, three {args.level} bots and one remote human):")
        capacity(home / "cap", args.level, args.max_tables, args.seconds)


if __name__ == "__main__":
    main()
