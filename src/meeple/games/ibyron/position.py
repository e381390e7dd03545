"""Ibyron's position: every field of the state, the set-up, and the queries the rules ask of it.

Per-player data lives in lists indexed by seat. Pieces on the island are
dicts keyed by cell holding immutable tuples, so ``clone`` is shallow copies.
The transitions live in ``turns.py``, ``outside.py`` and ``village.py``;
legality in ``legal.py``; ``rules.py`` puts them together.
"""

from __future__ import annotations

from typing import Any

from meeple.core import State
from meeple.games.ibyron.data import (
    BANK,
    BUILDINGS,
    CASTLE_BELOW,
    COINS,
    COSTS,
    DATA,
    FARM,
    FOOD,
    FOUNDRY,
    FOUNDRY_COSTS,
    FOUNDRY_SWAP,
    FRONT,
    GOLD,
    K_GRAIN,
    KEEP_HORSES,
    ORE,
    OUTSIDE,
    S_START,
    SITE_TERRAIN,
    SPACES,
    STABLE,
    STACK,
    STONE,
    STRIDE_MAX,
    SUP,
    TILE_ROLES,
    TREASURY,
    WOOD,
    Cost,
    P,
)
from meeple.games.ibyron.island import (
    NN,
    ROTATED_TERRAIN,
    IslandBits,
    anchor_list,
    anchors_of_bits,
    grow_coast,
    grown_bits,
    island_bits,
    mask,
    tile_cells,
    touching,
)
from meeple.games.ibyron.scoring import victory_points

# Where a tile may lie on an island: the height grid it was worked out for (never changed in place, a new one is
# made whenever a tile is laid), the island as bit masks (``island.island_bits``), and once asked for, the masks of
# the anchors on the sea touching the island and of the flat anchors on land (legal unless they cover a piece).
# A state keeps its island's entry itself (a private slot, shared by its clones like the grids) rather than in a
# table keyed by the grid: such a table kept hundreds of dead 42x42 grids alive, and the garbage collector went
# through every one of their cells each time it looked at young objects (about 8% of solo random play's time).
IslandEntry = tuple[list[int], IslandBits, list[tuple[int, int]]]


def _new_entry(height: list[int], bits: IslandBits) -> IslandEntry:
    return (height, bits, [])


# The island before play, by player count: (height, terrain, top tiles, land, coast, the tiles left, its entry),
# laid once.
_Start = tuple[list[int], list[int], dict[int, int], tuple[int, ...], tuple[int, ...], tuple[int, ...], IslandEntry]
_START_ISLANDS: dict[int, _Start] = {}
_SEA = [0] * NN  # never changed: lay_tile replaces the grids it is in

_SEATS = tuple((seat,) for seat in range(8))  # to_move's answers, made once


