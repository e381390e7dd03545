"""How Isle of Skye's bots judge a position and choose a move (told to players in RULES.md).

Everything here is a pure function of what the acting seat may see: the
territories, the scoring tiles, the round, the tiles on offer, its own hidden
choices, and each other seat's gold *total* (hand plus stakes, public) while
prices are still hidden.

* :func:`projected_scores` - each seat's final score if the game stopped
  growing now: VP so far, what the scoring tiles still to come would pay for
  the territory as it stands, scrolls, whisky income to come and gold.
* :func:`evaluate` - win shares from those projections (a softmax whose
  temperature shrinks as the rounds run out): the game's ``evaluator``.
* :class:`HeuristicBot` (``heuristic``; ``greedy`` is the same bot) - places
  each tile where the projection gains most, prices tiles by comparing what
  keeping and selling them is worth, buys when the tile gains more than the
  gold and the seller's profit cost.
* :func:`rollout_policy` - a fast move with some randomness for search playouts.
"""

from __future__ import annotations

import math
from typing import cast

from meeple.core import Action, State
from meeple.core.rng import Random
from meeple.games.isle_of_skye.actions import BUILD, BUY, PASS, PRICE
from meeple.games.isle_of_skye.build_plan import BuildPlan, grown, placements
from meeple.games.isle_of_skye.data import LETTERS, ROUNDS
from meeple.games.isle_of_skye.rules import WHISKY_INCOME, IsleOfSkyeState
from meeple.games.isle_of_skye.scoring import SCORING_TILES, majority_points, scroll_points
from meeple.games.isle_of_skye.territory import Placed, Territory
from meeple.games.isle_of_skye.territory_index import TerritoryIndex

Pos = tuple[int, int]
GOLD_PER_POINT: int = ROUNDS["gold_per_final_vp"]
# Designed: what a gold is worth in points to the bots: 5 gold make a point at the end
# (chosen over 0.15 and 0.25 by measured play).
GOLD_VALUE = 1.0 / GOLD_PER_POINT
# Designed: how far apart projected scores must be (per round still to play) before
# the leader's win is taken as certain; fitted by eye to the spread of final scores.
SPREAD_PER_ROUND = 3.0
SPREAD_AT_END = 2.0
# Designed: what one more whisky tile or ship is worth beyond the majority it wins now.
MAJORITY_UNIT = 0.5
# Designed: the prices the pricing search tries. The rival model is rough, and a price
# it gets wrong costs the whole stake; low prices lose little either way. Measured
# against the frozen greedy bot in 60 paired games, caps of 15, 8, 5, 3 and 1 gold won
# 52%, 59%, 77%, 97% and 93%.
PRICE_CHOICES = (1, 2, 3)
# Designed: how much net gain (points) a rival is taken to want before it buys.
RIVAL_MARGIN = 0.5
# Designed: a buyer takes a tile whose net gain (points) is above this. Below zero, because
# the territory is valued as it stands: a tile's room for what later tiles and scoring tiles
# will pay is not counted, so a tile is worth more than its gain now. Measured: against a
# bot buying only above 0.3, a variant buying above -1 won 60.4% of 400 games.
BUY_MARGIN = -1.0
# Designed: how much more than its worth in final points the heuristic values whisky income
# when it chooses (income buys tiles during the game); evaluate() counts it at its final worth.
# Measured together with BUY_MARGIN: 3 played better than 2 and 4.
INCOME_WEIGHT = 3.0


# ------------------------------------------------------------------ judgement
def uses_left(state: IsleOfSkyeState) -> dict[str, int]:
    """How many more times each chosen scoring tile will score (this round included)."""
    return {
        tile_id: sum(1 for r in state.rounds if r.number >= state.round and letter in r.letters)
        for letter, tile_id in zip(LETTERS, state.scoring, strict=True)
    }


def public_gold(state: IsleOfSkyeState, seat: int) -> int:
    """A seat's gold as everyone knows it: hand plus stakes (the split is hidden while pricing)."""
    return state.gold[seat] + sum(state.prices[seat])


def rounds_left(state: IsleOfSkyeState) -> int:
    """Rounds still to start after this one."""
    return len(state.rounds) - state.round


