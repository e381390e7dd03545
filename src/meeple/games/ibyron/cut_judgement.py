"""A fitted judgement of an Ibyron position cut short, for ``meeple.analysis`` only.

Every Ibyron playout of the hard level and, without this, of the analysis plays to
the game's end, because ``evaluate()`` misjudges a position cut short; a finished
playout costs about 20 ms early in the game, so a decision's drop is measured on few
samples. This judgement is fitted to what finished playouts say: positions of seeded
heuristic games, each labelled with the mean share (``end_share``, the analysis's
score of a finished playout) of a few playouts from it to the end, and a ridge
regression of that label on the seat's own observation tensor
(``meeple.rl.observation_tensor``: only what the seat sees). ``cut_fit.py`` made
``cut_judgement.npz`` (designed data; its docstring has the commands).

It is fitted on two-player standard games, so it judges only those (``applies``);
the bots do not use it, and neither does the analysis unless it is named in
``meeple.analysis.review.CUT_JUDGEMENTS``: measured on the benchmark's records it took
0.6 of the time and flagged more planted bad moves, but marked more of the hard bot's
own moves (meeple/analysis/README.md, "What was tried for Ibyron").
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from meeple.core import State

PLAYERS = 2
WEIGHTS_PATH = Path(__file__).with_name("cut_judgement.npz")
# Moves a cut playout plays before it is judged (about two rounds of two players' turns):
# the analysis cuts at the mover's next turn start after that many. Cut after one round
# (30), its ranking of two moves agreed less often with finished playouts' than after two
# at probed decisions; after four (120), it flagged fewer planted bad moves.
HORIZON = 60
# The analysis's default budget where this judgement applies (playouts a decision): a cut
# playout costs about a quarter of one played to the end, and the judgement of a cut varies
# little from one sample to the next (a paired difference by about a tenth, against about
# 0.5 for finished playouts), so 8 measuring samples a line settle a drop.
PLAYOUTS = 48


@cache
def _weights() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.float32], float]:
    """The tensor entries used, their weights and the bias; refused where the tensor's
    layout is no longer the one the weights were fitted on."""
    from meeple.rl.policy import encoder_fingerprint

    with np.load(WEIGHTS_PATH) as data:
        fitted_on = str(data["fingerprint"])
        if fitted_on != encoder_fingerprint("ibyron", PLAYERS):
            raise ValueError(
                f"{WEIGHTS_PATH.name} was fitted on another observation layout than Ibyron's "
                f"({fitted_on}); fit it again (cut_fit.py)"
            )
        return data["index"], data["weight"], float(data["bias"])


def applies(state: State) -> bool:
    """Whether the judgement was fitted on games like ``state``'s: two players, standard mode."""
    options = state.options
    return state.players == PLAYERS and options.get("mode", "standard") == "standard"


def share(state: State, seat: int) -> float:
    """``seat``'s expected share of the win in ``state`` (0 to 1), from what the seat sees."""
    from meeple.rl import observation_tensor

    index, weight, bias = _weights()
    value = float(observation_tensor(state, seat)[index] @ weight) + bias
    return min(1.0, max(0.0, value))
