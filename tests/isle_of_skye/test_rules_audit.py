"""Second independent rules audit: rules whose earlier tests could not tell a wrong
reading from the right one (figures against tiles, the 5-player track, gold in hand
when the gold tile scores, the start player's rotation, secrets after the reveal)."""

from __future__ import annotations

import random

from meeple.games.isle_of_skye import flow
from meeple.games.isle_of_skye import scoring as sc
from meeple.games.isle_of_skye.actions import BUILD, BUY, PRICE
from meeple.games.isle_of_skye.data import ROUNDS, TILES, rounds_for
from meeple.games.isle_of_skye.territory import connected_whisky_tiles
from tests.isle_of_skye.helpers import CASTLE, SAMPLE, finish_hidden_phase, new_state, territory

# Tile 13: 2 sheep on one tile (pasture North once turned 90, facing the castle's South).
TWO_SHEEP = {**CASTLE, (0, 1): (13, 1)}
# Tile 47: 2 ships on one tile (water West once turned 90, facing the castle's East);
# tile 10: 1 ship, unturned, water West.
TWO_SHIPS = {**CASTLE, (1, 0): (47, 1)}
ONE_SHIP = {**CASTLE, (1, 0): (10, 0)}


def test_the_five_player_track_scores_each_letter_in_its_rounds() -> None:
    # Rule: with 5 players the round track runs 5 rounds, each scoring tile scores three times.
    five = rounds_for(5)
    assert [r.letters for r in five] == [("A", "B"), ("A", "C"), ("B", "D"), ("A", "C", "D"), ("B", "C", "D")]
    assert ROUNDS["tiles_drawn_per_player"] == 3 and ROUNDS["starting_gold"] == 0


def test_the_sheep_tile_and_the_sheep_scroll_count_figures_not_tiles() -> None:
    # Rule: "1 VP for each sheep"; scroll "1 VP for every 2 sheep".
    assert TILES[13].count("sheep") == 2
    t = territory(TWO_SHEEP)
    assert sc.sheep(t) == 2
    assert sc.scroll_base("sheep", t) == 1


def test_the_ships_majority_and_the_ship_scroll_count_figures_not_tiles() -> None:
    # Rule: most ships (figures); one tile with 2 ships beats one tile with 1 ship.
    assert (TILES[47].count("ship"), TILES[10].count("ship")) == (2, 1)
    two, one = territory(TWO_SHIPS), territory(ONE_SHIP)
    assert sc.score_tile("ships", [two, one], [0, 0]) == [5, 2]
    assert sc.scroll_base("ship", two) == 1 and sc.scroll_base("ship", one) == 0


def test_the_gold_tile_scores_gold_in_hand_after_the_lost_stakes() -> None:
    # Rule: the gold tile compares the gold players have when the round scores; gold
    # staked on unsold tiles is lost by then. Seat 0 stakes 1+1, seat 1 stakes 2+2,
    # nobody buys: 3 gold against 1, so 5 and 2 VP (with the stakes, 5 and 5).
    state = new_state(2, seed=3, scoring="gold,ships,whisky,harbours")
    for seat, price in ((0, 1), (1, 2)):
        state.apply(f"discard {state.drawn[seat][0]}", seat)
        while seat in state.to_move:
            state.apply(f"price {price}", seat)
    state.apply("pass", 0)
    state.apply("pass", 1)
    assert state.phase == BUILD and state.gold == [3, 1]
    rng = random.Random(3)
    while state.round == 1:
        state.apply(rng.choice(state.legal_actions()))
    assert state.scored == [(1, "A", (5, 2))]
    assert state.vp == [5, 2]


def test_the_start_player_passes_clockwise_and_buying_begins_with_it() -> None:
    # Rule: after scoring the start player marker passes to the next seat clockwise;
    # buying (and building) then begins with the new start player.
    state = new_state(3, seed=9)
    rng = random.Random(9)
    starts: list[int] = []
    first_buyers: list[int] = []
    while not state.is_over:
        if state.phase == PRICE and len(starts) < state.round:
            starts.append(state.start)
        if state.phase == BUY and len(first_buyers) < state.round:
            first_buyers.append(state.to_move[0])
        seat = rng.choice(state.to_move)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    assert starts == [0, 1, 2, 0, 1, 2]
    assert first_buyers == starts


def test_secret_moves_stay_neutral_in_the_move_log_after_the_reveal() -> None:
    # Hidden information: once everyone has chosen, the discards and prices are told
    # by the event log; the move log keeps other seats' secret moves neutral, and a
    # determinized copy keeps the revealed choices as they were.
    state = new_state(3, seed=2)
    finish_hidden_phase(state, price=2)
    assert state.phase == BUY
    for index, (mover, action) in enumerate(state.history):
        assert state.move_text(index, mover) == str(action)
        for viewer in (None, *(s for s in range(3) if s != mover)):
            assert "hidden" in str(state.move_text(index, viewer))
    assert any(f"seat 1 discards {state.drawn[1][0]}" in e for e in state.events)
    world = state.determinize(0, random.Random(5))
    assert world.discarded == state.discarded and world.prices == state.prices
    assert world.history == state.history


def test_two_scrolls_of_one_kind_each_score() -> None:
    # Rule: every scroll tile placed scores at the end; two cattle scrolls (tiles 48 and
    # 68) with tile 70's 2 cattle give 2 VP each, 4 in all, added to the final total.
    placed = {**CASTLE, (0, -1): (48, 0), (1, 0): (68, 0), (0, 1): (70, 0)}
    t = territory(placed)
    assert t.count("cattle") == 2
    assert sc.scroll_points(t) == [("cattle", 2, False), ("cattle", 2, False)]
    state = new_state(2)
    state.placed[0] = placed
    state.vp = [0, 0]
    state.gold = [0, 0]
    flow.final_scoring(state, [territory(p) for p in state.placed])
    assert state.vp == [4, 0]


def test_the_whisky_majority_counts_every_whisky_tile_not_only_road_linked_ones() -> None:
    # Rule: "most tiles with barrels of whisky in their clan territory" (income alone asks
    # for roads). SAMPLE has whisky on tile 64 (no road to the castle) and tile 70 (joined).
    sample, one = territory(SAMPLE), territory({**CASTLE, (0, 1): (70, 0)})
    assert connected_whisky_tiles(SAMPLE) == 1 and sample.tiles_with("whisky") == 2
    assert sc.score_tile("whisky", [sample, one], [0, 0]) == [5, 2]
    assert sc.scroll_base("whisky", sample) == 1
