"""RULES.md's component tables say what ``data.json`` says.

The player's page lists the prices, continents, gold cards, explorers and sites.
Each table is parsed from the document and every row checked against the data
the game loads (``meeple.games.bayon.data``), so editing ``data.json`` without
the document, or the document without the data, fails the test of that table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from meeple.core.data import load_json
from meeple.games.bayon import data as bayon_data
from meeple.games.bayon.data import CONTINENTS, DATA
from tests import rules_document

RULES = Path(bayon_data.__file__).with_name("RULES.md")


def table_under(heading: str) -> list[list[str]]:
    return rules_document.table_under(RULES, heading)


def raw_data() -> dict[str, Any]:
    raw: dict[str, Any] = load_json("meeple.games.bayon", "data.json")
    return raw


def players_text(explorer: int) -> str:
    """When an explorer is in play, in the words of the table's last column."""
    if explorer in DATA.starting_explorers:
        return "start"
    counts = [n for n, gone in sorted(DATA.removed_explorers.items()) if explorer not in gone]
    return f"{counts[0]}–{counts[-1]} players" if len(counts) > 1 else f"{counts[0]} players"


def test_the_prices_and_setup_table_matches_the_data() -> None:
    setup = raw_data()["setup"]["provenance"]
    expected = {
        "starting gold": (DATA.starting_gold, setup["starting_gold"]),
        "take gold": (DATA.take_gold, setup["take_gold"]),
        "hire from the basecamp": (DATA.hire_from_basecamp, setup["hire_from_basecamp"]),
        "hire from another player": (DATA.hire_from_player, setup["hire_from_player"]),
        "most explorers held": (DATA.max_explorers, setup["max_explorers"]),
        **{f"target, {n} players": (t, setup["target"]) for n, t in DATA.target.items()},
    }
    rows = table_under("### Prices and set-up")
    assert {name: (int(amount), source) for name, amount, source in rows} == expected
    assert len(rows) == len(expected)


def test_the_continents_table_matches_the_expedition_prices() -> None:
    provenance = {c["name"]: c["provenance"]["cost"] for c in raw_data()["continents"]}
    rows = table_under("### Continents")
    assert [row[0] for row in rows] == list(CONTINENTS)
    for name, price, source in rows:
        assert int(price) == DATA.costs[CONTINENTS.index(name)], name
        assert source == provenance[name], name


def test_the_gold_cards_table_matches_the_bank() -> None:
    provenance = {card["value"]: card["provenance"]["count"] for card in raw_data()["gold_cards"]}
    rows = table_under("### Gold cards")
    assert [(int(value), int(count)) for value, count, _ in rows] == list(DATA.gold_cards)
    assert all(source == provenance[int(value)] for value, _, source in rows)


def test_the_explorers_table_lists_every_explorer_with_its_abilities() -> None:
    rows = table_under("### Explorers")
    assert [int(row[0]) for row in rows] == sorted(DATA.explorers)
    for number, name, map_, shovel, microscope, in_play in rows:
        explorer = DATA.explorers[int(number)]
        assert name == explorer.name, number
        assert (int(map_), int(shovel), int(microscope)) == explorer.abilities, number
        assert in_play == players_text(explorer.number), number


def test_the_sites_table_lists_every_site_with_its_needs_and_value() -> None:
    rows = table_under("### Sites")
    assert [int(row[0]) for row in rows] == sorted(DATA.sites)
    for number, name, continent, map_, shovel, microscope, value in rows:
        site = DATA.sites[int(number)]
        assert name == site.name, number
        assert continent == CONTINENTS[site.continent], number
        assert (int(map_), int(shovel), int(microscope)) == site.needs, number
        assert int(value) == site.value, number
