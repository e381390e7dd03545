"""Frozen reference: Ibyron's first greedy bot, as it was before the heuristic bot replaced it
(do not improve it; only its imports follow the game's module layout).

``python -m benchmarks.ibyron_bots vs-frozen`` measures the heuristic bot against it.
"""
from __future__ import annotations

from meeple.core import Action
from meeple.core.rng import Random
from meeple.games.ibyron.data import (
    BUILDINGS,
    FOREST,
    MOUNTAIN,
    ORE,
    S_BONUS,
    S_HIRE,
    S_MARKET,
    S_MOVED,
    S_OFFER,
    S_TURN,
    SPACE_INDEX,
    STONE,
    VILLAGE,
    WOOD,
)
from meeple.games.ibyron.island import distance, xy
from meeple.games.ibyron.rules import IbyronState

# The order in which the greedy player wants its buildings (ids); it builds whatever it can afford first.
WISHES = ("lumber_mill", "refinery", "lumber_mill", "harbour", "guild_hall", "stable", "church", "court_house",
          "refinery", "guild_hall", "lumber_mill", "castle_gate", "castle_treasury", "castle_walls", "castle_tower",
          "guild_hall", "refinery")


class FrozenGreedyBot:
    name = "frozen-greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Random(seed)

    def choose(self, state: IbyronState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        by_text = {str(a): a for a in legal}
        pick = self._pick(state, seat, by_text)
        return by_text[pick] if pick in by_text else self.rng.choice(legal)

    # ------------------------------------------------------------------
    def _pick(self, s: IbyronState, p: int, legal: dict[str, Action]) -> str:
        step = s.step
        if step == S_HIRE:
            return max(legal, key=lambda t: int(t.split()[1]))
        if step == S_BONUS:
            return self._first(legal, ("bonus 1", "bonus 3", "bonus 5", "bonus 4", "bonus 2", "bonus 6", "bonus 0"))
        if step == S_OFFER:
            buys = [t for t in legal if t.startswith("buy")]
            return self.rng.choice(buys) if buys else "decline"
        if step == S_MARKET:
            surplus = s.res[p][WOOD] - 10
            sells = [t for t in legal if t.startswith("sell wood") and int(t.split()[2]) <= surplus]
            return max(sells, key=lambda t: int(t.split()[2])) if sells else "done"
        if step in (S_TURN, S_MOVED) and s.phase[p] == VILLAGE:
            return self._village(s, p, legal)
        if step in (S_TURN, S_MOVED):
            return self._outside(s, p, legal, step == S_MOVED)
        return next(iter(legal))

    @staticmethod
    def _first(legal: dict[str, Action], wanted: tuple[str, ...]) -> str:
        for t in wanted:
            if t in legal:
                return t
        return next(iter(legal))

    def _village(self, s: IbyronState, p: int, legal: dict[str, Action]) -> str:
        wants = []
        if s.permits[p] < 2:
            wants.append("visit library")
        wants += ["visit shipwright", "visit farmer", "visit explorer", "visit tax", "visit market"]
        if s.barns[p] < 2:
            wants.append("visit farmer barn")
        for w in wants:
            for t in (w, w + " mayor"):
                if t in legal and s._village_cost(SPACE_INDEX[t.split()[1]]) <= 3:
                    return t
        return "leave"

    def _outside(self, s: IbyronState, p: int, legal: dict[str, Action], moved: bool) -> str:
        builds = [t for t in legal if t.startswith("build")]
        if builds:
            return max(builds, key=lambda t: next(b.discs for b in BUILDINGS if b.id == t.split()[1]))
        gathers = [t for t in legal if t.startswith("gather")]
        if gathers:
            return max(gathers, key=lambda t: (int(t.split()[2]), t.endswith("horse")))
        if "ship" in legal:
            return "ship"
        explores = [t for t in legal if t.startswith("explore")]
        if explores:
            return explores[0]
        camps = [t for t in legal if t.startswith("camp")]
        need = self._need(s, p)
        for t in camps:
            if t == f"camp {need} 4" or (need == "gold" and t == "camp gold"):
                return t
        if moved:
            return "end" if s.supply[p] > 0 and "end" in legal else "forfeit"
        target = self._target(s, p, need)
        if target is not None:
            x, y = xy(target)
            for h in range(4):
                t = f"move {x} {y} {h}"
                if t in legal:
                    return t
        return "forfeit" if "forfeit" in legal else next(iter(legal))

    def _goal(self, s: IbyronState, p: int) -> str:
        for wish in WISHES:
            b = next(b for b in BUILDINGS if b.id == wish)
            if s.built[p][b.index] < sum(1 for w in WISHES[: WISHES.index(wish) + 1] if w == wish):
                return wish
        return "guild_hall"

    def _need(self, s: IbyronState, p: int) -> str:
        goal = next(b for b in BUILDINGS if b.id == self._goal(s, p))
        r = s.res[p]
        if goal.cost_of("gold") > r[4]:
            return "gold" if r[ORE] >= 6 and r[WOOD] >= 2 else ("ore" if r[ORE] < 6 else "wood")
        if goal.cost_of("wood") > r[WOOD]:
            return "wood"
        if goal.cost_of("stone") > r[STONE]:
            return "stone"
        if goal.cost_of("ore") > r[ORE]:
            return "ore"
        return "wood" if r[WOOD] < 8 else "stone"

    def _target(self, s: IbyronState, p: int, need: str) -> int | None:
        """The nearest space where the next step toward the goal can be taken."""
        leader = s.leader[p]
        if leader < 0:
            return None
        goal = next(b for b in BUILDINGS if b.id == self._goal(s, p))
        if s.held[p] >= 0 and s.supply[p] >= 2:
            spots = list(s.coast)
        elif (s.beginner or s.permits[p]) and s._can_pay(p, s._cost(goal.index, False)):
            spots = [c for c in s.land if self._site_for(s, p, goal.site, c)]
        elif (s._free_overseer(p) >= 0 and s.supply[p] >= 6):
            terrain = FOREST if need == "wood" else MOUNTAIN
            spots = [c for c in s.land if s._site_free(p, c) and s.terrain[c] == terrain
                     and (need != "gold" or s.height[c] >= 2)]
        else:
            return None
        others = {s.leader[q] for q in range(s.players) if q != p}
        spots = [c for c in spots if c != leader and c not in others]
        if not spots:
            return None
        return min(spots, key=lambda c: distance(leader, c))

    @staticmethod
    def _site_for(s: IbyronState, p: int, site: str, c: int) -> bool:
        if site == "home":
            return c == s.home[p]
        if site.startswith("castle_"):
            return c == s.castle[p]
        if site == "any":
            return s._site_free(p, c)
        return s._site_free(p, c) and s.terrain[c] == {"forest": 1, "field": 2, "mountain": 3}[site]


__all__ = ["FrozenGreedyBot"]
