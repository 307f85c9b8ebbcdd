"""The lobby of a networked table (issue 25): chairs in join order, bots' chairs open and
labelled as bots, the reader's own chair marked, names cleaned."""

from __future__ import annotations

from domino_tui.play.feed import SPECTATOR, Chair
from domino_tui.play.lobby import Lobby

CHAIRS = (Chair("Маша"), Chair("Петя\x1b[31m"), Chair("Olya", "bot"), Chair("Serg", "bot"))


def test_the_chairs_as_a_joiner_reads_them() -> None:
    lobby = Lobby(CHAIRS, seat=1)
    assert lobby.lines("en") == (
        "1. Маша",
        "2. Петя␛[31m (you)",  # the escape shown as a symbol, never sent
        "3. Olya · bot — open seat: a bot plays it unless somebody joins",
        "4. Serg · bot — open seat: a bot plays it unless somebody joins",
    )
    assert lobby.open_seats == 2
    assert "host starts" in lobby.footer("en")


def test_the_host_starts_and_a_spectator_only_watches() -> None:
    assert Lobby(CHAIRS, 0, host=True).footer("ru").startswith("S — начать")
    assert "только общий стол" in Lobby(CHAIRS, SPECTATOR).footer("ru")
    assert Lobby(CHAIRS[:2], 0).open_seats == 0


def test_a_host_left_with_the_default_name_is_not_called_you_twice() -> None:
    assert Lobby((Chair("Вы"), Chair("Петя")), seat=0).lines("ru")[0] == "1. Вы"
    assert Lobby((Chair("You"), Chair("Петя")), seat=0).lines("ru")[0] == "1. You (вы)"
