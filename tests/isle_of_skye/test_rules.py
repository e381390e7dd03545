"""The course of a round: income, the hidden pricing phase, buying, building, scoring."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import meeple
from meeple.core import IllegalAction, snapshot
from meeple.games.isle_of_skye import flow
from meeple.games.isle_of_skye.actions import BUILD, BUY, MAX_COORD, OVER, PRICE
from meeple.games.isle_of_skye.data import TILES, rotated_terrain
from meeple.games.isle_of_skye.rules import IsleOfSkyeState
from meeple.games.isle_of_skye.scoring import FIRST_GAME
from meeple.games.isle_of_skye.territory import analyse, connected_whisky_tiles
from tests.isle_of_skye.helpers import MOUNTAIN_RING, SAMPLE, finish_hidden_phase, new_state, set_territory


def play_randomly_until(state: IsleOfSkyeState, done: Callable[[IsleOfSkyeState], bool], rng: random.Random) -> None:
    while not done(state):
        seat = rng.choice(state.to_move)
        state.apply(rng.choice(state.legal_actions(seat)), seat)


def names(state: IsleOfSkyeState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


# ---------------------------------------------------------------- set-up
@pytest.mark.parametrize(("players", "rounds"), [(2, 6), (3, 6), (4, 6), (5, 5)])
def test_set_up(players: int, rounds: int) -> None:
    state = new_state(players, seed=4)
    assert len(state.rounds) == rounds
    assert state.round == 1 and state.phase == PRICE and state.start == 0
    # Each seat starts from its own castle and 5 gold of round-1 income (no starting gold).
    assert [p for p in state.placed] == [{(0, 0): (seat, 0)} for seat in range(players)]
    assert state.gold == [5] * players and state.vp == [0] * players
    assert all(len(d) == 3 for d in state.drawn)
    drawn = [t for d in state.drawn for t in d]
    assert len(set(drawn)) == 3 * players and len(state.bag) == 73 - 3 * players
    assert set(drawn) | set(state.bag) == set(range(5, 78))
    assert state.to_move == tuple(range(players))


def test_scoring_tile_option() -> None:
    assert new_state(scoring="first-game").scoring == FIRST_GAME
    chosen = new_state(scoring="gold, ships,whisky,harbours").scoring
    assert chosen == ("gold", "ships", "whisky", "harbours")
    drawn = {new_state(seed=s).scoring for s in range(20)}
    assert len(drawn) > 10 and all(len(set(x)) == 4 for x in drawn)
    for bad, reason in [
        ("gold,ships", "four tile ids"),
        ("gold,ships,whisky,nope", "unknown scoring tile"),
        ("gold,gold,whisky,ships", "must differ"),
    ]:
        with pytest.raises(ValueError, match=reason):
            new_state(scoring=bad)


@pytest.mark.parametrize("option", ["random", "first-game"])
def test_a_record_stores_the_scoring_tiles_used_and_replays_the_same_game(option: str) -> None:
    state = new_state(3, seed=12, scoring=option)
    rng = random.Random(12)
    play_randomly_until(state, lambda s: s.round == 3, rng)
    assert state.record.options == {"scoring": ",".join(state.scoring)}
    again = meeple.replay(state.record)
    assert snapshot(again) == snapshot(state)


# ---------------------------------------------------------------- income
def test_income_example_from_the_rulebook() -> None:
    # Round 5 pays 3 gold per player ahead; two players are ahead of seat 0, whose
    # territory has two whisky tiles joined to the castle by roads: 5 + 2 + 2x3 = 13.
    state = new_state(3)
    state.placed[0] = {(0, 0): (0, 0), (0, -1): (43, 0), (0, 1): (70, 0), (-1, 0): (64, 0)}
    state.vp = [10, 12, 11]
    state.round = 5
    assert state.income(0) == (5, 2, 6)
    assert sum(state.income(0)) == 13
    assert state.income(1) == (5, 0, 0)  # nobody ahead
    assert state.income(2) == (5, 0, 3)  # one ahead


def test_no_catch_up_gold_before_round_three() -> None:
    state = new_state(3)
    state.vp = [0, 20, 30]
    for number, expected in [(1, 0), (2, 0), (3, 2), (4, 4), (6, 8)]:
        state.round = number
        assert state.income(0)[2] == expected


def test_income_is_paid_at_the_start_of_each_round() -> None:
    state = new_state(2, seed=8)
    rng = random.Random(1)
    play_randomly_until(state, lambda s: s.phase == BUILD, rng)
    before = state.gold.copy()  # building does not change gold
    play_randomly_until(state, lambda s: s.round == 2, rng)
    for seat in range(2):
        assert state.gold[seat] == before[seat] + 5 + connected_whisky_tiles(state.placed[seat])


# ---------------------------------------------------------------- hidden phase
def test_hidden_phase_is_discard_then_a_price_per_tile() -> None:
    state = new_state(3)
    drawn = state.drawn[1]
    assert names(state, 1) == [f"discard {t}" for t in drawn]
    state.apply(f"discard {drawn[1]}", 1)
    assert names(state, 1) == [f"price {n}" for n in range(1, 5)]  # 5 gold, keep 1 for the last tile
    state.apply("price 3", 1)
    assert names(state, 1) == ["price 1", "price 2"]
    state.apply("price 2", 1)
    assert state.prices[1] == [3, 0, 2] and state.gold[1] == 0
    assert state.to_move == (0, 2)


def test_hidden_choices_are_secret_until_everyone_has_chosen() -> None:
    state = new_state(3)
    others_view = state.observation(2)["seats"][0]
    state.apply(f"discard {state.drawn[0][2]}", 0)
    state.apply("price 4", 0)
    state.apply("price 1", 0)
    mine = state.observation(0)["seats"][0]
    assert [o["price"] for o in mine["offer"]] == [4, 1, None]
    assert [o["discard"] for o in mine["offer"]] == [False, False, True]
    assert mine["gold"] == 0
    for viewer in (1, 2, None):
        seen = state.observation(viewer)["seats"][0]
        assert seen["chosen"] is True
        assert all(o["price"] is None and o["discard"] is None for o in seen["offer"])
        assert seen["gold"] is None and seen["gold_total"] == 5
        assert [o["tile"] for o in seen["offer"]] == state.drawn[0]  # the drawn tiles lie face up
    # Apart from "has chosen", nothing seat 2 sees of seat 0 changed.
    after = state.observation(2)["seats"][0]
    assert {k: v for k, v in after.items() if k != "chosen"} == {k: v for k, v in others_view.items() if k != "chosen"}
    # Once all have chosen, everything is revealed.
    for seat in (1, 2):
        state.apply(f"discard {state.drawn[seat][0]}", seat)
        state.apply("price 2", seat)
        state.apply("price 2", seat)
    seen = state.observation(1)["seats"][0]
    assert [o["price"] for o in seen["offer"]] == [4, 1, None] and seen["gold"] == 0


def test_discards_go_back_to_the_bag_when_all_have_chosen() -> None:
    state = new_state(3)
    discards = [d[0] for d in state.drawn]
    size = len(state.bag)
    finish_hidden_phase(state)
    assert state.phase == BUY
    assert len(state.bag) == size + 3 and set(discards) <= set(state.bag)


def test_a_seat_cannot_act_for_another_or_twice() -> None:
    state = new_state(3)
    state.apply(f"discard {state.drawn[0][0]}", 0)
    with pytest.raises(IllegalAction, match="already marked"):
        state.apply(f"discard {state.drawn[0][1]}", 0)
    with pytest.raises(IllegalAction, match="not one you drew"):
        state.apply(f"discard {state.drawn[1][0]}", 2)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="a price is from 1 to 4"):
        state.apply("price 5", 0)
    assert snapshot(state) == before


# ---------------------------------------------------------------- buying
def test_buying_pays_the_seller_and_returns_the_stake() -> None:
    state = new_state(3)
    finish_hidden_phase(state, price=2)
    assert state.gold == [1, 1, 1]  # 5 - 2 - 2
    assert state.to_move == (0,)
    # Seat 0 has 1 gold: nothing it can afford.
    assert names(state, 0) == ["pass"]
    state.apply("pass", 0)
    state.gold[1] = 9
    target = state.drawn[2][1]
    assert f"buy {target}" in names(state, 1)
    assert f"buy {state.drawn[1][1]}" not in names(state, 1)  # not its own tile
    assert f"buy {state.drawn[0][0]}" not in names(state, 1)  # not a discarded tile
    state.apply(f"buy {target}", 1)
    assert state.gold[1] == 7 and state.gold[2] == 1 + 2 + 2  # price paid + stake back
    assert state.received[1] == [target]
    # Seat 2 cannot buy its own sold tile back, nor any tile already sold.
    state.gold[2] = 20
    assert f"buy {target}" not in names(state, 2)
    with pytest.raises(IllegalAction, match="your own tile"):
        state.apply(f"buy {target}", 2)


def test_unsold_tiles_are_kept_and_stakes_lost() -> None:
    state = new_state(2)
    finish_hidden_phase(state, price=1)  # each seat: 5 - 1 - 1 = 3 gold
    bought = state.drawn[1][1]
    state.apply(f"buy {bought}", 0)
    state.apply("pass", 1)
    assert state.phase == BUILD
    assert state.gold == [2, 3 + 2]
    assert sorted(state.received[0]) == sorted([state.drawn[0][1], state.drawn[0][2], bought])
    assert state.received[1] == [state.drawn[1][2]]


def test_buying_runs_from_the_start_player_and_sellers_may_spend_what_they_earn() -> None:
    state = new_state(3)
    state.start = 1
    finish_hidden_phase(state, price=2)
    assert state.to_move == (1,)
    state.gold[1] = 2
    state.apply(f"buy {state.drawn[2][1]}", 1)  # seat 2 sells for 2 and gets its stake of 2 back
    assert state.to_move == (2,) and state.gold[2] == 1 + 4
    state.apply(f"buy {state.drawn[0][1]}", 2)  # paid with the money it just earned
    assert state.gold[2] == 3 and state.to_move == (0,)
    state.apply("pass", 0)
    assert state.phase == BUILD and state.to_move == (1,)


def test_cannot_buy_beyond_ones_gold() -> None:
    state = new_state(2)
    state.apply(f"discard {state.drawn[0][0]}", 0)
    state.apply("price 1", 0)
    state.apply("price 1", 0)
    state.apply(f"discard {state.drawn[1][0]}", 1)
    state.apply("price 4", 1)
    state.apply("price 1", 1)
    expensive = state.drawn[1][1]
    assert f"buy {expensive}" not in names(state, 0)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="costs 4 gold and you have 3"):
        state.apply(f"buy {expensive}", 0)
    assert snapshot(state) == before


# ---------------------------------------------------------------- building
def to_build(seed: int = 2) -> IsleOfSkyeState:
    state = new_state(2, seed=seed)
    finish_hidden_phase(state)
    state.apply("pass", 0)
    state.apply("pass", 1)
    assert state.phase == BUILD and state.to_move == (0,)
    return state


NEXT_TO_CASTLE = {(0, -1): 0, (1, 0): 1, (0, 1): 2, (-1, 0): 3}  # square -> direction from the castle


def fits_next_to_castle(tid: int, square: tuple[int, int], rot: int) -> bool:
    d = NEXT_TO_CASTLE[square]
    return bool(rotated_terrain(TILES[tid], rot, (d + 2) % 4) == rotated_terrain(TILES[0], 0, d))


def test_only_legal_placements_are_offered() -> None:
    for seed in range(5):
        state = to_build(seed)
        for tile_action in state.legal_actions():
            trial = state.clone()
            trial.apply(tile_action)
            tid = trial.pick_tile
            spots = {(int(a.args[0]), int(a.args[1])) for a in trial.legal_actions()}
            expected = {sq for sq in NEXT_TO_CASTLE if any(fits_next_to_castle(tid, sq, r) for r in range(4))}
            assert spots == expected
            for square in sorted(spots):
                again = trial.clone()
                again.apply(f"spot {square[0]} {square[1]}")
                rotations = {int(a.args[0]) // 90 for a in again.legal_actions()}
                assert rotations == {r for r in range(4) if fits_next_to_castle(tid, square, r)}


def test_placing_a_tile_step_by_step() -> None:
    state = to_build()
    tid = state.received[0][0]
    state.apply(f"place {tid}")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="must touch your territory"):
        state.apply("spot 5 5")
    with pytest.raises(IllegalAction, match="choose a spot"):
        state.apply("rotate 90")
    assert snapshot(state) == before
    spot = state.legal_actions()[0]
    state.apply(spot)
    x, y = int(spot.args[0]), int(spot.args[1])
    rotations = state.legal_actions()
    assert rotations and all(fits_next_to_castle(tid, (x, y), int(a.args[0]) // 90) for a in rotations)
    state.apply(rotations[-1])
    assert state.placed[0][(x, y)] == (tid, int(rotations[-1].args[0]) // 90)
    assert tid not in state.received[0]


def no_mountain(tid: int) -> bool:
    return "m" not in TILES[tid].edges


def test_tiles_that_fit_nowhere_go_back_into_the_bag() -> None:
    # Find a game where seat 0 keeps two tiles without any mountain edge.
    seed = next(s for s in range(200) if all(no_mountain(t) for t in new_state(2, seed=s).drawn[0][1:]))
    state = new_state(2, seed=seed)
    kept = state.drawn[0][1:]
    finish_hidden_phase(state)
    set_territory(state, 0, MOUNTAIN_RING)
    assert set(state.frontier[0].values()) <= {
        sum(3 << (2 * d) for d in sides)
        for sides in ([0], [1], [2], [3], [0, 1], [1, 2], [2, 3], [0, 3], [0, 2], [1, 3])
    }
    bag = len(state.bag)
    state.apply("pass", 0)
    state.apply("pass", 1)
    # Seat 0 cannot place either kept tile: both go back, no gold comes back, seat 1 builds.
    assert state.received[0] == [] and len(state.bag) == bag + 2 and set(kept) <= set(state.bag)
    assert state.placed[0] == MOUNTAIN_RING and state.gold[0] == 3
    assert state.to_move == (1,)
    assert any(f"cannot place {kept[0]}" in e for e in state.events)


def test_a_tile_placed_first_can_make_room_for_another() -> None:
    state = to_build()
    set_territory(state, 0, MOUNTAIN_RING)
    state.received[0] = [5, 71]  # tile 5 has no mountain edge; tile 71 has three
    assert [str(a) for a in state.legal_actions(0)] == ["place 71"]
    state.apply("place 71", 0)
    state.apply("spot -1 0", 0)
    state.apply("rotate 270", 0)  # its pasture edge now faces the open square (-2, 0)
    assert [str(a) for a in state.legal_actions(0)] == ["place 5"]
    state.apply("place 5", 0)
    assert [str(a) for a in state.legal_actions(0)] == ["spot -2 0"]


def test_a_placement_that_would_leave_no_room_for_another_tile_is_refused() -> None:
    state = to_build()
    set_territory(state, 0, MOUNTAIN_RING)
    state.received[0] = [5, 71]
    state.apply("place 71", 0)
    state.apply("spot -1 0", 0)
    # Turned 0, tile 71's pasture edge faces North, where the open square also needs
    # mountain: tile 5 would fit nowhere. Turned 270 it faces (-2, 0) and 5 fits there.
    assert names(state, 0) == ["rotate 270"]
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="leave no room for another of your tiles"):
        state.apply("rotate 0", 0)
    assert snapshot(state) == before


# 2 players, seed 1885, random moves: seat 0 builds 75, 40 and 69 in round 2. The old
# engine let it place 69 at (1, 0) and 40 at (0, 1), after which 75 fitted nowhere
# and went back to the bag although 75 first places all three.
SEED_1885 = (
    "1 discard 67, 0 discard 73, 1 price 1, 1 price 1, 0 price 3, 0 price 2, 0 pass, 1 buy 12, "
    "0 place 44, 0 spot 0 -1, 0 rotate 90, 1 place 17, 1 spot 0 1, 1 rotate 90, 1 place 74, 1 spot 1 1, "
    "1 rotate 180, 1 place 12, 1 spot 0 2, 1 rotate 270, 0 discard 7, 1 discard 43, 1 price 5, 0 price 5, "
    "1 price 1, 0 price 1, 1 pass, 0 buy 75, 1 place 39, 1 spot 0 -1, 1 rotate 180"
)


def seed_1885_building() -> IsleOfSkyeState:
    state = new_state(2, seed=1885, scoring="random")
    for move in SEED_1885.split(", "):
        seat, text = move.split(" ", 1)
        state.apply(text, int(seat))
    assert state.phase == BUILD and state.received[0] == [75, 40, 69]
    return state


def test_seed_1885_the_order_that_binned_tile_75_is_refused() -> None:
    state = seed_1885_building()
    for text in ("place 69", "spot 1 0", "rotate 270", "place 40"):
        state.apply(text, 0)
    assert "spot 0 1" not in names(state, 0)
    with pytest.raises(IllegalAction, match="no room"):
        state.apply("spot 0 1", 0)


def test_seed_1885_every_order_offered_places_all_three_tiles() -> None:
    leaves = 0
    stack = [seed_1885_building()]
    while stack:
        state = stack.pop()
        if state.builder != 0:
            leaves += 1
            assert len(state.placed[0]) == 5 and not any("cannot place" in e for e in state.events)
            continue
        for action in state.legal_actions(0):
            child = state.clone()
            child.apply(action, 0)
            stack.append(child)
    assert leaves > 1000  # every (tile, square, rotation) three times over was tried


def test_building_order_and_end_of_round() -> None:
    state = new_state(3, seed=5, scoring="sheep,roads,mountains,farm-animals")
    rng = random.Random(3)
    play_randomly_until(state, lambda s: s.phase == BUILD, rng)
    order: list[int] = []
    while state.round == 1:
        if not order or order[-1] != state.to_move[0]:
            order.append(state.to_move[0])
        state.apply(rng.choice(state.legal_actions()))
    assert order == sorted(order)  # from the start player (seat 0) clockwise
    # Round 1 scores tile A (sheep) only.
    sheep = [analyse(p).count("sheep") for p in state.placed]
    assert state.vp == sheep
    assert state.start == 1 and state.round == 2 and state.phase == PRICE


def test_every_tile_received_is_placed_or_returned() -> None:
    state = new_state(4, seed=11)
    rng = random.Random(11)
    for _ in range(3):
        play_randomly_until(state, lambda s: s.phase == BUILD, rng)
        counts = [len(p) + len(r) for p, r in zip(state.placed, state.received, strict=True)]
        round_now = state.round

        def next_round(s: IsleOfSkyeState, r: int = round_now) -> bool:
            return bool(s.round != r or s.is_over)

        play_randomly_until(state, next_round, rng)
        assert [len(p) for p in state.placed] == counts  # everything fitted in these rounds
        assert all(abs(x) <= MAX_COORD and abs(y) <= MAX_COORD for p in state.placed for (x, y) in p)


# ---------------------------------------------------------------- whole game
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_scoring_tiles_are_used_three_times_each(players: int) -> None:
    state = new_state(players, seed=players)
    play_randomly_until(state, lambda s: s.is_over, random.Random(players))
    assert state.phase == OVER and state.to_move == ()
    letters = [letter for _round, letter, _points in state.scored]
    assert sorted(letters) == sorted("ABCD" * 3)
    assert [r for r, _letter, _points in state.scored] == sorted(r for r, _letter, _points in state.scored)
    expected = [(r.number, letter) for r in state.rounds for letter in r.letters]
    assert [(r, letter) for r, letter, _points in state.scored] == expected
    assert state.final is not None and len(state.final) == players


def test_final_scoring_adds_scrolls_and_gold() -> None:
    state = new_state(2)
    state.placed[0] = {(0, 0): (0, 0), (-1, 0): (8, 3), (0, 1): (17, 1)}  # a doubled broch scroll: 2
    state.gold = [12, 4]
    state.vp = [10, 10]
    flow.final_scoring(state, [analyse(p) for p in state.placed])
    assert state.vp == [10 + 2 + 2, 10]
    assert state.final is not None and state.final[0]["scrolls"] == [["broch", 2, True]]
    assert state.is_over and state.winners == (0,)


def test_tie_broken_by_leftover_gold() -> None:
    state = new_state(3)
    state.phase = OVER
    state.vp = [20, 20, 19]
    state.gold = [3, 4, 50]
    assert state.winners == (1,)
    state.gold = [4, 4, 50]
    assert list(state.winners) == [0, 1]


def test_sample_territory_is_reachable_by_the_rules_geometry() -> None:
    # The territories the scoring tests use obey the placement rule.
    from tests.isle_of_skye.helpers import check_matching

    check_matching(SAMPLE)


# ---------------------------------------------------------------- hidden information
def test_determinize_redraws_other_seats_secret_choices() -> None:
    state = new_state(3, seed=6)
    state.apply(f"discard {state.drawn[1][0]}", 1)
    state.apply("price 3", 1)
    state.apply(f"discard {state.drawn[0][2]}", 0)
    seen = set()
    for k in range(40):
        world = state.determinize(0, random.Random(k))
        assert world.observation(0) == state.observation(0)
        assert world.discarded[0] == state.discarded[0] and world.prices[0] == state.prices[0]
        assert sorted(world.bag) == sorted(state.bag)
        assert world.gold[1] + sum(world.prices[1]) == 5
        assert sum(1 for p in world.prices[1] if p) == 1  # as far as seat 1 had got
        seen.add((world.discarded[1], tuple(world.prices[1])))
    assert len(seen) > 5


def test_bag_draws_differ_between_determinized_worlds() -> None:
    state = to_build(seed=3)
    rng = random.Random(0)
    draws = set()
    for _ in range(10):
        world = state.determinize(0, rng)
        play_randomly_until(world, lambda s: s.round == 2, random.Random(1))
        draws.add(tuple(world.drawn[0]))
    assert len(draws) > 1


def test_a_determinized_history_tells_the_redrawn_choices_not_the_real_ones() -> None:
    # 3 players, seed 7: seat 1 discards its first tile and prices the next at 3.
    state = new_state(3, seed=7)
    real_discard = state.drawn[1][0]
    state.apply(f"discard {real_discard}", 1)
    state.apply("price 3", 1)
    others = set()
    for k in range(30):
        world = state.determinize(0, random.Random(k))
        seat_1 = [text for seat, text in world.record.moves if seat == 1]
        priced = next(p for p in world.prices[1] if p)
        assert seat_1 == [f"discard {world.discarded[1]}", f"price {priced}"]
        assert [str(a) for s, a in world.history if s == 1] == seat_1
        assert world.move_text(0, 0) == state.move_text(0, 0) == "marks a tile to discard (hidden)"
        others.add(seat_1[0] != f"discard {real_discard}" or seat_1[1] != "price 3")
    assert True in others  # some worlds re-drew a different discard or price
    # The seat's own hidden moves stay as they were.
    state.apply(f"discard {state.drawn[0][1]}", 0)
    world = state.determinize(0, random.Random(1))
    assert world.history[-1] == state.history[-1]
