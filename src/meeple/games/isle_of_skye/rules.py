"""Isle of Skye: set-up, legality, transitions and the end of the game.

A round runs: income (automatic), then the hidden pricing phase, the buying
phase, the building phase, and scoring (automatic); the actions of each phase
are listed in ``actions.py``. Building seats go one after the other from the
start player (territories do not interact, so the order changes nothing).
This module checks and plays the seats' choices; the automatic steps between
them (income and draws, the reveal, the unsold tiles, the builders' order,
scoring) are in ``round_sequence.py``. The legality tests with their refusal
reasons are in ``refusals.py``; views and determinized copies in ``observe.py``;
the bots in ``bot.py``.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any

from meeple.core import Action, State
from meeple.core.rng import Random
from meeple.games.isle_of_skye import observe, refusals
from meeple.games.isle_of_skye.actions import (
    ACTION_SPACE,
    BUILD,
    BUY,
    BUY_TILE,
    DISCARD,
    DISCARD_INDEX,
    INDEX,
    OVER,
    PASS,
    PLACE,
    PLACE_INDEX,
    PRICE,
    PRICE_INDEX,
    PRICES,
    ROTATE_INDEX,
    SPOT,
    SPOT_INDEX,
)
from meeple.games.isle_of_skye.build_plan import ROTATIONS_OFFERED, BuildFacts, BuildPlan, all_out_of_reach
from meeple.games.isle_of_skye.data import (
    ASKED_OF_NEIGHBOURS,
    FITS,
    LANDSCAPE_IDS,
    ROUNDS,
    RoundInfo,
    rounds_for,
)
from meeple.games.isle_of_skye.log_text import NUMBER_TEXT, SQUARE_TEXT, TURN_TEXT
from meeple.games.isle_of_skye.refusals import (
    buy_refusal,
    discard_refusal,
    fit_refusal,
    price_cap,
    price_refusal,
)
from meeple.games.isle_of_skye.round_sequence import (
    ALONE,
    ORDERS,
    STILL_CHOOSING,
    finish_buying,
    next_builder,
    return_unplaceable,
    reveal,
    start_round,
)
from meeple.games.isle_of_skye.scoring import SCORING_IDS, FinalTally, chosen_scoring, parse_scoring_option
from meeple.games.isle_of_skye.territory import Placed
from meeple.games.isle_of_skye.territory_index import NEXT_TO, OPEN_SIDES, TerritoryIndex, castle_index, next_to

CASTLE_INCOME: int = ROUNDS["castle_income"]
WHISKY_INCOME: int = ROUNDS["whisky_income_per_connected_tile"]
STARTING_GOLD: int = ROUNDS["starting_gold"]
END_REASONS = ("rounds",)
# The indices (``actions.INDEX``) of the rotate steps of each set of rotations (``ROTATIONS_OFFERED``).
ROTATIONS_INDICES: dict[tuple[int, ...], tuple[int, ...]] = {
    rots: tuple(ROTATE_INDEX[r] for r in rots) for rots in ROTATIONS_OFFERED
}
# Build plans by (received tiles, open squares): what a territory's frontier allows
# depends on nothing else (build_plan.py), so every copy of a state may share them.
_PLAN_MEMO: dict[tuple[object, ...], BuildPlan] = {}

__all__ = ["ACTION_SPACE", "END_REASONS", "IsleOfSkyeState", "parse_scoring_option"]


class IsleOfSkyeState(State):
    """A game of Isle of Skye for 2 to 5 players."""

    __slots__ = (
        # Bookkeeping, not position (``snapshot`` leaves "__" names out): the build facts
        # (squares and plan) in use; each territory's index (territory_index.py); whether
        # this state owns each index; ``to_move`` and ``is_over`` as last worked out
        # (``_set_movers``).
        "__build",
        "__index",
        "__movers",
        "__over",
        "__owned",
        "bag",
        "builder",
        "buy_step",
        "discarded",
        "done",
        "drawn",
        "events",
        "final",
        "frontier",
        "gold",
        "phase",
        "pick_spot",
        "pick_tile",
        "placed",
        "prices",
        "received",
        "round",
        "rounds",
        "scored",
        "scoring",
        "sold_to",
        "start",
        "vp",
    )

    round: int
    rounds: tuple[RoundInfo, ...]
    phase: int
    start: int
    scoring: tuple[str, ...]
    gold: list[int]  # gold in hand (not staked on a tile)
    vp: list[int]
    bag: list[int]
    drawn: list[list[int]]  # this round's offer of each seat, in the order drawn
    discarded: list[int]  # tile each seat marked to discard (-1: not yet)
    prices: list[list[int]]  # gold staked on each drawn tile (0: none)
    sold_to: list[list[int]]  # buyer of each drawn tile (-1: unsold)
    done: list[bool]  # seat has finished its hidden choices
    buy_step: int  # how many seats have bought or passed
    received: list[list[int]]  # tiles still to place this round
    placed: list[Placed]  # territories
    frontier: list[dict[tuple[int, int], int]]  # empty squares next to a territory -> neighbour pattern
    builder: int
    pick_tile: int
    pick_spot: tuple[int, int] | None
    events: list[str]
    scored: list[tuple[int, str, tuple[int, ...]]]  # (round, letter, points per seat), all rounds so far
    final: list[FinalTally] | None

    @classmethod
    def resolve_options(cls, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Check the ``scoring`` option before any set-up, so whatever resolves options
        without making a game (the RL encoders) refuses a bad one too; the
        value itself is kept as given (``random`` is drawn at set-up, see ``__init__``)."""
        chosen_scoring(str(options.get("scoring", "random")))
        return options

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(players, seed, options)
        # The generator always draws a random set first, whatever the option says,
        # so the game that follows does not depend on it; the option is then
        # stored as the four tiles actually used, and a record of a "random" or
        # "first-game" game replays the same game from its seed (RULES.md, Set-up).
        drawn = tuple(self.rng.sample(SCORING_IDS, 4))
        self.scoring = parse_scoring_option(str(options.get("scoring", "random")), drawn)
        self.options = {**options, "scoring": ",".join(self.scoring)}
        self.rounds = rounds_for(players)
        self.round = 0
        self.phase = PRICE
        self.start = 0  # the youngest player: seat 0 by convention
        self.gold = [STARTING_GOLD] * players
        self.vp = [0] * players
        self.bag = list(LANDSCAPE_IDS)
        self.placed = [{(0, 0): (seat, 0)} for seat in range(players)]
        self.frontier = [{} for _ in range(players)]
        for seat in range(players):
            self._grow_frontier(seat, (0, 0), seat, 0)
        self.drawn = [[] for _ in range(players)]
        self.discarded = [-1] * players
        self.prices = [[] for _ in range(players)]
        self.sold_to = [[] for _ in range(players)]
        self.done = [False] * players
        self.buy_step = 0
        self.received = [[] for _ in range(players)]
        self.builder = -1
        self.pick_tile = -1
        self.pick_spot = None
        self.events = []
        self.scored = []
        self.final = None
        # The squares each received tile fits and the build plan, with what they were found
        # for (``_build_facts``).
        self.__build: BuildFacts | None = None
        # Each territory's index (territory_index.py), and whether this state alone holds it
        # (a clone shares it until one of them places a tile there). A castle alone has the
        # same index in every game, so a new game starts from shared ones.
        self.__index: list[TerritoryIndex | None] = [castle_index(seat) for seat in range(players)]
        self.__owned = [False] * players
        self.__movers: tuple[int, ...] = ()
        self.__over = False
        start_round(self)

    # ------------------------------------------------------------ helpers
    @property
    def round_info(self) -> RoundInfo:
        return self.rounds[self.round - 1]

    def _order(self) -> tuple[int, ...]:
        """Seats in turn order from the start player."""
        return ORDERS[self.players][self.start]

    def _log(self, *texts: str) -> None:
        """Add events to the log, which keeps its last 41-60. Trimmed by 20 once past 60, as
        if after each event: the same list as adding them one at a time (so several events
        of one moment are added in one call)."""
        events = self.events
        events += texts
        while len(events) > 60:
            del events[:20]

    def _grow_frontier(self, seat: int, pos: tuple[int, int], tid: int, rot: int) -> None:
        """Record a tile placed at ``pos``: its empty neighbours now see its edges."""
        placed = self.placed[seat]
        frontier = self.frontier[seat]
        frontier.pop(pos, None)
        get = frontier.get
        for nb, code in zip(NEXT_TO.get(pos) or next_to(pos), ASKED_OF_NEIGHBOURS[tid][rot], strict=True):
            if nb not in placed:
                frontier[nb] = get(nb, 0) | code

    def _build_facts(self, seat: int) -> BuildFacts:
        """The squares each tile the seat has still to place fits (in frontier order),
        found once per placement: they decide which tiles can go, whether a build plan is
        needed and where each tile goes; and, once asked for, the plan (``_build_plan``).

        Kept for the seat's placements from this territory with these tiles: the key holds
        the territory itself and its size (a territory only grows) and the tiles still to
        place, so a copy or a changed position never reads stale facts.
        """
        received = self.received[seat]
        placed = self.placed[seat]
        kept = self.__build
        if (
            kept is not None
            and kept.seat == seat
            and kept.placed is placed
            and kept.size == len(placed)
            and kept.received == received
        ):
            return kept
        items = self.frontier[seat].items()
        spots: dict[int, list[tuple[int, int]]] = {}
        for tid in received:
            fits = FITS[tid]
            squares: list[tuple[int, int]] = []
            spots[tid] = squares
            for pos, code in items:  # (loops written out here and below: no comprehension frames)
                if fits[code]:
                    squares.append(pos)
        kept = self.__build = BuildFacts(seat, placed, list(received), spots)
        return kept

    def _can_place(self, seat: int, tid: int) -> bool:
        fits = FITS[tid]
        return any(fits[code] for code in self.frontier[seat].values())

    def _territory_index(self, seat: int) -> TerritoryIndex:
        """The index of the seat's territory (made afresh if the territory was changed by hand)."""
        index = self.__index[seat]
        placed = self.placed[seat]
        if index is None or not index.describes(placed):
            index = self.__index[seat] = TerritoryIndex.of(placed)
            self.__owned[seat] = True
        return index

    def income(self, seat: int) -> tuple[int, int, int]:
        """(castle, whisky, catch-up) gold ``seat`` receives at the start of this round."""
        mine = self.vp[seat]
        ahead = 0
        for points in self.vp:
            if points > mine:
                ahead += 1
        whisky = WHISKY_INCOME * self._territory_index(seat).connected_whisky_tiles()
        return CASTLE_INCOME, whisky, self.rounds[self.round - 1].gold_per_player_ahead * ahead  # (``round_info``)

    # ------------------------------------------------------------ protocol
    def _set_movers(self) -> None:
        """Work out who is to move (``to_move``) and whether the game is over (``is_over``)
        from the phase, and keep both: called wherever the phase, the builder, the buyer or
        a seat's hidden choices change (``round_sequence.py`` and the moves below). A test
        that sets those fields by hand calls it too."""
        phase = self.phase
        movers: tuple[int, ...]
        if phase == BUILD:
            movers = ALONE[self.builder]
        elif phase == PRICE:
            movers = STILL_CHOOSING[tuple(self.done)]
        elif phase == BUY:
            movers = ALONE[(self.start + self.buy_step) % self.players]
        else:
            movers = ()
        self.__movers = movers
        self.__over = phase == OVER

    # ``to_move`` and ``is_over`` are asked several times every step (the core's
    # ``legal_actions`` and ``apply``, every playout loop), so they read what
    # ``_set_movers`` kept, through a getter written in C: a property written in Python
    # costs about twice as many machine instructions (counted with valgrind).
    if TYPE_CHECKING:

        @property
        def to_move(self) -> tuple[int, ...]: ...

        @property
        def is_over(self) -> bool: ...

    else:
        to_move = property(attrgetter("_IsleOfSkyeState__movers"), doc="Seats that may act now; () once over.")
        is_over = property(attrgetter("_IsleOfSkyeState__over"), doc="Whether the last round has been scored.")

    def _to_price(self, seat: int) -> list[int]:
        """Indices of the seat's drawn tiles still waiting for a price."""
        discard = self.discarded[seat]
        prices = self.prices[seat]
        return [i for i, t in enumerate(self.drawn[seat]) if not prices[i] and t != discard]

    def _legal_actions(self, seat: int) -> list[Action]:
        """The legal actions, in a new list. Building first (most steps are build steps): the
        steps of a placement that keep the most received tiles placeable (build_plan.py)."""
        phase = self.phase
        if phase == BUILD:
            facts = self.__build
            placed = self.placed[seat]
            if not (  # ``_build_facts``'s test of the facts kept, inlined (asked at every build step)
                facts is not None
                and facts.placed is placed  # (a seat's own territory: so the seat's too)
                and facts.size == len(placed)
                and facts.received == self.received[seat]
            ):
                facts = self._build_facts(seat)
            plan = facts.plan if facts.planned else self._plan_of(facts)
            tid = self.pick_tile
            if plan is None:
                if tid < 0:
                    spots = facts.spots
                    tiles = []
                    for t in facts.received:
                        if spots[t]:
                            tiles.append(PLACE[t])
                    return tiles
                if self.pick_spot is None:
                    return list(map(SPOT.__getitem__, facts.spots[tid]))
                return list(ROTATIONS_OFFERED[FITS[tid][self.frontier[seat][self.pick_spot]]])
            return list(plan.steps(tid, self.pick_spot))
        if phase == PRICE:
            if self.discarded[seat] < 0:  # (``discard_refusal``: each drawn tile may go)
                return [DISCARD[t] for t in self.drawn[seat]]
            return PRICES[1 : price_cap(self, seat) + 1]
        if phase == BUY:
            # Others' unsold offers the seat can pay for: ``offer_refusal``'s tests, written
            # out (a call per tile would double this list's cost); tests/isle_of_skye/
            # test_fast_paths.py checks the list against ``_is_legal``, which asks them.
            purse = self.gold[seat]
            actions = []
            for other, drawn, discard, prices, sold in zip(  # noqa: B905  (one of each per seat)
                range(self.players), self.drawn, self.discarded, self.prices, self.sold_to
            ):
                if other != seat:
                    for i, tid in enumerate(drawn):
                        if sold[i] < 0 and tid != discard and prices[i] <= purse:
                            actions.append(BUY_TILE[tid])
            actions.append(PASS)
            return actions
        return []

    def _legal_indices(self, seat: int) -> list[int]:
        """The indices in ``ACTION_SPACE`` of ``_legal_actions(seat)``, in its order, for a seat that is to
        move: what the RL environments build their masks from, each move named by its index (read from a
        table) instead of built as an action and then hashed to find it. The build steps with no plan and
        the pricing, most of the steps, are listed here with ``_legal_actions``'s tests, written out again;
        the rest are the indices of its list. tests/isle_of_skye/test_fast_paths.py checks the two agree."""
        phase = self.phase
        if phase == BUILD:
            facts = self.__build
            placed = self.placed[seat]
            if not (  # (as ``_legal_actions`` asks)
                facts is not None
                and facts.placed is placed
                and facts.size == len(placed)
                and facts.received == self.received[seat]
            ):
                facts = self._build_facts(seat)
            if (facts.plan if facts.planned else self._plan_of(facts)) is None:
                tid = self.pick_tile
                if tid < 0:
                    spots = facts.spots
                    tiles = []
                    for t in facts.received:
                        if spots[t]:
                            tiles.append(PLACE_INDEX[t])
                    return tiles
                if self.pick_spot is None:
                    return list(map(SPOT_INDEX.__getitem__, facts.spots[tid]))
                return list(ROTATIONS_INDICES[FITS[tid][self.frontier[seat][self.pick_spot]]])
        elif phase == PRICE:
            if self.discarded[seat] < 0:
                return [DISCARD_INDEX[t] for t in self.drawn[seat]]
            top = price_cap(self, seat)  # (never above MAX_PRICE, and never below -1 in a game)
            if top >= -1:
                return list(range(PRICE_INDEX + 1, PRICE_INDEX + 1 + top))
        return list(map(INDEX.__getitem__, self._legal_actions(seat)))

    def _is_legal(self, action: Action, seat: int) -> bool:
        """``action in self._legal_actions(seat)``, answered without building the list, by
        the tests that also give ``refusals.explain`` its reasons (an action is a tuple: its kind,
        then its arguments)."""
        phase = self.phase
        if phase == BUILD:
            return self._build_legal(action, seat)
        size = len(action)
        if phase == PRICE:
            if size != 2:
                return False
            kind = action[0]
            if kind == "discard":
                return discard_refusal(self, seat, action[1]) is None
            return kind == "price" and price_refusal(self, seat, action[1]) is None
        if phase == BUY:
            if size == 1:
                return action[0] == "pass"
            return size == 2 and action[0] == "buy" and buy_refusal(self, seat, action[1]) is None
        return False

    def _build_legal(self, action: Action, seat: int) -> bool:
        if self._build_plan(seat) is not None:
            return action in self._legal_actions(seat)
        return fit_refusal(self, seat, action) is None

    def _build_plan(self, seat: int) -> BuildPlan | None:
        """The plan behind the seat's build steps (build_plan.py), or ``None`` when every
        placement that fits keeps the other tiles placeable (then no plan is needed);
        kept with the seat's build facts (``_build_facts``)."""
        return self._plan_of(self._build_facts(seat))

    def _plan_of(self, facts: BuildFacts) -> BuildPlan | None:
        if facts.planned:
            return facts.plan
        seat, placed, received = facts.seat, facts.placed, facts.received
        plan = None
        if not (len(received) == 1 or all_out_of_reach(facts.spots)):
            # In frontier order: the plan lists squares in that order, so a frontier holding the same
            # squares in another order must not read this one's plan.
            content = (tuple(received), tuple(self.frontier[seat].items()))
            plan = _PLAN_MEMO.get(content)
            if plan is None:
                plan = BuildPlan(self.frontier[seat], placed, received, facts.spots)
                if len(_PLAN_MEMO) >= 64:
                    _PLAN_MEMO.clear()
                _PLAN_MEMO[content] = plan
        facts.planned = True
        facts.plan = plan
        return plan

    def _apply(self, action: Action, seat: int) -> None:
        # By the kind (``action[0]``, what ``action.kind`` reads, without its property call);
        # each handler reads its own arguments from the action. The two build steps that
        # only note a choice (two moves in five) are done here, without a handler's call.
        kind = action[0]
        if kind == "spot":
            self.pick_spot = (int(action[1]), int(action[2]))
        elif kind == "place":
            self.pick_tile = int(action[1])
        else:
            APPLY[kind](self, seat, action)  # type: ignore[index]  # an action's kind is its first item

    def _set_price(self, seat: int, action: Action) -> None:
        # The first tile still waiting (``_to_price``) gets the price.
        prices = self.prices[seat]
        index = prices.index(0)  # the first priced 0, unless that is the discard (priced 0 too)
        if self.drawn[seat][index] == self.discarded[seat]:
            index = prices.index(0, index + 1)
        price = int(action[1])  # at least 1 (legal), so the tile stops waiting
        prices[index] = price
        self.gold[seat] -= price
        if prices.count(0) == 1:  # only the discard is left at 0: nothing waits
            self._finish_choosing(seat)

    def _discard(self, seat: int, action: Action) -> None:
        self.discarded[seat] = int(action[1])
        if self.prices[seat].count(0) == 1:  # nothing else was drawn, so nothing waits
            self._finish_choosing(seat)

    def _buy_tile(self, seat: int, action: Action) -> None:
        self._buy(seat, int(action[1]))

    def _pass(self, seat: int, action: Action) -> None:
        self._log(f"seat {NUMBER_TEXT[seat]} passes")
        self._next_buyer()

    def _rotate(self, seat: int, action: Action) -> None:
        """Place the tile chosen on the square chosen, turned as ``action`` says."""
        rot = int(action[1]) // 90
        tid = self.pick_tile
        pos = self.pick_spot
        assert pos is not None
        placed = self.placed[seat]
        frontier = self.frontier[seat]
        # The territory's index takes the tile in, if it still describes the territory
        # (``describes``, its usual answer first: the last tile it took in is still there);
        # else it is made afresh when next read. A shared index is copied first.
        index = self.__index[seat]
        if index is not None:
            last = index.last
            if not (
                last is not None and index.count == len(placed) and placed.get(last[0]) is last[1]
            ) and not index.describes(placed):
                index = None
        placed[pos] = (tid, rot)
        if index is None:
            self.__index[seat] = None
        else:
            if not self.__owned[seat]:
                index = self.__index[seat] = index.copy()
                self.__owned[seat] = True
            index.add(placed, pos, tid, rot, frontier.get(pos))  # (its pattern: the sides that meet a tile)
        # The frontier grows (``_grow_frontier``, written out): the squares on the sides its
        # pattern asks nothing of (no tile there) now see the tile's edges.
        pattern = frontier.pop(pos, None)
        if pattern is None:
            self._grow_frontier(seat, pos, tid, rot)  # (a position set up by hand)
        else:
            get = frontier.get
            around, asked = NEXT_TO.get(pos) or next_to(pos), ASKED_OF_NEIGHBOURS[tid][rot]
            for d in OPEN_SIDES[pattern]:
                nb = around[d]
                frontier[nb] = get(nb, 0) | asked[d]
        self.received[seat].remove(tid)
        self.pick_tile = -1
        self.pick_spot = None
        # (numbers read from made texts: ``log_text.NUMBER_TEXT``)
        self._log(f"seat {NUMBER_TEXT[seat]} places {NUMBER_TEXT[tid]} at {SQUARE_TEXT[pos]} turned {TURN_TEXT[rot]}")
        return_unplaceable(self, seat)
        if not self.received[seat]:
            next_builder(self)

    def _finish_choosing(self, seat: int) -> None:
        self.done[seat] = True
        if all(self.done):
            reveal(self)
        else:
            self._set_movers()

    def _buy(self, buyer: int, tid: int) -> None:
        for seller in range(self.players):
            if tid in self.drawn[seller]:
                index = self.drawn[seller].index(tid)
                price = self.prices[seller][index]
                self.gold[buyer] -= price
                self.gold[seller] += 2 * price  # the price paid, plus the seller's own stake back
                self.prices[seller][index] = 0
                self.sold_to[seller][index] = buyer
                self.received[buyer].append(tid)
                text = NUMBER_TEXT  # (numbers read from made texts)
                self._log(f"seat {text[buyer]} buys {text[tid]} from seat {text[seller]} for {text[price]}")
                break
        self._next_buyer()

    def _next_buyer(self) -> None:
        self.buy_step += 1
        if self.buy_step == self.players:
            finish_buying(self)
        else:
            self._set_movers()

    def _explain_illegal(self, action: Action, seat: int) -> str:
        return refusals.explain(self, action, seat)

    @property
    def end_reason(self) -> str | None:
        """The game always ends after its last round (5 or 6)."""
        return "rounds" if self.phase == OVER else None

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(self.vp)

    @property
    def winners(self) -> tuple[int, ...]:
        if self.phase != OVER:
            return ()
        best = max(zip(self.vp, self.gold, strict=True))
        return tuple(seat for seat in range(self.players) if (self.vp[seat], self.gold[seat]) == best)

    # ------------------------------------------------------------ views
    # A TypedDict is not a dict[str, Any] to mypy, though it is one at run time; the narrower
    # return type lets code that holds an IsleOfSkyeState (bots, views, the encoder) read each
    # key typed, and generic code still sees State.observation's dict[str, Any].
    def observation(self, seat: int | None) -> observe.IsleOfSkyeObservation:  # type: ignore[override]
        return observe.observation(self, seat)

    def move_text(self, index: int, viewer: int | None) -> str | None:
        return observe.move_text(self, index, viewer)

    # ------------------------------------------------------------ copies
    def clone(self) -> IsleOfSkyeState:
        new = IsleOfSkyeState.__new__(IsleOfSkyeState)
        self._copy_base_into(new)
        new.round = self.round
        new.rounds = self.rounds
        new.phase = self.phase
        new.start = self.start
        new.scoring = self.scoring
        new.gold = self.gold.copy()
        new.vp = self.vp.copy()
        new.bag = self.bag.copy()
        new.drawn = [x.copy() for x in self.drawn]
        new.discarded = self.discarded.copy()
        new.prices = [x.copy() for x in self.prices]
        new.sold_to = [x.copy() for x in self.sold_to]
        new.done = self.done.copy()
        new.buy_step = self.buy_step
        new.received = [x.copy() for x in self.received]
        new.placed = [x.copy() for x in self.placed]
        new.frontier = [x.copy() for x in self.frontier]
        new.builder = self.builder
        new.pick_tile = self.pick_tile
        new.pick_spot = self.pick_spot
        new.events = self.events.copy()
        new.scored = self.scored.copy()
        new.final = None if self.final is None else [f.copy() for f in self.final]
        new.__build = None
        new.__index = self.__index.copy()
        new.__owned = [False] * self.players
        new.__movers = self.__movers
        new.__over = self.__over
        self.__owned = [False] * self.players
        return new

    def determinize(self, seat: int, rng: Random) -> IsleOfSkyeState:
        return observe.determinize(self, seat, rng)


# How each other kind of action changes the state (the action was checked legal first;
# ``place`` and ``spot`` only note the choice, in ``_apply``).
APPLY = {
    "price": IsleOfSkyeState._set_price,
    "discard": IsleOfSkyeState._discard,
    "buy": IsleOfSkyeState._buy_tile,
    "pass": IsleOfSkyeState._pass,
    "rotate": IsleOfSkyeState._rotate,
}
