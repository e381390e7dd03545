"""A mover's estimated share of the win for each of its legal moves, from what it knew.

The judge never reads the real position's hidden information: every sample is a
world drawn by ``state.determinize(seat, rng)``, a position the mover could not
tell from the real one, and every move is played on it and carried on by the
game's own rollout policy (the same playouts, horizon and policy as the game's
``hard`` level), then judged by ``State.evaluate()`` (a playout that reaches the
game's end: its result, or its final margin where the game's ``end_spread`` says so;
a game whose ``evaluate()`` misjudges a position cut short may declare a judgement
fitted to finished playouts instead, with a horizon of its own: ``Playouts.cut``).

Two phases on separate samples, each sample one world and one playout seed
shared by every move it plays (common random numbers: two moves are compared on
the same hidden cards and the same dice, so their difference has far less
noise than either value):

1. **choosing** the move the search prefers: sequential halving over the
   candidates other than the move played;
2. **measuring**: fresh samples for three lines only: the move played, the move
   preferred, and the game's own habit (its rollout policy's move; not played
   again where it is one of the other two). Choosing the best of many noisy means
   and then quoting that same mean would overstate how much better it is (the
   winner's curse); fresh samples do not. Where the drop measured is in doubt (a
   mistake's mark hangs on its noise), it is measured once more on
   ``EXTRA_MEASURING`` times as many fresh samples. Where the first measuring
   playouts reach the game's end (a decision near it), more samples are measured
   first (``SHORT_MEASURING``): such playouts are no dearer than ones cut at the
   horizon, and a late decision's drop needs more of them.

Candidates: where a decision offers more moves than ``width``, only the played
move, the policy's move and the moves that look best one step ahead
(``evaluate()`` on one determinized world) are searched.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from meeple.analysis.marks import CONFIDENCE, INACCURACY, MISTAKE
from meeple.bots import make_bot
from meeple.bots.rollout import PolicyRollout
from meeple.core import Action, GameInfo, IllegalAction, State
from meeple.core.rng import Random

Policy = Callable[[State, int, Random], Action]
CutShare = Callable[[State, int], float]  # a seat's share of the win in a position cut short

# A playout's length where the game's hard level is not a rollout (so sets none):
# PolicyRollout's own default, a few turns of every seat.
DEFAULT_HORIZON = 36
# Candidates searched where a decision offers more: the played move, the habit's and
# the best-looking ones one step ahead. Eight keeps three rounds of halving.
DEFAULT_WIDTH = 8
# The share of a decision's playouts spent measuring (the rest chooses the best move).
MEASURE_SHARE = 0.5
# Where the measured drop is a mistake's size but within the noise, the measuring goes
# on for this many times its planned samples more (within the CPU cap): few decisions
# are in doubt, and those are the ones a mark hangs on. Three: a standard error halved.
EXTRA_MEASURING = 3
# Where every playout of the first measuring samples reached the game's end, the
# measuring goes on to this many times the plan; where only some did, to about the
# moves an early decision's samples play (horizon ÷ their mean length times the plan),
# within the same cap. Near the end a playout is no dearer than one cut at the horizon
# (often cheaper), while its result turns on who holds which cards and the few samples
# an early decision gets leave a late mistake in the noise (an Isle of Skye price of
# 21 a blunder on 24 samples was not even in doubt on 8). Games whose playouts always
# play to the end by design (horizon 0, their every decision dear) keep the plan.
SHORT_MEASURING = 4


@dataclass(frozen=True)
class Playouts:
    """How a game's moves are played on and how many are searched: the game's ``hard``
    level's settings where it is a policy rollout (horizon, policy, random share,
    width), otherwise the defaults.

    ``end_spread``: how a playout that reaches the end of the game is scored. ``None``:
    the winners share 1 (one bit a playout). A number: the seat's share of a softmax of
    the final scores with that spread (in the game's points), so a narrow win counts
    for less than a wide one; see ``end_share``.

    ``cut``: how a playout cut at the horizon is judged, ``cut(world, seat)`` the seat's
    share (``None``: ``evaluate()``); a game whose ``evaluate()`` misjudges cut positions
    may declare a judgement fitted to finished playouts (``review.CUT_JUDGEMENTS``)."""

    horizon: int
    policy: Policy | None
    epsilon: float
    width: int = DEFAULT_WIDTH
    end_spread: float | None = None
    cut: CutShare | None = None


def playouts_for(
    info: GameInfo,
    seed: int,
    policy: str = "hard",
    end_spread: float | None = None,
    cut: tuple[int, CutShare] | None = None,
) -> Playouts:
    """The playout settings of ``info``'s hard level, its policy seeded with ``seed``;
    ``policy="game"`` plays the game's ``rollout_policy`` instead of the level's (where
    the level plays a dear heuristic, many more cheap playouts may measure better);
    ``end_spread``: how a finished playout is scored (``Playouts.end_spread``);
    ``cut``: a horizon and the judgement of a position cut there (``Playouts.cut``),
    in place of the level's horizon and ``evaluate()``.

    Built afresh for every decision: a heuristic policy may keep a generator of
    its own, and a decision's judgement must not depend on which decisions were
    judged before it."""
    if policy not in ("hard", "game"):
        raise ValueError(f"policy is 'hard' or 'game', got {policy!r}")
    bot = make_bot("hard", seed=seed, game=info)
    if isinstance(bot, PolicyRollout):
        chosen = bot.policy if bot.policy is not None and policy == "hard" else info.rollout_policy
        # The hard level's width, where it sets one, is what its playouts can afford; the
        # played move and the habit's come on top of it, so at least three are searched.
        width = max(3, bot.width) if bot.width is not None else DEFAULT_WIDTH
        horizon = bot.horizon if cut is None else cut[0]
        return Playouts(horizon, chosen, bot.epsilon, width, end_spread, None if cut is None else cut[1])
    if cut is not None:
        return Playouts(cut[0], info.rollout_policy, 0.0, DEFAULT_WIDTH, end_spread, cut[1])
    return Playouts(DEFAULT_HORIZON, info.rollout_policy, 0.0, DEFAULT_WIDTH, end_spread)


@dataclass(frozen=True)
class Judgement:
    """The mover's estimates (shares of the win, 0 to 1) for one decision.

    ``habit_share``: going on with the game's own policy's move; ``played_share``
    and ``best_share``: after the played and the preferred move, on the same
    samples (``best`` is the played move when nothing was measured better).
    ``drop_error``: the standard error of the drop (paired over the measuring samples);
    ``samples``: measuring samples; ``playouts``: every playout spent;
    ``timed_out``: the CPU cap, not the budget, ended the search."""

    best: Action
    best_share: float
    played_share: float
    habit_share: float
    drop_error: float
    candidates: int
    samples: int
    playouts: int
    timed_out: bool

    @property
    def drop(self) -> float:
        return max(0.0, self.best_share - self.played_share)


HABIT = None  # the pseudo-move "whatever the policy plays on this world"
Line = Action | None


def _move(world: State, seat: int, rng: Random, settings: Playouts) -> Action:
    """The policy's move, or a uniformly random one (``epsilon``, or no policy)."""
    if settings.policy is None or (settings.epsilon > 0.0 and rng.random() < settings.epsilon):
        legal = world.legal_actions(seat)
        return legal[rng.randrange(len(legal))]
    return settings.policy(world, seat, rng)


def playout(world: State, seat: int, first: Action, rng: Random, settings: Playouts) -> float:
    """``seat`` plays ``first``, then everyone plays the policy up to the cut; ``seat``'s
    share as ``evaluate()`` judges the end (``end_share`` where it is the game's end and
    ``settings`` says so).

    The cut (PolicyRollout's): after ``horizon`` moves, at the first moment
    ``seat`` is about to start a turn again, so every line is judged at the same
    point of the turn cycle; ``horizon=0`` plays to the end."""
    world.apply(first, seat)
    steps = 0
    last = seat
    while not world.is_over:
        mover = world.to_move[0]
        if settings.horizon and steps >= settings.horizon and mover == seat and last != seat:
            break
        world.apply(_move(world, mover, rng, settings), mover)
        last = mover
        steps += 1
    if world.is_over and settings.end_spread is not None:
        return end_share(world, seat, settings.end_spread)
    if not world.is_over and settings.cut is not None:
        return settings.cut(world, seat)
    return world.evaluate()[seat]


def end_share(world: State, seat: int, spread: float) -> float:
    """``seat``'s share of a softmax of the finished ``world``'s scores with ``spread``.

    Why not the result itself: a playout is one possible future played by a model of
    the players, and where games end close a win or a loss by a point is nearly a coin
    flip between futures, one bit a playout. Where the decisions of the last rounds
    play to the end (Isle of Skye) or every playout does (Ibyron), that bit needs many
    more playouts to tell a bad move from a sound one than the time allows; the final
    margin says the same more surely. The spread is the game's: about how far one
    future's final scores stand from another's."""
    scores = world.scores
    top = max(scores)
    weights = [math.exp((s - top) / spread) for s in scores]
    return weights[seat] / sum(weights)


class _Sampler:
    """Draws samples (world + playout seed) and plays lines on them, within a CPU cap."""

    def __init__(self, state: State, seat: int, rng: Random, settings: Playouts, deadline: float) -> None:
        self.state = state
        self.seat = seat
        self.rng = rng
        self.settings = settings
        self.deadline = deadline
        self.playouts = 0
        self.moves = 0  # moves played by the playouts, the first included
        self.ended = 0  # playouts that reached the game's end
        self.timed_out = False

    def out_of_time(self) -> bool:
        if time.process_time() >= self.deadline:
            self.timed_out = True
        return self.timed_out

    def sample(self, lines: list[Line]) -> list[float] | None:
        """Every line's share on one fresh sample (``None``: a world where one of them
        was refused, which only a game whose determinize changes what is legal makes)."""
        world = self.state.determinize(self.seat, self.rng)
        seed = self.rng.getrandbits(62)
        habit_seed = self.rng.getrandbits(62) if HABIT in lines else 0
        played: dict[Action, float] = {}
        rewards: list[float] = []
        for line in lines:
            # The habit's move is chosen on this world by a generator of its own, then
            # played on like any line: where it is a move already played on this sample
            # (as a sound player's move often is), the playout is the same one, so it
            # is not played twice.
            move = _move(world.clone(), self.seat, Random(habit_seed), self.settings) if line is HABIT else line
            if move not in played:
                self.playouts += 1
                line_world = world.clone()
                start = len(line_world.history)
                try:
                    played[move] = playout(line_world, self.seat, move, Random(seed), self.settings)
                except IllegalAction:
                    return None
                self.moves += len(line_world.history) - start
                self.ended += line_world.is_over
            rewards.append(played[move])
        return rewards


def rate_moves(
    state: State, seat: int, actions: list[Action], samples: int, rng: Random, settings: Playouts
) -> dict[Action, float]:
    """Each of ``actions``' mean share over the same ``samples`` worlds and seeds."""
    sampler = _Sampler(state, seat, rng, settings, math.inf)
    sums = dict.fromkeys(actions, 0.0)
    taken = 0
    for _ in range(samples):
        rewards = sampler.sample(list(actions))
        if rewards is None:
            continue
        taken += 1
        for action, reward in zip(actions, rewards, strict=True):
            sums[action] += reward
    return {a: sums[a] / max(taken, 1) for a in actions}


def _screen(
    state: State, seat: int, legal: list[Action], played: Action, rng: Random, settings: Playouts
) -> list[Action]:
    """At most ``settings.width`` candidates: the played move, the policy's move, then
    the moves that look best one step ahead on one determinized world (legal order
    breaks ties)."""
    width = max(2, settings.width)
    if len(legal) <= width:
        return list(legal)
    world = state.determinize(seat, rng)
    hint = _move(world.clone(), seat, rng, settings)
    value: dict[Action, float] = {}
    for action in legal:
        after = world.clone()
        after.apply(action, seat)
        value[action] = after.evaluate()[seat]
    order = sorted(legal, key=lambda a: (a != played, a != hint, -value[a]))
    keep = set(order[:width])
    return [a for a in legal if a in keep]


def _choose(sampler: _Sampler, candidates: list[Action], played: Action, budget: int) -> tuple[Action, int]:
    """The candidate other than ``played`` the choosing samples rate best (sequential
    halving over the others only: the played move is measured apart, so playing it
    here would spend a third of a small choosing budget on nothing)."""
    others = [a for a in candidates if a != played]
    if len(others) == 1:
        return others[0], 0
    alive = list(others)
    totals = dict.fromkeys(others, 0.0)
    rounds = max(1, math.ceil(math.log2(len(others))))
    spent = 0
    for r in range(rounds):
        count = max(1, (budget - spent) // (rounds - r) // len(alive))
        for _ in range(count):
            if sampler.out_of_time():
                break
            rewards = sampler.sample(list(alive))
            spent += len(alive)
            if rewards is None:
                continue
            for action, reward in zip(alive, rewards, strict=True):
                totals[action] += reward
        if sampler.timed_out:
            break
        if r < rounds - 1:
            order = sorted(alive, key=lambda a: -totals[a])
            keep = set(order[: max(1, math.ceil(len(order) / 2))])
            alive = [a for a in alive if a in keep]
    return max(alive, key=lambda a: totals[a]), spent  # max() keeps the first of equals: legal order


def _short_extra(planned: int, horizon: int, playouts: int, moves: int, ended: int = 0) -> int:
    """Measuring samples to add to ``planned`` whose ``playouts`` played ``moves`` in all,
    ``ended`` of them reaching the game's end: up to ``SHORT_MEASURING`` times the plan
    where all did, otherwise enough that the measuring plays about ``planned × horizon``
    moves a line, within that cap; none with no horizon or playouts as long as it."""
    if horizon <= 0 or playouts == 0:
        return 0
    if ended == playouts:
        return planned * (SHORT_MEASURING - 1)
    if moves >= horizon * playouts:
        return 0
    factor = min(float(SHORT_MEASURING), horizon * playouts / max(moves, 1))
    return round(planned * (factor - 1.0))


def _in_doubt(gains: list[float]) -> bool:
    """Does a mistake's mark hang on the noise of the drop measured so far: a drop of at
    least an inaccuracy that is not a mistake clear of ``marks.CONFIDENCE`` standard
    errors, but could be one within them? Then the measuring goes on, once, for
    ``EXTRA_MEASURING`` times as many fresh samples (not sample by sample until the drop
    clears, which would brand sound moves by chance)."""
    if not gains:
        return False
    drop = sum(gains) / len(gains)
    error = _standard_error(gains)
    if drop < INACCURACY or (drop >= MISTAKE and drop > CONFIDENCE * error):
        return False
    # Only where the samples to come could settle it: where even after them a mistake's
    # drop would stay within the noise (Ibyron, whose playouts play to the end, spreads a
    # drop's samples about 0.5 either way), measuring again costs time and settles nothing.
    settled = error / math.sqrt(1 + EXTRA_MEASURING)  # the standard error to expect after them
    if CONFIDENCE * settled > max(drop, MISTAKE):
        return False
    return drop + CONFIDENCE * error >= MISTAKE


def _standard_error(values: list[float]) -> float:
    """The standard error of the mean of ``values`` (infinite with fewer than two)."""
    if len(values) < 2:
        return math.inf
    mean = sum(values) / len(values)
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return math.sqrt(variance / len(values))


def judge(
    state: State,
    seat: int,
    played: Action,
    budget: int,
    rng: Random,
    settings: Playouts,
    cpu_seconds: float | None = None,
) -> Judgement:
    """Judge ``seat``'s decision in ``state`` (it played ``played``) with about
    ``budget`` playouts and at most ``cpu_seconds`` of this process's CPU time.

    ``state`` is only ever determinized for ``seat``; ``rng`` must be seeded from
    what ``seat`` knows, so two positions the seat cannot tell apart are judged alike."""
    legal = state.legal_actions(seat)
    if played not in legal:
        raise ValueError(f"{played} is not a legal move of seat {seat} here")
    deadline = time.process_time() + cpu_seconds if cpu_seconds is not None else math.inf
    sampler = _Sampler(state, seat, rng, settings, deadline)
    candidates = _screen(state, seat, legal, played, rng, settings)
    measure_budget = max(3, round(budget * MEASURE_SHARE))
    best, _ = _choose(sampler, candidates, played, budget - measure_budget)
    lines: list[Line] = [played, best, HABIT]
    sums = [0.0, 0.0, 0.0]
    gains: list[float] = []  # best minus played, sample by sample
    samples = 0
    cut_short = sampler.timed_out
    sampler.timed_out = False  # the measuring phase gets at least one sample whatever the choosing took
    planned = max(1, measure_budget // len(lines))
    playouts_before, moves_before, ended_before = sampler.playouts, sampler.moves, sampler.ended
    extra = 0
    for look in (0, 1, 2):
        if look == 1:
            playouts, moves = sampler.playouts - playouts_before, sampler.moves - moves_before
            ended = sampler.ended - ended_before
            count = extra = _short_extra(planned, settings.horizon, playouts, moves, ended)
        elif look == 2:
            if not _in_doubt(gains):
                break
            count = EXTRA_MEASURING * (planned + extra)  # the standard error halved, as _in_doubt expects
        else:
            count = planned
        for _ in range(count):
            if samples and sampler.out_of_time():
                break
            rewards = sampler.sample(lines)
            if rewards is None:
                continue
            sums = [s + r for s, r in zip(sums, rewards, strict=True)]
            gains.append(rewards[1] - rewards[0])
            samples += 1
    means = [s / samples for s in sums] if samples else [0.0, 0.0, 0.0]
    played_share, best_share, habit_share = means
    if best_share <= played_share:
        best, best_share = played, played_share
    drop_error = _standard_error(gains)
    return Judgement(
        best=best,
        best_share=best_share,
        played_share=played_share,
        habit_share=habit_share,
        drop_error=drop_error,
        candidates=len(candidates),
        samples=samples,
        playouts=sampler.playouts,
        timed_out=cut_short or sampler.timed_out,
    )
