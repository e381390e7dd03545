"""Every action Ibyron can offer, built once, in a fixed order (the RL indices).

Actions are shared, immutable objects: rules code looks them up in the tables
below instead of building new ones, which keeps the hot path fast.

Bounds (documented in RULES.md): island coordinates low..low+size-1 (the grid
of ``data.json``, which the island can never outgrow), at most
``max_horses_per_move`` horses in one move, at most ``max_sell`` units in one
sale, hiring at most 20 workers at once.
"""

from __future__ import annotations

from meeple.core import Action
from meeple.games.ibyron.data import (
    BUILDINGS,
    CAMP_KINDS,
    DATA,
    LOW,
    MAT_BUILDINGS,
    MAX_CAMP,
    MAX_HORSES_PER_MOVE,
    MAX_SELL,
    SIZE,
    SPACES,
)

__all__ = ["ACTION_SPACE", "CAMP_KINDS", "MAX_CAMP", "MAX_HIRE", "MAX_HORSES_PER_MOVE", "MAX_SELL", "PHASE_NAMES",
           "STEP_NAMES"]

MAX_HIRE = 20

# The names of a player's phases within a round, indexed by data.OUTSIDE, data.VILLAGE, data.DONE.
PHASE_NAMES = ("outside", "village", "done")
# What the player to move is deciding, indexed by the steps data.S_START .. data.S_OVER (the observation's "step").
STEP_NAMES = ("a starting building (start ...)", "a home field (home ...)", "a turn",
              "an action after moving, or end", "overseers for the new tile (oversee N, or done)",
              "a sale or trade at the market (sell, trade, or done)", "which reserve stack returns (retrieve ...)",
              "a land tile from the supply (take N)", "a bonus resource (bonus N)", "how many to hire (hire N)",
              "the start player's $2 tile (buy N, or decline)", "where to lay the tile (place X Y R)",
              "an extra tile, or not (extra, or decline)", "nothing: the game is over")

SELLABLE = ("wood", "stone", "ore", "gold")


def _alt_name(gain: tuple[tuple[str, int], ...]) -> str:
    return "+".join(key for key, _ in gain)


BONUS_ALTS: list[tuple[int, int, str]] = []  # (ladder space, alt index, notation word)
for _k, _space in enumerate(DATA["bonus_back"]):
    for _j, _alt in enumerate(_space["alt_t"]):
        BONUS_ALTS.append((_k, _j, _alt_name(_alt)))
BONUS_NUMBERS = sorted({s["number"] for s in DATA["bonus_front"]} | {s["cost"] for s in DATA["bonus_back"]})

START = {b: Action("start", b) for b in MAT_BUILDINGS}
HOME = [Action("home", c) for c in range(4)]  # a field of the player's own starting tile, by corner
HOME_CENTER = [Action("home", "center", c) for c in range(4)]  # a field of the centre tile, by corner
COORDS = range(LOW, LOW + SIZE)  # every coordinate of the grid, on either axis
# the moves to each space (x, y), by horses used; the spaces x-major, as in the action space
MOVE = {(x, y): tuple(Action("move", x, y, h) for h in range(MAX_HORSES_PER_MOVE + 1)) for x in COORDS for y in COORDS}
END = Action("end")
EXPLORE = [[Action("explore", c, r) for r in range(4)] for c in range(4)]
OVERSEE = [Action("oversee", c) for c in range(4)]
DONE = Action("done")
CAMP = {
    "wood": [Action("camp", "wood", n) for n in range(MAX_CAMP + 1)],
    "ore": [Action("camp", "ore", n) for n in range(MAX_CAMP + 1)],
    "stone": [Action("camp", "stone", n) for n in range(MAX_CAMP + 1)],
}
CAMP_GOLD = Action("camp", "gold")
CAMP_GRAIN = Action("camp", "grain")
GATHER = [[Action("gather", o, lv) for lv in range(5)] for o in range(2)]
GATHER_HORSE = [[Action("gather", o, lv, "horse") for lv in range(5)] for o in range(2)]
HURRY = [Action("hurry", o) for o in range(2)]
SHIP = Action("ship")
BUILD = [Action("build", b.id) for b in BUILDINGS]
BUILD_FOUNDRY = [Action("build", b.id, "foundry") for b in BUILDINGS]
FORFEIT = Action("forfeit")
VISIT = {s: Action("visit", s) for s in SPACES}
VISIT_MAYOR = {s: Action("visit", s, "mayor") for s in SPACES}
VISIT_BARN = Action("visit", "farmer", "barn")
VISIT_BARN_MAYOR = Action("visit", "farmer", "barn", "mayor")
TAKE = [Action("take", k) for k in range(11)]
SELL = {r: [Action("sell", r, n) for n in range(MAX_SELL + 1)] for r in SELLABLE}
TRADE_FOOD = Action("trade", "food")
TRADE_GOLD = Action("trade", "gold")
RETRIEVE = {b: Action("retrieve", b) for b in MAT_BUILDINGS}
LEAVE = Action("leave")
BONUS = {n: Action("bonus", n) for n in BONUS_NUMBERS}
BONUS_ALT = {(k, j): Action("bonus", k, word) for k, j, word in BONUS_ALTS}
HIRE = [Action("hire", n) for n in range(MAX_HIRE + 1)]
BUY = [Action("buy", k) for k in range(11)]
DECLINE = Action("decline")
# the four rotations of a tile laid with its top-left corner on (x, y); the anchors x-major, as in the action space
PLACE = {(x, y): tuple(Action("place", x, y, r) for r in range(4)) for x in COORDS[:-1] for y in COORDS[:-1]}
EXTRA = Action("extra")


def build_action_space() -> tuple[Action, ...]:
    """All actions in a fixed order; an action's position is its RL index."""
    out: list[Action] = []
    out += START.values()
    out += HOME
    out += HOME_CENTER
    for moves in MOVE.values():
        out += moves
    out.append(END)
    out += [EXPLORE[c][r] for c in range(4) for r in range(4)]
    out += OVERSEE
    out.append(DONE)
    for kind in ("wood", "ore", "stone"):
        out += CAMP[kind][1:]
    out += [CAMP_GOLD, CAMP_GRAIN]
    out += [GATHER[o][lv] for o in range(2) for lv in range(1, 5)]
    out += [GATHER_HORSE[o][lv] for o in range(2) for lv in range(1, 5)]
    out += HURRY
    out.append(SHIP)
    out += BUILD
    out += BUILD_FOUNDRY
    out.append(FORFEIT)
    out += VISIT.values()
    out += VISIT_MAYOR.values()
    out += [VISIT_BARN, VISIT_BARN_MAYOR]
    out += TAKE
    for r in SELLABLE:
        out += SELL[r][1:]
    out += [TRADE_FOOD, TRADE_GOLD]
    out += RETRIEVE.values()
    out.append(LEAVE)
    out += BONUS.values()
    out += BONUS_ALT.values()
    out += HIRE
    out += BUY
    out.append(DECLINE)
    for places in PLACE.values():
        out += places
    out.append(EXTRA)
    return tuple(out)


ACTION_SPACE = build_action_space()
assert len(set(map(str, ACTION_SPACE))) == len(ACTION_SPACE), "action notations must be unique"
# Each action's index (its RL index), for the tables that list legal moves by index.
INDEX = {a: i for i, a in enumerate(ACTION_SPACE)}
