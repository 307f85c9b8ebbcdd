"""Built-in bots refuse option values that mean nothing (issue 22, part 4): ``pimc:samples=0``
was taken silently as "no samples given" (the playouts decided instead), and ``pool=0`` as the
default. Every numeric option of a built-in bot now refuses what is below or above its range
in one line naming the range, in ``domino sim`` as anywhere a bot name is read; 0 stays allowed
only where it is a documented switch (``solve=0`` never solves, ``finish=0`` is off,
``time_ms=0`` is no clock). The play model's weights of issue 26 (``partner``, ``keep``,
``double``) are signed — a fitted partner signal is negative — and 0 leaves the feature unread."""

from __future__ import annotations

import pytest

from domino_tui.bots import BUILTIN, make_bot

from .helpers import run

OFF_AT_ZERO = {("pimc", "solve"), ("pimc", "finish"), ("pimc", "time_ms"), ("ismcts", "time_ms")}
SIGNED = {("pimc", "partner"), ("pimc", "keep"), ("pimc", "double")}
NUMERIC = [
    (bot, key, option)
    for bot, info in BUILTIN.items()
    for key, option in (info.options or {}).items()
    if option.kind in (int, float) and option.low is not None and option.high is not None
]


@pytest.mark.parametrize(
    ("spec", "range_"), [("samples=0", "1 to 100000"), ("pool=0", "1 to 1000000")]
)
def test_pimc_refuses_zero_samples_and_pool_in_one_line(spec: str, range_: str) -> None:
    result = run("sim", "--brief", "--seed", "1", "--bots", f"pimc:{spec}")
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output
    key = spec.split("=")[0]
    assert f"pimc:{key} must be a whole number from {range_}" in lines[0]
    assert lines[0].endswith("not 0")


@pytest.mark.parametrize(("bot", "key", "option"), NUMERIC, ids=lambda v: str(v))
def test_every_numeric_option_refuses_values_outside_its_range(
    bot: str, key: str, option: object
) -> None:
    low, high = option.low, option.high  # type: ignore[attr-defined]
    if (bot, key) in SIGNED:  # a weight either way; 0 is off
        assert low < 0 < high
        make_bot(f"{bot}:{key}=-1", clock=False)
        for value in (low - 1, high + 1):
            with pytest.raises(ValueError, match=f"{bot}:{key} must be"):
                make_bot(f"{bot}:{key}={value}", clock=False)
        return
    for value in (low - 1, high + 1, -1):
        with pytest.raises(ValueError, match=f"{bot}:{key} must be"):
            make_bot(f"{bot}:{key}={value}", clock=False)
    zero_means_something = (bot, key) in OFF_AT_ZERO or option.kind is float  # type: ignore[attr-defined]
    assert (low == 0) is zero_means_something, f"{bot}:{key}=0 must be refused or documented"
