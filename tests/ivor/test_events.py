"""Every event's effect when it is revealed, and every end-game bonus."""

from __future__ import annotations

from meeple.games.ivor.rules import EVENTS, N_LOCS, TOWN, IvorState, final_score
from tests.ivor.helpers import event_card, job_card, loc, placed


def reveal(state: IvorState, effect: str) -> None:
    state._event_effect(EVENTS[event_card(effect)])


def test_everyone_gains_sheep() -> None:
    state = placed()
    reveal(state, "everyone_gains_sheep")
    assert state.sheep == [1, 1, 1, 1]


def test_everyone_gains_sheep_can_trigger_the_end() -> None:
    state = placed()
    state.sheep[2] = 24
    reveal(state, "everyone_gains_sheep")
    assert state.end_triggered


def test_everyone_gains_coal_while_stock_lasts() -> None:
    state = placed()
    state.supply_coal = 2
    reveal(state, "everyone_gains_coal")
    # in turn order from the current player (seat 0): seats 0 and 1 get the last two
    assert state.coal == [2, 2, 1, 1] and state.supply_coal == 0


def test_sheep_to_towns() -> None:
    state = placed()
    reveal(state, "sheep_to_towns")
    assert [state.loc_sheep[i] for i in range(N_LOCS)] == [1 if TOWN[i] else 0 for i in range(N_LOCS)]


def test_sheep_to_location() -> None:
    state = placed()
    reveal(state, "sheep_to_location")
    assert state.loc_sheep[loc("mrs-portys-house")] == 2 and sum(state.loc_sheep) == 2


def test_poorest_gain_gold() -> None:
    state = placed()
    state.gold = [2, 0, 1, 0]
    reveal(state, "poorest_gain_gold")
    assert state.gold == [2, 1, 1, 1]


def test_idris_wakes() -> None:
    state = placed()
    state.idris_at[loc("llaniog")] = 2
    state.idris_at[loc("bryn-glas")] = 3
    state.idris_free = 2
    reveal(state, "idris_wakes")
    assert state.idris_free == 4 and set(state.idris_at) == {-1}
    assert state.loc_sheep[loc("ogof-idris")] == 2


def test_leaders_lose_sheep() -> None:
    state = placed()
    state.sheep = [5, 7, 7, 0]
    reveal(state, "leaders_lose_sheep")
    assert state.sheep == [5, 6, 6, 0]


def test_sheep_to_empty_villages() -> None:
    state = placed()
    state.loc_sheep[loc("llanmad")] = 2  # a town, left alone
    state.loc_sheep[loc("moel-fach")] = 2  # a village with sheep, left alone
    reveal(state, "sheep_to_empty_villages")
    assert state.loc_sheep[loc("moel-fach")] == 2 and state.loc_sheep[loc("llanmad")] == 2
    assert state.loc_sheep[loc("pughs-farm")] == 1 and state.loc_sheep[loc("tewyn")] == 0


def test_coal_returned() -> None:
    state = placed()
    state.coal = [3, 1, 2, 0]
    stock = state.supply_coal
    reveal(state, "coal_returned")
    assert state.coal == [2, 1, 1, 0] and state.supply_coal == stock + 2


def test_sheep_leave_crowds() -> None:
    state = placed()
    state.loc_sheep[loc("llaniog")] = 4
    state.loc_sheep[loc("tewyn")] = 3
    state.loc_sheep[loc("llanmad")] = 2
    reveal(state, "sheep_leave_crowds")
    assert state.loc_sheep[loc("llaniog")] == 3 and state.loc_sheep[loc("tewyn")] == 2
    assert state.loc_sheep[loc("llanmad")] == 2


def test_sheep_to_token_locations() -> None:
    state = placed()
    state.loc_token[loc("llaniog")] = 3
    state.loc_sheep[loc("llaniog")] = 1
    reveal(state, "sheep_to_token_locations")
    assert state.loc_sheep[loc("llaniog")] == 2 and sum(state.loc_sheep) == 2


# ------------------------------------------------------------ end bonuses
def ev(bonus: str) -> int:
    return next(c for c, e in EVENTS.items() if e.bonus == bonus)


def test_gold_is_a_sheep_each() -> None:
    assert final_score(10, 3, [], [], 0) == 13


def test_flat_bonus() -> None:
    assert final_score(10, 0, [], [ev("flat")], 0) == 13


def test_per_job_at_named_location() -> None:
    card = ev("per_job_at")
    where = EVENTS[card].bonus_location
    from meeple.games.ivor.data import DATA

    here = DATA.locations[where].id
    jobs = [job_card(location=here), job_card(location=here, avoid=(job_card(location=here),)), job_card(
        location="ogof-idris")]
    assert final_score(10, 0, jobs, [card], 0) == 10 + 2 * 2


def test_per_job() -> None:
    assert final_score(10, 0, [1, 2, 3], [ev("per_job")], 0) == 13


def test_per_gold_on_top_of_the_gold() -> None:
    assert final_score(10, 2, [], [ev("per_gold")], 0) == 10 + 2 + 4


def test_per_lost_sheep_token() -> None:
    assert final_score(10, 0, [], [ev("per_lost_sheep_token")], 3) == 13


def test_set_of_six_counted_last() -> None:
    six = ev("per_six_sheep")
    assert final_score(11, 0, [], [six], 0) == 12
    # 11 sheep + 1 gold + 3 flat = 15 first, then 2 sets of 6 (the order of the cards does not matter)
    assert final_score(11, 1, [], [six, ev("flat")], 0) == 17
    assert final_score(11, 1, [], [ev("flat"), six], 0) == 17
