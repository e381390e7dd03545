"""What a game's words cost: labelling every legal action of a position, and
narrating a move, against listing the legal actions and applying the move.

    .venv/bin/python -m benchmarks.speed_words [--games bayon ivor] [--players 4] [--runs 5]

Random games (seeded) are played; at each position the process CPU time of
``labelled_actions`` is measured beside that of ``legal_actions`` (the
baseline, in the same run: the first call of a position, which generates the
list), and the narrator's time beside ``apply``'s. Each
run prints medians and the 99th percentile; the last line gives the median of
the runs and the ratios to the baselines.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import meeple


def one_run(game: str, players: int, seed: int) -> dict[str, float]:
    label_ms: list[float] = []
    legal_ms: list[float] = []
    narrate_ms: list[float] = []
    apply_ms: list[float] = []
    for number in range(20):
        rng = random.Random(seed * 100 + number)
        state = meeple.new_game(game, players=players, seed=seed * 100 + number)
        narrator = state.info.narrator
        for _ in range(200):
            if state.is_over:
                break
            seat = state.to_move[0]
            start = time.process_time()
            actions = state.legal_actions(seat)  # as a caller gets them (the games cache the list)
            legal_ms.append((time.process_time() - start) * 1000)
            start = time.process_time()
            state.labelled_actions(seat)
            label_ms.append((time.process_time() - start) * 1000)
            action = rng.choice(actions)
            before = state.clone()
            start = time.process_time()
            state.apply(action, seat)
            apply_ms.append((time.process_time() - start) * 1000)
            if narrator is not None:
                start = time.process_time()
                narrator(before, action, seat, state, None)
                narrate_ms.append((time.process_time() - start) * 1000)
    p99 = statistics.quantiles(label_ms, n=100)[98]
    return {
        "label": statistics.median(label_ms),
        "label_p99": p99,
        "legal": statistics.median(legal_ms),
        "narrate": statistics.median(narrate_ms) if narrate_ms else 0.0,
        "apply": statistics.median(apply_ms),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["bayon", "ivor"])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for game in args.games:
        runs = [one_run(game, args.players, seed) for seed in range(args.runs)]
        for run in runs:
            print(f"{game}: " + ", ".join(f"{k} {v:.4f} ms" for k, v in run.items()))
        med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        print(
            f"{game} median of {args.runs} runs: labelled_actions {med['label']:.4f} ms "
            f"(p99 {med['label_p99']:.4f}), {med['label'] / med['legal']:.1f}x legal_actions "
            f"({med['legal']:.4f} ms); narrator {med['narrate']:.4f} ms, "
            f"{med['narrate'] / med['apply']:.1f}x apply ({med['apply']:.4f} ms)"
        )


if __name__ == "__main__":
    main()
