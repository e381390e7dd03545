"""Isle of Skye: the sequence of a round, and the steps of it that no seat chooses.

``rules.py`` calls these when a phase runs out of choices: the start of a round (income,
then each seat's draw from the bag), the reveal of the hidden discards and prices once
every seat has chosen, the unsold tiles going to their owners after the buying, the order
in which the seats build (and the tiles that fit nowhere), and the scoring at the end of
a round and of the game. Each takes the state and changes it in place. The turn-order
tables (who moves in each phase, seats from the start player) are made here once.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any

from meeple.core.rng import Random
from meeple.games.isle_of_skye.actions import BUILD, BUY, OVER, PRICE
from meeple.games.isle_of_skye.data import LETTERS, ROUNDS
from meeple.games.isle_of_skye.log_text import NUMBER_TEXT
from meeple.games.isle_of_skye.scoring import SCORING_TILES, final_tally, score_tile
from meeple.games.isle_of_skye.territory import Territory

if TYPE_CHECKING:
    from meeple.games.isle_of_skye.rules import IsleOfSkyeState

DRAW_COUNT: int = ROUNDS["tiles_drawn_per_player"]
# to_move as shared tuples (asked several times a step): one seat alone, or during the
# hidden phase the seats that have not finished, by the tuple of ``done`` flags.
ALONE: tuple[tuple[int], ...] = tuple((seat,) for seat in range(5))
STILL_CHOOSING: dict[tuple[bool, ...], tuple[int, ...]] = {
    flags: tuple(seat for seat, done in enumerate(flags) if not done)
    for players in range(2, 6)
    for flags in product((False, True), repeat=players)
}
# Seats in turn order, by player count and start player.
ORDERS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((start + i) % players for i in range(players)) for start in range(players)) for players in range(6)
)


def draw_below(rng: Random, size: int) -> int:
    """A random index below ``size`` (> 0), drawn exactly as ``rng.randrange(size)`` draws it
    (as many random bits as ``size`` has, again until the number is below ``size``) with two
    calls fewer; tests/isle_of_skye/test_fast_paths.py checks it against ``randrange``."""
    bits = size.bit_length()
    index = rng.getrandbits(bits)
    while index >= size:
        index = rng.getrandbits(bits)
    return index


def draw_tiles(rng: Random, bag: list[int], count: int) -> list[int]:
    """``count`` tiles taken from ``bag``, one after the other: each draw takes a random
    index below the bag's size (``draw_below``), swaps that tile to the end and takes it."""
    tiles = []
    getrandbits = rng.getrandbits
    for _ in range(count):
        size = len(bag)  # ``draw_below(rng, size)``, written out
        bits = size.bit_length()
        index = getrandbits(bits)
        while index >= size:
            index = getrandbits(bits)
        bag[index], bag[-1] = bag[-1], bag[index]
        tiles.append(bag.pop())
    return tiles


def start_round(state: IsleOfSkyeState) -> None:
    """Pay each seat its income, then draw each seat's tiles (in turn order) for the hidden choices."""
    state.round += 1
    state.phase = PRICE
    texts = [f"round {state.round} begins; seat {state.start} is start player"]
    gold = state.gold
    incomes = [state.income(seat) for seat in range(state.players)]
    text = NUMBER_TEXT  # (numbers read from made texts: income is far below its bound)
    for seat, (castle, whisky, catch_up) in enumerate(incomes):
        total = castle + whisky + catch_up
        gold[seat] += total
        texts.append(
            f"seat {text[seat]} receives {text[total]} gold "
            f"(castle {text[castle]}, whisky {text[whisky]}, catch-up {text[catch_up]})"
        )
    state._log(*texts)
    rng, bag = state.rng, state.bag  # (no copy is made between the draws: one read of ``rng`` serves)
    drawn, prices, sold_to, discarded, done, received = (
        state.drawn,
        state.prices,
        state.sold_to,
        state.discarded,
        state.done,
        state.received,
    )
    for seat in state._order():
        tiles = draw_tiles(rng, bag, min(DRAW_COUNT, len(bag)))
        drawn[seat] = tiles
        prices[seat] = [0] * len(tiles)
        sold_to[seat] = [-1] * len(tiles)
        discarded[seat] = -1
        done[seat] = not tiles
        received[seat] = []
    if all(done):
        reveal(state)
    else:
        state._set_movers()


