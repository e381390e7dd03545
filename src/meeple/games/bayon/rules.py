"""Bayon: set-up, legality, transitions and the end of the game.

Who owns what is kept in a handful of lists of ints, so that ``clone`` is a
few list copies and the legal-action generator is a few loops:

* explorers are their printed numbers 1-17, sites their ids 1-30 (data.json),
  continents the indices 0-4 of ``CONTINENTS`` (Europe ... Australia);
* a stack (sites of a continent, face-down explorers) is a list, top first;
* ``known[site]`` is a bit mask of the seats that know where that site lies in
  its continent's stack (they peeked at it, or it went under the stack face
  up for all to see). Every later change to a stack is public (the top card
  leaves, a known card goes underneath), so a seat that once located a card
  can follow it until it leaves the stack: the mask travels with the card.

Gold is kept as amounts (multiples of 5), not cards: see RULES.md. The
component data is in ``data.py``, the actions in ``actions.py``, refusal
reasons in ``refusals.py`` and what a seat sees in ``observe.py``.
"""

from __future__ import annotations

from typing import Any

from meeple.core import Action, State
from meeple.core.rng import Random
from meeple.games.bayon import observe, refusals
from meeple.games.bayon.actions import (
    ACTION_ROWS,
    DECODE,
    GIVEUP,
    INDEX_ROWS,
    LOSE,
    MAIN,
    OP_END,
    OP_EXPEDITION,
    OP_GIVEUP,
    OP_GOLD,
    OP_HIRE,
    OP_HIRE_STACK,
    OP_INTERPRETER,
    OP_LOSE,
    OP_PAY_GOLD,
    OP_PAY_SITE,
    OP_TEAM,
    OP_TEAM_DONE,
    OP_TRAVEL,
    OP_WITHDRAW,
    OVER,
    PAY,
    PRICIEST,
    TEAM,
    WITHDRAW,
    Rows,
    T,
)
from meeple.games.bayon.data import COSTS, DATA, EXPLORER_IDS, SITE_CONTINENT, SITE_IDS, SITE_VALUE
from meeple.games.bayon.observe import PUBLIC
from meeple.games.bayon.refusals import open_choices, pay_gold, team_done
from meeple.games.bayon.teams import joinable, team_meets

END_REASONS = ("target", "safety_cap")

# Per continent the interpreter blocks: the other four, in order.
OPEN_CONTINENTS = tuple(tuple(c for c in range(5) if c != blocked) for blocked in range(5))


