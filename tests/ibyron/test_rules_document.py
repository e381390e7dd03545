"""The data tables of Ibyron's RULES.md (the page players read) agree with ``data.json``.

Each test parses one table from RULES.md and checks every row against the data the game loads,
so a change to ``data.json`` that leaves the document behind fails the test named for that table.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests import rules_document

from meeple.games.ibyron import data as ibyron_data

RULES = Path(ibyron_data.__file__).with_name("RULES.md")
DATA: dict[str, Any] = ibyron_data.DATA

# How the document words a building's site and a cost's parts.
SITE_WORDS = {
    "forest": "forest",
    "field": "field",
    "mountain": "mountain",
    "home": "your starting farm",
    "any": "any empty space",
    "castle_gate": "your Castle Gate",
    "castle_treasury": "your Castle Treasury",
    "castle_walls": "your Castle Walls",
}
COST_WORDS = {"wood": "wood", "ore": "ore", "stone": "stone", "gold": "gold", "horses": "horse", "tech cubes": "cube"}
# A word each effect's description must hold.
EFFECT_WORDS = {
    "tech_lumber": "Lumber Mill track +1 level",
    "tech_refinery": "Refinery track +1 level",
    "tech_taxing": "Taxing track +1 level",
    "ships": "ships",
    "keep_horses": f"keep {DATA['stable']['keep_horses']} horses",
    "food_2": f"+{DATA['church']['food']} food",
    "food_gold_trade": f"{DATA['court_house']['food']} food ↔ {DATA['court_house']['gold']} gold",
    "horses_2": f"+{DATA['castle_gate']['horses']} horses",
    "treasury": f"+${DATA['treasury']['coins']}; keep up to ${DATA['treasury']['keep_coins']}",
    "retrieve_reserve": "reserve stack",
}
FIELD_WORDS = {"discs": "discs", "site": "site", "cost": "cost", "effect": "effect", "max": "at most"}
GAIN_WORDS = {"gold": "gold", "horse": "horse", "wood": "wood", "ore": "ore", "stone": "stone"}


def table(header: tuple[str, ...]) -> list[list[str]]:
    return rules_document.table_headed(RULES, header)


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def gain_of(text: str) -> dict[str, int]:
    """'2 wood' -> {'wood': 2}; '$3' -> {'coins': 3}."""
    coins = re.fullmatch(r"\$(\d+)", text)
    if coins:
        return {"coins": int(coins.group(1))}
    amount, word = text.split(" ", 1)
    return {GAIN_WORDS[word]: int(amount)}


def test_land_tile_table_matches_data_json() -> None:
    roles = {
        "center": "centre tile",
        "seat0": "seat 0's starting tile",
        "seat1": "seat 1's starting tile",
        "seat2": "seat 2's starting tile",
        "seat3": "seat 3's starting tile",
        "pile": "supply",
    }
    rows = table(("tile", "spaces, clockwise from top-left", "use"))
    assert len(rows) == len(DATA["tiles"])
    for (tile_id, cells, use), tile in zip(rows, DATA["tiles"], strict=True):
        assert int(tile_id) == tile["id"]
        assert cells == tile["cells"], f"tile {tile_id}"
        assert use.startswith(roles[tile["role"]]), f"tile {tile_id}"


def test_gathering_table_matches_the_tech_levels() -> None:
    rows = table(("level", "foremen", "yield per disc"))
    assert [tuple(int(cell) for cell in row) for row in rows] == [
        (level["level"], level["foremen"], level["yield"]) for level in DATA["tech"]["gather"]
    ]
    assert len(rows) == DATA["tech"]["levels"]


def test_bonus_front_table_matches_data_json() -> None:
    rows = table(("front space", "gain"))
    assert [(int(number), gain_of(gain)) for number, gain in rows] == [
        (space["number"], space["gain"]) for space in DATA["bonus_front"]
    ]


def test_bonus_back_table_matches_data_json() -> None:
    rows = table(("back rung (discs)", "gain"))
    assert len(rows) == len(DATA["bonus_back"])
    for (rung, gain), space in zip(rows, DATA["bonus_back"], strict=True):
        assert int(rung) == space["cost"]
        options = [part.strip() for part in re.split(r",(?: or)?", gain)]
        assert gain_of(options[0]) == space["gain"], f"rung {rung}"
        named = [gain_of(option) for option in options if option != "1 of each"]
        alternatives = named[1:]
        if "1 of each" in options:  # one of each resource the row names
            alternatives.append({resource: 1 for gain in named for resource in gain})
        assert alternatives == space.get("alt", []), f"rung {rung}"


def test_starting_building_table_matches_data_json() -> None:
    rows = {row[0]: row[1:] for row in table(("starting building", "when gained", "afterwards"))}
    starting = {entry["id"]: entry for entry in DATA["starting_buildings"]}
    assert set(rows) == {name.capitalize() for name in starting}
    bank, garden, foundry = starting["bank"], starting["garden"], starting["foundry"]
    assert numbers(rows["Bank"][0]) == [bank["coins"]] and numbers(rows["Bank"][1]) == [bank["keep_coins"]]
    assert numbers(rows["Garden"][0]) == [garden["food"]]
    assert numbers(rows["Foundry"][1]) == [foundry["with_stone"], foundry["with_ore"], foundry["replaces_stone"]]


def test_island_building_table_matches_data_json() -> None:
    rows = table(("building", "discs", "site", "cost", "effect", "at most", "designed"))
    assert [row[0] for row in rows] == [b["name"] for b in DATA["buildings"]]
    for (name, discs, site, cost, effect, most, designed), entry in zip(rows, DATA["buildings"], strict=True):
        assert int(discs) == entry["discs"], name
        assert site == SITE_WORDS[entry["site"]], name
        documented_cost = {}
        for part in cost.split(", "):
            amount, word = part.split(" ", 1)
            documented_cost[COST_WORDS[word]] = int(amount)
        assert documented_cost == entry["cost"], name
        assert EFFECT_WORDS[entry["effect"]] in effect, name
        assert int(most) == entry["max"], name
        ours = [FIELD_WORDS[field] for field, source in entry["provenance"].items() if source == "designed"]
        assert designed == (", ".join(ours) or "—"), name


def test_beginner_points_table_matches_data_json() -> None:
    points = DATA["victory_points"]
    expected = {
        "each level-1 building": points["level1"],
        "each level-2 building": points["level2"],
        "each level-3 building": points["level3"],
        "a Harbour": points["harbour"],
        "a complete castle": points["castle"],
        "each gold": points["gold"],
        f"each full ${points['coins_per_point']}": 1,
        "each point of food": points["food"],
        "each loose disc outside the reserve": points["loose_disc"],
        f"each full {ibyron_data.STACK} discs still in reserve": points["reserve_per_3"],
    }
    rows = table(("scores", "points"))
    assert len(rows) == len(expected)
    for (what, value), (start, wanted) in zip(rows, expected.items(), strict=True):
        assert what.startswith(start), what
        assert int(value.replace("−", "-")) == wanted, what
