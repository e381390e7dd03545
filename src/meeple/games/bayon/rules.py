"""Bayon: rules as plain data and small functions.

Who owns what is kept in a handful of lists of ints, so that ``clone`` is a
few list copies and the legal-action generator is a few loops:

* explorers are their printed numbers 1-17, sites their ids 1-30 (data.json),
  continents the indices 0-4 of :data:`CONTINENTS` (Europe ... Australia);
* a stack (sites of a continent, face-down explorers) is a list, top first;
* ``known[site]`` is a bit mask of the seats that know where that site lies in
  its continent's stack (they peeked at it, or it went under the stack face
  up for all to see). Every later change to a stack is public (the top card
  leaves, a known card goes underneath), so a seat that once located a card
  can follow it until it leaves the stack: the mask travels with the card.

Gold is kept as amounts (multiples of 5), not cards: see RULES.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from itertools import permutations
from typing import Any

from meeple.core import Action, State
from meeple.core.rng import Random

CONTINENTS: tuple[str, ...] = ("europe", "africa", "asia", "america", "australia")
SYMBOLS: tuple[str, ...] = ("map", "shovel", "microscope")
PROVENANCES = frozenset({"rulebook", "public", "designed"})
GOLD_STEP = 5  # every amount of gold in the game is a multiple of the smallest card
PUBLIC = 1 << 4  # in a ``known`` mask beside the seat bits 0-3: the card's place was seen by all (spectators too)


# --------------------------------------------------------------------------- data
@dataclass(frozen=True)
class Explorer:
    number: int
    name: str
    abilities: tuple[int, int, int]  # map, shovel, microscope


@dataclass(frozen=True)
class Site:
    id: int
    name: str
    continent: int
    needs: tuple[int, int, int]  # map, shovel, microscope
    value: int


@dataclass(frozen=True)
class BayonData:
    explorers: dict[int, Explorer]
    sites: dict[int, Site]
    costs: tuple[int, ...]  # expedition cost per continent
    gold_cards: tuple[tuple[int, int], ...]  # (value, count)
    starting_explorers: tuple[int, ...]
    removed_explorers: dict[int, tuple[int, ...]]  # by player count
    starting_gold: int
    take_gold: int
    hire_from_basecamp: int
    hire_from_player: int
    max_explorers: int
    interpreter_start: int
    target: dict[int, int]  # by player count

    @property
    def bank_total(self) -> int:
        return sum(value * count for value, count in self.gold_cards)


def _value(field: Any, where: str) -> Any:
    """Unwrap ``{"value": v, "provenance": p}``, insisting on a known provenance."""
    if not isinstance(field, dict) or set(field) != {"value", "provenance"}:
        raise ValueError(f"{where} must be an object with 'value' and 'provenance'")
    if field["provenance"] not in PROVENANCES:
        raise ValueError(f"{where} has provenance {field['provenance']!r}; use rulebook, public or designed")
    return field["value"]


def _int(field: Any, where: str, low: int, high: int) -> int:
    value = _value(field, where)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{where} must be a whole number from {low} to {high}, got {value!r}")
    return value


def _gold_amount(field: Any, where: str) -> int:
    value = _int(field, where, GOLD_STEP, 10_000)
    if value % GOLD_STEP:
        raise ValueError(f"{where} must be a multiple of {GOLD_STEP} gold, got {value}")
    return value


def parse_data(raw: dict[str, Any]) -> BayonData:
    """Check the raw data file and build :class:`BayonData`; ``ValueError`` says what is wrong."""
    if not isinstance(raw, dict):
        raise ValueError("the Bayon data must be a JSON object")
    try:
        explorers: dict[int, Explorer] = {}
        for i, entry in enumerate(raw["explorers"]):
            where = f"explorer #{i + 1}"
            number = _int(entry["number"], f"{where} number", 1, 17)
            if number in explorers:
                raise ValueError(f"explorer {number} appears twice")
            name = _value(entry["name"], f"{where} name")
            if not isinstance(name, str) or not name:
                raise ValueError(f"{where} needs a name")
            abilities = tuple(_int(entry[s], f"explorer {number} {s}", 0, 3) for s in SYMBOLS)
            explorers[number] = Explorer(number, name, (abilities[0], abilities[1], abilities[2]))
        if sorted(explorers) != list(range(1, 18)):
            raise ValueError("there must be exactly the 17 explorers numbered 1 to 17")

        names = [_value(c["name"], f"continent #{i + 1} name") for i, c in enumerate(raw["continents"])]
        if tuple(names) != CONTINENTS:
            raise ValueError(f"the continents must be {', '.join(CONTINENTS)} in that order, got {names}")
        costs = tuple(_gold_amount(c["cost"], f"cost of {c['name']['value']}") for c in raw["continents"])

        sites: dict[int, Site] = {}
        for i, entry in enumerate(raw["sites"]):
            sid = _int(entry["id"], f"site #{i + 1} id", 1, 30)
            if sid in sites:
                raise ValueError(f"site id {sid} appears twice")
            name = _value(entry["name"], f"site {sid} name")
            continent = _value(entry["continent"], f"site {sid} continent")
            if continent not in CONTINENTS:
                raise ValueError(f"site {sid} is on an unknown continent {continent!r}")
            needs = tuple(_int(entry[s], f"site {sid} {s}", 0, 5) for s in SYMBOLS)
            if sum(needs) == 0:
                raise ValueError(f"site {sid} needs at least one ability")
            value = _gold_amount(entry["value"], f"site {sid} value")
            sites[sid] = Site(sid, str(name), CONTINENTS.index(continent), (needs[0], needs[1], needs[2]), value)
        if sorted(sites) != list(range(1, 31)):
            raise ValueError("there must be exactly the 30 sites with ids 1 to 30")
        for c, name in enumerate(CONTINENTS):
            count = sum(1 for s in sites.values() if s.continent == c)
            if count != 6:
                raise ValueError(f"{name} must have 6 sites, it has {count}")

        gold_cards = []
        for i, entry in enumerate(raw["gold_cards"]):
            gold_cards.append(
                (
                    _gold_amount(entry["value"], f"gold card kind #{i + 1}"),
                    _int(entry["count"], f"gold card kind #{i + 1} count", 0, 18),
                )
            )
        if sum(count for _, count in gold_cards) != 18:
            raise ValueError("there must be 18 gold cards in all")

        setup = raw["setup"]
        starting = tuple(_value(setup["starting_explorers"], "starting explorers"))
        if sorted(starting) != list(range(1, 7)):
            raise ValueError("the starting explorers must be 1 to 6")
        orderings = {explorers[n].abilities for n in starting}
        if orderings != set(permutations((0, 1, 3))):
            raise ValueError("explorers 1-6 must show the six orderings of the values 0, 1 and 3")
        removed = {}
        target = {}
        for players in (2, 3, 4):
            gone = tuple(_value(setup["removed_explorers"][str(players)], f"explorers removed with {players}"))
            if any(n not in explorers or n in starting for n in gone):
                raise ValueError(f"the explorers removed with {players} players must be among 7 to 17")
            removed[players] = gone
            target[players] = _gold_amount(setup["target"][str(players)], f"target with {players} players")
        interpreter = _value(setup["interpreter_start"], "interpreter start")
        if interpreter not in CONTINENTS:
            raise ValueError(f"the interpreter starts on an unknown continent {interpreter!r}")
        data = BayonData(
            explorers=explorers,
            sites=sites,
            costs=costs,
            gold_cards=tuple(gold_cards),
            starting_explorers=starting,
            removed_explorers=removed,
            starting_gold=_gold_amount(setup["starting_gold"], "starting gold"),
            take_gold=_gold_amount(setup["take_gold"], "gold taken from the bank"),
            hire_from_basecamp=_gold_amount(setup["hire_from_basecamp"], "cost of a basecamp hire"),
            hire_from_player=_gold_amount(setup["hire_from_player"], "cost of hiring from a player"),
            max_explorers=_int(setup["max_explorers"], "most explorers a player may keep", 1, 4),
            interpreter_start=CONTINENTS.index(interpreter),
            target=target,
        )
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise ValueError(f"the Bayon data file is missing or mangles a field: {exc!r}") from None
    if data.bank_total < 4 * data.starting_gold:
        raise ValueError("the bank cannot give four players their starting gold")
    return data


def load_data(path: str | None = None) -> BayonData:
    """Read and check ``data.json`` (or the file at ``path``)."""
    if path is None:
        text = resources.files("meeple.games.bayon").joinpath("data.json").read_text(encoding="utf-8")
    else:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"the Bayon data file is not valid JSON: {exc}") from None
    return parse_data(raw)


DATA = load_data()
EXPLORERS = DATA.explorers
SITES = DATA.sites
COSTS = DATA.costs
ABILITIES: tuple[tuple[int, int, int], ...] = ((0, 0, 0), *(EXPLORERS[n].abilities for n in range(1, 18)))
NEEDS: tuple[tuple[int, int, int], ...] = ((0, 0, 0), *(SITES[s].needs for s in range(1, 31)))
SITE_VALUE: tuple[int, ...] = (0, *(SITES[s].value for s in range(1, 31)))
SITE_CONTINENT: tuple[int, ...] = (-1, *(SITES[s].continent for s in range(1, 31)))
EXPLORER_IDS = range(1, 18)
SITE_IDS = range(1, 31)


def team_meets(team: list[int], site: int) -> bool:
    """Whether the team's summed abilities reach every requirement of ``site``."""
    need_map, need_shovel, need_micro = NEEDS[site]
    total_map = total_shovel = total_micro = 0
    for e in team:
        a, b, c = ABILITIES[e]
        total_map += a
        total_shovel += b
        total_micro += c
    return total_map >= need_map and total_shovel >= need_shovel and total_micro >= need_micro


