"""Ivor the Engine: the state and its transitions.

A turn is a short sequence of small actions:

* the sheep at the wagon's location is taken automatically when the turn starts;
* ``move <location>`` (to any location the wagon can reach and stop at with the
  moves and coal it has), ``buy coal``, ``job <card>`` (complete a job here),
  ``special <card>`` (play the card's special action; some then ask for a target:
  ``idris <location>``, ``runaway <location>`` or ``take <card>``), and ``end``;
* ``take <card>`` from the card line;
* ``discard <card>`` while the hand holds more than 4 cards;
* the card line is then refilled (events take effect) and the next turn starts.

Before the first turn each player places their wagon: ``place <location>``.
Every designed rule and resolved ambiguity is listed in RULES.md.
"""

from __future__ import annotations

from typing import Any

from meeple.core import Action, State
from meeple.core.rng import Random
from meeple.games.ivor.data import DATA, Event, Job

# ----------------------------------------------------------------- constants
LOCS = DATA.locations
N_LOCS = len(LOCS)
LOC_INDEX = {loc.id: loc.index for loc in LOCS}
ADJ = DATA.adjacency
MAIN_A, MAIN_B = DATA.main_line
TOWN = tuple(loc.is_town for loc in LOCS)
COMP = DATA.components

N_JOBS = len(DATA.jobs)
N_CARDS = N_JOBS + len(DATA.events)
JOBS: dict[int, Job] = {job.id: job for job in DATA.jobs}
EVENTS: dict[int, Event] = {event.id: event for event in DATA.events}
JOB_LOC = [-1] * (N_CARDS + 1)  # card id -> location index (jobs only)
for _job in DATA.jobs:
    JOB_LOC[_job.id] = _job.location

HAND_LIMIT: int = COMP["hand_limit"]
LINE_SIZE: int = COMP["line_size"]
HAND_SIZE: int = COMP["hand_size"]
EVENTS_REMOVED: int = COMP["events_removed"]
LOST_SHEEP_BONUS: int = COMP["lost_sheep_bonus"]
COAL_PER_GOLD: int = COMP["coal_per_gold"]
MAIN_LINE_COAL: int = COMP["main_line_coal"]
EVENT_WIPE: int = COMP["event_line_wipe"]
IDRIS_TOKENS: int = COMP["sleeping_idris_tokens"]

# Designed safeguards (RULES.md): a game that random players drag on is ended
# after this many full rounds, and a refill stops after this many wipes in a row.
MAX_ROUNDS = 60
MAX_WIPES = 6

INF = 99


def _bfs(src: int, blocked: int = 0) -> list[int]:
    """Ordinary moves from ``src`` to every location (breadth-first), never entering a
    location whose bit is set in ``blocked``."""
    dist = [INF] * N_LOCS
    dist[src] = 0
    frontier = [src]
    while frontier:
        nxt = []
        for here in frontier:
            d = dist[here] + 1
            for other in ADJ[here]:
                if dist[other] == INF and not blocked >> other & 1:
                    dist[other] = d
                    nxt.append(other)
        frontier = nxt
    return dist


DIST = [_bfs(src) for src in range(N_LOCS)]
# WITHIN[src][r]: the locations at most r lines from src (runaway sheep), r up to 9.
WITHIN = tuple(tuple(tuple(x for x in range(N_LOCS) if DIST[src][x] <= r) for r in range(10)) for src in range(N_LOCS))

Routes = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]


def routes(src: int, blocked: int) -> Routes:
    """Where a wagon at ``src`` can get to when the locations in ``blocked`` (a bit set)
    cannot be entered: ``(by_line, by_main_line)``, each a tuple of ``(ordinary moves,
    location)`` sorted by moves. ``by_main_line`` lists the routes that ride the main line
    once (2 coal on top of the moves), the best of both directions for each location."""
    row = _bfs(src, blocked)
    by_line = tuple(sorted((row[x], x) for x in range(N_LOCS) if x != src and row[x] < INF))
    best: dict[int, int] = {}
    for a, b in ((MAIN_A, MAIN_B), (MAIN_B, MAIN_A)):
        if row[a] >= INF or blocked >> b & 1:
            continue
        from_b = _bfs(b, blocked)
        for x in range(N_LOCS):
            if x != src and from_b[x] < INF:
                steps = row[a] + from_b[x]
                if x not in best or steps < best[x]:
                    best[x] = steps
    by_main = tuple(sorted((steps, x) for x, steps in best.items()))
    return by_line, by_main


