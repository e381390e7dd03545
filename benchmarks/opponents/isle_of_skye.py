"""FROZEN reference: Isle of Skye's greedy bot as it was before the heuristic bot
replaced it (only its imports follow the new module layout). New bots are
measured against it (``python -m benchmarks.isle_of_skye_bots strength``); do not improve it.

It values a territory by what the scoring tiles still to come would pay for it
now (times the rounds each has left), plus its scrolls and whisky income to
come, and judges a tile by how much its best placement raises that value. It
uses only what its seat knows: its own drawn tiles and choices, and public
information (territories, offers once revealed, scores).
"""

from __future__ import annotations

from meeple.core import Action
from meeple.core.rng import Random
from meeple.games.isle_of_skye.actions import BUY, PRICE
from meeple.games.isle_of_skye.data import FITS, TILES
from meeple.games.isle_of_skye.rules import IsleOfSkyeState
from meeple.games.isle_of_skye.scoring import SCORING_TILES, scroll_points
from meeple.games.isle_of_skye.territory import Placed, analyse

LETTERS = "ABCD"
GOLD_PER_POINT = 5.0


def territory_value(state: IsleOfSkyeState, placed: Placed) -> float:
    """Points the scoring tiles still to come would pay now, plus scrolls and future whisky income."""
    t = analyse(placed)
    value = 0.0
    upcoming = [r for r in state.rounds if r.number >= state.round]
    for letter, tile_id in zip(LETTERS, state.scoring, strict=True):
        uses = sum(1 for r in upcoming if letter in r.letters)
        tile = SCORING_TILES[tile_id]
        if uses and tile.points is not None:
            value += uses * tile.points(t)
        elif uses and tile.measure is not None and tile_id != "gold":
            value += uses * 1.0 * tile.measure(t, 0)
    value += sum(points for _kind, points, _doubled in scroll_points(t))
    rounds_left = len(state.rounds) - state.round
    whisky = sum(1 for pos in t.road_connected if pos in placed and _has_whisky(placed[pos][0]))
    return value + whisky * rounds_left / GOLD_PER_POINT


def _has_whisky(tid: int) -> bool:
    return TILES[tid].count("whisky") > 0


def placements(state: IsleOfSkyeState, seat: int, tid: int) -> list[tuple[tuple[int, int], int]]:
    """Every legal (spot, rotation) for ``tid`` in ``seat``'s territory."""
    return [(pos, rot) for pos, code in state.frontier[seat].items() for rot in FITS[tid][code]]


def best_placement(state: IsleOfSkyeState, seat: int, tid: int) -> tuple[float, tuple[int, int] | None, int]:
    """(value after placing, spot, rotation) of the best placement of ``tid``; spot None if none fits."""
    placed = state.placed[seat]
    best: tuple[float, tuple[int, int] | None, int] = (territory_value(state, placed) - 0.5, None, 0)
    for pos, rot in placements(state, seat, tid):
        trial = dict(placed)
        trial[pos] = (tid, rot)
        value = territory_value(state, trial)
        if best[1] is None or value > best[0]:
            best = (value, pos, rot)
    return best


def tile_gain(state: IsleOfSkyeState, seat: int, tid: int) -> float:
    value, spot, _rot = best_placement(state, seat, tid)
    return value - territory_value(state, state.placed[seat]) if spot is not None else 0.0


class FrozenGreedyBot:
    """Prices what it wants to keep high, buys what gains more than it costs, places greedily."""

    name = "frozen-greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Random(seed)

    def choose(self, state: IsleOfSkyeState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        by_text = {str(a): a for a in legal}
        if state.phase == PRICE:
            return by_text[self._pricing(state, seat, by_text)]
        if state.phase == BUY:
            return by_text[self._buying(state, seat, by_text)]
        return by_text[self._building(state, seat, by_text)]

    def _pricing(self, state: IsleOfSkyeState, seat: int, legal: dict[str, Action]) -> str:
        gains = {tid: tile_gain(state, seat, tid) for tid in state.drawn[seat]}
        if state.discarded[seat] < 0:
            return f"discard {min(gains, key=lambda t: (gains[t], t))}"
        waiting = [
            t for i, t in enumerate(state.drawn[seat]) if t != state.discarded[seat] and not state.prices[seat][i]
        ]
        top = max(int(a.split()[1]) for a in legal)
        # A tile worth more to us gets a higher price (others pay well for it, or we keep it).
        wanted = round(gains[waiting[0]] * 0.8) + 1
        return f"price {max(1, min(top, wanted, 3 + state.gold[seat] // 3))}"

    def _buying(self, state: IsleOfSkyeState, seat: int, legal: dict[str, Action]) -> str:
        best, best_net = "pass", 0.0
        for text in legal:
            if not text.startswith("buy "):
                continue
            tid = int(text.split()[1])
            owner = next(s for s in range(state.players) if tid in state.drawn[s])
            price = state.prices[owner][state.drawn[owner].index(tid)]
            net = tile_gain(state, seat, tid) - price / GOLD_PER_POINT - 0.5
            if net > best_net:
                best, best_net = text, net
        return best

    def _building(self, state: IsleOfSkyeState, seat: int, legal: dict[str, Action]) -> str:
        if state.pick_tile < 0:
            options = [int(t.split()[1]) for t in legal]
            choice = max(options, key=lambda tid: (best_placement(state, seat, tid)[0], -tid))
            return f"place {choice}"
        _value, spot, _rot = best_placement(state, seat, state.pick_tile)
        if state.pick_spot is None:
            assert spot is not None
            # The one change since it was frozen: rules version 2 may refuse a spot
            # that would leave another received tile no room; then take the first offered.
            text = f"spot {spot[0]} {spot[1]}"
            return text if text in legal else next(iter(legal))
        rotations = [int(t.split()[1]) // 90 for t in legal]
        placed = state.placed[seat]
        pos = state.pick_spot

        def after(r: int) -> float:
            trial = dict(placed)
            trial[pos] = (state.pick_tile, r)
            return territory_value(state, trial)

        return f"rotate {90 * max(rotations, key=lambda r: (after(r), -r))}"


__all__ = ["FrozenGreedyBot", "territory_value"]