class BayonState(State):
    """A game of Bayon. See RULES.md for the rules as implemented."""

    __slots__ = (
        "__legal",  # cache of the current seat's legal actions; a leading "__" keeps it out of snapshots
        "acted",  # the current player has done something this turn (so may no longer take gold)
        "bank",
        "camp",  # basecamp's face-down explorers, top first
        "camp_hidden",  # how many of the top of ``camp`` nobody has seen (the rest went under face up)
        "current",  # the seat whose turn it is
        "ended",  # why the game ended (one of END_REASONS), or None while it runs
        "expedition",  # continent of the expedition under way, or -1
        "faceup",  # basecamp's face-up explorers (at most 2)
        "gold",  # per seat
        "hands",  # per seat: explorer numbers in the row, in hiring order
        "hired",  # the current player has hired this turn
        "interpreter",  # continent the interpreter card blocks
        "known",  # per site id: bit mask of seats that know where it lies in its stack (| PUBLIC: seen by all)
        "max_rounds",  # safeguard: after this many rounds the richest player wins
        "owed",  # what is still to pay for it
        "owned",  # per seat: site ids
        "phase",
        "revealed",  # the revealed site of the expedition under way, or 0
        "stacks",  # per continent: site ids, top first
        "target",  # gold + site values that win at once
        "team",  # the expedition's team so far
        "travelled",  # per continent: this turn's explorers that travelled there
        "turns",  # turns completed
        "used",  # bit mask over explorer numbers: explorers that have acted this turn
        "winner_seats",
        "won",  # bit mask over site ids: sites the current player won this turn (they cannot pay yet)
        "worth",  # per seat: summed value of the owned sites
    )

    target: int
    max_rounds: int
    gold: list[int]
    bank: int
    hands: list[list[int]]
    owned: list[list[int]]
    worth: list[int]
    faceup: list[int]
    camp: list[int]
    camp_hidden: int
    stacks: list[list[int]]
    known: list[int]
    interpreter: int
    current: int
    turns: int
    phase: int
    acted: bool
    hired: bool
    used: int
    travelled: list[int]
    expedition: int
    owed: int
    revealed: int
    team: list[int]
    winner_seats: tuple[int, ...]
    ended: str | None
    won: int
    __legal: list[Action] | None

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(players, seed, options)
        self.target = self.resolve_options(players, options)["target"]
        self.max_rounds = options.get("max_rounds") or 0
        rng = self.rng
        # Each player gets one of the starting explorers; the rest go back into the deck.
        starting = list(DATA.starting_explorers)
        rng.shuffle(starting)
        self.hands = [[starting[p]] for p in range(players)]
        removed = set(DATA.removed_explorers[players])
        deck = [e for e in EXPLORER_IDS if e not in removed and e not in starting[:players]]
        rng.shuffle(deck)
        self.faceup = deck[:2]
        self.camp = deck[2:]
        self.camp_hidden = len(self.camp)
        self.stacks = []
        for c in range(5):
            stack = [s for s in SITE_IDS if SITE_CONTINENT[s] == c]
            rng.shuffle(stack)
            self.stacks.append(stack)
        self.known = [0] * 31
        self.gold = [DATA.starting_gold] * players
        self.bank = DATA.bank_total - DATA.starting_gold * players
        self.owned = [[] for _ in range(players)]
        self.worth = [0] * players
        self.interpreter = DATA.interpreter_start
        self.current = 0  # the oldest player: seat 0
        self.turns = 0
        self.winner_seats = ()
        self.ended = None
        self._start_turn()

    @classmethod
    def resolve_options(cls, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """The target left to the rules (``None``) becomes the printed one for ``players``."""
        if options.get("target") is None:
            return {**options, "target": DATA.target[players]}
        return options

    def _start_turn(self) -> None:
        self.phase = MAIN
        self.acted = False
        self.hired = False
        self.used = 0
        self.travelled = [0, 0, 0, 0, 0]
        self.expedition = -1
        self.owed = 0
        self.revealed = 0
        self.team = []
        self.won = 0
        self.__legal = None

    # ----------------------------------------------------------- copying
    def clone(self) -> BayonState:
        new = BayonState.__new__(BayonState)
        self._copy_base_into(new)  # players, seed, options, history; the generator is shared copy-on-use
        new.target = self.target
        new.max_rounds = self.max_rounds
        new.gold = self.gold.copy()
        new.bank = self.bank
        new.hands = [h.copy() for h in self.hands]
        new.owned = [o.copy() for o in self.owned]
        new.worth = self.worth.copy()
        new.faceup = self.faceup.copy()
        new.camp = self.camp.copy()
        new.camp_hidden = self.camp_hidden
        new.stacks = [s.copy() for s in self.stacks]
        new.known = self.known.copy()
        new.interpreter = self.interpreter
        new.current = self.current
        new.turns = self.turns
        new.phase = self.phase
        new.acted = self.acted
        new.hired = self.hired
        new.used = self.used
        new.travelled = self.travelled.copy()
        new.expedition = self.expedition
        new.owed = self.owed
        new.revealed = self.revealed
        new.team = self.team.copy()
        new.winner_seats = self.winner_seats
        new.ended = self.ended
        new.won = self.won
        new.__legal = self.__legal  # never mutated in place, so it may be shared
        return new

    def determinize(self, seat: int, rng: Random) -> BayonState:
        """Re-draw the face-down explorers nobody has seen and every site ``seat`` has not located."""
        self._check_seat(seat)
        return observe.determinize(self, seat, rng)

    # Narrowed from the core's ``dict[str, Any]`` to the TypedDict so that callers which know
    # the game get every key checked; a TypedDict is not a subtype of ``dict[str, Any]``
    # for mypy, hence the ignore (at runtime it is that very dict).
    def observation(self, seat: int | None) -> observe.BayonObservation:  # type: ignore[override]
        if seat is not None:
            self._check_seat(seat)
        return observe.observation(self, seat)

    def _explain_illegal(self, action: Action, seat: int) -> str:
        return refusals.explain(self, action)

    def refresh(self) -> None:
        """Forget cached legal actions; call after editing fields by hand (tests, puzzles)."""
        self.__legal = None

    # ------------------------------------------------------------ queries
    @property
    def to_move(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        return (self.current,)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> tuple[float, ...]:
        """Each seat's wealth: gold in hand plus the values of the sites held."""
        return tuple(self.gold[p] + self.worth[p] for p in range(self.players))

    @property
    def winners(self) -> tuple[int, ...]:
        return self.winner_seats

    @property
    def end_reason(self) -> str | None:
        """``"target"`` (someone reached the target) or ``"safety_cap"`` (the round limit decided)."""
        return self.ended

    @property
    def round(self) -> int:
        """The round being played, from 1; once the round limit ended the game, the last round played."""
        if self.ended == "safety_cap":
            return self.turns // self.players
        return self.turns // self.players + 1

    def unused_explorers(self, seat: int) -> list[int]:
        used = self.used if seat == self.current else 0
        return [e for e in self.hands[seat] if not used >> e & 1]

    def payable_sites(self, seat: int) -> list[int]:
        """The sites ``seat`` may pay an expedition with: those won on earlier turns."""
        won = self.won if seat == self.current else 0
        return [s for s in self.owned[seat] if not won >> s & 1]

    def means(self, seat: int) -> int:
        """What ``seat`` can pay for an expedition now: gold plus the values of the payable sites."""
        return self.gold[seat] + sum(SITE_VALUE[s] for s in self.payable_sites(seat))

    def owner_of(self, explorer: int) -> int:
        """The seat holding ``explorer``, or -1."""
        for p, hand in enumerate(self.hands):
            if explorer in hand:
                return p
        return -1

    # ------------------------------------------------------ legal actions
    def _legal_actions(self, seat: int) -> list[Action]:
        cached = self.__legal
        if cached is None:
            # the open step first: nearly every position of a game is one
            cached = self.__legal = (
                self._main_choices(seat, ACTION_ROWS) if self.phase == MAIN else self._pending(seat, ACTION_ROWS)
            )
        return cached.copy()

    def _legal_indices(self, seat: int) -> list[int]:
        """The indices (in ``ACTION_SPACE``) of ``_legal_actions(seat)``, in its order, listed by the same
        generator from index rows: what the RL environments build a mask from, without looking up each
        action's index (a tuple hashed per legal move). A new list each call."""
        return self._main_choices(seat, INDEX_ROWS) if self.phase == MAIN else self._pending(seat, INDEX_ROWS)

    def _pending(self, p: int, rows: Rows[T]) -> list[T]:
        """The answers to the step under way (see ``refusals`` for the checks asked), from ``rows``."""
        phase = self.phase
        if phase == TEAM:
            free = self.unused_explorers(self.current)
            team = rows.team
            acts = [team[e] for e in joinable(self.team, free, self.revealed)]
            if team_done(self) is None:
                acts.append(rows.team_done)
            return acts
        if phase == PAY:
            acts = [rows.pay_gold] if pay_gold(self, p) is None else []
            pay_site = rows.pay_site
            acts += [pay_site[s] for s in sorted(self.payable_sites(p))]
            return acts
        if phase == GIVEUP:
            return [rows.giveup[e] for e in self.hands[p]]
        if phase == WITHDRAW:
            return [rows.withdraw[e] for e in self.team]
        if phase == LOSE:
            return [rows.lose[e] for e in self.team]
        return []

    def _main_choices(self, p: int, rows: Rows[T]) -> list[T]:
        """The open step's actions, from ``rows``: the checks of ``refusals`` that decide a whole
        group are asked once; the rest lists where things lie, with precomputed rows."""
        # The refusals' checks without their words (``open_choices``): a refusal's text, which this list
        # never shows, was about a tenth of an open step's listing in valgrind's count.
        gold, from_basecamp, from_player = open_choices(self, p)
        acts: list[Any] = [rows.gold] if gold else []
        # loops, not list comprehensions: for the few items here, building the comprehension's function
        # cost more than the items (valgrind)
        hire = rows.hire
        if from_basecamp:
            for e in self.faceup:
                acts.append(hire[e])
            if self.camp:
                acts.append(rows.hire_stack)
        if from_player:
            for q, theirs in enumerate(self.hands):
                if q != p and len(theirs) >= 2:  # a player's last explorer cannot be hired away
                    for e in theirs:
                        acts.append(hire[e])
        used = self.used
        hand = self.hands[p]
        if used:
            free = []
            for e in hand:
                if not used >> e & 1:
                    free.append(e)
        else:
            free = hand  # read, never changed
        if free:
            blocked = self.interpreter
            stacks = self.stacks
            travelled = self.travelled
            full = all(stacks)  # a card in every stack
            # A traveller looks one card deeper than the last of this turn's travellers there, so each
            # continent needs more cards than travelled there (where nobody travelled, one: ``full``; asking
            # ``not travelled[c]`` first spares most continents the call to ``len``). Written
            # out for the five continents, the blocked one too: when only it lacks a card, the listing for
            # that case gives what the usual one would.
            if (
                full
                and (not travelled[0] or travelled[0] < len(stacks[0]))
                and (not travelled[1] or travelled[1] < len(stacks[1]))
                and (not travelled[2] or travelled[2] < len(stacks[2]))
                and (not travelled[3] or travelled[3] < len(stacks[3]))
                and (not travelled[4] or travelled[4] < len(stacks[4]))
            ):  # the usual case: a card to look at everywhere; the free explorers' moves, remembered together
                key = tuple(free)
                moves = rows.explorer_moves[blocked].get(key)
                acts += rows.moves_of(blocked, key) if moves is None else moves
            else:
                acts += self._short_moves(free, blocked, rows)
            means = self.gold[p] + self.worth[p]
            if self.won:
                means = self.means(p)  # sites won this turn cannot pay yet
            if full and means >= 0:  # the usual case: a card in every stack, looked up by amount
                acts += rows.affordable[blocked][means if means < PRICIEST else PRICIEST]
            else:
                expedition = rows.expedition
                for c in OPEN_CONTINENTS[blocked]:
                    if stacks[c] and means >= COSTS[c]:
                        acts.append(expedition[c])
        acts.append(rows.end)
        return acts

    def _short_moves(self, free: list[int], blocked: int, rows: Rows[T]) -> list[T]:
        """What ``free`` may do when some continent has no card left to look at: travel to those that
        have one (each explorer in turn), then move the interpreter."""
        stacks, travelled = self.stacks, self.travelled
        open_continents = OPEN_CONTINENTS[blocked]
        reachable = [d for d in open_continents if travelled[d] < len(stacks[d])]
        acts: list[T] = []
        travel = rows.travel
        for e in free:
            row = travel[e]
            acts.extend([row[d] for d in reachable])
        interpreter_moves = rows.interpreter_moves
        for e in free:
            acts.extend(interpreter_moves[e][blocked])
        return acts

    # -------------------------------------------------------------- apply
    def _apply(self, action: Action, seat: int) -> None:
        self.__legal = None
        operation, x, c = _DISPATCH[action]
        operation(self, self.current, x, c)

    def _travel(self, p: int, explorer: int, c: int) -> None:
        self.acted = True
        self.used |= 1 << explorer
        site = self.stacks[c][self.travelled[c]]
        self.known[site] |= 1 << p
        self.travelled[c] += 1
        self._after_explorer_action()

    def _move_interpreter(self, p: int, explorer: int, c: int) -> None:
        self.acted = True
        self.used |= 1 << explorer
        self.interpreter = c
        self._after_explorer_action()

    def _give_up(self, p: int, explorer: int, c: int) -> None:
        self.hands[p].remove(explorer)
        self._to_basecamp(explorer)
        self.phase = MAIN

    def _start_expedition(self, p: int, x: int, c: int) -> None:
        self.acted = True
        self.expedition = c
        self.owed = COSTS[c]
        if self.payable_sites(p):
            self.phase = PAY
        else:
            self._pay_gold(p)

    def _join_team(self, p: int, explorer: int, c: int) -> None:
        self.team.append(explorer)
        self.used |= 1 << explorer
        if team_meets(self.team, self.revealed):
            self._succeed(p)

    def _take_gold(self, p: int, x: int, c: int) -> None:
        self.gold[p] += DATA.take_gold
        self.bank -= DATA.take_gold
        if not self._check_target(p):
            self._end_turn()

    def _hire(self, p: int, explorer: int, c: int = -1) -> None:
        self.acted = True
        self.hired = True
        owner = -1
        if explorer == 0:  # the top of the face-down stack
            explorer = self._draw_camp()
            self._pay_bank(p, DATA.hire_from_basecamp)
        elif explorer in self.faceup:
            slot = self.faceup.index(explorer)
            if self.camp:
                self.faceup[slot] = self._draw_camp()  # the next card turns up in the vacated place
            else:
                del self.faceup[slot]
            self._pay_bank(p, DATA.hire_from_basecamp)
        else:
            owner = self.owner_of(explorer)
            self.hands[owner].remove(explorer)
            self.gold[p] -= DATA.hire_from_player
            self.gold[owner] += DATA.hire_from_player
        self.hands[p].append(explorer)
        if owner >= 0 and self._check_target(owner):
            return  # the owner reached the target with the fee, on someone else's turn
        if len(self.hands[p]) > DATA.max_explorers:
            self.phase = GIVEUP

    def _draw_camp(self) -> int:
        if self.camp_hidden:
            self.camp_hidden -= 1
        return self.camp.pop(0)

    def _pay_bank(self, p: int, amount: int) -> None:
        self.gold[p] -= amount
        self.bank += amount

    def _to_basecamp(self, explorer: int) -> None:
        """An explorer returns face down under the stack, or face up while the basecamp holds fewer than 2."""
        if len(self.faceup) < 2:
            self.faceup.append(explorer)
        else:
            self.camp.append(explorer)

    def _pay_gold(self, p: int, x: int = 0, c: int = -1) -> None:
        self._pay_bank(p, self.owed)
        self.owed = 0
        self._reveal()

    def _pay_site(self, p: int, site: int, c: int = -1) -> None:
        self.owned[p].remove(site)
        value = SITE_VALUE[site]
        self.worth[p] -= value
        self.stacks[SITE_CONTINENT[site]].append(site)  # under its own continent's stack, seen by all
        self.known[site] = self._in_plain_sight()
        self.owed -= min(value, self.owed)  # no change is given for a site
        if self.owed == 0:
            self._reveal()
        elif not self.payable_sites(p):
            self._pay_gold(p)  # only gold is left to pay with

    def _in_plain_sight(self) -> int:
        """The ``known`` mask of a card that went under its stack face up: every seat and spectators."""
        return (1 << self.players) - 1 | PUBLIC

    def _reveal(self) -> None:
        c = self.expedition
        self.revealed = self.stacks[c].pop(0)
        if self.travelled[c]:
            # the dug-up card was one this turn's travellers had looked at: the next traveller
            # sees the first card below those still in the stack, not one further down
            self.travelled[c] -= 1
        self.team = []
        self.phase = TEAM

    def _succeed(self, p: int) -> None:
        site = self.revealed
        self.owned[p].append(site)
        self.worth[p] += SITE_VALUE[site]
        self.won |= 1 << site  # it may pay for expeditions from the next turn on
        self.revealed = 0
        self.interpreter = self.expedition
        if self._check_target(p):
            return
        if len(self.team) == 1:
            self._withdraw(p, self.team[0])
        else:
            self.phase = WITHDRAW

    def _withdraw(self, p: int, explorer: int, c: int = -1) -> None:
        self.hands[p].remove(explorer)
        self._to_basecamp(explorer)
        self.team = []
        self.expedition = -1
        self.phase = MAIN
        self._after_explorer_action()

    def _fail(self, p: int, x: int = 0, c: int = -1) -> None:
        site = self.revealed
        self.stacks[self.expedition].append(site)  # back under its stack, seen by all
        self.known[site] = self._in_plain_sight()
        self.revealed = 0
        self.interpreter = self.expedition
        if len(self.team) == 1:
            self._lose(p, self.team[0])
        else:
            self.phase = LOSE

    def _lose(self, p: int, explorer: int, c: int = -1) -> None:
        self.hands[p].remove(explorer)
        self._to_basecamp(explorer)
        self._end_turn()  # a failed expedition ends the turn

    def _after_explorer_action(self) -> None:
        """The turn ends once every explorer the player holds has acted."""
        used = self.used
        for e in self.hands[self.current]:
            if not used >> e & 1:
                return
        self._end_turn()

    def _check_target(self, seat: int) -> bool:
        """End the game at once if ``seat`` has reached the target."""
        if self.gold[seat] + self.worth[seat] >= self.target:
            self.phase = OVER
            self.winner_seats = (seat,)
            self.ended = "target"
            self.__legal = None
            return True
        return False

    def _end_turn(self, p: int = 0, x: int = 0, c: int = -1) -> None:
        self.turns += 1
        if self.max_rounds and self.turns >= self.max_rounds * self.players:
            scores = self.scores
            best = max(scores)
            self.winner_seats = tuple(q for q in range(self.players) if scores[q] == best)
            self.ended = "safety_cap"
            self.phase = OVER
            self.__legal = None
            return
        self.current = (self.current + 1) % self.players
        self._start_turn()


# What each decoded operation does: called with (state, seat, explorer-or-site, continent).
_OPERATIONS = {
    OP_TRAVEL: BayonState._travel,
    OP_INTERPRETER: BayonState._move_interpreter,
    OP_HIRE: BayonState._hire,
    OP_HIRE_STACK: BayonState._hire,
    OP_GIVEUP: BayonState._give_up,
    OP_EXPEDITION: BayonState._start_expedition,
    OP_PAY_GOLD: BayonState._pay_gold,
    OP_PAY_SITE: BayonState._pay_site,
    OP_TEAM: BayonState._join_team,
    OP_TEAM_DONE: BayonState._fail,
    OP_WITHDRAW: BayonState._withdraw,
    OP_LOSE: BayonState._lose,
    OP_GOLD: BayonState._take_gold,
    OP_END: BayonState._end_turn,
}

# Each action decoded into (what it does, explorer-or-site, continent): what _apply looks up, one step
# less than DECODE and then _OPERATIONS on every move.
_DISPATCH = {action: (_OPERATIONS[op], x, c) for action, (op, x, c) in DECODE.items()}
