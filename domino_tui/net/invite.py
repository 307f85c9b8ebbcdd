"""The invitation a host pastes to a friend: ``domino join 192.168.1.5:7340 K7QF-M2XD``.

The code is the only secret of a table: nobody joins or watches without it. Eight symbols of
Crockford's base-32 alphabet (no I, L, O or U, so nothing reads as another symbol) drawn with
:mod:`secrets` make 40 bits: at the server's limit of a few failed tries a minute per address,
guessing one table's code takes longer than anybody plays. Reading is forgiving the way Crockford
meant it (any case, O for 0, I and L for 1, dashes and spaces anywhere) and strict about
everything else: a bounded line, one address, one code.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from ..i18n import N_, tr

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32
CODE_LENGTH = 8
CODE_BITS = CODE_LENGTH * 5  # 40
DEFAULT_PORT = 7340
MAX_LINE = 200  # a pasted invitation is one short line; anything longer is not one

_SAME = str.maketrans({"O": "0", "I": "1", "L": "1"})
_HOST = re.compile(
    r"^(?:\[(?P<v6>[0-9A-Fa-f:.]+)\]|(?P<name>[A-Za-z0-9.-]+))(?::(?P<port>\d{1,5}))?$"
)


class InvitationError(ValueError):
    """Not an invitation: a catalog key saying what is wrong in words a player can act on
    (:meth:`words` in the player's language; ``str()`` is the English, for logs and tests)."""

    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__(tr(key, "en", length=CODE_LENGTH))

    def words(self, lang: str) -> str:
        return tr(self.key, lang, length=CODE_LENGTH)


@dataclass(frozen=True)
class Invitation:
    host: str  # a name or an address (IPv6 without its brackets)
    port: int
    code: str  # normalised: upper case, no dash

    @property
    def address(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"

    @property
    def shown_code(self) -> str:
        return show_code(self.code)

    def line(self) -> str:
        """The one line a friend pastes: the exact command."""
        return f"domino join {self.address} {self.shown_code}"

    def watch_line(self) -> str:
        return f"domino watch {self.address} {self.shown_code}"


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def show_code(code: str) -> str:
    """``K7QFM2XD`` as people read it aloud: ``K7QF-M2XD``."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def normal_code(text: str) -> str:
    """The code as the server compares it; :class:`InvitationError` if it cannot be one."""
    code = "".join(text.split()).replace("-", "").upper().translate(_SAME)
    if len(code) != CODE_LENGTH or any(c not in ALPHABET for c in code):
        raise InvitationError(N_("invite.code"))
    return code


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``host[:port]`` or ``[v6]:port`` → (host, port)."""
    found = _HOST.match(text.strip())
    if found is None:
        raise InvitationError(N_("invite.address"))
    host = found["v6"] or found["name"]
    port = int(found["port"]) if found["port"] else default_port
    if not 0 < port < 65536:
        raise InvitationError(N_("invite.port"))
    return host, port


def parse(text: str) -> Invitation:
    """Read a pasted invitation: ``[domino join|watch] ADDRESS CODE`` (the code may be split
    by a space, as some chat windows break it)."""
    if len(text) > MAX_LINE:
        raise InvitationError(N_("invite.too_long"))
    words = text.split()
    if words[:1] == ["domino"]:
        words = words[1:]
    if words[:1] and words[0] in ("join", "watch"):
        words = words[1:]
    if len(words) < 2:
        raise InvitationError(N_("invite.short"))
    host, port = parse_address(words[0])
    return Invitation(host, port, normal_code("".join(words[1:])))
