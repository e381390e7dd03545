"""Moving: the rulebook's example, coal, the main line, buying coal, passing wagons."""

from __future__ import annotations

import random

import pytest

from meeple import IllegalAction
from meeple.games.ivor import INFO
from meeple.games.ivor.data import DATA
from meeple.games.ivor.routes import ADJ, MAIN_A, MAIN_B
from meeple.games.ivor.rules import COAL_PER_GOLD, JOBS, LOCS, MAIN_LINE_COAL, IvorState
from tests.ivor.helpers import loc, main_line_example, moves, placed, restart, texts

MAIN_A_ID, MAIN_B_ID = (DATA.locations[i].id for i in DATA.main_line)  # the main line's ends, by name


def example(coal: int = 0) -> IvorState:
    # Purple (seat 0) at Tan-y-Gwich, another wagon at Dyffryn Bridge.
    state = placed(("tan-y-gwich", "dyffryn-bridge", "ogof-idris"))
    state.coal[0] = coal
    state._changed()
    return state


def test_rulebook_example_free_move() -> None:
    state = example(coal=0)
    assert moves(state) == {"grumbly-gas-works", "grumbly-town", "post-office-crossing"}
    assert "end" in texts(state), "staying put is allowed"
    with pytest.raises(IllegalAction, match="pass through it but not stop"):
        state.apply("move dyffryn-bridge")


def test_rulebook_example_through_the_wagon_with_coal() -> None:
    state = example(coal=1)
    assert "gwynaudalion-halt" in moves(state)
    assert "dyffryn-bridge" not in moves(state)
    supply = state.supply_coal
    state.apply("move gwynaudalion-halt")
    assert state.pos[0] == loc("gwynaudalion-halt")
    assert state.coal[0] == 0 and state.supply_coal == supply + 1, "spent coal goes back to the stock"
    assert state.wagon_at[loc("tan-y-gwich")] == -1 and state.wagon_at[loc("gwynaudalion-halt")] == 0


def test_rulebook_example_stay() -> None:
    state = example(coal=0)
    state.apply("end")
    assert state.pos[0] == loc("tan-y-gwich")


def test_one_free_move_then_coal_per_move() -> None:
    state = example(coal=1)
    state.apply("move grumbly-town")
    assert state.moves_left == 0 and state.coal[0] == 1
    assert moves(state) == {"grumbly-gas-works", "tan-y-gwich", "moel-fach"}
    state.apply("move tan-y-gwich")  # back where it started: allowed with an extra move
    assert state.coal[0] == 0
    assert moves(state) == set()


def test_moves_cost_the_fewest_coal() -> None:
    state = example(coal=3)
    # tan-y-gwich -> grumbly-town -> moel-fach -> ogof-idris is occupied; moel-fach costs 1 coal.
    state.apply("move moel-fach")
    assert state.coal[0] == 2 and state.moves_left == 0


def test_main_line_needs_two_coal() -> None:
    state = placed(("llangubbin", "pen-y-bont", "cwm-coed"))
    state.coal[0] = MAIN_LINE_COAL - 1
    state._changed()
    assert "tewyn" not in moves(state)
    state.coal[0] = MAIN_LINE_COAL
    state._changed()
    assert "tewyn" in moves(state)
    state.apply("move tewyn")
    assert state.pos[0] == loc("tewyn") and state.coal[0] == 0
    assert state.moves_left == 1, "the main line does not use the free move"
    state.apply("move capel-isaf")
    assert state.coal[0] == 0


def test_main_line_not_with_free_or_extra_moves() -> None:
    state = placed(("llangubbin", "pen-y-bont", "cwm-coed"))
    state.coal[0] = 0
    state.moves_left = 20
    state._changed()
    assert "tewyn" in moves(state), "reachable the long way round with 20 moves"
    state.moves_left = 3
    state._changed()
    assert "tewyn" not in moves(state)


def test_main_line_then_on_from_the_far_end() -> None:
    state = placed(("pen-y-bont", "tewyn", "cwm-coed"))
    state.coal[0] = 2
    state._changed()
    # free move to llangubbin, main line (2 coal) through the wagon at tewyn, but no move left to leave it
    assert "capel-isaf" not in moves(state)
    state.coal[0] = 3
    state._changed()
    assert "capel-isaf" in moves(state)
    state.apply("move capel-isaf")
    assert state.coal[0] == 0


