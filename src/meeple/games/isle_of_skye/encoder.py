"""Isle of Skye's observation vector (all values in [0, 1]; seats relative to the observer).

Sizes come from the game's components: 78 landscape and castle tiles
(numbered 0–77), 16 scoring tiles, at most 6 rounds and 3 tiles offered per
seat. Territories are written tile by tile (where each placed tile lies, whose
it is and how it is turned), since the observation names tiles, not their
terrain. During the hidden pricing an opponent's offer shows only whether it
has chosen, exactly as its observation does.

The fast path keeps each seat's vector (``update_state``): the round's public
state, the pending tile, each seat's offer and received tiles, and the numbers
are rewritten only when the fields they are drawn from changed (every other
seat's offer and the numbers when the hidden pricing begins or ends, only the
prices and discard of an offer whose tiles and buyers are as they were), the
set-up only when the game does, and a territory only gains the tiles placed
since that seat last looked.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice
from operator import is_, le
from typing import Any

import numpy as np

from meeple.games.isle_of_skye import actions as game_actions
from meeple.games.isle_of_skye.observe import IsleOfSkyeObservation
from meeple.rl.encoding import (
    UNSEEN,
    ZEROS,
    Encoder,
    Memo,
    SeatCache,
    Vector,
    by_relative_seat,
    category,
    flag,
    many_hot,
    one_hot,
    relative,
    scaled,
    shifted,
)

TILES = 78
SCORING = (
    "squares", "completed-areas", "sheep", "large-areas", "brochs", "sets", "whisky", "ships",
    "gold", "farm-animals", "cattle-roads", "harbours", "columns", "roads", "big-loch", "mountains",
)  # fmt: skip
LETTERS = ("A", "B", "C", "D")
ROUNDS = 6
OFFER = 3
PHASES = game_actions.PHASE_NAMES  # the game's phases: state.phase is the slot
REACH = 7  # designed: a territory coordinate is read on -7..7 (a 5-round territory spans at most ±5)
ROTATIONS = (0, 90, 180, 270)
GOLD_CEILING = 40.0
VP_CEILING = 120.0
PRICE_CEILING = 20.0

# The cache slots IsleOfSkyeEncoder.update_state keeps, each compared with the state fields it is drawn from
# and rewritten only when they differ: the set-up; the round's public state (a tuple of numbers: the round,
# phase, start player, buy step, builder and bag size, immutable, so kept as it is); the pending tile and
# square; a copy of the per-seat lists (S_ constants: positions in that list; those holding a row per seat,
# S_ROWS, copied row by row); all territories (one piece: a tile is lit in one territory only, but a new game
# may give it to another seat); and the indices lit by the one-hots of the phase and the three roles. Each
# seat's offer and received tiles are a run of the vector of their own, cleared and rewritten.
# Module constants, not class attributes: read every step, a global costs less than an attribute of the class.
P_SETUP, P_ROUND, P_PENDING, P_SEATS, P_TERRITORY, P_ROLE_HOTS = range(1, 7)
S_VP, S_GOLD, S_DONE, S_PRICES, S_DRAWN, S_DISCARDED, S_SOLD_TO, S_RECEIVED = range(8)
S_ROWS = frozenset({S_PRICES, S_DRAWN, S_SOLD_TO, S_RECEIVED})
PRICE, BUY, BUILD = game_actions.PRICE, game_actions.BUY, game_actions.BUILD


def unit(x: float) -> float:
    """``x`` clipped into ``[0, 1]``, as ``scaled`` clips (``update_state`` clips each number where it writes it)."""
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


# ``unit(n / ceiling)`` for the whole numbers n from 0 to the ceiling (below 0 it is 0, above 1): read from a
# list where update_state writes an integer field (a lookup costs about half a division and the clipping)
VP_TOP, GOLD_TOP, PRICE_TOP, COORD_TOP = int(VP_CEILING), int(GOLD_CEILING), int(PRICE_CEILING), 2 * REACH
VP_UNIT = [unit(n / VP_CEILING) for n in range(VP_TOP + 1)]
GOLD_UNIT = [unit(n / GOLD_CEILING) for n in range(GOLD_TOP + 1)]
PRICE_UNIT = [unit(n / PRICE_CEILING) for n in range(PRICE_TOP + 1)]
COORD_UNIT = [unit(n / (2 * REACH)) for n in range(COORD_TOP + 1)]  # a coordinate + REACH


class IsleOfSkyeEncoder(Encoder[IsleOfSkyeObservation]):
    layout_options = frozenset()  # the scoring tiles are read from the state, not from its options

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        super().__init__(players, options)
        p, add = players, self.layout.add
        self.at_round = add("round", 2, "[round / 6, rounds in this game / 6]")
        self.at_phase = add("phase", len(PHASES) + 1, "phase of the round (+ other)")
        self.at_roles = add("roles", 3 * (p + 1), "start player, buyer, builder (each relative + none)")
        self.at_bag = add("bag", 1, "tiles left in the bag / 78")
        self.at_scoring = add("scoring_tiles", len(LETTERS) * len(SCORING), "scoring tile at A, B, C, D (16 each)")
        self.at_track = add(
            "round_track", ROUNDS * (len(LETTERS) + 1), "per round: letters scored, gold per seat ahead / 5"
        )
        self.per_seat = 4
        self.at_seats = add("seats", p * 4, "per seat (relative): [VP / 120, gold / 40, gold earned / 40, has chosen]")
        self.per_offer = TILES + 5 + p
        self.offer_size = OFFER * self.per_offer
        self.at_offers = add(
            "offers",
            p * OFFER * self.per_offer,
            f"per seat × 3 offer slots: tile (78), [price / 20, priced, discarded, hidden, sold], buyer ({p} relative)",
        )
        self.at_received = add("received", p * TILES, "tiles each seat has bought or kept this round (seat-major)")
        self.per_tile = 3 + p + len(ROTATIONS)
        self.at_tiles = add(
            "territory_tiles",
            TILES * self.per_tile,
            f"per tile 0–77: [placed, x, y] (x, y from -{REACH}..{REACH} onto 0..1), owner ({p} relative), "
            "rotation (4)",
        )
        self.at_pending = add("pending", TILES + 3, "tile being placed (78), [placing, spot x, spot y]")
        # per observer, by absolute seat: the relative slot and where that seat's runs start
        # the pieces written afresh only for an empty cache or another game, remembered as numpy indices and
        # values: the set-up, by its scoring tiles and rounds, and each territory, by its tiles and owner
        self.setups = Memo(64)
        self.territories = Memo()
        self.rel = [[(q - me) % p for q in range(p)] for me in range(p)]
        self.seat_at = [[self.at_seats + r * self.per_seat for r in rel] for rel in self.rel]
        self.offer_at = [[self.at_offers + r * OFFER * self.per_offer for r in rel] for rel in self.rel]
        self.received_at = [[self.at_received + r * TILES for r in rel] for rel in self.rel]
        # per observer: every other seat, as bits (the offers rewritten when the hidden pricing begins or ends)
        self.others = [(1 << p) - 1 - (1 << me) for me in range(p)]

    def fill(self, v: Vector, obs: IsleOfSkyeObservation, me: int) -> None:
        p = self.players
        v[self.at_round] = scaled(obs.get("round"), ROUNDS)
        v[self.at_round + 1] = scaled(obs.get("rounds"), ROUNDS)
        category(v, self.at_phase, PHASES, obs.get("phase"))
        for k, key in enumerate(("start_player", "buyer", "builder")):
            r = relative(obs.get(key), me, p)
            v[self.at_roles + k * (p + 1) + (p if r is None else r)] = 1.0
        v[self.at_bag] = scaled(obs.get("bag_size"), TILES)
        for tile in obs.get("scoring_tiles") or ():
            if isinstance(tile, dict) and tile.get("letter") in LETTERS and tile.get("id") in SCORING:
                v[self.at_scoring + LETTERS.index(tile["letter"]) * len(SCORING) + SCORING.index(tile["id"])] = 1.0
        for i, entry in enumerate(obs.get("round_track") or ()):
            if i >= ROUNDS or not isinstance(entry, dict):
                break
            at = self.at_track + i * (len(LETTERS) + 1)
            for letter in entry.get("scoring") or ():
                if letter in LETTERS:
                    v[at + LETTERS.index(letter)] = 1.0
            v[at + len(LETTERS)] = scaled(entry.get("gold_per_player_ahead"), 5)
        for r, row in by_relative_seat(obs.get("seats"), me, p):
            at = self.at_seats + r * self.per_seat
            v[at] = scaled(row.get("vp"), VP_CEILING)
            v[at + 1] = scaled(row.get("gold"), GOLD_CEILING)
            v[at + 2] = scaled(row.get("gold_total"), GOLD_CEILING)
            flag(v, at + 3, row.get("chosen"))
            self._offers(v, r, row.get("offer"), me)
            many_hot(v, self.at_received + r * TILES, TILES, row.get("received"))
            for placed in row.get("territory") or ():
                self._placed(v, r, placed)
        pending = obs.get("pending_tile")
        one_hot(v, self.at_pending, TILES, pending)
        spot = obs.get("pending_spot")
        if isinstance(spot, list) and len(spot) == 2:
            v[self.at_pending + TILES] = 1.0
            v[self.at_pending + TILES + 1] = shifted(spot[0], -REACH, REACH)
            v[self.at_pending + TILES + 2] = shifted(spot[1], -REACH, REACH)

    def _offers(self, v: Vector, r: int, offers: Any, me: int) -> None:
        if not isinstance(offers, list):
            return
        for k, offer in enumerate(offers[:OFFER]):
            if not isinstance(offer, dict):
                continue
            at = self.at_offers + (r * OFFER + k) * self.per_offer
            one_hot(v, at, TILES, offer.get("tile"))
            price = offer.get("price")
            v[at + TILES] = scaled(price, PRICE_CEILING)
            flag(v, at + TILES + 1, price is not None)
            flag(v, at + TILES + 2, offer.get("discard") is True)
            flag(v, at + TILES + 3, offer.get("discard") is None)
            buyer = relative(offer.get("sold_to"), me, self.players)
            flag(v, at + TILES + 4, buyer is not None)
            one_hot(v, at + TILES + 5, self.players, buyer)

    def _placed(self, v: Vector, r: int, placed: Any) -> None:
        if not isinstance(placed, list) or len(placed) != 4:
            return
        x, y, tile, turn = placed
        if not isinstance(tile, int) or not 0 <= tile < TILES:
            return
        at = self.at_tiles + tile * self.per_tile
        v[at] = 1.0
        v[at + 1] = shifted(x, -REACH, REACH)
        v[at + 2] = shifted(y, -REACH, REACH)
        v[at + 3 + r] = 1.0
        if turn in ROTATIONS:
            v[at + 3 + self.players + ROTATIONS.index(turn)] = 1.0

    # ------------------------------------------------------------- the fast path (incremental)
    # the cache slots update_state keeps and the fields it compares: the module's P_ and S_ constants

    @property
    def pieces(self) -> int:  # type: ignore[override]
        return P_ROLE_HOTS

    def update_state(self, cache: SeatCache, state: Any, me: int) -> None:
        """What :meth:`fill` writes, read from the fields ``state.observation(me)`` is built from (while
        prices are hidden, another seat's offer shows its tiles and buyers only, and its gold only as the
        total with its stakes), piece by piece, each only when its fields changed: a build step that only
        picks a tile or a square rewrites the pending piece alone."""
        keys = cache.keys
        setup = keys[P_SETUP]  # the very tuples seen last (both immutable): compared by identity first
        if setup is UNSEEN or setup[0] is not state.scoring or setup[1] is not state.rounds:
            self._write_setup(cache, state)
        phase = state.phase
        hidden = phase == PRICE
        now_round = (state.round, phase, state.start, state.buy_step, state.builder, len(state.bag))
        was_round = keys[P_ROUND]
        every = False  # whether every offer and the numbers are rewritten
        if now_round != was_round:
            # the hidden pricing starting or ending changes what every other seat's offer and gold show
            every = was_round is UNSEEN or (was_round[1] == PRICE) != hidden
            keys[P_ROUND] = now_round
            self._write_round(cache, now_round, me)
        pending = keys[P_PENDING]  # [tile, square] as last written
        if pending is UNSEEN:
            pending = keys[P_PENDING] = [-1, None]  # a new cache's vector: no tile lit, the square's values 0
        if state.pick_spot != pending[1] or state.pick_tile != pending[0]:
            self._write_pending(cache.view, state.pick_tile, state.pick_spot, pending)
        now = [state.vp, state.gold, state.done, state.prices, state.drawn, state.discarded, state.sold_to,
               state.received]  # fmt: skip
        old = keys[P_SEATS]
        if old is UNSEEN:
            keys[P_SEATS] = [x[:] if i not in S_ROWS else [*map(list.copy, x)] for i, x in enumerate(now)]
            m = cache.view
            for q in range(self.players):
                self._write_offer(m, state, q, me, hidden and q != me)
                self._write_received(m, now[S_RECEIVED][q], q, me)
            self._write_numbers(m, state, me, hidden)
        elif every or now != old:  # (one comparison, at C speed, of every per-seat list)
            self._update_seats(cache, state, me, now, old, hidden, every)
        self._update_territories(cache, state, me)

    def _write_setup(self, cache: SeatCache, state: Any) -> None:
        """The set-up (another game's, or another set-up), unless equal to the one written."""
        setup = (state.scoring, state.rounds)
        if setup != cache.keys[P_SETUP]:
            piece = self.setups.get(setup)
            if piece is None:
                at, val = self._setup_lists(state)
                piece = self.setups.keep(setup, (np.array(at, np.intp), np.array(val, np.float32)))
            cache.vector[self.at_scoring : self.at_seats] = 0.0  # the scoring tiles and the round track
            cache.vector[piece[0]] = piece[1]
        cache.keys[P_SETUP] = setup

    def _setup_lists(self, state: Any) -> tuple[list[int], list[float]]:
        """The indices and values of the game's set-up: the round count, scoring tiles and round track (the
        same all game long)."""
        at: list[int] = [self.at_round + 1]
        val: list[float] = [unit(len(state.rounds) / ROUNDS)]
        for i, tid in enumerate(state.scoring[: len(LETTERS)]):
            if tid in SCORING:
                at.append(self.at_scoring + i * len(SCORING) + SCORING.index(tid))
                val.append(1.0)
        for i, entry in enumerate(state.rounds[:ROUNDS]):
            base = self.at_track + i * (len(LETTERS) + 1)
            for letter in entry.letters:
                if letter in LETTERS:
                    at.append(base + LETTERS.index(letter))
                    val.append(1.0)
            at.append(base + len(LETTERS))
            val.append(unit(entry.gold_per_player_ahead / 5))
        return at, val

    def _update_seats(
        self, cache: SeatCache, state: Any, me: int, now: list[Any], old: list[Any], hidden: bool, every: bool
    ) -> None:
        """Rewrite the pieces drawn from the per-seat lists of ``now`` that differ from the copy ``old`` (every
        other seat's offer and the numbers too if ``every``: the hidden pricing began or ended), then bring
        the copy up to date. Each list is compared whole first (most are as they were), then seat by seat.
        (Written out field by field: no iterator objects, no set.)"""
        p, m = self.players, cache.view
        vp, gold, done, prices, drawn, discarded, sold_to, received = now
        numbers = every
        # the seats whose offer is rewritten, and those whose prices and discard alone are (its tiles and buyers
        # as they were), as bits
        offers = self.others[me] if every else 0
        prices_of = 0
        if vp != old[S_VP]:
            numbers = True
            old[S_VP] = vp[:]
        if gold != old[S_GOLD]:
            numbers = True
            old[S_GOLD] = gold[:]
        if done != old[S_DONE]:
            numbers = True
            old[S_DONE] = done[:]
        was = old[S_PRICES]
        if prices != was:
            numbers = True
            if hidden:  # another seat's prices are hidden: only mine show
                if prices[me] != was[me]:
                    prices_of |= 1 << me
            else:
                for q in range(p):
                    if prices[q] != was[q]:
                        prices_of |= 1 << q
            old[S_PRICES] = [*map(list.copy, prices)]
        was = old[S_DRAWN]
        if drawn != was:
            for q in range(p):
                if drawn[q] != was[q]:
                    offers |= 1 << q
            old[S_DRAWN] = [*map(list.copy, drawn)]
        was = old[S_DISCARDED]
        if discarded != was:
            if hidden:  # another seat's discard is hidden: only mine shows
                if discarded[me] != was[me]:
                    prices_of |= 1 << me
            else:
                for q in range(p):
                    if discarded[q] != was[q]:
                        prices_of |= 1 << q
            old[S_DISCARDED] = discarded[:]
        was = old[S_SOLD_TO]
        if sold_to != was:
            for q in range(p):
                if sold_to[q] != was[q]:
                    offers |= 1 << q
            old[S_SOLD_TO] = [*map(list.copy, sold_to)]
        was = old[S_RECEIVED]
        if received != was:
            for q in range(p):
                if received[q] != was[q]:
                    self._write_received(m, received[q], q, me)
            old[S_RECEIVED] = [*map(list.copy, received)]
        prices_of &= ~offers
        q = 0
        while offers or prices_of:
            if offers & 1:
                self._write_offer(m, state, q, me, hidden and q != me)
            elif prices_of & 1:
                self._write_prices(m, state, q, me)
            offers >>= 1
            prices_of >>= 1
            q += 1
        if numbers:
            self._write_numbers(m, state, me, hidden)

    def _write_round(self, cache: SeatCache, now: tuple[int, ...], me: int) -> None:
        """The round, bag size, phase and roles (the pieces of ``now``, the round's key): numbers written,
        the one-hots moved where their index changed."""
        m, p = cache.view, self.players
        number, phase, start, buy_step, builder, bag = now
        x = number / ROUNDS  # (``unit``, written out)
        m[self.at_round] = 0.0 if x < 0.0 else x if x < 1.0 else 1.0
        x = bag / TILES
        m[self.at_bag] = 0.0 if x < 0.0 else x if x < 1.0 else 1.0
        roles = self.at_roles
        hots = (
            self.at_phase + phase,
            roles + (start - me) % p,
            roles + p + 1 + ((start + buy_step - me) % p if phase == BUY else p),
            roles + 2 * (p + 1) + ((builder - me) % p if phase == BUILD and 0 <= builder < p else p),
        )
        lit = cache.keys[P_ROLE_HOTS]  # the index each one-hot lit (-1: none yet, a new cache's vector)
        if lit is UNSEEN:
            lit = cache.keys[P_ROLE_HOTS] = [-1] * len(hots)
        for k in range(len(hots)):  # (each in a run of its own: one's light never lands on another's)
            i, was = hots[k], lit[k]
            if i != was:
                if was >= 0:
                    m[was] = 0.0
                m[i] = 1.0
                lit[k] = i

    def _write_pending(self, m: Any, tile: int, spot: Any, kept: list[Any]) -> None:
        """The tile being placed (one-hot, moved from the one lit before) and the square chosen for it, through
        the memoryview ``m``; ``kept`` (the pending slot: [tile, square] as last written) follows."""
        at = self.at_pending
        if kept[0] >= 0:
            m[at + kept[0]] = 0.0
        if tile >= 0:
            m[at + tile] = 1.0
        at += TILES
        if spot is not None and len(spot) == 2:
            m[at], m[at + 1], m[at + 2] = (
                1.0,
                unit((spot[0] + REACH) / (2 * REACH)),
                unit((spot[1] + REACH) / (2 * REACH)),
            )
        else:
            m[at] = m[at + 1] = m[at + 2] = 0.0
        kept[0], kept[1] = tile, spot

    def _write_offer(self, m: Any, state: Any, q: int, me: int, secret: bool) -> None:
        """Seat ``q``'s offer slots for observer ``me``, through the memoryview ``m``: its run of the vector (one
        per seat, of its own) cleared in one write, then the few values it holds (``secret``: its prices and
        discard are hidden from ``me``)."""
        base, size, per_offer, p = self.offer_at[me][q], self.offer_size, self.per_offer, self.players
        m[base : base + size] = ZEROS[:size]
        prices, discarded, sold_to = state.prices[q], state.discarded[q], state.sold_to[q]
        for k, tid in enumerate(state.drawn[q][:OFFER]):
            if 0 <= tid < TILES:
                m[base + tid] = 1.0
            if secret:
                m[base + TILES + 3] = 1.0  # the price and the discard are hidden
            elif tid == discarded:
                m[base + TILES + 2] = 1.0
            else:
                x = prices[k]
                m[base + TILES] = PRICE_UNIT[x] if 0 <= x <= PRICE_TOP else 0.0 if x < 0 else 1.0
                m[base + TILES + 1] = 1.0
            buyer = sold_to[k]
            if 0 <= buyer < p:
                m[base + TILES + 4] = 1.0
                m[base + TILES + 5 + (buyer - me) % p] = 1.0
            base += per_offer

    def _write_prices(self, m: Any, state: Any, q: int, me: int) -> None:
        """Seat ``q``'s prices and discard in its offer slots, shown to ``me`` (what :meth:`_write_offer` writes
        for them), through the memoryview ``m``: for an offer whose tiles and buyers are as written before."""
        base, per_offer = self.offer_at[me][q] + TILES, self.per_offer
        prices, discarded = state.prices[q], state.discarded[q]
        for k, tid in enumerate(state.drawn[q][:OFFER]):
            if tid == discarded:
                m[base] = m[base + 1] = 0.0
                m[base + 2] = 1.0
            else:
                x = prices[k]
                m[base] = PRICE_UNIT[x] if 0 <= x <= PRICE_TOP else 0.0 if x < 0 else 1.0
                m[base + 1] = 1.0
                m[base + 2] = 0.0
            base += per_offer

    def _write_received(self, m: Any, tiles: list[int], q: int, me: int) -> None:
        """The tiles seat ``q`` bought or kept this round, through the memoryview ``m``: its run cleared in one
        write, then lit."""
        base = self.received_at[me][q]
        m[base : base + TILES] = ZEROS[:TILES]
        for t in tiles:
            if 0 <= t < TILES:
                m[base + t] = 1.0

    def _write_numbers(self, m: Any, state: Any, me: int, hidden: bool) -> None:
        """Every seat's VP, gold (another seat's hidden while it prices), gold with stakes, and chosen, through
        the memoryview ``m``."""
        gold, vp, done, prices = state.gold, state.vp, state.done, state.prices
        for q, base in enumerate(self.seat_at[me]):
            x = vp[q]
            m[base] = VP_UNIT[x] if 0 <= x <= VP_TOP else 0.0 if x < 0 else 1.0
            purse = gold[q]
            if hidden and q != me:
                m[base + 1] = 0.0
            else:
                m[base + 1] = GOLD_UNIT[purse] if 0 <= purse <= GOLD_TOP else 0.0 if purse < 0 else 1.0
            x = purse + sum(prices[q])
            m[base + 2] = GOLD_UNIT[x] if 0 <= x <= GOLD_TOP else 0.0 if x < 0 else 1.0
            m[base + 3] = 0.0 if hidden and not done[q] else 1.0

    def _update_territories(self, cache: SeatCache, state: Any, me: int) -> None:
        """Every territory's tiles. A territory only grows and its mapping keeps the order tiles were
        placed in, so while each seat's mapping is the very one seen before (the key slot holds the
        mappings and their sizes), only the tiles placed since are written; any other rewrites them all."""
        placed, key = state.placed, cache.keys[P_TERRITORY]
        sizes = [*map(len, placed)]
        if key is not UNSEEN:
            maps, was = key
            # Nothing placed since (the usual case): the sizes are the same, and so are the mappings, by
            # identity or else by contents (as a mapping only grows, one of the sizes the vector was written
            # at still holds the tiles written; another mapping equal to it holds the same tiles).
            if sizes == was and maps == placed:
                return
            if len(placed) == len(maps) and all(map(is_, maps, placed)) and all(map(le, was, sizes)):
                m, rel = cache.view, self.rel[me]
                for q in range(len(sizes)):  # the very mappings, grown: their new tiles, in order
                    if sizes[q] != was[q]:
                        self._write_tiles(m, islice(placed[q].items(), was[q], None), rel[q])
                was[:] = sizes
                return
        v = cache.vector
        v[self.at_tiles : self.at_pending] = 0.0  # every territory's tiles
        for q, r in enumerate(self.rel[me]):
            tiles = tuple(placed[q].items())
            piece = self.territories.get((tiles, r))
            if piece is None:
                at, val = self._tiles(tiles, r)
                piece = self.territories.keep((tiles, r), (np.array(at, np.intp), np.array(val, np.float32)))
            v[piece[0]] = piece[1]
        cache.keys[P_TERRITORY] = (list(placed), sizes)

    def _write_tiles(self, m: Any, tiles: Iterable[Any], r: int) -> None:
        """Write what :meth:`_tiles` lists for ``tiles`` through the memoryview ``m`` (a few tiles placed since
        the seat last looked: no lists built)."""
        per_tile, rotations = self.per_tile, 3 + self.players
        for (x, y), (tid, rot) in tiles:
            if not 0 <= tid < TILES:
                continue
            base = self.at_tiles + tid * per_tile
            m[base] = m[base + 3 + r] = 1.0
            x += REACH
            m[base + 1] = COORD_UNIT[x] if 0 <= x <= COORD_TOP else 0.0 if x < 0 else 1.0
            y += REACH
            m[base + 2] = COORD_UNIT[y] if 0 <= y <= COORD_TOP else 0.0 if y < 0 else 1.0
            if 0 <= rot < len(ROTATIONS):
                m[base + rotations + rot] = 1.0

    def _tiles(self, tiles: Iterable[Any], r: int) -> tuple[list[int], list[float]]:
        """The ``territory_tiles`` indices and values of ``tiles`` (``((x, y), (tile, turn))`` items) of the
        seat at relative slot ``r``."""
        at: list[int] = []
        val: list[float] = []
        per_tile, rotations = self.per_tile, 3 + self.players
        for (x, y), (tid, rot) in tiles:
            if not 0 <= tid < TILES:
                continue
            base = self.at_tiles + tid * per_tile
            at += (base, base + 1, base + 2, base + 3 + r)
            val += (1.0, unit((x + REACH) / (2 * REACH)), unit((y + REACH) / (2 * REACH)), 1.0)
            if 0 <= rot < len(ROTATIONS):
                at.append(base + rotations + rot)
                val.append(1.0)
        return at, val
