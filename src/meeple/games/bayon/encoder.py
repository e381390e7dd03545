"""Bayon's observation vector (all values in [0, 1]; seats relative to the observer).

Sizes come from the game's components: 17 explorers (numbered 1–17), 30 sites
(numbered 1–30) and 5 continents, each stack at most 6 deep. The table of
slices for any player count is ``meeple.rl.observation_table("bayon", players=P)``;
``docs/rl.md`` prints it for every count.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from meeple.games.bayon import actions as game_actions
from meeple.games.bayon import data as game_data
from meeple.games.bayon.observe import PUBLIC, BayonObservation
from meeple.rl.encoding import (
    UNSEEN,
    Encoder,
    SeatCache,
    Vector,
    by_relative_seat,
    category,
    changed_at,
    flag,
    many_hot,
    one_hot,
    relative,
    relight,
    scaled,
    seat_hot,
    set_bits,
    write_changed,
)

EXPLORERS = 17
SITES = 30
CONTINENTS = ("europe", "africa", "asia", "america", "australia")
DEPTH = 6
EXPLORER_IDS = frozenset(game_data.EXPLORER_IDS)
SITE_IDS = frozenset(game_data.SITE_IDS)
STEPS = game_actions.PHASE_NAMES  # the game's phases: state.phase is the slot
MAIN, OVER = game_actions.MAIN, game_actions.OVER
TAKE_GOLD = game_data.DATA.take_gold  # the bank must hold this much for a seat to take gold
GOLD_CEILING = 100.0  # designed: more gold than any seat has held in measured games
BANK_CEILING = 200.0

# The cache slots BayonEncoder.update_state keeps (each a key and the indices it lit, or for a piece lighting
# one index, that index); a piece drawn from several fields keys each in a slot of its own; the located
# cards are one piece per continent. P_ONE_HOTS holds the indices lit by the six one-hots (the current
# seat, the interpreter, the blocked continent, the step, the expedition and the site revealed; -1: none),
# moved one by one as the fields they are drawn from change (the slots from P_CURRENT on: each field keyed
# on its own, a comparison where a tuple of all of them was built every step). Module constants, not
# class attributes: read every step, a global costs less than an attribute of the class.
(
    P_ONE_HOTS, P_ROUND, P_MAX_ROUNDS, P_BANK, P_GOLD, P_WORTH, P_TARGET, P_HANDS, P_OWNED, P_FACE_UP, P_CAMP,
    P_CAMP_HIDDEN, P_STACKS, P_KNOWN, P_USED, P_WON, P_TRAVELLED, P_OWED, P_TEAM, P_ENDED, P_LOCATED,
) = range(1, 22)  # fmt: skip
P_CURRENT = P_LOCATED + len(CONTINENTS)
P_INTERPRETER, P_STACK_COUNT, P_PHASE, P_EXPEDITION, P_REVEALED, P_MAY_TAKE_GOLD, P_HIRED = range(
    P_CURRENT + 1, P_CURRENT + 8
)


class BayonEncoder(Encoder[BayonObservation]):
    def __init__(self, players: int, options: dict[str, Any]) -> None:
        super().__init__(players, options)
        p, add = players, self.layout.add
        self.at_current = add("current", p, "seat whose turn it is (relative)")
        self.at_round = add("round", 1, "round / max_rounds")
        self.at_bank = add("bank", 1, f"gold left in the bank / {BANK_CEILING:g}")
        self.at_interpreter = add("interpreter", len(CONTINENTS) + 1, "continent the interpreter blocks (+ other)")
        self.at_wealth = add("wealth", p, "each seat's wealth (gold + sites) / target")
        self.at_gold = add("gold", p, f"each seat's gold / {GOLD_CEILING:g}")
        self.at_explorers = add("explorers", p * EXPLORERS, "explorers each seat holds (seat-major, explorer 1–17)")
        self.at_sites = add("sites", p * SITES, "sites each seat owns (seat-major, site 1–30)")
        self.at_face_up = add("basecamp_face_up", EXPLORERS, "explorers face up at the base camp")
        self.at_camp_size = add("basecamp_size", 1, "base-camp stack size / 17")
        self.at_camp_unseen = add("basecamp_unseen", 1, "face-down explorers nobody has seen / 17")
        self.at_camp_bottom = add("basecamp_bottom", EXPLORERS, "explorers known to lie under the base-camp stack")
        self.at_stack_size = add("stack_size", len(CONTINENTS), f"each continent's stack size / {DEPTH}")
        self.at_blocked = add("blocked", len(CONTINENTS), "continent blocked by the interpreter")
        per_card = 1 + SITES + p
        self.per_card = per_card
        self.at_known = add(
            "known_cards",
            len(CONTINENTS) * DEPTH * per_card,
            f"per continent × depth 0–{DEPTH - 1}: [someone knows this card, its site (1–30) if the observer "
            "knows it, which seats know it (relative)]",
        )
        self.at_step = add("step", len(STEPS) + 1, "step of the turn (+ other)")
        self.at_turn_flags = add("turn_flags", 2, "[may take gold, has hired this turn]")
        self.at_acted = add("acted_explorers", EXPLORERS, "explorers already used this turn")
        self.at_travelled = add("travelled", len(CONTINENTS), "explorers sent to each continent this turn / 4")
        self.at_expedition = add("expedition", len(CONTINENTS) + 1, "continent of the expedition under way (+ other)")
        self.at_owed = add("owed", 1, f"gold owed / {GOLD_CEILING:g}")
        self.at_won = add("won_this_turn", SITES, "sites won this turn")
        self.at_revealed = add("revealed", SITES, "site just revealed")
        self.at_team = add("team", EXPLORERS, "explorers in the team being formed")
        # the game's continent numbers -> this encoder's slots, by name (unknown -> "other")
        self.continent_slot = [_slot(CONTINENTS, name) for name in game_data.CONTINENTS]
        # where each card place's run starts (continent-major: place c * DEPTH + depth), and per observer,
        # place and "who knows this card" mask (seat bits + PUBLIC) the slots a known card there lights,
        # without its site: [someone knows it, the seats that know it]
        self.card_at = [self.at_known + place * per_card for place in range(len(CONTINENTS) * DEPTH)]
        self.known_slots = [
            [
                [
                    (at, *(at + 1 + SITES + (q - me) % p for q in range(p) if mask >> q & 1))
                    for mask in range(2 * PUBLIC)
                ]
                for at in self.card_at
            ]
            for me in range(p)
        ]
        # the slots each bit set of used explorers, and of sites won, lights (see _bit_slots)
        self.used_slots: dict[int, list[int]] = {}
        self.won_slots: dict[int, list[int]] = {}
        self.rel = [[(q - me) % p for q in range(p)] for me in range(p)]  # seat -> relative slot, per observer
        self.travel_at = [self.at_travelled + slot for slot in self.continent_slot]

    def fill(self, v: Vector, obs: BayonObservation, me: int) -> None:
        p = self.players
        r = relative(obs.get("current"), me, p)
        one_hot(v, self.at_current, p, r)
        v[self.at_round] = scaled(obs.get("round"), float(obs.get("max_rounds") or 1) or 1.0)
        v[self.at_bank] = scaled(obs.get("bank"), BANK_CEILING)
        category(v, self.at_interpreter, CONTINENTS, obs.get("interpreter"))
        target = float(obs.get("target") or 1) or 1.0
        for r, row in by_relative_seat(obs.get("seats"), me, p):
            v[self.at_wealth + r] = scaled(row.get("wealth"), target)
            v[self.at_gold + r] = scaled(row.get("gold"), GOLD_CEILING)
            many_hot(v, self.at_explorers + r * EXPLORERS, EXPLORERS, row.get("explorers"), offset=1)
            many_hot(v, self.at_sites + r * SITES, SITES, row.get("sites"), offset=1)
        camp = obs.get("basecamp") or {}
        many_hot(v, self.at_face_up, EXPLORERS, camp.get("face_up"), offset=1)
        v[self.at_camp_size] = scaled(camp.get("stack_size"), EXPLORERS)
        v[self.at_camp_unseen] = scaled(camp.get("face_down_unseen"), EXPLORERS)
        many_hot(v, self.at_camp_bottom, EXPLORERS, camp.get("stack_bottom"), offset=1)
        for c, cont in enumerate(obs.get("continents") or ()):
            if c >= len(CONTINENTS) or not isinstance(cont, dict):
                break
            v[self.at_stack_size + c] = scaled(cont.get("stack_size"), DEPTH)
            flag(v, self.at_blocked + c, cont.get("blocked"))
            for card in cont.get("known") or ():
                depth = card.get("depth")
                if not isinstance(depth, int) or not 0 <= depth < DEPTH:
                    continue
                at = self.at_known + (c * DEPTH + depth) * self.per_card
                v[at] = 1.0
                site = card.get("site")
                one_hot(v, at + 1, SITES, site - 1 if isinstance(site, int) else None)
                seat_hot(v, at + 1 + SITES, p, me, card.get("known_by"))
        turn = obs.get("turn") or {}
        category(v, self.at_step, STEPS, turn.get("step"))
        flag(v, self.at_turn_flags, turn.get("may_take_gold"))
        flag(v, self.at_turn_flags + 1, turn.get("hired"))
        many_hot(v, self.at_acted, EXPLORERS, turn.get("acted_explorers"), offset=1)
        travelled = turn.get("travelled") or {}
        for c, name in enumerate(CONTINENTS):
            v[self.at_travelled + c] = scaled(travelled.get(name), 4)
        category(v, self.at_expedition, CONTINENTS, turn.get("expedition"))
        v[self.at_owed] = scaled(turn.get("owed"), GOLD_CEILING)
        many_hot(v, self.at_won, SITES, turn.get("won_this_turn"), offset=1)
        revealed = turn.get("revealed")
        many_hot(v, self.at_revealed, SITES, revealed if isinstance(revealed, list) else [revealed], offset=1)
        many_hot(v, self.at_team, EXPLORERS, turn.get("team"), offset=1)

    # ------------------------------------------------------------- the fast path (incremental)
    # the cache slots update_state keeps: the module's P_ constants
    pieces = P_HIRED

    def update_state(self, cache: SeatCache, state: Any, me: int) -> None:
        """What :meth:`fill` writes, read from the fields ``state.observation(me)`` is built from,
        piece by piece, each only when its fields changed. A ratio capped at 1 is written
        ``x if (x := ratio) < 1.0 else 1.0``: what ``min(1.0, ratio)`` gives (NaN included), without
        the call (valgrind: some 300 instructions each)."""
        m, keys = cache.view, cache.keys
        rel = self.rel[me]
        # the round is a property drawn from the turns played and how the game ended: those fields are
        # the key (compared every step, where the property would be a call)
        turns, ended = state.turns, state.ended
        if turns != keys[P_ROUND] or ended != keys[P_ENDED] or state.max_rounds != keys[P_MAX_ROUNDS]:
            keys[P_ROUND], keys[P_ENDED], keys[P_MAX_ROUNDS] = turns, ended, state.max_rounds
            m[self.at_round] = x if (x := state.round / (float(state.max_rounds or 1) or 1.0)) < 1.0 else 1.0
        bank = state.bank
        if bank != keys[P_BANK]:
            keys[P_BANK] = bank
            m[self.at_bank] = x if (x := bank / BANK_CEILING) < 1.0 else 1.0
        stacks, interpreter, expedition, revealed = state.stacks, state.interpreter, state.expedition, state.revealed
        lit = keys[P_ONE_HOTS]
        if lit is UNSEEN:
            lit = keys[P_ONE_HOTS] = [-1, -1, -1, -1, -1, -1]
        current, phase = state.current, state.phase
        if current != keys[P_CURRENT]:
            keys[P_CURRENT] = current
            _move_hot(m, lit, 0, self.at_current + rel[current])
        if interpreter != keys[P_INTERPRETER] or len(stacks) != keys[P_STACK_COUNT]:
            keys[P_INTERPRETER], keys[P_STACK_COUNT] = interpreter, len(stacks)
            _move_hot(m, lit, 1, self.at_interpreter + self.continent_slot[interpreter])
            blocked = 0 <= interpreter < min(len(stacks), len(CONTINENTS))
            _move_hot(m, lit, 2, self.at_blocked + interpreter if blocked else -1)
        if phase != keys[P_PHASE]:
            keys[P_PHASE] = phase
            _move_hot(m, lit, 3, self.at_step + phase)
        if expedition != keys[P_EXPEDITION]:
            keys[P_EXPEDITION] = expedition
            _move_hot(m, lit, 4, self.at_expedition + self.continent_slot[expedition] if expedition >= 0 else -1)
        if revealed != keys[P_REVEALED]:
            keys[P_REVEALED] = revealed
            _move_hot(m, lit, 5, self.at_revealed - 1 + revealed if revealed else -1)
        gold, worth = state.gold, state.worth
        if gold != keys[P_GOLD] or worth != keys[P_WORTH] or state.target != keys[P_TARGET]:
            keys[P_GOLD], keys[P_WORTH], keys[P_TARGET] = gold[:], worth[:], state.target
            target = float(state.target or 1) or 1.0
            for q, r in enumerate(rel):
                m[self.at_wealth + r] = x if (x := (gold[q] + worth[q]) / target) < 1.0 else 1.0
                m[self.at_gold + r] = x if (x := gold[q] / GOLD_CEILING) < 1.0 else 1.0
        hands = state.hands
        if hands != keys[P_HANDS]:
            keys[P_HANDS] = [h[:] for h in hands]
            relight(cache, P_HANDS, [self.at_explorers + rel[q] * EXPLORERS - 1 + e
                                        for q, hand in enumerate(hands) for e in hand])  # fmt: skip
        owned = state.owned
        if owned != keys[P_OWNED]:
            keys[P_OWNED] = [o[:] for o in owned]
            relight(cache, P_OWNED, [self.at_sites + rel[q] * SITES - 1 + site
                                        for q, sites in enumerate(owned) for site in sites])  # fmt: skip
        if state.faceup != keys[P_FACE_UP]:
            keys[P_FACE_UP] = state.faceup[:]
            relight(cache, P_FACE_UP, [self.at_face_up - 1 + e for e in state.faceup])
        camp, hidden = state.camp, state.camp_hidden
        if hidden != keys[P_CAMP_HIDDEN] or camp != keys[P_CAMP]:
            keys[P_CAMP], keys[P_CAMP_HIDDEN] = camp[:], hidden
            m[self.at_camp_size] = x if (x := len(camp) / EXPLORERS) < 1.0 else 1.0
            m[self.at_camp_unseen] = x if (x := hidden / EXPLORERS) < 1.0 else 1.0
            relight(cache, P_CAMP, [self.at_camp_bottom - 1 + e for e in camp[hidden:]])
        known, old_stacks, old_known = state.known, keys[P_STACKS], keys[P_KNOWN]
        if stacks != old_stacks or known != old_known:
            todo = self._continents_changed(stacks, known, old_stacks, old_known)
            if stacks != old_stacks:  # most often only who knows a card changed: the stacks are not copied
                keys[P_STACKS] = [s[:] for s in stacks]
            keys[P_KNOWN] = known[:]
            self._update_located(cache, stacks, known, me, todo)
        # the turn: the two flags change with the phase, the bank, and what the turn did; the bit sets show
        # nothing once the game is over
        may_take_gold = phase == MAIN and not state.acted and bank >= TAKE_GOLD
        if may_take_gold != keys[P_MAY_TAKE_GOLD]:
            keys[P_MAY_TAKE_GOLD] = may_take_gold
            m[self.at_turn_flags] = 1.0 if may_take_gold else 0.0
        hired = state.hired
        if hired != keys[P_HIRED]:
            keys[P_HIRED] = hired
            m[self.at_turn_flags + 1] = 1.0 if hired else 0.0
        running = phase != OVER
        used: Any = state.used if running else None
        if used != keys[P_USED]:  # the explorers used this turn: most looks
            keys[P_USED] = used
            lit = [] if used is None else self.used_slots.get(used)
            if lit is None:
                lit = self._bit_slots(used, self.at_acted, EXPLORER_IDS, self.used_slots)
            for i in cache.lit[P_USED]:
                m[i] = 0.0
            for i in lit:
                m[i] = 1.0
            cache.lit[P_USED] = lit
        won: Any = state.won if running else None
        if won != keys[P_WON]:
            keys[P_WON] = won
            lit = [] if won is None else self.won_slots.get(~won)
            if lit is None:
                lit = self._bit_slots(~won, self.at_won, SITE_IDS, self.won_slots)
            relight(cache, P_WON, lit)
        if state.travelled != keys[P_TRAVELLED]:
            write_changed(cache, P_TRAVELLED, state.travelled, self.travel_at, 0, 4.0)
        if state.owed != keys[P_OWED]:
            keys[P_OWED] = state.owed
            m[self.at_owed] = x if (x := state.owed / GOLD_CEILING) < 1.0 else 1.0
        if state.team != keys[P_TEAM]:
            keys[P_TEAM] = state.team[:]
            relight(cache, P_TEAM, [self.at_team - 1 + e for e in state.team])

    @staticmethod
    def _continents_changed(
        stacks: list[list[int]], known: list[int], old_stacks: Any, old_known: Any
    ) -> Iterable[int]:
        """The continents whose stack changed, or one of whose cards another seat came to know."""
        if old_stacks is UNSEEN or len(old_stacks) != len(stacks) or len(old_known) != len(known):
            return range(len(CONTINENTS))
        if known == old_known:  # the usual case: a card located or taken, nobody learnt a card
            return changed_at(stacks, old_stacks)
        learnt = set(changed_at(known, old_known))
        todo = []
        for c, stack in enumerate(stacks):  # a loop, not a comprehension: for five stacks, cheaper (valgrind)
            if stack != old_stacks[c] or not learnt.isdisjoint(stack):  # as long as stacks: tested above
                todo.append(c)
        return todo

    def _update_located(
        self, cache: SeatCache, stacks: list[list[int]], known: list[int], me: int, todo: Iterable[int]
    ) -> None:
        """The size and the located cards of each continent in ``todo``: each located card (someone knows
        it), its site if ``me`` saw it, and who knows it."""
        m = cache.view
        seen, slots, card_at = PUBLIC | 1 << me, self.known_slots[me], self.card_at
        for c in todo:
            if c >= len(CONTINENTS):
                continue
            stack = stacks[c] if c < len(stacks) else []
            m[self.at_stack_size + c] = x if (x := len(stack) / DEPTH) < 1.0 else 1.0
            hot: list[int] = []
            place = c * DEPTH
            for site in stack[:DEPTH]:
                mask = known[site]
                if mask:
                    hot += slots[place][mask]
                    if mask & seen:
                        hot.append(card_at[place] + site)  # the site slots start at the run's start + 1, for site 1
                place += 1
            relight(cache, P_LOCATED + c, hot)

    @staticmethod
    def _bit_slots(bits: int, at: int, ids: frozenset[int], memo: dict[int, list[int]]) -> list[int]:
        """The slots from ``at`` lit by a bit set of explorers (``bits``) or of sites (``~bits``), remembered
        in ``memo`` per value (each recurs turn after turn; past 1024 values the memo starts again)."""
        if len(memo) >= 1024:
            memo.clear()
        lit = memo[bits] = [at - 1 + i for i in set_bits(bits if bits >= 0 else ~bits) if i in ids]
        return lit


def _move_hot(m: Any, lit: list[int], k: int, index: int) -> None:
    """Light ``index`` (-1: none) instead of the ``k``-th one-hot's ``lit[k]``: the six lie in slices of
    their own, so one may move before another."""
    old = lit[k]
    if old >= 0:
        m[old] = 0.0
    if index >= 0:
        m[index] = 1.0
    lit[k] = index


def _slot(names: tuple[str, ...], name: str) -> int:
    """Where ``name`` lies among ``names``, or the ``other`` slot after them."""
    return names.index(name) if name in names else len(names)
