"""Plain-words reasons for refused actions (``State._explain_illegal``)."""

from __future__ import annotations

from meeple.core import Action
from meeple.games.ibyron.base import IbyronBase
from meeple.games.ibyron.data import (
    BUILDINGS,
    CAMP_KINDS,
    CAMPS,
    CASTLE_BELOW,
    COINS,
    FIELD,
    FOREST,
    GATE,
    HARBOUR,
    HORSE_POINTS,
    K_GOLD,
    K_GRAIN,
    K_ORE,
    K_STONE,
    K_WOOD,
    LOW,
    LUMBER,
    MOUNTAIN,
    OUTSIDE,
    REFINERY,
    S_BONUS,
    S_HIRE,
    S_HOME,
    S_MARKET,
    S_MOVED,
    S_OFFER,
    S_PLACE,
    S_TURN,
    SITE_TERRAIN,
    SPACE_INDEX,
    START_TILE_PRICE,
    STEP_NAMES,
    TECH_LEVELS,
    VILLAGE,
    B,
)
from meeple.games.ibyron.island import HIGH, cell_of, on_grid
from meeple.games.ibyron.legal import gold_mine_reason
from meeple.games.ibyron.moves import occupied_cells
from meeple.games.ibyron.outside import grain_discs, move_points


def build_reason(s: IbyronBase, p: int, b: int, foundry: bool) -> str:
    """Why building ``b`` is not possible now ('' if it is)."""
    bd = BUILDINGS[b]
    if s.built[p][b] >= bd.max:
        return f"you already have the most {bd.name} buildings allowed ({bd.max})"
    if not s.beginner and s.permits[p] < 1:
        return "building needs a building permit (buy one at the Library)"
    if s.supply[p] < bd.discs:
        return f"the {bd.name} takes {bd.discs} discs from your supply, you have {s.supply[p]}"
    if foundry and not s._has_foundry_option(p, b):
        return "the Foundry swap needs the Foundry and a cost of at least 4 stone"
    if not s._can_pay(p, s._cost(b, foundry)):
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
    return ""


def camp_reason(s: IbyronBase, p: int, kind: int, n: int) -> str:
    """Why that work camp cannot be founded now ('' if it can)."""
    cell = s.leader[p]
    if s._free_overseer(p) < 0 and s.reserved.get(cell) != p:
        return "both your overseers are in use (at most 2 work camps)"
    if not s._site_free(p, cell):
        return "a work camp needs an empty space on the island where your leader stands"
    t = s.terrain[cell]
    if kind == K_WOOD and t != FOREST:
        return "woodcutters work on a forest space"
    if kind in (K_ORE, K_STONE) and t != MOUNTAIN:
        return "miners and quarrymen work on a mountain space"
    if kind == K_GOLD:
        return gold_mine_reason(s, p)
    if kind == K_GRAIN and t != FIELD:
        return "grain is planted on a field space"
    if s.supply[p] < n:
        return f"you need {n} discs in your supply, you have {s.supply[p]}"
    return ""


def _home_reason(s: IbyronBase, p: int, action: Action) -> str:
    centre = action.args[0] == "center"
    corner = int(action.args[-1])
    cell = s.tile_corners("center" if centre else f"seat{p}")[corner]
    if s.terrain[cell] != FIELD:
        return "your home must be a field space"
    return "your home must be on a separate tile from every other player's home"


