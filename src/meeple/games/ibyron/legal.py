"""Which actions a seat may take now: pure functions of the state, one per kind of decision."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import chain, compress
from operator import getitem
from typing import Any

from meeple.core import Action
from meeple.games.ibyron import actions as A
from meeple.games.ibyron.actions import STEP_NAMES
from meeple.games.ibyron.data import (
    BUILDINGS,
    COINS,
    COSTS,
    COURT,
    EXPLORE_DISCS,
    EXPLORER_PRICE,
    FIELD,
    FOOD,
    FOREST,
    FOUNDRY,
    FOUNDRY_COSTS,
    FOUNDRY_SWAP,
    GATE,
    GOLD,
    HARBOUR,
    K_GOLD,
    K_GRAIN,
    K_ORE,
    K_WOOD,
    LUMBER,
    MARKET_BOXES,
    MAT_BUILDINGS,
    MOUNTAIN,
    ORE,
    PERMIT_PRICE,
    REFINERY,
    RES_INDEX,
    S_BONUS,
    S_EXTRA,
    S_HIRE,
    S_HOME,
    S_MARKET,
    S_MOVED,
    S_OFFER,
    S_OVER,
    S_OVERSEE,
    S_PLACE,
    S_RETRIEVE,
    S_START,
    S_TAKE,
    S_TURN,
    SPACE_INDEX,
    SPACES,
    ST_FARMER,
    STONE,
    TECH_LEVELS,
    VILLAGE,
    WOOD,
)
from meeple.games.ibyron.island import BIT_XY, can_place, explore_anchor
from meeple.games.ibyron.market import bonus_actions, market_actions
from meeple.games.ibyron.moves import MOVE_TARGET, list_moves, move_refusal
from meeple.games.ibyron.outside import grain_discs
from meeple.games.ibyron.position import IbyronPosition
from meeple.games.ibyron.refusals import (
    BARNS_MAX,
    buy_offer_refusal,
    buy_refusal,
    gold_mine_refusal,
    hire_most,
    home_refusal,
    outside_refusal,
    place_refusal,
    ship_refusal,
    visit_refusal,
)


def _byte_table(per_bit: Sequence[tuple[Action, ...]]) -> tuple[tuple[Action, ...], ...]:
    """For each value of a byte whose 8 bits stand for ``per_bit``'s actions: the actions of its set bits, lowest
    first. Built from the value with its lowest bit cleared, so the table costs one small tuple per value."""
    table: list[tuple[Action, ...]] = [()]
    for value in range(1, 256):
        table.append(per_bit[(value & -value).bit_length() - 1] + table[value & (value - 1)])
    return tuple(table)


def home_choices(s: IbyronPosition, p: int) -> list[Action]:
    """Fields of the player's own starting tile, and of the centre tile unless another player lives there.

    The rulebook asks for a field "on a separate tile from the opponent": each player has a tile laid for them,
    and the centre tile is no one's, so it may be chosen while no opponent's home is on it
    (``refusals.home_refusal``, written out for the whole list).
    """
    out = [A.HOME[i] for i, c in enumerate(s.tile_corners(f"seat{p}")) if s.terrain[c] == FIELD]
    centre = s.tile_corners("center")
    if not any(h in centre for h in s._homes_of_others(p)):
        out += [A.HOME_CENTER[i] for i, c in enumerate(centre) if s.terrain[c] == FIELD]
    return out


def _camp_choices(s: IbyronPosition, p: int, out: list[Action]) -> None:
    """The camps ``refusals.camp_refusal`` allows where the leader stands, by the terrain there."""
    leader = s.leader[p]
    # refusals.camp_site_refusal, written out on this hot path
    if not ((s._free_overseer(p) >= 0 or s.reserved.get(leader) == p) and s._site_free(p, leader)):
        return
    supply = s.supply[p]
    t = s.terrain[leader]
    most = min(supply, A.MAX_CAMP) + 1
    if t == FOREST:
        out.extend(A.CAMP["wood"][1:most])
    elif t == MOUNTAIN:
        out.extend(A.CAMP["ore"][1:most])
        out.extend(A.CAMP["stone"][1:most])
        if gold_mine_refusal(s, p) is None:
            out.append(A.CAMP_GOLD)
    elif t == FIELD and supply >= grain_discs(s, p):
        out.append(A.CAMP_GRAIN)


def _gathers(s: IbyronPosition, p: int, out: list[Action]) -> None:
    """The gathers and speed-ups ``refusals.gather_refusal`` and ``hurry_refusal`` allow, camp by camp."""
    supply = s.supply[p]
    for o in range(2):
        camp = s.camps.get(s.overseer[p][o])  # refusals.own_camp, written out on this hot path
        if camp is None or camp[0] != p:
            continue
        kind = camp[1]
        if kind == K_GRAIN:
            continue
        if kind in (K_WOOD, K_ORE):
            level = s.tech[p][LUMBER if kind == K_WOOD else REFINERY]
            for lv in range(1, level + 1):
                if TECH_LEVELS[lv - 1][0] <= supply:
                    out.append(A.GATHER[o][lv])
                    if kind == K_WOOD and s.horses[p] > 0:
                        out.append(A.GATHER_HORSE[o][lv])
        else:
            out.append(A.GATHER[o][1])
        if kind != K_GOLD and s.horses[p] > 0 and camp[2] <= supply:
            out.append(A.HURRY[o])


# The buildings whose site a space of each terrain may be (its own terrain, or any empty space), by index.
_SITE_BUILDINGS = {terrain: tuple(b.index for b in BUILDINGS if b.site in (name, "any"))
                   for name, terrain in (("forest", FOREST), ("field", FIELD), ("mountain", MOUNTAIN))}
_ON_BUILDINGS = tuple(b.index for b in BUILDINGS if b.site not in ("forest", "field", "mountain", "any"))


# The candidates of _builds by (terrain, site free, on the home or castle space), ascending.
_BUILD_CANDIDATES = {
    (terrain, free, on): tuple(sorted((_SITE_BUILDINGS[terrain] if free else ()) + (_ON_BUILDINGS if on else ())))
    for terrain in _SITE_BUILDINGS for free in (False, True) for on in (False, True)
}
# Per building: (index, most of it a player may build, discs it takes, its cost, with the Foundry swap or None,
# whose site is the space itself once it is free: a terrain or any space).
_BUILD_TERMS = tuple(
    (b.index, b.max, b.discs, COSTS[b.index], FOUNDRY_COSTS[b.index] if FOUNDRY_SWAP[b.index] else None,
     b.index not in _ON_BUILDINGS)
    for b in BUILDINGS
)


def _builds(s: IbyronPosition, p: int, out: list[Action]) -> None:
    """``refusals.build_refusal`` of each building the leader's space may be the site of, both ways of paying,
    written out on this hot path (the permit and the leader on land are checked by the caller)."""
    cell = s.leader[p]
    candidates = _BUILD_CANDIDATES[s.terrain[cell], s._site_free(p, cell), cell == s.home[p] or cell == s.castle[p]]
    if not candidates:
        return
    r = s.res[p]
    wood, ore, stone, gold, horses, cubes = r[WOOD], r[ORE], r[STONE], r[GOLD], s.horses[p], s.cubes[p]
    supply = s.supply[p]
    built = s.built[p]
    foundry = s.mat[p][FOUNDRY]
    for b in candidates:
        _, most, discs, cost, swap_cost, on_site = _BUILD_TERMS[b]
        if built[b] >= most or supply < discs:
            continue
        plain = (wood >= cost[0] and ore >= cost[1] and stone >= cost[2] and gold >= cost[3]
                 and horses >= cost[4] and cubes >= cost[5])
        swap = bool(foundry and swap_cost is not None and wood >= swap_cost[0] and ore >= swap_cost[1]
                    and stone >= swap_cost[2] and gold >= swap_cost[3] and horses >= swap_cost[4]
                    and cubes >= swap_cost[5])
        if not (plain or swap):
            continue
        # a terrain or any-space site is this free space (the candidates say so); the others are checked
        if not on_site and not s._build_site_ok(p, b):
            continue
        if b == GATE and s.castle[p] >= 0:
            continue
        if plain:
            out.append(A.BUILD[b])
        if swap:
            out.append(A.BUILD_FOUNDRY[b])


def outside_actions(s: IbyronPosition, p: int, may_move: bool) -> list[Action]:
    out: list[Action] = []
    supply = s.supply[p]
    leader = s.leader[p]
    if may_move and leader >= 0:
        list_moves(s, p, out)
    # explore with a held tile: it may follow a move paid with the last disc (the rulebook's example)
    if s.held[p] >= 0 and supply >= EXPLORE_DISCS and leader >= 0:
        blocked = s._blocked()
        for c in range(4):
            ax, ay = explore_anchor(leader, c)
            if can_place(ax, ay, s.height, blocked):
                out.extend(A.EXPLORE[c])
    if supply <= 0:
        return out
    on_land = leader >= 0 and s.height[leader] > 0
    if on_land:
        _camp_choices(s, p, out)
    overseers = s.overseer[p]
    if overseers[0] >= 0 or overseers[1] >= 0:  # no overseer out, no camp of one's own to gather from
        _gathers(s, p, out)
    if s.built[p][HARBOUR] and ship_refusal(s, p) is None:
        out.append(A.SHIP)
    if on_land and (s.beginner or s.permits[p] > 0):  # refusals.building_site_refusal, written out
        _builds(s, p, out)
    out.append(A.FORFEIT)
    return out


_INDEX_OF = A.INDEX.__getitem__


def outside_indices(s: IbyronPosition, p: int, may_move: bool) -> list[int]:
    """The indices in the action space of ``outside_actions(s, p, may_move)``, in its order: the moves (its
    first part) listed by index from ``moves.list_moves``' tables, the rest looked up."""
    if may_move and s.leader[p] >= 0:
        out: list[int] = []
        list_moves(s, p, out, True)
        out += map(_INDEX_OF, outside_actions(s, p, False))
        return out
    return list(map(_INDEX_OF, outside_actions(s, p, False)))


