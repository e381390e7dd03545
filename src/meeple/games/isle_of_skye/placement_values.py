"""Isle of Skye's ``placement_values`` observation features: what each placement would gain.

The default vector names squares only by their coordinates, so a policy cannot work out what a
tile is worth where: the heuristic bot values each placement by what the scoring tiles, scrolls and
whisky income would pay for the territory with the tile in it. This feature set appends those
values to the default vector (``meeple.rl.encoder("isle_of_skye", features="placement_values")``,
``meeple train isle_of_skye --features placement_values``), for the seat to move at a step of its
build and zeros everywhere else:

* ``placement_tiles`` (78): choosing which tile to place, each tile in hand's best gain;
* ``placement_squares`` (15 × 15, x then y from -7 to 7, row-major by y): choosing the square, each
  square's best gain for the picked tile (over its rotations);
* ``placement_rotations`` (4): choosing the rotation, each rotation's gain;
* ``placement_info`` (2): [1 while the seat picks a tile, square or rotation, the best gain / 20].

A gain is :func:`meeple.games.isle_of_skye.bot.placement_scores` without its look-ahead (the
bot's own valuation of the placement now: about a millisecond a placement, where the look-ahead
costs eight). The choices of one step are scaled together, the best to 1 and the worst to 0.1
(all 1 when they tie), so a choice not on offer (0) differs from the worst on offer.

Everything it reads is what the seat may see (its received tiles, the territories, the scoring
tiles and the round): a state and its ``determinize(seat, …)`` copies give the same values. The
values are computed from the state, not from the observation dict, so :meth:`encode` (the dict
path) is refused; :meth:`encode_state` and the environments' kept vectors give them.
"""

from __future__ import annotations

from typing import Any

from meeple.games.isle_of_skye.actions import BUILD
from meeple.games.isle_of_skye.bot import INCOME_WEIGHT, Outlook, placement_scores
from meeple.games.isle_of_skye.encoder import REACH, TILES, IsleOfSkyeEncoder
from meeple.games.isle_of_skye.observe import IsleOfSkyeObservation
from meeple.rl.encoding import ZEROS, Memo, SeatCache, Vector, scaled

NAME = "placement_values"
SIDE = 2 * REACH + 1
GAIN_CEILING = 20.0  # designed: a placement's gain in points, read onto 0..1 (gains seen stay below 15)
FLOOR = 0.1  # the scaled value of the worst choice on offer (a choice not on offer reads 0)
MEMO_SIZE = 256

Scores = list[tuple[float, int, tuple[int, int], int]]


def scaled_choices(best: dict[int, float]) -> dict[int, float]:
    """``best`` (index -> gain) scaled onto ``FLOOR .. 1``: the best gain to 1, the worst to ``FLOOR``."""
    if not best:
        return {}
    lo, hi = min(best.values()), max(best.values())
    if hi <= lo:
        return dict.fromkeys(best, 1.0)
    return {i: FLOOR + (1.0 - FLOOR) * (g - lo) / (hi - lo) for i, g in best.items()}


class PlacementValuesEncoder(IsleOfSkyeEncoder):
    """The default encoder's vector with the placement values after it (see the module's notes)."""

    features = NAME

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        super().__init__(players, options)
        add = self.layout.add
        self.at_values = self.layout.size  # where the appended values start (the default vector ends here)
        self.at_value_tiles = add("placement_tiles", TILES, "choosing a tile to place: each tile's best gain")
        self.at_value_squares = add(
            "placement_squares",
            SIDE * SIDE,
            f"choosing a square: each square's best gain (x, y from -{REACH}..{REACH}, row-major by y)",
        )
        self.at_value_rotations = add("placement_rotations", 4, "choosing a rotation: each rotation's gain")
        self.at_value_info = add("placement_info", 2, "[placing now, best gain / 20]")
        self.values_piece = super().pieces + 1  # the cache slot of the appended values
        # the scores of one build step, by the fields they are drawn from (every step of a placement and
        # every seat's cache reads the same entry); forgotten all at once past MEMO_SIZE entries
        self.scores = Memo(MEMO_SIZE)

    @property
    def pieces(self) -> int:  # type: ignore[override]
        return self.values_piece

    def encode(self, obs: IsleOfSkyeObservation) -> Vector:
        raise ValueError(
            "placement values are computed from the game state, not from an observation dict: "
            "use encode_state(state, seat) or meeple.rl.observation_tensor(state, seat, features=...)"
        )

    def update_state(self, cache: SeatCache, state: Any, me: int) -> None:
        super().update_state(cache, state, me)
        placing = state.phase == BUILD and state.builder == me and not state.is_over
        key: Any = None
        if placing:
            key = (state.pick_tile, state.pick_spot, self._scores_key(state, me))
        if key == cache.keys[self.values_piece]:
            return
        cache.keys[self.values_piece] = key
        m, at = cache.view, self.at_values
        m[at : self.layout.size] = ZEROS[: self.layout.size - at]
        if placing:
            for i, x in self.values(state, me, key[2]).items():
                m[i] = x

    def _scores_key(self, state: Any, me: int) -> Any:
        """What the scores of ``me``'s placement read: the set-up, the round, its received tiles and every
        territory (the picked tile and square only narrow them)."""
        return (
            me,
            state.scoring,
            state.rounds,
            state.round,
            tuple(state.received[me]),
            tuple(tuple(p.items()) for p in state.placed),
        )

    def _scores(self, state: Any, me: int, key: Any) -> Scores:
        """Every placement's gain at the start of ``me``'s placement (before a tile is picked)."""
        scores: Scores | None = self.scores.get(key)
        if scores is None:
            # every tile in hand's scores, whatever is picked: each step of the placement reads its own off them
            outlook = Outlook(state, INCOME_WEIGHT)
            scores = self.scores.keep(key, placement_scores(state, me, outlook, look_ahead=False, every_tile=True))
        return scores

    def values(self, state: Any, me: int, key: Any) -> dict[int, float]:
        """The vector's appended values (index -> value) for ``me`` at a step of its build."""
        scores = self._scores(state, me, key)
        tile, spot = state.pick_tile, state.pick_spot
        best: dict[int, float] = {}
        if tile < 0:
            for gain, tid, _pos, _rot in scores:
                i = self.at_value_tiles + tid
                best[i] = max(gain, best.get(i, gain))
        elif spot is None:
            for gain, tid, (x, y), _rot in scores:
                if tid == tile and -REACH <= x <= REACH and -REACH <= y <= REACH:
                    i = self.at_value_squares + (y + REACH) * SIDE + (x + REACH)
                    best[i] = max(gain, best.get(i, gain))
        else:
            for gain, tid, pos, rot in scores:
                if tid == tile and pos == spot:
                    best[self.at_value_rotations + rot] = gain
        out = scaled_choices(best)
        out[self.at_value_info] = 1.0
        if best:
            out[self.at_value_info + 1] = scaled(max(best.values()), GAIN_CEILING)
        return out


__all__ = ["NAME", "PlacementValuesEncoder", "scaled_choices"]
