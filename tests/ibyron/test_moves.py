"""Moving the leader: the price in discs and horses, the stride, and the spaces a move may not end on."""

from __future__ import annotations

import random

import pytest
from ibyron_helpers import cell, notations, start, turn_to

import meeple
import meeple.games.ibyron as ib
from meeple.games.ibyron.data import (
    K_WOOD,
    STONE,
    WOOD,
    B,
)
from meeple.games.ibyron.island import xy
from meeple.games.ibyron.rules import IbyronState


def test_move_costs_one_disc_per_point_and_ends_turn_optional(game: IbyronState) -> None:
    s = game
    s.apply("move 6 7 0")  # distance 3, stride 1 (tallest building is the 1-disc farm)
    assert s.supply[0] == 11 and s.vbox[0] == 3 and s.leader[0] == cell(6, 7)
    assert "end" in notations(s)
    assert not any(n.startswith("move") for n in notations(s))  # one move per turn
    s.apply("end")
    assert s.current == 1


def test_horse_gives_two_points(game: IbyronState) -> None:
    s = game
    s.apply("move 6 7 1")  # 3 points: one horse (2) + one disc
    assert s.horses[0] == 0 and s.supply[0] == 13 and s.horse_supply == 9


def test_stride_is_the_tallest_own_building(game: IbyronState) -> None:
    s = game
    s.buildings[cell(5, 6)] = (0, (B["church"],))
    s.tallest[0] = 2
    s.apply("move 6 7 0")  # distance 3 at 2 spaces per point = 2 points
    assert s.supply[0] == 12


def test_cannot_end_move_on_another_leader(game: IbyronState) -> None:
    s = game
    x, y = xy(s.leader[1])
    assert f"move {x} {y} 0" not in notations(s)
    with pytest.raises(meeple.IllegalAction, match="another player"):
        s.apply(f"move {x} {y} 0")
    before = s.supply[0]
    assert s.supply[0] == before  # unchanged


def test_not_enough_discs_to_move(game: IbyronState) -> None:
    s = game
    s.supply[0] = 1
    s.horses[0] = 0
    with pytest.raises(meeple.IllegalAction, match="movement points"):
        s.apply("move 7 7 0")


def moves_to(s: IbyronState, x: int, y: int) -> list[str]:
    return [a for a in notations(s) if a.startswith(f"move {x} {y} ")]


def test_a_leader_may_not_end_a_move_on_a_space_another_player_holds() -> None:
    """An overseer holds a space "until the end of the round or they are used by you". Were another leader
    allowed to park on it, the holder's leader could never stand there to found the camp or build, and the
    hold would be worth nothing. A held space is occupied by its holder."""
    s = start()
    s.reserved[cell(7, 7)] = 0
    s.overseer[0][0] = cell(7, 7)
    turn_to(s, 1)
    assert not moves_to(s, 7, 7)
    with pytest.raises(meeple.IllegalAction, match="another player occupies"):
        s.apply("move 7 7 0")
    assert s.leader[1] == s.home[1] and s.supply[1] == 14  # refused: nothing changed
    turn_to(s, 0)
    assert moves_to(s, 7, 7)  # the holder may still go there


def test_a_leader_may_not_end_a_move_on_another_players_castle() -> None:
    """The castle's parts go on the Gate, where the owner's leader must stand; a leader parked on another
    player's Gate would keep its owner from building on. A building's space is occupied by its owner."""
    s = start()
    s.buildings[cell(7, 7)] = (0, (B["castle_gate"],))
    s.castle[0] = cell(7, 7)
    turn_to(s, 1)
    assert not moves_to(s, 7, 7)
    with pytest.raises(meeple.IllegalAction, match="another player occupies"):
        s.apply("move 7 7 0")


def test_a_leader_may_not_end_a_move_on_another_players_camp_or_building() -> None:
    s = start()
    s.camps[cell(8, 6)] = (1, K_WOOD, 2)
    s.overseer[1][0] = cell(8, 6)
    s.buildings[cell(8, 7)] = (1, (B["refinery"],))
    turn_to(s, 0)
    assert not moves_to(s, 8, 6) and not moves_to(s, 8, 7)
    assert moves_to(s, 7, 6)  # an empty space is fine
    turn_to(s, 1)
    assert moves_to(s, 8, 7)  # its owner may stand there


def test_a_harbour_on_the_farm_is_a_two_disc_stack_for_the_stride() -> None:
    """Distance per point is the tallest of one's buildings; the Harbour stands on the starting farm, so
    that stack is 2 discs tall (as the castle's four one-disc parts make 4)."""
    s = start()
    turn_to(s, 0)
    s.permits[0] = 1
    s.res[0][WOOD], s.res[0][STONE] = 3, 2
    assert s._stride(0) == 1
    s.apply("build harbour")
    assert s.buildings[s.home[0]][1][-1] == B["harbour"] and s._stride(0) == 2
    turn_to(s, 0)
    supply = s.supply[0]
    s.apply("move 7 6 0")  # 3 spaces at 2 a point: 2 points
    assert s.supply[0] == supply - 2


def test_the_stride_never_exceeds_4() -> None:
    s = start()
    s.tallest[0] = 6
    assert s._stride(0) == 4


def test_a_leader_may_not_end_a_move_on_another_players_home() -> None:
    """A home is occupied even while its leader is away: the leader goes back there after founding a camp, so
    another leader standing there would share its space. Seat 1's leader is away, its home space empty, and
    seat 0 may not end a move there."""
    s = start()
    turn_to(s, 1)
    s.apply("move 8 6 0")  # seat 1's leader leaves its home (9, 6) for the forest next to it
    s.apply("end")
    assert s.current == 0 and s.leader[1] != s.home[1]
    home_x, home_y = xy(s.home[1])
    assert not [a for a in notations(s) if a.startswith(f"move {home_x} {home_y} ")]
    with pytest.raises(meeple.IllegalAction, match="home"):
        s.apply(f"move {home_x} {home_y} 0")
    s.apply("move 7 6 0")  # next to seat 1's home
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


def test_leader_moves_only_onto_the_island_or_its_coast(game: IbyronState) -> None:
    s = game
    moves = {tuple(map(int, n.split()[1:3])) for n in notations(s) if n.startswith("move")}
    assert (3, 6) in moves and (4, 5) in moves  # coast spaces
    assert (2, 6) not in moves and (0, 0) not in moves
    with pytest.raises(meeple.IllegalAction, match="neither on the island"):
        s.apply("move 0 0 0")


def test_horses_spent_go_back_to_the_stablehand(game: IbyronState) -> None:
    s = game
    s.camps[cell(5, 6)] = (0, 2, 2)  # a quarry
    s.overseer[0][0] = cell(5, 6)
    supply, stone = s.horse_supply, s.res[0][STONE]
    s.apply("hurry 0")
    assert s.horse_supply == supply + 1 and s.res[0][STONE] == stone + 2


def test_reserved_space_blocks_other_players() -> None:
    s = start()
    turn_to(s, 0)
    s.reserved[cell(5, 6)] = 0
    s.overseer[0][0] = cell(5, 6)
    turn_to(s, 1)
    # another player may not even stand there: a held space is occupied by its holder
    with pytest.raises(meeple.IllegalAction, match="another player occupies"):
        s.apply("move 5 6 0")
    s.leader[1] = cell(5, 6)  # a leader already there when the space was held (lifted by a new tile)
    assert not any(n.startswith("camp") or n.startswith("build") for n in notations(s))
