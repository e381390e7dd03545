"""The observation: a JSON-safe picture of the game that every view is drawn from.

``observation`` returns an :class:`IbyronObservation`; its nested records are typed too, so every reader
(the views, the words) is checked key by key.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict, cast

from meeple.core.rng import Random
from meeple.core.state import BaseObservation
from meeple.games.ibyron.actions import PHASE_NAMES, STEP_NAMES
from meeple.games.ibyron.data import (
    BACK,
    BUILDINGS,
    CAMP_KINDS,
    COINS,
    DATA,
    FARM,
    FOOD,
    FRONT,
    GOLD,
    LOW,
    LUMBER,
    MARKET_BOXES,
    MAT_BUILDINGS,
    ORE,
    REFINERY,
    S_OVERSEE,
    SIZE,
    SPACES,
    STONE,
    TAXING,
    TERRAIN_NAMES,
    WOOD,
)
from meeple.games.ibyron.island import xy
from meeple.games.ibyron.position import IbyronPosition
from meeple.games.ibyron.scoring import loose_discs


class CellObservation(TypedDict):
    """A land space: where, how high, its terrain and the tile on top."""

    x: int
    y: int
    height: int
    terrain: str  # forest, field or mountain
    tile: int  # the id of the tile on top


class BuildingObservation(TypedDict):
    """A building stack on a space: its parts bottom first (``farm`` for the starting farm)."""

    x: int
    y: int
    owner: int
    parts: list[str]
    discs: int


class CampObservation(TypedDict):
    x: int
    y: int
    owner: int
    kind: str  # one of data.CAMP_KINDS
    discs: int  # left in the camp


class HeldSpaceObservation(TypedDict):
    """A space an overseer holds for its owner until the round's end."""

    x: int
    y: int
    owner: int


class DieObservation(TypedDict):
    resource: str  # the market box
    value: int
    used: bool  # set aside until the dice are re-rolled


class SuppliesObservation(TypedDict):
    horses: int
    barns: int
    permits: int


class BonusSpaceObservation(TypedDict):
    """A space of the bonus resource mat: the front's numbered spaces or the back's ladder, by ``bonus_side``."""

    gain: dict[str, int]
    number: NotRequired[int]  # front
    taken_by: NotRequired[int]  # front: the seat that took it this round, or -1
    used_solo: NotRequired[bool]  # front, solo game: used in the current cycle
    cost: NotRequired[int]  # back: discs given up it costs
    alt: NotRequired[list[dict[str, int]]]  # back: the other gains it offers


class PlayerObservation(TypedDict):
    """One player's mat and pieces, public to all."""

    seat: int
    phase: str  # one of actions.PHASE_NAMES
    resources: dict[str, int]  # coins, wood, ore, stone, gold, food
    horses: int
    barns: int
    permits: int
    tech: dict[str, int]  # lumber, refinery, taxing
    tech_cubes: int
    supply: int
    village_box: int
    rest: int
    reserve: list[str]  # the starting buildings whose reserve stack is still on the mat
    mayor: bool
    forfeited: int
    mat_buildings: list[str]
    ship: int  # discs in the shipbuilder box
    held_tile: int  # the tile held for exploring, or -1
    home: list[int] | None  # [x, y]
    leader: list[int] | None
    overseers: list[list[int] | None]
    built: dict[str, int]  # building id: how many
    discs_in_buildings: int
    loose_discs: int
    victory_points: int
    keep_coins: int
    stride: int


class IbyronObservation(BaseObservation):
    """What ``observation(seat)`` returns: the fields every game's observation starts with
    (``BaseObservation``, from ``State.base_observation``), then Ibyron's own."""

    mode: str  # standard, beginner or solo
    bonus_side: str  # front or back
    round: int
    round_limit: int
    start_player: int
    current: int
    step: str  # one of actions.STEP_NAMES
    village_cap: int
    size: int
    low: int
    cells: list[CellObservation]
    coast: list[list[int]]  # [x, y] of each sea space beside the island
    buildings: list[BuildingObservation]
    camps: list[CampObservation]
    reserved: list[HeldSpaceObservation]
    new_tile: list[list[int]]  # the spaces of a tile just laid, while overseers may be placed on it
    tiles_face_up: list[int]
    pile_size: int
    pending_tile: int
    tile_terrain: dict[str, str]  # tile id: its four terrain letters
    dice: list[DieObservation]
    village: dict[str, list[list[int]]]  # space: its stacks as [owner, height]
    village_costs: dict[str, int]
    supplies: SuppliesObservation
    bonus: list[BonusSpaceObservation]
    players_info: list[PlayerObservation]
    scores: list[float]


def determinize(copy: IbyronPosition, rng: Random) -> None:
    """Re-draw, in ``copy``, what no seat knows: the beginner pile's order and the future dice.

    The pile is sorted before it is shuffled, so the copy depends only on which tiles are left (public),
    never on their real order.
    """
    if copy.beginner:
        copy.tiles = sorted(copy.tiles)
        rng.shuffle(copy.tiles)
    copy._reseed_from(rng)


