"""Safe to open to a network (issue 25 part 7): no seat without the code, wrong codes
rate-limited per address, a flood of joins turned away, an oversized, malformed, hostile or
other-version frame closes only its own connection (hypothesis: random and mutated frames
never crash the server or disturb the other seats), silent connections time out."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as raw_connect

from domino_tui.engine.rules import make_rules
from domino_tui.net.client import NetError, connect
from domino_tui.net.invite import Invitation
from domino_tui.net.protocol import VERSION
from domino_tui.net.server import HostHandle

from .tables import FAST, Scripted, host, until

THREE = make_rules({"players": 3, "match_end": "rounds:1"})


def _raw(handle: HostHandle) -> ClientConnection:
    return raw_connect(f"ws://{handle.invitation.address}/", open_timeout=5, close_timeout=1)


def _hello(handle: HostHandle, **changes: object) -> str:
    body = {"v": VERSION, "t": "hello", "name": "X", "code": handle.code, "token": None}
    body.update({"watch": False, **changes})
    return json.dumps(body)


def _closed(ws: ClientConnection) -> bool:
    try:
        while True:
            ws.recv(timeout=5)
    except ConnectionClosed:
        return True
    except TimeoutError:
        return False


def test_a_wrong_code_is_refused_and_guessing_is_rate_limited(tmp_path: Path) -> None:
    with host(tmp_path) as handle:
        wrong = Invitation(
            "127.0.0.1", handle.port, "00000000" if handle.code != "00000000" else "11111111"
        )
        for _ in range(FAST.failed_codes):
            with pytest.raises(NetError) as refused:
                connect(wrong, "Guess", token_store={})
            assert refused.value.reason == "wrong_code"
        with pytest.raises(NetError) as blocked:  # now even the right code waits its minute
            connect(handle.invitation, "Real", token_store={})
        assert blocked.value.reason == "too_many_tries"
        assert "wrong codes" in blocked.value.words("en")
        assert sum("a wrong code" in line for line in handle.log) == FAST.failed_codes


def test_a_flood_of_joins_fills_the_free_seats_and_turns_the_rest_away(tmp_path: Path) -> None:
    limits = replace(FAST, per_address=40, spectators=3)
    with host(tmp_path, limits=limits) as handle:
        handle.host_feed()
        seated, full = [], 0
        for i in range(12):
            try:
                seated.append(connect(handle.invitation, f"J{i}", token_store={}))
            except NetError as err:
                assert err.reason == "full"
                full += 1
        assert [f.seat for f in seated] == [1, 2, 3] and full == 9
        watchers = []
        for _ in range(5):
            try:
                watchers.append(connect(handle.invitation, "W", watch=True, token_store={}))
            except NetError as err:
                assert err.reason == "full"
        assert len(watchers) == 3
        for feed in seated + watchers:
            feed.close()


def test_another_protocol_version_gets_one_clear_line(tmp_path: Path) -> None:
    with host(tmp_path) as handle, _raw(handle) as ws:
        ws.send(_hello(handle, v=VERSION + 1))
        answer = json.loads(ws.recv(timeout=5))
        assert answer["t"] == "error" and answer["reason"] == "version"
        assert answer["version"] == VERSION
        assert _closed(ws)
        error = NetError("version", theirs=answer["version"] + 1)
        assert "protocol version 2" in error.words("en") and "1" in error.words("en")
        assert "версии протокола" in error.words("ru")


def test_an_oversized_frame_closes_only_that_connection(tmp_path: Path) -> None:
    with host(tmp_path, rules=THREE, seed=3) as handle:
        me = Scripted(handle.host_feed())
        masha = connect(handle.invitation, "Masha", token_store={})
        Scripted(masha)
        with _raw(handle) as ws:
            ws.send(_hello(handle, watch=True))
            assert json.loads(ws.recv(timeout=5))["t"] == "welcome"
            ws.send(json.dumps({"v": VERSION, "t": "talk", "call": "x" * 10_000}))
            assert _closed(ws)
        handle.start_match()
        assert me.ended.wait(60)  # the others played on
        masha.close()


def test_a_connection_that_never_says_hello_times_out(tmp_path: Path) -> None:
    with host(tmp_path, limits=replace(FAST, hello_timeout=0.3)) as handle, _raw(handle) as ws:
        assert _closed(ws)
        until(lambda: any("no hello" in line for line in handle.log))


def test_names_are_cleaned_before_any_table_draws_them(tmp_path: Path) -> None:
    with host(tmp_path) as handle:
        feed = connect(
            handle.invitation, "\x1b]52;c;boom\x07Masha\u202e" + "x" * 50, token_store={}
        )
        try:
            name = handle.chairs[1].name
            assert "\x1b" not in name and "\x07" not in name and "\u202e" not in name
            assert len(name) <= 20
            assert feed.snapshot().chairs[1].name == name
        finally:
            feed.close()


VALID = [
    {"v": VERSION, "t": "play", "code": 0},
    {"v": VERSION, "t": "talk", "call": "fish"},
    {"v": VERSION, "t": "hello", "name": "A", "code": "x", "token": None, "watch": False},
    {"v": VERSION, "t": "bye", "reason": ""},
]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@st.composite
def frames(draw: st.DrawFn) -> str | bytes:
    kind = draw(st.sampled_from(["mutated", "random", "text", "binary"]))
    if kind == "binary":
        return draw(st.binary(max_size=200))
    if kind == "text":
        return draw(st.text(max_size=200))
    if kind == "random":
        return json.dumps(draw(json_values))
    message = dict(draw(st.sampled_from(VALID)))
    key = draw(st.sampled_from([*message, "extra"]))
    message[key] = draw(json_values)
    return json.dumps(message)


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> object:
    home = tmp_path_factory.mktemp("fuzz")
    limits = replace(FAST, per_address=64, spectators=64, failed_codes=10_000)
    with host(home, rules=THREE, seed=5, limits=limits) as handle:
        handle.host_feed()
        masha = connect(handle.invitation, "Masha", token_store={})
        handle.start_match()
        table = handle.table()
        assert table is not None  # the bot has moved: the table waits for a human now
        until(lambda: not handle.server.thinking and table.match.turn in (0, 1))
        until(lambda: masha.snapshot().version == table.version)  # her frames are in
        yield handle, masha
        masha.close()


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(frames(), min_size=1, max_size=3))
def test_random_and_mutated_frames_never_crash_the_server_or_disturb_a_seat(
    fuzzed: tuple[HostHandle, object], sent: list[str | bytes]
) -> None:
    handle, masha = fuzzed
    before = masha.snapshot()  # type: ignore[attr-defined]
    with _raw(handle) as ws:
        ws.send(_hello(handle, watch=True))
        assert json.loads(ws.recv(timeout=5))["t"] == "welcome"
        for frame in sent:
            try:
                ws.send(frame)
            except ConnectionClosed:
                break
    # the server still answers, the seat is as it was, and its connection still works
    probe = connect(handle.invitation, "Probe", watch=True, token_store={})
    probe.close()
    after = masha.snapshot()  # type: ignore[attr-defined]
    assert after.view == before.view and masha.error is None  # type: ignore[attr-defined]