def usable_spaces(s: IbyronPosition, p: int) -> tuple[bool, ...]:
    """For each village space (in SPACES order): would its action do something for ``p`` now?"""
    r = s.res[p]
    coins = r[COINS]
    # the market: a die of a resource the player has, or the Court House's trade; the farmer: a grain field
    market = False
    for res, used in zip(MARKET_RES, s.dice_used, strict=True):
        if not used and r[res] > 0:
            market = True
            break
    else:
        market = bool(s.built[p][COURT]) and (r[FOOD] >= 2 or r[GOLD] >= 1)
    grain = False
    if s.camps:
        for cell in s.overseer[p]:
            camp = s.camps.get(cell)
            if camp is not None and camp[0] == p and camp[1] == K_GRAIN:
                grain = True
                break
    return (
        s.horse_supply > 0,  # stablehand
        s.ship[p] > 0,  # shipwright
        market,
        not s.beginner and coins >= PERMIT_PRICE and (s.permit_supply > 0 or s._permit_victim(p) >= 0),  # library
        grain,  # farmer
        coins >= EXPLORER_PRICE and s.held[p] < 0 and bool(s.tiles),  # explorer
        True,  # tax collector
    )


# Per village space: its visit, its visit with the Mayor, and (the farmer's) the barn visits or None.
VISITS = tuple(
    (A.VISIT[name], A.VISIT_MAYOR[name], (A.VISIT_BARN, A.VISIT_BARN_MAYOR) if i == ST_FARMER else None)
    for i, name in enumerate(SPACES)
)


