"""Completing jobs and every special action."""

from __future__ import annotations

import pytest

from meeple import IllegalAction
from meeple.games.ivor.data import DATA
from meeple.games.ivor.routes import DIST
from meeple.games.ivor.rules import JOBS
from tests.ivor.helpers import hand, job_card, line, loc, moves, placed, restart, texts

TAN = "tan-y-gwich"
MAIN_A, MAIN_B = (DATA.locations[i].id for i in DATA.main_line)


def test_complete_a_job_at_an_empty_location() -> None:
    state = placed()
    card = job_card(location=TAN, avoid=(job_card(location=TAN),))  # 3 sheep, no extra
    hand(state, 0, card)
    state.apply(f"job {card}")
    assert state.sheep[0] == 3
    assert state.completed[0] == [card] and state.hands[0] == []
    assert card not in state.discard, "completed jobs stay face up in front of the player"


def test_job_needs_no_sheep_at_the_location() -> None:
    state = placed()
    card = job_card(location=TAN)
    hand(state, 0, card)
    state.loc_sheep[loc(TAN)] = 1
    state._changed()
    assert f"job {card}" not in texts(state)
    with pytest.raises(IllegalAction, match="still has 1 sheep"):
        state.apply(f"job {card}")


def test_job_needs_the_wagon_there() -> None:
    state = placed()
    card = job_card(location="grumbly-town")
    hand(state, 0, card)
    with pytest.raises(IllegalAction, match="your wagon is at tan-y-gwich"):
        state.apply(f"job {card}")
    state.apply("move grumbly-town")
    state.apply(f"job {card}")
    assert state.completed[0] == [card]


def test_one_job_per_location_per_turn_but_several_locations() -> None:
    state = placed()
    a = job_card(location=TAN)
    b = job_card(location=TAN, avoid=(a,))
    c = job_card(location="grumbly-town")
    hand(state, 0, a, b, c)
    state.coal[0] = 2
    state.apply(f"job {a}")
    assert f"job {b}" not in texts(state)
    with pytest.raises(IllegalAction, match="already completed a job at tan-y-gwich"):
        state.apply(f"job {b}")
    state.apply("move grumbly-town")
    state.apply(f"job {c}")
    state.apply("move tan-y-gwich")
    assert f"job {b}" not in texts(state), "still the same turn at tan-y-gwich"
    restart(state, 0)
    state.apply(f"job {b}")
    assert sorted(state.completed[0]) == sorted([a, b, c])


def test_job_rewards_gold_and_coal_from_stock() -> None:
    state = placed(("pen-y-bont", "tewyn", "llanmad"))
    gold_job = job_card(location="pen-y-bont", avoid=(job_card(location="pen-y-bont"),))
    hand(state, 0, gold_job)
    state.apply(f"job {gold_job}")
    assert state.gold[0] == 2
    state = placed(("tewyn", "pen-y-bont", "llanmad"))
    coal_job = next(c for c, j in JOBS.items() if j.location == loc("tewyn") and j.coal)
    hand(state, 0, coal_job)
    state.supply_coal = 0
    state.apply(f"job {coal_job}")
    assert state.coal[0] == 1, "an empty stock gives no coal"
    assert state.sheep[0] == JOBS[coal_job].sheep


def test_special_instead_of_job_anywhere() -> None:
    state = placed()
    card = job_card(special="extra_moves", location="tewyn")
    hand(state, 0, card)
    state.loc_sheep[loc(TAN)] = 3
    state._changed()
    state.apply(f"special {card}")
    assert card in state.discard and state.completed[0] == []
    assert state.moves_left == 1 + 2


def test_extra_moves_reach_further() -> None:
    state = placed()
    state.coal[0] = 0
    card = job_card(special="extra_moves", amount=3)
    hand(state, 0, card)
    assert "moel-fach" not in moves(state)
    state.apply(f"special {card}")
    assert "moel-fach" in moves(state) and "ogof-idris" in moves(state)
    state.apply("move ogof-idris")  # three lines: the free move and two of the three extra
    assert state.moves_left == 1 and state.coal[0] == 0


def test_sleeping_idris_blocks_until_the_owners_next_turn() -> None:
    state = placed()
    card = job_card(special="sleeping_idris")
    hand(state, 0, card)
    state.apply(f"special {card}")
    assert state.to_move == (0,)
    targets = {t.split()[1] for t in texts(state)}
    assert all(t.startswith("idris ") for t in texts(state))
    assert TAN not in targets and "dyffryn-bridge" not in targets, "not where a wagon stands"
    state.apply("idris grumbly-town")
    assert state.idris_free == 3
    # seat 1 at dyffryn-bridge cannot enter or pass through grumbly-town
    restart(state, 1)
    state.moves_left = 5
    state._changed()
    assert "grumbly-town" not in moves(state)
    with pytest.raises(IllegalAction, match="Idris is asleep"):
        state.apply("move grumbly-town")
    restart(state, 0)
    assert state.idris_free == 4 and state.idris_at[loc("grumbly-town")] == -1
    assert "grumbly-town" in moves(state)