def superfluous_member(team: list[int], site: int) -> int:
    """A member the (successful) team could do without, or 0 when every member is needed."""
    for member in team:
        rest = [e for e in team if e != member]
        if rest and team_meets(rest, site):
            return member
    return 0


# ------------------------------------------------------------------------ actions
def _build_actions() -> dict[str, Any]:
    names = CONTINENTS
    return {
        "gold": Action("gold"),
        "end": Action("end"),
        "hire_stack": Action("hire", "stack"),
        "hire": [Action("hire", e) if e else None for e in range(18)],
        "giveup": [Action("giveup", e) if e else None for e in range(18)],
        "travel": [[Action("travel", e, names[c]) for c in range(5)] if e else [] for e in range(18)],
        "interpreter": [[Action("interpreter", e, names[c]) for c in range(5)] if e else [] for e in range(18)],
        "expedition": [Action("expedition", names[c]) for c in range(5)],
        "pay_gold": Action("pay", "gold"),
        "pay_site": [Action("pay", "site", s) if s else None for s in range(31)],
        "team": [Action("team", e) if e else None for e in range(18)],
        "team_done": Action("team", "done"),
        "withdraw": [Action("withdraw", e) if e else None for e in range(18)],
        "lose": [Action("lose", e) if e else None for e in range(18)],
    }