VISIT_ACTIONS = tuple(a for visit, visit_mayor, barn in VISITS for a in (visit, visit_mayor, *(barn or ())))
# VISITS and ``leave`` by their indices in the action space (``village_actions(..., by_index=True)``).
_VISIT_INDICES = tuple(
    (A.INDEX[visit], A.INDEX[visit_mayor], None if barn is None else (A.INDEX[barn[0]], A.INDEX[barn[1]]))
    for visit, visit_mayor, barn in VISITS
)
_LEAVE_INDEX = A.INDEX[A.LEAVE]


def village_actions(s: IbyronPosition, p: int, by_index: bool = False) -> list[Any]:
    """The village visits ``p`` may make, and ``leave``; ``by_index``: their indices in the action space (for
    the RL masks), in the same order."""
    out: list[Any] = []
    box = s.vbox[p]
    mayor = s.mayor[p]
    cap = s.cap
    usable = usable_spaces(s, p)
    barn_free = s.barn_supply > 0 and s.barns[p] < BARNS_MAX  # refusals.barn_refusal, written out
    rows = _VISIT_INDICES if by_index else VISITS
    for stacks, is_usable, (visit, visit_mayor, barn) in zip(s.stacks, usable, rows, strict=True):
        # the cost of a visit (IbyronPosition._village_cost), written out on this hot path
        cost = stacks[-1][1] + 1 if stacks else 1
        if cost > cap:
            cost = cap
        plain = box >= cost
        with_mayor = mayor and box >= cost - 1
        if not (plain or with_mayor):
            continue
        if is_usable:
            if plain:
                out.append(visit)
            if with_mayor:
                out.append(visit_mayor)
        if barn is not None and barn_free:
            if plain:
                out.append(barn[0])
            if with_mayor:
                out.append(barn[1])
    out.append(_LEAVE_INDEX if by_index else A.LEAVE)
    return out


