"""Each check that refuses an action, with its reason: a function returning why, or ``None`` when it is allowed.

``legal.find_refusal`` (``apply``'s check) and ``legal.refusal`` (the reason
an ``IllegalAction`` gives) both ask these, so a refusal always says what the
check found. The lists of ``legal.py`` and ``moves.py`` write the same tests
out for speed on the hot path (each says which check it writes out), and
tests hold each list to these checks, action by action.
"""

from __future__ import annotations

from meeple.core import Action
from meeple.games.ibyron.data import (
    BUILDINGS,
    CAMP_KINDS,
    CAMPS,
    CASTLE_BELOW,
    COINS,
    COSTS,
    DATA,
    EXPLORE_DISCS,
    FIELD,
    FOREST,
    FOUNDRY,
    FOUNDRY_COSTS,
    FOUNDRY_SWAP,
    GATE,
    HARBOUR,
    K_GOLD,
    K_GRAIN,
    K_ORE,
    K_STONE,
    K_WOOD,
    LUMBER,
    MAX_CAMP,
    MOUNTAIN,
    ORE,
    REFINERY,
    SITE_TERRAIN,
    SPACE_INDEX,
    START_TILE_PRICE,
    TECH_LEVELS,
    WOOD,
    B,
    P,
)
from meeple.games.ibyron.island import can_place, explore_anchor
from meeple.games.ibyron.outside import grain_discs
from meeple.games.ibyron.position import IbyronPosition

BARNS_MAX = int(P["barns_max"])
SHIP_DISCS: int = DATA["ship"]["discs"]
SHIP_WOOD: int = DATA["ship"]["wood"]


# ------------------------------------------------------------------ Outside actions
def camp_site_refusal(s: IbyronPosition, p: int) -> str | None:
    """Whether the leader's space takes a work camp of any kind: a free overseer (or one holding the space
    already) and an empty space."""
    cell = s.leader[p]
    if s._free_overseer(p) < 0 and s.reserved.get(cell) != p:
        return "both your overseers are in use (at most 2 work camps)"
    if not s._site_free(p, cell):
        return "a work camp needs an empty space on the island where your leader stands"
    return None


def gold_mine_refusal(s: IbyronPosition, p: int) -> str | None:
    """Whether the leader's space takes a gold mine, the work camp being possible there at all."""
    cell = s.leader[p]
    if s.terrain[cell] != MOUNTAIN or s.height[cell] < CAMPS["gold_min_level"]:
        return "a gold mine needs a mountain space on the second level or higher"
    if any(o == p and k == K_GOLD for o, k, _ in s.camps.values()):
        return "your gold mine marker is already in use"
    r = s.res[p]
    if r[WOOD] < CAMPS["gold_cost"]["wood"] or r[ORE] < CAMPS["gold_cost"]["ore"]:
        return f"a gold mine costs {CAMPS['gold_cost']['wood']} wood and {CAMPS['gold_cost']['ore']} ore"
    if s.supply[p] < CAMPS["gold_discs"]:
        return f"a gold mine takes {CAMPS['gold_discs']} discs from your supply, you have {s.supply[p]}"
    return None


def camp_refusal(s: IbyronPosition, p: int, kind: int, n: int) -> str | None:
    """Founding a work camp of ``kind`` with ``n`` discs (a gold mine and a grain field take their own count)."""
    reason = camp_site_refusal(s, p)
    if reason is not None:
        return reason
    t = s.terrain[s.leader[p]]
    if kind == K_WOOD and t != FOREST:
        return "woodcutters work on a forest space"
    if kind in (K_ORE, K_STONE) and t != MOUNTAIN:
        return "miners and quarrymen work on a mountain space"
    if kind == K_GOLD:
        return gold_mine_refusal(s, p)
    if kind == K_GRAIN:
        if t != FIELD:
            return "grain is planted on a field space"
        n = grain_discs(s, p)
    elif not 1 <= n <= MAX_CAMP:
        return f"a work camp takes 1 to {MAX_CAMP} discs"
    if s.supply[p] < n:
        return f"you need {n} discs in your supply, you have {s.supply[p]}"
    return None


def own_camp(s: IbyronPosition, p: int, o: int) -> tuple[int, int, int] | None:
    """The work camp ``p``'s overseer ``o`` runs, as (owner, kind, discs left), or None."""
    camp = s.camps.get(s.overseer[p][o])
    return camp if camp is not None and camp[0] == p else None


