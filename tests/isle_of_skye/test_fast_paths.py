"""The shortcuts taken for speed answer exactly as the plain rules do.

``apply`` asks ``_is_legal`` instead of building the legal list again; the
build steps last offered are remembered until the next move; the build plan
is kept while a seat places from one territory with one set of tiles; round
scoring reads each territory's index, kept up to date tile by tile (areas' facts
packed in one number, each road network's squares at its root); a placement grows
the frontier on its square's open sides only; a price finds its tile with
``list.index``; events of one moment are logged in one call. Each is checked here
against the plain answer on many positions.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator

from meeple.core import Action, snapshot
from meeple.games.isle_of_skye.actions import ACTION_SPACE, BUILD
from meeple.games.isle_of_skye.data import ASKED_OF_NEIGHBOURS, FEATURES
from meeple.games.isle_of_skye.rules import IsleOfSkyeState
from meeple.games.isle_of_skye.scoring import SCORING_IDS, score_tile, scroll_points
from meeple.games.isle_of_skye.territory import (
    Placed,
    Territory,
    connected_whisky_tiles,
    find_areas,
    road_connected,
)
from meeple.games.isle_of_skye.territory_index import MASK, SIZE_SHIFT, TerritoryIndex, next_to
from tests.isle_of_skye.helpers import SAMPLE, new_state, territory

ODD_ACTIONS = (Action("price"), Action("price", 1, 2), Action("spot", 0), Action("rotate", 45), Action("pass", 1))


def positions(count: int) -> list[tuple[IsleOfSkyeState, int]]:
    found = []
    for game in range(count):
        state = new_state(2 + game % 4, seed=300 + game)
        rng = random.Random(game)
        while not state.is_over:
            seat = rng.choice(state.to_move)
            if rng.random() < 0.15:
                found.append((state.clone(), seat))
            actions = state.legal_actions(seat)
            state.apply(actions[rng.randrange(len(actions))], seat)
    return found


def test_is_legal_agrees_with_the_legal_list_for_every_action() -> None:
    for state, seat in positions(6):
        fresh = state.clone()  # nothing remembered: the plain path
        legal = set(fresh._legal_actions(seat))
        for action in (*ACTION_SPACE, *ODD_ACTIONS):
            assert fresh._is_legal(action, seat) == (action in legal), (action, seat)
        # After the list was offered, the remembered answer is the same.
        state.legal_actions(seat)
        for action in (*ACTION_SPACE, *ODD_ACTIONS):
            assert state._is_legal(action, seat) == (action in legal), (action, seat)


def test_remembered_steps_do_not_change_the_position_or_outlive_a_move() -> None:
    for state, seat in positions(2)[:40]:
        plain = state.clone()
        state.legal_actions(seat)
        assert snapshot(state) == snapshot(plain)
        action = plain.legal_actions(seat)[0]
        state.apply(action, seat)
        plain.apply(action, seat)
        for mover in state.to_move:
            assert state.legal_actions(mover) == plain.clone().legal_actions(mover)


def _plain_facts(placed: Placed) -> list[tuple[object, ...]]:
    return sorted(
        (a.terrain, a.completed, a.size, a.features.get("broch", 0), a.features.get("ship", 0),
         a.features.get("lighthouse", 0))
        for a in find_areas(placed)
    )  # fmt: skip


def _check_index(index: TerritoryIndex, placed: Placed) -> None:
    """The index answers every question scoring asks exactly as the plain analysis does."""
    assert index.describes(placed)
    assert sorted(tuple(a) for a in index.areas()) == _plain_facts(placed)
    assert index.scrolls() == [(kind, a.completed) for a in find_areas(placed) for kind in a.scrolls]
    assert index.road_connected() == road_connected(placed)
    assert index.connected_whisky_tiles() == connected_whisky_tiles(placed)
    plain = Territory(placed)
    assert index.totals == {name: plain.count(name) for name in FEATURES} | {
        f"tiles with {name}": plain.tiles_with(name) for name in FEATURES
    }
    assert all(index.total(name) == amount for name, amount in index.totals.items())
    assert list(index.roots) == [r for r, up in enumerate(index.parent) if up == r]  # lowest first
    indexed = Territory(placed, index)
    for tile_id in SCORING_IDS:
        assert score_tile(tile_id, [indexed], [7]) == score_tile(tile_id, [plain], [7]), tile_id
    assert scroll_points(indexed) == scroll_points(plain)


def test_territory_index_agrees_with_the_plain_analysis_after_every_placement() -> None:
    checked = 0
    for game in range(8):
        state = new_state(2 + game % 4, seed=700 + game)
        rng = random.Random(game)
        twin: IsleOfSkyeState | None = None
        while not state.is_over:
            seat = state.to_move[0]
            if state.phase == BUILD and state.pick_spot is not None:  # the next move places a tile
                actions = state.legal_actions(seat)
                state.apply(actions[rng.randrange(len(actions))], seat)
                _check_index(state._territory_index(seat), state.placed[seat])
                checked += 1
                if twin is None and rng.random() < 0.2:
                    twin = state.clone()  # shares the indexes until one of the two places
                continue
            actions = state.legal_actions(seat)
            state.apply(actions[rng.randrange(len(actions))], seat)
        # The clone, played on differently, kept its own territories' indexes right.
        assert twin is not None
        while not twin.is_over:
            seat = twin.to_move[0]
            actions = twin.legal_actions(seat)
            twin.apply(actions[rng.randrange(len(actions))], seat)
        for seat in range(twin.players):
            _check_index(twin._territory_index(seat), twin.placed[seat])
            _check_index(state._territory_index(seat), state.placed[seat])
    assert checked > 300


def test_a_territory_changed_by_hand_is_indexed_afresh() -> None:
    state = new_state(2, seed=5)
    state.placed[0] = dict(SAMPLE)
    _check_index(state._territory_index(0), state.placed[0])


# A final territory of a random 5-player game (the one of 400 random games found) in which one area holds two
# regions of a single tile: the index must count that tile once in the area's size.
TWO_REGIONS_IN_ONE_AREA: Placed = {
    (0, 0): (3, 0), (0, 1): (6, 1), (-1, 0): (37, 2), (0, -1): (41, 0), (1, 1): (40, 3), (1, -1): (5, 2),
    (-2, 0): (67, 0), (-2, -1): (44, 1), (-1, -1): (59, 0), (-1, 1): (70, 3), (1, 2): (8, 2), (-3, 0): (18, 2),
    (2, 2): (29, 2),
}  # fmt: skip


def test_a_tile_met_twice_by_one_area_counts_once_in_its_size() -> None:
    index = TerritoryIndex.of(territory(TWO_REGIONS_IN_ONE_AREA).placed)
    regions_of: dict[int, int] = {}
    for region in range(len(index.parent)):
        root = index._root(region)
        regions_of[root] = regions_of.get(root, 0) + 1
    assert any(regions > index.facts[root] >> SIZE_SHIFT & MASK for root, regions in regions_of.items())
    _check_index(index, TWO_REGIONS_IN_ONE_AREA)


# What random play gave before the speed work (rules version 2): every legal list, in
# order, of 20 seeded random games at 2-5 players and of clones branched off them, and
# their final states. A change here is a change of the rules, never of speed alone.
RANDOM_PLAY_FINGERPRINT = ("0c8ca64b2a8ef56e3c6ba80f340d926ea15d968e1bbe6994350483da429c8a47", 9205)


def test_random_play_gives_the_same_legal_lists_and_states_as_before() -> None:
    digest = hashlib.sha256()
    positions = 0
    for players in (2, 3, 4, 5):
        for game in range(5):
            rng = random.Random(100 * players + game)
            branches: list[IsleOfSkyeState] = [new_state(players, seed=900 + 10 * players + game)]
            while branches:
                state = branches.pop()
                while not state.is_over:
                    seat = state.to_move[rng.randrange(len(state.to_move))]
                    legal = state.legal_actions(seat)
                    digest.update(repr(legal).encode())
                    positions += 1
                    if rng.random() < 0.01 and len(branches) < 2:
                        branches.append(state.clone())  # plays on from a copy sharing the indexes
                    state.apply(legal[rng.randrange(len(legal))], seat)
                digest.update(repr(snapshot(state)).encode())
    assert IsleOfSkyeState.info.rules_version == 2, "a new rules version needs a new fingerprint"
    assert (digest.hexdigest(), positions) == RANDOM_PLAY_FINGERPRINT


def test_draws_take_the_index_randrange_would() -> None:
    # The bag is drawn with ``draw_below`` (randrange's own method, two calls fewer): the
    # same generator must give the same index for every bag size a game can have, and
    # leave the generator where randrange leaves it.
    from meeple.core.rng import Random
    from meeple.games.isle_of_skye.round_sequence import draw_below

    for seed in range(40):
        ours, theirs = Random(seed), Random(seed)
        for size in [*range(1, 80), 1, 64, 65, 127, 128, 129, 2**20 + 1]:
            assert draw_below(ours, size) == theirs.randrange(size), (seed, size)
        assert ours.getstate() == theirs.getstate()


def test_the_neighbours_kept_per_square_are_north_east_south_west() -> None:
    from meeple.games.isle_of_skye.data import DX, DY
    from meeple.games.isle_of_skye.territory_index import next_to

    for x, y in [(0, 0), (3, -2), (-18, 18)]:
        assert next_to((x, y)) == tuple((x + DX[d], y + DY[d]) for d in range(4))


def test_events_logged_together_are_the_events_logged_one_at_a_time() -> None:
    # ``_log`` adds several events in one call and trims by 20 while past 60: the same
    # list as adding them one by one, trimming after each, whatever the log held before.
    state = new_state(2, seed=1)
    for before in range(61):
        for count in range(46):
            texts = [f"event {i}" for i in range(count)]
            old = [f"old {i}" for i in range(before)]
            one_by_one = list(old)
            for text in texts:
                one_by_one.append(text)
                if len(one_by_one) > 60:
                    del one_by_one[:20]
            state.events = list(old)
            state._log(*texts)
            assert state.events == one_by_one, (before, count)


def random_moves(games: int, first_seed: int) -> Iterator[tuple[IsleOfSkyeState, int, Action]]:
    """Each move of seeded random games (2-5 players in turn), before it is played: the
    state, the seat (any of those to move) and the action; played once the caller is done."""
    for game in range(games):
        state = new_state(2 + game % 4, seed=first_seed + game)
        rng = random.Random(game)
        while not state.is_over:
            seat = rng.choice(state.to_move)
            actions = state.legal_actions(seat)
            action = actions[rng.randrange(len(actions))]
            yield state, seat, action
            state.apply(action, seat)


def test_a_placement_grows_the_frontier_as_grow_frontier_does_in_the_same_order() -> None:
    # A placement grows the frontier on the sides its square's pattern asks nothing of,
    # not by looking each neighbour up: the same squares, patterns and order.
    checked = 0
    for state, seat, action in random_moves(6, 40):
        if action[0] == "rotate":
            pos, tid, rot = state.pick_spot, state.pick_tile, int(action[1]) // 90
            assert pos is not None
            placed = state.placed[seat]
            expected = dict(state.frontier[seat])  # what ``_grow_frontier`` makes of it
            expected.pop(pos)
            for nb, code in zip(next_to(pos), ASKED_OF_NEIGHBOURS[tid][rot], strict=True):
                if nb not in placed:
                    expected[nb] = expected.get(nb, 0) | code
            after = state.clone()
            after.apply(action, seat)
            assert list(after.frontier[seat].items()) == list(expected.items())
            checked += 1
    assert checked > 200


def test_a_price_goes_to_the_first_tile_still_waiting() -> None:
    # ``_set_price`` finds that tile with ``list.index`` (skipping the discard, priced 0 too).
    checked = 0
    for state, seat, action in random_moves(8, 60):
        if action[0] == "price":
            waiting = state._to_price(seat)
            after = state.clone()
            after.apply(action, seat)
            assert after.prices[seat][waiting[0]] == action[1]
            assert after._to_price(seat) == waiting[1:]
            checked += 1
    assert checked > 100


def test_legal_indices_are_the_action_space_indices_of_the_legal_list_in_its_order() -> None:
    # ``_legal_indices`` (the RL masks' source) names the build steps and prices by index from tables.
    index = {action: i for i, action in enumerate(ACTION_SPACE)}
    kinds: set[str] = set()
    planned = 0
    for players in (2, 3, 5):
        for game in range(2):
            state = new_state(players, seed=40 + 10 * players + game)
            rng = random.Random(game)
            while not state.is_over:
                for seat in state.to_move:
                    legal = state._legal_actions(seat)
                    assert state._legal_indices(seat) == [index[a] for a in legal], (str(state.history[-3:]), seat)
                    kinds.update(a.kind for a in legal)
                    planned += state.phase == BUILD and state._build_plan(seat) is not None
                seat = state.to_move[rng.randrange(len(state.to_move))]
                legal = state.legal_actions(seat)
                state.apply(legal[rng.randrange(len(legal))], seat)
    assert kinds == {"discard", "price", "buy", "pass", "place", "spot", "rotate"}
    assert planned > 0  # build steps listed through a plan too
