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
    changed_at,
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

# The cache slots IvorEncoder.update_state keeps (each a key and the indices it lit); a piece drawn from
# several fields keys each in a slot of its own; the card sets lit per seat follow, three slots a seat.
# Module constants, not class attributes: read every step, a global costs less than an attribute of the class.
(
    P_TURN, P_PHASE, P_SHEEP, P_GOLD, P_COAL, P_TOKENS, P_FINAL, P_HANDS, P_OWN_HAND, P_POS, P_KNOWN, P_COMPLETED,
    P_EVENTS, P_DISCARD, P_MAP_SHEEP, P_MAP_TOKEN, P_WAGONS, P_IDRIS, P_LINE, P_LINE_SHEEP, P_SUPPLY, P_JOBS,
    P_COUNTS, P_SEAT_CARDS,
) = range(1, 25)  # fmt: skip


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
        return P_SEAT_CARDS + 3 * self.players - 1

    def update_state(self, cache: SeatCache, state: Any, me: int) -> None:
        """What :meth:`fill` writes, read from the fields ``state.observation(me)`` is built from
        (of the other seats' hands, only their size and the cards all saw go in),
        piece by piece, each only when its fields changed."""
        m, keys = cache.view, cache.keys
        turn, phase = self.at_current + self.rel[me][state.current], self.at_phase + state.phase
        old = keys[P_PHASE]
        if phase != old:  # most moves (move_hot, written out: each key is the index it lit)
            if old is not UNSEEN:
                m[old] = 0.0
            m[phase] = 1.0
            keys[P_PHASE] = phase
        old = keys[P_TURN]
        if turn != old:
            if old is not UNSEEN:
                m[old] = 0.0
            m[turn] = 1.0
            keys[P_TURN] = turn
        # four numbers, each changing now and then: one key for the four, all written when it changes
        # (each number lies in [0, ceiling) or is written as 1: scaled's clipping, without a call to min)
        rnd, moves, end, target = key = (state.round, state.moves_left, state.end_triggered, state.target)
        if key != keys[P_COUNTS]:
            keys[P_COUNTS] = key
            at = self.at_end
            m[self.at_round] = rnd / 30 if rnd < 30 else 1.0
            m[at] = target / SHEEP_CEILING if target < SHEEP_CEILING else 1.0
            m[at + 1] = 1.0 if end else 0.0
            m[at + 2] = moves / 5 if moves < 5 else 1.0
        self._update_numbers(cache, state, me)
        self._update_cards(cache, state, me)
        discard, old = state.discard, keys[P_DISCARD]
        if discard != old:
            keys[P_DISCARD] = discard[:]
            at = self.at_deck + 1  # the discard pile's slots start at at + 1, for card 1
            if old is not UNSEEN and len(discard) > len(old) and discard[: len(old)] == old:  # cards put on it
                hot = [at + c for c in discard[len(old) :]]
                for i in hot:
                    m[i] = 1.0
                cache.lit[P_DISCARD] += hot
            else:
                relight(cache, P_DISCARD, [at + c for c in discard])
        sheep, token = state.loc_sheep, state.loc_token
        if sheep != keys[P_MAP_SHEEP]:
            write_changed(cache, P_MAP_SHEEP, sheep, self.loc_at, 0, 8.0)
        if token != keys[P_MAP_TOKEN]:
            write_changed(cache, P_MAP_TOKEN, token, self.loc_at, 1, None)  # a flag: a token taken clears it
        if state.wagon_at != keys[P_WAGONS]:
            move_one_hots(cache, P_WAGONS, state.wagon_at, self.at_wagon, self.owner_slot[me])
        if state.idris_at != keys[P_IDRIS]:
            move_one_hots(cache, P_IDRIS, state.idris_at, self.at_idris, self.owner_slot[me])
        line, on = state.line, state.line_sheep
        if line != keys[P_LINE] or on != keys[P_LINE_SHEEP]:
            keys[P_LINE], keys[P_LINE_SHEEP] = line[:], on[:]
            hot = []
            at = self.at_line
            for card, sheep_on in zip(line[:LINE], on, strict=False):
                if isinstance(card, int) and 0 < card <= CARDS:
                    hot.append(at + card - 1)
                if sheep_on:
                    hot.append(at + CARDS)
                at += CARDS + 1
            relight(cache, P_LINE, hot)
        deck, removed, gold, coal, idris = supply = (
            len(state.deck), len(state.removed), state.supply_gold, state.supply_coal, state.idris_free
        )
        if supply != keys[P_SUPPLY]:
            keys[P_SUPPLY] = supply
            at, at2 = self.at_deck, self.at_supply
            m[at] = deck / CARDS if deck < CARDS else 1.0
            m[at + 1] = removed / 5 if removed < 5 else 1.0
            m[at2] = gold / 12 if gold < 12 else 1.0
            m[at2 + 1] = coal / 12 if coal < 12 else 1.0
            m[at2 + 2] = idris / 5 if idris < 5 else 1.0
        if state.jobs_here != keys[P_JOBS]:
            keys[P_JOBS] = state.jobs_here
            relight(cache, P_JOBS, [self.at_jobs + i for i in set_bits(state.jobs_here) if i < LOCATIONS])

    def _update_numbers(self, cache: SeatCache, state: Any, me: int) -> None:
        """Each seat's counts and place (of another seat's hand only its size)."""
        m, keys = cache.view, cache.keys
        starts = self.seat_at[me]  # where each seat's run starts, by absolute seat
        # a few seats: each count is written for all of them when one changed (cheaper than finding which)
        if state.sheep != keys[P_SHEEP]:
            keys[P_SHEEP] = _seat_counts(m, starts, 0, state.sheep, SHEEP_CEILING)
        if state.gold != keys[P_GOLD]:
            keys[P_GOLD] = _seat_counts(m, starts, 1, state.gold, 5.0)
        if state.coal != keys[P_COAL]:
            keys[P_COAL] = _seat_counts(m, starts, 2, state.coal, 5.0)
        if state.tokens != keys[P_TOKENS]:
            keys[P_TOKENS] = _seat_counts(m, starts, 4, state.tokens, 5.0)
        final = state.final
        if final != keys[P_FINAL]:
            keys[P_FINAL] = None if final is None else final[:]  # of the type final has, to compare equal
            write_scaled(m, starts, 5, [0] * self.players if final is None else final, SCORE_CEILING)
        pos, old = state.pos, keys[P_POS]
        if pos != old:
            keys[P_POS] = pos[:]
            for q in range(len(pos)) if old is UNSEEN or len(old) != len(pos) else changed_at(pos, old):
                if q >= len(starts):
                    continue
                at = starts[q]
                if old is not UNSEEN and q < len(old) and 0 <= old[q] < LOCATIONS:
                    m[at + 6] = m[at + 7 + old[q]] = 0.0
                if 0 <= pos[q] < LOCATIONS:
                    m[at + 6] = m[at + 7 + pos[q]] = 1.0

    def _update_cards(self, cache: SeatCache, state: Any, me: int) -> None:
        """The observer's hand, every hand's size, and per seat the cards all saw go in, jobs done, events."""
        keys = cache.keys
        starts = self.seat_at[me]
        # of the hands, the observer sees its own and every hand's size (the key slots: the sizes, its hand)
        hands = state.hands
        sizes = list(map(len, hands))
        if sizes != keys[P_HANDS]:
            keys[P_HANDS] = _seat_counts(cache.view, starts, 3, sizes, 5.0)
        own = hands[me]
        if own != keys[P_OWN_HAND]:
            keys[P_OWN_HAND] = own[:]
            at = self.at_seats + 6 + LOCATIONS  # the observer's card slots start at at + 1, for card 1
            relight(cache, P_OWN_HAND, [at + c for c in own])
        # the cards all saw go into each hand, the jobs done and the events taken: each changes now and then
        if state.known != keys[P_KNOWN]:
            self._update_card_sets(cache, 0, state.known, starts)
        if state.completed != keys[P_COMPLETED]:
            self._update_card_sets(cache, 1, state.completed, starts)
        if state.events_taken != keys[P_EVENTS]:
            self._update_card_sets(cache, 2, state.events_taken, starts)

    def _update_card_sets(self, cache: SeatCache, group: int, sets: list[list[int]], starts: list[int]) -> None:
        """Relight, for each seat whose set changed, the cards of ``group`` (0 known, 1 completed, 2 events)."""
        offset = 6 + LOCATIONS + (group + 1) * CARDS
        keys, piece = cache.keys, P_KNOWN + group
        old = keys[piece]  # a copy of each seat's set (changed_rows, written out for a few seats)
        if old is UNSEEN or len(old) != len(sets):
            old = keys[piece] = [UNSEEN] * len(sets)  # equal to no set: every seat's is written
        for q, cards in enumerate(sets):
            if cards != old[q]:
                old[q] = cards[:]
                if q < len(starts):
                    at = starts[q] + offset
                    relight(cache, P_SEAT_CARDS + 3 * q + group, [at + c for c in cards])


def _seat_counts(m: Any, starts: list[int], offset: int, values: list[int], ceiling: float) -> list[int]:
    """``m[starts[q] + offset] = min(1, values[q] / ceiling)`` for every seat ``q`` (counts are never
    negative); returns a copy of ``values``, the piece's new key."""
    for at, x in zip(starts, values, strict=False):
        m[at + offset] = x / ceiling if x < ceiling else 1.0
    return values[:]
