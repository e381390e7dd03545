"""How Ibyron bots think: the position judgement, a heuristic player and the search's playout policy.

Everything here reads only what every seat sees (Ibyron hides nothing but the
order of the beginner pile, which no function here looks at), so a bot's
choice is the same on the real state and on any determinized copy.

* ``evaluate(state)`` - each seat's expected share of the win for a running
  game: a softmax of ``progress``, a pure measure led by discs in buildings
  (beginner/solo: points) with credit for the steps toward more of them.
* ``HeuristicBot`` - plays toward the rulebook's end (housing all but 3
  workers): it picks the building that best turns its stock into housed
  discs, founds the camps that building needs, gathers, builds, ships a
  reserve stack home, forfeits what it cannot use (forfeited discs return
  free) and spends the village on permits, coins and harvests.
* ``rollout_policy`` - the heuristic's choice most of the time, a random
  legal move otherwise (for guided search playouts).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from meeple.core import Action
from meeple.core.rng import Random
from meeple.core.state import State
from meeple.games.ibyron.data import (
    BUILDINGS,
    CAMPS,
    COINS,
    COURT,
    DATA,
    FIELD,
    FOOD,
    FOREST,
    GATE,
    GOLD,
    HARBOUR,
    K_GOLD,
    K_GRAIN,
    K_ORE,
    K_STONE,
    K_WOOD,
    LUMBER,
    MAX_CAMP,
    MAX_LEVEL,
    MOUNTAIN,
    ORE,
    REFINERY,
    S_BONUS,
    S_EXTRA,
    S_HIRE,
    S_HOME,
    S_MARKET,
    S_MOVED,
    S_OFFER,
    S_OVERSEE,
    S_PLACE,
    S_RETRIEVE,
    S_START,
    S_TAKE,
    S_TURN,
    SPACE_INDEX,
    STACK,
    STONE,
    TAXING,
    TECH_LEVELS,
    VILLAGE,
    WIN_LOOSE,
    WOOD,
)
from meeple.games.ibyron.island import can_place, cell_of, distance, explore_anchor, rotated_terrain
from meeple.games.ibyron.position import IbyronPosition
from meeple.games.ibyron.scoring import loose_discs


# ------------------------------------------------------------------ judgement
def progress(s: IbyronPosition, p: int) -> float:
    """A rough worth of seat ``p``'s position: discs in buildings first, then the steps toward more of them."""
    r = s.res[p]
    stock = r[WOOD] + r[STONE] + r[ORE] + 2 * r[GOLD]
    base = 10.0 * s.in_buildings[p] if not s.beginner else 3.0 * s.victory_points(p)
    return (base + 3.0 * (sum(s.tech[p]) - 3) + 2.0 * s.permits[p] + 0.5 * min(stock, 24)
            + 0.2 * r[COINS] + 1.5 * r[FOOD] + 0.5 * s.horses[p] + 4.0 * (2 - len(s.reserve[p]))
            + 1.0 * sum(d for o, _, d in s.camps.values() if o == p))


def evaluate(state: State) -> tuple[float, ...]:
    """Win shares of a running game: a softmax of ``progress`` (temperature 8, about one building)."""
    assert isinstance(state, IbyronPosition)
    values = [progress(state, p) for p in range(state.players)]
    top = max(values)
    weights = [math.exp((v - top) / 8.0) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)


# ------------------------------------------------------------------- planning
KIND_OF_RESOURCE = {"wood": K_WOOD, "ore": K_ORE, "stone": K_STONE, "gold": K_GOLD}
RES_OF = {"wood": WOOD, "ore": ORE, "stone": STONE, "gold": GOLD}
MARKET_ORDER: tuple[str, ...] = tuple(DATA["market"]["boxes"])
SHIP_DISCS: int = DATA["ship"]["discs"]


@dataclass(frozen=True)
class Style:
    """What a heuristic player favours; the variants in benchmarks/ibyron_bots.py change one thing each."""

    name: str = "heuristic"
    start: str = ""  # the starting building; "" = the Garden in the beginner and solo games, else the Foundry
    food_first: bool = False  # grain fields and barns before anything else
    food_goal: int = 8  # keep one grain field going while food is below this
    gold_first: bool = False  # a gold mine and the castle before anything else


