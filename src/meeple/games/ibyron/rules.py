"""Ibyron: Island of Discovery — the state and its transitions.

A round: every player takes Outside turns (one action each, a leader move
may come first) until their colonist supply is empty or they forfeit; they
then take Village turns, one village action each, until their village box
is empty or they leave; then they take a bonus resource. When everyone is
done the round ends: cleanup, feeding, rehiring, paying for extra workers,
losing coins over the limit, re-rolling market dice, passing the start
player (who may buy a $2 tile). See RULES.md for every decision.

Per-player data lives in lists indexed by seat. Pieces on the island are
dicts keyed by cell holding immutable tuples, so ``clone`` is shallow copies.
"""

from __future__ import annotations

import math
from typing import Any

from meeple.core import Action, State
from meeple.core.rng import Random
from meeple.games.ibyron import actions as A
from meeple.games.ibyron.actions import BUILDINGS, DATA, SIZE, SPACES
from meeple.games.ibyron.data import COINS, FOOD, GOLD, MAT_BUILDINGS, ORE, STONE, WOOD
from meeple.games.ibyron.island import (
    NN,
    can_place,
    coast,
    distance,
    explore_anchor,
    land,
    rotated_terrain,
    tile_cells,
)
from meeple.games.ibyron.scoring import HARBOUR, loose_discs, victory_points

# ----------------------------------------------------------------- constants
P = DATA["player"]
SUP = DATA["supplies"]
CAMPS = DATA["camps"]
TECH_LEVELS = [(lv["foremen"], lv["yield"]) for lv in DATA["tech"]["gather"]]  # index level-1
TAX_PER_LEVEL: int = DATA["tech"]["tax_per_level"]
MAX_LEVEL: int = DATA["tech"]["levels"]
TRACK_MAX: int = P["track_max"]
COINS_MAX: int = P["coins_max"]
FOOD_MAX: int = P["food_max"]
RES_MAX = (COINS_MAX, TRACK_MAX, TRACK_MAX, TRACK_MAX, TRACK_MAX, FOOD_MAX)
STACK: int = P["reserve_stack_size"]
HORSE_POINTS: int = DATA["movement"]["horse_points"]
STRIDE_MAX: int = DATA["movement"]["stride_max"]
EXPLORE_DISCS: int = DATA["explore"]["discs"]
EXPLORER_PRICE: int = DATA["explore"]["explorer_price"]
START_TILE_PRICE: int = DATA["explore"]["start_tile_price"]
SOLO_EXTRA_COINS: int = DATA["explore"]["solo_extra_coins"]
PERMIT_PRICE: int = DATA["village"]["permit_price"]
MARKET_BOXES: tuple[str, ...] = tuple(DATA["market"]["boxes"])
FRONT = DATA["bonus_front"]
BACK = DATA["bonus_back"]
FORFEIT_EXTRA_DISCS: int = DATA["bonus_forfeit_extra"]["discs"]
FORFEIT_EXTRA: int = DATA["bonus_forfeit_extra"]["extra"]
WIN_LOOSE: int = DATA["win"]["max_loose_discs"]

RES_INDEX = {"coins": COINS, "wood": WOOD, "ore": ORE, "stone": STONE, "gold": GOLD, "food": FOOD}
FOREST, FIELD, MOUNTAIN = 1, 2, 3
SITE_TERRAIN = {"forest": FOREST, "field": FIELD, "mountain": MOUNTAIN}
K_WOOD, K_ORE, K_STONE, K_GOLD, K_GRAIN = range(5)
KIND_RES = (WOOD, ORE, STONE, GOLD, FOOD)
BANK, GARDEN, FOUNDRY = range(3)
FARM = -1  # the starting farm on a home space: a one-disc building that is not in the building list
B = {b.id: b.index for b in BUILDINGS}
GATE, TREASURY, WALLS, TOWER = B["castle_gate"], B["castle_treasury"], B["castle_walls"], B["castle_tower"]
STABLE, COURT = B["stable"], B["court_house"]
CASTLE_BELOW = {TREASURY: GATE, WALLS: TREASURY, TOWER: WALLS}
TECH_EFFECT = {"tech_lumber": 0, "tech_refinery": 1, "tech_taxing": 2}
LUMBER, REFINERY, TAXING = range(3)
KEEP_HORSES: int = DATA["stable"]["keep_horses"]
FOUNDRY_STONE: int = DATA["starting_buildings"][FOUNDRY]["replaces_stone"]
FOUNDRY_WITH_STONE: int = DATA["starting_buildings"][FOUNDRY]["with_stone"]
FOUNDRY_WITH_ORE: int = DATA["starting_buildings"][FOUNDRY]["with_ore"]




def _cost_tuple(b: int, foundry: bool) -> tuple[int, int, int, int, int, int]:
    bd = BUILDINGS[b]
    stone, ore = bd.cost_of("stone"), bd.cost_of("ore")
    if foundry:
        stone += FOUNDRY_WITH_STONE - FOUNDRY_STONE
        ore += FOUNDRY_WITH_ORE
    return bd.cost_of("wood"), ore, stone, bd.cost_of("gold"), bd.cost_of("horse"), bd.cost_of("cube")


COSTS = tuple(_cost_tuple(b.index, False) for b in BUILDINGS)
FOUNDRY_SWAP = tuple(b.cost_of("stone") >= FOUNDRY_STONE for b in BUILDINGS)
FOUNDRY_COSTS = tuple(_cost_tuple(b.index, swap) for b, swap in zip(BUILDINGS, FOUNDRY_SWAP, strict=True))

