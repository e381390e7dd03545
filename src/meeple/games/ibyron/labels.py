"""Ibyron's moves in words: one label per legal action, for the seat about to make it.

A label reads the position before the move, from the public picture only:
every Ibyron move is seen by everyone, so a label may say nothing that the
board does not show (the one secret, the order of the beginner game's
face-down pile, never appears). The notation stays what is typed and
recorded; the label is what a button, a tooltip or the log shows.

The consequences of a move, the end summary and the undo barriers are in
``words.py``, which re-exports ``label`` so the four words hooks come from one
module.
"""

from __future__ import annotations

from collections.abc import Callable

from meeple.core import Action
from meeple.core.words import Labeler
from meeple.games.ibyron.actions import ACTION_SPACE
from meeple.games.ibyron.data import (
    BACK,
    BUILDINGS,
    CAMP_KINDS,
    CAMPS,
    COINS,
    DATA,
    EXPLORER_PRICE,
    FARM,
    FORFEIT_EXTRA,
    FORFEIT_EXTRA_DISCS,
    FRONT,
    HORSE_POINTS,
    K_GOLD,
    K_GRAIN,
    K_ORE,
    K_STONE,
    K_WOOD,
    MARKET_BOXES,
    MAT_BUILDINGS,
    MAX_LEVEL,
    PERMIT_PRICE,
    RES_INDEX,
    S_EXTRA,
    S_MARKET,
    S_OFFER,
    SOLO_EXTRA_COINS,
    SPACE_INDEX,
    ST_EXPLORER,
    ST_FARMER,
    ST_LIBRARY,
    ST_MARKET,
    ST_SHIP,
    ST_STABLE,
    START_TILE_PRICE,
    TAX_PER_LEVEL,
    TAXING,
    TECH_EFFECT,
    TECH_LEVELS,
    TERRAIN_CODES,
    TERRAIN_NAMES,
    WIN_LOOSE,
    B,
    Cost,
)
from meeple.games.ibyron.island import cell_of, distance, explore_anchor, rotated_terrain, tile_cells, xy
from meeple.games.ibyron.position import IbyronPosition
from meeple.games.ibyron.scoring import loose_discs

__all__ = ["CAMP_NAMES", "MAT_NAMES", "START_WORDS", "bonus_gain", "label", "plural", "tile_words"]