MARKET_RES = tuple(RES_INDEX[name] for name in MARKET_BOXES)  # the resource of each market box


def _turn(s: IbyronPosition, p: int) -> list[Action]:
    return village_actions(s, p) if s.phase[p] == VILLAGE else outside_actions(s, p, True)


def _moved(s: IbyronPosition, p: int) -> list[Action]:
    out = outside_actions(s, p, False)
    out.append(A.END)
    return out


def _oversee(s: IbyronPosition, p: int) -> list[Action]:
    out = [A.OVERSEE[i] for i, c in enumerate(s.new_cells) if c not in s.reserved]
    out.append(A.DONE)
    return out


def _hire(s: IbyronPosition, p: int) -> list[Action]:
    return A.HIRE[: hire_most(s, p, A.MAX_HIRE) + 1]


def _offer(s: IbyronPosition, p: int) -> list[Action]:
    out = []
    if buy_offer_refusal(s, p) is None:  # every face-up tile then (refusals.buy_refusal)
        out = [A.BUY[k] for k in sorted(s.tiles)]
    out.append(A.DECLINE)
    return out


# The four ``place`` actions (rotations 0-3) of the anchors of each byte of an anchor mask (island.BIT_XY),
# by the byte's index and value, lowest bit first: anchors in (x, y) order. A byte's table is made the first
# time a mask has a bit in it (the island covers a small part of the grid).
_PLACE_BY_BIT = [A.PLACE.get((x, y), ()) for x, y in BIT_XY]
_PLACE_BYTES = (len(_PLACE_BY_BIT) + 7) // 8
_PLACE_BY_BIT += [()] * (8 * _PLACE_BYTES - len(_PLACE_BY_BIT))
_PLACE_BY_BYTE: list[tuple[tuple[Action, ...], ...]] = [()] * _PLACE_BYTES
_PLACE_MADE = bytearray(_PLACE_BYTES)  # 1 where the byte's table is made


def _place_tables(first: int, count: int) -> list[tuple[tuple[Action, ...], ...]]:
    """The byte tables of bytes first .. first + count - 1, made where missing."""
    if _PLACE_MADE.find(0, first, first + count) >= 0:
        for i in range(first, first + count):
            if not _PLACE_MADE[i]:
                _PLACE_BY_BYTE[i] = _byte_table(_PLACE_BY_BIT[8 * i: 8 * i + 8])
                _PLACE_MADE[i] = 1
    return _PLACE_BY_BYTE[first:first + count]


def _place(s: IbyronPosition, p: int) -> list[Action]:
    bits = s._anchor_bits()
    if not bits:
        return []
    # only the bytes from the lowest set bit to the highest
    first = ((bits & -bits).bit_length() - 1) >> 3
    count = ((bits.bit_length() + 7) >> 3) - first
    tables = _place_tables(first, count)
    values = (bits >> (first << 3)).to_bytes(count, "little")
    # most bytes are empty: compress keeps the others' tables and values (in C), so only they are looked up
    return list(chain.from_iterable(map(getitem, compress(tables, values), compress(values, values))))


# The choices offered at each step (data.S_*), by step.
BY_STEP: dict[int, Callable[[IbyronPosition, int], list[Action]]] = {
    S_START: lambda s, p: [A.START[b] for b in MAT_BUILDINGS],
    S_HOME: home_choices,
    S_TURN: _turn,
    S_MOVED: _moved,
    S_OVERSEE: _oversee,
    S_MARKET: market_actions,
    S_RETRIEVE: lambda s, p: [A.RETRIEVE[MAT_BUILDINGS[b]] for b in sorted(s.reserve[p])],
    S_TAKE: lambda s, p: [A.TAKE[k] for k in sorted(s.tiles)],
    S_BONUS: bonus_actions,
    S_HIRE: _hire,
    S_OFFER: _offer,
    S_PLACE: _place,
    S_EXTRA: lambda s, p: [A.EXTRA, A.DECLINE],
}


