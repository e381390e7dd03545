"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Generic over every game: it needs only ``determinize``, ``to_move``,
legal actions and apply. Each iteration draws one world the deciding seat
cannot tell apart from the real one, walks the shared tree with UCB
(counting how often each child was *available*, so actions that exist only
in some worlds are not over-explored), expands one new action, plays the
rest at random and backs up a win share for the seat that made each move.

Reference: Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search" (IEEE TCIAIG, 2012).
"""

from __future__ import annotations

import math
import random
import time

from meeple.core import Action, State


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
    """Reward per seat: the winners share 1; a game cut short (rollout limit)
    is judged by the game's ``evaluate()``."""
    if state.is_over:
        winners = state.winners
        share = 1.0 / len(winners) if winners else 0.0
        return [share if s in winners else 0.0 for s in range(state.players)]
    return list(state.evaluate())


class ISMCTS:
    """Search bot. Give a budget in ``iterations`` or ``seconds`` (default 1000 iterations).

    Seeded: with an iteration budget, the same seed and position give the same move.
    ``rollout_limit`` caps the random playout length (then ``outcome`` judges
    the unfinished game); left as ``None`` it takes the game's own default
    (``GameInfo.rollout_limit``, no cap for most games). Give ``0`` for
    uncapped playouts whatever the game says.
    """

    name = "ismcts"

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        seed: int | None = None,
        exploration: float = 0.7,
        rollout_limit: int | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = 1000
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("seconds must be positive")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_limit = rollout_limit
        self.rng = random.Random(seed)
        self.last_iterations = 0

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action now")
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = _Node(None, None, seat)
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else math.inf
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if done and time.perf_counter() >= deadline:
                break
            self._iterate(root, state.determinize(seat, self.rng), seat)
            done += 1
        self.last_iterations = done
        legal_set = set(legal)
        best = max(
            (child for action, child in root.children.items() if action in legal_set),
            key=lambda c: (c.visits, c.reward),
            default=None,
        )
        return best.action if best is not None and best.action is not None else legal[0]

    def _iterate(self, root: _Node, world: State, seat: int) -> None:
        rng = self.rng
        node = root
        first = True
        # Selection and expansion.
        while not world.is_over:
            movers = world.to_move
            mover = seat if first and seat in movers else movers[0]
            first = False
            actions = world._legal_actions(mover)
            children = node.children
            untried = [a for a in actions if a not in children]
            for a in actions:
                child = children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                world._apply(action, mover)
                child = _Node(node, action, mover)
                children[action] = child
                node = child
                break
            log_factor = self.exploration
            best_child: _Node | None = None
            best_value = -math.inf
            for a in actions:
                c = children[a]
                value = c.reward / c.visits + log_factor * math.sqrt(math.log(c.avail) / c.visits)
                if value > best_value:
                    best_value = value
                    best_child = c
            assert best_child is not None and best_child.action is not None
            world._apply(best_child.action, mover)
            node = best_child
        # Random playout.
        limit = self.rollout_limit if self.rollout_limit is not None else world.info.rollout_limit
        if limit == 0:
            limit = None
        steps = 0
        while not world.is_over and (limit is None or steps < limit):
            mover = world.to_move[0]
            actions = world._legal_actions(mover)
            world._apply(actions[rng.randrange(len(actions))], mover)
            steps += 1
        rewards = outcome(world)
        # Back-propagation.
        while node.parent is not None:
            node.visits += 1
            node.reward += rewards[node.mover]
            node = node.parent
        node.visits += 1
