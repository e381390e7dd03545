"""Bayon's component data: typed records, loaded and checked from ``data.json``.

Explorers are their printed numbers 1-17, sites their ids 1-30, continents the
indices 0-4 of :data:`CONTINENTS` (Europe ... Australia). Every record of the
file carries a ``provenance`` object (the schema of :mod:`meeple.core.data`).
The flat tables at the end (``ABILITIES``, ``NEEDS`` ...) are indexed by
explorer number or site id so the rules can look values up without a dict.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from meeple.core.data import DataError, check_provenance, int_field, load_json, str_field

CONTINENTS: tuple[str, ...] = ("europe", "africa", "asia", "america", "australia")
SYMBOLS: tuple[str, ...] = ("map", "shovel", "microscope")
GOLD_STEP = 5  # every amount of gold in the game is a multiple of the smallest card
PLAYER_COUNTS = (2, 3, 4)


@dataclass(frozen=True)
class Explorer:
    number: int
    name: str
    abilities: tuple[int, int, int]  # map, shovel, microscope


@dataclass(frozen=True)
class Site:
    id: int
    name: str
    continent: int
    needs: tuple[int, int, int]  # map, shovel, microscope
    value: int


@dataclass(frozen=True)
class BayonData:
    explorers: dict[int, Explorer]
    sites: dict[int, Site]
    costs: tuple[int, ...]  # expedition cost per continent
    gold_cards: tuple[tuple[int, int], ...]  # (value, count)
    starting_explorers: tuple[int, ...]
    removed_explorers: dict[int, tuple[int, ...]]  # by player count
    starting_gold: int
    take_gold: int
    hire_from_basecamp: int
    hire_from_player: int
    max_explorers: int
    interpreter_start: int
    target: dict[int, int]  # by player count

    @property
    def bank_total(self) -> int:
        return sum(value * count for value, count in self.gold_cards)


def _gold(record: dict[str, Any], key: str, where: str) -> int:
    """``record[key]`` as an amount of gold: a positive multiple of the smallest card."""
    value = int_field(record, key, where, GOLD_STEP, 10_000)
    if value % GOLD_STEP:
        raise DataError(f"{where}: {key!r} must be a multiple of {GOLD_STEP} gold, got {value}")
    return value


def _triple(record: dict[str, Any], where: str, high: int) -> tuple[int, int, int]:
    a, b, c = (int_field(record, s, where, 0, high) for s in SYMBOLS)
    return (a, b, c)


def _explorers(entries: list[Any]) -> dict[int, Explorer]:
    explorers: dict[int, Explorer] = {}
    for i, entry in enumerate(entries):
        check_provenance(entry, f"explorer #{i + 1}")
        number = int_field(entry, "number", f"explorer #{i + 1}", 1, 17)
        if number in explorers:
            raise DataError(f"explorer {number} appears twice")
        where = f"explorer {number}"
        explorers[number] = Explorer(number, str_field(entry, "name", where), _triple(entry, where, 3))
    if sorted(explorers) != list(range(1, 18)):
        raise DataError("there must be exactly the 17 explorers numbered 1 to 17")
    return explorers


def _costs(entries: list[Any]) -> tuple[int, ...]:
    for i, entry in enumerate(entries):
        check_provenance(entry, f"continent #{i + 1}")
    names = tuple(str_field(c, "name", f"continent #{i + 1}") for i, c in enumerate(entries))
    if names != CONTINENTS:
        raise DataError(f"the continents must be {', '.join(CONTINENTS)} in that order, got {list(names)}")
    return tuple(_gold(c, "cost", f"continent {c['name']}") for c in entries)


def _sites(entries: list[Any]) -> dict[int, Site]:
    sites: dict[int, Site] = {}
    for i, entry in enumerate(entries):
        check_provenance(entry, f"site #{i + 1}")
        sid = int_field(entry, "id", f"site #{i + 1}", 1, 30)
        if sid in sites:
            raise DataError(f"site id {sid} appears twice")
        where = f"site {sid}"
        continent = str_field(entry, "continent", where)
        if continent not in CONTINENTS:
            raise DataError(f"{where} is on an unknown continent {continent!r}")
        needs = _triple(entry, where, 5)
        if sum(needs) == 0:
            raise DataError(f"{where} needs at least one ability")
        name = str_field(entry, "name", where)
        sites[sid] = Site(sid, name, CONTINENTS.index(continent), needs, _gold(entry, "value", where))
    if sorted(sites) != list(range(1, 31)):
        raise DataError("there must be exactly the 30 sites with ids 1 to 30")
    for c, name in enumerate(CONTINENTS):
        count = sum(1 for s in sites.values() if s.continent == c)
        if count != 6:
            raise DataError(f"{name} must have 6 sites, it has {count}")
    return sites


def _gold_cards(entries: list[Any]) -> tuple[tuple[int, int], ...]:
    cards = []
    for i, entry in enumerate(entries):
        where = f"gold card kind #{i + 1}"
        check_provenance(entry, where)
        cards.append((_gold(entry, "value", where), int_field(entry, "count", where, 0, 18)))
    if sum(count for _, count in cards) != 18:
        raise DataError("there must be 18 gold cards in all")
    return tuple(cards)


def _by_player_count(setup: dict[str, Any], key: str) -> dict[int, Any]:
    table = setup[key]
    if not isinstance(table, dict) or sorted(table) != [str(n) for n in PLAYER_COUNTS]:
        raise DataError(f"setup: {key!r} must give a value for each of 2, 3 and 4 players")
    return {n: table[str(n)] for n in PLAYER_COUNTS}


def parse_data(raw: Any) -> BayonData:
    """Check the raw data file and build :class:`BayonData`; ``DataError`` says what is wrong."""
    if not isinstance(raw, dict):
        raise DataError("the Bayon data must be a JSON object")
    try:
        explorers = _explorers(raw["explorers"])
        costs = _costs(raw["continents"])
        sites = _sites(raw["sites"])
        gold_cards = _gold_cards(raw["gold_cards"])
        setup = raw["setup"]
        check_provenance(setup, "setup")
        starting = tuple(setup["starting_explorers"])
        if sorted(starting) != list(range(1, 7)):
            raise DataError("the starting explorers must be 1 to 6")
        if {explorers[n].abilities for n in starting} != set(permutations((0, 1, 3))):
            raise DataError("explorers 1-6 must show the six orderings of the values 0, 1 and 3")
        removed = {n: tuple(gone) for n, gone in _by_player_count(setup, "removed_explorers").items()}
        for n, gone in removed.items():
            if any(e not in explorers or e in starting for e in gone):
                raise DataError(f"the explorers removed with {n} players must be among 7 to 17")
        targets = {str(n): t for n, t in _by_player_count(setup, "target").items()}
        target = {n: _gold(targets, str(n), "setup target") for n in PLAYER_COUNTS}
        interpreter = str_field(setup, "interpreter_start", "setup")
        if interpreter not in CONTINENTS:
            raise DataError(f"the interpreter starts on an unknown continent {interpreter!r}")
        data = BayonData(
            explorers=explorers,
            sites=sites,
            costs=costs,
            gold_cards=gold_cards,
            starting_explorers=starting,
            removed_explorers=removed,
            starting_gold=_gold(setup, "starting_gold", "setup"),
            take_gold=_gold(setup, "take_gold", "setup"),
            hire_from_basecamp=_gold(setup, "hire_from_basecamp", "setup"),
            hire_from_player=_gold(setup, "hire_from_player", "setup"),
            max_explorers=int_field(setup, "max_explorers", "setup", 1, 4),
            interpreter_start=CONTINENTS.index(interpreter),
            target=target,
        )
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise DataError(f"the Bayon data file is missing or mangles a field: {exc!r}") from None
    if data.bank_total < max(PLAYER_COUNTS) * data.starting_gold:
        raise DataError("the bank cannot give four players their starting gold")
    return data


def load_data(path: str | None = None) -> BayonData:
    """Read and check ``data.json`` (or the file at ``path``)."""
    if path is None:
        return parse_data(load_json("meeple.games.bayon", "data.json"))
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"the Bayon data file is not valid JSON: {exc}") from None
    return parse_data(raw)


DATA = load_data()
EXPLORERS = DATA.explorers
SITES = DATA.sites
COSTS = DATA.costs
EXPLORER_IDS = range(1, 18)
SITE_IDS = range(1, 31)
ABILITIES: tuple[tuple[int, int, int], ...] = ((0, 0, 0), *(EXPLORERS[n].abilities for n in EXPLORER_IDS))
NEEDS: tuple[tuple[int, int, int], ...] = ((0, 0, 0), *(SITES[s].needs for s in SITE_IDS))
SITE_VALUE: tuple[int, ...] = (0, *(SITES[s].value for s in SITE_IDS))
SITE_CONTINENT: tuple[int, ...] = (-1, *(SITES[s].continent for s in SITE_IDS))


def continent_title(c: int) -> str:
    return CONTINENTS[c].capitalize()
