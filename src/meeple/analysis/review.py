"""``analyse``: replay a record and judge each decision of the chosen seats.

Determinism and fairness share one rule: the generator that judges a decision
is seeded from what its mover saw then (its observation, which carries the move
number) and the analysis ``seed``, never from the record's seed, which would
name the deck. So the same record and budget give the same analysis, and two
games the mover could not tell apart at a decision get the same judgement of it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import json
import math
from collections.abc import Callable, Sequence
from types import ModuleType

import meeple
from meeple.analysis import marks
from meeple.analysis.judge import Judgement, judge, playouts_for
from meeple.analysis.result import (
    DECISION_CAP,
    FORCED,
    SIMULTANEOUS,
    Analysis,
    Decision,
    SeatSummary,
    Skipped,
)
from meeple.core import Record, State
from meeple.core.rng import Random

# Playouts a decision: each game declares its own (GameInfo.analysis_playouts, in its
# levels.py), set so that a typical 2-player game (3 for Ivor, its fewest) analyses
# within a minute of one core (Ibyron, whose games run to about 400 decisions: three
# minutes); benchmarks/analysis_quality.py measures the time and quality.
DEFAULT_BUDGET = 48  # a game that declares none
# Who plays the playouts, by game: "hard" (the hard level's policy, the default) or
# "game" (GameInfo.rollout_policy), where the hard level's heuristic is too dear a move
# to play the playouts a drop needs within the time (measured: analysis_quality.py).
POLICIES: dict[str, str] = {}
# Games whose playouts the analysis cuts short and judges there by a judgement fitted to
# finished playouts, where their evaluate() misjudges a position cut short (so the hard
# level plays to the end and a decision would get few samples): game id -> module, which,
# imported on first use, gives HORIZON (moves before the cut), PLAYOUTS (the default
# budget where it applies), applies(state) (the games it was fitted on) and
# share(state, seat) (from what the seat sees). Games not named here, or whose games it
# does not fit, keep the hard level's playouts. None is named: the one fitted for
# two-player Ibyron (meeple.games.ibyron.cut_judgement) took 0.6 of the time but marked
# more of the hard bot's own moves on the benchmark's records (README.md, "What was
# tried for Ibyron"); benchmarks/analysis_quality.py --cut-judgement measures it.
CUT_JUDGEMENTS: dict[str, str] = {}
# A decision's CPU cap: a long playout (a late, crowded position) must not hold the
# whole analysis up; a decision cut short says so (``Decision.timed_out``).
CPU_SECONDS = 2.0
# Decisions judged in one game at most: a long game's later decisions are skipped
# (reason "cap") rather than analyse for many minutes.
MAX_DECISIONS = 400

Progress = Callable[[int, int], None]  # (moves replayed, moves in the record)


def decision_seed(state: State, seat: int, seed: int) -> int:
    """A generator seed from what ``seat`` sees now (its observation) and ``seed``."""
    seen = json.dumps(state.observation(seat), sort_keys=True, separators=(",", ":"), default=str)
    digest = hashlib.sha256(f"{state.game}|{seat}|{seed}|{seen}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def default_budget(game: str, state: State | None = None) -> int:
    """The playouts a decision of ``game`` gets unless told otherwise; given the game's
    ``state``, those of its cut judgement where one applies (its playouts are far shorter)."""
    cut = cut_judgement(state) if state is not None else None
    if cut is not None:
        return int(cut.PLAYOUTS)
    info = meeple.GAMES.get(game)
    declared = info.analysis_playouts if info is not None else None
    return DEFAULT_BUDGET if declared is None else declared


def cut_judgement(state: State) -> ModuleType | None:
    """The cut judgement of ``state``'s game (``CUT_JUDGEMENTS``) where it applies to ``state``."""
    name = CUT_JUDGEMENTS.get(state.game)
    module = None if name is None else importlib.import_module(name)
    return module if module is not None and module.applies(state) else None


def _label(state: State, action_text: str, seat: int) -> str:
    try:
        return state.action_label(action_text, seat)
    except ValueError:  # a game's words failed: the notation still says it
        return action_text


def _decision(state: State, seat: int, notation: str, judged: Judgement) -> Decision:
    """The judgement as stored: rounded shares, the mark, both moves in words."""
    best = str(judged.best)
    return Decision(
        move_number=len(state.history),
        seat=seat,
        played=notation,
        played_share=round(judged.played_share, 4),
        best=best,
        best_share=round(judged.best_share, 4),
        share_before=round(judged.habit_share, 4),
        mark=marks.mark_for(judged.drop, judged.drop_error),
        played_label=_label(state, notation, seat),
        best_label=_label(state, best, seat),
        candidates=judged.candidates,
        samples=judged.samples,
        timed_out=judged.timed_out,
        drop_error=round(judged.drop_error, 4) if math.isfinite(judged.drop_error) else None,
    )


def summarise(seats: Sequence[int], decisions: Sequence[Decision]) -> list[SeatSummary]:
    """Each seat's accuracy, count of each mark and mean drop in win share."""
    summaries = []
    for seat in seats:
        own = [d for d in decisions if d.seat == seat]
        summaries.append(
            SeatSummary(
                seat=seat,
                decisions=len(own),
                accuracy=marks.accuracy(d.mark for d in own),
                marks=marks.mark_counts(d.mark for d in own),
                mean_drop=round(sum(d.drop for d in own) / len(own), 4) if own else 0.0,
            )
        )
    return summaries