def gather_refusal(s: IbyronPosition, p: int, o: int, level: int, horse: bool) -> str | None:
    """Gathering from overseer ``o``'s camp at tech ``level`` (with a horse for one more wood)."""
    camp = own_camp(s, p, o)
    if camp is None:
        return f"your overseer {o} runs no work camp"
    kind = camp[1]
    if kind == K_GRAIN:
        return "grain is harvested only with the Farmer in the village"
    if kind in (K_WOOD, K_ORE):
        if not 1 <= level <= s.tech[p][LUMBER if kind == K_WOOD else REFINERY]:
            return f"you have not reached level {level} for that resource"
        if TECH_LEVELS[level - 1][0] > s.supply[p]:
            return f"level {level} needs {TECH_LEVELS[level - 1][0]} foremen, you have {s.supply[p]} discs"
    elif level != 1:
        return f"you have not reached level {level} for that resource"
    if horse and (kind != K_WOOD or s.horses[p] < 1):
        return "a horse adds wood only when gathering from woodcutters, and you need one"
    return None


def hurry_refusal(s: IbyronPosition, p: int, o: int) -> str | None:
    """Speeding up overseer ``o``'s camp: a horse and one foreman per disc left in it."""
    camp = own_camp(s, p, o)
    if camp is None:
        return f"your overseer {o} runs no work camp"
    if camp[1] == K_GRAIN:
        return "grain is harvested only with the Farmer in the village"
    if camp[1] == K_GOLD:
        return "a gold mine cannot be sped up"
    if s.horses[p] < 1:
        return "speeding up needs a horse"
    if camp[2] > s.supply[p]:
        return f"speeding up needs one foreman per disc ({camp[2]}), you have {s.supply[p]}"
    return None


def building_site_refusal(s: IbyronPosition, p: int) -> str | None:
    """Whether ``p`` may build at all now: a leader on the island and, in the standard game, a permit."""
    leader = s.leader[p]
    if leader < 0 or s.height[leader] <= 0:
        return "buildings stand on the island, where your leader is"
    if not s.beginner and s.permits[p] < 1:
        return "building needs a building permit (buy one at the Library)"
    return None


def build_refusal(s: IbyronPosition, p: int, b: int, foundry: bool) -> str | None:
    """Building ``b`` where the leader stands, paid plainly or (``foundry``) with the Foundry's ore for stone."""
    reason = building_site_refusal(s, p)
    if reason is not None:
        return reason
    bd = BUILDINGS[b]
    if s.built[p][b] >= bd.max:
        return f"you already have the most {bd.name} buildings allowed ({bd.max})"
    if s.supply[p] < bd.discs:
        return f"the {bd.name} takes {bd.discs} discs from your supply, you have {s.supply[p]}"
    if foundry and not (s.mat[p][FOUNDRY] and FOUNDRY_SWAP[b]):
        return "the Foundry swap needs the Foundry and a cost of at least 4 stone"
    if not s._can_pay(p, FOUNDRY_COSTS[b] if foundry else COSTS[b]):
        cost = ", ".join(f"{v} {k}" for k, v in bd.cost)
        return f"the {bd.name} costs {cost}" + (" (with the Foundry swap)" if foundry else "")
    if b == GATE and s.castle[p] >= 0:
        return "you have already begun a castle"
    if not s._build_site_ok(p, b):
        site = bd.site
        if site in SITE_TERRAIN:
            return f"the {bd.name} must be built on an empty {site} space where your leader stands"
        if site == "home":
            return "the Harbour is built on your home farm, where your leader must stand"
        if site == "any":
            return "the Castle Gate needs an empty space where your leader stands"
        return f"the {bd.name} goes on top of your {BUILDINGS[CASTLE_BELOW[b]].name}, where your leader must stand"
    return None


def ship_refusal(s: IbyronPosition, p: int) -> str | None:
    """Building a ship: a Harbour, an empty shipbuilder box, a reserve stack to bring back, discs and wood."""
    if not s.built[p][HARBOUR]:
        return "building a ship needs a Harbour"
    if s.ship[p]:
        return "your shipbuilder box already holds a ship"
    if not s.reserve[p]:
        return "no reserve workers are left for a ship to bring back"
    if s.supply[p] < SHIP_DISCS or s.res[p][WOOD] < SHIP_WOOD:
        return f"a ship needs {SHIP_DISCS} discs from your supply and {SHIP_WOOD} wood"
    return None


