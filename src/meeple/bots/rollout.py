"""Policy rollout search: one move of lookahead over the game's own heuristic.

For each legal move the bot plays on with the game's rollout policy (the
heuristic with a little randomness) for a few turns, judges the position with
``State.evaluate()`` and keeps the move whose playouts end best for its seat.
This is the classic "rollout" improvement of a base policy (Tesauro and
Galperin, "On-line policy improvement using Monte-Carlo search", NIPS 1996):
given enough playouts, the result is at least as good as the policy it rolls
out, and better wherever one of its choices is a mistake the playouts show.

Why not a tree: in a game of many small steps a turn (Bayon's hire, travel,
team, pay...), a tree of a thousand iterations spreads its visits over
near-random follow-ups two or three steps down, so a move that only pays with
the right follow-up (look at a card, then dig there) looks worse than a move
no follow-up can spoil (end the turn). Here every move is followed by the
heuristic's own play, so each is judged as the heuristic would go on with it.

Budget and variance:

* **Common random numbers.** Sample ``k`` is one determinized world and one
  playout seed shared by every candidate move, so two moves are compared on
  the same hidden cards and the same dice; their difference has far less
  noise than either value.
* **Sequential halving** (Karnin, Koren and Somekh, ICML 2013): the playouts
  are spent in rounds; after each round the worse half of the moves is
  dropped, so most playouts go to the few moves worth comparing.
* **The heuristic's move** (``prior``) is never dropped, and another move
  replaces it only when it is ahead by ``margin`` (in win share) on the same
  samples, and (``confidence``) by that many standard errors of the paired
  differences: the search overrules the heuristic only where it is clearly
  better, which matters most with few playouts.
* **Turn-aligned cut.** A playout stops after ``horizon`` moves at the first
  moment the searching seat is about to start a turn again (another seat moved
  last), so every candidate is judged at the same point of the turn cycle.
  ``horizon=0`` plays to the end of the game.

The bot reads the position only through ``determinize(seat, ...)``, so it
chooses the same move on the real state and on any world the seat cannot tell
from it. With a budget in playouts, the same seed and position give the same
move; a ``seconds`` cap may cut the last rounds short (then it keeps the best
move so far).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Collection, Mapping

from meeple.bots.base import Bot
from meeple.bots.ismcts import Policy, playout_move
from meeple.core import Action, State
from meeple.core.rng import Random


class PolicyRollout:
    """One-move lookahead over the game's rollout policy (see the module docstring).

    ``playouts`` is the budget a move aims at (playouts of all candidates
    together): every round of halving plays at least one sample of each move
    still in, so a position with more moves than the budget can share out
    spends a few more; ``seconds`` caps the time (measured on ``clock``), the
    only ceiling. ``epsilon``
    adds uniformly random moves to the playouts on top of the policy's own.
    ``margin`` and ``confidence``: how clearly another move must beat the
    heuristic's (``prior``'s) to replace it (see ``_final_choice``).
    ``blunder``: the share of decisions (with a choice) played as a uniformly
    random legal move without searching, drawn from the bot's own seeded
    generator: how an easy level makes a beginner's mistakes while still
    playing the heuristic's habits the rest of the time. Where the game
    declares ``careless_moves``, a blunder is drawn from those instead (none
    listed: no blunder that decision).
    ``policy`` plays the playouts (default: the game's ``rollout_policy``).
    ``width`` keeps only that many candidates (see ``_screen``): for long
    playouts in a game with long action lists.
    ``searched``: the action kinds worth searching; a decision offering none of
    them plays the prior's move unsearched (``None``: every decision is searched),
    so a game can spend the budget where its heuristic is weakest.
    ``playouts_by_players``: another playout budget at these player counts (where a
    playout costs more, e.g. ``{5: 12}``), so a move stays inside its time cap there.
    """

    def __init__(
        self,
        playouts: int | None = None,
        seconds: float | None = None,
        seed: int | None = None,
        horizon: int = 36,
        epsilon: float = 0.0,
        prior: Bot | None = None,
        margin: float = 0.02,
        confidence: float = 0.0,
        blunder: float = 0.0,
        name: str = "rollout",
        policy: Policy | None = None,
        width: int | None = None,
        searched: Collection[str] | None = None,
        clock: Callable[[], float] = time.perf_counter,
        playouts_by_players: Mapping[int, int] | None = None,
    ) -> None:
        if playouts is None and seconds is None:
            playouts = 400
        if playouts is not None and playouts < 1:
            raise ValueError("playouts must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("seconds must be positive")
        if any(n < 1 for n in (playouts_by_players or {}).values()):
            raise ValueError("playouts_by_players: every budget must be at least 1")
        if horizon < 0:
            raise ValueError("horizon is a number of moves (0: play to the end)")
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon is a probability from 0 to 1, got {epsilon!r}")
        if not 0.0 <= blunder <= 1.0:
            raise ValueError(f"blunder is a probability from 0 to 1, got {blunder!r}")
        self.name = name
        self.playouts = playouts
        self.seconds = seconds
        self.horizon = horizon
        self.epsilon = epsilon
        self.prior = prior
        self.margin = margin
        self.confidence = confidence
        self.blunder = blunder
        self.policy = policy
        self.width = width
        self.searched = frozenset(searched) if searched is not None else None
        self.clock = clock
        self.playouts_by_players = dict(playouts_by_players or {})
        self.rng = Random(seed)
        self.last_iterations = 0  # playouts spent on the last decision
        self.last_timed_out = False  # the time cap, not the playout budget, ended the last decision
        self.last_values: dict[Action, float] = {}  # each surviving move's mean share, last decision

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action now")
        self.last_iterations = 0
        self.last_values = {}
        self.last_timed_out = False
        if len(legal) == 1:
            return legal[0]
        if self.blunder and self.rng.random() < self.blunder:
            slips = self._careless(state, seat, legal)
            if slips:
                return slips[self.rng.randrange(len(slips))]  # a beginner's slip (``blunder``)
        hint = self.prior.choose(state, seat) if self.prior is not None else None
        if hint not in legal:
            hint = None
        if hint is not None and self.searched is not None and not any(a.kind in self.searched for a in legal):
            return hint
        alive = self._screen(state, seat, legal, hint)
        if len(alive) == 1:
            return alive[0]
        totals = {a: 0.0 for a in alive}
        rewards: dict[Action, list[float]] = {a: [] for a in alive}
        samples = 0
        rounds = max(1, math.ceil(math.log2(len(alive))))
        started = self.clock()
        deadline = started + self.seconds if self.seconds is not None else math.inf
        budget = self.playouts_by_players.get(state.players, self.playouts) if self.playouts is not None else None
        spent = 0
        for r in range(rounds):
            # Each round gets an equal part of what is left; every survivor plays each sample.
            # Without a playout budget, each round gets an equal part of the time instead.
            count = max(1, (budget - spent) // (rounds - r) // len(alive)) if budget is not None else 1 << 30
            round_end = deadline if budget is not None else started + (deadline - started) * (r + 1) / rounds
            for _ in range(count):
                if spent and self.clock() >= round_end:
                    break
                world = state.determinize(seat, self.rng)
                seed = self.rng.getrandbits(62)
                for action in alive:
                    reward = self._playout(world.clone(), seat, action, Random(seed))
                    totals[action] += reward
                    rewards[action].append(reward)
                spent += len(alive)
                samples += 1
            if self.clock() >= deadline:
                self.last_timed_out = True
                break
            if r < rounds - 1:
                alive = self._survivors(alive, totals, hint)
        self.last_iterations = spent
        self.last_values = {a: totals[a] / max(samples, 1) for a in alive}
        return self._final_choice(alive, totals, hint, rewards)

    @staticmethod
    def _careless(state: State, seat: int, legal: list[Action]) -> list[Action]:
        """The moves a blunder is drawn from: the game's ``careless_moves``, else every legal move."""
        careless = state.info.careless_moves
        return legal if careless is None else careless(state, seat)

    def _screen(self, state: State, seat: int, legal: list[Action], hint: Action | None) -> list[Action]:
        """At most ``width`` candidates: the heuristic's move, then the moves that look
        best one step ahead (``evaluate()`` on one determinized world; legal order breaks ties)."""
        if self.width is None or len(legal) <= self.width:
            return list(legal)
        world = state.determinize(seat, self.rng)
        value: dict[Action, float] = {}
        for action in legal:
            after = world.clone()
            after._apply(action, seat)
            value[action] = after.evaluate()[seat]
        order = sorted(legal, key=lambda a: (a != hint, -value[a]))  # stable: legal order breaks ties
        keep = set(order[: self.width])
        return [a for a in legal if a in keep]

    def _survivors(self, alive: list[Action], totals: dict[Action, float], hint: Action | None) -> list[Action]:
        """The better half (by total over the same samples), the heuristic's move always kept."""
        if len(alive) <= 2:
            return alive
        order = sorted(alive, key=lambda a: -totals[a])  # sorted() is stable: legal order breaks ties
        keep = order[: math.ceil(len(alive) / 2)]
        if hint is not None and hint not in keep:
            keep.append(hint)
        return [a for a in alive if a in keep]

    def _final_choice(
        self, alive: list[Action], totals: dict[Action, float], hint: Action | None, rewards: dict[Action, list[float]]
    ) -> Action:
        """The best survivor, unless the heuristic's move is not clearly worse.

        Every survivor played every sample, so the two are compared sample by
        sample (paired): the best replaces the heuristic's move when its mean
        gain is above ``margin`` and, with ``confidence`` > 0, above that many
        standard errors of the paired differences (so a few lucky playouts
        do not overrule the heuristic)."""
        best = max(alive, key=lambda a: totals[a])
        if hint is None or hint == best:
            return best
        gains = [b - h for b, h in zip(rewards[best], rewards[hint], strict=True)]
        mean = sum(gains) / len(gains)
        if mean <= self.margin:
            return hint
        if self.confidence <= 0:
            return best
        if len(gains) < 2:
            return hint
        variance = sum((g - mean) ** 2 for g in gains) / (len(gains) - 1)
        return best if mean > self.confidence * math.sqrt(variance / len(gains)) else hint

    def _policy(self, world: State) -> Policy | None:
        return self.policy if self.policy is not None else world.info.rollout_policy

    def _playout(self, world: State, seat: int, action: Action, rng: Random) -> float:
        """``seat`` plays ``action``, then everyone plays the policy to the cut; ``seat``'s judged share."""
        world._apply(action, seat)
        policy = self._policy(world)
        horizon = self.horizon
        steps = 0
        last = seat
        while not world.is_over:
            mover = world.to_move[0]
            if horizon and steps >= horizon and mover == seat and last != seat:
                break
            world._apply(playout_move(world, mover, rng, policy, self.epsilon), mover)
            last = mover
            steps += 1
        return world.evaluate()[seat]
