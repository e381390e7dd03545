"""Isle of Skye's observation vector (all values in [0, 1]; seats relative to the observer).

Sizes come from the game's components: 78 landscape and castle tiles
(numbered 0–77), 16 scoring tiles, at most 6 rounds and 3 tiles offered per
seat. Territories are written tile by tile (where each placed tile lies, whose
it is and how it is turned), since the observation names tiles, not their
terrain. During the hidden pricing an opponent's offer shows only whether it
has chosen, exactly as its observation does.

The fast path keeps each seat's vector (``update_state``): the round's public
state, each seat's offer and received tiles, and the numbers are rewritten only
when the lists they are drawn from changed (all of them when the phase or the
round changes), the set-up only when the game does, and a territory only gains
the tiles placed since that seat last looked.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress, count, islice
from operator import attrgetter, is_, le, ne
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
    changed_at,
    flag,
    many_hot,
    move_hot,
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

# The cache slots IsleOfSkyeEncoder.update_state keeps: the set-up, a copy of the state fields below
# (P_FIELDS), all territories (one piece: a tile is lit in one territory only, but a new game may give it to
# another seat), and the one-hots of the phase, the three roles and the pending tile (each the index it
# lit); each seat's offer and received tiles are a run of the vector of their own, cleared and rewritten.
# Module constants, not class attributes: read every step, a global costs less than an attribute of the class.
P_SETUP, P_FIELDS, P_TERRITORY, P_PHASE_HOT, P_START_HOT, P_BUYER_HOT, P_BUILDER_HOT, P_PENDING_HOT = range(1, 9)
# the fields compared in one go (list, in this order, then the bag's size): the round's public state,
# the numbers, each seat's offer, its received tiles; those holding a list per seat (F_ROWS) are copied
# row by row; F_ constants are positions in that list
ROUND_FIELDS = ("round", "phase", "start", "buy_step", "builder", "pick_tile", "pick_spot")
SEAT_FIELDS = ("vp", "gold", "done", "prices", "drawn", "discarded", "sold_to", "received")
_FIELDS_OF = attrgetter(*ROUND_FIELDS, *SEAT_FIELDS)
F_PHASE, F_VP, F_GOLD, F_DONE, F_PRICES, F_DRAWN, F_DISCARDED, F_SOLD_TO, F_RECEIVED, F_BAG = 1, *range(7, 16)
F_ROWS = frozenset({F_PRICES, F_DRAWN, F_SOLD_TO, F_RECEIVED})


def unit(x: float) -> float:
    """``x`` clipped into ``[0, 1]``, as ``scaled`` clips (``update_state`` clips each number where it writes it)."""
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


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
    # the cache slots update_state keeps and the fields it compares: the module's P_ and F_ constants

    @property
    def pieces(self) -> int:  # type: ignore[override]
        return P_PENDING_HOT

    def update_state(self, cache: SeatCache, state: Any, me: int) -> None:
        """What :meth:`fill` writes, read from the fields ``state.observation(me)`` is built from (while
        prices are hidden, another seat's offer shows its tiles and buyers only, and its gold only as the
        total with its stakes), piece by piece, each only when its fields changed."""
        keys = cache.keys
        setup = (state.scoring, state.rounds)
        if setup != keys[P_SETUP]:  # another game: compared element by element, by identity first
            keys[P_SETUP] = setup
            piece = self.setups.get(setup)
            if piece is None:
                at, val = self._setup_lists(state)
                piece = self.setups.keep(setup, (np.array(at, np.intp), np.array(val, np.float32)))
            cache.vector[self.at_scoring : self.at_seats] = 0.0  # the scoring tiles and the round track
            cache.vector[piece[0]] = piece[1]
        now = list(_FIELDS_OF(state))
        now.append(len(state.bag))
        old = keys[P_FIELDS]
        if old is UNSEEN or now[F_PHASE] != old[F_PHASE] or now[0] != old[0]:
            self._rewrite_fields(cache, state, me, now)  # a new phase or round changes most pieces
        elif now != old:  # one comparison, at C speed, of every field but the territories
            self._update_fields(cache, state, me, now, old)
        self._update_territories(cache, state, me)

    def _rewrite_fields(self, cache: SeatCache, state: Any, me: int, now: list[Any]) -> None:
        """Rewrite every piece drawn from the compared fields (all but the set-up and the territories) and
        keep a copy of those fields."""
        rows = F_ROWS  # a copy of each field (row by row for those holding a list per seat), in one list
        cache.keys[P_FIELDS] = [
            [r[:] for r in x] if i in rows else x[:] if type(x) is list else x for i, x in enumerate(now)
        ]
        hidden = now[F_PHASE] == game_actions.PRICE
        self._update_round(cache, state, me)
        for q in range(self.players):
            self._write_offer(cache, state, q, me, hidden)
            self._write_received(cache, state.received[q], q, me)
        self._write_numbers(cache, state, me, hidden)

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

    def _update_fields(self, cache: SeatCache, state: Any, me: int, now: list[Any], old: Any) -> None:
        """Rewrite the pieces drawn from the fields of ``now`` that differ from the copy ``old`` (in one
        phase of one round), then bring the copy up to date."""
        p, hidden = self.players, now[F_PHASE] == game_actions.PRICE
        seats: set[int] = set()
        numbers = round_changed = False
        for i in compress(count(), map(ne, now, old)):  # old[i] is written only once the comparison has passed it
            if i < len(ROUND_FIELDS) or i == F_BAG:
                round_changed = True
            if F_VP <= i <= F_PRICES:
                numbers = True
            if F_PRICES <= i <= F_SOLD_TO and len(seats) < p:
                rows, was = now[i], old[i]
                if hidden and i in (F_PRICES, F_DISCARDED):  # another seat's are hidden: only mine show
                    if rows[me] != was[me]:
                        seats.add(me)
                else:
                    seats.update(q for q in range(p) if rows[q] != was[q])
            if i == F_RECEIVED:
                rows, was = now[i], old[i]
                for q in range(p):
                    if rows[q] != was[q]:
                        self._write_received(cache, rows[q], q, me)
            x = now[i]  # a copy (row by row for the fields holding a list per seat)
            old[i] = [row[:] for row in x] if i in F_ROWS else x[:] if type(x) is list else x
        if round_changed:
            self._update_round(cache, state, me)
        for q in seats:
            self._write_offer(cache, state, q, me, hidden)
        if numbers:
            self._write_numbers(cache, state, me, hidden)

    def _update_round(self, cache: SeatCache, state: Any, me: int) -> None:
        """The round, phase, roles, bag and pending tile: numbers written, each one-hot moved only if its
        index changed."""
        m, p, phase = cache.view, self.players, state.phase
        m[self.at_round] = unit(state.round / ROUNDS)
        m[self.at_bag] = unit(len(state.bag) / TILES)
        move_hot(cache, P_PHASE_HOT, self.at_phase + phase)
        move_hot(cache, P_START_HOT, self.at_roles + (state.start - me) % p)
        roles = self.at_roles + p + 1
        move_hot(
            cache, P_BUYER_HOT, roles + ((state.start + state.buy_step - me) % p if phase == game_actions.BUY else p)
        )
        roles += p + 1
        builder = state.builder
        move_hot(
            cache,
            P_BUILDER_HOT,
            roles + ((builder - me) % p if phase == game_actions.BUILD and 0 <= builder < p else p),
        )
        move_hot(cache, P_PENDING_HOT, self.at_pending + state.pick_tile if state.pick_tile >= 0 else None)
        spot, at = state.pick_spot, self.at_pending + TILES
        if spot is not None and len(spot) == 2:
            m[at], m[at + 1], m[at + 2] = (
                1.0,
                unit((spot[0] + REACH) / (2 * REACH)),
                unit((spot[1] + REACH) / (2 * REACH)),
            )
        else:
            m[at] = m[at + 1] = m[at + 2] = 0.0

    def _write_offer(self, cache: SeatCache, state: Any, q: int, me: int, hidden: bool) -> None:
        """Seat ``q``'s offer slots for observer ``me``: its run of the vector (one per seat, of its own)
        cleared in one numpy write, then the few values it holds."""
        base, m, size = self.offer_at[me][q], cache.view, OFFER * self.per_offer
        m[base : base + size] = ZEROS[:size]
        self._offer_into(m, base, state, q, me, hidden and q != me)

    def _offer_into(self, m: Any, base: int, state: Any, q: int, me: int, secret: bool) -> None:
        """Write seat ``q``'s offer for observer ``me`` through the memoryview ``m`` into its zeroed run from
        ``base`` (``secret``: its prices and discard are hidden from ``me``)."""
        p, per_offer = self.players, self.per_offer
        prices, discarded, sold_to = state.prices[q], state.discarded[q], state.sold_to[q]
        for k, tid in enumerate(state.drawn[q][:OFFER]):
            if 0 <= tid < TILES:
                m[base + tid] = 1.0
            if secret:
                m[base + TILES + 3] = 1.0  # the price and the discard are hidden
            elif tid == discarded:
                m[base + TILES + 2] = 1.0
            else:
                m[base + TILES] = unit(prices[k] / PRICE_CEILING)
                m[base + TILES + 1] = 1.0
            buyer = sold_to[k]
            if 0 <= buyer < p:
                m[base + TILES + 4] = 1.0
                m[base + TILES + 5 + (buyer - me) % p] = 1.0
            base += per_offer

    def _write_received(self, cache: SeatCache, tiles: list[int], q: int, me: int) -> None:
        """The tiles seat ``q`` bought or kept this round: its run cleared in one numpy write, then lit."""
        base, m = self.received_at[me][q], cache.view
        m[base : base + TILES] = ZEROS[:TILES]
        for t in tiles:
            if 0 <= t < TILES:
                m[base + t] = 1.0

    def _write_numbers(self, cache: SeatCache, state: Any, me: int, hidden: bool) -> None:
        """Every seat's VP, gold (another seat's hidden while it prices), gold with stakes, and chosen."""
        m = cache.view
        gold, vp, done, prices = state.gold, state.vp, state.done, state.prices
        for q, base in enumerate(self.seat_at[me]):
            m[base] = unit(vp[q] / VP_CEILING)
            m[base + 1] = 0.0 if hidden and q != me else unit(gold[q] / GOLD_CEILING)
            m[base + 2] = unit((gold[q] + sum(prices[q])) / GOLD_CEILING)
            m[base + 3] = 0.0 if hidden and not done[q] else 1.0

    def _update_territories(self, cache: SeatCache, state: Any, me: int) -> None:
        """Every territory's tiles. A territory only grows and its mapping keeps the order tiles were
        placed in, so while each seat's mapping is the very one seen before (the key slot holds the
        mappings and their sizes), only the tiles placed since are written; any other rewrites them all."""
        placed, key = state.placed, cache.keys[P_TERRITORY]
        sizes = list(map(len, placed))
        if key is not UNSEEN and all(map(is_, key[0], placed)) and len(placed) == len(key[0]):
            if sizes == key[1]:
                return  # nothing placed since: the usual case
            if all(map(le, key[1], sizes)):
                m, rel = cache.view, self.rel[me]
                for q in changed_at(sizes, key[1]):
                    at, val = self._tiles(islice(placed[q].items(), key[1][q], None), rel[q])
                    for i, x in zip(at, val, strict=True):
                        m[i] = x
                key[1][:] = sizes
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
