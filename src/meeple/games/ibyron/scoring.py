"""Pure scoring functions: the beginner/solo victory points and the race measure."""

from __future__ import annotations

from meeple.games.ibyron.data import BUILDINGS, DATA

VP = DATA["victory_points"]
_P = DATA["player"]
# Every disc but the Mayor: the race is about getting these into buildings.
WORKER_DISCS: int = _P["discs"] - _P["mayor"]
STACK: int = _P["reserve_stack_size"]
HARBOUR = next(b.index for b in BUILDINGS if b.id == "harbour")
CASTLE = frozenset(b.index for b in BUILDINGS if b.id.startswith("castle_"))


def building_points(discs: int) -> int:
    """Points for one building (or castle stack) of ``discs`` discs, as the beginner list gives them."""
    table: dict[int, int] = {1: VP["level1"], 2: VP["level2"], 3: VP["level3"]}
    return table.get(discs, int(VP["castle"]) if discs >= 4 else 0)


def victory_points(
    built: list[int],
    mat_buildings: int,
    castle_height: int,
    gold: int,
    coins: int,
    food: int,
    in_buildings: int,
    reserve_stacks: int,
) -> int:
    """The beginner/solo score of one player.

    ``built`` counts each island building type the player has; the castle
    parts are scored together by ``castle_height``; ``mat_buildings`` is the
    number of starting buildings on the player mat. The starting farm counts
    as a level-1 building unless a harbour was built on it.
    """
    points: int = 0
    for b in BUILDINGS:
        if b.index in CASTLE or b.index == HARBOUR:
            continue
        points += built[b.index] * building_points(b.discs)
    points += mat_buildings * VP["level1"]
    if built[HARBOUR]:
        points += VP["harbour"]
    else:
        points += VP["level1"]  # the starting farm
    if castle_height:
        points += building_points(castle_height)
    points += gold * VP["gold"] + coins // VP["coins_per_point"] + food * VP["food"]
    reserve = reserve_stacks * STACK
    loose = WORKER_DISCS - in_buildings - reserve
    points += loose * VP["loose_disc"]
    points += (reserve // 3) * VP["reserve_per_3"]
    return int(points)


def loose_discs(in_buildings: int) -> int:
    """Discs (Mayor aside) not standing in a building: the race is won at 3 or fewer."""
    return int(WORKER_DISCS - in_buildings)


def point_lines(
    built: list[int],
    mat_buildings: int,
    castle_height: int,
    gold: int,
    coins: int,
    food: int,
    in_buildings: int,
    reserve_stacks: int,
) -> list[tuple[str, int]]:
    """The beginner/solo score of one player, part by part (the parts sum to ``victory_points``)."""
    lines: list[tuple[str, int]] = []
    for b in BUILDINGS:
        if b.index in CASTLE or b.index == HARBOUR or not built[b.index]:
            continue
        lines.append((f"{built[b.index]} × {b.name}", built[b.index] * building_points(b.discs)))
    if mat_buildings:
        what = "starting building" if mat_buildings == 1 else "starting buildings"
        lines.append((f"{mat_buildings} {what} on the mat", mat_buildings * VP["level1"]))
    if built[HARBOUR]:
        lines.append(("Harbour (on the starting farm)", VP["harbour"]))
    else:
        lines.append(("Starting farm", VP["level1"]))
    if castle_height:
        name = "Castle (complete)" if castle_height >= 4 else f"Castle, {castle_height} of 4 parts"
        lines.append((name, building_points(castle_height)))
    lines.append((f"{gold} gold", gold * VP["gold"]))
    lines.append((f"${coins} (1 a full ${VP['coins_per_point']})", coins // VP["coins_per_point"]))
    lines.append((f"{food} food", food * VP["food"]))
    reserve = reserve_stacks * STACK
    loose = WORKER_DISCS - in_buildings - reserve
    lines.append((f"{loose} loose {_discs(loose)} outside the reserve", loose * VP["loose_disc"]))
    if reserve_stacks:
        lines.append((f"{reserve} {_discs(reserve)} still in reserve", (reserve // 3) * VP["reserve_per_3"]))
    return lines


def _discs(n: int) -> str:
    return "disc" if n == 1 else "discs"