def test_sleeping_idris_forces_a_detour() -> None:
    state = placed(("grumbly-gas-works", "dyffryn-bridge", "llangubbin"))
    card = job_card(special="sleeping_idris")
    hand(state, 0, card)
    state.apply(f"special {card}")
    state.apply("idris tan-y-gwich")
    restart(state, 1)
    state.coal[1] = 5
    state._changed()
    assert "tan-y-gwich" not in moves(state)
    # dyffryn-bridge to grumbly-town: 2 moves through tan-y-gwich, 3 round by moel-fach
    assert state.move_options()[loc("grumbly-town")] == ((3, 2),)
    state.apply("move grumbly-town")
    assert state.coal[1] == 3


def test_sleeping_idris_needs_a_free_token() -> None:
    state = placed()
    card = job_card(special="sleeping_idris")
    hand(state, 0, card)
    state.idris_free = 0
    state.idris_at[loc("llaniog")] = 1
    state._changed()
    assert f"special {card}" not in texts(state)
    with pytest.raises(IllegalAction, match="Sleeping Idris tokens are on the board"):
        state.apply(f"special {card}")


def test_runaway_sheep_takes_a_sheep_within_two_lines() -> None:
    state = placed()
    card = job_card(special="runaway_sheep")
    hand(state, 0, card)
    state.loc_sheep[loc("moel-fach")] = 2  # two lines away
    state.loc_sheep[loc("ogof-idris")] = 2  # three lines away
    state._changed()
    state.apply(f"special {card}")
    assert texts(state) == ["runaway moel-fach"]
    state.apply("runaway moel-fach")
    assert state.loc_sheep[loc("moel-fach")] == 1 and state.sheep[0] == 1
    assert state.to_move == (0,) and "end" in texts(state)


def test_runaway_last_sheep_brings_the_token_and_two_more() -> None:
    state = placed()
    card = job_card(special="runaway_sheep")
    hand(state, 0, card)
    state.loc_sheep[loc("grumbly-town")] = 1
    state.loc_token[loc("grumbly-town")] = 3
    state._changed()
    state.apply(f"special {card}")
    state.apply("runaway grumbly-town")
    assert state.sheep[0] == 3 and state.tokens[0] == 1 and state.loc_token[loc("grumbly-town")] == 0


def test_runaway_needs_a_sheep_in_reach() -> None:
    state = placed()
    card = job_card(special="runaway_sheep")
    hand(state, 0, card)
    with pytest.raises(IllegalAction, match="no location within 2 lines"):
        state.apply(f"special {card}")


def test_runaway_not_from_a_sleeping_idris() -> None:
    state = placed()
    card = job_card(special="runaway_sheep")
    hand(state, 0, card)
    state.loc_sheep[loc("grumbly-town")] = 2
    state.idris_at[loc("grumbly-town")] = 1
    state.idris_free -= 1
    state._changed()
    assert f"special {card}" not in texts(state)


def test_extra_card_takes_another_card_now_and_the_line_refills_at_the_end() -> None:
    state = placed()
    card = job_card(special="extra_card")
    hand(state, 0, card)
    assert card not in (1, 2, 3, 5)
    line(state, 1, 2, 3, 5)
    state.apply(f"special {card}")
    assert texts(state) == ["take 1", "take 2", "take 3", "take 5"]
    state.apply("take 2")
    assert state.hands[0] == [2] and len(state.line) == 3
    assert "job 2" in texts(state) or "special 2" in texts(state), "the new card can be played this turn"
    state.apply("end")
    state.apply("take 3")
    assert len(state.line) == 4, "both taken cards are replaced"
    assert state.current == 1


def test_extra_card_event_costs_gold() -> None:
    state = placed()
    card = job_card(special="extra_card")
    hand(state, 0, card)
    line(state, 51, 1, 2, 3)
    state.gold[0] = 0
    state._changed()
    state.apply(f"special {card}")
    assert "take 51" not in texts(state)


def test_job_where_the_turn_began_once_its_last_sheep_is_taken() -> None:
    # Taking the last sheep at the start of the turn empties the location, so a job
    # there can be completed in the same turn (the rulebook allows starting the turn there).
    state = placed()
    card = job_card(location=TAN, avoid=(job_card(location=TAN),))
    hand(state, 0, card)
    state.loc_sheep[loc(TAN)] = 1
    state.loc_token[loc(TAN)] = 3
    restart(state, 0)
    assert state.sheep[0] == 3 and state.tokens[0] == 1, "1 sheep, the token and 2 bonus sheep"
    state.apply(f"job {card}")
    assert state.sheep[0] == 6 and state.completed[0] == [card]


def test_runaway_sheep_range_counts_ordinary_lines_not_the_main_line() -> None:
    state = placed((MAIN_A, "tan-y-gwich", "llanmad"))
    card = job_card(special="runaway_sheep")
    reach = next(j.amount for j in DATA.jobs if j.id == card)
    assert DIST[loc(MAIN_A)][loc(MAIN_B)] > reach, "the far end of the main line is out of reach by line"
    hand(state, 0, card)
    state.loc_sheep[loc(MAIN_B)] = 2
    state._changed()
    assert f"special {card}" not in texts(state)
