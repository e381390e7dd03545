"""How well ``meeple.analysis`` judges moves, and how long it takes.

    .venv/bin/python -m benchmarks.analysis_quality play --games bayon,isle_of_skye,ivor,ibyron \\
        -n 10 --out /tmp/analysis_games
    .venv/bin/python -m benchmarks.analysis_quality measure --records /tmp/analysis_games \\
        [--games bayon] [--budget N]

``play`` plays games between ``hard`` bots (2 players; 3 for Ivor, its fewest)
and writes each record as GAME-SEED.meeple.json. ``measure`` reports, per game:

1. **planted bad moves flagged**: in each record, at the first decision past the
   middle of the game (``--plants K``: past each (K+1)-th of it) whose worst legal
   move is rated at least ``--bad`` (default 0.2, the blunder threshold) below its
   best (the worst and the best found with every legal move, up to 24, played on
   the same 16 worlds; the gap between the two measured again on 32 fresh ones; all
   drawn apart from the analysis's own, and scored by results alone, whatever
   ``GameInfo.analysis_end_spread`` says), the move played is replaced by that worst
   move and the decision is judged as ``analyse`` judges it; the share marked
   ``mistake`` or worse (goal: at least 90%). Decisions whose moves are all about
   as good are passed over (counted): no move there is a mistake to plant.
   ``--bad 0`` plants at the first decision found;
2. **hard's own moves marked**: the share of ``hard``'s decisions marked
   ``mistake`` or worse in the original records (goal: at most 5%);
3. **time**: CPU seconds to analyse each record with the default budget (one
   core; goal under 60 s, Ibyron under 3 min), median and maximum.

CPU time, not wall clock: the machine is shared. Quote ``uptime`` beside the figures.

``--plants-file FILE`` keeps the plants found (their search plays every legal move to
the end, most of a plant's time), so the same plants can be judged again by other code
or settings; ``--cut-judgement MODULE`` judges with a judgement of a position cut short
(``meeple.analysis.review.CUT_JUDGEMENTS``), e.g. ``meeple.games.ibyron.cut_judgement``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import time
from pathlib import Path

import meeple
from meeple.analysis import CPU_SECONDS, MAX_DECISIONS, Decision, analyse, default_budget, review
from meeple.analysis.judge import playouts_for, rate_moves
from meeple.analysis.marks import BLUNDER, at_least
from meeple.analysis.review import POLICIES, decision_seed, judge_decision
from meeple.bots import make_bot
from meeple.core import Action, Record, State
from meeple.core.rng import Random

GAMES = ("bayon", "isle_of_skye", "ivor", "ibyron")
MOST_RATED = 24  # moves rated when looking for the worst (long lists list similar moves together)


def players_of(game: str) -> int:
    return max(2, meeple.GAMES[game].min_players)


def play_on(state: State, seed: int) -> State:
    """Play ``state`` to the end between ``hard`` bots."""
    bots = [make_bot("hard", seed=seed + seat, game=state.game) for seat in range(state.players)]
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(bots[seat].choose(state, seat), seat)
    return state


def cmd_play(args: argparse.Namespace) -> None:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for game in args.games.split(","):
        for i in range(args.n):
            seed = args.seed + i
            path = out / f"{game}-{seed}.meeple.json"
            if path.exists():
                continue
            started = time.process_time()
            state = play_on(meeple.new_game(game, players=players_of(game), seed=seed), seed)
            path.write_text(state.record.to_json())
            print(f"{game} seed {seed}: {len(state.history)} moves, {time.process_time() - started:.0f} s", flush=True)


def state_at(record: Record, moves: int) -> State:
    return meeple.replay(dataclasses.replace(record, moves=record.moves[:moves]))


def worst_move(state: State, seat: int, samples: int) -> tuple[Action, float] | None:
    """The legal move rated worst on ``samples`` shared worlds, with how far below the
    best it is on ``2 * samples`` fresh worlds. The least of many noisy means is lower
    than the move's worth, so the gap is measured again apart from the choice; both
    draws are apart from the analysis's own (seed 0), so the planted move is judged afresh."""
    legal = state.legal_actions(seat)
    if len(legal) < 2 or len(state.to_move) > 1:
        return None
    policy = POLICIES.get(state.game, "hard")
    seed = decision_seed(state, seat, 1)
    shares = rate_moves(state, seat, legal[:MOST_RATED], samples, Random(seed), playouts_for(state.info, seed, policy))
    worst = min(shares, key=lambda a: shares[a])
    best = max(shares, key=lambda a: shares[a])
    seed = decision_seed(state, seat, 2)
    again = rate_moves(state, seat, [worst, best], 2 * samples, Random(seed), playouts_for(state.info, seed, policy))
    return worst, again[best] - again[worst]


