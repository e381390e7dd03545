"""Isle of Skye random play counted in bytecodes executed per step (independent of load).

    PYTHONPATH=src .venv/bin/python benchmarks/isle_of_skye_bytecodes.py [--players 4] [--games 20] [--top 25]

On a shared machine a timing moves with the other processes' load; the number
of bytecodes the interpreter runs does not, so it tells two versions apart
where a timing cannot (it leaves out time spent inside C: building dicts,
sets and tuples). Random play through the public API, as
``vs_openspiel.py`` plays it; the top functions by their own bytecodes follow.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from types import FrameType
from typing import Any

import meeple
from common import random_playout  # type: ignore[import-not-found]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    counts: Counter[tuple[str, str, int]] = Counter()

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        if event == "opcode":
            code = frame.f_code
            counts[(code.co_filename.rsplit("/", 1)[-1], code.co_name, code.co_firstlineno)] += 1
        return tracer

    info = meeple.GAMES["isle_of_skye"]
    rng = random.Random(0)
    steps = 0
    sys.settrace(tracer)
    for game in range(args.games):
        steps += random_playout(info.new(args.players, game), rng, checked=True)
    sys.settrace(None)
    total = sum(counts.values())
    print(f"{args.players} players, {args.games} games, {steps} steps: {total / steps:,.0f} bytecodes a step")
    for (file, name, line), n in counts.most_common(args.top):
        print(f"{n / steps:8.1f} {100 * n / total:5.1f}%  {file}:{line} {name}")


if __name__ == "__main__":
    main()
