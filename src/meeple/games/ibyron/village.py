"""Village actions: visiting the village spaces, the market, leaving, and the bonus resource.

Each ``do_*`` function carries out one action already known to be legal;
``rules.py`` maps action kinds to them.
"""

from __future__ import annotations

from meeple.core import Action
from meeple.games.ibyron import legal
from meeple.games.ibyron.data import (
    BACK,
    CAMPS,
    COINS,
    DATA,
    EXPLORER_PRICE,
    FOOD,
    FORFEIT_EXTRA,
    FORFEIT_EXTRA_DISCS,
    FRONT,
    GOLD,
    MARKET_BOXES,
    MAT_BUILDINGS,
    PERMIT_PRICE,
    RES_INDEX,
    S_BONUS,
    S_MARKET,
    S_RETRIEVE,
    S_TAKE,
    SPACE_INDEX,
    ST_EXPLORER,
    ST_FARMER,
    ST_LIBRARY,
    ST_MARKET,
    ST_SHIP,
    ST_STABLE,
    ST_TAX,
    TAX_PER_LEVEL,
    TAXING,
)
from meeple.games.ibyron.market import market_has_more
from meeple.games.ibyron.position import IbyronPosition
from meeple.games.ibyron.turns import add, end_turn, gain, player_done, retrieve


def _stablehand(s: IbyronPosition, p: int, barn: bool) -> bool:
    s.horse_supply -= 1
    s.horses[p] += 1
    return True


def _shipwright(s: IbyronPosition, p: int, barn: bool) -> bool:
    s.ship[p] -= 1
    s.rest[p] += 1
    if s.ship[p] == 0 and s.reserve[p]:
        if len(s.reserve[p]) > 1:
            s.step = S_RETRIEVE
            return False
        retrieve(s, p, s.reserve[p][0])
    return True


def _market(s: IbyronPosition, p: int, barn: bool) -> bool:
    s.sold = False
    s.traded = False
    s.step = S_MARKET
    return False


def _library(s: IbyronPosition, p: int, barn: bool) -> bool:
    s.res[p][COINS] -= PERMIT_PRICE
    if s.permit_supply > 0:
        s.permit_supply -= 1
    else:
        s.permits[s._permit_victim(p)] -= 1
    s.permits[p] += 1
    return True


def _farmer(s: IbyronPosition, p: int, barn: bool) -> bool:
    if barn:
        s.barn_supply -= 1
        s.barns[p] += 1
    else:
        _harvest(s, p)
    return True


def _explorer(s: IbyronPosition, p: int, barn: bool) -> bool:
    s.res[p][COINS] -= EXPLORER_PRICE
    if not s.beginner:
        s.step = S_TAKE
        return False
    s.held[p] = s.tiles.pop(0)
    return True


def _tax(s: IbyronPosition, p: int, barn: bool) -> bool:
    add(s.res[p], COINS, TAX_PER_LEVEL * s.tech[p][TAXING])
    return True


# What each village space does, by its index in SPACES; True when the visit is over at once.
SPACE_EFFECTS = {ST_STABLE: _stablehand, ST_SHIP: _shipwright, ST_MARKET: _market, ST_LIBRARY: _library,
                 ST_FARMER: _farmer, ST_EXPLORER: _explorer, ST_TAX: _tax}


# Each visit action read once: (its space, with the Mayor, a barn, what the space does).
VISIT_TERMS = {
    action: (space, "mayor" in action, "barn" in action, SPACE_EFFECTS[space])
    for action in legal.VISIT_ACTIONS
    for space in (SPACE_INDEX[str(action[1])],)
}


def do_visit(s: IbyronPosition, p: int, action: Action) -> None:
    space, use_mayor, barn, effect = VISIT_TERMS[action]
    stacks = s.stacks[space]
    # the cost of a visit (IbyronPosition._village_cost), written out on this hot path
    cost = stacks[-1][1] + 1 if stacks else 1
    if cost > s.cap:
        cost = s.cap
    discs = cost - 1 if use_mayor else cost
    s.vbox[p] -= discs
    if use_mayor:
        s.mayor[p] = False
    # the stack stands ``cost`` discs tall; at cleanup the Mayor goes back to its space, the rest to the rest box
    stacks.append((p, cost, discs))
    if effect(s, p, barn):
        after_village_action(s, p)


