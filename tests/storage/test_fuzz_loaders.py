"""Fuzzing the save and settings loaders (issue 8, part 8): random and mutated documents never
raise anything but the loader's own error, and a listing never fails. (Records are fuzzed in
tests/engine/test_record_types.py.)"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domino_tui.storage.save_list import list_saves
from domino_tui.storage.saves import SaveError, load_game, save_game
from domino_tui.storage.settings import Settings, SettingsStore

from .helpers import bot_match, meta_for

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
GAME_ID = "0123456789abcdef0123456789abcdef"
SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def _valid_save(folder: Path) -> dict[str, Any]:
    meta = meta_for(["Masha", "Alex"], game_id=GAME_ID)
    path = save_game(bot_match(3, steps=25, players=2), meta, folder)
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON document (for mutations)."""
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _paths(item, (*prefix, i))
    return out


def _replace(doc: Any, where: tuple[Any, ...], new: Any) -> Any:
    if not where:
        return new
    head, rest = where[0], where[1:]
    copy = dict(doc) if isinstance(doc, dict) else list(doc)
    copy[head] = _replace(doc[head], rest, new)
    return copy


def _load(folder: Path) -> None:
    with contextlib.suppress(SaveError):
        load_game(GAME_ID, folder, records=folder / "rec", stats_db=folder / "s.sqlite3")
    for info in list_saves(folder):
        assert isinstance(info.game_id, str)


@SETTINGS
@given(data=st.data())
def test_mutated_saves_load_or_are_refused(tmp_path_factory: Any, data: st.DataObject) -> None:
    folder = tmp_path_factory.mktemp("saves")
    doc = _valid_save(folder)
    where = data.draw(st.sampled_from(_paths(doc)))
    mutated = _replace(doc, where, data.draw(JSON))
    (folder / f"{GAME_ID}.json").write_text(json.dumps(mutated), encoding="utf-8")
    _load(folder)


@SETTINGS
@given(doc=JSON)
def test_random_documents_as_saves_are_refused(tmp_path_factory: Any, doc: Any) -> None:
    folder = tmp_path_factory.mktemp("saves")
    (folder / f"{GAME_ID}.json").write_text(json.dumps(doc), encoding="utf-8")
    _load(folder)


@SETTINGS
@given(raw=st.binary(max_size=200))
def test_random_bytes_as_saves_are_refused(tmp_path_factory: Any, raw: bytes) -> None:
    folder = tmp_path_factory.mktemp("saves")
    (folder / f"{GAME_ID}.json").write_bytes(raw)
    _load(folder)


@SETTINGS
@given(doc=JSON | st.dictionaries(st.sampled_from(list(Settings().__dict__)), JSON, max_size=6))
def test_any_settings_document_gives_settings(tmp_path_factory: Any, doc: Any) -> None:
    path = tmp_path_factory.mktemp("cfg") / "settings.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    loaded = SettingsStore(path).load()
    assert isinstance(loaded, Settings)
    assert loaded.lang in ("ru", "en")