def test_buy_coal() -> None:
    state = example(coal=0)
    gold_stock, coal_stock = state.supply_gold, state.supply_coal
    state.apply("buy coal")
    assert state.gold[0] == 0 and state.coal[0] == 2
    assert state.supply_gold == gold_stock + 1 and state.supply_coal == coal_stock - 2
    assert "buy coal" not in texts(state)
    with pytest.raises(IllegalAction, match="no gold"):
        state.apply("buy coal")
    with pytest.raises(ValueError, match="not an action"):
        state.apply("buy gold")  # coal can never buy gold


def test_buy_coal_needs_coal_in_stock() -> None:
    state = example(coal=0)
    state.supply_coal = 1
    state._changed()
    with pytest.raises(IllegalAction, match="stock has only 1 coal"):
        state.apply("buy coal")


def test_out_of_reach_explained() -> None:
    state = example(coal=0)
    with pytest.raises(IllegalAction, match="out of reach"):
        state.apply("move tewyn")


def test_free_move_resets_each_turn() -> None:
    state = example(coal=0)
    state.apply("move grumbly-town")
    restart(state, 0)
    assert state.moves_left == 1


def brute_force_moves(state: IvorState) -> dict[int, tuple[tuple[int, int], ...]]:
    """Walk one line (or the main line) at a time; for every stop keep each way of getting
    there whose (free moves left, coal left) no other way beats, as (ordinary moves, coal)."""
    seat = state.current
    src, free, coal = state.pos[seat], state.moves_left, state.coal[seat]
    found: dict[int, set[tuple[int, int]]] = {}
    seen = set()
    frontier = [(src, 0, 0)]  # (where, ordinary moves used, coal spent)
    while frontier:
        where, used, spent = frontier.pop()
        if (where, used, spent) in seen:
            continue
        seen.add((where, used, spent))
        if where != src and state.wagon_at[where] < 0:
            found.setdefault(where, set()).add((used, spent))
        steps = [(n, 1, 0) for n in ADJ[where]]
        if where in (MAIN_A, MAIN_B):
            steps.append((MAIN_B if where == MAIN_A else MAIN_A, 0, MAIN_LINE_COAL))
        for nxt, ordinary, price in steps:
            if state.idris_at[nxt] >= 0:
                continue
            extra = price + (1 if ordinary and used >= free else 0)
            if spent + extra <= coal and used + ordinary <= 12:
                frontier.append((nxt, used + ordinary, spent + extra))

    def left(way: tuple[int, int]) -> tuple[int, int]:
        return max(free - way[0], 0), coal - way[1]

    front: dict[int, tuple[tuple[int, int], ...]] = {}
    for where, ways in found.items():
        best: dict[tuple[int, int], tuple[int, int]] = {}
        # For equal leftovers the engine keeps the route by line (no main line), then the shortest.
        for way in sorted(ways, key=lambda w: (w[1] != max(w[0] - free, 0), w)):
            if not any(o != left(way) and o[0] >= left(way)[0] and o[1] >= left(way)[1]
                       for o in map(left, ways)):
                best.setdefault(left(way), way)
        front[where] = tuple(sorted(best.values(), key=lambda w: w[1]))
    return front


def test_move_options_match_a_step_by_step_search() -> None:
    rng = random.Random(4)
    for trial in range(150):
        spots = rng.sample(range(20), 4 + 3)  # four wagons, up to three Sleeping Idris
        state = placed(tuple(LOCS[i].id for i in spots[:4]), seed=trial)
        for idris in spots[4:4 + rng.randrange(4)]:
            state.idris_at[idris] = 1
            state.idris_free -= 1
        state.coal[0] = rng.randrange(6)
        state.moves_left = rng.choice([0, 1, 1, 3, 4, 6])
        state._changed()
        expected = brute_force_moves(state)
        assert state.move_options() == expected, f"trial {trial}"
        assert moves(state) == {LOCS[x].id for x in expected}