# distances between all cells, and the move actions by destination cell (hot path tables)
DIST = tuple(tuple(distance(a, b) for b in range(NN)) for a in range(NN))
MOVE_BY_CELL = tuple(A.MOVE[c % SIZE][c // SIZE] for c in range(NN))

# player phases within a round
OUTSIDE, VILLAGE, DONE = range(3)
PHASE_NAMES = ("outside", "village", "done")
# what the player to move is deciding
(S_START, S_HOME, S_TURN, S_MOVED, S_OVERSEE, S_MARKET, S_RETRIEVE, S_TAKE, S_BONUS, S_HIRE, S_OFFER,
 S_PLACE, S_EXTRA, S_OVER) = range(14)
STEP_NAMES = ("a starting building (start ...)", "a home field (home N)", "a turn",
              "an action after moving, or end", "overseers for the new tile (oversee N, or done)",
              "a sale or trade at the market (sell, trade, or done)", "which reserve stack returns (retrieve ...)",
              "a land tile from the supply (take N)", "a bonus resource (bonus N)", "how many to hire (hire N)",
              "the start player's $2 tile (buy N, or decline)", "where to lay the tile (place X Y R)",
              "an extra tile, or not (extra, or decline)", "nothing: the game is over")
ST_STABLE, ST_SHIP, ST_MARKET, ST_LIBRARY, ST_FARMER, ST_EXPLORER, ST_TAX = range(7)
SPACE_INDEX = {s: i for i, s in enumerate(SPACES)}


def _add(values: list[int], index: int, amount: int) -> None:
    """Move a resource track, keeping it within its printed range (excess is lost)."""
    values[index] = max(0, min(RES_MAX[index], values[index] + amount))


class IbyronState(State):
    __slots__ = (  # noqa: RUF023 - grouped by meaning, not sorted
        # options resolved
        "beginner", "solo", "back_side", "cap", "round_limit",
        # round and turn
        "round", "start_player", "current", "step", "phase", "over", "winner_seats", "triggered",
        # discs
        "supply", "vbox", "rest", "forfeit", "mayor", "reserve", "in_buildings",
        # player mats
        "res", "horses", "barns", "permits", "tech", "cubes", "mat", "held", "ship", "built", "tallest",
        "home", "leader", "overseer", "castle",
        # common supplies
        "horse_supply", "barn_supply", "permit_supply", "tiles", "dice", "dice_used", "stacks",
        "bonus_taken", "solo_used",
        # island
        "height", "terrain", "top_tile", "buildings", "camps", "reserved", "land", "coast",
        # pending sub-decisions
        "new_cells", "sold", "traded", "pending_forfeit", "hire_queue", "pending_tile", "extra_tile",
    )

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(players, seed, options)
        self.solo = players == 1
        self.beginner = self.solo or options.get("mode") == "beginner"
        self.back_side = options.get("bonus_side") == "back"
        self.cap = int(DATA["village"]["cap_2p"] if players <= 2 else DATA["village"]["cap_3p_4p"])
        limit = options.get("round_limit")
        gl = DATA["game_length"]
        if limit is None:
            limit = gl["beginner_rounds"] if self.beginner else gl["standard_rounds"]
        self.round_limit = int(limit)
        n = players
        self.round = 0
        self.start_player = 0
        self.current = 0
        self.step = S_START
        self.phase = [OUTSIDE] * n
        self.over = False
        self.winner_seats: tuple[int, ...] = ()
        self.triggered = -1
        start_supply: int = P["discs"] - P["mayor"] - P["reserve_stacks"] * STACK - 1  # one disc is the home farm
        self.supply = [start_supply] * n
        self.vbox = [0] * n
        self.rest = [0] * n
        self.forfeit = [0] * n
        self.mayor = [True] * n
        self.reserve: list[list[int]] = [[] for _ in range(n)]  # starting buildings still covered by a stack
        self.in_buildings = [1] * n  # the home farm
        food = int(P["food_start_2p"] if n <= 2 else P["food_start_3p_4p"])
        self.res = [[0, 0, 0, 0, 0, food] for _ in range(n)]
        self.horses = [int(P["horses_start"])] * n
        self.barns = [int(P["barns_start"])] * n
        self.permits = [0] * n
        self.tech = [[1, 1, 1] for _ in range(n)]
        self.cubes = [0] * n
        self.mat = [[False, False, False] for _ in range(n)]
        self.held = [-1] * n
        self.ship = [0] * n
        self.built = [[0] * len(BUILDINGS) for _ in range(n)]
        self.tallest = [1] * n
        self.home = [-1] * n
        self.leader = [-1] * n
        self.overseer = [[-1, -1] for _ in range(n)]
        self.castle = [-1] * n
        parts = max(n, 2)
        self.horse_supply: int = SUP["horses_per_player"] * parts - P["horses_start"] * n
        self.barn_supply: int = SUP["barns_per_player"] * parts - P["barns_start"] * n
        self.permit_supply: int = SUP["permits_2p"] + SUP["permits_per_extra_player"] * max(0, n - 2)
        self.dice = [0, 0, 0, 0]
        self.dice_used = [False] * 4
        self.stacks: list[list[tuple[int, int, int]]] = [[] for _ in SPACES]
        self.bonus_taken = [-1] * len(FRONT)
        self.solo_used = [False] * len(FRONT)
        self.height = [0] * NN
        self.terrain = [0] * NN
        self.top_tile = [-1] * NN
        self.buildings: dict[int, tuple[int, tuple[int, ...]]] = {}
        self.camps: dict[int, tuple[int, int, int]] = {}
        self.reserved: dict[int, int] = {}
        self.new_cells: tuple[int, ...] = ()
        self.sold = False
        self.traded = False
        self.pending_forfeit = 0
        self.hire_queue: list[int] = []
        self.pending_tile = -1
        self.extra_tile = False
        # lay the centre tile and one starting tile per player
        used = []
        for tile in DATA["tiles"]:
            role = tile["role"]
            if role == "center" or (role.startswith("seat") and int(role[4:]) < n):
                self._lay_tile(tile["id"], tile["anchor"][0], tile["anchor"][1], 0)
                used.append(tile["id"])
        self.tiles = [t["id"] for t in DATA["tiles"] if t["id"] not in used]
        if self.beginner:
            self.rng.shuffle(self.tiles)  # the face-down pile; its order is hidden from everyone

    # ================================================================ helpers
    def _lay_tile(self, tile: int, ax: int, ay: int, rotation: int) -> tuple[int, ...]:
        cells = tile_cells(ax, ay)
        terr = rotated_terrain(tile, rotation)
        # the grids are shared between clones (copy on write): only laying a tile changes them
        self.height = self.height.copy()
        self.terrain = self.terrain.copy()
        self.top_tile = self.top_tile.copy()
        for c, t in zip(cells, terr, strict=True):
            self.height[c] += 1
            self.terrain[c] = t
            self.top_tile[c] = tile
        self.land = land(self.height)
        self.coast = coast(self.height)
        return cells

    def _blocked(self) -> set[int]:
        return self.buildings.keys() | self.camps.keys() | self.reserved.keys()

    def _legal_anchors(self) -> list[tuple[int, int]]:
        blocked = self._blocked()
        return [(x, y) for x in range(SIZE - 1) for y in range(SIZE - 1) if can_place(x, y, self.height, blocked)]

    def _any_anchor(self) -> bool:
        blocked = self._blocked()
        return any(can_place(x, y, self.height, blocked) for x in range(SIZE - 1) for y in range(SIZE - 1))

    def _stride(self, p: int) -> int:
        return max(1, min(STRIDE_MAX, self.tallest[p]))

    def _move_points(self, p: int, dest: int) -> int:
        stride = self._stride(p)
        return -(-distance(self.leader[p], dest) // stride)

    def _free_overseer(self, p: int) -> int:
        ov = self.overseer[p]
        if ov[0] == -1:
            return 0
        if ov[1] == -1:
            return 1
        return -1

    def _site_free(self, p: int, cell: int) -> bool:
        """An empty space: on land, no building or camp, not held by another player's overseer."""
        if cell < 0 or not self.height[cell] or cell in self.buildings or cell in self.camps:
            return False
        holder = self.reserved.get(cell, p)
        return holder == p

    def _keep_horses(self, p: int) -> int:
        return int(KEEP_HORSES * self.built[p][STABLE])

    def _coins_kept(self, p: int) -> int:
        keep = int(P["coins_keep"])
        if self.mat[p][BANK]:
            keep = max(keep, int(DATA["starting_buildings"][BANK]["keep_coins"]))
        if self.built[p][TREASURY]:
            keep = max(keep, int(DATA["treasury"]["keep_coins"]))
        return keep

    def _village_cost(self, space: int) -> int:
        tallest = 0
        for stack in self.stacks[space]:
            if stack[1] > tallest:
                tallest = stack[1]
        return min(self.cap, tallest + 1)

    def _has_foundry_option(self, p: int, b: int) -> bool:
        return self.mat[p][FOUNDRY] and FOUNDRY_SWAP[b]

    @staticmethod
    def _cost(b: int, foundry: bool) -> tuple[int, int, int, int, int, int]:
        """(wood, ore, stone, gold, horse, cube) to pay for building ``b``."""
        return FOUNDRY_COSTS[b] if foundry else COSTS[b]

    def _can_pay(self, p: int, cost: tuple[int, int, int, int, int, int]) -> bool:
        r = self.res[p]
        wood, ore, stone, gold, horse, cube = cost
        return (r[WOOD] >= wood and r[ORE] >= ore and r[STONE] >= stone and r[GOLD] >= gold
                and self.horses[p] >= horse and self.cubes[p] >= cube)

    def _build_site_ok(self, p: int, b: int) -> bool:
        cell = self.leader[p]
        if cell < 0:
            return False
        site = BUILDINGS[b].site
        if site in SITE_TERRAIN:
            return self._site_free(p, cell) and self.terrain[cell] == SITE_TERRAIN[site]
        if site == "home":
            return cell == self.home[p] and self.buildings[cell][1] == (FARM,)
        if site == "any":
            return self._site_free(p, cell)
        below = CASTLE_BELOW[b]
        return cell == self.castle[p] and self.buildings[cell][1][-1] == below

    def _build_reason(self, p: int, b: int, foundry: bool) -> str:
        """Why building ``b`` is not possible now ('' if it is)."""
        bd = BUILDINGS[b]
        if self.built[p][b] >= bd.max:
            return f"you already have the most {bd.name} buildings allowed ({bd.max})"
        if not self.beginner and self.permits[p] < 1:
            return "building needs a building permit (buy one at the Library)"
        if self.supply[p] < bd.discs:
            return f"the {bd.name} takes {bd.discs} discs from your supply, you have {self.supply[p]}"
        if foundry and not self._has_foundry_option(p, b):
            return "the Foundry swap needs the Foundry and a cost of at least 4 stone"
        if not self._can_pay(p, self._cost(b, foundry)):
            cost = ", ".join(f"{v} {k}" for k, v in bd.cost)
            return f"the {bd.name} costs {cost}" + (" (with the Foundry swap)" if foundry else "")
        if b == GATE and self.castle[p] >= 0:
            return "you have already begun a castle"
        if not self._build_site_ok(p, b):
            site = bd.site
            if site in SITE_TERRAIN:
                return f"the {bd.name} must be built on an empty {site} space where your leader stands"
            if site == "home":
                return "the Harbour is built on your home farm, where your leader must stand"
            if site == "any":
                return "the Castle Gate needs an empty space where your leader stands"
            return f"the {bd.name} goes on top of your {BUILDINGS[CASTLE_BELOW[b]].name}, where your leader must stand"
        return ""

    def _camp_reason(self, p: int, kind: int, n: int) -> str:
        cell = self.leader[p]
        if self._free_overseer(p) < 0 and self.reserved.get(cell) != p:
            return "both your overseers are in use (at most 2 work camps)"
        if not self._site_free(p, cell):
            return "a work camp needs an empty space on the island where your leader stands"
        t = self.terrain[cell]
        if kind == K_WOOD and t != FOREST:
            return "woodcutters work on a forest space"
        if kind in (K_ORE, K_STONE) and t != MOUNTAIN:
            return "miners and quarrymen work on a mountain space"
        if kind == K_GOLD:
            if t != MOUNTAIN or self.height[cell] < CAMPS["gold_min_level"]:
                return "a gold mine needs a mountain space on the second level or higher"
            if any(o == p and k == K_GOLD for o, k, _ in self.camps.values()):
                return "your gold mine marker is already in use"
            r = self.res[p]
            if r[WOOD] < CAMPS["gold_cost"]["wood"] or r[ORE] < CAMPS["gold_cost"]["ore"]:
                return "a gold mine costs 2 wood and 6 ore"
        if kind == K_GRAIN and t != FIELD:
            return "grain is planted on a field space"
        if self.supply[p] < n:
            return f"you need {n} discs in your supply, you have {self.supply[p]}"
        return ""

    def _grain_discs(self, p: int) -> int:
        return max(1, int(CAMPS["grain_base_discs"]) - self.barns[p])

    # ============================================================ protocol
    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def winners(self) -> tuple[int, ...]:
        return self.winner_seats if self.over else ()

    def victory_points(self, p: int) -> int:
        castle_height = len(self.buildings[self.castle[p]][1]) if self.castle[p] >= 0 else 0
        return victory_points(
            self.built[p], sum(self.mat[p]), castle_height, self.res[p][GOLD], self.res[p][COINS],
            self.res[p][FOOD], self.in_buildings[p], len(self.reserve[p]),
        )

    def progress(self, p: int) -> float:
        """A rough worth of seat ``p``'s position, for judging games cut short (search rollouts).

        Discs in buildings are what the race counts; tech levels, permits,
        stock, food and retrieved reserves are steps toward more of them.
        """
        r = self.res[p]
        stock = r[WOOD] + r[STONE] + r[ORE] + 2 * r[GOLD]
        base = 10.0 * self.in_buildings[p] if not self.beginner else 3.0 * self.victory_points(p)
        return (base + 3.0 * (sum(self.tech[p]) - 3) + 2.0 * self.permits[p] + 0.5 * min(stock, 24)
                + 0.2 * r[COINS] + 1.5 * r[FOOD] + 0.5 * self.horses[p] + 4.0 * (2 - len(self.reserve[p]))
                + 1.0 * sum(d for o, _, d in self.camps.values() if o == p))

    def evaluate(self) -> tuple[float, ...]:
        """Win shares for an unfinished game (used by ISMCTS at its rollout limit): a softmax of ``progress``."""
        values = [self.progress(p) for p in range(self.players)]
        top = max(values)
        weights = [math.exp((v - top) / 8.0) for v in values]
        total = sum(weights)
        return tuple(w / total for w in weights)

    @property
    def scores(self) -> tuple[float, ...]:
        if self.beginner:
            return tuple(float(self.victory_points(p)) for p in range(self.players))
        return tuple(float(self.in_buildings[p]) for p in range(self.players))

    # -------------------------------------------------------- legal actions
    def _legal_actions(self, seat: int) -> list[Action]:
        step = self.step
        p = seat
        if step == S_TURN:
            return self._village_actions(p) if self.phase[p] == VILLAGE else self._outside_actions(p, True)
        if step == S_MOVED:
            out = self._outside_actions(p, False)
            out.append(A.END)
            return out
        if step == S_START:
            return [A.START[b] for b in MAT_BUILDINGS]
        if step == S_HOME:
            return self._home_actions(p)
        if step == S_OVERSEE:
            out = [A.OVERSEE[i] for i, c in enumerate(self.new_cells) if c not in self.reserved]
            out.append(A.DONE)
            return out
        if step == S_MARKET:
            return self._market_actions(p)
        if step == S_RETRIEVE:
            return [A.RETRIEVE[MAT_BUILDINGS[b]] for b in sorted(self.reserve[p])]
        if step == S_TAKE:
            return [A.TAKE[k] for k in sorted(self.tiles)]
        if step == S_BONUS:
            return self._bonus_actions(p)
        if step == S_HIRE:
            most = min(self.rest[p], self.res[p][COINS], A.MAX_HIRE)
            return A.HIRE[: most + 1]
        if step == S_OFFER:
            out = []
            if self.res[p][COINS] >= START_TILE_PRICE and self._any_anchor():
                out = [A.BUY[k] for k in sorted(self.tiles)]
            out.append(A.DECLINE)
            return out
        if step == S_PLACE:
            return [A.PLACE[x][y][r] for x, y in self._legal_anchors() for r in range(4)]
        if step == S_EXTRA:
            return [A.EXTRA, A.DECLINE]
        return []

    def _home_actions(self, p: int) -> list[Action]:
        tile = next(t for t in DATA["tiles"] if t["role"] == f"seat{p}")
        cells = tile_cells(tile["anchor"][0], tile["anchor"][1])
        return [A.HOME[i] for i, c in enumerate(cells) if self.terrain[c] == FIELD]

    def _outside_actions(self, p: int, may_move: bool) -> list[Action]:
        out: list[Action] = []
        supply = self.supply[p]
        leader = self.leader[p]
        if may_move and leader >= 0:
            others = [self.leader[q] for q in range(self.players) if q != p]
            stride = self._stride(p)
            horses = min(self.horses[p], A.MAX_HORSES_PER_MOVE)
            row = DIST[leader]
            for dest in self.land + self.coast:
                d = row[dest]
                if d == 0 or dest in others:
                    continue
                points = (d + stride - 1) // stride
                table = MOVE_BY_CELL[dest]
                if points <= supply:
                    out.append(table[0])
                for h in range(1, min(horses, (points + 1) // 2) + 1):
                    if points - HORSE_POINTS * h <= supply:
                        out.append(table[h])
        # explore with a held tile: it may follow a move paid with the last disc (the rulebook's example)
        if self.held[p] >= 0 and supply >= EXPLORE_DISCS and leader >= 0:
            blocked = self._blocked()
            for c in range(4):
                ax, ay = explore_anchor(leader, c)
                if can_place(ax, ay, self.height, blocked):
                    out.extend(A.EXPLORE[c])
        if supply <= 0:
            return out
        on_land = leader >= 0 and self.height[leader] > 0
        # work camps where the leader stands
        if on_land and self._site_free(p, leader) and (self._free_overseer(p) >= 0 or self.reserved.get(leader) == p):
            t = self.terrain[leader]
            if t == FOREST:
                out.extend(A.CAMP["wood"][1 : min(supply, A.MAX_CAMP) + 1])
            elif t == MOUNTAIN:
                out.extend(A.CAMP["ore"][1 : min(supply, A.MAX_CAMP) + 1])
                out.extend(A.CAMP["stone"][1 : min(supply, A.MAX_CAMP) + 1])
                if self._camp_reason(p, K_GOLD, CAMPS["gold_discs"]) == "":
                    out.append(A.CAMP_GOLD)
            elif t == FIELD and supply >= self._grain_discs(p):
                out.append(A.CAMP_GRAIN)
        # gathering from own camps
        for o in range(2):
            cell = self.overseer[p][o]
            camp = self.camps.get(cell)
            if camp is None or camp[0] != p:
                continue
            kind = camp[1]
            if kind == K_GRAIN:
                continue
            if kind in (K_WOOD, K_ORE):
                level = self.tech[p][LUMBER if kind == K_WOOD else REFINERY]
                for lv in range(1, level + 1):
                    if TECH_LEVELS[lv - 1][0] <= supply:
                        out.append(A.GATHER[o][lv])
                        if kind == K_WOOD and self.horses[p] > 0:
                            out.append(A.GATHER_HORSE[o][lv])
            else:
                out.append(A.GATHER[o][1])
            if kind != K_GOLD and self.horses[p] > 0 and camp[2] <= supply:
                out.append(A.HURRY[o])
        # ship
        if (self.built[p][HARBOUR] and self.ship[p] == 0 and self.reserve[p]
                and supply >= DATA["ship"]["discs"] and self.res[p][WOOD] >= DATA["ship"]["wood"]):
            out.append(A.SHIP)
        # buildings
        if on_land and (self.beginner or self.permits[p] > 0):
            built = self.built[p]
            foundry = self.mat[p][FOUNDRY]
            for bd in BUILDINGS:
                b = bd.index
                if built[b] >= bd.max or supply < bd.discs:
                    continue
                plain = self._can_pay(p, COSTS[b])
                swap = foundry and FOUNDRY_SWAP[b] and self._can_pay(p, FOUNDRY_COSTS[b])
                if not (plain or swap) or not self._build_site_ok(p, b) or (b == GATE and self.castle[p] >= 0):
                    continue
                if plain:
                    out.append(A.BUILD[b])
                if swap:
                    out.append(A.BUILD_FOUNDRY[b])
        out.append(A.FORFEIT)
        return out

    def _space_usable(self, p: int, space: int) -> bool:
        """Would the space's action do something for ``p`` now?"""
        if space == ST_STABLE:
            return self.horse_supply > 0
        if space == ST_SHIP:
            return self.ship[p] > 0
        if space == ST_MARKET:
            return self._market_open(p)
        if space == ST_LIBRARY:
            return (not self.beginner and self.res[p][COINS] >= PERMIT_PRICE
                    and (self.permit_supply > 0 or self._permit_victim(p) >= 0))
        if space == ST_FARMER:
            return self._grain_field(p) >= 0
        if space == ST_EXPLORER:
            return self.res[p][COINS] >= EXPLORER_PRICE and self.held[p] < 0 and bool(self.tiles)
        return True  # tax collector

    def _village_actions(self, p: int) -> list[Action]:
        out: list[Action] = []
        box = self.vbox[p]
        mayor = self.mayor[p]
        for space, name in enumerate(SPACES):
            cost = self._village_cost(space)
            plain = box >= cost
            with_mayor = mayor and box >= cost - 1
            if not (plain or with_mayor):
                continue
            if self._space_usable(p, space):
                if plain:
                    out.append(A.VISIT[name])
                if with_mayor:
                    out.append(A.VISIT_MAYOR[name])
            if space == ST_FARMER and self.barn_supply > 0 and self.barns[p] < P["barns_max"]:
                if plain:
                    out.append(A.VISIT_BARN)
                if with_mayor:
                    out.append(A.VISIT_BARN_MAYOR)
        out.append(A.LEAVE)
        return out

    def _market_open(self, p: int) -> bool:
        r = self.res[p]
        for i, name in enumerate(MARKET_BOXES):
            if not self.dice_used[i] and r[RES_INDEX[name]] > 0:
                return True
        return bool(self.built[p][COURT]) and (r[FOOD] >= 2 or r[GOLD] >= 1)

    def _market_actions(self, p: int) -> list[Action]:
        out: list[Action] = []
        r = self.res[p]
        if not self.sold:
            for i, name in enumerate(MARKET_BOXES):
                have = r[RES_INDEX[name]]
                if not self.dice_used[i] and have > 0:
                    out.extend(A.SELL[name][1 : min(have, A.MAX_SELL) + 1])
        if self.built[p][COURT] and not self.traded:
            if r[FOOD] >= DATA["court_house"]["food"]:
                out.append(A.TRADE_FOOD)
            if r[GOLD] >= DATA["court_house"]["gold"]:
                out.append(A.TRADE_GOLD)
        out.append(A.DONE)
        return out

    def _bonus_actions(self, p: int) -> list[Action]:
        out: list[Action] = []
        if self.back_side:
            for k, space in enumerate(BACK):
                if space["cost"] <= self.pending_forfeit:
                    out.append(A.BONUS[space["cost"]])
                    out.extend(A.BONUS_ALT[(k, j)] for j in range(len(space["alt_t"])))
            return out
        for k, space in enumerate(FRONT):
            if self.bonus_taken[k] < 0 and not (self.solo and self.solo_used[k]):
                out.append(A.BONUS[space["number"]])
        return out

    def _grain_field(self, p: int) -> int:
        """The cell of the player's grain field nearest harvest, or -1."""
        best, best_left = -1, 99
        for cell in self.overseer[p]:
            camp = self.camps.get(cell)
            if camp is not None and camp[0] == p and camp[1] == K_GRAIN and camp[2] < best_left:
                best, best_left = cell, camp[2]
        return best

    def _permit_victim(self, p: int) -> int:
        """The other player with the most permits (ties: first clockwise from p), or -1 if none has one."""
        best, most = -1, 0
        for i in range(1, self.players):
            q = (p + i) % self.players
            if self.permits[q] > most:
                best, most = q, self.permits[q]
        return best

    # ---------------------------------------------------------- explanations
    def _explain_illegal(self, action: Action, seat: int) -> str:
        from meeple.games.ibyron.explain import explain

        return explain(self, action, seat)

    # -------------------------------------------------------------- applying
    def _apply(self, action: Action, seat: int) -> None:
        p = seat
        kind = action.kind
        args = action.args
        if kind == "move":
            self._do_move(p, int(args[0]), int(args[1]), int(args[2]))
        elif kind == "end":
            self._end_turn()
        elif kind == "explore":
            self._do_explore(p, int(args[0]), int(args[1]))
        elif kind == "oversee":
            cell = self.new_cells[int(args[0])]
            o = self._free_overseer(p)
            self.overseer[p][o] = cell
            self.reserved[cell] = p
            if self._free_overseer(p) < 0:
                self._end_turn()
        elif kind == "done":
            if self.step == S_MARKET:
                self._after_village_action(p)
            else:
                self._end_turn()
        elif kind == "camp":
            self._do_camp(p, A.CAMP_KINDS.index(str(args[0])), int(args[1]) if len(args) > 1 else 0)
        elif kind == "gather":
            self._do_gather(p, int(args[0]), int(args[1]), len(args) > 2)
        elif kind == "hurry":
            self._do_hurry(p, int(args[0]))
        elif kind == "ship":
            self.supply[p] -= DATA["ship"]["discs"]
            self.ship[p] = DATA["ship"]["discs"]
            self.res[p][WOOD] -= DATA["ship"]["wood"]
            self._end_turn()
        elif kind == "build":
            self._do_build(p, B[str(args[0])], len(args) > 1)
        elif kind == "forfeit":
            n = self.supply[p]
            self.supply[p] = 0
            self.vbox[p] += n
            self._enter_village(p, n)
            self._end_turn()
        elif kind == "visit":
            self._do_visit(p, str(args[0]), "barn" in args, "mayor" in args)
        elif kind == "sell":
            name = str(args[0])
            n = int(args[1])
            box = MARKET_BOXES.index(name)
            r = self.res[p]
            r[RES_INDEX[name]] -= n
            _add(r, COINS, n * self.dice[box])
            self.dice_used[box] = True
            self.sold = True
            self._market_maybe_done(p)
        elif kind == "trade":
            r = self.res[p]
            ch = DATA["court_house"]
            if args[0] == "food":
                r[FOOD] -= ch["food"]
                _add(r, GOLD, ch["gold"])
            else:
                r[GOLD] -= ch["gold"]
                _add(r, FOOD, ch["food"])
            self.traded = True
            self._market_maybe_done(p)
        elif kind == "retrieve":
            self._retrieve(p, MAT_BUILDINGS.index(str(args[0])))
            self._after_village_action(p)
        elif kind == "take":
            self.tiles.remove(int(args[0]))
            self.held[p] = int(args[0])
            self._after_village_action(p)
        elif kind == "leave":
            n = self.vbox[p]
            self.vbox[p] = 0
            self.rest[p] += n
            self.mayor[p] = False
            self.pending_forfeit = n
            self.step = S_BONUS
        elif kind == "bonus":
            self._do_bonus(p, int(args[0]), str(args[1]) if len(args) > 1 else "")
        elif kind == "hire":
            n = int(args[0])
            self.res[p][COINS] -= n
            self.rest[p] -= n
            self.supply[p] += n
            if self.extra_tile:  # hiring with the solo extra tile's $3
                self._cap_coins()
                self._begin_round()
            else:
                self._next_hire()
        elif kind == "buy":
            k = int(args[0])
            self.res[p][COINS] -= START_TILE_PRICE
            self.tiles.remove(k)
            self.pending_tile = k
            self.step = S_PLACE
        elif kind == "decline":
            self._begin_round()
        elif kind == "place":
            self._lay_tile(self.pending_tile, int(args[0]), int(args[1]), int(args[2]))
            self.pending_tile = -1
            if self.extra_tile:
                # the $3 is spent at once on hiring; only what the player may keep carries over
                _add(self.res[p], COINS, SOLO_EXTRA_COINS)
                self.round_limit -= 1
                if self.rest[p] > 0:
                    self.step = S_HIRE
                else:
                    self._cap_coins()
                    self._begin_round()
            elif self.solo and self.tiles and self.round_limit - 1 > self.round:
                self.step = S_EXTRA
            else:
                self._begin_round()
        elif kind == "extra":
            self.extra_tile = True
            self._draw_and_place()
        elif kind == "start":
            b = MAT_BUILDINGS.index(str(args[0]))
            self.reserve[p] = [i for i in range(3) if i != b]
            self._gain_mat_building(p, b)
            self.step = S_HOME
        elif kind == "home":
            self._do_home(p, int(args[0]))
        else:  # pragma: no cover - every action kind is handled above
            raise AssertionError(kind)

    # ---------------------------------------------------------------- set-up
    def _do_home(self, p: int, corner: int) -> None:
        tile = next(t for t in DATA["tiles"] if t["role"] == f"seat{p}")
        cell = tile_cells(tile["anchor"][0], tile["anchor"][1])[corner]
        self.home[p] = cell
        self.leader[p] = cell
        self.buildings[cell] = (p, (FARM,))
        if p + 1 < self.players:
            self.current = p + 1
            self.step = S_START
            return
        # bonus spaces drawn at random; the lowest number starts; the start player rolls the dice
        spaces = list(range(len(FRONT)))
        self.rng.shuffle(spaces)
        lowest, first = 99, 0
        for q in range(self.players):
            k = spaces[q]
            self._gain(q, FRONT[k]["gain_t"], 0)
            if self.solo:
                self.solo_used[k] = True
            if FRONT[k]["number"] < lowest:
                lowest, first = FRONT[k]["number"], q
        self.start_player = first
        self.dice = sorted(self.rng.randint(1, 6) for _ in range(4))
        self._begin_round()

    def _gain_mat_building(self, p: int, b: int) -> None:
        self.mat[p][b] = True
        if b == BANK:
            _add(self.res[p], COINS, DATA["starting_buildings"][BANK]["coins"])
        elif b == GARDEN:
            _add(self.res[p], FOOD, DATA["starting_buildings"][GARDEN]["food"])

    def _gain(self, p: int, gain: tuple[tuple[str, int], ...], extra: int) -> None:
        for key, amount in gain:
            n = amount + extra
            if key == "horse":
                n = min(n, self.horse_supply)
                self.horse_supply -= n
                self.horses[p] += n
            else:
                _add(self.res[p], RES_INDEX[key], n)

    # ---------------------------------------------------------------- rounds
    def _begin_round(self) -> None:
        self.round += 1
        self.extra_tile = False
        for p in range(self.players):
            self.phase[p] = OUTSIDE
            self.forfeit[p] = 0
            self.leader[p] = self.home[p]
            self.mayor[p] = True
        self.current = self.start_player
        self._start_turn()

    def _start_turn(self) -> None:
        """Give the turn to ``current`` or the next seat that still has something to do."""
        for _ in range(self.players + 1):
            p = self.current
            if self.phase[p] == OUTSIDE and self.supply[p] == 0:
                self._enter_village(p, 0)
            if self.phase[p] == VILLAGE:
                if self.vbox[p] == 0 and not self.mayor[p]:
                    self.pending_forfeit = 0
                    self.step = S_BONUS
                else:
                    self.step = S_TURN
                return
            if self.phase[p] == OUTSIDE:
                self.step = S_TURN
                return
            self.current = (p + 1) % self.players
        self._end_round()

    def _end_turn(self) -> None:
        if self.over:
            return
        self.current = (self.current + 1) % self.players
        self._start_turn()

    def _enter_village(self, p: int, forfeited: int) -> None:
        """The leader goes to the resource track; horses over the stable limit go back."""
        self.phase[p] = VILLAGE
        self.forfeit[p] = forfeited
        self.leader[p] = -1
        lost = max(0, self.horses[p] - self._keep_horses(p))
        self.horses[p] -= lost
        self.horse_supply += lost

    def _end_round(self) -> None:
        # cleanup
        for space in self.stacks:
            for owner, _, discs in space:
                self.rest[owner] += discs
            space.clear()
        for p in range(self.players):
            self.mayor[p] = True
            ov = self.overseer[p]
            for o in range(2):
                if ov[o] in self.reserved:
                    ov[o] = -1
        self.reserved.clear()
        self.bonus_taken = [-1] * len(FRONT)
        # feeding: food value free, then as many as were forfeited outside
        for p in range(self.players):
            fed = min(self.rest[p], self.res[p][FOOD])
            self.rest[p] -= fed
            self.supply[p] += fed
            back = min(self.rest[p], self.forfeit[p])
            self.rest[p] -= back
            self.supply[p] += back
        order = [(self.start_player + i) % self.players for i in range(self.players)]
        self.hire_queue = [p for p in order if self.rest[p] > 0 and self.res[p][COINS] > 0]
        self._next_hire()

    def _next_hire(self) -> None:
        if self.hire_queue:
            self.current = self.hire_queue.pop(0)
            self.step = S_HIRE
            return
        self._finish_round()

    def _cap_coins(self) -> None:
        """Coins above each player's limit (2, Bank 5, Treasury 10) are lost."""
        for p in range(self.players):
            r = self.res[p]
            r[COINS] = min(r[COINS], self._coins_kept(p))

    def _finish_round(self) -> None:
        self._cap_coins()
        for i in range(4):
            if self.dice_used[i]:
                self.dice[i] = self.rng.randint(1, 6)
                self.dice_used[i] = False
        self.dice.sort()
        if self.round >= self.round_limit:
            self._finish_game()
            return
        self.start_player = (self.start_player + 1) % self.players
        self.current = self.start_player
        if self.solo:
            self._solo_bonus_cycle()
        if self.beginner:
            self._draw_and_place()
        elif self.tiles:
            self.step = S_OFFER
        else:
            self._begin_round()

    def _solo_bonus_cycle(self) -> None:
        if all(self.solo_used):
            self.solo_used = [False] * len(FRONT)

    def _draw_and_place(self) -> None:
        """Beginner/solo: the start player adds the top tile of the face-down pile."""
        if self.tiles and self._any_anchor():
            self.pending_tile = self.tiles.pop(0)
            self.step = S_PLACE
        else:
            self._begin_round()

    def _finish_game(self) -> None:
        self.over = True
        self.step = S_OVER
        n = self.players
        if self.beginner:
            vp = [self.victory_points(p) for p in range(n)]
            if self.solo:
                # the rulebook's solo game is a score to beat, with nothing to lose to: its one seat finishes it
                self.winner_seats = (0,)
                return
            best = max(vp)
            self.winner_seats = tuple(p for p in range(n) if vp[p] == best)
            return
        if self.triggered >= 0:
            self.winner_seats = (self.triggered,)
            return
        # round limit reached: fewest loose discs (most discs in buildings), then victory points
        key = [(self.in_buildings[p], self.victory_points(p)) for p in range(n)]
        best_key = max(key)
        self.winner_seats = tuple(p for p in range(n) if key[p] == best_key)

    # --------------------------------------------------------------- outside
    def _do_move(self, p: int, x: int, y: int, horses: int) -> None:
        dest = y * SIZE + x
        points = self._move_points(p, dest)
        discs = max(0, points - HORSE_POINTS * horses)
        self.supply[p] -= discs
        self.vbox[p] += discs
        self.horses[p] -= horses
        self.horse_supply += horses
        self.leader[p] = dest
        self.step = S_MOVED

    def _do_explore(self, p: int, corner: int, rotation: int) -> None:
        ax, ay = explore_anchor(self.leader[p], corner)
        self.supply[p] -= EXPLORE_DISCS
        self.vbox[p] += EXPLORE_DISCS
        self.new_cells = self._lay_tile(self.held[p], ax, ay, rotation)
        self.held[p] = -1
        if self._free_overseer(p) >= 0:
            self.step = S_OVERSEE
        else:
            self._end_turn()

    def _take_overseer(self, p: int, cell: int) -> None:
        """Put an overseer on a new camp: the one already holding the space, else a free one."""
        if self.reserved.get(cell) == p:
            del self.reserved[cell]
            return
        self.overseer[p][self._free_overseer(p)] = cell

    def _do_camp(self, p: int, kind: int, n: int) -> None:
        cell = self.leader[p]
        if kind == K_GOLD:
            n = CAMPS["gold_discs"]
            self.res[p][WOOD] -= CAMPS["gold_cost"]["wood"]
            self.res[p][ORE] -= CAMPS["gold_cost"]["ore"]
        elif kind == K_GRAIN:
            n = self._grain_discs(p)
        self._take_overseer(p, cell)
        self.supply[p] -= n
        self.camps[cell] = (p, kind, n)
        self.leader[p] = self.home[p]  # the leader goes home once the camp is set up
        self._end_turn()

    def _camp_done(self, p: int, cell: int) -> None:
        del self.camps[cell]
        ov = self.overseer[p]
        ov[0 if ov[0] == cell else 1] = -1

    def _do_gather(self, p: int, o: int, level: int, horse: bool) -> None:
        cell = self.overseer[p][o]
        owner, kind, left = self.camps[cell]
        if kind in (K_WOOD, K_ORE):
            foremen, gained = TECH_LEVELS[level - 1]
        else:
            foremen, gained = 1, CAMPS["stone_yield"] if kind == K_STONE else CAMPS["gold_yield"]
        if horse:
            gained += CAMPS["horse_extra_wood"]
            self.horses[p] -= 1
            self.horse_supply += 1
        self.supply[p] -= foremen
        self.vbox[p] += foremen + 1
        _add(self.res[p], KIND_RES[kind], gained)
        if left == 1:
            self._camp_done(p, cell)
        else:
            self.camps[cell] = (owner, kind, left - 1)
        self._end_turn()

    def _do_hurry(self, p: int, o: int) -> None:
        cell = self.overseer[p][o]
        _, kind, left = self.camps[cell]
        self.horses[p] -= 1
        self.horse_supply += 1
        self.supply[p] -= left
        self.vbox[p] += 2 * left
        _add(self.res[p], KIND_RES[kind], left)
        self._camp_done(p, cell)
        self._end_turn()

    def _do_build(self, p: int, b: int, foundry: bool) -> None:
        bd = BUILDINGS[b]
        cell = self.leader[p]
        wood, ore, stone, gold, horse, cube = self._cost(b, foundry)
        r = self.res[p]
        r[WOOD] -= wood
        r[ORE] -= ore
        r[STONE] -= stone
        r[GOLD] -= gold
        self.horses[p] -= horse
        self.horse_supply += horse
        self.cubes[p] -= cube
        if not self.beginner:
            self.permits[p] -= 1
            self.permit_supply += 1  # a spent permit goes back to the Library
        if self.reserved.get(cell) == p:
            del self.reserved[cell]
            ov = self.overseer[p]
            ov[0 if ov[0] == cell else 1] = -1
        self.supply[p] -= bd.discs
        self.in_buildings[p] += bd.discs
        self.built[p][b] += 1
        if cell in self.buildings:
            owner, parts = self.buildings[cell]
            self.buildings[cell] = (owner, (*parts, b))
        else:
            self.buildings[cell] = (p, (b,))
        if b == GATE:
            self.castle[p] = cell
        self.tallest[p] = max(self.tallest[p], self._stack_height(cell))
        self._building_effect(p, bd.effect)
        if loose_discs(self.in_buildings[p]) <= WIN_LOOSE:
            self.triggered = p
            self._finish_game()
            return
        self._end_turn()

    def _stack_height(self, cell: int) -> int:
        parts = self.buildings[cell][1]
        return sum(1 if b == FARM else BUILDINGS[b].discs for b in parts)

    def _building_effect(self, p: int, effect: str) -> None:
        if effect in TECH_EFFECT:
            track = TECH_EFFECT[effect]
            if self.tech[p][track] < MAX_LEVEL:
                self.tech[p][track] += 1
                self.cubes[p] += 1  # the uncovered tech cube is kept: the Castle Gate spends them
        elif effect == "food_2":
            _add(self.res[p], FOOD, DATA["church"]["food"])
        elif effect == "horses_2":
            self._gain(p, (("horse", DATA["castle_gate"]["horses"]),), 0)
        elif effect == "treasury":
            _add(self.res[p], COINS, DATA["treasury"]["coins"])
        elif effect == "retrieve_reserve":
            for b in list(self.reserve[p]):
                self._retrieve(p, b)

    def _retrieve(self, p: int, b: int) -> None:
        """A reserve stack comes back to the rest box and the starting building under it is gained."""
        self.reserve[p].remove(b)
        self.rest[p] += STACK
        self._gain_mat_building(p, b)

    # --------------------------------------------------------------- village
    def _do_visit(self, p: int, name: str, barn: bool, use_mayor: bool) -> None:
        space = SPACE_INDEX[name]
        cost = self._village_cost(space)
        discs = cost - 1 if use_mayor else cost
        self.vbox[p] -= discs
        if use_mayor:
            self.mayor[p] = False
        # the stack stands ``cost`` discs tall; at cleanup the Mayor goes back to its space, the rest to the rest box
        self.stacks[space].append((p, cost, discs))
        if space == ST_STABLE:
            self.horse_supply -= 1
            self.horses[p] += 1
        elif space == ST_SHIP:
            self.ship[p] -= 1
            self.rest[p] += 1
            if self.ship[p] == 0 and self.reserve[p]:
                if len(self.reserve[p]) > 1:
                    self.step = S_RETRIEVE
                    return
                self._retrieve(p, self.reserve[p][0])
        elif space == ST_MARKET:
            self.sold = False
            self.traded = False
            self.step = S_MARKET
            return
        elif space == ST_LIBRARY:
            self.res[p][COINS] -= PERMIT_PRICE
            if self.permit_supply > 0:
                self.permit_supply -= 1
            else:
                self.permits[self._permit_victim(p)] -= 1
            self.permits[p] += 1
        elif space == ST_FARMER:
            if barn:
                self.barn_supply -= 1
                self.barns[p] += 1
            else:
                self._harvest(p)
        elif space == ST_EXPLORER:
            self.res[p][COINS] -= EXPLORER_PRICE
            if not self.beginner:
                self.step = S_TAKE
                return
            self.held[p] = self.tiles.pop(0)
        else:
            _add(self.res[p], COINS, TAX_PER_LEVEL * self.tech[p][TAXING])
        self._after_village_action(p)

    def _harvest(self, p: int) -> None:
        cell = self._grain_field(p)
        owner, kind, left = self.camps[cell]
        self.rest[p] += 1
        if left > 1:
            self.camps[cell] = (owner, kind, left - 1)
            return
        self._camp_done(p, cell)
        _add(self.res[p], FOOD, CAMPS["grain_food"])
        if self.barns[p] > 0:
            self.barns[p] -= 1
            self.barn_supply += 1

    def _market_maybe_done(self, p: int) -> None:
        if self._market_actions(p) == [A.DONE]:
            self._after_village_action(p)

    def _after_village_action(self, p: int) -> None:
        """After a village action: out of discs means taking the bonus now, else the turn passes."""
        if self.vbox[p] == 0 and not self.mayor[p]:
            self.pending_forfeit = 0
            self.step = S_BONUS
            return
        self._end_turn()

    def _do_bonus(self, p: int, number: int, alt: str) -> None:
        forfeited = self.pending_forfeit
        if self.back_side:
            space = BACK[number]
            gain = space["gain_t"]
            if alt:
                gain = next(g for g in space["alt_t"] if "+".join(k for k, _ in g) == alt)
            forfeited -= space["cost"]
        else:
            k = next(i for i, s in enumerate(FRONT) if s["number"] == number)
            self.bonus_taken[k] = p
            if self.solo:
                self.solo_used[k] = True
            gain = FRONT[k]["gain_t"]
        extra = FORFEIT_EXTRA if forfeited >= FORFEIT_EXTRA_DISCS else 0
        self._gain(p, gain, extra)
        self.phase[p] = DONE
        self.pending_forfeit = 0
        self._end_turn()

    # ------------------------------------------------------ views and search
    def observation(self, seat: int | None) -> dict[str, Any]:
        from meeple.games.ibyron.observe import observation

        return observation(self, seat)

    def determinize(self, seat: int, rng: Random) -> IbyronState:
        clone = self.clone()
        if self.beginner:
            rng.shuffle(clone.tiles)  # only the face-down pile is unknown
        clone._reseed_from(rng)  # future dice rolls are unknown too
        return clone

    def clone(self) -> IbyronState:
        new = IbyronState.__new__(IbyronState)
        self._copy_base_into(new)
        for name in ("beginner", "solo", "back_side", "cap", "round_limit", "round", "start_player",
                     "current", "step", "over", "winner_seats", "triggered", "horse_supply", "barn_supply",
                     "permit_supply", "land", "coast", "new_cells", "sold", "traded", "pending_forfeit",
                     "pending_tile", "extra_tile"):
            setattr(new, name, getattr(self, name))
        new.phase = self.phase.copy()
        new.supply = self.supply.copy()
        new.vbox = self.vbox.copy()
        new.rest = self.rest.copy()
        new.forfeit = self.forfeit.copy()
        new.mayor = self.mayor.copy()
        new.reserve = [r.copy() for r in self.reserve]
        new.in_buildings = self.in_buildings.copy()
        new.res = [r.copy() for r in self.res]
        new.horses = self.horses.copy()
        new.barns = self.barns.copy()
        new.permits = self.permits.copy()
        new.tech = [t.copy() for t in self.tech]
        new.cubes = self.cubes.copy()
        new.mat = [m.copy() for m in self.mat]
        new.held = self.held.copy()
        new.ship = self.ship.copy()
        new.built = [b.copy() for b in self.built]
        new.tallest = self.tallest.copy()
        new.home = self.home.copy()
        new.leader = self.leader.copy()
        new.overseer = [o.copy() for o in self.overseer]
        new.castle = self.castle.copy()
        new.tiles = self.tiles.copy()
        new.dice = self.dice.copy()
        new.dice_used = self.dice_used.copy()
        new.stacks = [s.copy() for s in self.stacks]
        new.bonus_taken = self.bonus_taken.copy()
        new.solo_used = self.solo_used.copy()
        new.height = self.height  # copy on write, see _lay_tile
        new.terrain = self.terrain
        new.top_tile = self.top_tile
        new.buildings = self.buildings.copy()
        new.camps = self.camps.copy()
        new.reserved = self.reserved.copy()
        new.hire_queue = self.hire_queue.copy()
        return new