Found = dict[str, tuple[int, str, int] | None]  # plant key: (move number, planted move, passed over)


def planted(
    record: Record, budget: int, samples: int, bad: float, start: int, found: Found | None = None, key: str = ""
) -> tuple[bool, int] | None:
    """Plant the worst move at the first decision from move ``start`` on whose worst move
    is rated at least ``bad`` below its best (0: the first decision, whatever its moves),
    and judge it as ``analyse`` would: (marked mistake or worse, decisions passed over
    for having no move that bad). ``found`` keeps the plants found by ``key`` (the search
    for them plays every move to the end, most of the time a plant takes): a plant kept
    there is judged again without searching."""
    if found is not None and key in found:
        kept = found[key]
        if kept is None:
            return None
        number, notation, passed = kept
        state = state_at(record, number)
        seat = record.moves[number][0]
        judged = judge_decision(state, seat, state.parse_action(notation, seat), budget, CPU_SECONDS)
        return at_least(judged.mark, "mistake"), passed
    passed = 0
    for number in range(start, len(record.moves)):
        state = state_at(record, number)
        seat = record.moves[number][0]
        worst = worst_move(state, seat, samples)
        if worst is None:
            continue
        action, spread = worst
        if spread < bad:
            passed += 1
            continue
        if found is not None:
            found[key] = (number, str(action), passed)
        judged = judge_decision(state, seat, action, budget, CPU_SECONDS)
        return at_least(judged.mark, "mistake"), passed
    if found is not None:
        found[key] = None
    return None


def timed(record: Record, budget: int) -> tuple[list[Decision], float]:
    """``analyse``'s decisions of ``record`` and the CPU seconds it took."""
    started = time.process_time()
    result = analyse(record, budget=budget)
    return result.decisions, time.process_time() - started


