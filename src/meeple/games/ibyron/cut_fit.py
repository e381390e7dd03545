"""How ``cut_judgement.npz`` was fitted: positions of seeded heuristic games, each
labelled by playouts to the end, and a ridge regression of the label on what the seat sees.

    .venv/bin/python -m meeple.games.ibyron.cut_fit positions --first 1000 --count 21 --out /tmp/cut/d0.npz
    .venv/bin/python -m meeple.games.ibyron.cut_fit positions --first 1500 --count 20 --out /tmp/cut/d1.npz
    .venv/bin/python -m meeple.games.ibyron.cut_fit fit /tmp/cut/d0.npz /tmp/cut/d1.npz

made the shipped ``cut_judgement.npz`` (1,348 positions of 41 games, as many as the time
allowed; it printed "held out 274: r 0.342, evaluate() r 0.320").

``positions`` plays two-player standard games between heuristic players that make a
random move now and then (5, 15 or 25 in a hundred by the game's seed: the positions
an analysis cuts include those after a bad move) and, at about one turn start in
eight of either seat, stores the seat's observation tensor and the mean of
``PLAYOUTS`` playouts from there to the end (each on a world of the seat's own
determinized, played by the heuristic policy ``meeple.analysis`` plays, scored as it
scores a finished playout: ``end_share`` with the game's ``analysis_end_spread``).
A file is written after each game, so a run cut short keeps what it made.

``fit`` holds out every fifth game, prints the fit's correlation with the labels on
them (and ``evaluate()``'s, for comparison), then fits on every game and writes the
weights beside this module. The fit is plain ridge regression on the standardized
tensor's entries before the island's (the seats' counts, the round, the dice, the
supplies), folded back into one weight per entry it uses.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import numpy.typing as npt

import meeple
import meeple.rl
from meeple.analysis.judge import end_share, playouts_for
from meeple.core.rng import Random
from meeple.games.ibyron.cut_judgement import PLAYERS, WEIGHTS_PATH
from meeple.games.ibyron.levels import ANALYSIS_END_SPREAD
from meeple.rl import observation_table
from meeple.rl.policy import encoder_fingerprint

PLAYOUTS = 4  # playouts a position's label is the mean of
SAMPLED = 0.12  # the share of turn starts stored
FIRST_MOVES = 6  # the setup moves before any position is stored
HELD_OUT = 5  # every fifth game is held out when the fit is checked


def positions(first: int, count: int, out: Path) -> None:
    """Play games ``first`` to ``first + count - 1`` and write their labelled positions to ``out``."""
    info = meeple.GAMES["ibyron"]
    tensors: list[npt.NDArray[np.float32]] = []
    labels: list[float] = []
    games: list[int] = []
    judged: list[float] = []
    for game in range(first, first + count):
        policy = playouts_for(info, game).policy
        assert policy is not None
        rng = Random(10_000 + game)
        state = meeple.new_game("ibyron", players=PLAYERS, seed=game)
        last = -1
        slips = 0.05 + 0.1 * (game % 3)
        while not state.is_over:
            seat = state.to_move[0]
            if seat != last and len(state.history) >= FIRST_MOVES and rng.random() < SAMPLED:
                shares = []
                for _ in range(PLAYOUTS):
                    world = state.determinize(seat, rng)
                    own = Random(rng.getrandbits(62))
                    while not world.is_over:
                        mover = world.to_move[0]
                        world.apply(policy(world, mover, own), mover)
                    shares.append(end_share(world, seat, ANALYSIS_END_SPREAD))
                tensors.append(meeple.rl.observation_tensor(state, seat))
                labels.append(float(np.mean(shares)))
                games.append(game)
                judged.append(state.evaluate()[seat])
            legal = state.legal_actions(seat)
            move = legal[rng.randrange(len(legal))] if rng.random() < slips else policy(state, seat, rng)
            state.apply(move, seat)
            last = seat
        np.savez_compressed(out, X=np.array(tensors), Y=np.array(labels), G=np.array(games), E=np.array(judged))
        print(f"game {game}: {len(labels)} positions", flush=True)


def ridge(
    x: npt.NDArray[np.float64], y: npt.NDArray[np.float64], strength: float
) -> tuple[npt.NDArray[np.float64], float]:
    """Weights and bias of a ridge regression on the standardized ``x``, in ``x``'s own units."""
    mean, spread = x.mean(0), x.std(0) + 1e-6
    z = (x - mean) / spread
    w = np.linalg.solve(z.T @ z + strength * np.eye(z.shape[1]), z.T @ (y - y.mean()))
    w = w / spread
    return w, float(y.mean() - mean @ w)


def fit(files: list[Path], strength: float, out: Path) -> None:
    data = [np.load(f) for f in files]
    x = np.concatenate([d["X"] for d in data]).astype(np.float64)
    y = np.concatenate([d["Y"] for d in data])
    games = np.concatenate([d["G"] for d in data])
    judged = np.concatenate([d["E"] for d in data])
    # The island's and the coast's entries (where each tile and building stands) are most of
    # the vector and far too many for the positions there are; the seats' counts before them
    # (discs in buildings, goods, tech, ...) carry what a position is worth.
    island = next(start for name, start, _stop, _meaning in observation_table("ibyron", PLAYERS) if name == "island")
    used = np.flatnonzero(x[:, :island].std(0) > 1e-9)  # entries that never vary carry nothing
    x = x[:, used]
    test = games % HELD_OUT == 0
    w, b = ridge(x[~test], y[~test], strength)
    guess = np.clip(x[test] @ w + b, 0.0, 1.0)
    print(
        f"{len(y)} positions of {len(set(games.tolist()))} games, {len(used)} entries used; held out "
        f"{int(test.sum())}: r {np.corrcoef(guess, y[test])[0, 1]:.3f}, evaluate() r "
        f"{np.corrcoef(judged[test], y[test])[0, 1]:.3f}"
    )
    w, b = ridge(x, y, strength)
    np.savez_compressed(
        out,
        index=used.astype(np.int32),
        weight=w.astype(np.float32),
        bias=np.float32(b),
        fingerprint=np.array(encoder_fingerprint("ibyron", PLAYERS)),
    )
    print(f"wrote {out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("positions")
    p.add_argument("--first", type=int, default=1000)
    p.add_argument("--count", type=int, default=500)
    p.add_argument("--out", type=Path, required=True)
    p = sub.add_parser("fit")
    p.add_argument("files", type=Path, nargs="+")
    p.add_argument("--ridge", type=float, default=100.0)
    p.add_argument("--out", type=Path, default=WEIGHTS_PATH)
    args = parser.parse_args()
    if args.command == "positions":
        positions(args.first, args.count, args.out)
    else:
        fit(args.files, args.ridge, args.out)


if __name__ == "__main__":
    main()