CAMP_NAMES = ("woodcutters' camp", "miners' camp", "quarry", "gold mine", "grain field")
CAMP_YIELD = ("wood", "ore", "stone", "gold", "food")
START_WORDS = {
    "bank": f"+${DATA['starting_buildings'][0]['coins']}, and keep up to "
            f"${DATA['starting_buildings'][0]['keep_coins']} at each round's end",
    "garden": f"+{DATA['starting_buildings'][1]['food']} food",
    "foundry": "pay 2 stone and 1 ore in place of 4 stone when you build",
}
MAT_NAMES = {"bank": "Bank", "garden": "Garden", "foundry": "Foundry"}
SPACE_NAMES = ("Stablehand", "Shipwright", "Market", "Library", "Farmer", "Explorer", "Tax Collector")
CORNER_WORDS = ("top-left", "top-right", "bottom-right", "bottom-left")
COST_NAMES = ("wood", "ore", "stone", "gold", "horse", "tech cube")
LETTER_NAMES = {letter: TERRAIN_NAMES[code] for letter, code in TERRAIN_CODES.items()}


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, with an s when there are several ("1 disc", "3 discs")."""
    if n == 1 or word in ("wood", "ore", "stone", "gold", "food"):
        return f"{n} {word}"
    if word.endswith("man"):
        return f"{n} {word[:-3]}men"
    return f"{n} {word}es" if word.endswith("s") else f"{n} {word}s"


def _cell_xy(cell: int) -> str:
    x, y = xy(cell)
    return f"({x}, {y})"


def _space(s: IbyronPosition, cell: int) -> str:
    """A space in words: "the forest at (7, 6)", "the level-2 mountain at ...", "the sea at ..."."""
    height = s.height[cell]
    if not height:
        return f"the sea at {_cell_xy(cell)}"
    level = f"level-{height} " if height > 1 else ""
    return f"the {level}{TERRAIN_NAMES[s.terrain[cell]]} at {_cell_xy(cell)}"


def tile_words(tile: int) -> str:
    """A land tile by number and terrain, clockwise from the top-left: "tile 7 (mountain, field, ...)"."""
    letters = DATA["tiles"][tile]["cells"]
    return f"tile {tile} ({', '.join(LETTER_NAMES[c] for c in letters)})"


def _laid_words(s: IbyronPosition, tile: int, ax: int, ay: int, rotation: int) -> str:
    """Where a tile goes and how it lies: "over (6, 8)-(7, 9) on the sea, turned 90°: ..."."""
    terrain = [TERRAIN_NAMES[t] for t in rotated_terrain(tile, rotation)]
    height = s.height[tile_cells(ax, ay)[0]]
    base = "on the sea" if not height else f"on level {height} (becomes level {height + 1})"
    turn = f", turned {90 * rotation}°" if rotation else ""
    return (f"tile {tile} over ({ax}, {ay})–({ax + 1}, {ay + 1}) {base}{turn}: "
            f"{terrain[0]} and {terrain[1]} on top, {terrain[3]} and {terrain[2]} below")


def _cost_words(cost: Cost) -> str:
    parts = [plural(n, name) for n, name in zip(cost, COST_NAMES, strict=True) if n]
    return ", ".join(parts) if parts else "nothing"


def _who(s: IbyronPosition, p: int, owner: int) -> str:
    return "your" if owner == p else f"Seat {owner}'s"


def _occupant(s: IbyronPosition, p: int, cell: int) -> str:
    """What stands on a space, for a move's label ("" if nothing worth saying)."""
    if cell == s.home[p]:
        return "your home"
    building = s.buildings.get(cell)
    if building is not None:
        owner, parts = building
        top = "farm" if parts[-1] == FARM else BUILDINGS[parts[-1]].name
        return f"{_who(s, p, owner)} {top}"
    camp = s.camps.get(cell)
    if camp is not None:
        return f"{_who(s, p, camp[0])} {CAMP_NAMES[camp[1]]}"
    holder = s.reserved.get(cell)
    if holder is not None:
        return "held by your overseer" if holder == p else f"held by Seat {holder}'s overseer"
    return ""


# ------------------------------------------------------------------ set-up
def _start(s: IbyronPosition, p: int, a: Action) -> str:
    b = str(a.args[0])
    return f"Start with the {MAT_NAMES[b]} ({START_WORDS[b]})"


def _home(s: IbyronPosition, p: int, a: Action) -> str:
    centre = a.args[0] == "center"
    corner = int(a.args[-1])
    cell = s.tile_corners("center" if centre else f"seat{p}")[corner]
    tile = "the centre tile" if centre else "your starting tile"
    return f"Make your home on the {CORNER_WORDS[corner]} field of {tile} {_cell_xy(cell)}"


