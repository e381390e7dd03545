"""Ivor the Engine: the state and its transitions.

A turn is a short sequence of small actions:

* the sheep at the wagon's location is taken automatically when the turn starts;
* ``move <location> <coal> coal`` (to a location the wagon can reach and stop at with
  the moves and coal it has, by a route no other beats in free moves and coal left:
  see ``routes.py``), ``buy coal``, ``job <card>`` (complete a job here),
  ``special <card>`` (play the card's special action; some then ask for a target:
  ``idris <location>``, ``runaway <location>`` or ``take <card>``), and ``end``;
* ``take <card>`` from the card line;
* ``discard <card>`` while the hand holds more than 4 cards;
* the card line is then refilled (events take effect) and the next turn starts.

Before the first turn each player places their wagon: ``place <location>``.
Every designed rule and resolved ambiguity is listed in RULES.md. This module holds
the rules only; the action objects and phase names are in ``actions.py``, movement in
``routes.py``, event cards in ``events.py``, the checks that decide legality (each
with its refusal in words, used both here and to explain a refusal) in ``refusals.py``,
observations in ``observe.py``; it imports no view and no bot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meeple.core import Action, State
from meeple.core.actions import normalize_notation
from meeple.core.rng import Random
from meeple.games.ivor import events, observe, refusals
from meeple.games.ivor.actions import (
    ACTION_ROWS,
    DISCARD,
    EXTRA_CARD,
    IDRIS,
    INDEX_ROWS,
    MOVE,
    MOVE_ACT,
    OVER,
    PLACE,
    RUNAWAY,
    TAKE,
    MoveAction,
    Rows,
    T,
)
from meeple.games.ivor.data import DATA, Job
from meeple.games.ivor.refusals import (
    EVENT_NEEDS_GOLD,
    buy_refusal,
    job_site_refusal,
    place_refusal,
    runaway_refusal,
    special_refusal,
)
from meeple.games.ivor.routes import WITHIN, MoveTable, Options, move_options, move_table

# ----------------------------------------------------------------- constants
LOCS = DATA.locations
N_LOCS = len(LOCS)
LOC_INDEX = {loc.id: loc.index for loc in LOCS}
IDRIS_MASKS: dict[tuple[int, ...], int] = {}  # see IvorState._blocked
COMP = DATA.components

N_JOBS = len(DATA.jobs)
N_CARDS = N_JOBS + len(DATA.events)
JOBS: dict[int, Job] = {job.id: job for job in DATA.jobs}
EVENTS = events.EVENTS
JOB_LOC = [-1] * (N_CARDS + 1)  # card id -> location index (jobs only)
EXTRA_MOVES = [False] * (N_CARDS + 1)  # card id -> its special action is extra moves (always allowed)
for _job in DATA.jobs:
    JOB_LOC[_job.id] = _job.location
    EXTRA_MOVES[_job.id] = _job.special == "extra_moves"

HAND_LIMIT: int = COMP["hand_limit"]
LINE_SIZE: int = COMP["line_size"]
HAND_SIZE: int = COMP["hand_size"]
EVENTS_REMOVED: int = COMP["events_removed"]
LOST_SHEEP_BONUS: int = COMP["lost_sheep_bonus"]
COAL_PER_GOLD: int = COMP["coal_per_gold"]
MAIN_LINE_COAL: int = COMP["main_line_coal"]
EVENT_WIPE: int = COMP["event_line_wipe"]
IDRIS_TOKENS: int = COMP["sleeping_idris_tokens"]

# Designed safeguards, not in the rulebook: a game that never reaches the sheep target is
# ended after this many full rounds (how long games run: docs/measurements/ivor.md), and a
# refill stops after this many wipes in a row.
MAX_ROUNDS = 60
MAX_WIPES = 6

# Why a game ended (GameInfo.end_reasons): a pen reached the target, or the round cap.
END_REASONS = ("sheep", "safety_cap")


# (seat,) for every seat (more than the most players): to_move, asked a few times a move, hands out these
# instead of making a tuple each time
SEAT_TUPLES = tuple((seat,) for seat in range(8))


def is_event(card: int) -> bool:
    return card > N_JOBS


def sheep_to_end(players: int) -> int:
    table = COMP["sheep_to_end"]
    return int(table.get(str(players), table[str(min(max(players, 3), 5))]))


final_score = events.final_score


class IvorState(State):
    """A whole game of Ivor the Engine, hidden cards and tokens included."""

    __slots__ = (
        "__legal",  # cached legal actions of the seat to move (dropped on every change; not game state)
        "__moves",  # what playing each cached legal move takes (routes.MoveTable), for the move that follows
        "coal",
        "completed",
        "current",
        "deck",
        "discard",
        "end_triggered",
        "events_taken",
        "final",
        "gold",
        "hands",
        "idris_at",
        "idris_free",
        "jobs_here",
        "known",
        "line",
        "line_sheep",
        "loc_sheep",
        "loc_token",
        "moves_left",
        "phase",
        "pos",
        "removed",
        "reshuffled",
        "round",
        "sheep",
        "supply_coal",
        "supply_gold",
        "target",
        "tokens",
        "wagon_at",
    )

    current: int
    phase: int
    round: int
    loc_sheep: list[int]
    loc_token: list[int]  # number on the face-down lost-sheep token, 0 when none lies there
    wagon_at: list[int]  # seat whose wagon stands there, -1 if none
    pos: list[int]  # location of each seat's wagon, -1 before placing
    idris_at: list[int]  # seat whose Sleeping Idris lies there, -1 if none
    idris_free: int
    sheep: list[int]
    gold: list[int]
    coal: list[int]
    hands: list[list[int]]
    known: list[list[int]]  # cards in each hand that every player saw taken from the line
    completed: list[list[int]]
    events_taken: list[list[int]]
    tokens: list[int]  # lost-sheep tokens collected
    line: list[int]
    line_sheep: list[int]
    deck: list[int]  # draw from the end
    discard: list[int]
    removed: list[int]  # the events put back in the box unseen
    reshuffled: bool  # the deck is now made of seen cards from the discard pile
    supply_gold: int
    supply_coal: int
    moves_left: int  # ordinary moves still free this turn (the free move plus extra moves)
    jobs_here: int  # bit per location where a job was completed this turn
    end_triggered: bool
    target: int
    final: tuple[int, ...] | None

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(players, seed, options)
        rng = self.rng
        self.__legal: list[Action] | None = None
        self.__moves: dict[Action, int] | None = None
        self.target = sheep_to_end(players)
        self.current = 0  # seat 0 holds Ivor and goes first
        self.phase = PLACE
        self.round = 0
        self.sheep = [0] * players
        self.gold = [COMP["start_gold"]] * players
        self.coal = [COMP["start_coal"]] * players
        self.supply_gold = COMP["gold"] - COMP["start_gold"] * players
        self.supply_coal = COMP["coal"] - COMP["start_coal"] * players
        jobs = list(range(1, N_JOBS + 1))
        rng.shuffle(jobs)
        self.hands = [[jobs.pop() for _ in range(HAND_SIZE)] for _ in range(players)]
        self.known = [[] for _ in range(players)]
        self.line = [jobs.pop() for _ in range(LINE_SIZE)]
        self.line_sheep = [0] * LINE_SIZE
        event_cards = list(range(N_JOBS + 1, N_CARDS + 1))
        rng.shuffle(event_cards)
        self.removed = [event_cards.pop() for _ in range(EVENTS_REMOVED)]
        self.deck = jobs + event_cards
        rng.shuffle(self.deck)
        self.discard = []
        self.reshuffled = False
        tokens = list(DATA.token_values)
        rng.shuffle(tokens)
        self.loc_sheep = tokens.copy()
        # 0 and 1 tokens go back in the box; the others stay face down.
        self.loc_token = [t if t >= 2 else 0 for t in tokens]
        self.wagon_at = [-1] * N_LOCS
        self.pos = [-1] * players
        self.idris_at = [-1] * N_LOCS
        self.idris_free = IDRIS_TOKENS
        self.completed = [[] for _ in range(players)]
        self.events_taken = [[] for _ in range(players)]
        self.tokens = [0] * players
        self.moves_left = 0
        self.jobs_here = 0
        self.end_triggered = False
        self.final = None

    # ------------------------------------------------------------ protocol
    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == OVER else SEAT_TUPLES[self.current]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> tuple[float, ...]:
        if self.final is not None:
            return tuple(float(v) for v in self.final)
        return tuple(float(v) for v in self.sheep)

    @property
    def winners(self) -> tuple[int, ...]:
        if self.final is None:
            return ()
        best = max((self.final[s], len(self.completed[s])) for s in range(self.players))
        return tuple(s for s in range(self.players) if (self.final[s], len(self.completed[s])) == best)

    def projected_scores(self) -> tuple[int, ...]:
        """What each player would score if the game ended now (gold and event bonuses included)."""
        if self.final is not None:
            return self.final
        return tuple(
            final_score(self.sheep[s], self.gold[s], self.completed[s], self.events_taken[s], self.tokens[s])
            for s in range(self.players)
        )

    @property
    def end_reason(self) -> str | None:
        if self.phase != OVER:
            return None
        return "sheep" if self.end_triggered else "safety_cap"

    @property
    def in_move_step(self) -> bool:
        """The seat to move is in its move-and-play step (moves are on offer)."""
        return self.phase == MOVE

    def clone(self) -> IvorState:
        new = IvorState.__new__(IvorState)
        self._copy_base_into(new)
        new.__legal = self.__legal  # never mutated in place, only replaced
        new.__moves = self.__moves
        new.target = self.target
        new.current = self.current
        new.phase = self.phase
        new.round = self.round
        new.loc_sheep = self.loc_sheep.copy()
        new.loc_token = self.loc_token.copy()
        new.wagon_at = self.wagon_at.copy()
        new.pos = self.pos.copy()
        new.idris_at = self.idris_at.copy()
        new.idris_free = self.idris_free
        new.sheep = self.sheep.copy()
        new.gold = self.gold.copy()
        new.coal = self.coal.copy()
        new.hands = [h.copy() for h in self.hands]
        new.known = [k.copy() for k in self.known]
        new.completed = [c.copy() for c in self.completed]
        new.events_taken = [e.copy() for e in self.events_taken]
        new.tokens = self.tokens.copy()
        new.line = self.line.copy()
        new.line_sheep = self.line_sheep.copy()
        new.deck = self.deck.copy()
        new.discard = self.discard.copy()
        new.removed = self.removed.copy()
        new.reshuffled = self.reshuffled
        new.supply_gold = self.supply_gold
        new.supply_coal = self.supply_coal
        new.moves_left = self.moves_left
        new.jobs_here = self.jobs_here
        new.end_triggered = self.end_triggered
        new.final = self.final
        return new

    def determinize(self, seat: int, rng: Random) -> IvorState:
        """A copy with what ``seat`` cannot know re-dealt (see ``observe.determinize``)."""
        return observe.determinize(self, seat, rng)

    def _changed(self) -> None:
        """Forget the cached legal actions; for code (tests) that edits the fields directly."""
        self.__legal = None
        self.__moves = None

    # ------------------------------------------------------- legal actions
    def _legal_actions(self, seat: int) -> list[Action]:
        cached = self.__legal
        if cached is None:
            cached = self.__legal = self._generate()
        return cached.copy()

    def _generate(self) -> list[Action]:
        # the move step written out here: the step of most positions, one call less
        return self._move_phase_actions(ACTION_ROWS) if self.phase == MOVE else self._listed(ACTION_ROWS)

    def _legal_indices(self, seat: int) -> list[int]:
        """The indices (in ``ACTION_SPACE``) of ``_legal_actions(seat)``, in its order, listed by the same
        generator from index rows: what the RL environments build a mask from, without looking up each
        action's index (a tuple hashed per legal move). A new list each call."""
        return self._move_phase_actions(INDEX_ROWS) if self.phase == MOVE else self._listed(INDEX_ROWS)

    def _listed(self, rows: Rows[T]) -> list[T]:
        """The legal actions of the seat to move, from ``rows`` (as actions or as their indices)."""
        phase = self.phase
        if phase == MOVE:
            return self._move_phase_actions(rows)
        seat = self.current
        if phase in (TAKE, EXTRA_CARD):
            # take_refusal, for the whole line: a card is refused only to a player without gold
            take = rows.take
            if self.gold[seat] > 0:
                return [take[c] for c in self.line]
            return [take[c] for c in self.line if EVENT_NEEDS_GOLD[c] is None]
        if phase == DISCARD:
            discard = rows.discard
            return [discard[c] for c in self.hands[seat]]
        # Where Idris may sleep and where a sheep may run from: the test of idris_refusal and of
        # runaway_refusal, made for every location in one pass (the suite checks they agree).
        if phase == IDRIS:
            return [act for act, w, i in zip(rows.idris, self.wagon_at, self.idris_at, strict=True) if w < 0 and i < 0]
        if phase == RUNAWAY:
            reach, here = self.runaway_reach, self.pos[seat]
            sheep, idris, runaway = self.loc_sheep, self.idris_at, rows.runaway
            if 0 <= reach < len(WITHIN[here]):  # WITHIN[here][reach]: the locations in reach, in order
                return [runaway[i] for i in WITHIN[here][reach] if sheep[i] > 0 and idris[i] < 0]
            return [runaway[i] for i in range(N_LOCS) if runaway_refusal(self, seat, i, reach) is None]
        if phase == PLACE:
            return [rows.place[i] for i in range(N_LOCS) if place_refusal(self, i) is None]
        return []

    def _move_phase_actions(self, rows: Rows[T]) -> list[T]:
        seat = self.current
        here = self.pos[seat]
        blocked = self._blocked() if self.idris_free < IDRIS_TOKENS else 0
        table = move_table(here, self.moves_left, self.coal[seat], blocked)
        self.__moves = table[2]
        acts: list[T] = list(table[rows.moves])  # type: ignore[arg-type]  # nearest first: move_options's order
        wagons = self.wagon_at
        for x, run in reversed(table[1].items()):  # the last run first: the others keep their place
            if wagons[x] >= 0:  # no stopping where a wagon stands
                del acts[run >> 8 : run & 255]
        append = acts.append
        if buy_refusal(self, seat) is None:
            append(rows.buy)
        hand = self.hands[seat]
        job = rows.job
        for c in hand:  # a job card names where it is done
            if JOB_LOC[c] == here and job_site_refusal(self, here) is None:
                append(job[c])
        special = rows.special
        for c in hand:  # extra moves are always on offer: no need to ask
            if EXTRA_MOVES[c] or special_refusal(self, seat, c) is None:
                append(special[c])
        append(rows.end)
        return acts

    def move_options(self) -> Options:
        """Where the wagon of the seat to move can go and stop now, and by which routes:
        ``{location: ((ordinary moves, coal spent), ...)}`` (see ``routes.move_options``)."""
        seat = self.current
        blocked = self._blocked() if self.idris_free < IDRIS_TOKENS else 0
        return move_options(self.pos[seat], self.moves_left, self.coal[seat], blocked, self.wagon_at)

    def _blocked(self) -> int:
        """Bit per location where a Sleeping Idris lies."""
        # Remembered per placement of the tokens: a tuple of the owners is made and looked up at C
        # speed, a few times faster than a test of each location (a few placements recur all game).
        owners = tuple(self.idris_at)
        mask = IDRIS_MASKS.get(owners)
        if mask is None:
            if len(IDRIS_MASKS) >= 50_000:  # a bound on memory
                IDRIS_MASKS.clear()
            mask = IDRIS_MASKS[owners] = sum(1 << i for i, owner in enumerate(owners) if owner >= 0)
        return mask

    @property
    def runaway_reach(self) -> int:
        """How many lines away the runaway sheep may come from, while one is being chosen."""
        # The runaway card just played is the last card on the discard pile.
        return JOBS[self.discard[-1]].amount

    # --------------------------------------------------------------- apply
    def _apply(self, action: Action, seat: int) -> None:
        moves = self.__moves
        self.__legal = None
        self.__moves = None
        if type(action) is MoveAction:
            self._move((moves or self._move_table()[2])[action])
        else:
            _APPLY[action[0]](self, action[1] if len(action) > 1 else None, seat)

    def _move_table(self) -> MoveTable:
        """The move options of the seat to move (on a board without the other wagons: see ``routes.move_table``)."""
        seat = self.current
        blocked = self._blocked() if self.idris_free < IDRIS_TOKENS else 0
        return move_table(self.pos[seat], self.moves_left, self.coal[seat], blocked)

    def _move(self, route: int) -> None:
        """Move the wagon as ``route`` says: (ordinary moves << 6 | coal) << 5 | destination
        (packed as in ``routes.move_table``)."""
        seat = self.current
        dest, spend, steps = route & 31, route >> 5 & 63, route >> 11
        self.moves_left = self.moves_left - steps if steps < self.moves_left else 0
        self.coal[seat] -= spend
        self.supply_coal += spend
        self.wagon_at[self.pos[seat]] = -1
        self.wagon_at[dest] = seat
        self.pos[seat] = dest

    def _do_take(self, card: Any, seat: int) -> None:
        self.take_card(card)
        if self.phase == EXTRA_CARD:
            self.phase = MOVE
        else:
            self._check_hand_limit()

    def _do_end(self, _: Any, seat: int) -> None:
        self.phase = TAKE
        takes = self._generate()
        if takes:
            self.__legal = takes  # the next legal-action list, already built
        else:  # nothing in the line this player may take
            self._check_hand_limit()

    def _do_buy(self, _: Any, seat: int) -> None:
        self.gold[seat] -= 1
        self.supply_gold += 1
        self.coal[seat] += COAL_PER_GOLD
        self.supply_coal -= COAL_PER_GOLD

    def _do_discard(self, card: Any, seat: int) -> None:
        self.discard_card(seat, card)
        self._check_hand_limit()

    def discard_card(self, seat: int, card: int) -> None:
        """Discard ``card`` from the hand, at the cost of a sheep (if the pen has one)."""
        self._remove_from_hand(seat, card)
        self.discard.append(card)
        if self.sheep[seat] > 0:
            self.sheep[seat] -= 1

    def _do_idris(self, where: Any, seat: int) -> None:
        self.idris_at[LOC_INDEX[where]] = seat
        self.idris_free -= 1
        self.phase = MOVE

    def _do_runaway(self, where: Any, seat: int) -> None:
        self._take_sheep(LOC_INDEX[where], seat)
        self.phase = MOVE

    def _do_place(self, where: Any, seat: int) -> None:
        loc = LOC_INDEX[where]
        self.pos[seat] = loc
        self.wagon_at[loc] = seat
        if seat == self.players - 1:
            self._start_turn(0)
        else:
            self.current = seat + 1

    def gain_sheep(self, seat: int, count: int) -> None:
        self.sheep[seat] += count
        if self.sheep[seat] >= self.target:
            self.end_triggered = True

    def _take_sheep(self, loc: int, seat: int) -> None:
        """One sheep from ``loc`` into the pen; the last one brings the lost-sheep token and 2 more."""
        self.loc_sheep[loc] -= 1
        gained = 1
        if self.loc_sheep[loc] == 0 and self.loc_token[loc]:
            self.loc_token[loc] = 0
            self.tokens[seat] += 1
            gained += LOST_SHEEP_BONUS
        self.gain_sheep(seat, gained)

    def _remove_from_hand(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def _complete_job(self, card: int) -> None:
        seat = self.current
        job = JOBS[card]
        self._remove_from_hand(seat, card)
        self.completed[seat].append(card)
        self.jobs_here |= 1 << job.location
        if job.gold and self.supply_gold > 0:
            self.gold[seat] += 1
            self.supply_gold -= 1
        if job.coal and self.supply_coal > 0:
            self.coal[seat] += 1
            self.supply_coal -= 1
        self.gain_sheep(seat, job.sheep)

    def _play_special(self, card: int) -> None:
        seat = self.current
        job = JOBS[card]
        self._remove_from_hand(seat, card)
        self.discard.append(card)
        kind = job.special
        if kind == "extra_moves":
            self.moves_left += job.amount
        elif kind == "sleeping_idris":
            self.phase = IDRIS
        elif kind == "runaway_sheep":
            self.phase = RUNAWAY
        else:
            self.phase = EXTRA_CARD

    def take_card(self, card: int) -> None:
        """The seat to move takes ``card`` from the line: a job into the hand, an event
        (for 1 gold) in front of them with the sheep on it."""
        seat = self.current
        i = self.line.index(card)
        del self.line[i]
        on_card = self.line_sheep.pop(i)
        if card > N_JOBS:  # an event (is_event, written out)
            self.gold[seat] -= 1
            self.supply_gold += 1
            self.events_taken[seat].append(card)
            if on_card:
                self.gain_sheep(seat, on_card)
        else:
            self.hands[seat].append(card)
            self.known[seat].append(card)

    def _check_hand_limit(self) -> None:
        if len(self.hands[self.current]) > HAND_LIMIT:
            self.phase = DISCARD
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self.refill()
        last = self.current == self.players - 1
        if last:
            self.round += 1
        if (last and self.end_triggered) or self.round >= MAX_ROUNDS:
            self._finish()
            return
        self._start_turn((self.current + 1) % self.players)

    def _start_turn(self, seat: int) -> None:
        self.current = seat
        self.phase = MOVE
        self.moves_left = 1
        self.jobs_here = 0
        if self.idris_free < IDRIS_TOKENS and seat in self.idris_at:  # this player's sleeping Idris wakes and leaves
            for i in range(N_LOCS):
                if self.idris_at[i] == seat:
                    self.idris_at[i] = -1
                    self.idris_free += 1
        here = self.pos[seat]
        if self.loc_sheep[here] > 0:
            self._take_sheep(here, seat)

    def _finish(self) -> None:
        self.phase = OVER
        self.final = self.projected_scores()

    # ------------------------------------------------------- the card line
    def _draw(self) -> int | None:
        if not self.deck:
            if not self.discard:
                return None
            self.deck = self.discard
            self.discard = []
            self.reshuffled = True
            self.rng.shuffle(self.deck)
        return self.deck.pop()

    def refill(self, report: Callable[[str, int], None] | None = None) -> None:
        """Refill the card line, carrying out each event drawn. ``report`` (for the log's
        words, never the rules) hears each step: ``("reshuffle", 0)``, ``("drawn", card)``,
        ``("revealed", card)`` once an event took effect, ``("wiped", 0)``."""
        wipes = 0
        while len(self.line) < LINE_SIZE:
            if report is not None and not self.deck and self.discard:
                report("reshuffle", 0)
            card = self._draw()
            if card is None:
                return
            self.line.append(card)
            self.line_sheep.append(0)
            if report is not None:
                report("drawn", card)
            if card <= N_JOBS:  # a job (not is_event, written out)
                continue
            events.reveal(self, EVENTS[card])
            self.line_sheep[-1] = 1
            if report is not None:
                report("revealed", card)
            if sum(1 for c in self.line if is_event(c)) >= EVENT_WIPE:
                wipes += 1
                self.discard += self.line
                self.line = []
                self.line_sheep = []
                if report is not None:
                    report("wiped", 0)
                if wipes >= MAX_WIPES:
                    return

    # ------------------------------------------------------------ reasons
    def _explain_illegal(self, action: Action, seat: int) -> str:
        reason = refusals.explain_illegal(self, action, seat)
        return reason if reason is not None else super()._explain_illegal(action, seat)

    def parse_action(self, text: str, seat: int | None = None) -> Action:
        """As ``State.parse_action``; besides, ``move <location>`` without its coal names
        the one route there when only one is on offer (a shorthand for people)."""
        words = normalize_notation(text).split() if isinstance(text, str) else []
        if len(words) == 2 and words[0] == "move" and words[1] in LOC_INDEX:
            acting = self._resolve_seat(seat) if seat is not None or len(self.to_move) == 1 else None
            dest = LOC_INDEX[words[1]]
            if acting is not None and acting in self.to_move:
                ways = [a for a in self._legal_actions(acting) if type(a) is MoveAction and a[1] == words[1]]
                if len(ways) == 1:
                    return ways[0]
                if ways:
                    listed = ", ".join(f"'{a}'" for a in ways)
                    raise ValueError(f"there are {len(ways)} routes to {words[1]}: say which ({listed})")
            return MOVE_ACT[dest][0]  # not legal now: apply says why
        return super().parse_action(text, seat)

    # --------------------------------------------------------- observation
    # A TypedDict is not a dict[str, Any] to mypy, though it is one at run time; the narrower
    # return type lets code that holds an IvorState (bots, views, the encoder) read each key
    # typed, and generic code still sees State.observation's dict[str, Any].
    def observation(self, seat: int | None) -> observe.IvorObservation:  # type: ignore[override]
        return observe.observation(self, seat)


# What each kind of action (other than a move) does: (state, its argument, seat).
_APPLY: dict[int | str, Callable[[IvorState, Any, int], None]] = {
    "take": IvorState._do_take,
    "end": IvorState._do_end,
    "job": lambda state, card, seat: state._complete_job(card),
    "special": lambda state, card, seat: state._play_special(card),
    "buy": IvorState._do_buy,
    "discard": IvorState._do_discard,
    "idris": IvorState._do_idris,
    "runaway": IvorState._do_runaway,
    "place": IvorState._do_place,
}
