"""Plain-words reasons for refused actions (``State._explain_illegal``)."""

from __future__ import annotations

from meeple.core import Action
from meeple.games.ibyron import actions as A
from meeple.games.ibyron.actions import SIZE
from meeple.games.ibyron.data import COINS
from meeple.games.ibyron.rules import (
    CAMPS,
    HORSE_POINTS,
    K_GOLD,
    K_GRAIN,
    K_ORE,
    K_WOOD,
    LUMBER,
    OUTSIDE,
    REFINERY,
    S_BONUS,
    S_HIRE,
    S_MARKET,
    S_MOVED,
    S_OFFER,
    S_PLACE,
    S_TURN,
    SPACE_INDEX,
    START_TILE_PRICE,
    STEP_NAMES,
    TECH_LEVELS,
    VILLAGE,
    B,
    IbyronState,
)
from meeple.games.ibyron.scoring import HARBOUR


def explain(s: IbyronState, action: Action, seat: int) -> str:
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
            dest = y * SIZE + x
            if dest == s.leader[p]:
                return "your leader is already there"
            if dest not in s.land and dest not in s.coast:
                return f"({x}, {y}) is neither on the island nor next to it"
            if any(s.leader[q] == dest for q in range(s.players) if q != p):
                return "a leader may not end its move on a space another player occupies"
            points = s._move_points(p, dest)
            if h > s.horses[p]:
                return f"you have {s.horses[p]} horses, not {h}"
            if h > (points + 1) // 2:
                return f"the move needs {points} movement points; {h} horses are more than needed"
            return (f"the move needs {points} movement points: {max(0, points - HORSE_POINTS * h)} discs "
                    f"with {h} horses, and you have {s.supply[p]} discs")
        if kind == "build":
            b = B[str(args[0])]
            reason = s._build_reason(p, b, len(args) > 1)
            return reason or "you cannot build now"
        if kind == "camp":
            k = A.CAMP_KINDS.index(str(args[0]))
            n = int(args[1]) if len(args) > 1 else (CAMPS["gold_discs"] if k == K_GOLD else s._grain_discs(p))
            return s._camp_reason(p, k, n) or "you cannot found that work camp now"
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