def _harvest(s: IbyronPosition, p: int) -> None:
    cell = s._grain_field(p)
    owner, kind, left = s.camps[cell]
    s.rest[p] += 1
    if left > 1:
        s.camps[cell] = (owner, kind, left - 1)
        return
    del s.camps[cell]
    ov = s.overseer[p]
    ov[0 if ov[0] == cell else 1] = -1
    add(s.res[p], FOOD, CAMPS["grain_food"])
    if s.barns[p] > 0:
        s.barns[p] -= 1
        s.barn_supply += 1


def after_village_action(s: IbyronPosition, p: int) -> None:
    """After a village action: out of discs means taking the bonus now, else the turn passes."""
    if s.vbox[p] == 0 and not s.mayor[p]:
        s.pending_forfeit = 0
        s.step = S_BONUS
        return
    end_turn(s)


def _market_maybe_done(s: IbyronPosition, p: int) -> None:
    if not market_has_more(s, p):
        after_village_action(s, p)


def do_sell(s: IbyronPosition, p: int, action: Action) -> None:
    name, n = str(action[1]), int(action[2])
    box = MARKET_BOXES.index(name)
    r = s.res[p]
    r[RES_INDEX[name]] -= n
    add(r, COINS, n * s.dice[box])
    s.dice_used[box] = True
    s.sold = True
    _market_maybe_done(s, p)


def do_trade(s: IbyronPosition, p: int, action: Action) -> None:
    r = s.res[p]
    ch = DATA["court_house"]
    if action[1] == "food":
        r[FOOD] -= ch["food"]
        add(r, GOLD, ch["gold"])
    else:
        r[GOLD] -= ch["gold"]
        add(r, FOOD, ch["food"])
    s.traded = True
    _market_maybe_done(s, p)


def do_retrieve(s: IbyronPosition, p: int, action: Action) -> None:
    retrieve(s, p, MAT_BUILDINGS.index(str(action[1])))
    after_village_action(s, p)


def do_take(s: IbyronPosition, p: int, action: Action) -> None:
    tile = int(action[1])
    s.tiles.remove(tile)
    s.held[p] = tile
    after_village_action(s, p)


def do_leave(s: IbyronPosition, p: int, action: Action) -> None:
    """Give up: the discs left in the village box go to the rest box, and an unused Mayor is given up too.

    The Mayor stands in the village box (the rulebook's set-up and cleanup say so), so giving it up counts
    among the discs given up, toward the extra bonus unit and the back side's ladder.
    """
    n = s.vbox[p]
    s.vbox[p] = 0
    s.rest[p] += n
    s.pending_forfeit = n + (1 if s.mayor[p] else 0)
    s.mayor[p] = False
    s.step = S_BONUS


_FRONT_BY_NUMBER = {sp["number"]: k for k, sp in reversed(list(enumerate(FRONT)))}  # the first space of a number


def do_bonus(s: IbyronPosition, p: int, action: Action) -> None:
    number = int(action[1])
    alt = str(action[2]) if len(action) > 2 else ""
    forfeited = s.pending_forfeit
    if s.back_side:
        space = BACK[number]
        what = space["gain_t"]
        if alt:
            what = next(g for g in space["alt_t"] if "+".join(k for k, _ in g) == alt)
        forfeited -= space["cost"]
    else:
        k = _FRONT_BY_NUMBER[number]
        s.bonus_taken[k] = p
        if s.solo:
            s.solo_used[k] = True
        what = FRONT[k]["gain_t"]
    gain(s, p, what, FORFEIT_EXTRA if forfeited >= FORFEIT_EXTRA_DISCS else 0)
    player_done(s, p)
