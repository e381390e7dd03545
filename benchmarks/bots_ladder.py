"""Bot ladder: one bot spec against another, for any game, with why each game ended.

    .venv/bin/python -m benchmarks.bots_ladder GAME A B [-n 100] [--players 2] [--jobs 2]
        [--option K=V] [--standin-policy] [--seed 0] [--first 0] [--out games.jsonl]
        [--change 'hard={"iterations": 24}']

``A`` takes one seat and ``B`` every other seat (so ``ivor hard greedy
--players 3`` is hard against two heuristic bots); A's seat rotates from game
to game. Specs are anything ``meeple.bots.make_bot`` reads: ``easy``,
``medium``, ``hard``, ``hard:300``, ``ismcts:0.5s``, ``random``, a game's own
bot such as ``greedy``. Prints A's win share (a shared win counts as a
fraction) with a 95% Wilson interval beside the fair share ``1/players``,
the share of games each end reason closed (``safety_cap`` is a designed
safeguard, not the rulebook's end), the mean number of moves, and each
side's time per move (median and p95, wall clock; CPU beside it).

``--first K`` starts at game K of the seed (games K to K+n-1), so a run cut
short can be continued later and the two pooled: every game is fixed by the
seed and its index.

``--jobs`` runs games in parallel processes. Time caps are measured in CPU
time of the bot's thread by default (``--clock cpu``), so a level gets its
budget on one core however loaded the machine is (a game then takes longer
in wall time); ``--clock wall`` measures what a player would wait.

``--set LEVEL.FIELD=VALUE`` (repeatable) changes one field of the game's
level for this run only (e.g. ``--set easy.blunder=0.2 --set hard.confidence=1``),
in every worker: to measure a setting before it goes into ``bots/levels.py``.
Say so beside any figure measured with it.

``--standin-policy``: for a game that declares a heuristic bot but no
``rollout_policy`` yet, use the heuristic bot's move as the rollout policy
in this run only (to measure guided search before the game's own policy
lands). Say so beside any figure measured with it.

``--change LEVEL=JSON`` plays this run with the game's ``LEVEL`` changed by
those ``Level`` fields (as the game's ``levels.py`` would change it): to pilot a level
before writing it into ``levels.py``. Say so beside any figure measured with it.

Targets: hard vs the heuristic bot >= 75% of 2-player games
(Ivor: hard + two heuristic bots at 3 players >= 50%); each level >= 65%
against the level below.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import meeple
from benchmarks.common import p95, use_standin_policy
from meeple.arena.stats import wilson_interval
from meeple.bots import ISMCTS, PolicyRollout, levels, make_bot

Changes = dict[str, dict[str, Any]]  # level name -> Level fields to change for this run


def change_levels(game: str, changes: Changes) -> None:
    """Apply ``--change`` to ``game``'s levels, in this process only."""
    for name, fields in changes.items():
        levels.level(game, name)  # an unknown level fails here
        mine = meeple.GAMES[game].levels  # the game's levels.py table, changed in place
        assert isinstance(mine, dict)
        mine[name] = {**mine.get(name, {}), **fields}
        levels.level(game, name)  # an unknown field fails here


def parse_value(text: str) -> object:
    """``"0.2"`` -> 0.2, ``"300"`` -> 300, ``"none"`` -> None, anything else stays text."""
    if text.lower() == "none":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_changes(texts: list[str], settings: list[str]) -> Changes:
    """``--change LEVEL=JSON`` and ``--set LEVEL.FIELD=VALUE`` as one set of changes per level."""
    changes: Changes = {}
    for text in texts:
        name, _, fields = text.partition("=")
        value = json.loads(fields)
        if not isinstance(value, dict):
            raise SystemExit(f"--change {text!r}: give LEVEL={{JSON object of Level fields}}")
        changes.setdefault(name.strip(), {}).update(
            {k: tuple(v) if isinstance(v, list) else v for k, v in value.items()}
        )
    for setting in settings:
        key, _, value_text = setting.partition("=")
        name, _, field = key.partition(".")
        if name not in levels.LEVELS or not field or not hasattr(levels.LEVELS[name], field) or not value_text:
            raise SystemExit(f"bad --set {setting!r}: write LEVEL.FIELD=VALUE, e.g. easy.blunder=0.2")
        changes.setdefault(name, {})[field] = parse_value(value_text)
    return changes


