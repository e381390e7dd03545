"""Moving: the rulebook's example, coal, the main line, buying coal, passing wagons."""

from __future__ import annotations

import random

import pytest

from meeple import IllegalAction
from meeple.games.ivor.rules import ADJ, LOCS, MAIN_A, MAIN_B, IvorState
from tests.ivor.helpers import loc, moves, placed, restart, texts


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
    state.coal[0] = 1
    state._changed()
    assert "tewyn" not in moves(state)
    state.coal[0] = 2
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


def brute_force_moves(state: IvorState) -> dict[int, tuple[int, int]]:
    """Every stop reachable by walking one line at a time, and its cheapest (coal, moves)."""
    seat = state.current
    src, free, coal = state.pos[seat], state.moves_left, state.coal[seat]
    best: dict[int, tuple[int, int]] = {}
    seen = set()
    frontier = [(src, 0, 0)]  # (where, ordinary moves used, coal spent)
    while frontier:
        where, used, spent = frontier.pop()
        if (where, used, spent) in seen:
            continue
        seen.add((where, used, spent))
        if where != src and state.wagon_at[where] < 0:
            cost = (spent, used)
            if where not in best or cost < best[where]:
                best[where] = cost
        steps = [(n, 1, 0) for n in ADJ[where]]
        if where in (MAIN_A, MAIN_B):
            steps.append((MAIN_B if where == MAIN_A else MAIN_A, 0, 2))
        for nxt, ordinary, price in steps:
            if state.idris_at[nxt] >= 0:
                continue
            extra = price + (1 if ordinary and used >= free else 0)
            if spent + extra <= coal and used + ordinary <= 12:
                frontier.append((nxt, used + ordinary, spent + extra))
    return {x: (used, spent) for x, (spent, used) in best.items()}


def test_move_options_match_a_step_by_step_search() -> None:
    rng = random.Random(4)
    for trial in range(150):
        spots = rng.sample(range(20), 4 + 3)  # four wagons, up to three Sleeping Idris
        state = placed(tuple(LOCS[i].id for i in spots[:4]), seed=trial)
        for idris in spots[4:4 + rng.randrange(4)]:
            state.idris_at[idris] = 1
            state.idris_free -= 1
        state.coal[0] = rng.randrange(5)
        state.moves_left = rng.choice([0, 1, 1, 3, 4])
        state._changed()
        expected = brute_force_moves(state)
        assert state.move_options() == expected, f"trial {trial}"
        assert moves(state) == {LOCS[x].id for x in expected}


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
