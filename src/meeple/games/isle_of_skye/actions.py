"""Isle of Skye's action space and notation.

Tiles are named by id (5-77; castles are 0-4):

* pricing (all seats at once, hidden): ``discard T`` then ``price N`` for each
  remaining drawn tile, in the order drawn;
* buying (one seat at a time from the start player): ``buy T`` or ``pass``;
* building (one seat at a time from the start player): ``place T``, then
  ``spot X Y`` (x East, y South, the castle at 0 0), then ``rotate D``
  (0/90/180/270 clockwise).

The phase a round is in decides which of these kinds are offered, so the
phase numbers live here too.
"""

from __future__ import annotations

from meeple.core import Action
from meeple.games.isle_of_skye.data import LANDSCAPE_IDS

PRICE, BUY, BUILD, OVER = 0, 1, 2, 3
PHASE_NAMES = ("price", "buy", "build", "over")

# Bound on coordinates (castle at 0,0): a player gets at most 3 tiles a round
# (2 own unsold + 1 bought), so at most 18 landscapes in 6 rounds; the k-th
# tile placed is at most k steps from the castle.
MAX_COORD = 18
# Bound on a price: all gold paid out in one game is at most 282 (castle income,
# the most catch-up gold and whisky income from every connected whisky tile,
# summed over the rounds), and a price never exceeds the gold its seller holds,
# so this cap never binds.
MAX_PRICE = 300

DISCARD = {t: Action("discard", t) for t in LANDSCAPE_IDS}
PRICES = [Action("price", n) for n in range(MAX_PRICE + 1)]  # index = price; 0 unused
BUY_TILE = {t: Action("buy", t) for t in LANDSCAPE_IDS}
PASS = Action("pass")
PLACE = {t: Action("place", t) for t in LANDSCAPE_IDS}
SPOT = {
    (x, y): Action("spot", x, y) for y in range(-MAX_COORD, MAX_COORD + 1) for x in range(-MAX_COORD, MAX_COORD + 1)
}
ROTATE = [Action("rotate", 90 * r) for r in range(4)]

ACTION_SPACE: tuple[Action, ...] = (
    *DISCARD.values(),
    *PRICES[1:],
    *BUY_TILE.values(),
    PASS,
    *PLACE.values(),
    *SPOT.values(),
    *ROTATE,
)
# For refusing, with a reason, actions built by hand that are not in the action space.
KNOWN_ACTIONS = frozenset(ACTION_SPACE)

# Each action's index in ACTION_SPACE (what the RL environments' masks are indexed by), by what names it: the
# state lists its legal moves as these ints (``IsleOfSkyeState._legal_indices``) without building and hashing
# the actions themselves.
INDEX: dict[Action, int] = {action: i for i, action in enumerate(ACTION_SPACE)}
DISCARD_INDEX = {t: INDEX[a] for t, a in DISCARD.items()}
PRICE_INDEX = INDEX[PRICES[1]] - 1  # + n: the index of ``price n`` (1 to MAX_PRICE)
PLACE_INDEX = {t: INDEX[a] for t, a in PLACE.items()}
SPOT_INDEX = {pos: INDEX[a] for pos, a in SPOT.items()}
ROTATE_INDEX = [INDEX[a] for a in ROTATE]