def analyse(
    record: Record,
    seats: Sequence[int] | None = None,
    budget: int | None = None,
    cpu_seconds: float | None = CPU_SECONDS,
    max_decisions: int | None = MAX_DECISIONS,
    seed: int = 0,
    progress: Progress | None = None,
) -> Analysis:
    """Judge every decision of ``seats`` (default: all) in the finished or unfinished
    game ``record``: the mover's estimated share of the win before the move, after
    the move played and after the move the search prefers, and a mark by the drop.

    ``budget``: playouts a decision (default: the game's ``GameInfo.analysis_playouts``);
    ``cpu_seconds``: the cap on one decision's CPU time (``None``: no cap; with a
    cap a loaded machine may cut a decision short, the only way the same input
    can give another analysis); ``max_decisions``: decisions judged at most;
    ``seed``: another seed gives another, equally fair, analysis.
    Raises ``ValueError`` for a record that does not replay."""
    state, result = start(record, seats, budget, cpu_seconds, max_decisions)
    for number, (seat, notation) in enumerate(record.moves):
        if progress is not None:
            progress(number, len(record.moves))
        step(state, number, seat, notation, result, seed)
    result.summaries = summarise(result.seats, result.decisions)
    return result


def start(
    record: Record,
    seats: Sequence[int] | None = None,
    budget: int | None = None,
    cpu_seconds: float | None = CPU_SECONDS,
    max_decisions: int | None = MAX_DECISIONS,
) -> tuple[State, Analysis]:
    """The position before ``record``'s first move and an empty analysis of ``seats``
    with these settings: ``analyse`` is ``start``, then ``step`` for each move, then
    ``summarise``. A caller that walks the record itself (a web server judging a few
    moves at a time between its other work) takes the same steps, so its analysis
    is the same. Raises ``ValueError`` as ``analyse`` does."""
    state = meeple.replay(dataclasses.replace(record, moves=[]))
    analysed = sorted(set(range(state.players) if seats is None else seats))
    for seat in analysed:
        if not 0 <= seat < state.players:
            raise ValueError(f"there is no seat {seat} in a {state.players}-player game")
    if budget is None:
        budget = default_budget(record.game, state)
    if budget < 1:
        raise ValueError("budget is a number of playouts a decision, at least 1")
    result = Analysis(
        game=record.game,
        players=record.players,
        seed=record.seed,
        seats=analysed,
        budget=budget,
        cpu_seconds=cpu_seconds,
        max_decisions=max_decisions,
        thresholds={"inaccuracy": marks.INACCURACY, "mistake": marks.MISTAKE, "blunder": marks.BLUNDER},
        names=list(record.names) if record.names is not None else None,
        moves=len(record.moves),
    )
    return state, result


def step(state: State, number: int, seat: int, notation: str, result: Analysis, seed: int = 0) -> None:
    """Move ``number`` of the record (``seat`` played ``notation``): judged into ``result``
    (or listed as skipped) with the settings ``result`` holds, then played on ``state``.
    Raises ``ValueError`` for a move that cannot be read or is illegal."""
    try:
        action = state.parse_action(notation, seat)
    except ValueError as exc:
        raise ValueError(f"move {number} ({notation!r} by seat {seat}) cannot be read: {exc}") from None
    if seat in result.seats:
        _judge_or_skip(state, seat, action, result.budget, result.cpu_seconds, result.max_decisions, seed, result)
    try:
        state.apply(action, seat)
    except meeple.IllegalAction as exc:
        raise ValueError(f"move {number} ({notation!r} by seat {seat}) is illegal: {exc}") from None


def _judge_or_skip(
    state: State,
    seat: int,
    action: meeple.Action,
    budget: int,
    cpu_seconds: float | None,
    max_decisions: int | None,
    seed: int,
    result: Analysis,
) -> None:
    number = len(state.history)
    if len(state.to_move) > 1:
        result.skipped.append(Skipped(number, seat, SIMULTANEOUS))
    elif len(state.legal_actions(seat)) < 2:
        result.skipped.append(Skipped(number, seat, FORCED))
    elif max_decisions is not None and len(result.decisions) >= max_decisions:
        result.skipped.append(Skipped(number, seat, DECISION_CAP))
        result.capped = True
    else:
        result.decisions.append(judge_decision(state, seat, action, budget, cpu_seconds, seed))


def judge_decision(
    state: State, seat: int, action: meeple.Action, budget: int, cpu_seconds: float | None, seed: int = 0
) -> Decision:
    """``seat``'s decision in ``state`` (it played ``action``) judged as ``analyse`` judges it."""
    own_seed = decision_seed(state, seat, seed)
    module = cut_judgement(state)
    cut = None if module is None else (int(module.HORIZON), module.share)
    policy = POLICIES.get(state.game, "hard")
    settings = playouts_for(state.info, own_seed, policy, state.info.analysis_end_spread, cut)
    judged = judge(state, seat, action, budget, Random(own_seed), settings, cpu_seconds=cpu_seconds)
    return _decision(state, seat, str(action), judged)
