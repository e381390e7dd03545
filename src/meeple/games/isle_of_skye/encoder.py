"""Isle of Skye's observation vector (all values in [0, 1]; seats relative to the observer).

Sizes come from the game's components: 78 landscape and castle tiles
(numbered 0–77), 16 scoring tiles, at most 6 rounds and 3 tiles offered per
seat. Territories are written tile by tile (where each placed tile lies, whose
it is and how it is turned), since the observation names tiles, not their
terrain. During the hidden pricing an opponent's offer shows only whether it
has chosen, exactly as its observation does.

The environments update each seat's kept vector (``update_state``): the round's
public state, each seat's offer and received tiles, and the numbers are
rewritten only when the lists they are drawn from changed, and a territory
only gains the tiles placed since that seat last looked.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import compress, count, islice
from operator import attrgetter, is_, le, ne
from typing import Any

import numpy as np
import numpy.typing as npt

from meeple.games.isle_of_skye import actions as game_actions
from meeple.rl.encoding import (
    UNSEEN,
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
PHASES = ("price", "buy", "build", "over")
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
    """``x`` clipped into ``[0, 1]``, as ``scaled`` clips (``fill_state`` clips where it writes)."""
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


# A territory's piece: indices and values but for the owner slot, and the owner slot's indices by
# the owner's relative slot; with it, the lists it was made from (``_territory``).
TerritoryPiece = tuple[npt.NDArray[np.intp], npt.NDArray[np.float32], dict[int, npt.NDArray[np.intp]]]
TerritoryEntry = tuple[Sequence[int], Sequence[float], Sequence[int], TerritoryPiece]


class IsleOfSkyeEncoder(Encoder):
    clip_after_fill = False  # every number is clipped where fill_state writes it (``unit``)
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
        self.phase_slot = [PHASES.index(n) if n in PHASES else len(PHASES) for n in game_actions.PHASE_NAMES]
        # Each seat's territory piece, with the territory it was drawn from (``_territory``), and
        # the pieces of territories met so far, by their tiles.
        self.last_territory: dict[int, tuple[dict[Any, Any], int, TerritoryEntry]] = {}
        self.territories = Memo()
        self.setups = Memo(64)
        # per observer, by absolute seat: the relative slot and where that seat's runs start
        self.rel = [[(q - me) % p for q in range(p)] for me in range(p)]
        self.seat_at = [[self.at_seats + r * self.per_seat for r in rel] for rel in self.rel]
        self.offer_at = [[self.at_offers + r * OFFER * self.per_offer for r in rel] for rel in self.rel]
        self.received_at = [[self.at_received + r * TILES for r in rel] for rel in self.rel]

    def fill(self, v: Vector, obs: dict[str, Any], me: int) -> None:
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

    def fill_state(self, v: Vector, state: Any, me: int) -> None:
        """What :meth:`fill` writes, read from the fields ``isle_of_skye.observe.observation`` shows ``me``:
        while prices are hidden, another seat's offer shows its tiles and buyers only, and its gold only
        as the total with its stakes."""
        p, phase = self.players, state.phase
        hidden_phase = phase == game_actions.PRICE
        # The game's set-up (rounds, scoring tiles, round track) never changes: one numpy write of a
        # memo. The few dozen values that change go one by one through the vector's memoryview, which
        # costs less than gathering them into lists for one numpy call.
        setup = self.setups.pieces.get((state.scoring, state.rounds)) or self._setup(state)
        v[setup[0]] = setup[1]
        m: Any = v.data
        m[self.at_round] = unit(state.round / ROUNDS)
        m[self.at_phase + self.phase_slot[phase]] = 1.0
        m[self.at_roles + (state.start - me) % p] = 1.0
        roles = self.at_roles + p + 1
        if phase == game_actions.BUY:
            m[roles + (state.start + state.buy_step - me) % p] = 1.0
        else:
            m[roles + p] = 1.0
        roles += p + 1
        if phase == game_actions.BUILD and 0 <= state.builder < p:
            m[roles + (state.builder - me) % p] = 1.0
        else:
            m[roles + p] = 1.0
        m[self.at_bag] = unit(len(state.bag) / TILES)
        for q in range(p):
            self._seat_state(v, m, state, q, me, hidden_phase)
        if state.pick_tile >= 0:
            m[self.at_pending + state.pick_tile] = 1.0
        spot = state.pick_spot
        if spot is not None and len(spot) == 2:
            m[self.at_pending + TILES] = 1.0
            m[self.at_pending + TILES + 1] = unit((spot[0] + REACH) / (2 * REACH))
            m[self.at_pending + TILES + 2] = unit((spot[1] + REACH) / (2 * REACH))

    def _setup(self, state: Any) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.float32]]:
        """The round count, scoring tiles and round track of the game (the same all game long)."""
        at, val = self._setup_lists(state)
        piece = (np.array(at, dtype=np.intp), np.array(val, dtype=np.float32))
        self.setups.keep((state.scoring, state.rounds), piece)
        return piece

    def _setup_lists(self, state: Any) -> tuple[list[int], list[float]]:
        """The indices and values of :meth:`_setup`, as lists."""
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

    def _seat_state(self, v: Vector, m: Any, state: Any, q: int, me: int, hidden_phase: bool) -> None:
        p = self.players
        r = (q - me) % p
        mine = q == me
        prices = state.prices[q]
        base = self.at_seats + r * self.per_seat
        gold = state.gold[q]
        m[base] = unit(state.vp[q] / VP_CEILING)
        m[base + 1] = 0.0 if hidden_phase and not mine else unit(gold / GOLD_CEILING)
        m[base + 2] = unit((gold + sum(prices)) / GOLD_CEILING)
        m[base + 3] = 0.0 if hidden_phase and not state.done[q] else 1.0  # chosen: asked while prices are hidden
        self._offer_into(m, self.at_offers + r * OFFER * self.per_offer, state, q, me, hidden_phase and not mine)
        received = state.received[q]
        if received:
            base = self.at_received + r * TILES
            for tid in received:
                if 0 <= tid < TILES:
                    m[base + tid] = 1.0
        # A territory changes only when its seat builds, and only grows: its piece is kept and
        # extended by the tiles placed since (``_territory``).
        idx, values, owners = self._territory(q, state.placed[q])
        v[idx] = values
        found = owners.get(r)
        if found is None:
            found = owners[r] = owners[-1] + r
        v[found] = 1.0

    def _territory(self, q: int, territory: dict[Any, Any]) -> TerritoryPiece:
        """Seat ``q``'s ``territory_tiles`` indices and values, but for the owner slot, and each tile's
        owner slot (by the owner's relative slot ``r``; key -1 holds slot 0).

        Kept with the territory mapping it was drawn from and its size: the same mapping at the same
        size is the same territory, and a larger one holds the same tiles first (a territory only
        grows, and a mapping keeps the order tiles were placed in), so only the new tiles are read.
        Another mapping (a copy of the state) finds its piece by its tiles in the memo.
        """
        n = len(territory)
        kept = self.last_territory.get(q)
        if kept is not None and kept[0] is territory and kept[1] <= n:
            if kept[1] == n:
                return kept[2][3]
            old = kept[2]
            entry = self._extended(old[0], old[1], old[2], list(territory.items())[kept[1] :])
        else:
            tiles = tuple(territory.items())
            entry = self.territories.get(tiles)
            if entry is None:
                entry = self.territories.keep(tiles, self._extended((), (), (), tiles))
        self.last_territory[q] = (territory, n, entry)
        return entry[3]

    def _extended(
        self, at_before: Sequence[int], val_before: Sequence[float], owner_before: Sequence[int], tiles: Sequence[Any]
    ) -> TerritoryEntry:
        """A territory's entry (indices, values, owner slots, their arrays) from those of its first
        tiles and the ``tiles`` after them (new lists: entries are shared through the memo and never
        change)."""
        at, val, owner = list(at_before), list(val_before), list(owner_before)
        per_tile, rotations = self.per_tile, 3 + self.players
        for (x, y), (tid, rot) in tiles:
            if not 0 <= tid < TILES:
                continue
            base = self.at_tiles + tid * per_tile
            at += (base, base + 1, base + 2)
            val += (1.0, unit((x + REACH) / (2 * REACH)), unit((y + REACH) / (2 * REACH)))
            owner.append(base + 3)
            if 0 <= rot < len(ROTATIONS):
                at.append(base + rotations + rot)
                val.append(1.0)
        arrays = (
            np.array(at, dtype=np.intp),
            np.array(val, dtype=np.float32),
            {-1: np.array(owner, dtype=np.intp)},
        )
        return at, val, owner, arrays

    # ------------------------------------------------------------- incremental path
    # the cache slots update_state keeps and the fields it compares: the module's P_ and F_ constants

    @property
    def pieces(self) -> int:  # type: ignore[override]
        return P_PENDING_HOT

    def update_state(self, cache: SeatCache, state: Any, me: int) -> None:
        """What :meth:`fill_state` writes, piece by piece, each only when its fields changed."""
        keys = cache.keys
        now = list(_FIELDS_OF(state))
        now.append(len(state.bag))
        old = keys[P_FIELDS]
        if old is UNSEEN or now[F_PHASE] != old[F_PHASE] or now[0] != old[0]:
            self._refresh(cache, state, me, now)  # a new phase or round changes most pieces
            return
        setup = (state.scoring, state.rounds)
        if setup != keys[P_SETUP]:  # another game: compared element by element, by identity first
            keys[P_SETUP] = setup
            cache.vector[self.at_scoring : self.at_seats] = 0.0  # the scoring tiles and the round track
            m = cache.view
            for i, x in zip(*self._setup_lists(state), strict=True):
                m[i] = x
        if now != old:  # one comparison, at C speed, of every field but the territories
            self._update_fields(cache, state, me, now, old)
        self._update_territories(cache, state, me)

    def _refresh(self, cache: SeatCache, state: Any, me: int, now: list[Any]) -> None:
        """Write the game's slices afresh (``fill_state``: cheaper than piece by piece when most pieces
        change) and make every key slot hold what they were drawn from."""
        v, keys = cache.vector, cache.keys
        v[self.at_round :] = 0.0  # every slice after the common ones (the round's is the first)
        self.fill_state(v, state, me)
        keys[P_SETUP] = (state.scoring, state.rounds)
        rows = F_ROWS  # _copied, inline: one list built, no call per field
        keys[P_FIELDS] = [
            [r[:] for r in x] if i in rows else x[:] if type(x) is list else x for i, x in enumerate(now)
        ]
        keys[P_TERRITORY] = (list(state.placed), list(map(len, state.placed)))
        for slot in range(P_PHASE_HOT, P_PENDING_HOT + 1):
            keys[slot] = UNSEEN
        self._update_round(cache, state, me)  # the one-hots' slots learn the indices fill_state lit

    def _copied(self, i: int, value: Any) -> Any:
        """A copy of field ``i`` of the compared fields (row by row for those holding a list per seat)."""
        if i in F_ROWS:
            return [row[:] for row in value]
        return value[:] if type(value) is list else value

    def _update_fields(self, cache: SeatCache, state: Any, me: int, now: list[Any], old: Any) -> None:
        """Rewrite the pieces drawn from the fields of ``now`` that differ from the copy ``old`` (in one
        phase of one round), then bring the copy up to date."""
        p, hidden = self.players, now[F_PHASE] == game_actions.PRICE
        changed = list(compress(count(), map(ne, now, old)))
        seats: set[int] = set()
        numbers = False
        round_changed = any(i < len(ROUND_FIELDS) or i == F_BAG for i in changed)
        for i in changed:
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
                rows, was, at, v, m = now[i], old[i], self.received_at[me], cache.vector, cache.view
                for q in range(p):
                    if rows[q] != was[q]:
                        base = at[q]
                        v[base : base + TILES] = 0.0  # the seat's own run: cleared in one numpy write
                        for t in rows[q]:
                            if 0 <= t < TILES:
                                m[base + t] = 1.0
            old[i] = self._copied(i, now[i])
        if round_changed:
            self._update_round(cache, state, me)
        for q in seats:
            self._write_offer(cache, state, q, me, hidden)
        if numbers:
            self._write_numbers(cache, state, me, hidden)

    def _update_round(self, cache: SeatCache, state: Any, me: int) -> None:
        """The round, phase, roles, bag and pending tile, as :meth:`fill_state` writes them: numbers
        written, each one-hot moved only if its index changed."""
        m, p, phase = cache.view, self.players, state.phase
        m[self.at_round] = unit(state.round / ROUNDS)
        m[self.at_bag] = unit(len(state.bag) / TILES)
        move_hot(cache, P_PHASE_HOT, self.at_phase + self.phase_slot[phase])
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
        """Seat ``q``'s offer slots for observer ``me``, as :meth:`_seat_state` writes them: its run of the
        vector (one per seat, of its own) cleared in one numpy write, then the few values it holds."""
        base = self.offer_at[me][q]
        cache.vector[base : base + OFFER * self.per_offer] = 0.0
        self._offer_into(cache.view, base, state, q, me, hidden and q != me)

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
        cache.vector[self.at_tiles : self.at_pending] = 0.0  # every territory's tiles
        m = cache.view
        for q, r in enumerate(self.rel[me]):
            at, val = self._tiles(placed[q].items(), r)
            for i, x in zip(at, val, strict=True):
                m[i] = x
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
