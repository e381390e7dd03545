"""Ivor the Engine's observation vector (all values in [0, 1]; seats relative to the observer).

Sizes come from the game's components: 61 cards (numbered 1–61), 20 locations
(in the order the observation lists them, which is the map's fixed order) and a
line of 4 face-up cards. Another seat's hand is never in the observation, only
its size and the cards all have seen go into it (``hand_known``).
"""

from __future__ import annotations

from typing import Any

from meeple.games.ivor import actions as game_actions
from meeple.games.ivor.observe import IvorObservation
from meeple.rl.encoding import (
    UNSEEN,
    Encoder,
    SeatCache,
    Vector,
    by_relative_seat,
    category,
    flag,
    many_hot,
    move_one_hots,
    one_hot,
    relative,
    relight,
    scaled,
    set_bits,
    write_changed,
    write_scaled,
)

CARDS = 61
LOCATIONS = 20
LINE = 4
PHASES = game_actions.PHASE_NAMES  # the game's phases: state.phase is the slot
SHEEP_CEILING = 30.0  # designed: above the 25-sheep end trigger
SCORE_CEILING = 60.0

# The cache slots IvorEncoder.update_state keeps (each a key, a copy of the fields the piece is drawn from,
# and for some the indices it lit); a piece drawn from several fields keys each in a slot of its own.
# Module constants, not class attributes: read every step, a global costs less than an attribute of the class.
(
    P_TURN, P_PHASE, P_MOVES, P_ROUND, P_END, P_SHEEP, P_GOLD, P_COAL, P_TOKENS, P_FINAL, P_HANDS, P_OWN_HAND,
    P_POS, P_KNOWN, P_COMPLETED, P_EVENTS, P_DISCARD, P_MAP_SHEEP, P_MAP_TOKEN, P_IDRIS, P_LINE, P_LINE_SHEEP,
    P_LINE_LIT, P_SUPPLY, P_JOBS,
) = range(1, 26)  # fmt: skip