_A = _build_actions()
A_GOLD: Action = _A["gold"]
A_END: Action = _A["end"]
A_HIRE_STACK: Action = _A["hire_stack"]
A_HIRE: list[Action] = _A["hire"]
A_GIVEUP: list[Action] = _A["giveup"]
A_TRAVEL: list[list[Action]] = _A["travel"]
A_INTERPRETER: list[list[Action]] = _A["interpreter"]
A_EXPEDITION: list[Action] = _A["expedition"]
A_PAY_GOLD: Action = _A["pay_gold"]
A_PAY_SITE: list[Action] = _A["pay_site"]
A_TEAM: list[Action] = _A["team"]
A_TEAM_DONE: Action = _A["team_done"]
A_WITHDRAW: list[Action] = _A["withdraw"]
A_LOSE: list[Action] = _A["lose"]

ACTION_SPACE: tuple[Action, ...] = (
    A_GOLD,
    A_END,
    A_HIRE_STACK,
    *A_HIRE[1:],
    *A_GIVEUP[1:],
    *(a for e in EXPLORER_IDS for a in A_TRAVEL[e]),
    *(a for e in EXPLORER_IDS for a in A_INTERPRETER[e]),
    *A_EXPEDITION,
    A_PAY_GOLD,
    *A_PAY_SITE[1:],
    *A_TEAM[1:],
    A_TEAM_DONE,
    *A_WITHDRAW[1:],
    *A_LOSE[1:],
)

# Per explorer and blocked continent: travelling to / moving the interpreter to each other continent.
TRAVEL_OPEN: list[list[tuple[Action, ...]]] = [
    [tuple(A_TRAVEL[e][c] for c in range(5) if c != blocked) for blocked in range(5)] if e else [] for e in range(18)
]
INTERPRETER_MOVES: list[list[tuple[Action, ...]]] = [
    [tuple(A_INTERPRETER[e][c] for c in range(5) if c != blocked) for blocked in range(5)] if e else []
    for e in range(18)
]