def explain(s: IbyronBase, action: Action, seat: int) -> str:
    """Why ``action`` is not legal for ``seat`` now, in plain words (the state is not changed)."""
    p = seat
    kind, args = action.kind, action.args
    step = s.step
    phase = s.phase[p]
    expected = STEP_NAMES[step]
    if step in (S_TURN, S_MOVED):
        if phase == VILLAGE and kind not in ("visit", "leave"):
            return f"you are in the village: visit a village space or leave (not {action})"
        if phase == OUTSIDE and kind in ("visit", "leave"):
            return "village actions come after your Outside turns (forfeit or use up your supply first)"
        if kind == "move":
            if step == S_MOVED:
                return "you have already moved this turn; take an action or end your turn"
            x, y, h = (int(a) for a in args)
            if not on_grid(x, y):
                return f"({x}, {y}) is off the board (coordinates run from {LOW} to {HIGH})"
            dest = cell_of(x, y)
            if dest == s.leader[p]:
                return "your leader is already there"
            if dest not in s.land and dest not in s.coast:
                return f"({x}, {y}) is neither on the island nor next to it"
            if any(s.leader[q] == dest for q in range(s.players) if q != p):
                return "a leader may not end its move on a space another player occupies"
            if dest in s._homes_of_others(p):
                return "a leader may not end its move on another player's home space (their leader returns there)"
            if dest in occupied_cells(s, p):
                return ("a leader may not end its move on a space another player occupies "
                        "(their building, work camp or held space)")
            points = move_points(s, p, dest)
            if h > s.horses[p]:
                return f"you have {s.horses[p]} horses, not {h}"
            if h > (points + 1) // 2:
                return f"the move needs {points} movement points; {h} horses are more than needed"
            return (f"the move needs {points} movement points: {max(0, points - HORSE_POINTS * h)} discs "
                    f"with {h} horses, and you have {s.supply[p]} discs")
        if kind == "build":
            b = B[str(args[0])]
            reason = build_reason(s, p, b, len(args) > 1)
            return reason or "you cannot build now"
        if kind == "camp":
            k = CAMP_KINDS.index(str(args[0]))
            n = int(args[1]) if len(args) > 1 else (CAMPS["gold_discs"] if k == K_GOLD else grain_discs(s, p))
            return camp_reason(s, p, k, n) or "you cannot found that work camp now"
        if kind in ("gather", "hurry"):
            o = int(args[0])
            camp = s.camps.get(s.overseer[p][o])
            if camp is None or camp[0] != p:
                return f"your overseer {o} runs no work camp"
            if camp[1] == K_GRAIN:
                return "grain is harvested only with the Farmer in the village"
            if kind == "hurry":
                if s.horses[p] < 1:
                    return "speeding up needs a horse"
                if camp[1] == K_GOLD:
                    return "a gold mine cannot be sped up"
                return f"speeding up needs one foreman per disc ({camp[2]}), you have {s.supply[p]}"
            lv = int(args[1])
            if lv > s.tech[p][LUMBER if camp[1] == K_WOOD else REFINERY] or (camp[1] > K_ORE and lv != 1):
                return f"you have not reached level {lv} for that resource"
            if len(args) > 2:
                return "a horse adds wood only when gathering from woodcutters, and you need one"
            return f"level {lv} needs {TECH_LEVELS[lv - 1][0]} foremen, you have {s.supply[p]} discs"
        if kind == "explore":
            if s.held[p] < 0:
                return "you have no land tile to explore with (buy one at the Explorer)"
            return ("the tile cannot lie there: it must touch the island or lie flat on equal tiles, "
                    "covering no piece")
        if kind == "ship":
            if not s.built[p][HARBOUR]:
                return "building a ship needs a Harbour"
            if s.ship[p]:
                return "your shipbuilder box already holds a ship"
            if not s.reserve[p]:
                return "no reserve workers are left for a ship to bring back"
            return "a ship needs 4 discs from your supply and 4 wood"
        if kind == "end":
            return "you may end your turn without an action only after moving"
        if kind == "forfeit":
            return "you have no discs left to forfeit"
        if kind == "visit":
            space = SPACE_INDEX.get(str(args[0]), -1)
            cost = s._village_cost(space)
            if "mayor" in args and not s.mayor[p]:
                return "you have already used your Mayor this round"
            if s.vbox[p] + (1 if "mayor" in args else 0) < cost:
                return f"the {args[0]} space costs {cost} discs now, you have {s.vbox[p]} in your village box"
            return f"the {args[0]} action would do nothing for you now"
    if step == S_HOME and kind == "home":
        return _home_reason(s, p, action)
    if step == S_BONUS and kind == "bonus":
        return "that bonus space is taken, used up, or costs more discs than you gave up"
    if step == S_HIRE and kind == "hire":
        return f"you can hire at most {min(s.rest[p], s.res[p][COINS])} ($1 each, from your rest box)"
    if step == S_MARKET and kind in ("sell", "trade"):
        return "you can sell one resource you have whose die is still in its box, or trade with a Court House"
    if step == S_OFFER and kind == "buy":
        if int(args[0]) not in s.tiles:
            return f"tile {args[0]} is not in the supply (face up: {sorted(s.tiles)})"
        return f"the start player's tile costs ${START_TILE_PRICE}, you have ${s.res[p][COINS]}"
    if step == S_PLACE and kind == "place":
        return ("the tile cannot lie there: it must touch the island along an edge, or lie flat on four spaces "
                "of equal height covering no piece")
    if step == S_TURN:
        expected = "a village action (visit a space, or leave)" if phase == VILLAGE else "an Outside action"
    return f"{action} is not possible now: the game is waiting for {expected}"
