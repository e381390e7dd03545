"""Pool the games that ``bots_ladder.py --out`` wrote and say what they show.

    .venv/bin/python -m benchmarks.bots_summary games.jsonl [more.jsonl ...]

Each file is one ladder (``A`` in one seat, ``B`` in the others); several
files given together are pooled as one figure, so a run cut short and its
continuation (``--first``), or runs of several seeds, count as one. Prints
A's win share with its 95% Wilson interval, the share of games each end
reason closed (``safety_cap``: the designed safeguard, not the rulebook's
end), rounds per game (median, min-max) and each side's CPU seconds per move
(median and p95), and A's win share by the seat it held (in self-play,
each seat's share), and, where the files record it, every seat's share over
all games.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter
from typing import Any

from benchmarks.common import p95
from meeple.arena.stats import wilson_interval


def load(paths: list[str]) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = []
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            games.extend(json.loads(line) for line in lines if line.strip())
    return games


def cpu_per_move(games: list[dict[str, Any]], side: str) -> str:
    cpu = [c for g in games for _, c in g["times"][side]]
    if not cpu:
        return "no moves"
    return f"{statistics.median(cpu):.3f} / {p95(cpu):.3f} s ({len(cpu)} moves)"


def seat_share(games: list[dict[str, Any]], seat: int) -> str:
    wins = sum(g["shares"][seat] for g in games)
    lo, hi = wilson_interval(wins, len(games))
    return f"seat {seat} {wins:g} of {len(games)} = {wins / len(games):.1%} ({lo:.1%}-{hi:.1%})"


def summary(games: list[dict[str, Any]]) -> list[str]:
    n = len(games)
    wins = sum(g["share"] for g in games)
    lo, hi = wilson_interval(wins, n)
    ends = Counter(g["end"] for g in games)
    rounds = [g["rounds"] for g in games if g.get("rounds") is not None]
    lines = [
        f"A won {wins:g} of {n} = {wins / n:.1%} (95% CI {lo:.1%}-{hi:.1%})",
        "ended by: " + ", ".join(f"{reason} {count} ({count / n:.1%})" for reason, count in sorted(ends.items())),
    ]
    seats = sorted({g["seat_a"] for g in games})
    if len(seats) > 1:
        # In self-play (A and B the same spec) A's share in seat k is seat k's win share.
        by_seat = [[g["share"] for g in games if g["seat_a"] == s] for s in seats]
        lines.append(
            "A's win share by its seat: "
            + ", ".join(f"seat {s} {sum(v) / len(v):.0%} of {len(v)}" for s, v in zip(seats, by_seat, strict=True))
        )
    if len(seats) > 1 and all("shares" in g for g in games):
        # Every seat's wins in every game (files written since the ladder records them): in
        # self-play these are the seat shares over all n games, not only the n / players A sat in.
        lines.append("every seat's win share over all games: " + ", ".join(seat_share(games, s) for s in seats))
    if rounds:
        lines.append(f"rounds: median {statistics.median(rounds):g}, {min(rounds)}-{max(rounds)}")
    lines.append(f"CPU a move, median / p95: A {cpu_per_move(games, 'A')}; B {cpu_per_move(games, 'B')}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="+", help="JSON lines written by bots_ladder.py --out")
    args = parser.parse_args()
    games = load(args.files)
    if not games:
        raise SystemExit("no games in " + ", ".join(args.files))
    for line in summary(games):
        print(line)


if __name__ == "__main__":
    main()