def _building_value(s: IbyronPosition, p: int, b: int, style: Style) -> float:
    """How much building ``b`` helps the race (its discs, plus what its effect is worth now)."""
    bd = BUILDINGS[b]
    value = float(bd.discs)
    tech = s.tech[p]
    if ((bd.effect == "tech_lumber" and tech[LUMBER] < MAX_LEVEL)
            or (bd.effect == "tech_refinery" and tech[REFINERY] < MAX_LEVEL)):
        value += 1.5
    elif bd.effect == "tech_taxing" and tech[TAXING] < MAX_LEVEL:
        value += 0.5
    elif bd.effect == "ships" and s.reserve[p]:
        value += 4.0  # a ship brings a reserve stack home: the race cannot be won with both still out
    elif bd.effect == "food_2":
        value += 1.5
    elif bd.effect == "retrieve_reserve":
        value += 3.0 * len(s.reserve[p])
    if (style.gold_first and bd.site.startswith("castle")) or (style.gold_first and b == GATE):
        value += 3.0
    return value


def _shortfall(s: IbyronPosition, p: int, b: int) -> tuple[int, ...]:
    """(wood, ore, stone, gold, horses, cubes) still missing for building ``b`` (the cheaper payment)."""
    r = s.res[p]
    have = (r[WOOD], r[ORE], r[STONE], r[GOLD], s.horses[p], s.cubes[p])
    best: tuple[int, ...] | None = None
    options = [s._cost(b, False)]
    if s._has_foundry_option(p, b):
        options.append(s._cost(b, True))
    for cost in options:
        missing = tuple(max(0, c - h) for c, h in zip(cost, have, strict=True))
        if best is None or sum(missing) < sum(best):
            best = missing
    assert best is not None
    return best


def _target(s: IbyronPosition, p: int, style: Style) -> int:
    """The building to work toward: most value for the resources still missing (-1 if none is left).
    About two fifths of a playout's time: a decision works it out once and hands it on."""
    best, best_score = -1, -1.0
    free: dict[int, int] = {}  # free sites by terrain: the same for every building of that site
    circulating = _circulating(s, p)
    for bd in BUILDINGS:
        b = bd.index
        if s.built[p][b] >= bd.max or (b == GATE and s.castle[p] >= 0):
            continue
        if bd.site.startswith("castle") and s.castle[p] < 0:
            continue
        if bd.site.startswith("castle") and s.buildings[s.castle[p]][1][-1] != _castle_below(b):
            continue
        terrain = TERRAIN_OF_SITE.get(bd.site)
        if terrain is not None:
            if terrain not in free:
                free[terrain] = _free_sites(s, p, terrain)
            if free[terrain] == 0:
                continue
        if not _affordable_in_discs(s, p, b, circulating):
            continue
        missing = _shortfall(s, p, b)
        wood, ore, stone, gold, horses, cubes = missing
        if cubes and s.cubes[p] + _cubes_possible(s, p) < s._cost(b, False)[5]:
            continue
        effort = wood / 3 + ore / 2 + stone + 2.5 * gold + 2 * horses + 4 * cubes
        score = _building_value(s, p, b, style) / (1.0 + effort)
        if score > best_score:
            best, best_score = b, score
    return best


TERRAIN_OF_SITE = {"forest": FOREST, "field": FIELD, "mountain": MOUNTAIN}


def _free_sites(s: IbyronPosition, p: int, terrain: int) -> int:
    return sum(1 for c in s.land if s.terrain[c] == terrain and s._site_free(p, c))


def _scarce_terrain(s: IbyronPosition, p: int) -> int:
    """The terrain (forest or mountain) with fewest free spaces, if fewer than 3 are free; else 0."""
    counts = {t: _free_sites(s, p, t) for t in (MOUNTAIN, FOREST)}
    terrain = min(counts, key=lambda t: counts[t])
    return terrain if counts[terrain] < 3 else 0


def _ship_pending(s: IbyronPosition, p: int) -> bool:
    """A Harbour stands, a reserve stack waits, and no ship is on the way: the next ship must be paid for."""
    return bool(s.built[p][HARBOUR]) and bool(s.reserve[p]) and s.ship[p] == 0