def test_the_player_chooses_between_two_routes_to_one_place() -> None:
    """4 players, seed 0: with 3 coal and 4 free moves at Llangubbin, the main line (2 coal)
    through the wagon at Tewyn reaches Capel Isaf with 3 free moves and 1 coal left; the
    cheapest route in coal (by line) leaves 0 moves and 2 coal. Both are offered."""
    assert JOBS[25].special == "extra_moves" and JOBS[25].amount == 3
    state = main_line_example()
    assert (state.moves_left, state.coal[0]) == (4, 3)
    to_capel = sorted(t for t in texts(state) if t.startswith("move capel-isaf"))
    assert to_capel == ["move capel-isaf 1 coal", "move capel-isaf 2 coal"]
    with pytest.raises(ValueError, match="2 routes to capel-isaf"):
        state.apply("move capel-isaf")
    state.apply("move capel-isaf 2 coal")
    assert state.pos[0] == loc("capel-isaf")
    assert (state.moves_left, state.coal[0]) == (3, 1)
    routes = {r["action"]: r for r in INFO.new(4, 0).observation(0)["routes"]}
    assert routes == {}, "no routes are listed before the wagons are placed"


def test_the_cheaper_route_is_still_offered() -> None:
    state = main_line_example()
    listed = {r["action"]: r for r in state.observation(1)["routes"]}
    assert listed["move capel-isaf 2 coal"]["main_line"] and listed["move capel-isaf 2 coal"]["lines"] == 1
    assert not listed["move capel-isaf 1 coal"]["main_line"]
    state.apply("move capel-isaf 1 coal")
    assert (state.moves_left, state.coal[0]) == (0, 2)


def test_a_route_that_beats_another_in_both_is_the_only_one() -> None:
    # No free move left: the main line (2 coal) beats walking 6 lines (6 coal) to Tewyn.
    state = placed(("llangubbin", "pen-y-bont", "cwm-coed"))
    state.coal[0] = 8
    state.moves_left = 0
    state._changed()
    assert [t for t in texts(state) if t.startswith("move tewyn")] == ["move tewyn 2 coal"]
    with pytest.raises(IllegalAction, match="reached for 2 coal now, not 5 coal"):
        state.apply("move tewyn 5 coal")


def test_buy_coal_before_or_after_moving_and_kept_for_later_turns() -> None:
    # "At any time" within the move-and-play step: before moving, between moves, after
    # the last move; the coal stays with the player for later turns.
    state = example(coal=0)
    state.gold[0] = 3
    state._changed()
    state.apply("buy coal")  # before any move
    state.apply("move grumbly-town")
    state.apply("buy coal")  # after the free move is spent
    assert state.coal[0] == 4 and state.gold[0] == 1
    state.apply("move moel-fach")  # paid with the coal just bought
    assert state.coal[0] == 3
    state.apply("end")
    assert "buy coal" not in texts(state), "the take-a-card step offers only cards"
    state.apply(str(state.legal_actions()[0]))
    while state.current != 0:
        state.apply(str(state.legal_actions()[-1]))  # the others end at once and take a card
        while state.current != 0 and str(state.legal_actions()[0]).startswith(("take", "discard")):
            state.apply(str(state.legal_actions()[0]))
    assert state.coal[0] >= 2, "bought coal is kept between turns (only events take it away)"
    assert "buy coal" in texts(state)


def test_coal_moves_may_return_to_a_location_already_visited() -> None:
    state = placed()
    start = DATA.locations[state.pos[0]].id
    state.coal[0] = 1
    state._changed()
    state.apply("move grumbly-town 0 coal")
    state.apply(f"move {start} 1 coal")
    assert state.pos[0] == loc(start) and state.coal[0] == 0


def test_buy_coal_gives_the_rulebook_amount_and_main_line_costs_it() -> None:
    state = placed((MAIN_A_ID, "tan-y-gwich", "llanmad"))
    state.coal[0] = 0
    state.supply_coal = DATA.components["coal"] - sum(state.coal)
    state._changed()
    state.apply("buy coal")
    assert state.coal[0] == COAL_PER_GOLD == MAIN_LINE_COAL
    state.apply(f"move {MAIN_B_ID} {MAIN_LINE_COAL} coal")
    assert state.pos[0] == loc(MAIN_B_ID) and state.coal[0] == 0
