"""The invitation (issue 25 parts 1 and 7): one pasted line names the table exactly; the code
is 40 bits from :mod:`secrets`, read the forgiving Crockford way and nothing else."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domino_tui.net.invite import (
    ALPHABET,
    CODE_BITS,
    Invitation,
    InvitationError,
    new_code,
    parse,
)


def test_a_code_is_forty_bits_of_crockford_base_32() -> None:
    codes = {new_code() for _ in range(2000)}
    assert len(codes) == 2000  # 40 bits: a repeat among 2,000 would be a broken source
    assert CODE_BITS == 40 and len(ALPHABET) == 32
    assert all(len(c) == 8 and set(c) <= set(ALPHABET) for c in codes)
    assert not set("ILOU") & set("".join(codes))


@given(
    st.sampled_from(["192.168.1.5", "localhost", "::1", "table.example.org"]), st.integers(1, 65535)
)
def test_the_line_a_host_prints_reads_back_as_the_same_table(host: str, port: int) -> None:
    invitation = Invitation(host, port, new_code())
    assert parse(invitation.line()) == invitation
    assert parse(invitation.watch_line()) == invitation
    assert parse(f"  {invitation.address}   {invitation.shown_code.lower()} ") == invitation


def test_reading_is_forgiving_as_crockford_meant() -> None:
    assert parse("domino join 10.0.0.2:7340 k7qf m2xd").code == "K7QFM2XD"
    assert parse("10.0.0.2 O0IL-1234").code == "00111234"
    assert parse("10.0.0.2 O0IL-1234").port == 7340


@pytest.mark.parametrize(
    "line",
    [
        "",
        "domino join",
        "10.0.0.2:7340",
        "10.0.0.2:7340 K7QF-M2X",  # a symbol short
        "10.0.0.2:7340 K7QF-M2XDD",
        "10.0.0.2:7340 K7QF-M2XU",  # U is not in the alphabet
        "10.0.0.2:99999 K7QF-M2XD",
        "10.0.0.2:0 K7QF-M2XD",
        "evil\x1b[2J:7340 K7QF-M2XD",
        "ws://10.0.0.2:7340/ K7QF-M2XD",
        "10.0.0.2:7340 " + "K" * 300,
    ],
)
def test_anything_else_is_refused_with_words(line: str) -> None:
    with pytest.raises(InvitationError) as refused:
        parse(line)
    assert str(refused.value) and "\x1b" not in str(refused.value)


@given(st.text(max_size=300))
def test_no_line_breaks_the_reader(line: str) -> None:
    try:
        invitation = parse(line)
    except InvitationError as refused:
        assert str(refused)
    else:  # whatever it read, it can print again as the same table
        assert parse(invitation.line()) == invitation