def explore_refusal(s: IbyronPosition, p: int, corner: int) -> str | None:
    """Laying the held tile with its ``corner`` on the leader's space."""
    if s.held[p] < 0:
        return "you have no land tile to explore with (buy one at the Explorer)"
    if s.supply[p] < EXPLORE_DISCS:
        return f"exploring takes {EXPLORE_DISCS} discs from your supply, you have {s.supply[p]}"
    leader = s.leader[p]
    if leader < 0 or not can_place(*explore_anchor(leader, corner), s.height, s._blocked()):
        return "the tile cannot lie there: it must touch the island or lie flat on equal tiles, covering no piece"
    return None


def outside_refusal(s: IbyronPosition, p: int, action: Action) -> str | None:
    """Any Outside action but a move or ``end`` (which depend on the step, see ``legal.refusal``)."""
    kind = action[0]
    if kind == "explore":
        return explore_refusal(s, p, int(action[1]))
    if s.supply[p] <= 0:
        return "your supply is empty: you have no discs left for that"
    if kind == "forfeit":
        return None
    if kind == "build":
        return build_refusal(s, p, B[str(action[1])], len(action) > 2)
    if kind == "camp":
        # (camp_site_refusal finds a leader off the island: no empty space there)
        return camp_refusal(s, p, CAMP_KINDS.index(str(action[1])), int(action[2]) if len(action) > 2 else 0)
    if kind == "gather":
        return gather_refusal(s, p, int(action[1]), int(action[2]), len(action) > 3)
    if kind == "hurry":
        return hurry_refusal(s, p, int(action[1]))
    if kind == "ship":
        return ship_refusal(s, p)
    raise ValueError(f"{action} is not an Outside action this module judges")


# ------------------------------------------------------------------ village actions
def barn_refusal(s: IbyronPosition, p: int) -> str | None:
    if s.barns[p] >= BARNS_MAX:
        return f"you already have the most barns allowed ({BARNS_MAX})"
    if s.barn_supply <= 0:
        return "no barn is left at the Farmer"
    return None


def visit_refusal(s: IbyronPosition, p: int, action: Action, usable: bool) -> str | None:
    """Visiting a village space (with the Mayor, or the Farmer for a barn); ``usable``: whether the space's action
    would do something for ``p`` now (``legal.usable_spaces``)."""
    name = str(action[1])
    cost = s._village_cost(SPACE_INDEX[name])
    if "mayor" in action.args:
        if not s.mayor[p]:
            return "you have already used your Mayor this round"
        cost -= 1
    if s.vbox[p] < cost:
        return f"the {name} space costs {cost} discs now, you have {s.vbox[p]} in your village box"
    if "barn" in action.args:
        return barn_refusal(s, p)
    return None if usable else f"the {name} action would do nothing for you now"


# ------------------------------------------------------------------ set-up and round's end
def home_refusal(s: IbyronPosition, p: int, action: Action) -> str | None:
    """A home field: a field of one's own starting tile, or of the centre tile while no other home is on it."""
    centre = action[1] == "center"
    corners = s.tile_corners("center" if centre else f"seat{p}")
    if s.terrain[corners[int(action[-1])]] != FIELD:
        return "your home must be a field space"
    if centre and any(h in corners for h in s._homes_of_others(p)):
        return "your home must be on a separate tile from every other player's home"
    return None


def hire_most(s: IbyronPosition, p: int, most: int) -> int:
    """How many workers ``p`` can hire now ($1 each, from the rest box), ``most`` being the notation's bound."""
    return min(s.rest[p], s.res[p][COINS], most)


def buy_offer_refusal(s: IbyronPosition, p: int) -> str | None:
    """Whether the start player can buy a face-up tile at all: the price, and room for it on the island."""
    if s.res[p][COINS] < START_TILE_PRICE:
        return f"the start player's tile costs ${START_TILE_PRICE}, you have ${s.res[p][COINS]}"
    if not s._any_anchor():
        return "no tile could lie anywhere on the island now"
    return None


def buy_refusal(s: IbyronPosition, p: int, tile: int) -> str | None:
    if tile not in s.tiles:
        return f"tile {tile} is not in the supply (face up: {sorted(s.tiles)})"
    return buy_offer_refusal(s, p)


def place_refusal(s: IbyronPosition, x: int, y: int) -> str | None:
    """Laying the new tile with its top-left corner on (x, y)."""
    if not can_place(x, y, s.height, s._blocked()):
        return ("the tile cannot lie there: it must touch the island along an edge, or lie flat on four spaces "
                "of equal height covering no piece")
    return None
