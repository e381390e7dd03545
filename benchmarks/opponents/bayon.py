"""Bayon's greedy bot as it was before the heuristic bot replaced it (frozen:
do not improve it). It is the reference the new bot is measured against
(``python -m benchmarks.bayon_bots strength``). Only its imports were updated to the
game's new module layout.

It uses only what its seat knows: the sites it has located in the stacks
(``known`` masks with its bit) and public information.
"""

from __future__ import annotations

from itertools import combinations

from meeple.core import Action
from meeple.core.rng import Random
from meeple.games.bayon.actions import GIVEUP, LOSE, MAIN, PAY, TEAM, WITHDRAW
from meeple.games.bayon.data import ABILITIES, COSTS, DATA, SITE_VALUE
from meeple.games.bayon.rules import BayonState
from meeple.games.bayon.teams import team_meets


def strength(explorer: int) -> int:
    return sum(ABILITIES[explorer])


def smallest_team(free: list[int], site: int) -> list[int] | None:
    """The smallest (then weakest) set of ``free`` explorers that meets ``site``, or None."""
    for size in range(1, len(free) + 1):
        teams = [list(t) for t in combinations(free, size) if team_meets(list(t), site)]
        if teams:
            return min(teams, key=lambda t: sum(map(strength, t)))
    return None


def smallest_addition(team: list[int], free: list[int], site: int) -> list[int] | None:
    """The weakest smallest set of ``free`` explorers completing ``team`` for ``site``, or None."""
    for size in range(1, len(free) + 1):
        options = [list(t) for t in combinations(free, size) if team_meets([*team, *t], site)]
        if options:
            return min(options, key=lambda t: sum(map(strength, t)))
    return None


class FrozenGreedyBot:
    """Scout, then dig where a known site can be won; take gold when short."""

    name = "frozen-greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Random(seed)

    def choose(self, state: BayonState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        by_text = {str(a): a for a in legal}
        wanted = self._wish(state, seat)
        for text in wanted:
            if text in by_text:
                return by_text[text]
        return by_text["end"] if "end" in by_text else legal[self.rng.randrange(len(legal))]

    def _wish(self, state: BayonState, seat: int) -> list[str]:
        """Preferred actions, best first (the first legal one is played)."""
        phase = state.phase
        hand = state.hands[seat]
        free = state.unused_explorers(seat)
        if phase == TEAM:
            addition = smallest_addition(state.team, free, state.revealed)
            if addition:
                return [f"team {e}" for e in addition]
            if not state.team:
                return [f"team {min(free, key=strength)}"]  # cannot succeed: risk the weakest
            return ["team done"]
        if phase in (WITHDRAW, LOSE):
            word = "withdraw" if phase == WITHDRAW else "lose"
            return [f"{word} {e}" for e in sorted(state.team, key=strength)]
        if phase == GIVEUP:
            return [f"giveup {e}" for e in sorted(hand, key=strength)]
        if phase == PAY:
            sites = sorted(state.payable_sites(seat), key=lambda s: SITE_VALUE[s])
            return ["pay gold", *(f"pay site {s}" for s in sites)]
        if phase != MAIN:
            return []
        wishes: list[str] = []
        bit = 1 << seat
        means = state.means(seat)
        # 1. dig where the top site is known and a team of free explorers can win it
        best = None
        for c, stack in enumerate(state.stacks):
            if c == state.interpreter or not stack or means < COSTS[c]:
                continue
            top = stack[0]
            if state.known[top] & bit and smallest_team(free, top) and SITE_VALUE[top] > COSTS[c]:
                gain = SITE_VALUE[top] - COSTS[c]
                if best is None or gain > best[0]:
                    best = (gain, c)
        if best is not None:
            wishes.append(f"expedition {('europe', 'africa', 'asia', 'america', 'australia')[best[1]]}")
        # 2. hire a strong face-up explorer while the team is small
        if not state.hired and len(hand) < 3 and state.gold[seat] >= 15 and state.faceup:
            top_pick = max(state.faceup, key=strength)
            wishes.append(f"hire {top_pick}")
        # 3. with little gold and nothing to do, take gold
        if not state.acted and state.gold[seat] < 20:
            wishes.insert(0 if best is None else 1, "gold")
        # 4. scout the dearest affordable continent whose top is unknown, with the weakest explorer
        if free and len(free) >= 2:
            scout = min(free, key=strength)
            for c in sorted(range(5), key=lambda c: -COSTS[c]):
                stack = state.stacks[c]
                if c == state.interpreter or not stack or means < COSTS[c] + DATA.take_gold:
                    continue
                if not state.known[stack[0]] & bit:
                    wishes.append(f"travel {scout} {('europe', 'africa', 'asia', 'america', 'australia')[c]}")
        wishes.append("end")
        return wishes