def play(job: tuple[str, int, int, str, str, dict[str, Any], bool, int, str, Changes]) -> dict[str, Any]:
    """One game; A's win share, why it ended, move count and each side's seconds per move."""
    game, index, players, spec_a, spec_b, options, standin, seed, clock, changes = job
    if standin:
        use_standin_policy(game)
    change_levels(game, changes)
    state = meeple.new_game(game, players=players, seed=seed * 100_000 + index, **options)
    seat_a = index % players
    bots = {
        s: make_bot(spec_a if s == seat_a else spec_b, seed=seed * 1000 + index * 10 + s, game=game)
        for s in range(players)
    }
    if clock == "cpu":
        for bot in bots.values():
            if isinstance(bot, ISMCTS | PolicyRollout):
                bot.clock = time.thread_time
    times: dict[str, list[tuple[float, float]]] = {"A": [], "B": []}
    while not state.is_over:
        seat = state.to_move[0]
        wall, cpu = time.perf_counter(), time.process_time()
        action = bots[seat].choose(state, seat)
        times["A" if seat == seat_a else "B"].append((time.perf_counter() - wall, time.process_time() - cpu))
        state.apply(action, seat)
    share = 1 / len(state.winners) if seat_a in state.winners else 0.0
    rounds = getattr(state, "round", None)
    return {
        "index": index,
        "seat_a": seat_a,
        "share": share,
        # every seat's share of the win, so a self-play ladder gives each seat all n games
        "shares": [1 / len(state.winners) if s in state.winners else 0.0 for s in range(players)],
        "end": state.end_reason or "unset",
        "moves": state.move_number,
        "rounds": rounds if isinstance(rounds, int) else None,
        "times": times,
    }


def describe_times(samples: list[tuple[float, float]]) -> str:
    if not samples:
        return "no moves"
    wall = [w for w, _ in samples]
    cpu = [c for _, c in samples]
    return (
        f"median {statistics.median(wall):.3f} s, p95 {p95(wall):.3f} s "
        f"(cpu median {statistics.median(cpu):.3f} s, p95 {p95(cpu):.3f} s), {len(samples)} moves"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game", choices=list(meeple.GAMES))
    parser.add_argument("a", help="the bot spec under test (one seat)")
    parser.add_argument("b", help="the opponents' bot spec (every other seat)")
    parser.add_argument("-n", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--first", type=int, default=0, help="index of the first game (to continue a run)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--standin-policy", action="store_true")
    parser.add_argument("--change", action="append", default=[], metavar="LEVEL=JSON", help="pilot a level change")
    parser.add_argument(
        "--set", action="append", default=[], metavar="LEVEL.FIELD=VALUE", dest="settings", help="pilot one field"
    )
    parser.add_argument("--out", help="append each finished game to this file as a JSON line (partial runs count)")
    parser.add_argument(
        "--clock", choices=["cpu", "wall"], default="cpu", help="what time caps measure (default: CPU time of one core)"
    )
    args = parser.parse_args()
    options = dict(pair.split("=", 1) for pair in args.option)
    changes = parse_changes(args.change, args.settings)
    change_levels(args.game, changes)
    for spec in (args.a, args.b):
        make_bot(spec, game=args.game)  # a bad spec fails here, not in a worker
    started = time.perf_counter()
    jobs = [
        (args.game, i, args.players, args.a, args.b, options, args.standin_policy, args.seed, args.clock, changes)
        for i in range(args.first, args.first + args.n)
    ]
    results: list[dict[str, Any]] = []
    out = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115  (closed below)
    with ProcessPoolExecutor(args.jobs) as pool:
        for result in pool.map(play, jobs):
            results.append(result)
            if out is not None:
                out.write(json.dumps(result) + "\n")
                out.flush()
            done = sum(r["share"] for r in results)
            print(f"  game {len(results)}/{args.n}: {args.a} {done:g} wins so far", file=sys.stderr, flush=True)
    if out is not None:
        out.close()
    n = len(results)
    wins = sum(r["share"] for r in results)
    lo, hi = wilson_interval(wins, n)
    ends = Counter(r["end"] for r in results)
    title = meeple.GAMES[args.game].title
    standin = args.standin_policy and use_standin_policy(args.game)
    note = ", stand-in rollout policy (heuristic bot)" if standin else ""
    note += "".join(f", {name} changed by {json.dumps(fields)}" for name, fields in changes.items())
    games = f"games {args.first}-{args.first + n - 1}" if args.first else f"{n} games"
    print(f"{title}, {args.players} players, {games}, seed {args.seed}, time caps on {args.clock} time{note}:")
    print(
        f"  {args.a} won {wins:g} = {wins / n:.1%} (95% CI {lo:.1%}-{hi:.1%}) against {args.b}; "
        f"fair share {1 / args.players:.1%}"
    )
    print("  ended by: " + ", ".join(f"{reason} {count / n:.0%}" for reason, count in sorted(ends.items())))
    print(f"  moves per game: mean {statistics.mean(r['moves'] for r in results):.0f}")
    for side, spec in (("A", args.a), ("B", args.b)):
        samples = [t for r in results for t in r["times"][side]]
        print(f"  time per move, {spec}: {describe_times(samples)}")
    print(f"  {time.perf_counter() - started:.0f} s wall")


if __name__ == "__main__":
    main()
