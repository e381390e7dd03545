"""Outside actions: moving the leader, exploring, work camps, gathering, ships, buildings, forfeiting.

Each ``do_*`` function carries out one action already known to be legal;
``rules.py`` maps action kinds to them.
"""

from __future__ import annotations

from meeple.core import Action
from meeple.games.ibyron.data import (
    BUILDINGS,
    CAMP_KINDS,
    CAMPS,
    COINS,
    DATA,
    EXPLORE_DISCS,
    FARM,
    FOOD,
    GATE,
    GOLD,
    HORSE_POINTS,
    K_GOLD,
    K_GRAIN,
    K_ORE,
    K_STONE,
    K_WOOD,
    KIND_RES,
    MAX_LEVEL,
    ORE,
    S_MOVED,
    S_OVERSEE,
    STONE,
    TECH_EFFECT,
    TECH_LEVELS,
    WIN_LOOSE,
    WOOD,
    B,
)
from meeple.games.ibyron.island import distance, explore_anchor
from meeple.games.ibyron.moves import MOVE_TARGET, stride_of
from meeple.games.ibyron.position import IbyronPosition
from meeple.games.ibyron.scoring import loose_discs
from meeple.games.ibyron.turns import add, end_turn, enter_village, finish_game, gain, retrieve


def move_points(s: IbyronPosition, p: int, dest: int) -> int:
    """Movement points a move of ``p``'s leader to ``dest`` costs (before horses)."""
    return -(-distance(s.leader[p], dest) // stride_of(s, p))


def do_move(s: IbyronPosition, p: int, action: Action) -> None:
    dest, horses = MOVE_TARGET[action]
    discs = max(0, move_points(s, p, dest) - HORSE_POINTS * horses)
    s.supply[p] -= discs
    s.vbox[p] += discs
    s.horses[p] -= horses
    s.horse_supply += horses
    s.leader[p] = dest
    s.step = S_MOVED


def do_end(s: IbyronPosition, p: int, action: Action) -> None:
    end_turn(s)


def do_explore(s: IbyronPosition, p: int, action: Action) -> None:
    corner, rotation = int(action[1]), int(action[2])
    ax, ay = explore_anchor(s.leader[p], corner)
    s.supply[p] -= EXPLORE_DISCS
    s.vbox[p] += EXPLORE_DISCS
    s.new_cells = s.lay_tile(s.held[p], ax, ay, rotation)
    s.held[p] = -1
    if s._free_overseer(p) >= 0:
        s.step = S_OVERSEE
    else:
        end_turn(s)


def do_oversee(s: IbyronPosition, p: int, action: Action) -> None:
    cell = s.new_cells[int(action[1])]
    s.overseer[p][s._free_overseer(p)] = cell
    s.reserved[cell] = p
    if s._free_overseer(p) < 0:
        end_turn(s)


def _take_overseer(s: IbyronPosition, p: int, cell: int) -> None:
    """Put an overseer on a new camp: the one already holding the space, else a free one."""
    if s.reserved.get(cell) == p:
        del s.reserved[cell]
        return
    s.overseer[p][s._free_overseer(p)] = cell


def grain_discs(s: IbyronPosition, p: int) -> int:
    return max(1, int(CAMPS["grain_base_discs"]) - s.barns[p])


def do_camp(s: IbyronPosition, p: int, action: Action) -> None:
    kind = CAMP_KINDS.index(str(action[1]))
    n = int(action[2]) if len(action) > 2 else 0
    cell = s.leader[p]
    if kind == K_GOLD:
        n = CAMPS["gold_discs"]
        s.res[p][WOOD] -= CAMPS["gold_cost"]["wood"]
        s.res[p][ORE] -= CAMPS["gold_cost"]["ore"]
    elif kind == K_GRAIN:
        n = grain_discs(s, p)
    _take_overseer(s, p, cell)
    s.supply[p] -= n
    s.camps[cell] = (p, kind, n)
    # The leader goes home once the camp is set up. No other leader can stand there: a move may not end on
    # another player's home space (see moves.py), so this return never puts two leaders on one space.
    s.leader[p] = s.home[p]
    end_turn(s)


def _camp_done(s: IbyronPosition, p: int, cell: int) -> None:
    del s.camps[cell]
    ov = s.overseer[p]
    ov[0 if ov[0] == cell else 1] = -1


def do_gather(s: IbyronPosition, p: int, action: Action) -> None:
    o, level, horse = int(action[1]), int(action[2]), len(action) > 3
    cell = s.overseer[p][o]
    owner, kind, left = s.camps[cell]
    if kind in (K_WOOD, K_ORE):
        foremen, gained = TECH_LEVELS[level - 1]
    else:
        foremen, gained = 1, CAMPS["stone_yield"] if kind == K_STONE else CAMPS["gold_yield"]
    if horse:
        gained += CAMPS["horse_extra_wood"]
        s.horses[p] -= 1
        s.horse_supply += 1
    s.supply[p] -= foremen
    s.vbox[p] += foremen + 1
    add(s.res[p], KIND_RES[kind], gained)
    if left == 1:
        _camp_done(s, p, cell)
    else:
        s.camps[cell] = (owner, kind, left - 1)
    end_turn(s)


def do_hurry(s: IbyronPosition, p: int, action: Action) -> None:
    cell = s.overseer[p][int(action[1])]
    _, kind, left = s.camps[cell]
    s.horses[p] -= 1
    s.horse_supply += 1
    s.supply[p] -= left
    s.vbox[p] += 2 * left
    add(s.res[p], KIND_RES[kind], left)
    _camp_done(s, p, cell)
    end_turn(s)


def do_ship(s: IbyronPosition, p: int, action: Action) -> None:
    s.supply[p] -= DATA["ship"]["discs"]
    s.ship[p] = DATA["ship"]["discs"]
    s.res[p][WOOD] -= DATA["ship"]["wood"]
    end_turn(s)


def do_build(s: IbyronPosition, p: int, action: Action) -> None:
    b, foundry = B[str(action[1])], len(action) > 2
    bd = BUILDINGS[b]
    cell = s.leader[p]
    wood, ore, stone, gold, horse, cube = s._cost(b, foundry)
    r = s.res[p]
    r[WOOD] -= wood
    r[ORE] -= ore
    r[STONE] -= stone
    r[GOLD] -= gold
    s.horses[p] -= horse
    s.horse_supply += horse
    s.cubes[p] -= cube
    if not s.beginner:
        s.permits[p] -= 1
        s.permit_supply += 1  # a spent permit goes back to the Library
    if s.reserved.get(cell) == p:
        del s.reserved[cell]
        ov = s.overseer[p]
        ov[0 if ov[0] == cell else 1] = -1
    s.supply[p] -= bd.discs
    s.in_buildings[p] += bd.discs
    s.built[p][b] += 1
    if cell in s.buildings:
        owner, parts = s.buildings[cell]
        s.buildings[cell] = (owner, (*parts, b))
    else:
        s.buildings[cell] = (p, (b,))
    if b == GATE:
        s.castle[p] = cell
    s.tallest[p] = max(s.tallest[p], _stack_height(s, cell))
    _building_effect(s, p, bd.effect)
    if loose_discs(s.in_buildings[p]) <= WIN_LOOSE:
        s.triggered = p
        finish_game(s, "workers")
        return
    end_turn(s)


def _stack_height(s: IbyronPosition, cell: int) -> int:
    parts = s.buildings[cell][1]
    return sum(1 if b == FARM else BUILDINGS[b].discs for b in parts)


def _building_effect(s: IbyronPosition, p: int, effect: str) -> None:
    if effect in TECH_EFFECT:
        track = TECH_EFFECT[effect]
        if s.tech[p][track] < MAX_LEVEL:
            s.tech[p][track] += 1
            s.cubes[p] += 1  # the uncovered tech cube is kept: the Castle Gate spends them
    elif effect == "food_2":
        add(s.res[p], FOOD, DATA["church"]["food"])
    elif effect == "horses_2":
        gain(s, p, (("horse", DATA["castle_gate"]["horses"]),), 0)
    elif effect == "treasury":
        add(s.res[p], COINS, DATA["treasury"]["coins"])
    elif effect == "retrieve_reserve":
        for b in list(s.reserve[p]):
            retrieve(s, p, b)


def do_forfeit(s: IbyronPosition, p: int, action: Action) -> None:
    n = s.supply[p]
    s.supply[p] = 0
    s.vbox[p] += n
    enter_village(s, p, n)
    end_turn(s)

