"""Options several commands share, declared once so their names, help and checks agree."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer


class Lang(StrEnum):
    ru = "ru"
    en = "en"


PresetOption = Annotated[
    str, typer.Option("--rules", help="Rules preset: kozel, kozel-pairs or classic.")
]
SettingsOption = Annotated[
    list[str] | None,
    typer.Option("--set", metavar="NAME=VALUE", help="A rule option, e.g. fish=all (repeatable)."),
]
PairsOption = Annotated[
    bool, typer.Option("--pairs", help="Four players in two pairs: seats 1+3 against 2+4.")
]
SeedOption = Annotated[
    int | None, typer.Option("--seed", help="Seed: the same seed gives the same match.")
]
LangOption = Annotated[Lang | None, typer.Option("--lang", help="Language: ru or en.")]
