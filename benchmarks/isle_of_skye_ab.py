"""Isle of Skye random play of two versions of the code, run turn about (a before/after pair).

    PYTHONPATH=src .venv/bin/python benchmarks/isle_of_skye_ab.py BASE_SRC [--rounds 5] [--games 120] [--env]

``BASE_SRC`` is the ``src`` folder of the version to compare with, e.g. one made by
``git archive <commit> src | tar -x -C /tmp/base``. On a shared machine a timing moves
with the load; running the two versions one after the other, round after round, and
taking each one's median lets the load fall on both alike. Each run is a child process
that plays the same seeded games through the public API (``legal_actions`` + ``apply``,
as ``vs_openspiel.py`` plays them) at 2-5 players and reports process CPU time per step.
With ``--env`` each run instead steps the PettingZoo env (``meeple.rl.pettingzoo.env``,
tensor observation and mask, a random masked action a step) for 9,000 steps at each
player count, as ``rl_speed.py`` steps it.

With ``--valgrind`` each version instead plays ``--games`` games at every player count
once under ``valgrind --tool=cachegrind`` and once playing none, and the difference is
reported as machine instructions a step over all player counts: the load does not move
it (the interpreter's work, not the time; a cache miss costs no more than a hit there).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHILD = """
import random, sys, time
sys.path.insert(0, {benchmarks!r})
import meeple
from common import random_playout
info = meeple.GAMES["isle_of_skye"]
out = []
for players in (2, 3, 4, 5):
    rng = random.Random(0)
    steps = 0
    started = time.process_time()
    for game in range({games}):
        steps += random_playout(info.new(players, game), rng, True)
    out.append((time.process_time() - started) / steps * 1e6)
print(" ".join(map(str, out)))
"""
ENV_CHILD = """
import random, time
from meeple.rl import pettingzoo as mpz
out = []
for players in (2, 3, 4, 5):
    env = mpz.env("isle_of_skye", players=players)
    rng = random.Random(0)
    games = 0
    env.reset(seed=games)
    def run(steps):
        global games
        done = 0
        while done < steps:
            for agent in env.agent_iter():
                obs, _reward, over, cut, _info = env.last()
                if over or cut:
                    env.step(None)
                else:
                    legal = obs["action_mask"].nonzero()[0]
                    env.step(int(legal[rng.randrange(len(legal))]))
                done += 1
                if done >= steps:
                    break
            else:
                games += 1
                env.reset(seed=games)
        return done
    run(500)  # warm
    started = time.process_time()
    steps = run(9000)
    out.append((time.process_time() - started) / steps * 1e6)
print(" ".join(map(str, out)))
"""


VALGRIND_CHILD = """
import random, sys
sys.path.insert(0, {benchmarks!r})
import meeple
from common import random_playout
info = meeple.GAMES["isle_of_skye"]
steps = 0
for players in (2, 3, 4, 5):
    rng = random.Random(0)
    for game in range({games}):
        steps += random_playout(info.new(players, game), rng, True)
print(steps)
"""


def instructions(src: Path, games: int) -> tuple[int, int]:
    """(machine instructions, steps) of a child playing ``games`` games a player count."""
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    code = VALGRIND_CHILD.format(benchmarks=str(HERE), games=games)
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    done = subprocess.run([*command, sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    assert found is not None, done.stderr[-500:]
    return int(found.group(1).replace(",", "")), int(done.stdout.split()[-1])


def instructions_a_step(src: Path, games: int) -> float:
    """Instructions a step of play alone: a child that plays none is taken off (start-up, imports)."""
    played, steps = instructions(src, games)
    idle, _ = instructions(src, 0)
    return (played - idle) / steps


def run(src: Path, games: int, env_steps: bool) -> list[float]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    code = ENV_CHILD if env_steps else CHILD.format(benchmarks=str(HERE), games=games)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return [float(x) for x in done.stdout.split()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", type=Path, help="the src folder of the version to compare with")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=120, help="games per player count and run")
    parser.add_argument("--env", action="store_true", help="step the PettingZoo env instead")
    parser.add_argument("--valgrind", action="store_true", help="count instructions a step instead (slow)")
    args = parser.parse_args()
    ours = HERE.parent / "src"
    if args.valgrind:
        base, now = instructions_a_step(args.base, args.games), instructions_a_step(ours, args.games)
        print(f"machine instructions a step, {args.games} games at each of 2-5 players")
        print(f"base {base:,.0f}  this {now:,.0f}  ratio {base / now:.3f} (base / this)")
        return
    base_runs, our_runs = [], []
    for _ in range(args.rounds):
        base_runs.append(run(args.base, args.games, args.env))
        our_runs.append(run(ours, args.games, args.env))
    base = [statistics.median(column) for column in zip(*base_runs, strict=True)]
    now = [statistics.median(column) for column in zip(*our_runs, strict=True)]
    what = "9,000 PettingZoo env steps" if args.env else f"{args.games} games"
    print(f"CPU us a step, median of {args.rounds} runs of {what} each, 2/3/4/5 players")
    print("base   " + "  ".join(f"{x:6.2f}" for x in base))
    print("this   " + "  ".join(f"{x:6.2f}" for x in now))
    print("ratio  " + "  ".join(f"{b / n:6.3f}" for b, n in zip(base, now, strict=True)) + "  (base / this)")


if __name__ == "__main__":
    main()
