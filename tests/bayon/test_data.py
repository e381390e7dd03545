"""The component data file: its shape, its provenance and its checks."""

from __future__ import annotations

import copy
import json
from importlib import resources
from itertools import permutations
from pathlib import Path
from typing import Any

import pytest

from meeple.core.data import PROVENANCES, DataError
from meeple.games.bayon.data import CONTINENTS, DATA, load_data, parse_data


def raw() -> dict[str, Any]:
    text = resources.files("meeple.games.bayon").joinpath("data.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def records(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every record of the file that holds component values."""
    return [*data["explorers"], *data["continents"], *data["sites"], *data["gold_cards"], data["setup"]]


def test_every_value_has_a_provenance() -> None:
    seen = set()
    for record in records(raw()):
        prov = record["provenance"]
        assert set(prov) == set(record) - {"provenance"}, record
        assert set(prov.values()) <= set(PROVENANCES)
        seen |= set(prov.values())
    assert seen == {"rulebook", "public", "designed"}


def test_the_components() -> None:
    assert sorted(DATA.explorers) == list(range(1, 18))
    assert {DATA.explorers[n].abilities for n in range(1, 7)} == set(permutations((0, 1, 3)))
    assert len(DATA.sites) == 30
    for c in range(5):
        assert sum(1 for s in DATA.sites.values() if s.continent == c) == 6
    assert DATA.costs == (5, 10, 15, 20, 25)
    assert sum(count for _, count in DATA.gold_cards) == 18
    assert {value for value, _ in DATA.gold_cards} == {5, 10}
    pyramids = next(s for s in DATA.sites.values() if s.name == "Pyramids")
    assert CONTINENTS[pyramids.continent] == "africa" and pyramids.needs == (3, 1, 1)


def test_the_design_is_balanced() -> None:
    # Every group of explorers added with more players, and every continent's
    # six sites, ask for and offer the three abilities equally.
    for group in (range(1, 7), range(7, 10), range(10, 14), range(14, 18)):
        totals = [sum(DATA.explorers[n].abilities[i] for n in group) for i in range(3)]
        assert len(set(totals)) == 1, group
    for c in range(5):
        sites = [s for s in DATA.sites.values() if s.continent == c]
        totals = [sum(s.needs[i] for s in sites) for i in range(3)]
        assert len(set(totals)) == 1, CONTINENTS[c]
        assert all(s.value > DATA.costs[c] for s in sites)
    # Dearer continents pay more and ask more.
    for c in range(4):
        here = [s for s in DATA.sites.values() if s.continent == c]
        there = [s for s in DATA.sites.values() if s.continent == c + 1]
        assert max(s.value for s in here) < min(s.value for s in there)
    needs = [sum(s.needs) for s in DATA.sites.values()]
    values = [s.value for s in DATA.sites.values()]
    assert min(needs) == 2 and max(needs) == 12 and min(values) == 20 and max(values) == 120


def test_the_bank_can_run_out() -> None:
    from tests.bayon.helpers import game

    state = game(2, seed=0, max_rounds=0, target=5000)
    assert state.bank == DATA.bank_total - 2 * DATA.starting_gold == 100
    for _ in range(20):
        state.apply("gold")
    assert state.bank == 0 and sum(state.gold) == DATA.bank_total
    assert "gold" not in [str(a) for a in state.legal_actions()]


def broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(raw())
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["explorers"].pop(), "17 explorers"),
        (lambda d: d["explorers"][0].update(map=4), "explorer 1: 'map' must be a whole number from 0 to 3"),
        (lambda d: d["explorers"][0].update(map=3), "six orderings"),
        (lambda d: d["explorers"][0]["provenance"].update(map="guess"), "provenance of 'map' is 'guess'"),
        (lambda d: d["explorers"][0]["provenance"].pop("map"), "field 'map' has no provenance"),
        (lambda d: d["explorers"][0].pop("provenance"), "needs a 'provenance' object"),
        (lambda d: d["sites"][0].update(value=22), "multiple of 5"),
        (lambda d: d["sites"][0].update(continent="atlantis"), "unknown continent"),
        (lambda d: d["sites"][0].update(continent="africa"), "europe must have 6 sites"),
        (lambda d: d["sites"][3].update(id=1), "appears twice"),
        (lambda d: d["gold_cards"][0].update(count=9), "18 gold cards"),
        (lambda d: d["continents"].reverse(), "in that order"),
        (lambda d: d["setup"]["target"].pop("3"), "each of 2, 3 and 4 players"),
        (lambda d: (d["setup"].pop("target"), d["setup"]["provenance"].pop("target")), "missing"),
    ],
)
def test_bad_data_is_rejected_with_a_reason(change: Any, message: str) -> None:
    with pytest.raises(DataError, match=message):
        parse_data(broken(change))


def test_load_data_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "bayon.json"
    path.write_text(json.dumps(raw()))
    assert load_data(str(path)) == DATA
    path.write_text("{not json")
    with pytest.raises(ValueError, match="not valid JSON"):
        load_data(str(path))
