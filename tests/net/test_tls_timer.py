"""TLS with ``--cert/--key`` (the choice docs/network.md explains), and the turn timer as a
table option at a networked table (K10.1: the player who lets it run out abandons)."""

from __future__ import annotations

import shutil
import ssl
import subprocess
from pathlib import Path

import pytest

from domino_tui.engine.rules import make_rules
from domino_tui.net.client import NetError, connect
from domino_tui.play.events import TimeUp

from .tables import WAIT, Scripted, host, until


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")
def test_a_table_with_a_certificate_speaks_tls_only(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=127.0.0.1",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    with host(tmp_path, cert=cert, key=key) as handle:
        handle.host_feed()
        context = ssl.create_default_context(cafile=str(cert))
        feed = connect(handle.invitation, "Masha", token_store={}, tls=context)
        try:
            assert feed.seat == 1
        finally:
            feed.close()
        with pytest.raises(NetError) as plain:  # a plain ws:// client gets no seat
            connect(handle.invitation, "Plain", token_store={}, timeout=3)
        assert plain.value.reason in ("unreachable", "lost", "timeout", "bad_message")
        with pytest.raises(NetError):  # nor one that does not trust the certificate
            connect(handle.invitation, "Doubt", token_store={}, tls=True, timeout=3)


def test_the_turn_timer_ends_the_match_for_the_player_who_lets_it_run_out(tmp_path: Path) -> None:
    rules = make_rules({"players": 2})
    with host(tmp_path, rules=rules, turn_timer=1, seed=21) as handle:
        me = Scripted(handle.host_feed())
        masha = connect(handle.invitation, "Masha", token_store={})
        idle = Scripted(masha, plays=False)  # she never moves
        try:
            handle.start_match()
            assert idle.ended.wait(WAIT)
            timeups = [e for e in idle.events if isinstance(e, TimeUp)]
            assert [e.seat for e in timeups] == [1]  # K10.1
            until(me.ended.is_set)
            table = handle.table()
            assert table is not None and table.match.outcome is not None
            assert table.match.outcome.abandoned_by == 1
        finally:
            masha.close()