class IvorEncoder(Encoder[IvorObservation]):
    def __init__(self, players: int, options: dict[str, Any]) -> None:
        super().__init__(players, options)
        p, add = players, self.layout.add
        self.at_current = add("current", p, "seat whose turn it is (relative)")
        self.at_phase = add("phase", len(PHASES) + 1, "phase of the turn (+ other)")
        self.at_round = add("round", 1, "round / 30")
        self.at_end = add("end", 3, "[sheep needed to end / 30, end triggered, moves left / 5]")
        self.per_seat = 7 + LOCATIONS + 4 * CARDS
        self.at_seats = add(
            "seats",
            p * self.per_seat,
            f"per seat (relative), {self.per_seat} each: [sheep / 30, gold / 5, coal / 5, hand size / 5, "
            "lost-sheep tokens / 5, final score / 60, located], location (20), own hand (61, the observer's "
            "only), cards all know are in the hand (61), completed jobs (61), events taken (61)",
        )
        self.at_locs = add(
            "locations",
            LOCATIONS * (2 + 2 * (p + 1)),
            f"per location: [sheep / 8, lost-sheep token], wagon owner ({p} relative + none), "
            f"Idris token owner ({p} relative + none)",
        )
        self.at_line = add("line", LINE * (CARDS + 1), "per line slot: card (61), sheep on it")
        self.at_deck = add("deck", 2 + CARDS, "[deck size / 61, events removed / 5], discard pile (61)")
        self.at_supply = add("supply", 3, "[gold / 12, coal / 12, Idris tokens / 5] in the supply")
        self.at_jobs = add("jobs_done_at", LOCATIONS, "locations where a job was done this turn")
        per_loc = 2 + 2 * (p + 1)
        self.at_wagon = [self.at_locs + i * per_loc + 2 for i in range(LOCATIONS)]
        self.at_idris = [at + p + 1 for at in self.at_wagon]
        self.owner_slot = [[(q - me) % p for q in range(p)] + [p] for me in range(p)]
        self.rel = [[(q - me) % p for q in range(p)] for me in range(p)]  # seat -> relative slot, per observer
        self.seat_at = [[self.at_seats + r * self.per_seat for r in rel] for rel in self.rel]
        self.loc_at = [self.at_locs + i * per_loc for i in range(LOCATIONS)]
        self.line_at = [self.at_line + i * (CARDS + 1) for i in range(LINE)]
        # per observer and group (known, completed, events): where card c of each seat is lit, less c
        self.card_sets_at = [
            [[at + 6 + LOCATIONS + k * CARDS for at in starts] for k in (1, 2, 3)] for starts in self.seat_at
        ]

    def fill(self, v: Vector, obs: IvorObservation, me: int) -> None:
        p = self.players
        one_hot(v, self.at_current, p, relative(obs.get("current"), me, p))
        category(v, self.at_phase, PHASES, obs.get("phase"))
        v[self.at_round] = scaled(obs.get("round"), 30)
        v[self.at_end] = scaled(obs.get("sheep_to_end"), SHEEP_CEILING)
        flag(v, self.at_end + 1, obs.get("end_triggered"))
        v[self.at_end + 2] = scaled(obs.get("moves_left"), 5)
        locations = [loc.get("id") for loc in obs.get("locations") or () if isinstance(loc, dict)]
        for r, row in by_relative_seat(obs.get("players"), me, p):
            at = self.at_seats + r * self.per_seat
            v[at] = scaled(row.get("sheep"), SHEEP_CEILING)
            v[at + 1] = scaled(row.get("gold"), 5)
            v[at + 2] = scaled(row.get("coal"), 5)
            v[at + 3] = scaled(row.get("hand_size"), 5)
            v[at + 4] = scaled(row.get("lost_sheep_tokens"), 5)
            v[at + 5] = scaled(row.get("final_score"), SCORE_CEILING)
            where = row.get("location")
            if where in locations:
                v[at + 6] = 1.0
                one_hot(v, at + 7, LOCATIONS, locations.index(where))
            at += 7 + LOCATIONS
            for k, key in enumerate(("hand", "hand_known", "completed", "events")):
                many_hot(v, at + k * CARDS, CARDS, row.get(key), offset=1)
        per_loc = 2 + 2 * (p + 1)
        for i, loc in enumerate(obs.get("locations") or ()):
            if i >= LOCATIONS or not isinstance(loc, dict):
                break
            at = self.at_locs + i * per_loc
            v[at] = scaled(loc.get("sheep"), 8)
            flag(v, at + 1, loc.get("lost_sheep_token"))
            for k, key in enumerate(("wagon", "idris")):
                owner = relative(loc.get(key), me, p)
                v[at + 2 + k * (p + 1) + (p if owner is None else owner)] = 1.0
        for i, slot in enumerate(obs.get("line") or ()):
            if i >= LINE or not isinstance(slot, dict):
                break
            at = self.at_line + i * (CARDS + 1)
            card = slot.get("card")
            one_hot(v, at, CARDS, card - 1 if isinstance(card, int) else None)
            flag(v, at + CARDS, slot.get("sheep"))
        v[self.at_deck] = scaled(obs.get("deck_size"), CARDS)
        v[self.at_deck + 1] = scaled(obs.get("events_removed"), 5)
        many_hot(v, self.at_deck + 2, CARDS, obs.get("discard"), offset=1)
        supply = obs.get("supply") or {}
        v[self.at_supply] = scaled(supply.get("gold"), 12)
        v[self.at_supply + 1] = scaled(supply.get("coal"), 12)
        v[self.at_supply + 2] = scaled(supply.get("idris"), 5)
        jobs = [locations.index(x) for x in obs.get("jobs_done_at") or () if x in locations]
        many_hot(v, self.at_jobs, LOCATIONS, jobs)

    # ------------------------------------------------------------- the fast path (incremental)
    # the cache slots update_state keeps: the module's P_ constants

    @property
    def pieces(self) -> int:  # type: ignore[override]
        return P_JOBS

    # Each piece is checked by one comparison of its fields with the copy its key slot holds (at C speed);
    # when they differ, only the values that changed are written where finding them costs less than writing
    # them all (valgrind: a value written costs about what comparing two 20-long lists costs, some 300
    # instructions, and each turn of a Python loop a few hundred). What changes at the start of most of a
    # seat's turns (the wagons, the hands, the cards all saw go into them) is diffed, so is a card set (a card
    # taken or played changes one card of it); the seats' counts are rewritten whole.
    def update_state(self, cache: SeatCache, state: Any, me: int) -> None:
        """What :meth:`fill` writes, read from the fields ``state.observation(me)`` is built from
        (of the other seats' hands, only their size and the cards all saw go in),
        piece by piece, each only when its fields changed."""
        m, keys = cache.view, cache.keys
        phase, old = self.at_phase + state.phase, keys[P_PHASE]
        if phase != old:  # most moves (move_hot, written out: each key is the index it lit)
            if old is not UNSEEN:
                m[old] = 0.0
            m[phase] = 1.0
            keys[P_PHASE] = phase
        turn, old = self.at_current + self.rel[me][state.current], keys[P_TURN]
        if turn != old:
            if old is not UNSEEN:
                m[old] = 0.0
            m[turn] = 1.0
            keys[P_TURN] = turn
        # the moves left change most turns, the round once a round, the target and its trigger once a game
        # (each number lies in [0, ceiling) or is written as 1: scaled's clipping, without a call to min)
        x = state.moves_left
        if x != keys[P_MOVES]:
            keys[P_MOVES] = x
            m[self.at_end + 2] = x / 5 if x < 5 else 1.0
        x = state.round
        if x != keys[P_ROUND]:
            keys[P_ROUND] = x
            m[self.at_round] = x / 30 if x < 30 else 1.0
        target = state.target
        x = 2 * target + (1 if state.end_triggered else 0)  # both in one key (the target is never negative)
        if x != keys[P_END]:
            keys[P_END] = x
            m[self.at_end] = target / SHEEP_CEILING if target < SHEEP_CEILING else 1.0
            m[self.at_end + 1] = 1.0 if x & 1 else 0.0
        starts = self.seat_at[me]  # where each seat's run starts, by absolute seat
        # a few seats: each count is written for all of them when one changed (cheaper than finding which)
        values = state.sheep
        if values != keys[P_SHEEP]:
            keys[P_SHEEP] = values[:]
            for q, x in enumerate(values):
                m[starts[q]] = x / SHEEP_CEILING if x < SHEEP_CEILING else 1.0
        values = state.coal
        if values != keys[P_COAL]:
            keys[P_COAL] = _seat_counts(m, starts, 2, values, 5.0)
        values = state.gold
        if values != keys[P_GOLD]:
            keys[P_GOLD] = _seat_counts(m, starts, 1, values, 5.0)
        values = state.tokens
        if values != keys[P_TOKENS]:
            keys[P_TOKENS] = _seat_counts(m, starts, 4, values, 5.0)
        final = state.final
        if final != keys[P_FINAL]:
            keys[P_FINAL] = None if final is None else final[:]  # of the type final has, to compare equal
            write_scaled(m, starts, 5, [0] * self.players if final is None else final, SCORE_CEILING)
        pos = state.pos
        if pos != keys[P_POS]:
            self._update_places(cache, state, starts, me)
        hands = state.hands
        if hands != keys[P_HANDS]:
            self._update_hands(cache, hands, starts, me)
        # the cards all saw go into each hand, the jobs done and the events taken: each changes now and then
        if state.known != keys[P_KNOWN]:
            _update_card_sets(cache, P_KNOWN, state.known, self.card_sets_at[me][0])
        if state.completed != keys[P_COMPLETED]:
            _update_card_sets(cache, P_COMPLETED, state.completed, self.card_sets_at[me][1])
        if state.events_taken != keys[P_EVENTS]:
            _update_card_sets(cache, P_EVENTS, state.events_taken, self.card_sets_at[me][2])
        discard, old = state.discard, keys[P_DISCARD]
        if discard != old:
            at = self.at_deck + 1  # the discard pile's slots start at at + 1, for card 1
            if old is not UNSEEN and len(discard) > len(old) and discard[: len(old)] == old:  # cards put on it
                hot = discard[len(old) :]
                old += hot  # the kept copy follows, in place
                lit = cache.lit[P_DISCARD]
                for c in hot:
                    m[at + c] = 1.0
                    lit.append(at + c)
            else:
                keys[P_DISCARD] = discard[:]
                relight(cache, P_DISCARD, [at + c for c in discard])
        if state.loc_sheep != keys[P_MAP_SHEEP]:
            write_changed(cache, P_MAP_SHEEP, state.loc_sheep, self.loc_at, 0, 8.0)
        if state.loc_token != keys[P_MAP_TOKEN]:
            write_changed(cache, P_MAP_TOKEN, state.loc_token, self.loc_at, 1, None)  # a flag: a token taken clears it
        if state.idris_at != keys[P_IDRIS]:
            move_one_hots(cache, P_IDRIS, state.idris_at, self.at_idris, self.owner_slot[me])
        line, on = state.line, state.line_sheep
        if line != keys[P_LINE] or on != keys[P_LINE_SHEEP]:
            self._update_line(cache, line, on)
        supply = (len(state.deck), len(state.removed), state.supply_gold, state.supply_coal, state.idris_free)
        if supply != keys[P_SUPPLY]:
            keys[P_SUPPLY] = supply
            deck, removed, gold, coal, idris = supply
            at, at2 = self.at_deck, self.at_supply
            m[at] = deck / CARDS if deck < CARDS else 1.0
            m[at + 1] = removed / 5 if removed < 5 else 1.0
            m[at2] = gold / 12 if gold < 12 else 1.0
            m[at2 + 1] = coal / 12 if coal < 12 else 1.0
            m[at2 + 2] = idris / 5 if idris < 5 else 1.0
        if state.jobs_here != keys[P_JOBS]:
            keys[P_JOBS] = state.jobs_here
            relight(cache, P_JOBS, [self.at_jobs + i for i in set_bits(state.jobs_here) if i < LOCATIONS])

    def _update_places(self, cache: SeatCache, state: Any, starts: list[int], me: int) -> None:
        """Each seat's place (its run's location slots) and, per location, whose wagon stands there, for the
        seats whose wagon moved (all, the first time): drawn from ``pos``, of which ``wagon_at`` is the
        inverse (the seat at each location), read only to know whether a location left is now empty."""
        m, keys = cache.view, cache.keys
        pos, old = state.pos, keys[P_POS]
        p, slot, wagon, wagons = self.players, self.owner_slot[me], self.at_wagon, state.wagon_at
        if old is UNSEEN:  # an empty vector: every location has no wagon, no seat a place
            for at in wagon:
                m[at + p] = 1.0
            old = [-1] * len(pos)
        for q in range(len(starts)):  # as many seats as the state has
            x, y = old[q], pos[q]
            if x != y:
                at = starts[q]
                if x >= 0:
                    m[at + 7 + x] = m[wagon[x] + slot[q]] = 0.0
                    if wagons[x] < 0:  # else another wagon stands there now (its seat's entry lights it)
                        m[wagon[x] + p] = 1.0
                else:
                    m[at + 6] = 1.0  # placed
                if y >= 0:
                    m[at + 7 + y] = m[wagon[y] + slot[q]] = 1.0
                    m[wagon[y] + p] = 0.0
                else:
                    m[at + 6] = 0.0
        keys[P_POS] = pos[:]

    def _update_hands(self, cache: SeatCache, hands: list[list[int]], starts: list[int], me: int) -> None:
        """Every hand's size, and the observer's own hand (the cards that left it out, the new ones lit)."""
        m, keys = cache.view, cache.keys
        old = keys[P_HANDS]
        if old is UNSEEN or len(old) != len(hands):
            old = keys[P_HANDS] = [UNSEEN] * len(hands)  # equal to no hand: every size is written
        for q, hand in enumerate(hands):
            was = old[q]
            if hand != was:
                old[q] = hand[:]
                if q < len(starts):
                    x = len(hand)
                    m[starts[q] + 3] = x / 5 if x < 5 else 1.0
        own, was = hands[me], keys[P_OWN_HAND]
        if own != was:
            at = self.at_seats + 6 + LOCATIONS  # the observer's card slots start at at + 1, for card 1
            if was is not UNSEEN:
                for c in was:
                    if c not in own:
                        m[at + c] = 0.0
            for c in own:
                if was is UNSEEN or c not in was:
                    m[at + c] = 1.0
            keys[P_OWN_HAND] = own[:]

    def _update_line(self, cache: SeatCache, line: list[int], on: list[int]) -> None:
        """Each slot of the line: its card and whether a sheep lies on it."""
        cache.keys[P_LINE], cache.keys[P_LINE_SHEEP] = line[:], on[:]
        hot = []
        for at, card, sheep in zip(self.line_at, line, on, strict=False):  # a line never holds more than LINE
            hot.append(at + card - 1)
            if sheep:
                hot.append(at + CARDS)
        relight(cache, P_LINE_LIT, hot)


def _update_card_sets(cache: SeatCache, piece: int, sets: list[list[int]], starts: list[int]) -> None:
    """For each seat whose set of cards changed since the copy the key slot holds, the cards no longer in it
    out, the new ones lit (card ``c`` of seat ``q`` at ``starts[q] + c``)."""
    m, old = cache.view, cache.keys[piece]
    if old is UNSEEN or len(old) != len(sets):
        old = cache.keys[piece] = [()] * len(sets)  # nothing lit yet
    for q, cards in enumerate(sets):
        was = old[q]
        if cards != was and q < len(starts):
            at = starts[q]
            for c in was:
                if c not in cards:
                    m[at + c] = 0.0
            for c in cards:
                if c not in was:
                    m[at + c] = 1.0
            old[q] = cards[:]


def _seat_counts(m: Any, starts: list[int], offset: int, values: list[int], ceiling: float) -> list[int]:
    """``m[starts[q] + offset] = min(1, values[q] / ceiling)`` for every seat ``q`` (counts are never
    negative); returns a copy of ``values``, the piece's new key."""
    for at, x in zip(starts, values, strict=False):
        m[at + offset] = x / ceiling if x < ceiling else 1.0
    return values[:]
