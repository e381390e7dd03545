"""Issue 11's second reading of the rulebook: leaders never share a space, the
home field may be on the centre tile, an unused Mayor counts toward the
"forfeit 4 discs" extra, and the solo game may add several extra tiles a round."""

from __future__ import annotations

import random

import pytest
from ibyron_helpers import notations, start, turn_to

import meeple
import meeple.games.ibyron as ib
from meeple.games.ibyron.data import COINS, DATA, FORFEIT_EXTRA, FORFEIT_EXTRA_DISCS, STONE
from meeple.games.ibyron.island import xy
from meeple.games.ibyron.rules import IbyronState


def test_a_leader_may_not_end_a_move_on_another_players_home() -> None:
    """Issue 11's seed-80 game (on the first version's map): seat 0 walked onto seat 1's home while seat 1's
    leader was away; seat 1 then founded a camp and its leader "went home" onto seat 0's. The same position on
    this map: seat 1's leader is away, its home space empty, and seat 0 may not end a move there."""
    s = start()
    turn_to(s, 1)
    s.apply("move 8 6 0")  # seat 1's leader leaves its home (9, 6) for the forest next to it
    s.apply("end")
    assert s.current == 0 and s.leader[1] != s.home[1]
    home_x, home_y = xy(s.home[1])
    assert not [a for a in notations(s) if a.startswith(f"move {home_x} {home_y} ")]
    with pytest.raises(meeple.IllegalAction, match="home"):
        s.apply(f"move {home_x} {home_y} 0")
    s.apply("move 7 6 0")  # next to seat 1's home, as in the issue's game
    s.apply("end")
    s.apply("camp wood 1")  # seat 1 founds a camp: its leader goes home, where no other leader can be
    assert s.leader[1] == s.home[1] and s.leader[0] != s.leader[1]


def test_leaders_never_share_a_space_in_random_games() -> None:
    for players, seed in ((2, 80), (2, 1), (3, 2), (4, 3)):
        s = ib.INFO.new(players, seed)
        rng = random.Random(seed)
        while not s.is_over:
            on_island = [c for c in s.leader if c >= 0]
            assert len(on_island) == len(set(on_island)), s.history[-3:]
            s.apply(rng.choice(s.legal_actions()))


def _field_corners(tile_role: str, s: IbyronState) -> list[int]:
    tile = next(t for t in DATA["tiles"] if t["role"] == tile_role)
    return [i for i, letter in enumerate(tile["cells"]) if letter == "A"]


def test_home_may_be_a_field_of_the_centre_tile_not_shared_with_an_opponent() -> None:
    s = ib.INFO.new(2, 1)
    s.apply("start bank")
    centre = [f"home center {c}" for c in _field_corners("center", s)]
    assert centre and set(centre) <= set(notations(s))
    s.apply(centre[0])
    assert s.leader[0] == s.home[0] and s.home[0] in s.buildings
    s.apply("start garden")
    # the centre tile now holds seat 0's home: seat 1 keeps to its own tile
    assert [a for a in notations(s) if a.startswith("home")] == [f"home {c}" for c in _field_corners("seat1", s)]
    with pytest.raises(meeple.IllegalAction, match="separate tile"):
        s.apply(centre[-1])


def _in_village(s: IbyronState, p: int, discs: int) -> None:
    s.supply[p] = 0
    s.vbox[p] = discs
    s.rest[p] += 14 - discs
    turn_to(s, p)


def test_an_unused_mayor_counts_toward_the_four_given_up() -> None:
    assert FORFEIT_EXTRA_DISCS == 4
    s = start()
    _in_village(s, 0, FORFEIT_EXTRA_DISCS - 1)
    assert s.mayor[0]
    s.apply("leave")  # 3 discs and the Mayor: 4 given up
    stone = s.res[0][STONE]
    s.apply("bonus 5")  # 2 stone, +1 for giving up 4
    assert s.res[0][STONE] == stone + 2 + FORFEIT_EXTRA


def test_a_used_mayor_does_not_count_toward_the_four() -> None:
    s = start()
    _in_village(s, 0, FORFEIT_EXTRA_DISCS)
    s.apply("visit tax mayor")  # the Mayor pays the single disc: 4 discs still in the box
    turn_to(s, 0)
    s.apply("leave")
    stone = s.res[0][STONE]
    s.apply("bonus 5")
    assert s.res[0][STONE] == stone + 2 + FORFEIT_EXTRA
    s2 = start()
    _in_village(s2, 0, FORFEIT_EXTRA_DISCS)
    s2.apply("visit tax mayor")
    s2.vbox[0] -= 1  # 3 left, Mayor spent
    turn_to(s2, 0)
    s2.apply("leave")
    stone = s2.res[0][STONE]
    s2.apply("bonus 5")
    assert s2.res[0][STONE] == stone + 2


def test_back_side_ladder_may_be_paid_with_the_mayor() -> None:
    s = start(bonus_side="back")
    _in_village(s, 0, 3)
    s.apply("leave")  # 3 discs and the Mayor: the top rung (4) is in reach
    assert "bonus 4" in notations(s)


def _to_extra_offer(s: IbyronState) -> None:
    from test_round import finish_round

    finish_round(s)
    while s.step == 9:
        s.apply("hire 0")
    s.apply(notations(s)[0])  # lay the round's tile


def test_solo_may_add_more_than_one_extra_tile_a_round() -> None:
    s = start(1)
    _to_extra_offer(s)
    limit = s.round_limit
    for extra in range(1, 3):
        assert notations(s) == ["extra", "decline"]
        coins = s.res[0][COINS]
        s.apply("extra")
        s.apply(notations(s)[0])
        assert s.round_limit == limit - extra and s.res[0][COINS] == coins + DATA["explore"]["solo_extra_coins"]
        if s.step == 9:
            s.apply("hire 0")
    assert s.step == 12  # a third extra tile is offered too
    s.apply("decline")
    assert s.round == 2 and s.res[0][COINS] <= s._coins_kept(0)


def test_solo_extra_tiles_stop_before_the_game_would_have_no_round_left() -> None:
    s = start(1, round_limit=3)
    _to_extra_offer(s)
    s.apply("extra")
    s.apply(notations(s)[0])
    if s.step == 9:
        s.apply("hire 0")
    assert s.round_limit == 2 and s.step != 12 and s.round == 2
