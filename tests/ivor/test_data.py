"""The data file: counts, public names, the movement example's lines, and validation at load."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from meeple.games.ivor import data as ivor_data
from meeple.games.ivor.data import DATA, DataError, parse

RAW: dict[str, Any] = json.loads((Path(ivor_data.__file__).with_name("data.json")).read_text(encoding="utf-8"))
IDS = [loc.id for loc in DATA.locations]


def neighbours(name: str) -> set[str]:
    i = IDS.index(name)
    return {IDS[n] for n in DATA.adjacency[i]}


def test_component_counts() -> None:
    assert len(DATA.locations) == 20
    assert len(DATA.jobs) == 50
    assert len(DATA.events) == 11
    assert len(DATA.token_values) == 20
    assert set(DATA.token_values) <= {0, 1, 2, 3, 4}
    assert DATA.components["gold"] == 12 and DATA.components["coal"] == 12
    assert DATA.components["sleeping_idris_tokens"] == 4
    assert DATA.components["sheep_to_end"] == {"3": 25, "4": 25, "5": 20}


def test_public_location_names_and_towns() -> None:
    names = {loc.name for loc in DATA.locations}
    for public in ["Llangubbin", "Grumbly Town", "Tewyn", "Grumbly Gas Works", "Gwynaudalion Halt",
                   "Mrs Porty's House", "Pugh's Farm", "Tan-y-Gwich", "Dinwiddy's Gold Mine",
                   "Post Office Crossing", "Dyffryn Bridge", "Llaniog"]:
        assert public in names
    towns = {loc.id for loc in DATA.locations if loc.is_town}
    assert {"llangubbin", "grumbly-town", "tewyn"} <= towns


def test_movement_example_lines() -> None:
    # The rulebook's example: from Tan-y-Gwich one move reaches exactly these four,
    # and Dyffryn Bridge leads on to Gwynaudalion Halt.
    assert neighbours("tan-y-gwich") == {"grumbly-gas-works", "grumbly-town", "post-office-crossing",
                                         "dyffryn-bridge"}
    assert "gwynaudalion-halt" in neighbours("dyffryn-bridge")


def test_main_line_is_only_the_main_line() -> None:
    a, b = (IDS[i] for i in DATA.main_line)
    assert {a, b} == {"llangubbin", "tewyn"}
    assert b not in neighbours(a)


def test_every_location_has_jobs_and_every_special_kind_is_used() -> None:
    per_location = {i: 0 for i in range(20)}
    for job in DATA.jobs:
        per_location[job.location] += 1
    assert all(n >= 2 for n in per_location.values())
    # The locations the "2 bonus sheep per job at ..." events name carry 5 jobs each (designed,
    # docs/measurements/ivor.md "Event bonuses"): with 2 or 3 there, those events brought their
    # holders about 1 sheep.
    named = {e.bonus_location for e in DATA.events if e.bonus == "per_job_at"}
    assert len(named) == 3 and all(per_location[i] == 5 for i in named)
    assert all(n <= 3 for i, n in per_location.items() if i not in named)
    kinds = {job.special for job in DATA.jobs}
    assert kinds == {"extra_moves", "sleeping_idris", "runaway_sheep", "extra_card"}


def test_event_bonus_kinds_cover_the_rulebook_list() -> None:
    assert {e.bonus for e in DATA.events} == {"flat", "per_job_at", "per_job", "per_gold",
                                              "per_lost_sheep_token", "per_six_sheep"}
    assert len({e.effect for e in DATA.events}) == 11, "every event has its own effect"


def test_every_record_has_full_provenance() -> None:
    records = [RAW["components"], RAW["lost_sheep_tokens"], RAW["main_line"], *RAW["locations"],
               *RAW["connections"], *RAW["dark_borders"], *RAW["jobs"], *RAW["events"]]
    for rec in records:
        assert set(rec["provenance"]) == set(rec) - {"provenance"}
        assert set(rec["provenance"].values()) <= {"rulebook", "public", "designed"}


def broken(change: Any) -> dict[str, Any]:
    raw = copy.deepcopy(RAW)
    change(raw)
    return raw


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["jobs"][0]["provenance"].pop("sheep"), "no provenance"),
        (lambda r: r["jobs"][0]["provenance"].update(sheep="guessed"), "provenance of 'sheep'"),
        (lambda r: r["jobs"][3].update(location="atlantis"), "unknown location"),
        (lambda r: r["jobs"].pop(), "50 job cards"),
        (lambda r: r["events"].pop(), "11 event cards"),
        (lambda r: r["locations"].pop(), "20 locations"),
        (lambda r: r["lost_sheep_tokens"]["counts"].update({"4": 9}), "one lost sheep token per location"),
        (lambda r: r["connections"].append(dict(r["connections"][0])), "repeated connection"),
        (lambda r: r["jobs"][0]["special"].update(kind="fly"), "special kind"),
        (lambda r: r["events"][0]["bonus"].update(kind="lots"), "bonus kind"),
        (lambda r: r["jobs"][0].update(gold=1, coal=1), "not both"),
        (lambda r: r["main_line"].update(b="pen-y-bont"), "main line"),
    ],
)
def test_validation_rejects_bad_data(change: Any, message: str) -> None:
    with pytest.raises(DataError, match=message):
        parse(broken(change))


def test_a_disconnected_map_is_rejected() -> None:
    def cut(raw: dict[str, Any]) -> None:
        raw["connections"] = [c for c in raw["connections"] if "ogof-idris" not in (c["a"], c["b"])]

    with pytest.raises(DataError, match="not connected"):
        parse(broken(cut))


def test_rules_md_lists_every_designed_card_and_location() -> None:
    rules = (Path(ivor_data.__file__).with_name("RULES.md")).read_text(encoding="utf-8")
    for job in DATA.jobs:
        assert f"| {job.id} | {job.name} |" in rules
    for event in DATA.events:
        assert f"| {event.id} | {event.name} |" in rules
    for loc in DATA.locations:
        assert f"`{loc.id}`" in rules
