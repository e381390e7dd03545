"""The arena's schedule and seeds: fair seats, even pairings, the same games whatever the arena's length."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from meeple.arena.schedule import bot_seed, game_seed, lineups


def seat_counts(plan: list[tuple[int, ...]]) -> Counter[tuple[int, int]]:
    return Counter((bot, seat) for lineup in plan for seat, bot in enumerate(lineup))


@pytest.mark.parametrize(
    ("bots", "seats"),
    [(2, 2), (3, 3), (5, 5), (2, 3), (3, 4), (1, 3), (3, 2), (5, 2), (5, 3), (7, 4), (10, 3)],
)
def test_every_bot_sits_in_every_seat_equally_often(bots: int, seats: int) -> None:
    # a whole number of periods: blocks of `seats` games, enough blocks for every bot to cycle through
    games = seats * bots * (seats if bots < seats else 2) * 3
    counts = seat_counts(lineups(bots, seats, games))
    assert set(counts) == {(b, s) for b in range(bots) for s in range(seats)}
    assert len(set(counts.values())) == 1, counts


def test_each_block_plays_one_lineup_in_every_rotation() -> None:
    plan = lineups(4, 2, 8)
    assert plan[0] == plan[1][::-1] and plan[2] == plan[3][::-1]
    assert [set(lineup) for lineup in plan] == [{0, 1}, {0, 1}, {2, 3}, {2, 3}, {0, 2}, {0, 2}, {1, 3}, {1, 3}]


def test_alternate_blocks_reverse_who_sits_after_whom() -> None:
    orders = lineups(3, 3, 6)
    assert set(orders) == {(0, 1, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0), (1, 0, 2), (0, 2, 1)}


@pytest.mark.parametrize(("bots", "seats", "games"), [(3, 2, 60), (5, 2, 100), (6, 3, 120), (8, 4, 200), (10, 3, 300)])
def test_with_more_bots_than_seats_every_pair_meets_about_equally(bots: int, seats: int, games: int) -> None:
    plan = lineups(bots, seats, games)
    meetings = Counter(pair for lineup in plan for pair in combinations(sorted(lineup), 2))
    per_pair = [meetings[pair] // seats for pair in combinations(range(bots), 2)]  # in blocks
    assert min(per_pair) > 0 and max(per_pair) - min(per_pair) <= 2, per_pair
    played = Counter(bot for lineup in plan for bot in lineup)
    assert max(played.values()) - min(played.values()) <= seats


def test_a_bot_plays_at_most_once_per_game_unless_there_are_fewer_bots_than_seats() -> None:
    assert all(len(set(lineup)) == 3 for lineup in lineups(7, 3, 90))
    assert all(sorted(Counter(lineup).values()) in ([1, 2], [2, 1]) for lineup in lineups(2, 3, 12))


def test_a_games_lineup_does_not_depend_on_the_arena_length() -> None:
    assert lineups(5, 3, 200)[:37] == lineups(5, 3, 37)
    assert lineups(2, 3, 50)[:7] == lineups(2, 3, 7)


def test_seeds_come_from_the_arena_seed_and_the_game_index_only() -> None:
    seeds = {game_seed(1, i) for i in range(1000)}
    assert len(seeds) == 1000 and all(0 <= s < 2**63 for s in seeds)
    assert game_seed(1, 5) == game_seed(1, 5) != game_seed(2, 5)
    assert game_seed(1, 6) != game_seed(2, 5)  # neighbouring arenas share no games
    assert len({bot_seed(1, 5, seat) for seat in range(5)} | {game_seed(1, 5)}) == 6
    # fixed values: a change here changes what every stored arena's seed means
    assert game_seed(0, 0) == 102813481378879887


def test_bad_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one bot"):
        lineups(0, 2, 4)