OPEN_ROUTES = tuple(routes(src, 0) for src in range(N_LOCS))
_ROUTE_CACHE: dict[int, Routes] = {}


def blocked_routes(src: int, blocked: int) -> Routes:
    """``routes`` remembered per (start, blocked set): Idris positions repeat a lot in search."""
    key = blocked << 5 | src
    found = _ROUTE_CACHE.get(key)
    if found is None:
        if len(_ROUTE_CACHE) > 50_000:
            _ROUTE_CACHE.clear()
        found = _ROUTE_CACHE[key] = routes(src, blocked)
    return found


# Phases of the turn.
PLACE, MOVE, IDRIS, RUNAWAY, EXTRA_CARD, TAKE, DISCARD, OVER = range(8)
PHASE_NAMES = ("place wagons", "move and play", "choose where Idris sleeps", "choose where a sheep runs from",
               "take an extra card", "take a card", "discard down to the hand limit", "game over")

# Every action, built once: the legal-action lists hand out these very objects.
PLACE_ACT = tuple(Action("place", loc.id) for loc in LOCS)
MOVE_ACT = tuple(Action("move", loc.id) for loc in LOCS)
BUY_COAL = Action("buy", "coal")
_NO_CARD = Action("no-card")  # fills index 0 so that card ids index these tuples directly; never offered
JOB_ACT = (_NO_CARD, *(Action("job", c) for c in range(1, N_JOBS + 1)))
SPECIAL_ACT = (_NO_CARD, *(Action("special", c) for c in range(1, N_JOBS + 1)))
IDRIS_ACT = tuple(Action("idris", loc.id) for loc in LOCS)
RUNAWAY_ACT = tuple(Action("runaway", loc.id) for loc in LOCS)
TAKE_ACT = (_NO_CARD, *(Action("take", c) for c in range(1, N_CARDS + 1)))
DISCARD_ACT = (_NO_CARD, *(Action("discard", c) for c in range(1, N_JOBS + 1)))
END = Action("end")

ACTION_SPACE: tuple[Action, ...] = (
    *PLACE_ACT, *MOVE_ACT, BUY_COAL, *JOB_ACT[1:], *SPECIAL_ACT[1:], *IDRIS_ACT, *RUNAWAY_ACT,
    *TAKE_ACT[1:], *DISCARD_ACT[1:], END,
)


def is_event(card: int) -> bool:
    return card > N_JOBS


def sheep_to_end(players: int) -> int:
    table = COMP["sheep_to_end"]
    return int(table.get(str(players), table[str(min(max(players, 3), 5))]))