# ----------------------------------------------------------------- outside
def _move(s: IbyronPosition, p: int, a: Action) -> str:
    x, y, horses = (int(v) for v in a.args)
    dest = cell_of(x, y)
    stride = s._stride(p)
    gap = distance(s.leader[p], dest)
    points = -(-gap // stride)
    discs = max(0, points - HORSE_POINTS * horses)
    pay = [plural(horses, "horse")] if horses else []
    if discs or not horses:
        pay.append(plural(discs, "disc"))
    there = _occupant(s, p, dest)
    where = _space(s, dest) + (f", {there}" if there else "")
    if not s.height[dest]:
        where += ", to explore from"
    return f"Move your leader to {where} ({' and '.join(pay)})"


def _end(s: IbyronPosition, p: int, a: Action) -> str:
    return "End your turn here, without an action"


def _explore(s: IbyronPosition, p: int, a: Action) -> str:
    corner, rotation = int(a.args[0]), int(a.args[1])
    ax, ay = explore_anchor(s.leader[p], corner)
    return f"Explore: lay {_laid_words(s, s.held[p], ax, ay, rotation)}"


def _oversee(s: IbyronPosition, p: int, a: Action) -> str:
    cell = s.new_cells[int(a.args[0])]
    return f"Put an overseer on {_space(s, cell)}, holding it for you this round"


def _done(s: IbyronPosition, p: int, a: Action) -> str:
    if s.step == S_MARKET:
        return "Finish at the market"
    return "Put no more overseers on the new tile"


def _camp(s: IbyronPosition, p: int, a: Action) -> str:
    kind = CAMP_KINDS.index(str(a.args[0]))
    where = _space(s, s.leader[p])
    if kind == K_GOLD:
        cost = CAMPS["gold_cost"]
        return (f"Open a gold mine on {where} ({plural(CAMPS['gold_discs'], 'disc')}, {cost['wood']} wood, "
                f"{cost['ore']} ore); your leader goes home")
    if kind == K_GRAIN:
        n = max(1, int(CAMPS["grain_base_discs"]) - s.barns[p])
        return (f"Sow a grain field on {where} ({plural(n, 'disc')}; harvested at the Farmer for "
                f"{CAMPS['grain_food']} food); your leader goes home")
    n = int(a.args[1])
    return (f"Found a {CAMP_NAMES[kind]} of {plural(n, 'disc')} on {where} (up to {n} {CAMP_YIELD[kind]} "
            f"to gather); your leader goes home")


def _gather(s: IbyronPosition, p: int, a: Action) -> str:
    o, level = int(a.args[0]), int(a.args[1])
    cell = s.overseer[p][o]
    _, kind, left = s.camps[cell]
    if kind in (K_WOOD, K_ORE):
        foremen, gained = TECH_LEVELS[level - 1]
        track = "Lumber Mill" if kind == K_WOOD else "Refinery"
        how = f" at {track} level {level}"
    else:
        foremen, gained = 1, int(CAMPS["stone_yield" if kind == K_STONE else "gold_yield"])
        how = ""
    extra = ""
    if len(a.args) > 2:
        gained += int(CAMPS["horse_extra_wood"])
        extra = " and a horse"
    stay = "stays" if left - 1 == 1 else "stay"
    rest = "the camp's last disc" if left == 1 else f"{plural(left - 1, 'disc')} {stay} on it"
    return (f"Gather from your {CAMP_NAMES[kind]} at {_cell_xy(cell)}{how}: {plural(foremen, 'foreman')}{extra} "
            f"for {gained} {CAMP_YIELD[kind]} ({rest})")


def _hurry(s: IbyronPosition, p: int, a: Action) -> str:
    cell = s.overseer[p][int(a.args[0])]
    _, kind, left = s.camps[cell]
    return (f"Speed up your {CAMP_NAMES[kind]} at {_cell_xy(cell)}: a horse and {plural(left, 'foreman')} "
            f"for {left} {CAMP_YIELD[kind]}, clearing the camp")


def _ship(s: IbyronPosition, p: int, a: Action) -> str:
    ship = DATA["ship"]
    return (f"Build a ship ({plural(ship['discs'], 'disc')} to the shipbuilder box, {ship['wood']} wood); "
            f"unloading it brings back a reserve stack")


def _effect(s: IbyronPosition, p: int, effect: str) -> str:
    if effect in TECH_EFFECT:
        track = ("Lumber Mill", "Refinery", "Taxing")[TECH_EFFECT[effect]]
        level = s.tech[p][TECH_EFFECT[effect]]
        if level >= MAX_LEVEL:
            return f"your {track} track is already at the top"
        return f"{track} track to level {level + 1}"
    return {
        "ships": "lets you build ships",
        "keep_horses": f"keep {DATA['stable']['keep_horses']} horses when you go to the village",
        "food_2": f"+{DATA['church']['food']} food",
        "food_gold_trade": "trade 2 food for 1 gold, or back, at the market",
        "horses_2": f"+{DATA['castle_gate']['horses']} horses, and your castle begins",
        "treasury": f"+${DATA['treasury']['coins']}, and keep up to ${DATA['treasury']['keep_coins']}",
        "retrieve_reserve": "your reserve stacks come back with their starting buildings",
    }[effect]


def _build(s: IbyronPosition, p: int, a: Action) -> str:
    b, foundry = B[str(a.args[0])], len(a.args) > 1
    bd = BUILDINGS[b]
    cost = _cost_words(s._cost(b, foundry))
    if not s.beginner:
        cost += ", a permit"
    with_foundry = " with the Foundry swap" if foundry else ""
    wins = ""
    if loose_discs(s.in_buildings[p] + bd.discs) <= WIN_LOOSE:
        wins = " — this ends the game" if s.beginner else " — and win the game"
    return (f"Build a {bd.name} on {_space(s, s.leader[p])}{with_foundry} ({cost}; {plural(bd.discs, 'disc')}): "
            f"{_effect(s, p, bd.effect)}{wins}")


def _forfeit(s: IbyronPosition, p: int, a: Action) -> str:
    n = s.supply[p]
    go = "goes" if n == 1 else "go"
    return (f"Forfeit: your {plural(n, 'disc')} left {go} to the village box (rehired free at the round's end), "
            f"and you go to the village")


# ----------------------------------------------------------------- village
def _visit_effect(s: IbyronPosition, p: int, space: int, barn: bool) -> str:
    if space == ST_STABLE:
        return "take a horse"
    if space == ST_SHIP:
        left = s.ship[p]
        more = "; it is the last: a reserve stack comes back" if left == 1 else f" ({left} on it)"
        return f"unload a disc from your ship to the rest box{more}"
    if space == ST_MARKET:
        open_ = [f"{MARKET_BOXES[i]} ${s.dice[i]}" for i in range(4) if not s.dice_used[i]]
        return f"sell at the market ({', '.join(open_) or 'every die used'})"
    if space == ST_LIBRARY:
        if s.permit_supply > 0:
            return f"buy a building permit for ${PERMIT_PRICE}"
        return f"buy a building permit for ${PERMIT_PRICE}, taken from Seat {s._permit_victim(p)}"
    if space == ST_FARMER:
        if barn:
            return "take a barn (grain fields then need a disc fewer)"
        _, _, left = s.camps[s._grain_field(p)]
        if left == 1:
            return f"harvest your grain field's last disc for {CAMPS['grain_food']} food"
        return f"take a disc off your grain field ({left} on it)"
    if space == ST_EXPLORER:
        if s.beginner:
            return f"pay ${EXPLORER_PRICE} and draw the top land tile of the pile"
        return f"pay ${EXPLORER_PRICE} and choose a face-up land tile"
    return f"collect ${TAX_PER_LEVEL * s.tech[p][TAXING]} in taxes"


def _visit(s: IbyronPosition, p: int, a: Action) -> str:
    space = SPACE_INDEX[str(a.args[0])]
    cost = s._village_cost(space)
    if "mayor" in a.args:
        pay = "the Mayor alone" if cost == 1 else f"the Mayor and {plural(cost - 1, 'disc')}"
    else:
        pay = plural(cost, "disc")
    return f"Visit the {SPACE_NAMES[space]} ({pay}): {_visit_effect(s, p, space, 'barn' in a.args)}"


def _sell(s: IbyronPosition, p: int, a: Action) -> str:
    name, n = str(a.args[0]), int(a.args[1])
    price = s.dice[MARKET_BOXES.index(name)]
    have = s.res[p][RES_INDEX[name]]
    return f"Sell {n} of your {have} {name} at ${price} each (+${n * price})"


def _trade(s: IbyronPosition, p: int, a: Action) -> str:
    ch = DATA["court_house"]
    if a.args[0] == "food":
        return f"Trade {ch['food']} food for {ch['gold']} gold (Court House)"
    return f"Trade {ch['gold']} gold for {ch['food']} food (Court House)"


def _retrieve(s: IbyronPosition, p: int, a: Action) -> str:
    b = str(a.args[0])
    return f"Bring back the reserve stack on your {MAT_NAMES[b]} and gain it ({START_WORDS[b]})"


def _take(s: IbyronPosition, p: int, a: Action) -> str:
    return f"Take {tile_words(int(a.args[0]))} from the face-up supply"


def _leave(s: IbyronPosition, p: int, a: Action) -> str:
    given = s.vbox[p] + (1 if s.mayor[p] else 0)
    what = plural(s.vbox[p], "disc") + (" and your unused Mayor" if s.mayor[p] else "")
    bonus = f" (giving up {FORFEIT_EXTRA_DISCS} or more earns +{FORFEIT_EXTRA} on the bonus)"
    if s.back_side:
        bonus = " (they pay for the bonus ladder)"
    if not given:
        return "Leave the village and take your bonus resource"
    return f"Leave the village, giving up {what}{bonus}"


def _gain_words(gain: tuple[tuple[str, int], ...], extra: int) -> str:
    def one(key: str, n: int) -> str:
        return f"${n}" if key == "coins" else plural(n, key)

    return " and ".join(one(key, n + extra) for key, n in gain)


def bonus_gain(s: IbyronPosition, a: Action) -> tuple[tuple[tuple[str, int], ...], int]:
    """What a ``bonus`` action gains: the space's resources and the extra unit on each (0 or 1)."""
    number = int(a.args[0])
    forfeited = s.pending_forfeit
    if s.back_side:
        space = BACK[number]
        gain = space["gain_t"]
        if len(a.args) > 1:
            gain = next(g for g in space["alt_t"] if "+".join(k for k, _ in g) == str(a.args[1]))
        return gain, FORFEIT_EXTRA if forfeited - space["cost"] >= FORFEIT_EXTRA_DISCS else 0
    space = next(sp for sp in FRONT if sp["number"] == number)
    return space["gain_t"], FORFEIT_EXTRA if forfeited >= FORFEIT_EXTRA_DISCS else 0


def _bonus(s: IbyronPosition, p: int, a: Action) -> str:
    number = int(a.args[0])
    gain, extra = bonus_gain(s, a)
    more = f" (+{extra} for the discs given up)" if extra else ""
    if s.back_side:
        cost = BACK[number]["cost"]
        pay = "free" if not cost else f"pays {plural(cost, 'disc')} given up"
        return f"Take ladder space {number} ({pay}): {_gain_words(gain, extra)}{more}"
    return f"Take bonus space {number}: {_gain_words(gain, extra)}{more}"


# ------------------------------------------------------------- round's end
def _hire(s: IbyronPosition, p: int, a: Action) -> str:
    n = int(a.args[0])
    if not n:
        return "Hire nobody"
    return f"Hire {plural(n, 'worker')} from your rest box for ${n} (you have ${s.res[p][COINS]})"


def _buy(s: IbyronPosition, p: int, a: Action) -> str:
    return f"Buy {tile_words(int(a.args[0]))} for ${START_TILE_PRICE} and lay it now"


def _decline(s: IbyronPosition, p: int, a: Action) -> str:
    if s.step == S_OFFER:
        return f"Buy no tile this round (a face-up tile costs ${START_TILE_PRICE})"
    if s.step == S_EXTRA:
        return "Lay no extra tile"
    return "Decline"


def _place(s: IbyronPosition, p: int, a: Action) -> str:
    x, y, rotation = (int(v) for v in a.args)
    return f"Lay {_laid_words(s, s.pending_tile, x, y, rotation)}"


def _extra(s: IbyronPosition, p: int, a: Action) -> str:
    return (f"Draw and lay an extra tile from the pile (+${SOLO_EXTRA_COINS}, and the game is one round "
            f"shorter)")


LABELS: dict[str, Callable[[IbyronPosition, int, Action], str]] = {
    "start": _start, "home": _home, "move": _move, "end": _end, "explore": _explore, "oversee": _oversee,
    "done": _done, "camp": _camp, "gather": _gather, "hurry": _hurry, "ship": _ship, "build": _build,
    "forfeit": _forfeit, "visit": _visit, "sell": _sell, "trade": _trade, "retrieve": _retrieve,
    "take": _take, "leave": _leave, "bonus": _bonus, "hire": _hire, "buy": _buy, "decline": _decline,
    "place": _place, "extra": _extra,
}
assert set(LABELS) == {a.kind for a in ACTION_SPACE}
assert len(SPACE_NAMES) == len(SPACE_INDEX) and set(MAT_NAMES) == set(MAT_BUILDINGS)
assert len(CAMP_NAMES) == len(CAMP_KINDS) == len({K_WOOD, K_ORE, K_STONE, K_GOLD, K_GRAIN})


def _label(state: object, action: Action, seat: int) -> str:
    """``action`` in words for ``seat`` (``GameInfo.labeler``): the position is the one before the move."""
    assert isinstance(state, IbyronPosition)
    return LABELS[action.kind](state, seat, action)


# The label for the mover; the log tells it in the third person ("moves their leader to ...").
label = Labeler(_label)