# Each action decoded once into (operation, explorer-or-site, continent) for _apply.
(
    OP_GOLD,
    OP_END,
    OP_HIRE_STACK,
    OP_HIRE,
    OP_GIVEUP,
    OP_TRAVEL,
    OP_INTERPRETER,
    OP_EXPEDITION,
    OP_PAY_GOLD,
    OP_PAY_SITE,
    OP_TEAM,
    OP_TEAM_DONE,
    OP_WITHDRAW,
    OP_LOSE,
) = range(14)
DECODE: dict[Action, tuple[int, int, int]] = {
    A_GOLD: (OP_GOLD, 0, -1),
    A_END: (OP_END, 0, -1),
    A_HIRE_STACK: (OP_HIRE_STACK, 0, -1),
    A_PAY_GOLD: (OP_PAY_GOLD, 0, -1),
    A_TEAM_DONE: (OP_TEAM_DONE, 0, -1),
}
for _e in EXPLORER_IDS:
    DECODE[A_HIRE[_e]] = (OP_HIRE, _e, -1)
    DECODE[A_GIVEUP[_e]] = (OP_GIVEUP, _e, -1)
    DECODE[A_TEAM[_e]] = (OP_TEAM, _e, -1)
    DECODE[A_WITHDRAW[_e]] = (OP_WITHDRAW, _e, -1)
    DECODE[A_LOSE[_e]] = (OP_LOSE, _e, -1)
    for _c in range(5):
        DECODE[A_TRAVEL[_e][_c]] = (OP_TRAVEL, _e, _c)
        DECODE[A_INTERPRETER[_e][_c]] = (OP_INTERPRETER, _e, _c)
for _c in range(5):
    DECODE[A_EXPEDITION[_c]] = (OP_EXPEDITION, 0, _c)
for _s in SITE_IDS:
    DECODE[A_PAY_SITE[_s]] = (OP_PAY_SITE, _s, -1)

# Steps of a turn. MAIN is the open choice; the others are the parts of a
# compound decision that must be finished before anything else happens.
MAIN, GIVEUP, PAY, TEAM, WITHDRAW, LOSE, OVER = range(7)
PHASE_NAMES = ("main", "giveup", "pay", "team", "withdraw", "lose", "over")
PENDING_STEP = {
    GIVEUP: "you hold five explorers: first give one up (giveup N)",
    PAY: "an expedition is being paid for: pay the rest first (pay gold / pay site N)",
    TEAM: "an expedition site is revealed: assemble the team first (team N / team done)",
    WITHDRAW: "the expedition succeeded: first choose the participant who withdraws (withdraw N)",
    LOSE: "the expedition failed: first choose the participant you lose (lose N)",
}
KINDS_OF_PHASE = {
    MAIN: {"gold", "end", "hire", "travel", "interpreter", "expedition"},
    GIVEUP: {"giveup"},
    PAY: {"pay"},
    TEAM: {"team"},
    WITHDRAW: {"withdraw"},
    LOSE: {"lose"},
}


def continent_title(c: int) -> str:
    return CONTINENTS[c].capitalize()


