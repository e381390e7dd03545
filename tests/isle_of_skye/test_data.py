"""The tile and round data: public totals, fixed defects, and validation at load."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from meeple.core.data import PROVENANCES, DataError, load_json
from meeple.games.isle_of_skye.data import (
    FEATURES,
    FITS,
    LANDSCAPE_IDS,
    PACKAGE,
    ROUNDS,
    TILES,
    parse_rounds,
    parse_tile,
    rotated_terrain,
    rounds_for,
)


def raw_tiles() -> list[dict[str, Any]]:
    return load_json(PACKAGE, "tiles.json")["tiles"]  # type: ignore[no-any-return]


def test_five_castles_and_73_landscapes() -> None:
    assert len(TILES) == 78
    assert [t.kind for t in TILES[:5]] == ["castle"] * 5
    assert len(LANDSCAPE_IDS) == 73 and tuple(range(5, 78)) == LANDSCAPE_IDS
    assert {t.colour for t in TILES[:5]} == {"blue", "yellow", "red", "white", "green"}


def test_feature_totals_match_the_public_counts() -> None:
    land = [t for t in TILES if t.kind == "landscape"]
    totals = {f: sum(t.count(f) for t in land) for f in FEATURES}
    tiles_with = {f: sum(1 for t in land if t.count(f)) for f in FEATURES}
    assert totals == {"whisky": 27, "sheep": 25, "cattle": 15, "farm": 15, "broch": 14, "lighthouse": 15, "ship": 27}
    assert tiles_with["whisky"] == 27 and tiles_with["sheep"] == 19
    assert tiles_with["cattle"] == 14 and tiles_with["ship"] == 22
    scrolls = [t.scroll for t in land if t.scroll]
    assert len(scrolls) == 14
    assert sorted(set(scrolls)) == sorted(FEATURES) and all(scrolls.count(k) == 2 for k in FEATURES)


def test_known_transcription_defects_are_fixed() -> None:
    raw = {t["id"]: t for t in raw_tiles()}
    assert TILES[31].centre == "w" and raw[31]["provenance"]["centre"] == "designed"
    assert "money" not in raw[20]
    assert all(t.kind == "castle" or "money" not in raw[t.id] for t in TILES)


def test_every_value_has_a_provenance() -> None:
    for raw in raw_tiles():
        fields = set(raw) - {"provenance", "notes"}
        assert set(raw["provenance"]) == fields
        assert all(raw["provenance"][name] in PROVENANCES for name in fields)
        assert raw["provenance"]["regions"] == "designed"
    rounds = load_json(PACKAGE, "rounds.json")
    for key, block in rounds.items():
        if not key.startswith("_"):
            assert set(block["provenance"]) == set(block) - {"provenance", "_note"}


def test_region_model_separates_same_terrain_edges() -> None:
    # Tile 49: a mountain ridge East-West splits two bays of water.
    waters = [r for r in TILES[49].regions if r.terrain == "w"]
    assert [r.edges for r in waters] == [(0,), (2,)]
    # Tile 9: an inland loch touches no edge and holds the ship.
    assert TILES[9].regions[0].terrain == "w" and TILES[9].regions[0].edges == ()
    assert TILES[9].region_of("ship") == 0


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("edges", "gwx", "four letters"),
        ("centre", "e", "centre must be"),
        ("regions", [{"terrain": "g", "edges": [0, 1, 2, 3]}], "cannot touch edge"),
        ("regions", [{"terrain": "g", "edges": [0]}], "exactly one region"),
        ("feature_regions", {"whisky": 0, "ship": 0}, "cannot stand in a pasture region"),
        ("provenance", {"edges": "public"}, "has no provenance"),
        ("features", {"dragons": 1}, "unknown features"),
    ],
)
def test_bad_tile_data_is_rejected_with_a_reason(field: str, value: object, message: str) -> None:
    raw = copy.deepcopy(raw_tiles()[5])
    raw[field] = value
    with pytest.raises(DataError, match=message):
        parse_tile(raw)


def test_round_tables() -> None:
    four = rounds_for(4)
    five = rounds_for(5)
    assert len(four) == 6 and len(five) == 5
    assert rounds_for(2) == rounds_for(3) == four
    assert [r.letters for r in four] == [("A",), ("B",), ("A", "C"), ("B", "D"), ("A", "C", "D"), ("B", "C", "D")]
    assert [r.gold_per_player_ahead for r in four] == [0, 0, 1, 2, 3, 4]
    assert [r.gold_per_player_ahead for r in five] == [0, 0, 1, 2, 3]
    assert ROUNDS["castle_income"] == 5 and ROUNDS["gold_per_final_vp"] == 5


def test_rounds_file_must_use_each_letter_three_times() -> None:
    doc = copy.deepcopy(load_json(PACKAGE, "rounds.json"))
    doc["players_5"]["rounds"][0]["scoring"] = ["A"]
    with pytest.raises(DataError, match="each tile scores 3 times"):
        parse_rounds(doc)


def test_a_fixed_amount_needs_its_provenance() -> None:
    doc = copy.deepcopy(load_json(PACKAGE, "rounds.json"))
    doc["castle_income"]["provenance"] = "rulebook"
    with pytest.raises(DataError, match="provenance"):
        parse_rounds(doc)


def test_rotation_moves_edges_clockwise() -> None:
    castle = TILES[0]  # N g, E w, S g, W m
    assert [rotated_terrain(castle, 1, d) for d in range(4)] == ["m", "g", "w", "g"]
    # The fit table agrees: water required to the South fits the castle turned 90 degrees.
    pattern_south_water = 2 << (2 * 2)
    assert 1 in FITS[0][pattern_south_water] and 0 not in FITS[0][pattern_south_water]