def _affordable_in_discs(s: IbyronPosition, p: int, b: int, circulating: int | None = None) -> bool:
    """Would building ``b`` leave enough discs in play (a pending ship needs 4, and one walks there)?
    ``circulating``: ``_circulating(s, p)`` where the caller has it already."""
    left = (_circulating(s, p) if circulating is None else circulating) - BUILDINGS[b].discs
    if left < 0:
        return False
    if _ship_pending(s, p):
        return left >= SHIP_DISCS + 1
    if s.reserve[p] and not s.built[p][HARBOUR] and BUILDINGS[b].id != "harbour":
        return left >= SHIP_DISCS + 2  # room to build the Harbour and a ship later
    return True


def _castle_below(b: int) -> int:
    return next(c.index for c in BUILDINGS if c.id == BUILDINGS[b].site)


def _cubes_possible(s: IbyronPosition, p: int) -> int:
    return sum(MAX_LEVEL - t for t in s.tech[p])


def _needed_kind(s: IbyronPosition, p: int, target: int, style: Style) -> int:
    """Which camp to found next: the resource the target lacks most (in gathering turns)."""
    goal = DATA["player"]["food_max"] if style.food_first else style.food_goal
    if s.res[p][FOOD] < goal and s._grain_field(p) < 0:
        return K_GRAIN
    if _ship_pending(s, p) and s.res[p][WOOD] < DATA["ship"]["wood"]:
        return K_WOOD
    if target < 0:
        return K_STONE
    wood, ore, stone, gold, _, _ = _shortfall(s, p, target)
    tech = s.tech[p]
    turns = {
        K_WOOD: wood / TECH_LEVELS[tech[LUMBER] - 1][1],
        K_ORE: ore / TECH_LEVELS[tech[REFINERY] - 1][1],
        K_STONE: stone / CAMPS["stone_yield"],
        K_GOLD: gold * 1.0,
    }
    have = {o[1] for o in s.camps.values() if o[0] == p}
    kind = max(turns, key=lambda k: (turns[k] - (99 if k in have else 0), -k))
    if turns[kind] <= 0 or kind in have:
        return K_STONE if K_STONE not in have else K_WOOD
    if kind == K_GOLD:
        r = s.res[p]
        if r[ORE] < CAMPS["gold_cost"]["ore"]:
            return K_ORE
        if r[WOOD] < CAMPS["gold_cost"]["wood"]:
            return K_WOOD
    return kind


def _camp_site(s: IbyronPosition, p: int, kind: int, cell: int) -> bool:
    if not s._site_free(p, cell):
        return False
    t = s.terrain[cell]
    if kind == K_WOOD:
        return t == FOREST
    if kind == K_GRAIN:
        return t == FIELD
    if kind == K_GOLD:
        return t == MOUNTAIN and s.height[cell] >= CAMPS["gold_min_level"]
    return t == MOUNTAIN


def _build_site(s: IbyronPosition, p: int, b: int, cell: int) -> bool:
    site = BUILDINGS[b].site
    if site == "home":
        return cell == s.home[p]
    if site.startswith("castle_"):
        return cell == s.castle[p]
    if not s._site_free(p, cell):
        return False
    if site == "any":
        return True
    return s.terrain[cell] == {"forest": FOREST, "field": FIELD, "mountain": MOUNTAIN}[site]


def _moves_by_cell(legal: list[Action]) -> dict[int, Action]:
    """The cheapest offered move (fewest horses first... the engine lists 0 horses first) to each cell."""
    out: dict[int, Action] = {}
    for a in legal:
        if a.kind == "move":
            x, y, _ = a.args
            out.setdefault(cell_of(int(x), int(y)), a)
    return out


