"""Golden records: old games must keep meaning the same game.

A record replays from its seed, so a change to the rules, the data or the
order of random draws silently changes what an old record means. Each game's
folder here holds records with the fingerprint of the state they replay to.
A record of the current ``rules_version`` must replay to exactly that state,
so an unversioned change fails here; a record of another version must be
refused with a message naming both versions.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import meeple
from meeple.core import Record
from tests.golden.make_golden import HERE, state_digest

FILES = sorted(HERE.glob("*/*.json"))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_golden_record(path: Path) -> None:
    data = json.loads(path.read_text())
    record = Record.from_json(json.dumps(data["record"]))
    info = meeple.GAMES[record.game]
    assert path.parent.name == record.game
    if record.rules_version == info.rules_version:
        state = meeple.replay(record)
        assert state_digest(state) == data["state_sha256"], (
            f"{path.name} no longer replays to the same game: bump {info.title}'s rules_version "
            "and add golden records for the new version (python -m tests.golden.make_golden)"
        )
    else:
        with pytest.raises(ValueError, match=rf"version {record.rules_version}\b.*version {info.rules_version}\b"):
            meeple.replay(record)


@pytest.mark.parametrize("game", sorted(meeple.GAMES))
def test_every_game_has_golden_records_of_its_current_version(game: str) -> None:
    version = meeple.GAMES[game].rules_version
    current = list((HERE / game).glob(f"v{version}-*.json"))
    assert len(current) >= 3, f"{game} needs golden records of rules version {version}"
