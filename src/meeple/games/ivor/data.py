"""Ivor the Engine component data: the map, the cards and the counts, read from
``data.json`` and checked at import.

Every record in the file has a ``provenance`` object naming, for each of its
other fields, where the value comes from (``rulebook``, ``public`` or
``designed``). A player who owns the physical game can edit the file to match
their copy; :func:`load` then says exactly what is wrong if the edit breaks a
rule the code relies on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PROVENANCES = frozenset({"rulebook", "public", "designed"})

SPECIAL_KINDS = frozenset({"extra_moves", "sleeping_idris", "runaway_sheep", "extra_card"})
EFFECT_KINDS = frozenset(
    {
        "everyone_gains_sheep",
        "everyone_gains_coal",
        "sheep_to_towns",
        "sheep_to_location",
        "poorest_gain_gold",
        "idris_wakes",
        "leaders_lose_sheep",
        "sheep_to_empty_villages",
        "coal_returned",
        "sheep_leave_crowds",
        "sheep_to_token_locations",
    }
)
BONUS_KINDS = frozenset({"flat", "per_job_at", "per_job", "per_gold", "per_lost_sheep_token", "per_six_sheep"})


@dataclass(frozen=True)
class Location:
    index: int
    id: str  # the notation name: lower case, hyphens
    name: str
    is_town: bool
    x: int
    y: int


@dataclass(frozen=True)
class Job:
    id: int
    name: str
    location: int  # location index
    sheep: int
    gold: int
    coal: int
    special: str  # one of SPECIAL_KINDS
    amount: int  # extra moves / extra cards / runaway range; 0 for sleeping Idris

    def special_text(self) -> str:
        return special_text(self.special, self.amount)


@dataclass(frozen=True)
class Event:
    id: int
    name: str
    effect: str  # one of EFFECT_KINDS
    effect_amount: int
    effect_location: int  # location index, -1 when the effect names none
    effect_above: int  # threshold for coal_returned / sheep_leave_crowds
    bonus: str  # one of BONUS_KINDS
    bonus_amount: int
    bonus_location: int  # location index for per_job_at, else -1


@dataclass(frozen=True)
class IvorData:
    locations: tuple[Location, ...]
    adjacency: tuple[tuple[int, ...], ...]  # ordinary connections (single-track lines and lighter borders)
    connections: tuple[tuple[int, int, str], ...]  # (a, b, "track" | "border") for drawing
    dark_borders: tuple[tuple[int, int], ...]  # drawn only; no movement across them
    main_line: tuple[int, int]
    jobs: tuple[Job, ...]
    events: tuple[Event, ...]
    token_values: tuple[int, ...]  # the 20 lost-sheep token numbers
    components: dict[str, Any]


def special_text(kind: str, amount: int) -> str:
    """The special action in a few plain words (for views and RULES.md)."""
    if kind == "extra_moves":
        return f"{amount} extra moves this turn"
    if kind == "sleeping_idris":
        return "Sleeping Idris: block a location until your next turn"
    if kind == "runaway_sheep":
        return f"Runaway sheep: take 1 sheep from a location up to {amount} lines away"
    return f"take {amount} more card from the card line now"


class DataError(ValueError):
    """The data file breaks a rule the game relies on."""


def _check_provenance(record: dict[str, Any], where: str) -> None:
    prov = record.get("provenance")
    if not isinstance(prov, dict):
        raise DataError(f"{where}: every record needs a 'provenance' object")
    for key in record:
        if key == "provenance":
            continue
        if key not in prov:
            raise DataError(f"{where}: field {key!r} has no provenance")
        if prov[key] not in PROVENANCES:
            raise DataError(f"{where}: provenance of {key!r} is {prov[key]!r}, not one of {sorted(PROVENANCES)}")
    extra = set(prov) - set(record)
    if extra:
        raise DataError(f"{where}: provenance names fields that do not exist: {sorted(extra)}")


def _int(record: dict[str, Any], key: str, where: str, low: int, high: int) -> int:
    value = record.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise DataError(f"{where}: {key!r} must be an integer from {low} to {high}, got {value!r}")
    return value


def parse(raw: dict[str, Any]) -> IvorData:
    """Check ``raw`` (the decoded JSON) and build the game's data; raises :class:`DataError`."""
    comps = raw.get("components")
    if not isinstance(comps, dict):
        raise DataError("'components' is missing")
    _check_provenance(comps, "components")
    components = {k: v for k, v in comps.items() if k != "provenance"}
    for key in ("gold", "coal", "sleeping_idris_tokens", "hand_limit", "line_size", "hand_size", "events_removed",
                "start_gold", "start_coal", "lost_sheep_bonus", "coal_per_gold", "main_line_coal", "event_line_wipe"):
        _int(components, key, "components", 0, 100)
    ends = components.get("sheep_to_end")
    if not isinstance(ends, dict) or not all(isinstance(v, int) and v > 0 for v in ends.values()):
        raise DataError("components: 'sheep_to_end' must map player counts to positive integers")

    locations: list[Location] = []
    index_of: dict[str, int] = {}
    for i, rec in enumerate(raw.get("locations", [])):
        where = f"location {i}"
        _check_provenance(rec, where)
        lid, name, kind = rec.get("id"), rec.get("name"), rec.get("kind")
        if not isinstance(lid, str) or not lid or lid != lid.lower() or " " in lid:
            raise DataError(f"{where}: id must be lower case with hyphens, got {lid!r}")
        if lid in index_of:
            raise DataError(f"{where}: duplicate id {lid!r}")
        if not isinstance(name, str) or kind not in ("town", "village"):
            raise DataError(f"{where}: needs a name and kind 'town' or 'village'")
        index_of[lid] = i
        locations.append(
            Location(i, lid, name, kind == "town", _int(rec, "x", where, 0, 1000), _int(rec, "y", where, 0, 700))
        )
    if len(locations) != 20:
        raise DataError(f"the board has 20 locations, the data lists {len(locations)}")

    def loc(value: Any, where: str) -> int:
        if value not in index_of:
            raise DataError(f"{where}: unknown location {value!r}")
        return index_of[value]

    neighbours: list[set[int]] = [set() for _ in locations]
    connections: list[tuple[int, int, str]] = []
    for i, rec in enumerate(raw.get("connections", [])):
        where = f"connection {i}"
        _check_provenance(rec, where)
        a, b = loc(rec.get("a"), where), loc(rec.get("b"), where)
        if a == b or b in neighbours[a]:
            raise DataError(f"{where}: a self-loop or a repeated connection")
        if rec.get("kind") not in ("track", "border"):
            raise DataError(f"{where}: kind must be 'track' or 'border'")
        neighbours[a].add(b)
        neighbours[b].add(a)
        connections.append((a, b, rec["kind"]))
    dark: list[tuple[int, int]] = []
    for i, rec in enumerate(raw.get("dark_borders", [])):
        where = f"dark border {i}"
        _check_provenance(rec, where)
        a, b = loc(rec.get("a"), where), loc(rec.get("b"), where)
        if b in neighbours[a]:
            raise DataError(f"{where}: {locations[a].id} and {locations[b].id} are also connected")
        dark.append((a, b))
    # Every location must be reachable by ordinary moves.
    seen, frontier = {0}, [0]
    while frontier:
        here = frontier.pop()
        for nxt in neighbours[here]:
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    if len(seen) != len(locations):
        lost = sorted(locations[i].id for i in set(range(len(locations))) - seen)
        raise DataError(f"the map is not connected: cannot reach {lost}")
    main = raw.get("main_line")
    if not isinstance(main, dict):
        raise DataError("'main_line' is missing")
    _check_provenance(main, "main line")
    main_line = (loc(main.get("a"), "main line"), loc(main.get("b"), "main line"))
    if main_line[0] == main_line[1] or main_line[1] in neighbours[main_line[0]]:
        raise DataError("the main line must join two different locations that are not otherwise adjacent")

    tokens = raw.get("lost_sheep_tokens")
    if not isinstance(tokens, dict):
        raise DataError("'lost_sheep_tokens' is missing")
    _check_provenance(tokens, "lost sheep tokens")
    counts = tokens.get("counts")
    if not isinstance(counts, dict) or set(counts) != {"0", "1", "2", "3", "4"}:
        raise DataError("lost sheep tokens: 'counts' must give how many tokens show each number 0 to 4")
    token_values: list[int] = []
    for number, count in sorted(counts.items()):
        if not isinstance(count, int) or count < 0:
            raise DataError(f"lost sheep tokens: count of {number!r} must be a non-negative integer")
        token_values += [int(number)] * count
    if len(token_values) != len(locations):
        raise DataError(f"there must be one lost sheep token per location, counts give {len(token_values)}")

    jobs: list[Job] = []
    for i, rec in enumerate(raw.get("jobs", [])):
        where = f"job {i + 1}"
        _check_provenance(rec, where)
        if rec.get("id") != i + 1:
            raise DataError(f"{where}: jobs must be numbered 1, 2, 3... in order, got id {rec.get('id')!r}")
        special = rec.get("special")
        if not isinstance(special, dict) or special.get("kind") not in SPECIAL_KINDS:
            raise DataError(f"{where}: special kind must be one of {sorted(SPECIAL_KINDS)}")
        kind = special["kind"]
        if kind == "sleeping_idris":
            amount = 0
        else:
            key = "range" if kind == "runaway_sheep" else "amount"
            amount = _int(special, key, where + " special", 1, 5)
        gold, coal = _int(rec, "gold", where, 0, 1), _int(rec, "coal", where, 0, 1)
        if gold and coal:
            raise DataError(f"{where}: a job rewards 1 gold or 1 coal, not both")
        jobs.append(
            Job(i + 1, str(rec.get("name")), loc(rec.get("location"), where), _int(rec, "sheep", where, 1, 9),
                gold, coal, kind, amount)
        )
    if len(jobs) != 50:
        raise DataError(f"there are 50 job cards, the data lists {len(jobs)}")

    events: list[Event] = []
    for i, rec in enumerate(raw.get("events", [])):
        number = len(jobs) + i + 1
        where = f"event {number}"
        _check_provenance(rec, where)
        if rec.get("id") != number:
            raise DataError(f"{where}: events are numbered after the jobs, expected id {number}")
        effect, bonus = rec.get("effect"), rec.get("bonus")
        if not isinstance(effect, dict) or effect.get("kind") not in EFFECT_KINDS:
            raise DataError(f"{where}: effect kind must be one of {sorted(EFFECT_KINDS)}")
        if not isinstance(bonus, dict) or bonus.get("kind") not in BONUS_KINDS:
            raise DataError(f"{where}: bonus kind must be one of {sorted(BONUS_KINDS)}")
        ekind = effect["kind"]
        e_loc = loc(effect.get("location"), where) if ekind in ("sheep_to_location", "idris_wakes") else -1
        e_above = 0
        if ekind == "coal_returned":
            e_above = _int(effect, "above", where, 0, 12)
        elif ekind == "sheep_leave_crowds":
            e_above = _int(effect, "at_least", where, 1, 9)
        b_loc = loc(bonus.get("location"), where) if bonus["kind"] == "per_job_at" else -1
        events.append(
            Event(number, str(rec.get("name")), ekind, _int(effect, "amount", where, 1, 5), e_loc, e_above,
                  bonus["kind"], _int(bonus, "amount", where, 1, 5), b_loc)
        )
    if len(events) != 11:
        raise DataError(f"there are 11 event cards, the data lists {len(events)}")
    if components["events_removed"] >= len(events):
        raise DataError("more events removed than there are")

    return IvorData(
        locations=tuple(locations),
        adjacency=tuple(tuple(sorted(n)) for n in neighbours),
        connections=tuple(connections),
        dark_borders=tuple(dark),
        main_line=main_line,
        jobs=tuple(jobs),
        events=tuple(events),
        token_values=tuple(token_values),
        components=components,
    )