def analysed_part(record: Record, budget: int, part: str) -> tuple[list[Decision], float]:
    """Part ``K/N`` of ``analyse``'s work on ``record``: the K-th (from 0) of N runs of the
    decisions it judges (the cap on decisions applied to the whole record), judged as it
    judges them, and the CPU seconds they took. The parts' times add up to the whole's,
    so one long record can be timed in parts run side by side on a shared machine."""
    k, n = (int(x) for x in part.split("/"))
    state, result = review.start(record, budget=budget)
    probe = state.clone()
    judged: list[int] = []
    for number, (seat, notation) in enumerate(record.moves):
        action = probe.parse_action(notation, seat)
        if len(probe.to_move) == 1 and len(probe.legal_actions(seat)) > 1:
            judged.append(number)
        probe.apply(action, seat)
    judged = judged[:MAX_DECISIONS]
    mine = set(judged[len(judged) * k // n : len(judged) * (k + 1) // n])
    seconds = 0.0
    for number, (seat, notation) in enumerate(record.moves):
        if number in mine:
            started = time.process_time()
            review.step(state, number, seat, notation, result)
            seconds += time.process_time() - started
        else:
            state.apply(state.parse_action(notation, seat), seat)
    return result.decisions, seconds


def cmd_measure(args: argparse.Namespace) -> None:
    folder = Path(args.records)
    for game in args.games.split(","):
        paths = sorted(folder.glob(f"{game}-*.meeple.json"))
        if args.seeds:
            paths = [p for p in paths if p.name.removeprefix(f"{game}-").split(".")[0] in args.seeds.split(",")]
        paths = paths[: args.n]
        if not paths:
            continue
        if args.cut_judgement:
            review.CUT_JUDGEMENTS[game] = args.cut_judgement
        # The game's default for its records (a cut judgement's, where one applies: see
        # review.default_budget); the records of one run are all of one player count and mode.
        budget = args.budget or default_budget(game, state_at(Record.from_json(paths[0].read_text()), 0))
        if args.policy:
            POLICIES[game] = args.policy
        times: list[float] = []
        judged = marked = flagged = passed_over = planted_count = 0
        for path in paths:
            record = Record.from_json(path.read_text())
            line = f"  {path.name}:"
            if not args.plant_only:
                decisions, seconds = analysed_part(record, budget, args.part) if args.part else timed(record, budget)
                times.append(seconds)
                judged += len(decisions)
                marked += sum(1 for d in decisions if at_least(d.mark, "mistake"))
                part = f" (part {args.part})" if args.part else ""
                line += f" {len(decisions)} decisions{part} in {seconds:.1f} s CPU,"
            outcomes = []
            found: Found | None = None
            if args.plants_file:
                store = Path(args.plants_file)
                found = json.loads(store.read_text()) if store.exists() else {}
            for k in range(0 if args.no_plant else args.plants):
                start = len(record.moves) * (k + 1) // (args.plants + 1)
                key = f"{path.name}:{start}:{args.samples}:{args.bad:g}"
                outcome = planted(record, budget, args.samples, args.bad, start, found, key)
                if found is not None:
                    # Re-read and merge: runs side by side on other records share the file.
                    merged = json.loads(store.read_text()) if store.exists() else {}
                    store.write_text(json.dumps({**merged, **found}, indent=1))
                if outcome is not None:
                    outcomes.append(outcome)
                    planted_count += 1
                    flagged += outcome[0]
                    passed_over += outcome[1]
            print(f"{line} planted (flagged, decisions passed over): {outcomes}", flush=True)
        parts = [f"{game}: budget {budget}, {len(paths)} games, load {' '.join(f'{x:.1f}' for x in os.getloadavg())}"]
        if times:
            parts.append(
                f"CPU time median {statistics.median(times):.1f} s, max {max(times):.1f} s; hard's moves marked "
                f"mistake or worse {marked}/{judged} ({marked / max(judged, 1):.1%})"
            )
        if planted_count:
            parts.append(
                f"planted worst moves flagged {flagged}/{planted_count} (planted where the worst move is rated "
                f"{args.bad:g} or more below the best; decisions passed over: {passed_over})"
            )
        print("; ".join(parts), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play")
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("-n", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", default="/tmp/analysis_games")
    p.set_defaults(func=cmd_play)
    p = sub.add_parser("measure")
    p.add_argument("--records", default="/tmp/analysis_games")
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("-n", type=int, default=10)
    p.add_argument("--seeds", help="only these records' seeds, comma-separated (to run records side by side)")
    p.add_argument("--part", help="K/N: time only the K-th of N parts of each record's decisions (see analysed_part)")
    p.add_argument("--budget", type=int)
    p.add_argument("--samples", type=int, default=16, help="worlds the worst move is found on")
    p.add_argument("--plants", type=int, default=1, help="bad moves planted a game, spread along it")
    p.add_argument("--bad", type=float, default=BLUNDER, help="how far below the best a planted move must be rated")
    p.add_argument("--policy", choices=("hard", "game"), help="who plays the playouts (default: POLICIES)")
    p.add_argument("--no-plant", action="store_true", help="only time and hard's own marks")
    p.add_argument(
        "--cut-judgement",
        metavar="MODULE",
        help="judge with this judgement of a position cut short (review.CUT_JUDGEMENTS), e.g. "
        "meeple.games.ibyron.cut_judgement",
    )
    p.add_argument("--plant-only", action="store_true", help="only the planted moves")
    p.add_argument(
        "--plants-file",
        help="JSON file keeping the plants found (read where it holds them; written as they are found): "
        "the same plants judged again, by other code or settings, without searching for them",
    )
    p.set_defaults(func=cmd_measure)
    args = parser.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
