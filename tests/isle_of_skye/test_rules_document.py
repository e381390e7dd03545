"""The data tables of Isle of Skye's RULES.md (the page players read) agree with the game's data.

Each test parses one table from RULES.md and checks every row against what the game loads, so a
change to ``tiles.json``, ``rounds.json`` or the scoring tiles that leaves the document behind fails
the test named for that table.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import meeple
from meeple.games.isle_of_skye import data as skye_data
from meeple.games.isle_of_skye import scoring as skye_scoring
from tests import rules_document

RULES = Path(skye_data.__file__).with_name("RULES.md")


def table(header: tuple[str, ...]) -> list[list[str]]:
    return rules_document.table_headed(RULES, header)


def first_number(text: str) -> int:
    found = re.search(r"\d+", text)
    assert found, f"no number in {text!r}"
    return int(found.group())


def test_round_track_table_matches_rounds_json() -> None:
    rows = table(("players", "round", "scoring tiles", "catch-up gold per player ahead"))
    for players, label in ((4, "2–4"), (5, "5")):
        documented = [
            (int(round_no), tuple(letters.split(", ")), int(gold))
            for who, round_no, letters, gold in rows
            if who == label
        ]
        loaded = [(r.number, r.letters, r.gold_per_player_ahead) for r in skye_data.rounds_for(players)]
        assert documented == loaded, f"the round track for {label} players"
    assert {row[0] for row in rows} == {"2–4", "5"}


def test_fixed_amounts_table_matches_rounds_json() -> None:
    keys = {
        "castle income": "castle_income",
        "whisky income per tile joined to the castle": "whisky_income_per_connected_tile",
        "tiles drawn per player": "tiles_drawn_per_player",
        "gold per final point": "gold_per_final_vp",
        "starting gold": "starting_gold",
    }
    rows = table(("amount", "value"))
    assert [name for name, _value in rows] == list(keys)
    for name, value in rows:
        assert int(value) == skye_data.ROUNDS[keys[name]], name


def test_feature_table_matches_tiles_json() -> None:
    figures: Counter[str] = Counter()
    carriers: Counter[str] = Counter()
    scrolls: Counter[str] = Counter()
    for tile in skye_data.TILES:
        if tile.kind != "landscape":
            continue
        for feature, count in tile.features:
            figures[feature] += count
            carriers[feature] += 1
        if tile.scroll:
            scrolls[tile.scroll] += 1
    rows = table(("feature", "figures", "tiles carrying it", "scrolls of this kind"))
    assert sorted(row[0] for row in rows) == sorted(skye_data.FEATURES)
    for feature, n_figures, n_tiles, n_scrolls in rows:
        assert (int(n_figures), int(n_tiles), int(n_scrolls)) == (
            figures[feature],
            carriers[feature],
            scrolls[feature],
        ), feature
    assert len(skye_data.LANDSCAPE_IDS) == 73


def test_scoring_tile_table_names_every_scoring_tile_with_its_title_and_points() -> None:
    rows = table(("id", "title", "pays", "how we read it"))
    documented = {row[0].strip("`"): row for row in rows}
    assert len(documented) == len(rows), "an id is listed twice"
    assert set(documented) == set(skye_scoring.SCORING_TILES)
    for tile_id, (_id, title, pays, _reading) in documented.items():
        tile = skye_scoring.SCORING_TILES[tile_id]
        assert title == tile.title, tile_id
        assert first_number(pays) == first_number(tile.text), tile_id
    option = next(o for o in meeple.GAMES["isle_of_skye"].options if o.name == "scoring")
    assert {tid for tid, _label in option.pick_from} == set(documented)


def test_scroll_table_matches_final_scoring() -> None:
    rows = table(("scroll", "pays"))
    assert sorted(row[0] for row in rows) == sorted(skye_data.SCROLL_KINDS)
    for kind, pays in rows:
        per = re.fullmatch(r"1 per (\d+ )?\w[\w ]*", pays)
        assert per, pays
        divisor = int(per.group(1)) if per.group(1) else 1
        assert divisor == skye_scoring.SCROLL_DIVISOR[kind], kind