# BY_STEP as a tuple indexed by step, the game's end (data.S_OVER) offering nothing: one index on the hot path.
STEP_CHOICES: tuple[Callable[[IbyronPosition, int], list[Action]], ...] = tuple(
    BY_STEP.get(step, lambda s, p: []) for step in range(S_OVER + 1)
)


def legal_actions(s: IbyronPosition, p: int) -> list[Action]:
    return STEP_CHOICES[s.step](s, p)


def refusal(s: IbyronPosition, p: int, action: Action) -> str | None:
    """Why ``action`` is not legal for ``p`` now, in plain words, or None if it is (``_explain_illegal``)."""
    reason = find_refusal(s, p, action)
    return _not_offered_words(s, p, action) if reason is NOT_OFFERED else reason


# The Outside actions ``refusals.outside_refusal`` judges (a move and ``end`` depend on the step).
_OUTSIDE_KINDS = frozenset({"explore", "forfeit", "build", "camp", "gather", "hurry", "ship"})
# The refusal of an action the step does not offer at all: put in words by ``_not_offered_words`` only when
# asked why, so that ``apply``'s check builds no sentence for it.
NOT_OFFERED = "not offered now"


def find_refusal(s: IbyronPosition, p: int, action: Action) -> str | None:
    """None if ``action`` is legal for ``p`` now (``apply``'s check: ``action in legal_actions(s, p)``, asked of
    the one action), else why not: the checks of ``refusals.py`` (and ``moves.move_refusal``) for the actions
    they judge, membership of the step's list for the rest (``NOT_OFFERED`` if it is not there)."""
    step = s.step
    kind = action[0]  # the kind, read without the property on this hot path
    if step in (S_TURN, S_MOVED):
        if s.phase[p] != VILLAGE:
            if kind == "move":
                if step == S_MOVED:
                    return "you have already moved this turn; take an action or end your turn"
                dest, horses = MOVE_TARGET[action]
                return move_refusal(s, p, dest, horses)
            if kind == "end":
                return None if step == S_MOVED else "you may end your turn without an action only after moving"
            if kind in _OUTSIDE_KINDS:
                return outside_refusal(s, p, action)
            if kind in ("visit", "leave"):
                return "village actions come after your Outside turns (forfeit or use up your supply first)"
            return NOT_OFFERED
        elif step == S_TURN:
            if kind == "leave":
                return None
            if kind == "visit":
                return visit_refusal(s, p, action, usable_spaces(s, p)[SPACE_INDEX[str(action[1])]])
            return NOT_OFFERED
    elif step == S_HOME and kind == "home":
        return home_refusal(s, p, action)
    elif step == S_HIRE and kind == "hire":
        most = hire_most(s, p, A.MAX_HIRE)
        return None if int(action[1]) <= most else f"you can hire at most {most} ($1 each, from your rest box)"
    elif step == S_OFFER and kind == "buy":
        return buy_refusal(s, p, int(action[1]))
    elif step == S_PLACE and kind == "place":
        return place_refusal(s, int(action[1]), int(action[2]))
    return None if action in STEP_CHOICES[step](s, p) else NOT_OFFERED


def _not_offered_words(s: IbyronPosition, p: int, action: Action) -> str:
    """Why an action the step's list does not hold is refused: what the step offers."""
    step, kind = s.step, action.kind
    if step == S_TURN and s.phase[p] == VILLAGE:
        return f"you are in the village: visit a village space or leave (not {action})"
    if step == S_BONUS and kind == "bonus":
        return "that bonus space is taken, used up, or costs more discs than you gave up"
    if step == S_MARKET and kind in ("sell", "trade"):
        return "you can sell one resource you have whose die is still in its box, or trade with a Court House"
    expected = "an Outside action" if step == S_TURN else STEP_NAMES[step]
    return f"{action} is not possible now: the game is waiting for {expected}"