class IbyronPosition(State):
    __slots__ = (  # noqa: RUF023 - grouped by meaning, not sorted
        # options resolved
        "beginner", "solo", "back_side", "cap", "round_limit",
        # round and turn
        "round", "start_player", "current", "step", "phase", "over", "winner_seats", "triggered", "ended_by",
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
        # the island's bit masks and anchors (``_island``): bookkeeping, not position (so not in a snapshot)
        "__island",
    )

    beginner: bool
    solo: bool
    back_side: bool
    cap: int
    round_limit: int
    round: int
    start_player: int
    current: int
    step: int
    phase: list[int]
    over: bool
    winner_seats: tuple[int, ...]
    triggered: int
    ended_by: str | None
    supply: list[int]
    vbox: list[int]
    rest: list[int]
    forfeit: list[int]
    mayor: list[bool]
    reserve: list[list[int]]
    in_buildings: list[int]
    res: list[list[int]]
    horses: list[int]
    barns: list[int]
    permits: list[int]
    tech: list[list[int]]
    cubes: list[int]
    mat: list[list[bool]]
    held: list[int]
    ship: list[int]
    built: list[list[int]]
    tallest: list[int]
    home: list[int]
    leader: list[int]
    overseer: list[list[int]]
    castle: list[int]
    horse_supply: int
    barn_supply: int
    permit_supply: int
    tiles: list[int]
    dice: list[int]
    dice_used: list[bool]
    stacks: list[list[tuple[int, int, int]]]
    bonus_taken: list[int]
    solo_used: list[bool]
    height: list[int]
    terrain: list[int]
    top_tile: dict[int, int]
    buildings: dict[int, tuple[int, tuple[int, ...]]]
    camps: dict[int, tuple[int, int, int]]
    reserved: dict[int, int]
    land: tuple[int, ...]
    coast: tuple[int, ...]
    new_cells: tuple[int, ...]
    sold: bool
    traded: bool
    pending_forfeit: int
    hire_queue: list[int]
    pending_tile: int
    extra_tile: bool
    __island: IslandEntry | None

    @classmethod
    def resolve_options(cls, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """The round limit left to the rules is 10 in the beginner and solo games, else the designed 30."""
        resolved = dict(options)
        if resolved.get("round_limit") is None:
            gl = DATA["game_length"]
            beginner = players == 1 or resolved.get("mode") == "beginner"
            resolved["round_limit"] = int(gl["beginner_rounds"] if beginner else gl["standard_rounds"])
        return resolved

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(players, seed, options)
        self.__island = None
        self.solo = players == 1
        self.beginner = self.solo or options.get("mode") == "beginner"
        self.back_side = options.get("bonus_side") == "back"
        self.cap = int(DATA["village"]["cap_2p"] if players <= 2 else DATA["village"]["cap_3p_4p"])
        self.round_limit = int(self.resolve_options(players, options)["round_limit"])
        n = players
        self.round = 0
        self.start_player = 0
        self.current = 0
        self.step = S_START
        self.phase = [OUTSIDE] * n
        self.over = False
        self.winner_seats = ()
        self.triggered = -1
        self.ended_by = None
        start_supply: int = P["discs"] - P["mayor"] - P["reserve_stacks"] * STACK - 1  # one disc is the home farm
        self.supply = [start_supply] * n
        self.vbox = [0] * n
        self.rest = [0] * n
        self.forfeit = [0] * n
        self.mayor = [True] * n
        self.reserve = [[] for _ in range(n)]  # starting buildings still covered by a stack
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
        self.horse_supply = SUP["horses_per_player"] * parts - P["horses_start"] * n
        self.barn_supply = SUP["barns_per_player"] * parts - P["barns_start"] * n
        self.permit_supply = SUP["permits_2p"] + SUP["permits_per_extra_player"] * max(0, n - 2)
        self.dice = [0, 0, 0, 0]
        self.dice_used = [False] * 4
        self.stacks = [[] for _ in SPACES]
        self.bonus_taken = [-1] * len(FRONT)
        self.solo_used = [False] * len(FRONT)
        self.height = _SEA  # the grids are shared between states, never changed, replaced when a tile is laid
        self.terrain = _SEA
        self.top_tile = {}  # the top tile of each land cell (shared too, copied when a tile is laid)
        self.buildings = {}
        self.camps = {}
        self.reserved = {}
        self.new_cells = ()
        self.sold = False
        self.traded = False
        self.pending_forfeit = 0
        self.hire_queue = []
        self.pending_tile = -1
        self.extra_tile = False
        self.land = ()
        self.coast = ()
        # the centre tile and one starting tile per player, laid once per player count and shared
        start = _START_ISLANDS.get(n)
        if start is None:
            used = []
            for tile in DATA["tiles"]:
                role = tile["role"]
                if role == "center" or (role.startswith("seat") and int(role[4:]) < n):
                    self.lay_tile(tile["id"], tile["anchor"][0], tile["anchor"][1], 0)
                    used.append(tile["id"])
            pile = tuple(t["id"] for t in DATA["tiles"] if t["id"] not in used)
            start = _START_ISLANDS[n] = (self.height, self.terrain, self.top_tile, self.land, self.coast, pile,
                                         self._island())
        self.height, self.terrain, self.top_tile, self.land, self.coast, pile, self.__island = start
        self.tiles = list(pile)
        if self.beginner:
            self.rng.shuffle(self.tiles)  # the face-down pile; its order is hidden from everyone

    # ------------------------------------------------------------ the island
    def _island(self) -> IslandEntry:
        """The island's entry (see ``IslandEntry``), made from the grid if this grid has none yet (a test may
        set ``height`` by hand: the entry is only taken for the very grid it was made for)."""
        entry = self.__island
        if entry is None or entry[0] is not self.height:
            entry = self.__island = _new_entry(self.height, island_bits(self.height, self.land, self.coast))
        return entry

    def _anchor_table(self) -> tuple[int, int]:
        _, bits, answer = self._island()
        if not answer:
            answer.append(anchors_of_bits(bits))
        return answer[0]

    def lay_tile(self, tile: int, ax: int, ay: int, rotation: int) -> tuple[int, ...]:
        cells = tile_cells(ax, ay)
        # the island's bit masks, made now if they never were: growing them with the tile is cheaper than
        # making the new island's from scratch when a tile is next offered or placed (every round)
        before = self._island()
        # the grids are shared between states (copy on write, never changed in place): a tile laid makes new ones
        height = self.height.copy()
        terrain = self.terrain.copy()
        top = self.top_tile = self.top_tile.copy()  # a dict of the land cells only: cheaper than a grid
        new_land = [c for c in cells if not height[c]]
        for c, t in zip(cells, ROTATED_TERRAIN[tile][rotation], strict=True):
            height[c] += 1
            terrain[c] = t
            top[c] = tile
        self.height = height
        self.terrain = terrain
        if new_land:
            # on the sea: the island grows, so does its coast (a tile on top of land changes neither)
            self.land = tuple(sorted(self.land + tuple(new_land)))
            self.coast = grow_coast(self.coast, cells, self.height)
        self.__island = _new_entry(height, grown_bits(before[1], cells, height))
        return cells

    def _blocked(self) -> set[int]:
        return self.buildings.keys() | self.camps.keys() | self.reserved.keys()

    def _anchor_bits(self) -> int:
        """The anchors where a tile may lie now, as a mask (see ``island.anchor_masks``)."""
        sea, flat = self._anchor_table()
        if not flat:
            return sea
        return sea | (flat & ~touching(mask(self.buildings) | mask(self.camps) | mask(self.reserved)))

    def _legal_anchors(self) -> list[tuple[int, int]]:
        return anchor_list(self._anchor_bits())

    def _any_anchor(self) -> bool:
        # the sea beside the island always has room on this grid, so the pieces on it are rarely looked at
        return self._anchor_table()[0] != 0 or self._anchor_bits() != 0

    @staticmethod
    def tile_corners(role: str) -> tuple[int, int, int, int]:
        """The four cells of a set-up tile (``center`` or ``seatN``), clockwise from its top-left corner."""
        anchor = TILE_ROLES[role]["anchor"]
        return tile_cells(anchor[0], anchor[1])

    # ----------------------------------------------------------- the players
    def _stride(self, p: int) -> int:
        return max(1, min(STRIDE_MAX, self.tallest[p]))

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
        stacks = self.stacks[space]
        # every visit pays one more than the tallest stack (up to the cap), so the last stack is the tallest
        return min(self.cap, stacks[-1][1] + 1) if stacks else 1

    def _has_foundry_option(self, p: int, b: int) -> bool:
        return self.mat[p][FOUNDRY] and FOUNDRY_SWAP[b]

    @staticmethod
    def _cost(b: int, foundry: bool) -> Cost:
        """(wood, ore, stone, gold, horse, cube) to pay for building ``b``."""
        return FOUNDRY_COSTS[b] if foundry else COSTS[b]

    def _can_pay(self, p: int, cost: Cost) -> bool:
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

    def _homes_of_others(self, p: int) -> tuple[int, ...]:
        return tuple(self.home[q] for q in range(self.players) if q != p and self.home[q] >= 0)

    def victory_points(self, p: int) -> int:
        castle_height = len(self.buildings[self.castle[p]][1]) if self.castle[p] >= 0 else 0
        return victory_points(
            self.built[p], sum(self.mat[p]), castle_height, self.res[p][GOLD], self.res[p][COINS],
            self.res[p][FOOD], self.in_buildings[p], len(self.reserve[p]),
        )

    # -------------------------------------------------------------- protocol
    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.over else _SEATS[self.current]

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def winners(self) -> tuple[int, ...]:
        return self.winner_seats if self.over else ()

    @property
    def end_reason(self) -> str | None:
        """``workers`` (the race was won), ``rounds`` (beginner/solo game over) or ``safety_cap``."""
        return self.ended_by if self.over else None

    @property
    def scores(self) -> tuple[float, ...]:
        if self.beginner:
            return tuple(float(self.victory_points(p)) for p in range(self.players))
        return tuple(float(self.in_buildings[p]) for p in range(self.players))

    def _copy_into(self, new: IbyronPosition) -> None:
        """Copy every field into ``new`` (a fresh instance): lists copied, immutable values shared."""
        self._copy_base_into(new)
        for name in ("beginner", "solo", "back_side", "cap", "round_limit", "round", "start_player",
                     "current", "step", "over", "winner_seats", "triggered", "ended_by", "horse_supply",
                     "barn_supply", "permit_supply", "land", "coast", "new_cells", "sold", "traded",
                     "pending_forfeit", "pending_tile", "extra_tile"):
            setattr(new, name, getattr(self, name))
        for name in ("phase", "supply", "vbox", "rest", "forfeit", "mayor", "in_buildings", "horses", "barns",
                     "permits", "cubes", "held", "ship", "tallest", "home", "leader", "castle", "tiles", "dice",
                     "dice_used", "bonus_taken", "solo_used", "hire_queue"):
            setattr(new, name, getattr(self, name).copy())
        for name in ("reserve", "res", "tech", "mat", "built", "overseer", "stacks"):
            setattr(new, name, [row.copy() for row in getattr(self, name)])
        new.height = self.height  # never changed in place, see lay_tile
        new.terrain = self.terrain
        new.top_tile = self.top_tile
        new.buildings = self.buildings.copy()
        new.camps = self.camps.copy()
        new.reserved = self.reserved.copy()
        new.__island = self.__island  # belongs to the grids, shared with them