def observation(s: IbyronPosition, seat: int | None) -> IbyronObservation:
    """What ``seat`` may see (everything but the order of the beginner game's face-down pile)."""
    # The core's fields come as a plain dict (their keys are declared first on IbyronObservation);
    # the update below adds Ibyron's own, each checked by mypy.
    obs = cast(IbyronObservation, s.base_observation(seat))
    n = s.players
    obs.update({
        "mode": "solo" if s.solo else ("beginner" if s.beginner else "standard"),
        "bonus_side": "back" if s.back_side else "front",
        "round": s.round,
        "round_limit": s.round_limit,
        "start_player": s.start_player,
        "current": s.current,
        "step": STEP_NAMES[s.step],
        "village_cap": s.cap,
        "size": SIZE,
        "low": LOW,
        "cells": [
            {"x": xy(c)[0], "y": xy(c)[1], "height": s.height[c], "terrain": TERRAIN_NAMES[s.terrain[c]],
             "tile": s.top_tile[c]}
            for c in s.land
        ],
        "coast": [list(xy(c)) for c in s.coast],
        "buildings": [
            {"x": xy(c)[0], "y": xy(c)[1], "owner": o,
             "parts": ["farm" if b == FARM else BUILDINGS[b].id for b in parts],
             "discs": sum(1 if b == FARM else BUILDINGS[b].discs for b in parts)}
            for c, (o, parts) in sorted(s.buildings.items())
        ],
        "camps": [
            {"x": xy(c)[0], "y": xy(c)[1], "owner": o, "kind": CAMP_KINDS[k], "discs": d}
            for c, (o, k, d) in sorted(s.camps.items())
        ],
        "reserved": [{"x": xy(c)[0], "y": xy(c)[1], "owner": o} for c, o in sorted(s.reserved.items())],
        "new_tile": [list(xy(c)) for c in s.new_cells] if s.step == S_OVERSEE else [],
        "tiles_face_up": [] if s.beginner else sorted(s.tiles),
        "pile_size": len(s.tiles),
        "pending_tile": s.pending_tile,
        "tile_terrain": {str(t["id"]): t["cells"] for t in DATA["tiles"]},
        "dice": [{"resource": MARKET_BOXES[i], "value": s.dice[i], "used": s.dice_used[i]} for i in range(4)],
        "village": {SPACES[k]: [[o, h] for o, h, _ in s.stacks[k]] for k in range(len(SPACES))},
        "village_costs": {SPACES[k]: s._village_cost(k) for k in range(len(SPACES))},
        "supplies": {"horses": s.horse_supply, "barns": s.barn_supply, "permits": s.permit_supply},
        "bonus": _bonus_view(s),
        "players_info": [_player_view(s, p) for p in range(n)],
        "scores": list(s.scores),
    })
    return obs


def _bonus_view(s: IbyronPosition) -> list[BonusSpaceObservation]:
    if s.back_side:
        return [{"cost": sp["cost"], "gain": dict(sp["gain_t"]), "alt": [dict(a) for a in sp["alt_t"]]}
                for sp in BACK]
    return [
        {"number": sp["number"], "gain": dict(sp["gain_t"]), "taken_by": s.bonus_taken[k],
         "used_solo": s.solo_used[k]}
        for k, sp in enumerate(FRONT)
    ]


def _player_view(s: IbyronPosition, p: int) -> PlayerObservation:
    r = s.res[p]
    return {
        "seat": p,
        "phase": PHASE_NAMES[s.phase[p]],
        "resources": {"coins": r[COINS], "wood": r[WOOD], "ore": r[ORE], "stone": r[STONE], "gold": r[GOLD],
                      "food": r[FOOD]},
        "horses": s.horses[p], "barns": s.barns[p], "permits": s.permits[p],
        "tech": {"lumber": s.tech[p][LUMBER], "refinery": s.tech[p][REFINERY],
                 "taxing": s.tech[p][TAXING]},
        "tech_cubes": s.cubes[p],
        "supply": s.supply[p], "village_box": s.vbox[p], "rest": s.rest[p],
        "reserve": [MAT_BUILDINGS[b] for b in s.reserve[p]],
        "mayor": s.mayor[p], "forfeited": s.forfeit[p],
        "mat_buildings": [MAT_BUILDINGS[b] for b in range(3) if s.mat[p][b]],
        "ship": s.ship[p], "held_tile": s.held[p],
        "home": list(xy(s.home[p])) if s.home[p] >= 0 else None,
        "leader": list(xy(s.leader[p])) if s.leader[p] >= 0 else None,
        "overseers": [list(xy(c)) if c >= 0 else None for c in s.overseer[p]],
        "built": {b.id: s.built[p][b.index] for b in BUILDINGS if s.built[p][b.index]},
        "discs_in_buildings": s.in_buildings[p],
        "loose_discs": loose_discs(s.in_buildings[p]),
        "victory_points": s.victory_points(p),
        "keep_coins": s._coins_kept(p),
        "stride": s._stride(p),
    }
