"""Playing one arena game: what a worker receives and what it sends back.

A worker gets a :class:`GameJob` (plain data: the game, the bot specs by
seat and the seeds) and builds the state and the bots itself, so nothing
but small, always-picklable values crosses a process or network boundary,
and a game plays the same wherever it runs.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import meeple
from meeple.bots import make_bot
from meeple.bots.ismcts import ISMCTS
from meeple.bots.rollout import PolicyRollout

CLOCKS = ("wall", "cpu")

# Row fields that depend only on the arena's seed and the game's index; the
# rest (times) depend on the machine. Reruns and other runners agree on these.
OUTCOME_FIELDS = ("index", "seed", "lineup", "bot_seeds", "scores", "winners", "end_reason", "moves", "rounds")


class GameFailed(RuntimeError):
    """The arena's games could not be played: a bot or the rules raised, a worker
    died, or the runner could not start (no Ray cluster at the address)."""


@dataclass(frozen=True)
class GameJob:
    game: str
    players: int
    options: dict[str, Any] = field(hash=False)
    index: int
    seed: int
    lineup: tuple[str, ...]  # bot spec in each seat
    bot_seeds: tuple[int, ...]
    clock: str = "wall"  # what a searching bot's time limit measures: "wall" or "cpu" (its thread's CPU time)


def play_game(job: GameJob) -> dict[str, Any]:
    """Play ``job`` to the end; returns its result row (JSON-safe)."""
    cpu_started = time.process_time()
    wall_started = time.perf_counter()
    state = meeple.new_game(job.game, players=job.players, seed=job.seed, **job.options)
    bots = [make_bot(spec, seed=seed, game=job.game) for spec, seed in zip(job.lineup, job.bot_seeds, strict=True)]
    if job.clock == "cpu":
        # Each searching bot then gets its whole budget on one core however loaded the machine
        # is: strength measured on a shared machine is the strength a free core would give.
        for bot in bots:
            if isinstance(bot, ISMCTS | PolicyRollout):
                bot.clock = time.thread_time
    think = [0.0] * job.players
    moves = [0] * job.players
    while not state.is_over:
        seat = state.to_move[0]
        started = time.perf_counter()
        action = bots[seat].choose(state, seat)
        think[seat] += time.perf_counter() - started
        state.apply(action, seat)
        moves[seat] += 1
    return {
        "index": job.index,
        "seed": job.seed,
        "lineup": list(job.lineup),
        "bot_seeds": list(job.bot_seeds),
        "scores": [float(v) for v in state.scores],
        "winners": list(state.winners),
        "end_reason": state.end_reason,
        "moves": state.move_number,
        "rounds": _rounds(state),
        "seat_moves": moves,
        "think_ms": [round(1000 * t / m, 4) if m else 0.0 for t, m in zip(think, moves, strict=True)],
        "seconds": round(time.perf_counter() - wall_started, 6),
        "cpu_seconds": round(time.process_time() - cpu_started, 6),
    }


def play_chunk(jobs: Sequence[GameJob]) -> list[dict[str, Any]]:
    """Several games in one task (fewer, coarser tasks when games are quick)."""
    rows = []
    for job in jobs:
        try:
            rows.append(play_game(job))
        except Exception as exc:
            # Only the message crosses back: any exception type pickles this way.
            raise GameFailed(
                f"game {job.index} ({', '.join(job.lineup)}) failed: {type(exc).__name__}: {exc}"
            ) from None
    return rows


def _rounds(state: meeple.State) -> int | None:
    """The game's round counter when its state exposes one (``round``)."""
    value = getattr(state, "round", None)
    return value if isinstance(value, int) and not isinstance(value, bool) else None