def load(path: Path | None = None) -> IvorData:
    path = path or Path(__file__).with_name("data.json")
    with open(path, encoding="utf-8") as handle:
        return parse(json.load(handle))


DATA = load()

EFFECT_TEXT = {
    "everyone_gains_sheep": "every player gains {n} sheep",
    "everyone_gains_coal": "every player takes {n} coal from the stock, while it lasts",
    "sheep_to_towns": "{n} sheep onto every town",
    "sheep_to_location": "{n} sheep onto {loc}",
    "poorest_gain_gold": "the players with the least gold take {n} gold each",
    "idris_wakes": "every Sleeping Idris goes back; {n} sheep onto {loc}",
    "leaders_lose_sheep": "the players with the most sheep lose {n} sheep",
    "sheep_to_empty_villages": "{n} sheep onto every village with none",
    "coal_returned": "every player with more than {above} coal returns {n}",
    "sheep_leave_crowds": "every location with {above} or more sheep loses {n}",
    "sheep_to_token_locations": "{n} sheep onto every location with a lost-sheep token",
}
BONUS_TEXT = {
    "flat": "{n} sheep",
    "per_job_at": "{n} sheep per job you completed at {loc}",
    "per_job": "{n} sheep per job you completed",
    "per_gold": "{n} sheep per gold",
    "per_lost_sheep_token": "{n} sheep per lost-sheep token",
    "per_six_sheep": "{n} sheep per full 6 sheep, counted after your other bonuses",
}


def _loc_name(index: int) -> str:
    return DATA.locations[index].name if index >= 0 else ""


def effect_text(event: Event) -> str:
    return EFFECT_TEXT[event.effect].format(
        n=event.effect_amount, loc=_loc_name(event.effect_location), above=event.effect_above
    )


def bonus_text(event: Event) -> str:
    return BONUS_TEXT[event.bonus].format(n=event.bonus_amount, loc=_loc_name(event.bonus_location))


def reward_text(job: Job) -> str:
    extra = " + 1 gold" if job.gold else " + 1 coal" if job.coal else ""
    return f"{job.sheep} sheep{extra}"


def card_name(card: int) -> str:
    jobs = len(DATA.jobs)
    return DATA.jobs[card - 1].name if card <= jobs else DATA.events[card - jobs - 1].name


def card_summary(card: int) -> str:
    """One line describing a card, for the views."""
    jobs = len(DATA.jobs)
    if card <= jobs:
        job = DATA.jobs[card - 1]
        return f"job at {_loc_name(job.location)}: {reward_text(job)} | or: {job.special_text()}"
    event = DATA.events[card - jobs - 1]
    return f"event: {effect_text(event)} | end bonus: {bonus_text(event)}"
