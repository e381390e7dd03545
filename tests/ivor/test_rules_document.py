"""RULES.md's tables of the board and the cards say what ``data.json`` says.

The player's page lists the counts of the box, the lost-sheep tokens, the map,
the 50 job cards, the special actions and the 11 event cards. Each table is
parsed from the document and every row checked against the data the game loads
(``meeple.games.ivor.data``), so editing ``data.json`` without the document, or
the document without the data, fails the test of that table.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from meeple.core.data import load_json
from meeple.games.ivor import data as ivor_data
from meeple.games.ivor.data import DATA, bonus_text, effect_text, reward_text
from tests import rules_document

RULES = Path(ivor_data.__file__).with_name("RULES.md")

# The counts table's rows, by the component key of data.json they show.
COUNT_ROWS = {
    "gold cubes": "gold",
    "coal cubes": "coal",
    "Sleeping Idris tokens": "sleeping_idris_tokens",
    "starting gold": "start_gold",
    "starting coal": "start_coal",
    "job cards dealt to each player": "hand_size",
    "cards in the line": "line_size",
    "hand limit": "hand_limit",
    "events put back in the box": "events_removed",
    "bonus sheep with a lost-sheep token": "lost_sheep_bonus",
    "coal for 1 gold": "coal_per_gold",
    "coal for the main line": "main_line_coal",
    "events in the line that wipe it": "event_line_wipe",
}
# The special actions table's rows, by (kind, amount) of a job's special.
SPECIAL_ROWS = {
    "2 extra moves": ("extra_moves", 2),
    "3 extra moves": ("extra_moves", 3),
    "Sleeping Idris": ("sleeping_idris", 0),
    "runaway sheep": ("runaway_sheep", 2),
    "extra card": ("extra_card", 1),
}


def table_under(heading: str) -> list[list[str]]:
    return rules_document.table_under(RULES, heading)


def raw_data() -> dict[str, Any]:
    raw: dict[str, Any] = load_json("meeple.games.ivor", "data.json")
    return raw


def connections_of(index: int) -> set[str]:
    """A location's connections in the table's words: ``id``, ``id (border)``, ``main line to id``."""
    ids = [loc.id for loc in DATA.locations]
    found = set()
    for a, b, kind in DATA.connections:
        if index in (a, b):
            other = ids[b if a == index else a]
            found.add(f"{other} (border)" if kind == "border" else other)
    ends = DATA.main_line
    if index in ends:
        found.add(f"main line to {ids[ends[1] if ends[0] == index else ends[0]]}")
    return found


def test_the_counts_table_matches_the_components_from_the_rulebook() -> None:
    components = DATA.components
    expected = {name: components[key] for name, key in COUNT_ROWS.items()}
    expected |= {f"sheep to end, {n} players": sheep for n, sheep in components["sheep_to_end"].items()}
    rows = table_under("### Counts and set-up (from the rulebook)")
    assert {name: int(amount) for name, amount in rows} == expected
    assert len(rows) == len(expected)
    provenance = raw_data()["components"]["provenance"]
    assert {provenance[key] for key in [*COUNT_ROWS.values(), "sheep_to_end"]} == {"rulebook"}


def test_the_lost_sheep_token_table_matches_the_tokens() -> None:
    rows = table_under("### Lost-sheep tokens (designed)")
    assert {int(token): int(count) for token, count in rows} == dict(Counter(DATA.token_values))
    assert raw_data()["lost_sheep_tokens"]["provenance"]["counts"] == "designed"


def test_the_locations_table_lists_every_location_with_its_connections() -> None:
    rows = table_under("### Locations")
    raw = raw_data()["locations"]
    assert [row[1] for row in rows] == [loc.id for loc in DATA.locations]
    for (name, notation, kind, connections, name_from, kind_from), loc, record in zip(
        rows, DATA.locations, raw, strict=True
    ):
        assert name == loc.name, notation
        assert kind == ("town" if loc.is_town else "village"), notation
        assert set(connections.split(", ")) == connections_of(loc.index), notation
        assert (name_from, kind_from) == (record["provenance"]["name"], record["provenance"]["kind"]), notation


def test_the_job_table_lists_every_job_with_its_place_reward_and_special() -> None:
    rows = table_under("### The 50 job cards (designed)")
    assert [int(row[0]) for row in rows] == [job.id for job in DATA.jobs]
    for (card, name, location, reward, special), job in zip(rows, DATA.jobs, strict=True):
        assert name == job.name, card
        assert location == DATA.locations[job.location].id, card
        assert reward == reward_text(job), card
        assert special == job.special_text(), card
    assert {value for record in raw_data()["jobs"] for value in record["provenance"].values()} == {"designed"}


def test_the_special_actions_table_counts_the_job_cards_of_each_kind() -> None:
    rows = table_under("### Special actions (designed)")
    counts = Counter((job.special, job.amount) for job in DATA.jobs)
    assert {SPECIAL_ROWS[name]: int(cards) for name, cards, _ in rows} == dict(counts)


def test_the_event_table_lists_every_event_with_its_effect_and_bonus() -> None:
    rows = table_under("### The 11 event cards (designed effects, rulebook bonuses)")
    assert [int(row[0]) for row in rows] == [event.id for event in DATA.events]
    for (card, name, revealed, bonus), event in zip(rows, DATA.events, strict=True):
        assert name == event.name, card
        assert revealed == effect_text(event), card
        assert bonus == bonus_text(event), card
    # Every effect is designed; a bonus is the rulebook's unless it names a location we chose.
    for record, event in zip(raw_data()["events"], DATA.events, strict=True):
        assert record["provenance"]["effect"] == "designed", event.id
        assert record["provenance"]["bonus"] == ("designed" if event.bonus_location >= 0 else "rulebook"), event.id


def test_the_map_paragraph_counts_the_towns_villages_and_connections() -> None:
    text = " ".join(RULES.read_text(encoding="utf-8").split())
    towns = sum(loc.is_town for loc in DATA.locations)
    assert f"{len(DATA.locations)} locations: {towns} towns" in text
    assert f"and {len(DATA.locations) - towns} villages" in text
    assert f"one network of {len(DATA.connections)} connections" in text