# -------------------------------------------------------------------------- state
class BayonState(State):
    """A game of Bayon. See RULES.md for the rules as implemented."""

    __slots__ = (
        "__legal",  # cache of the current seat's legal actions; a leading "__" keeps it out of snapshots
        "acted",  # the current player has done something this turn (so may no longer take gold)
        "bank",
        "camp",  # basecamp's face-down explorers, top first
        "camp_hidden",  # how many of the top of ``camp`` nobody has seen (the rest went under face up)
        "current",  # the seat whose turn it is
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
    won: int
    __legal: list[Action] | None

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(players, seed, options)
        target = options.get("target")
        self.target = DATA.target[players] if target is None else target
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
        self._start_turn()

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
        new.won = self.won
        new.__legal = self.__legal  # never mutated in place, so it may be shared
        return new

    def determinize(self, seat: int, rng: Random) -> BayonState:
        """Re-draw the face-down explorers nobody has seen and every site ``seat`` has not located."""
        self._check_seat(seat)
        world = self.clone()
        world._reseed_from(rng)
        hidden = world.camp[: world.camp_hidden]
        rng.shuffle(hidden)
        world.camp[: world.camp_hidden] = hidden
        bit = 1 << seat
        known = world.known
        for stack in world.stacks:
            spots = [i for i, s in enumerate(stack) if not known[s] & bit]
            if len(spots) < 2:
                continue
            cards = [stack[i] for i in spots]
            masks = [known[s] for s in cards]  # who knows a spot stays with the spot
            rng.shuffle(cards)
            for i, card, mask in zip(spots, cards, masks, strict=True):
                stack[i] = card
                known[card] = mask
        return world

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
    def round(self) -> int:
        """The round being played, from 1."""
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
            cached = self.__legal = self._generate(seat)
        return cached.copy()

    def _generate(self, p: int) -> list[Action]:
        phase = self.phase
        if phase == MAIN:
            return self._main_actions(p)
        if phase == TEAM:
            return self._team_actions()
        if phase == PAY:
            acts = [A_PAY_GOLD] if self.gold[p] >= self.owed else []
            acts += [A_PAY_SITE[s] for s in sorted(self.payable_sites(p))]
            return acts
        if phase == GIVEUP:
            return [A_GIVEUP[e] for e in self.hands[p]]
        if phase == WITHDRAW:
            return [A_WITHDRAW[e] for e in self.team]
        if phase == LOSE:
            return [A_LOSE[e] for e in self.team]
        return []

    def _main_actions(self, p: int) -> list[Action]:
        acts: list[Action] = []
        if not self.acted and self.bank >= DATA.take_gold:
            acts.append(A_GOLD)
        if not self.hired:
            money = self.gold[p]
            if money >= DATA.hire_from_basecamp:
                for e in self.faceup:
                    acts.append(A_HIRE[e])
                if self.camp:
                    acts.append(A_HIRE_STACK)
            if money >= DATA.hire_from_player:
                for q, hand in enumerate(self.hands):
                    if q != p and len(hand) >= 2:
                        for e in hand:
                            acts.append(A_HIRE[e])
        used = self.used
        free = [e for e in self.hands[p] if not used >> e & 1]
        if free:
            blocked = self.interpreter
            stacks = self.stacks
            travelled = self.travelled
            reachable = [c for c in range(5) if c != blocked and travelled[c] < len(stacks[c])]
            if len(reachable) == 4:  # the usual case: every open continent, in one precomputed row
                for e in free:
                    acts.extend(TRAVEL_OPEN[e][blocked])
            else:
                for e in free:
                    row = A_TRAVEL[e]
                    acts.extend([row[c] for c in reachable])
            for e in free:
                acts.extend(INTERPRETER_MOVES[e][blocked])
            means = self.gold[p] + self.worth[p]
            if self.won:
                means = self.means(p)  # sites won this turn cannot pay yet
            for c in range(5):
                if c != blocked and stacks[c] and means >= COSTS[c]:
                    acts.append(A_EXPEDITION[c])
        acts.append(A_END)
        return acts

    def _team_actions(self) -> list[Action]:
        team = self.team
        site = self.revealed
        used = self.used
        acts = []
        for e in self.hands[self.current]:
            if used >> e & 1:
                continue
            bigger = [*team, e]
            if team and team_meets(bigger, site) and superfluous_member(bigger, site):
                continue  # would make a successful team with a passenger
            acts.append(A_TEAM[e])
        if team:
            acts.append(A_TEAM_DONE)
        return acts

    # -------------------------------------------------------------- apply
    def _apply(self, action: Action, seat: int) -> None:
        self.__legal = None
        op, x, c = DECODE[action]
        p = self.current
        if op == OP_TRAVEL:
            self.acted = True
            self.used |= 1 << x
            site = self.stacks[c][self.travelled[c]]
            self.known[site] |= 1 << p
            self.travelled[c] += 1
            self._after_explorer_action()
        elif op == OP_INTERPRETER:
            self.acted = True
            self.used |= 1 << x
            self.interpreter = c
            self._after_explorer_action()
        elif op in (OP_HIRE, OP_HIRE_STACK):
            self._hire(p, x)
        elif op == OP_GIVEUP:
            self.hands[p].remove(x)
            self._to_basecamp(x)
            self.phase = MAIN
        elif op == OP_EXPEDITION:
            self.acted = True
            self.expedition = c
            self.owed = COSTS[c]
            if self.payable_sites(p):
                self.phase = PAY
            else:
                self._pay_gold(p)
        elif op == OP_PAY_GOLD:
            self._pay_gold(p)
        elif op == OP_PAY_SITE:
            self._pay_site(p, x)
        elif op == OP_TEAM:
            self.team.append(x)
            self.used |= 1 << x
            if team_meets(self.team, self.revealed):
                self._succeed(p)
        elif op == OP_TEAM_DONE:
            self._fail(p)
        elif op == OP_WITHDRAW:
            self._withdraw(p, x)
        elif op == OP_LOSE:
            self._lose(p, x)
        elif op == OP_GOLD:
            self.gold[p] += DATA.take_gold
            self.bank -= DATA.take_gold
            if not self._check_target(p):
                self._end_turn()
        else:  # OP_END
            self._end_turn()

    def _hire(self, p: int, explorer: int) -> None:
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

    def _pay_gold(self, p: int) -> None:
        self._pay_bank(p, self.owed)
        self.owed = 0
        self._reveal()

    def _pay_site(self, p: int, site: int) -> None:
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

    def _withdraw(self, p: int, explorer: int) -> None:
        self.hands[p].remove(explorer)
        self._to_basecamp(explorer)
        self.team = []
        self.expedition = -1
        self.phase = MAIN
        self._after_explorer_action()

    def _fail(self, p: int) -> None:
        site = self.revealed
        self.stacks[self.expedition].append(site)  # back under its stack, seen by all
        self.known[site] = self._in_plain_sight()
        self.revealed = 0
        self.interpreter = self.expedition
        if len(self.team) == 1:
            self._lose(p, self.team[0])
        else:
            self.phase = LOSE

    def _lose(self, p: int, explorer: int) -> None:
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
            self.__legal = None
            return True
        return False

    def _end_turn(self) -> None:
        self.turns += 1
        if self.max_rounds and self.turns >= self.max_rounds * self.players:
            scores = self.scores
            best = max(scores)
            self.winner_seats = tuple(p for p in range(self.players) if scores[p] == best)
            self.phase = OVER
            self.__legal = None
            return
        self.current = (self.current + 1) % self.players
        self._start_turn()

    # ------------------------------------------------------- explanations
    def _explain_illegal(self, action: Action, seat: int) -> str:
        op, x, c = DECODE.get(action, (-1, 0, -1))
        if op < 0:
            return f"{action} is not an action of Bayon"
        if action.kind not in KINDS_OF_PHASE[self.phase]:
            if self.phase == MAIN:
                return f"{action}: nothing is pending that this would answer"
            return PENDING_STEP[self.phase]
        p = self.current
        money = self.gold[p]
        if op == OP_GOLD:
            if self.acted:
                return "taking 5 gold must be the whole turn, and you have already acted this turn"
            return "the bank has no gold left"
        if op in (OP_HIRE, OP_HIRE_STACK):
            return self._explain_hire(p, x, money)
        if op in (OP_TRAVEL, OP_INTERPRETER):
            reason = self._explain_explorer(p, x)
            if reason:
                return reason
            if c == self.interpreter:
                if op == OP_INTERPRETER:
                    return f"the interpreter is already on {continent_title(c)}"
                return f"{continent_title(c)} is blocked by the interpreter"
            return f"{continent_title(c)} has no card left to look at (its stack holds {len(self.stacks[c])})"
        if op == OP_EXPEDITION:
            if c == self.interpreter:
                return f"{continent_title(c)} is blocked by the interpreter"
            if not self.stacks[c]:
                return f"{continent_title(c)} has no sites left"
            if not self.unused_explorers(p):
                return "none of your explorers is free to form a team"
            payable = self.means(p) - money
            if payable != self.worth[p]:
                return (
                    f"you have {money} gold and sites worth {payable} from earlier turns, the expedition costs "
                    f"{COSTS[c]} (sites won this turn cannot pay until your next turn)"
                )
            if self.worth[p]:
                return f"you have {money} gold and sites worth {self.worth[p]}, the expedition costs {COSTS[c]}"
            return f"you have {money} gold, the expedition costs {COSTS[c]}"
        if op == OP_PAY_GOLD:
            return f"you have {money} gold, {self.owed} is still owed"
        if op == OP_PAY_SITE:
            if x in self.owned[p]:
                return f"site {x} ({SITES[x].name}) was won this turn: only sites from earlier turns can pay"
            return f"site {x} ({SITES[x].name}) is not yours"
        if op == OP_TEAM:
            if x in self.team:
                return f"explorer {x} is already in the team"
            reason = self._explain_explorer(p, x)
            if reason:
                return reason
            spare = superfluous_member([*self.team, x], self.revealed)
            return (
                f"with explorer {x} the team would succeed without explorer {spare}: "
                "no extra explorer may join a successful team"
            )
        if op == OP_TEAM_DONE:
            return "the team is empty: choose at least one explorer"
        if op in (OP_WITHDRAW, OP_LOSE):
            return f"explorer {x} did not take part in the expedition"
        if op == OP_GIVEUP:
            return f"explorer {x} is not yours"
        return f"{action} is not a legal action now"

    def _explain_explorer(self, p: int, explorer: int) -> str:
        if explorer not in self.hands[p]:
            return f"explorer {explorer} is not yours"
        if self.used >> explorer & 1:
            return f"explorer {explorer} has already acted this turn"
        return ""

    def _explain_hire(self, p: int, explorer: int, money: int) -> str:
        if self.hired:
            return "you have already hired an explorer this turn"
        if explorer == 0:
            if not self.camp:
                return "the basecamp has no face-down explorers left"
            return f"you have {money} gold, hiring from the basecamp costs {DATA.hire_from_basecamp}"
        if explorer in self.faceup:
            return f"you have {money} gold, hiring from the basecamp costs {DATA.hire_from_basecamp}"
        owner = self.owner_of(explorer)
        if owner == p:
            return f"explorer {explorer} is already yours"
        if owner < 0:
            return f"explorer {explorer} is neither face up in the basecamp nor with another player"
        if len(self.hands[owner]) < 2:
            return f"seat {owner} has only one explorer, which cannot be hired away"
        return f"you have {money} gold, hiring from another player costs {DATA.hire_from_player}"

    # -------------------------------------------------------- observation
    def observation(self, seat: int | None) -> dict[str, Any]:
        if seat is not None:
            self._check_seat(seat)
        obs = self.base_observation(seat)
        bit = 0 if seat is None else 1 << seat
        continents = []
        for c, stack in enumerate(self.stacks):
            cards = []
            for depth, site in enumerate(stack):
                mask = self.known[site]
                if mask:
                    seen = bool(mask & PUBLIC or mask & bit)
                    cards.append(
                        {
                            "depth": depth,
                            "site": site if seen else None,
                            "known_by": [q for q in range(self.players) if mask >> q & 1],
                        }
                    )
            continents.append(
                {
                    "name": CONTINENTS[c],
                    "cost": COSTS[c],
                    "stack_size": len(stack),
                    "blocked": c == self.interpreter,
                    "known": cards,
                }
            )
        hidden = self.camp_hidden
        is_turn = self.phase != OVER
        obs.update(
            {
                "current": self.current,
                "round": self.round,
                "turns_played": self.turns,
                "target": self.target,
                "max_rounds": self.max_rounds,
                "bank": self.bank,
                "interpreter": CONTINENTS[self.interpreter],
                "seats": [
                    {
                        "seat": q,
                        "gold": self.gold[q],
                        "explorers": self.hands[q].copy(),
                        "sites": self.owned[q].copy(),
                        "wealth": self.gold[q] + self.worth[q],
                    }
                    for q in range(self.players)
                ],
                "basecamp": {
                    "face_up": self.faceup.copy(),
                    "stack_size": len(self.camp),
                    "face_down_unseen": hidden,
                    # explorers given back go under the stack in plain sight: their order is public
                    "stack_bottom": self.camp[hidden:],
                },
                "continents": continents,
                "turn": {
                    "step": PHASE_NAMES[self.phase],
                    "may_take_gold": is_turn and self.phase == MAIN and not self.acted and self.bank >= DATA.take_gold,
                    "hired": self.hired,
                    "acted_explorers": [e for e in EXPLORER_IDS if self.used >> e & 1] if is_turn else [],
                    "travelled": {CONTINENTS[c]: n for c, n in enumerate(self.travelled) if n},
                    "expedition": CONTINENTS[self.expedition] if self.expedition >= 0 else None,
                    "owed": self.owed,
                    "won_this_turn": [s for s in SITE_IDS if self.won >> s & 1] if is_turn else [],
                    "revealed": self.revealed or None,
                    "team": self.team.copy(),
                },
                "scores": list(self.scores),
            }
        )
        return obs
