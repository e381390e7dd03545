"""Information-set Monte Carlo tree search (single-observer ISMCTS), guided by the game.

Generic over every game: it needs only ``determinize``, ``to_move``, legal
actions and apply, and uses what the game declares when it has it:

* ``GameInfo.rollout_policy`` plays the playouts (with a share ``epsilon`` of
  uniformly random moves, so the search still sees moves the heuristic
  never makes); without one, playouts are uniformly random.
* ``State.evaluate()`` judges a playout cut short after ``rollout_limit``
  moves, so a game whose random games never reach the end still gives the
  search a signal.

Each iteration draws one world the deciding seat cannot tell apart from the
real one, walks the shared tree with UCB (counting how often each child was
*available*, so actions that exist only in some worlds are not
over-explored), expands one new action, plays on and backs up each seat's
win share: a node keeps the reward of the seat that made its move, so in a
multi-player game every seat's node maximises its own share.

Simultaneous moves (several seats in ``to_move``, e.g. Isle of Skye's hidden
pricing): only one of those seats moves in the tree (the searching seat if it
is among them); the others play their moves from the rollout policy first and
stay out of the tree, so no seat's tree node is conditioned on a move it
could not have seen.

Optional knobs a level sets: progressive widening (a node with ``n`` visits
keeps at most ``widening * n ** 0.5`` children, opened in the policy's order
of preference) for long action lists, and a ``prior`` bot whose move at the
root is expanded first and gets ``prior_weight`` of the iterations as extra
visits when the move is chosen (the search must find something clearly better
to overrule the game's heuristic).

Reference: Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search" (IEEE TCIAIG, 2012); progressive widening after Coulom (2007).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from meeple.bots.base import Bot
from meeple.core import Action, State
from meeple.core.rng import Random

Policy = Callable[[State, int, Random], Action]


class _Node:
    __slots__ = ("action", "avail", "children", "mover", "parent", "reward", "visits")

    def __init__(self, parent: _Node | None, action: Action | None, mover: int) -> None:
        self.parent = parent
        self.action = action
        self.mover = mover  # the seat that played ``action`` to reach this node
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


def outcome(state: State) -> list[float]:
    """Reward per seat: ``State.evaluate()``, which gives a finished game's
    winners a share of 1 each and judges a game cut short (rollout limit)."""
    return list(state.evaluate())


def random_move(world: State, seat: int, rng: Random) -> Action:
    actions = world._legal_actions(seat)
    return actions[rng.randrange(len(actions))]


def playout_move(world: State, seat: int, rng: Random, policy: Policy | None, epsilon: float) -> Action:
    """The game's heuristic move, or a uniformly random one with probability ``epsilon``
    (always random when the game declares no policy)."""
    if policy is None or (epsilon > 0.0 and rng.random() < epsilon):
        return random_move(world, seat, rng)
    return policy(world, seat, rng)


class ISMCTS:
    """Search bot. Give a budget in ``iterations`` or ``seconds`` (default 1000
    iterations); with both, it stops at whichever comes first.

    Seeded: with an iteration budget, the same seed and position give the same move.
    ``rollout_limit`` caps the playout length (then ``evaluate()`` judges the
    unfinished game); left as ``None`` it takes the game's own default
    (``GameInfo.rollout_limit``, no cap for most games). Give ``0`` for
    uncapped playouts whatever the game says. ``guided=False`` ignores the
    game's rollout policy (uniformly random playouts, the old behaviour).
    ``clock`` measures ``seconds``: the wall clock by default (what a player
    waits); a benchmark on a shared machine passes ``time.thread_time`` so a
    budget means that much time on one core whatever else runs.
    """

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        seed: int | None = None,
        exploration: float = 0.7,
        rollout_limit: int | None = None,
        epsilon: float = 0.15,
        guided: bool = True,
        widening: float | None = None,
        prior: Bot | None = None,
        prior_weight: float = 0.0,
        name: str = "ismcts",
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = 1000
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("seconds must be positive")
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon is a probability from 0 to 1, got {epsilon!r}")
        if widening is not None and widening <= 0:
            raise ValueError("widening must be positive (or None for no widening)")
        self.name = name
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_limit = rollout_limit
        self.epsilon = epsilon
        self.guided = guided
        self.widening = widening
        self.prior = prior
        self.prior_weight = prior_weight
        self.clock = clock  # what ``seconds`` is measured on: wall clock (what a player waits)
        self.rng = Random(seed)
        self.last_iterations = 0
        self.last_timed_out = False  # the time cap, not the iteration budget, ended the last decision
        self.last_visits: dict[Action, int] = {}  # the root's visits per action, last decision

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action now")
        if len(legal) == 1:
            self.last_iterations = 0
            self.last_visits = {}
            return legal[0]
        hint = self.prior.choose(state, seat) if self.prior is not None else None
        root = _Node(None, None, seat)
        clock = self.clock
        deadline = clock() + self.seconds if self.seconds is not None else math.inf
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if done and clock() >= deadline:
                break
            self._iterate(root, state.determinize(seat, self.rng), seat, hint)
            done += 1
        self.last_iterations = done
        self.last_timed_out = self.iterations is None or done < self.iterations
        self.last_visits = {a: c.visits for a, c in root.children.items()}
        return self._final_choice(root, legal, hint, done)

    def _final_choice(self, root: _Node, legal: list[Action], hint: Action | None, done: int) -> Action:
        bonus = self.prior_weight * done

        def weight(child: _Node) -> tuple[float, float]:
            extra = bonus if child.action == hint else 0.0
            return (child.visits + extra, child.reward / max(child.visits, 1))

        legal_set = set(legal)
        best = max((c for a, c in root.children.items() if a in legal_set), key=weight, default=None)
        if best is None or best.action is None:
            return hint if hint in legal_set and hint is not None else legal[0]
        return best.action

    def _policy(self, world: State) -> Policy | None:
        return world.info.rollout_policy if self.guided else None

    def _settle_simultaneous(self, world: State, seat: int, rng: Random) -> int | None:
        """Let every seat to move but one play its policy move outside the tree;
        returns the seat that moves in the tree (``None`` once the game is over)."""
        policy = self._policy(world)
        while not world.is_over:
            movers = world.to_move
            keep = seat if seat in movers else movers[0]
            if len(movers) == 1:
                return keep
            other = next(m for m in movers if m != keep)
            world._apply(playout_move(world, other, rng, policy, self.epsilon), other)
        return None

    def _expansion_choice(self, world: State, mover: int, untried: list[Action], preferred: Action | None) -> Action:
        rng = self.rng
        if preferred is not None and preferred in untried:
            return preferred
        policy = self._policy(world)
        if policy is not None and len(untried) > 1:
            suggestion = policy(world, mover, rng)
            if suggestion in untried:
                return suggestion
        return untried[rng.randrange(len(untried))]

    def _iterate(self, root: _Node, world: State, seat: int, hint: Action | None) -> None:
        rng = self.rng
        node = root
        # Selection and expansion.
        while True:
            mover = self._settle_simultaneous(world, seat, rng)
            if mover is None:
                break
            actions = world._legal_actions(mover)
            children = node.children
            present: list[_Node] = []
            untried: list[Action] = []
            for a in actions:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
                    present.append(child)
            if untried and (not present or self._may_widen(node, len(present))):
                preferred = hint if node is root else None
                action = self._expansion_choice(world, mover, untried, preferred)
                world._apply(action, mover)
                child = _Node(node, action, mover)
                children[action] = child
                node = child
                break
            node = self._ucb_child(present)
            assert node.action is not None
            world._apply(node.action, mover)
        rewards = self._playout(world)
        # Back-propagation: each node keeps the share of the seat that moved into it.
        while node.parent is not None:
            node.visits += 1
            node.reward += rewards[node.mover]
            node = node.parent
        node.visits += 1

    def _may_widen(self, node: _Node, opened: int) -> bool:
        if self.widening is None:
            return True
        return opened < self.widening * math.sqrt(node.visits + 1)

    def _ucb_child(self, present: list[_Node]) -> _Node:
        c = self.exploration
        best = present[0]
        best_value = -math.inf
        for child in present:
            value = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if value > best_value:
                best_value = value
                best = child
        return best

    def _playout(self, world: State) -> list[float]:
        limit = self.rollout_limit if self.rollout_limit is not None else world.info.rollout_limit
        if limit == 0:
            limit = None
        policy = self._policy(world)
        rng = self.rng
        epsilon = self.epsilon
        steps = 0
        while not world.is_over and (limit is None or steps < limit):
            mover = world.to_move[0]
            world._apply(playout_move(world, mover, rng, policy, epsilon), mover)
            steps += 1
        return outcome(world)