# A trial placement is judged on a copy of the territory's index (territory_index.py) with the
# one tile taken in, not by analysing the whole territory afresh: the answers are the
# same, at a fraction of the cost (the bots judge thousands of trials a game).
Grown = tuple[Placed, TerritoryIndex]


def as_is(state: IsleOfSkyeState, seat: int) -> Grown:
    """The seat's territory as it stands, with its index."""
    return state.placed[seat], state._territory_index(seat)


def with_tile(territory: Grown, pos: Pos, tid: int, rot: int) -> Grown:
    """``territory`` with ``tid`` turned ``rot`` placed at ``pos`` (the original is unchanged)."""
    placed, index = territory
    trial = dict(placed)
    trial[pos] = (tid, rot)
    index = index.copy()
    index.add(trial, pos, tid, rot)
    return trial, index


class Outlook:
    """What a position promises each seat, computed once per decision.

    ``others[s]`` holds the majority measures (whisky tiles, ships) of every
    territory, so a trial placement of one seat is judged against the others
    as they stand.
    """

    __slots__ = ("gains", "income_weight", "measures", "state", "uses")

    def __init__(self, state: IsleOfSkyeState, income_weight: float = 1.0) -> None:
        self.state = state
        self.income_weight = income_weight  # whisky income's weight: 1 to project the score
        self.uses = uses_left(state)
        self.measures: dict[str, list[int]] = {}
        self.gains: dict[tuple[int, int], tuple[float, Pos | None, int]] = {}
        territories = [Territory(*as_is(state, s)) for s in range(state.players)]
        for tile_id in self.uses:
            measure = SCORING_TILES[tile_id].measure
            if measure is not None and tile_id != "gold":
                self.measures[tile_id] = [measure(t, 0) for t in territories]

    def value(self, seat: int, placed: Placed, index: TerritoryIndex | None = None) -> float:
        """Points ``seat``'s territory ``placed`` (``index``: its index, made here if not given)
        is still worth: scoring tiles to come, scrolls, whisky income."""
        if index is None:
            index = TerritoryIndex.of(placed)
        t = Territory(placed, index)
        total = 0.0
        for tile_id, uses in self.uses.items():
            if uses:
                total += uses * self._tile_points(tile_id, seat, t)
        total += sum(points for _kind, points, _doubled in scroll_points(t))
        whisky = WHISKY_INCOME * index.connected_whisky_tiles()
        return total + whisky * rounds_left(self.state) * GOLD_VALUE * self.income_weight

    def _tile_points(self, tile_id: str, seat: int, t: Territory) -> float:
        tile = SCORING_TILES[tile_id]
        if tile.points is not None:
            return float(tile.points(t))
        if tile_id == "gold" or tile.measure is None:
            return 0.0  # gold is valued as gold
        values = list(self.measures[tile_id])
        values[seat] = tile.measure(t, 0)
        # The majority it would take now, plus a little per unit (a lead can still be lost).
        return majority_points(values)[seat] + MAJORITY_UNIT * values[seat]

    def gain(self, seat: int, tid: int, plan: BuildPlan | None = None) -> tuple[float, Pos | None, int]:
        """(points gained, square, rotation) of the best placement of ``tid`` for ``seat``; square None if none."""
        if plan is None and (seat, tid) in self.gains:
            return self.gains[seat, tid]
        state = self.state
        territory = as_is(state, seat)
        base = self.value(seat, *territory)
        best: tuple[float, Pos | None, int] = (0.0, None, 0)
        for pos, rot in placements(state.frontier[seat], tid):
            if plan is not None and not plan.good(tid, pos, rot):
                continue
            gained = self.value(seat, *with_tile(territory, pos, tid, rot)) - base + _compactness(territory[0], pos)
            if best[1] is None or gained > best[0]:
                best = (gained, pos, rot)
        if plan is None:
            self.gains[seat, tid] = best
        return best


def _compactness(placed: Placed, pos: Pos) -> float:
    """A tie-breaker toward compact territories (squares, closed areas, room later): 0.05 per neighbour."""
    x, y = pos
    return 0.05 * sum(1 for nb in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)) if nb in placed)


def projected_scores(state: IsleOfSkyeState) -> list[float]:
    """Each seat's projected final score: VP, what its territory will still earn, and its gold."""
    outlook = Outlook(state)
    return [
        state.vp[s] + outlook.value(s, *as_is(state, s)) + public_gold(state, s) / GOLD_PER_POINT
        for s in range(state.players)
    ]


