"""A whole match over real sockets on loopback: the host's seat, two remote humans and a bot
(issue 25 part 8), the match a normal record on the host."""

from __future__ import annotations

import json
from pathlib import Path

from domino_tui.net.client import connect
from domino_tui.play.events import Moved, RoundEnded
from domino_tui.storage.archive import list_records

from .tables import WAIT, Scripted, host, stalled, until


def test_two_remote_humans_the_host_and_a_bot_play_a_whole_match(tmp_path: Path) -> None:
    with host(tmp_path) as handle:
        me = Scripted(handle.host_feed())
        mine = tmp_path / "masha-records"
        masha = connect(
            handle.invitation, "Masha", token_store={}, keep_record=True, records_dir=mine
        )
        petya = connect(handle.invitation, "Petya", token_store={})
        try:
            assert (masha.seat, petya.seat) == (1, 2)  # seats fill in join order
            kinds = [c.kind for c in handle.chairs]
            assert kinds == ["human", "human", "human", "bot"]  # the empty seat is a bot
            assert masha.snapshot().started is False and masha.snapshot().view is None
            players = [me, Scripted(masha), Scripted(petya)]
            assert handle.start_match()
            for p in players:
                assert p.ended.wait(WAIT), stalled(players)
            table = handle.table()
            assert table is not None and table.match.over
            assert table.game.networked and not table.game.hotseat
            # every seat saw every move, in the engine's order, and the same round ends
            moves = [len(table.match.actions[r]) for r in range(len(table.match.actions))]
            for p in players:
                seen = [e for e in p.events if isinstance(e, Moved)]
                assert len(seen) == sum(moves)
                assert sum(isinstance(e, RoundEnded) for e in p.events) == len(table.match.results)
            # the host keeps the finished match as a normal record
            records = list((tmp_path / "records").glob("*.json"))
            assert len(records) == 1
            names = [s["name"] for s in json.loads(records[0].read_text())["seats"]]
            assert names[:3] == ["Host", "Masha", "Petya"]
            # and a joiner keeps a copy, checked by replaying it (`domino records` lists it)
            until(lambda: masha.kept is not None)
            assert list_records(mine)[0].game_id == table.game.game_id
            assert petya.kept is None and petya.record is not None  # asked for no copy
        finally:
            masha.close()
            petya.close()
