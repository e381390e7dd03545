"""The actions of the market step and of the bonus step: pure functions of the state.

Kept apart from ``legal.py`` (which lists the other kinds of decision, the
moves through ``moves.py``, and imports the two it lists by step) so that
module stays a readable size.
"""

from __future__ import annotations

from meeple.core import Action
from meeple.games.ibyron import actions as A
from meeple.games.ibyron.data import BACK, COURT, DATA, FOOD, FRONT, GOLD, MARKET_BOXES, RES_INDEX
from meeple.games.ibyron.position import IbyronPosition


def market_actions(s: IbyronPosition, p: int) -> list[Action]:
    out: list[Action] = []
    r = s.res[p]
    if not s.sold:
        for i, name in enumerate(MARKET_BOXES):
            have = r[RES_INDEX[name]]
            if not s.dice_used[i] and have > 0:
                out.extend(A.SELL[name][1 : min(have, A.MAX_SELL) + 1])
    if s.built[p][COURT] and not s.traded:
        if r[FOOD] >= DATA["court_house"]["food"]:
            out.append(A.TRADE_FOOD)
        if r[GOLD] >= DATA["court_house"]["gold"]:
            out.append(A.TRADE_GOLD)
    out.append(A.DONE)
    return out


def market_has_more(s: IbyronPosition, p: int) -> bool:
    return market_actions(s, p) != [A.DONE]


def bonus_actions(s: IbyronPosition, p: int) -> list[Action]:
    out: list[Action] = []
    if s.back_side:
        for k, space in enumerate(BACK):
            if space["cost"] <= s.pending_forfeit:
                out.append(A.BONUS[space["cost"]])
                out.extend(A.BONUS_ALT[(k, j)] for j in range(len(space["alt_t"])))
        return out
    for k, space in enumerate(FRONT):
        if s.bonus_taken[k] < 0 and not (s.solo and s.solo_used[k]):
            out.append(A.BONUS[space["number"]])
    return out