def final_score(sheep: int, gold: int, jobs: list[int], events: list[int], tokens: int) -> int:
    """Sheep after the end-game bonuses: 1 a gold, then every event bonus, the set-of-6 bonus last."""
    total = sheep + gold
    last: list[Event] = []
    for card in events:
        ev = EVENTS[card]
        kind = ev.bonus
        if kind == "flat":
            total += ev.bonus_amount
        elif kind == "per_job_at":
            total += ev.bonus_amount * sum(1 for j in jobs if JOB_LOC[j] == ev.bonus_location)
        elif kind == "per_job":
            total += ev.bonus_amount * len(jobs)
        elif kind == "per_gold":
            total += ev.bonus_amount * gold
        elif kind == "per_lost_sheep_token":
            total += ev.bonus_amount * tokens
        else:  # per_six_sheep: counted on the total after every other bonus
            last.append(ev)
    for ev in last:
        total += ev.bonus_amount * (total // 6)
    return total


class IvorState(State):
    """A whole game of Ivor the Engine, hidden cards and tokens included."""

    __slots__ = (
        "__legal",  # cached legal actions of the seat to move (dropped on every change; not game state)
        "__moves",  # the move options behind the cached legal actions, for the move that follows
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
        self.__moves: dict[int, tuple[int, int]] | None = None
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
        events = list(range(N_JOBS + 1, N_CARDS + 1))
        rng.shuffle(events)
        self.removed = [events.pop() for _ in range(EVENTS_REMOVED)]
        self.deck = jobs + events
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
        return () if self.phase == OVER else (self.current,)

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

    def evaluate(self) -> list[float]:
        """A search bot's judgement of an unfinished game: the players ahead on projected
        score share the win (used by ISMCTS when a playout is cut short)."""
        projected = self.projected_scores()
        best = max(projected)
        leaders = [s for s in range(self.players) if projected[s] == best]
        return [1.0 / len(leaders) if s in leaders else 0.0 for s in range(self.players)]

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
        """Re-deal what ``seat`` cannot know: the other hands' unseen cards, the deck
        order, which events went back in the box, and the face-down token numbers."""
        new = self.clone()
        new._reseed_from(rng)
        # Cards never seen face up: the other players' cards from the first deal, and,
        # until the first reshuffle, the deck and the events left in the box. After a
        # reshuffle the deck is the old discard pile (seen cards, order unknown), and
        # the events in the box are known by elimination.
        unseen_jobs: list[int] = []
        hidden_count = [0] * self.players
        for s in range(self.players):
            if s == seat:
                continue
            hidden = [c for c in self.hands[s] if c not in self.known[s]]
            hidden_count[s] = len(hidden)
            unseen_jobs += hidden
        if self.reshuffled:
            rng.shuffle(unseen_jobs)
            new.deck = self.deck.copy()
            rng.shuffle(new.deck)
        else:
            unseen_jobs += [c for c in self.deck if not is_event(c)]
            unseen_events = [c for c in self.deck if is_event(c)] + self.removed
            rng.shuffle(unseen_jobs)
            rng.shuffle(unseen_events)
            new.removed = [unseen_events.pop() for _ in range(len(self.removed))]
            new.deck = unseen_events
        for s in range(self.players):
            if s != seat:
                new.hands[s] = self.known[s] + [unseen_jobs.pop() for _ in range(hidden_count[s])]
        if not self.reshuffled:
            new.deck += unseen_jobs
            rng.shuffle(new.deck)
        face_down = [i for i in range(N_LOCS) if self.loc_token[i]]
        values = [self.loc_token[i] for i in face_down]
        rng.shuffle(values)
        for i, v in zip(face_down, values, strict=True):
            new.loc_token[i] = v
        new.__legal = None
        new.__moves = None
        return new

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
        phase = self.phase
        if phase == MOVE:
            return self._move_phase_actions()
        if phase in (TAKE, EXTRA_CARD):
            gold = self.gold[self.current]
            return [TAKE_ACT[c] for c in self.line if gold > 0 or not is_event(c)]
        if phase == DISCARD:
            return [DISCARD_ACT[c] for c in self.hands[self.current]]
        if phase == IDRIS:
            return [IDRIS_ACT[i] for i in self._idris_targets()]
        if phase == RUNAWAY:
            return [RUNAWAY_ACT[i] for i in self._runaway_targets(self._runaway_range)]
        if phase == PLACE:
            return [PLACE_ACT[i] for i in range(N_LOCS) if self.wagon_at[i] < 0]
        return []

    def _move_phase_actions(self) -> list[Action]:
        seat = self.current
        here = self.pos[seat]
        options = self.__moves = self.move_options()
        acts = [MOVE_ACT[x] for x in sorted(options)]
        gold = self.gold[seat]
        if gold > 0 and self.supply_coal >= COAL_PER_GOLD:
            acts.append(BUY_COAL)
        hand = self.hands[seat]
        if self.loc_sheep[here] == 0 and not self.jobs_here >> here & 1:
            for c in hand:
                if JOB_LOC[c] == here:
                    acts.append(JOB_ACT[c])
        for c in hand:
            if self._special_playable(c):
                acts.append(SPECIAL_ACT[c])
        acts.append(END)
        return acts

    def move_options(self) -> dict[int, tuple[int, int]]:
        """Where the wagon of the seat to move can go and stop now:
        ``{location: (ordinary moves used, coal spent)}``, the cheapest route in coal
        (then in moves). Routes may pass through other wagons but never stop on one,
        never enter a location where Idris sleeps, and may use the main line for 2 coal."""
        seat = self.current
        src = self.pos[seat]
        free = self.moves_left
        coal = self.coal[seat]
        wagons = self.wagon_at
        options: dict[int, tuple[int, int]] = {}
        budget = free + coal
        by_line, by_main = (
            blocked_routes(src, self._blocked()) if self.idris_free < IDRIS_TOKENS else OPEN_ROUTES[src]
        )
        for d, x in by_line:
            if d > budget:
                break
            if wagons[x] < 0:
                options[x] = (d, d - free if d > free else 0)
        if coal >= MAIN_LINE_COAL:
            for steps, x in by_main:
                spend = (steps - free if steps > free else 0) + MAIN_LINE_COAL
                if spend > coal:
                    break
                if wagons[x] >= 0:
                    continue
                old = options.get(x)
                if old is None or (spend, steps) < (old[1], old[0]):
                    options[x] = (steps, spend)
        return options

    def _blocked(self) -> int:
        """Bit per location where a Sleeping Idris lies."""
        mask = 0
        for i, owner in enumerate(self.idris_at):
            if owner >= 0:
                mask |= 1 << i
        return mask

    def _special_playable(self, card: int) -> bool:
        job = JOBS[card]
        kind = job.special
        if kind == "extra_moves":
            return True
        if kind == "sleeping_idris":
            return self.idris_free > 0 and any(
                self.wagon_at[i] < 0 and self.idris_at[i] < 0 for i in range(N_LOCS)
            )
        if kind == "runaway_sheep":
            sheep, idris = self.loc_sheep, self.idris_at
            return any(sheep[i] > 0 and idris[i] < 0 for i in WITHIN[self.pos[self.current]][job.amount])
        # extra_card
        gold = self.gold[self.current]
        return any(gold > 0 or not is_event(c) for c in self.line)

    def _idris_targets(self) -> list[int]:
        return [i for i in range(N_LOCS) if self.wagon_at[i] < 0 and self.idris_at[i] < 0]

    def _runaway_targets(self, reach: int) -> list[int]:
        row = DIST[self.pos[self.current]]
        return [i for i in range(N_LOCS) if row[i] <= reach and self.loc_sheep[i] > 0 and self.idris_at[i] < 0]

    @property
    def _runaway_range(self) -> int:
        # The runaway card just played is the last card on the discard pile.
        return JOBS[self.discard[-1]].amount

    # --------------------------------------------------------------- apply
    def _apply(self, action: Action, seat: int) -> None:
        options = self.__moves
        self.__legal = None
        self.__moves = None
        kind = action[0]
        arg = action[1] if len(action) > 1 else None
        if kind == "move":
            assert isinstance(arg, str)
            self._move(LOC_INDEX[arg], options or self.move_options())
        elif kind == "take":
            assert isinstance(arg, int)
            self._take_card(arg)
            if self.phase == EXTRA_CARD:
                self.phase = MOVE
            else:
                self._check_hand_limit()
        elif kind == "end":
            self.phase = TAKE
            if not self._generate():  # nothing in the line this player may take
                self._check_hand_limit()
        elif kind == "job":
            assert isinstance(arg, int)
            self._complete_job(arg)
        elif kind == "special":
            assert isinstance(arg, int)
            self._play_special(arg)
        elif kind == "buy":
            self.gold[seat] -= 1
            self.supply_gold += 1
            self.coal[seat] += COAL_PER_GOLD
            self.supply_coal -= COAL_PER_GOLD
        elif kind == "discard":
            assert isinstance(arg, int)
            self._remove_from_hand(seat, arg)
            self.discard.append(arg)
            if self.sheep[seat] > 0:
                self.sheep[seat] -= 1
            self._check_hand_limit()
        elif kind == "idris":
            assert isinstance(arg, str)
            self.idris_at[LOC_INDEX[arg]] = seat
            self.idris_free -= 1
            self.phase = MOVE
        elif kind == "runaway":
            assert isinstance(arg, str)
            self._take_sheep(LOC_INDEX[arg], seat)
            self.phase = MOVE
        elif kind == "place":
            assert isinstance(arg, str)
            loc = LOC_INDEX[arg]
            self.pos[seat] = loc
            self.wagon_at[loc] = seat
            if seat == self.players - 1:
                self._start_turn(0)
            else:
                self.current = seat + 1

    def _move(self, dest: int, options: dict[int, tuple[int, int]]) -> None:
        seat = self.current
        steps, spend = options[dest]
        self.moves_left = self.moves_left - steps if steps < self.moves_left else 0
        self.coal[seat] -= spend
        self.supply_coal += spend
        self.wagon_at[self.pos[seat]] = -1
        self.wagon_at[dest] = seat
        self.pos[seat] = dest

    def _gain_sheep(self, seat: int, count: int) -> None:
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
        self._gain_sheep(seat, gained)

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
        self._gain_sheep(seat, job.sheep)

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

    def _take_card(self, card: int) -> None:
        seat = self.current
        i = self.line.index(card)
        del self.line[i]
        on_card = self.line_sheep.pop(i)
        if is_event(card):
            self.gold[seat] -= 1
            self.supply_gold += 1
            self.events_taken[seat].append(card)
            if on_card:
                self._gain_sheep(seat, on_card)
        else:
            self.hands[seat].append(card)
            self.known[seat].append(card)

    def _check_hand_limit(self) -> None:
        if len(self.hands[self.current]) > HAND_LIMIT:
            self.phase = DISCARD
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self._refill()
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
        if self.idris_free < IDRIS_TOKENS:  # this player's sleeping Idris wakes and leaves
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

    def _refill(self) -> None:
        wipes = 0
        while len(self.line) < LINE_SIZE:
            card = self._draw()
            if card is None:
                return
            self.line.append(card)
            self.line_sheep.append(0)
            if not is_event(card):
                continue
            self._event_effect(EVENTS[card])
            self.line_sheep[-1] = 1
            if sum(1 for c in self.line if is_event(c)) >= EVENT_WIPE:
                wipes += 1
                self.discard += self.line
                self.line = []
                self.line_sheep = []
                if wipes >= MAX_WIPES:
                    return

    def _event_effect(self, ev: Event) -> None:
        kind = ev.effect
        amount = ev.effect_amount
        order = [(self.current + k) % self.players for k in range(self.players)]
        if kind == "everyone_gains_sheep":
            for s in order:
                self._gain_sheep(s, amount)
        elif kind == "everyone_gains_coal":
            for s in order:
                got = min(amount, self.supply_coal)
                self.coal[s] += got
                self.supply_coal -= got
        elif kind == "sheep_to_towns":
            for i in range(N_LOCS):
                if TOWN[i]:
                    self.loc_sheep[i] += amount
        elif kind == "sheep_to_location":
            self.loc_sheep[ev.effect_location] += amount
        elif kind == "poorest_gain_gold":
            least = min(self.gold)
            for s in order:
                if self.gold[s] == least:
                    got = min(amount, self.supply_gold)
                    self.gold[s] += got
                    self.supply_gold -= got
        elif kind == "idris_wakes":
            self.idris_at = [-1] * N_LOCS
            self.idris_free = IDRIS_TOKENS
            self.loc_sheep[ev.effect_location] += amount
        elif kind == "leaders_lose_sheep":
            most = max(self.sheep)
            if most > 0:
                for s in order:
                    if self.sheep[s] == most:
                        self.sheep[s] -= min(amount, self.sheep[s])
        elif kind == "sheep_to_empty_villages":
            for i in range(N_LOCS):
                if not TOWN[i] and self.loc_sheep[i] == 0:
                    self.loc_sheep[i] += amount
        elif kind == "coal_returned":
            for s in order:
                if self.coal[s] > ev.effect_above:
                    lost = min(amount, self.coal[s] - ev.effect_above)
                    self.coal[s] -= lost
                    self.supply_coal += lost
        elif kind == "sheep_leave_crowds":
            for i in range(N_LOCS):
                if self.loc_sheep[i] >= ev.effect_above:
                    self.loc_sheep[i] -= amount
        else:  # sheep_to_token_locations
            for i in range(N_LOCS):
                if self.loc_token[i]:
                    self.loc_sheep[i] += amount

    # ------------------------------------------------------------ reasons
    def _explain_illegal(self, action: Action, seat: int) -> str:
        kind = action.kind
        arg = action.args[0] if action.args else None
        phase = self.phase
        expected = {
            PLACE: ("place",),
            MOVE: ("move", "buy", "job", "special", "end"),
            IDRIS: ("idris",),
            RUNAWAY: ("runaway",),
            EXTRA_CARD: ("take",),
            TAKE: ("take",),
            DISCARD: ("discard",),
        }.get(phase, ())
        if kind not in expected:
            return f"now is the time to {PHASE_NAMES[phase]} ({' / '.join(expected)}), not {kind}"
        hand = self.hands[seat]
        if kind == "place":
            return f"a wagon already stands at {arg}; only one wagon per location"
        if kind == "move":
            dest = LOC_INDEX[str(arg)]
            if dest == self.pos[seat]:
                return f"your wagon is already at {arg}"
            if self.wagon_at[dest] >= 0:
                return f"seat {self.wagon_at[dest]}'s wagon is at {arg}: you may pass through it but not stop there"
            if self.idris_at[dest] >= 0:
                return f"Idris is asleep at {arg}: no wagon may enter it"
            return (f"{arg} is out of reach: you have {self.moves_left} move(s) left and {self.coal[seat]} coal "
                    f"(1 coal a move, {MAIN_LINE_COAL} for the main line)")
        if kind == "buy":
            if self.gold[seat] == 0:
                return "you have no gold to buy coal with"
            return f"the stock has only {self.supply_coal} coal; buying takes {COAL_PER_GOLD}"
        if kind in ("job", "special", "discard"):
            assert isinstance(arg, int)
            if arg not in hand:
                return f"card {arg} is not in your hand (hand: {', '.join(map(str, hand)) or 'empty'})"
            if kind == "job":
                job = JOBS[arg]
                here = self.pos[seat]
                if job.location != here:
                    return f"job {arg} is done at {LOCS[job.location].id}, your wagon is at {LOCS[here].id}"
                if self.loc_sheep[here] > 0:
                    return f"{LOCS[here].id} still has {self.loc_sheep[here]} sheep; jobs need an empty location"
                return f"you already completed a job at {LOCS[here].id} this turn"
            if kind == "special":
                job = JOBS[arg]
                if job.special == "sleeping_idris":
                    return "all the Sleeping Idris tokens are on the board"
                if job.special == "runaway_sheep":
                    return f"no location within {job.amount} lines of your wagon has a sheep to run away"
                return "there is no card in the line you could take"
        if kind == "idris":
            return f"Idris cannot sleep at {arg}: a wagon or another Idris is there"
        if kind == "runaway":
            return f"no sheep can run from {arg}: it has none, Idris guards it, or it is too far"
        if kind == "take":
            assert isinstance(arg, int)
            if arg not in self.line:
                return f"card {arg} is not in the card line ({', '.join(map(str, self.line)) or 'empty'})"
            return f"card {arg} is an event: taking it costs 1 gold and you have none"
        return super()._explain_illegal(action, seat)

    # --------------------------------------------------------- observation
    def observation(self, seat: int | None) -> dict[str, Any]:
        obs = self.base_observation(seat)
        players = []
        for s in range(self.players):
            players.append(
                {
                    "seat": s,
                    "sheep": self.sheep[s],
                    "gold": self.gold[s],
                    "coal": self.coal[s],
                    "location": LOCS[self.pos[s]].id if self.pos[s] >= 0 else None,
                    "hand_size": len(self.hands[s]),
                    "hand": self.hands[s].copy() if s == seat else None,
                    "hand_known": self.known[s].copy(),
                    "completed": self.completed[s].copy(),
                    "events": self.events_taken[s].copy(),
                    "lost_sheep_tokens": self.tokens[s],
                    "final_score": self.final[s] if self.final is not None else None,
                }
            )
        obs.update(
            {
                "phase": PHASE_NAMES[self.phase],
                "current": self.current,
                "ivor": 0,
                "round": self.round,
                "sheep_to_end": self.target,
                "end_triggered": self.end_triggered,
                "locations": [
                    {
                        "id": loc.id,
                        "sheep": self.loc_sheep[loc.index],
                        "lost_sheep_token": self.loc_token[loc.index] > 0,
                        "wagon": self.wagon_at[loc.index] if self.wagon_at[loc.index] >= 0 else None,
                        "idris": self.idris_at[loc.index] if self.idris_at[loc.index] >= 0 else None,
                    }
                    for loc in LOCS
                ],
                "players": players,
                "line": [{"card": c, "sheep": n} for c, n in zip(self.line, self.line_sheep, strict=True)],
                "deck_size": len(self.deck),
                "discard": self.discard.copy(),
                "events_removed": len(self.removed),
                "supply": {"gold": self.supply_gold, "coal": self.supply_coal, "idris": self.idris_free},
                "moves_left": self.moves_left,
                "jobs_done_at": [LOCS[i].id for i in range(N_LOCS) if self.jobs_here >> i & 1],
            }
        )
        return obs
