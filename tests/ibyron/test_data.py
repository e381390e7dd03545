"""The component data (``data.json``): the loader's checks, its bounds, and which values are marked designed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import meeple.games.ibyron as ib
from meeple.games.ibyron.data import (
    DATA,
    DataError,
    load,
)


def test_every_unit_on_a_track_can_be_sold_at_once(tmp_path: Path) -> None:
    """The sale bound is data: it may not be smaller than the resource tracks (the loader refuses it)."""
    assert DATA["village"]["max_sell"] >= DATA["player"]["track_max"]
    raw = json.loads(Path(ib.__file__).with_name("data.json").read_text())
    raw["village"]["max_sell"] = raw["player"]["track_max"] - 1
    bad = tmp_path / "data.json"
    bad.write_text(json.dumps(raw))
    with pytest.raises(DataError, match="max_sell"):
        load(bad)


def test_values_the_rulebook_does_not_state_are_marked_designed() -> None:
    """Provenance: values chosen by us, or only inferred from an example, are ``designed``."""
    guild = next(b for b in DATA["buildings"] if b["id"] == "guild_hall")
    assert guild["provenance"]["effect"] == "designed"  # "3-disc buildings" give tech cubes; the track is ours
    court = next(b for b in DATA["buildings"] if b["id"] == "court_house")
    assert court["provenance"]["max"] == "designed"  # one only because we made it a 2-disc building
    assert DATA["explore"]["provenance"]["discs"] == "designed"  # inferred from the Purple example
    ladder = next(sp for sp in DATA["bonus_back"] if sp.get("alt"))
    assert ladder["provenance"]["cost"] == "designed"  # the rulebook names the 2x wood/ore space, not its rung
    assert all(sp["provenance"]["number"] == "designed" for sp in DATA["bonus_front"])  # six spaces, 1-6


def test_data_file_is_checked(tmp_path: object) -> None:
    import json
    from pathlib import Path

    from meeple.games.ibyron.data import DataError, load

    source = Path(ib.__file__).with_name("data.json")
    raw = json.loads(source.read_text())
    del raw["buildings"][0]["provenance"]["cost"]
    bad = Path(str(tmp_path)) / "data.json"
    bad.write_text(json.dumps(raw))
    with pytest.raises(DataError, match="cost"):
        load(bad)
    raw = json.loads(source.read_text())
    raw["tiles"][3]["cells"] = "FFXM"
    bad.write_text(json.dumps(raw))
    with pytest.raises(DataError, match="cells"):
        load(bad)