def win_shares(scores: list[float], spread: float) -> tuple[float, ...]:
    """A softmax of ``scores``: each seat's chance of winning when final scores may still move by ``spread``."""
    top = max(scores)
    weights = [math.exp((s - top) / spread) for s in scores]
    total = sum(weights)
    return tuple(w / total for w in weights)


def evaluate(game: State) -> tuple[float, ...]:
    """Each seat's expected share of the win in a running game (``GameInfo.evaluator``)."""
    state = cast(IsleOfSkyeState, game)  # (the hook is declared for any game's state)
    spread = SPREAD_AT_END + SPREAD_PER_ROUND * (rounds_left(state) + 1)
    return win_shares(projected_scores(state), spread)


# ------------------------------------------------------------------ the bot
def _offered(state: IsleOfSkyeState, tid: int) -> tuple[int, int]:
    """(seller, price) of a tile on offer."""
    for seller in range(state.players):
        if tid in state.drawn[seller]:
            return seller, state.prices[seller][state.drawn[seller].index(tid)]
    raise ValueError(f"tile {tid} is not on offer")


class HeuristicBot:
    """Plays toward the end of the game by the projections above (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Random(seed)
        self._planned: tuple[tuple[object, ...], tuple[int, Pos, int]] | None = None
        self._judged: tuple[tuple[object, ...], Outlook] | None = None

    def choose(self, state: IsleOfSkyeState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        outlook = self._outlook(state)
        if state.phase == PRICE:
            return self._pricing(state, seat, outlook, legal)
        if state.phase == BUY:
            return self._buying(state, seat, outlook, legal)
        return self._building(state, seat, outlook, legal)

    def _outlook(self, state: IsleOfSkyeState) -> Outlook:
        """The position's ``Outlook``, kept while nothing it reads changes: every seat's
        discard, prices and buys of a round are judged on the same territories, so the
        tiles' gains are worked out once a round, not once a decision."""
        key = (state.scoring, state.players, state.round, tuple(tuple(p.items()) for p in state.placed))
        if self._judged is None or self._judged[0] != key:
            self._judged = (key, Outlook(state, INCOME_WEIGHT))
        outlook = self._judged[1]
        outlook.state = state  # the same position, perhaps another copy of it
        return outlook

    # The value to ``seat`` of another seat gaining a point: in a 2-player game a point
    # for the rival is a point against us; with more players it is spread over them.
    @staticmethod
    def _rival_weight(state: IsleOfSkyeState) -> float:
        return 1.0 / (state.players - 1)

    def _rivals(self, state: IsleOfSkyeState, seat: int, outlook: Outlook, tid: int) -> tuple[float, int]:
        """(points, purse) of the rival who would gain most from ``tid``, by public information."""
        best, purse = 0.0, 0
        for other in range(state.players):
            if other != seat:
                gained = outlook.gain(other, tid)[0]
                if gained > best:
                    best, purse = gained, public_gold(state, other) - 2
        return best, purse

    def _offer_value(
        self, state: IsleOfSkyeState, prices: dict[int, int], tiles: dict[int, tuple[float, float, int]]
    ) -> float:
        """What offering ``tiles`` (tile -> (our gain, best rival's gain, its purse)) at ``prices`` is worth to us.

        A rival buys a tile when it gains more than the gold (by ``RIVAL_MARGIN``);
        with two players the one rival buys only the best of them.
        """
        weight = self._rival_weight(state)
        nets = {
            tid: theirs - prices[tid] * GOLD_VALUE - RIVAL_MARGIN
            for tid, (_mine, theirs, purse) in tiles.items()
            if prices[tid] <= purse
        }
        sold = {tid for tid, net in nets.items() if net > 0}
        if state.players == 2 and sold:
            sold = {max(sold, key=lambda t: (nets[t], t))}
        total = 0.0
        for tid, (mine, theirs, _purse) in tiles.items():
            if tid in sold:
                total += prices[tid] * GOLD_VALUE - weight * (theirs - prices[tid] * GOLD_VALUE)
            else:
                total += mine - prices[tid] * GOLD_VALUE
        return total

    def _best_prices(
        self, state: IsleOfSkyeState, seat: int, outlook: Outlook, kept: list[int], fixed: dict[int, int]
    ) -> tuple[float, dict[int, int]]:
        """The best prices for the ``kept`` tiles (``fixed``: those already set), within our gold."""
        tiles = {tid: (outlook.gain(seat, tid)[0], *self._rivals(state, seat, outlook, tid)) for tid in kept}
        free = [tid for tid in kept if tid not in fixed]
        budget = public_gold(state, seat) - sum(fixed.values())
        best: tuple[float, dict[int, int]] = (-math.inf, dict(fixed))
        for combo in _price_combos(len(free), budget):
            prices = {**fixed, **dict(zip(free, combo, strict=True))}
            value = self._offer_value(state, prices, tiles)
            if value > best[0]:
                best = (value, prices)
        return best

    def _pricing(self, state: IsleOfSkyeState, seat: int, outlook: Outlook, legal: list[Action]) -> Action:
        drawn = state.drawn[seat]
        if state.discarded[seat] < 0:
            worth = {
                tid: self._best_prices(state, seat, outlook, [t for t in drawn if t != tid], {})[0] for tid in drawn
            }
            keep_most = max(worth, key=lambda t: (worth[t], -t))
            return next(a for a in legal if int(a.args[0]) == keep_most)
        kept = [t for t in drawn if t != state.discarded[seat]]
        fixed = {t: state.prices[seat][drawn.index(t)] for t in kept if state.prices[seat][drawn.index(t)]}
        tid = drawn[state._to_price(seat)[0]]
        price = self._best_prices(state, seat, outlook, kept, fixed)[1].get(tid, 1)
        top = int(legal[-1].args[0])
        return legal[max(1, min(top, price)) - 1]

    def _buying(self, state: IsleOfSkyeState, seat: int, outlook: Outlook, legal: list[Action]) -> Action:
        weight = self._rival_weight(state)
        best, best_net = PASS, BUY_MARGIN
        for action in legal:
            if action.kind != "buy":
                continue
            tid = int(action.args[0])
            seller, price = _offered(state, tid)
            # The seller gets the price and its stake back instead of keeping the tile.
            seller_gain = 2 * price * GOLD_VALUE - outlook.gain(seller, tid)[0]
            net = outlook.gain(seat, tid)[0] - price * GOLD_VALUE - weight * seller_gain
            if net > best_net:
                best, best_net = action, net
        return best

    def _building(self, state: IsleOfSkyeState, seat: int, outlook: Outlook, legal: list[Action]) -> Action:
        # A placement takes three steps (tile, square, rotation) from one position of the
        # territory: the choice is worked out once and kept for the next two steps.
        key = (seat, state.round, tuple(state.received[seat]), frozenset(state.placed[seat].items()))
        if self._planned is None or self._planned[0] != key:
            self._planned = (key, _best_placement(state, seat, outlook))
        tid, pos, rot = self._planned[1]
        if state.pick_tile < 0:
            return next((a for a in legal if int(a.args[0]) == tid), legal[0])
        if state.pick_spot is None:
            return next((a for a in legal if (int(a.args[0]), int(a.args[1])) == pos), legal[0])
        return next((a for a in legal if int(a.args[0]) // 90 == rot), legal[0])


def _best_placement(state: IsleOfSkyeState, seat: int, outlook: Outlook) -> tuple[int, Pos, int]:
    """The allowed (tile, square, rotation) that gains most, looking one tile ahead:
    what it gains plus the best the next of the received tiles could then gain."""
    best: tuple[float, int, Pos, int] | None = None
    for scored in placement_scores(state, seat, outlook):
        if best is None or scored[0] > best[0]:
            best = scored
    assert best is not None, "a seat to build always has an allowed placement"
    return best[1], best[2], best[3]


def placement_scores(
    state: IsleOfSkyeState, seat: int, outlook: Outlook, look_ahead: bool = True, every_tile: bool = False
) -> list[tuple[float, int, Pos, int]]:
    """(score, tile, square, rotation) of every placement ``seat`` may still choose at this step of its
    build (the picked tile and square kept; with ``every_tile``, those of the placement's first step,
    whatever is picked), as the bot scores it: what it gains now plus, with ``look_ahead``, the best
    the next of the received tiles could then gain. A pure function of what the seat sees (its
    received tiles, the territories, the scoring tiles): the bot plays the first best, and the
    ``placement_values`` observation features show these scores to a policy."""
    received = state.received[seat]
    plan = BuildPlan(state.frontier[seat], state.placed[seat], received) if len(received) > 1 else None
    tiles = [state.pick_tile] if state.pick_tile >= 0 and not every_tile else list(received)
    spot = None if every_tile else state.pick_spot
    territory, frontier = as_is(state, seat), state.frontier[seat]
    placed = territory[0]
    base = outlook.value(seat, *territory)
    scores: list[tuple[float, int, Pos, int]] = []
    # Two tiles placed in either order make the same territory: each pair is valued once.
    pairs: dict[frozenset[tuple[Pos, int, int]], float] = {}
    for tid in tiles:
        rest = [t for t in received if t != tid] if look_ahead else []
        for pos, rot in placements(frontier, tid):
            if spot is not None and pos != spot:
                continue
            if plan is not None and not plan.good(tid, pos, rot):
                continue
            trial = with_tile(territory, pos, tid, rot)
            value = outlook.value(seat, *trial)
            score = value - base + _compactness(placed, pos)
            if rest:
                after = grown(frontier, trial[0].keys(), pos, tid, rot)
                first = (pos, tid, rot)
                score += max(_best_gain(outlook, seat, trial, after, t, value, first, pairs) for t in rest)
            scores.append((score, tid, pos, rot))
    return scores


def _best_gain(
    outlook: Outlook,
    seat: int,
    territory: Grown,
    frontier: dict[Pos, int],
    tid: int,
    base: float,
    first: tuple[Pos, int, int],
    pairs: dict[frozenset[tuple[Pos, int, int]], float],
) -> float:
    """The most placing ``tid`` anywhere in ``territory`` (open squares: ``frontier``) gains; 0 if it fits nowhere.

    ``territory`` is the seat's with ``first`` (square, tile, rotation) just placed;
    ``pairs`` keeps the value of each pair of placements already judged."""
    best = 0.0
    for pos, rot in placements(frontier, tid):
        key = frozenset((first, (pos, tid, rot)))
        value = pairs.get(key)
        if value is None:
            value = pairs[key] = outlook.value(seat, *with_tile(territory, pos, tid, rot))
        best = max(best, value - base)
    return best


def _price_combos(count: int, budget: int) -> list[tuple[int, ...]]:
    """Every tuple of ``count`` prices from ``PRICE_CHOICES`` that ``budget`` gold pays for."""
    combos: list[tuple[int, ...]] = [()]
    for _ in range(count):
        combos = [(*c, p) for c in combos for p in PRICE_CHOICES]
    return [c for c in combos if sum(c) <= budget] or [(1,) * count]


class GreedyBot(HeuristicBot):
    """The same bot under the name earlier versions used (``--bots greedy``)."""

    name = "greedy"


BOTS: tuple[type, ...] = (HeuristicBot, GreedyBot)


# ------------------------------------------------------------------ rollouts
def rollout_policy(game: State, seat: int, rng: Random) -> Action:
    """A fast move with some randomness: modest prices, cheap buys, compact placements."""
    state = cast(IsleOfSkyeState, game)  # (the hook is declared for any game's state)
    legal = state._legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if state.phase == PRICE:
        if state.discarded[seat] < 0:
            return legal[rng.randrange(len(legal))]
        return legal[min(len(legal), rng.randint(1, 3 + state.gold[seat] // 4)) - 1]
    if state.phase == BUY:
        buys = [a for a in legal if a.kind == "buy"]
        if buys and rng.random() < 0.5:
            return min(buys, key=lambda a: (_offered(state, int(a.args[0]))[1], rng.random()))
        return PASS
    if state.phase == BUILD and state.pick_tile >= 0 and state.pick_spot is None:
        placed = state.placed[seat]
        return max(legal, key=lambda a: _compactness(placed, (int(a.args[0]), int(a.args[1]))) + rng.random() * 0.06)
    return legal[rng.randrange(len(legal))]


__all__ = [
    "BOTS",
    "GreedyBot",
    "HeuristicBot",
    "Outlook",
    "evaluate",
    "placement_scores",
    "projected_scores",
    "rollout_policy",
]