def _move_cost(s: IbyronPosition, p: int, move: Action) -> int:
    x, y, h = (int(v) for v in move.args)
    points = -(-distance(s.leader[p], cell_of(x, y)) // s._stride(p))
    return max(0, points - 2 * h)


def _best_move(s: IbyronPosition, p: int, legal: list[Action], wanted: Callable[[int], bool], keep: int,
               horses_kept: int, rng: Random | None) -> Action | None:
    """The cheapest move to a cell where ``wanted(cell)`` holds, leaving ``keep`` discs and ``horses_kept``
    (then fewest horses, then nearest home; equals drawn from ``rng``)."""
    keyed: dict[Action, tuple[int, int, int]] = {}
    for a in legal:
        if a.kind != "move":
            continue
        x, y, h = (int(v) for v in a.args)
        cell = cell_of(x, y)
        if not wanted(cell):
            continue
        cost = _move_cost(s, p, a)
        if s.supply[p] - cost < keep or s.horses[p] - int(h) < horses_kept:
            continue
        keyed[a] = (cost, int(h), distance(s.home[p], cell))
    if not keyed:
        return None
    return best_of(list(keyed), keyed.__getitem__, rng, lowest=True)


def best_of(options: list[Action], key: Callable[[Action], Any], rng: Random | None, lowest: bool = False) -> Action:
    """The option with the highest ``key`` (``lowest``: the lowest); among equals, one drawn from ``rng``.

    Without ``rng`` the first offered wins a tie. The engine lists places, moves and
    directions west and north first, so taking the first offered would favour the
    seats whose ground lies there (docs/measurements/ibyron.md, "Balance"): the bot draws instead."""
    keys = [key(a) for a in options]
    top = min(keys) if lowest else max(keys)
    tied = [a for a, k in zip(options, keys, strict=True) if k == top]
    if rng is None or len(tied) == 1:
        return tied[0]
    return tied[rng.randrange(len(tied))]


# ------------------------------------------------------------------ the player
class HeuristicBot:
    """A rule-of-thumb player that plays toward the race's end (see the module docstring)."""

    name = "heuristic"
    style = Style()

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        return self.choose_with(state, seat, self.rng)

    def choose_with(self, state: State, seat: int, rng: Random) -> Action:
        """The heuristic move, equals drawn from ``rng`` (a search's playouts pass their own)."""
        assert isinstance(state, IbyronPosition)
        legal = state.legal_actions(seat)
        return choose(state, seat, legal, self.style, rng)


class GreedyBot(HeuristicBot):
    """The heuristic player under the name earlier versions used (``--bots greedy``)."""

    name = "greedy"


def choose(s: IbyronPosition, p: int, legal: list[Action], style: Style, rng: Random | None = None) -> Action:
    """The heuristic move of seat ``p`` among ``legal``; equally good moves are drawn from ``rng``
    (without it, the first offered: see ``best_of``)."""
    if len(legal) == 1:
        return legal[0]
    step = s.step
    if step in (S_TURN, S_MOVED):
        if s.phase[p] == VILLAGE:
            return _village(s, p, legal, style)
        return _outside(s, p, legal, style, step == S_MOVED, rng)
    handler = _STEPS.get(step)
    return handler(s, p, legal, style, rng) if handler is not None else legal[0]


def _find(legal: list[Action], kind: str, *args: object) -> Action | None:
    for a in legal:
        if a.kind == kind and a.args[: len(args)] == args:
            return a
    return None


def _start(s: IbyronPosition, p: int, legal: list[Action], style: Style, rng: Random | None) -> Action:
    """The Foundry saves stone in the race; in a game scored in points the Garden's food counts every round."""
    wanted = style.start or ("garden" if s.beginner else "foundry")
    return _find(legal, "start", wanted) or legal[0]


def _home(s: IbyronPosition, p: int, legal: list[Action], style: Style, rng: Random | None) -> Action:
    """The field nearest to both a forest and a mountain (short walks to the camps)."""
    def score(a: Action) -> int:
        tile = "center" if a.args[0] == "center" else f"seat{p}"
        cell = s.tile_corners(tile)[int(a.args[-1])]
        near = [min((distance(cell, c) for c in s.land if s.terrain[c] == t), default=9) for t in (FOREST, MOUNTAIN)]
        return sum(near)
    return best_of(legal, score, rng, lowest=True)


def _hire(s: IbyronPosition, p: int, legal: list[Action], style: Style, rng: Random | None) -> Action:
    """Hire all but the $2 of a permit still wanted (coins above the limit are lost anyway)."""
    keep = 0
    if not s.beginner and s.permits[p] < 2:
        keep = min(s._coins_kept(p), DATA["village"]["permit_price"] * (2 - s.permits[p]))
    most = max(0, s.res[p][COINS] - keep)
    return legal[min(len(legal) - 1, most)]


def _decline_or_first(s: IbyronPosition, p: int, legal: list[Action], style: Style, rng: Random | None) -> Action:
    return _find(legal, "decline") or legal[0]


def _tile_choice(legal: list[Action], terrain: int) -> Action:
    letter = {FOREST: "F", MOUNTAIN: "M", FIELD: "A"}[terrain]
    return max(legal, key=lambda a: (DATA["tiles"][int(a.args[0])]["cells"].count(letter), -int(a.args[0])))


def _offer(s: IbyronPosition, p: int, legal: list[Action], style: Style, rng: Random | None) -> Action:
    """Buy the $2 tile when the island is short of free forests or mountains."""
    terrain = _scarce_terrain(s, p)
    buys = [a for a in legal if a.kind == "buy"]
    if terrain and buys:
        return _tile_choice(buys, terrain)
    return _find(legal, "decline") or legal[0]


def _place(s: IbyronPosition, p: int, legal: list[Action], style: Style, rng: Random | None) -> Action:
    """Lay a tile close to home (short walks to its spaces); a gold-first player stacks it for a gold mine."""
    home = s.home[p]
    terrain = rotated_terrain(s.pending_tile, 0) if s.pending_tile >= 0 else ()

    def key(a: Action) -> tuple[int, int]:
        x, y, r = (int(v) for v in a.args)
        cell = cell_of(x, y)
        stacked = 0
        if style.gold_first and s.height[cell] > 0 and terrain:
            stacked = -sum(1 for t in rotated_terrain(s.pending_tile, r) if t == MOUNTAIN)
        return stacked, distance(home, cell)
    return best_of(legal, key, rng, lowest=True)


def _oversee(s: IbyronPosition, p: int, legal: list[Action], style: Style, rng: Random | None) -> Action:
    mountains = [a for a in legal if a.kind == "oversee" and s.terrain[s.new_cells[int(a.args[0])]] == MOUNTAIN]
    if mountains:
        return best_of(mountains, lambda a: 0, rng)
    return _find(legal, "done") or legal[0]


def _retrieve(s: IbyronPosition, p: int, legal: list[Action], style: Style, rng: Random | None) -> Action:
    return _find(legal, "retrieve", "garden") or legal[0]


def _take(s: IbyronPosition, p: int, legal: list[Action], style: Style, rng: Random | None) -> Action:
    return _tile_choice(legal, _scarce_terrain(s, p) or MOUNTAIN)


def _bonus(s: IbyronPosition, p: int, legal: list[Action], style: Style, rng: Random | None) -> Action:
    target = _target(s, p, style)
    missing = _shortfall(s, p, target) if target >= 0 else (0, 0, 1, 0, 0, 0)
    wanted = {"wood": missing[0], "ore": missing[1], "stone": missing[2], "gold": 2 * missing[3],
              "horse": 0.5 + 3 * missing[4], "coins": 1.0}

    def worth(a: Action) -> float:
        if s.back_side:
            space = DATA["bonus_back"][int(a.args[0])]
            gains = space["gain_t"] if len(a.args) == 1 else next(
                g for g in space["alt_t"] if "+".join(k for k, _ in g) == a.args[1])
            cost = space["cost"]
        else:
            space = next(sp for sp in DATA["bonus_front"] if sp["number"] == int(a.args[0]))
            gains, cost = space["gain_t"], 0
        return float(sum(n * (1 + wanted.get(k, 0)) for k, n in gains) - 0.3 * cost)
    return best_of(legal, worth, rng)


def _best_sale(s: IbyronPosition, p: int, legal: list[Action], target: int) -> Action | None:
    """The sale that raises most coins from what ``target`` does not need (coins hire workers)."""
    r = s.res[p]
    need = s._cost(target, s._has_foundry_option(p, target)) if target >= 0 else (0, 0, 0, 0, 0, 0)
    keep = {"wood": need[0] + 2, "ore": need[1] + 2, "stone": need[2] + 4, "gold": 99}
    useful = s._coins_kept(p) + s.rest[p] - r[COINS]  # coins beyond these are lost at the round's end
    best: Action | None = None
    best_gain = 1
    for a in legal:
        if a.kind != "sell":
            continue
        name, n = str(a.args[0]), int(a.args[1])
        if r[RES_OF[name]] - n < keep[name]:
            continue
        price = s.dice[MARKET_ORDER.index(name)]
        gain = min(n * price, useful)
        if gain > best_gain or (gain == best_gain and best is not None and n < int(best.args[1])):
            best, best_gain = a, gain
    return best


def _market(s: IbyronPosition, p: int, legal: list[Action], style: Style, rng: Random | None) -> Action:
    target = _target(s, p, style)
    trade = _find(legal, "trade", "food")
    if trade is not None and _gold_wanted(s, p, target):
        return trade
    return _best_sale(s, p, legal, target) or _find(legal, "done") or legal[0]


def _gold_wanted(s: IbyronPosition, p: int, target: int) -> bool:
    return target >= 0 and _shortfall(s, p, target)[3] > 0


def _would_sell(s: IbyronPosition, p: int, target: int) -> bool:
    """Would a market visit now sell something worth it? (Asked before paying for the visit.)"""
    from meeple.games.ibyron.market import market_actions

    saved = s.sold
    s.sold = False
    try:
        return _best_sale(s, p, market_actions(s, p), target) is not None
    finally:
        s.sold = saved


_STEPS = {
    S_START: _start,
    S_HOME: _home,
    S_HIRE: _hire,
    S_OFFER: _offer,
    S_EXTRA: _decline_or_first,
    S_PLACE: _place,
    S_OVERSEE: _oversee,
    S_RETRIEVE: _retrieve,
    S_TAKE: _take,
    S_BONUS: _bonus,
    S_MARKET: _market,
}


def _village(s: IbyronPosition, p: int, legal: list[Action], style: Style) -> Action:
    offered = {(a.args[0], "barn" in a.args, "mayor" in a.args): a for a in legal if a.kind == "visit"}
    wants: list[tuple[str, bool]] = []
    need_permit = not s.beginner and s.permits[p] < 2
    if need_permit:
        wants.append(("library", False))
    wants += [("shipwright", False), ("farmer", False)]
    if style.food_first:
        wants.append(("farmer", True))
    target = _target(s, p, style)
    horses_wanted = target >= 0 and _shortfall(s, p, target)[4] > 0
    if horses_wanted:
        wants.append(("stablehand", False))
    if _would_sell(s, p, target) or (s.built[p][COURT] and s.res[p][FOOD] >= 2 and _gold_wanted(s, p, target)):
        wants.append(("market", False))
    if s.held[p] < 0 and _scarce_terrain(s, p) and s.res[p][COINS] >= DATA["explore"]["explorer_price"]:
        wants.append(("explorer", False))
    wants.append(("tax", False))
    if s.barns[p] < 2:
        wants.append(("farmer", True))
    wants.append(("stablehand", False))
    for space, barn in wants:
        cost = s._village_cost(SPACE_INDEX[space])
        if space == "stablehand" and cost > 2 and not horses_wanted:
            continue
        if space == "tax" and cost > (4 if need_permit and s.res[p][COINS] < 2 else 2):
            continue
        for mayor in (False, True):
            a = offered.get((space, barn, mayor))
            if a is not None:
                return a
    return _find(legal, "leave") or legal[0]


def _outside(s: IbyronPosition, p: int, legal: list[Action], style: Style, moved: bool, rng: Random | None) -> Action:
    builds = [a for a in legal if a.kind == "build" and _affordable_in_discs(s, p, _index(a))]
    if builds:
        return best_of(builds, lambda a: (_building_value(s, p, _index(a), style), len(a.args) > 1), rng)
    ship = _find(legal, "ship")  # offered only while one is owed (_ship_pending) and can be paid for now
    if ship is not None:
        # Before gathering: each gather pays foremen from the supply, and with few discs left in
        # play that would keep the supply short of the ship's 4 discs round after round.
        return ship
    target = _target(s, p, style)
    paid = target >= 0 and (s.beginner or s.permits[p] > 0) and not any(_shortfall(s, p, target))
    horses_kept = s._cost(target, False)[4] if target >= 0 else 0
    # Walk to where the target can be built, once it is paid for: first, before the supply is spent.
    if paid and not moved:
        move = _best_move(s, p, legal, lambda c: _build_site(s, p, target, c), BUILDINGS[target].discs,
                          horses_kept, rng)
        if move is not None:
            return move
    gathers = [a for a in legal if a.kind == "gather" and (horses_kept == 0 or len(a.args) < 3)]
    if gathers:
        return best_of(gathers, lambda a: (_gather_yield(s, p, a), len(a.args) > 2), rng)
    explores = [a for a in legal if a.kind == "explore"]
    if explores:
        return best_of(explores, lambda a: 0, rng)  # any direction: the tile is laid there, touching the coast
    if s.held[p] >= 0 and not moved:
        spots = _explore_spots(s)
        move = _best_move(s, p, legal, spots.__contains__, 0, horses_kept, rng)
        if move is not None:
            return move
    kind = _needed_kind(s, p, target, style)
    camp = _camp_here(s, p, legal, kind)
    if camp is not None:
        return camp
    if moved or paid:
        return _find(legal, "forfeit") or legal[-1]  # paid for: keep the discs for the walk and the building
    # Walk to a site for the camp the target needs (if an overseer is free and discs are left to work it).
    if s._free_overseer(p) >= 0 and _camp_size(s, p) >= 1:
        move = _best_move(s, p, legal, lambda c: _camp_site(s, p, kind, c), 1 if kind != K_GOLD else 4,
                          horses_kept, rng)
        if move is not None:
            return move
    return _find(legal, "forfeit") or legal[-1]


def _explore_spots(s: IbyronPosition) -> frozenset[int]:
    """Coast spaces from which a held tile can be laid (it fits with a corner there).

    Walking to just any coast space could end where no tile fits; with the tile supply
    gone and no free land left, a bot doing that every round would forfeit round after
    round, and a game could then run to the round limit with nobody able to build."""
    blocked = s._blocked()
    return frozenset(
        c for c in s.coast
        if s.height[c] == 0 and any(can_place(*explore_anchor(c, corner), s.height, blocked) for corner in range(4))
    )


def _circulating(s: IbyronPosition, p: int) -> int:
    """Discs the player can still pay with: not in buildings, the reserve or a camp."""
    in_camps = sum(d for o, _, d in s.camps.values() if o == p)
    return loose_discs(s.in_buildings[p]) - STACK * len(s.reserve[p]) - in_camps


def _camp_size(s: IbyronPosition, p: int) -> int:
    """The biggest camp worth founding: at most 4, and never so big that no foreman is left to work it
    (nor, while a ship must be paid for, so big that fewer than the ship's discs stay in play)."""
    spare = _circulating(s, p) - (SHIP_DISCS if _ship_pending(s, p) else 2)
    return min(MAX_CAMP, s.supply[p], spare)


def _index(build: Action) -> int:
    return next(b.index for b in BUILDINGS if b.id == build.args[0])


def _gather_yield(s: IbyronPosition, p: int, a: Action) -> float:
    o, level = int(a.args[0]), int(a.args[1])
    camp = s.camps[s.overseer[p][o]]
    if camp[1] in (K_WOOD, K_ORE):
        foremen, gained = TECH_LEVELS[level - 1]
        return float(gained / foremen)
    return 1.0


def _camp_here(s: IbyronPosition, p: int, legal: list[Action], kind: int) -> Action | None:
    """Found the wanted camp where the leader stands, as big as the supply allows (at most 4)."""
    camps = [a for a in legal if a.kind == "camp"]
    if not camps:
        return None
    name = ("wood", "ore", "stone", "gold", "grain")[kind]
    size = _camp_size(s, p)
    fitting = [a for a in camps if a.args[0] == name and (len(a.args) == 1 or int(a.args[1]) <= size)]
    if not fitting or (kind in (K_GOLD, K_GRAIN) and _circulating(s, p) < 8):
        return None
    return max(fitting, key=lambda a: int(a.args[1]) if len(a.args) > 1 else 0)


def rollout_policy(state: State, seat: int, rng: Random) -> Action:
    """The heuristic move three times in four, a random legal move otherwise (search playouts)."""
    assert isinstance(state, IbyronPosition)
    legal = state._legal_actions(seat)
    if rng.random() < 0.25:
        return legal[rng.randrange(len(legal))]
    return choose(state, seat, legal, HeuristicBot.style, rng)


BOTS = (HeuristicBot, GreedyBot)

__all__ = [
    "BOTS",
    "HARBOUR",
    "S_TAKE",
    "WIN_LOOSE",
    "GreedyBot",
    "HeuristicBot",
    "Style",
    "evaluate",
    "loose_discs",
    "progress",
    "rollout_policy",
]