def reveal(state: IsleOfSkyeState) -> None:
    """Everyone has chosen: discards go back to the bag, buying starts."""
    texts = []
    text = NUMBER_TEXT  # (numbers read from made texts)
    for seat, discard, drawn, prices in zip(range(state.players), state.discarded, state.drawn, state.prices):  # noqa: B905
        if discard >= 0:
            state.bag.append(discard)
            offers = []
            for t, p in zip(drawn, prices):  # noqa: B905  (as long as each other)
                if p:
                    offers.append(f"{text[t]} for {text[p]}")
            priced = ", ".join(offers)
            texts.append(f"seat {text[seat]} discards {text[discard]}; offers {priced or 'nothing'}")
    state._log(*texts)
    state.phase = BUY
    state.buy_step = 0
    state._set_movers()


def finish_buying(state: IsleOfSkyeState) -> None:
    """Unsold tiles go to their owners, whose stakes on them are lost."""
    texts = []
    text = NUMBER_TEXT  # (numbers read from made texts)
    for seat, drawn, discard, sold, prices, received in zip(  # noqa: B905  (one of each per seat)
        range(state.players), state.drawn, state.discarded, state.sold_to, state.prices, state.received
    ):
        for index, tid in enumerate(drawn):
            if tid != discard and sold[index] < 0:
                received.append(tid)
                price = prices[index]
                if price:
                    texts.append(f"seat {text[seat]} keeps {text[tid]} and loses {text[price]} gold")
                    prices[index] = 0
    state._log(*texts)
    state.phase = BUILD
    state.builder = -1
    next_builder(state)


def next_builder(state: IsleOfSkyeState) -> None:
    """Move to the next seat (in turn order) with tiles to place, or end the round."""
    order = state._order()
    position = order.index(state.builder) + 1 if state.builder >= 0 else 0
    for seat in order[position:]:
        return_unplaceable(state, seat)
        if state.received[seat]:
            state.builder = seat
            state._set_movers()
            return
    state.builder = -1
    end_round(state)


def return_unplaceable(state: IsleOfSkyeState, seat: int) -> None:
    """Tiles that fit nowhere (when none of the seat's tiles fits) go back into the bag."""
    tiles = state.received[seat]
    if tiles and not any(state._build_facts(seat).spots.values()):
        for tid in tiles:
            state.bag.append(tid)
            state._log(f"seat {seat} cannot place {tid}; it goes back into the bag")
        state.received[seat] = []


def end_round(state: IsleOfSkyeState) -> None:
    """Score the round's scoring tiles, clear its offers, and start the next round or the final tally."""
    territories = [Territory(p, state._territory_index(seat)) for seat, p in enumerate(state.placed)]
    vp = state.vp
    texts = []
    for letter in state.round_info.letters:
        tile_id = state.scoring[LETTERS.index(letter)]
        points = score_tile(tile_id, territories, state.gold)
        for seat, p in enumerate(points):
            vp[seat] += p
        state.scored.append((state.round, letter, tuple(points)))
        texts.append(f"scoring {letter} ({SCORING_TILES[tile_id].title}): " + ", ".join(map(str, points)))
    state._log(*texts)
    drawn, prices, sold_to, discarded = state.drawn, state.prices, state.sold_to, state.discarded
    for seat in range(state.players):
        drawn[seat] = []
        prices[seat] = []
        sold_to[seat] = []
        discarded[seat] = -1
    if state.round == len(state.rounds):
        final_scoring(state, territories)
        return
    state.start = (state.start + 1) % state.players
    start_round(state)


def final_scoring(state: IsleOfSkyeState, territories: list[Any]) -> None:
    """After the last round: scrolls and gold are added to each total, and the game is over."""
    state.final = []
    for seat, territory in enumerate(territories):
        tally = final_tally(territory, state.gold[seat], state.vp[seat])
        state.vp[seat] = tally["total"]
        state.final.append(tally)
        scrolls, gold, total = tally["scroll_points"], tally["gold_points"], tally["total"]
        state._log(f"seat {seat}: scrolls {scrolls} VP, gold {gold} VP, total {total}")
    state.phase = OVER
    state._set_movers()
