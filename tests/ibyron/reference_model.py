"""A small model of Ibyron written apart from the engine, from the rulebook and RULES.md only.

It reads the public observation (and, for the discs standing on the village
board, the stacks) and recomputes what is cheap to model: the beginner
points, the race count and the end of the game, disc and component
conservation, resource bounds, village costs, the stride and the price of a
move, the bonus gain, feeding and the coin limit at a round's end. ``check``
compares a position with the model; ``Shadow`` follows a game action by
action and checks each transition's cheap consequences. The numbers it uses
are written out here on purpose (not read from data.json), so an edit to the
data or the code that breaks a rule is caught.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from meeple.core import Action
from meeple.games.ibyron.rules import IbyronState

WORKERS = 21  # 22 discs, the Mayor aside
WIN_AT = 3  # the race is won with 3 or fewer loose discs
STACK = 3
DISC_POINTS = {1: 1, 2: 3, 3: 6}  # beginner points by building height
CASTLE_PARTS = ("castle_gate", "castle_treasury", "castle_walls", "castle_tower")
TRACK_MAX = {"coins": 30, "wood": 20, "ore": 20, "stone": 20, "gold": 20, "food": 15}
BONUS_FRONT = {1: {"gold": 1}, 2: {"horse": 1}, 3: {"wood": 2}, 4: {"ore": 2}, 5: {"stone": 2}, 6: {"coins": 3}}


def building_points(parts: list[str], discs: int) -> int:
    """Beginner points of one island stack: the castle by height (complete 10), farm+harbour 3, else by discs."""
    if parts[0] == "castle_gate":
        return 10 if len(parts) == 4 else DISC_POINTS[len(parts)]
    if parts == ["farm", "harbour"]:
        return 3
    assert len(parts) == 1, parts  # only the farm and the castle take buildings on top
    return DISC_POINTS[discs]


def model_points(obs: dict[str, Any], p: int) -> int:
    me = obs["players_info"][p]
    r = me["resources"]
    points = sum(building_points(b["parts"], b["discs"]) for b in obs["buildings"] if b["owner"] == p)
    points += len(me["mat_buildings"])
    points += r["gold"] + r["coins"] // 10 + r["food"]
    reserve = STACK * len(me["reserve"])
    points -= WORKERS - island_discs(obs, p) - reserve
    points -= 5 * (reserve // 3)
    return points


def island_discs(obs: dict[str, Any], p: int) -> int:
    return sum(b["discs"] for b in obs["buildings"] if b["owner"] == p)


def stride(obs: dict[str, Any], p: int) -> int:
    tallest = max((b["discs"] for b in obs["buildings"] if b["owner"] == p), default=1)
    return max(1, min(4, tallest))


def board_discs(s: IbyronState, p: int) -> int:
    return sum(d for stack in s.stacks for (o, _, d) in stack if o == p)


def check(s: IbyronState) -> None:
    """Every cheap rule of a position, from the spectator's observation."""
    obs = s.observation(None)
    n = s.players
    if not s.round:
        return  # set-up: the farm disc is counted before its field is chosen
    cap = 4 if n <= 2 else 3
    assert obs["village_cap"] == cap
    leaders = [tuple(pi["leader"]) for pi in obs["players_info"] if pi["leader"] is not None]
    assert len(leaders) == len(set(leaders)), leaders
    land = {(c["x"], c["y"]) for c in obs["cells"]}
    coast = {tuple(c) for c in obs["coast"]}
    for where in leaders:
        assert where in land or where in coast, where
    for q, pi in enumerate(obs["players_info"]):
        if pi["leader"] is None:
            continue
        # a leader never stands on another player's building or camp (such a space is occupied by them)
        x, y = pi["leader"]
        owners = [b["owner"] for b in obs["buildings"] if (b["x"], b["y"]) == (x, y)]
        owners += [c["owner"] for c in obs["camps"] if (c["x"], c["y"]) == (x, y)]
        assert all(o == q for o in owners), (q, x, y, owners)
    check_offers(s, obs)
    for space, stacks in obs["village"].items():
        tallest = 0
        for _, height in stacks:
            assert height == min(cap, tallest + 1), (space, stacks)
            tallest = max(tallest, height)
        assert obs["village_costs"][space] == min(cap, tallest + 1)
    horses = obs["supplies"]["horses"] + sum(pi["horses"] for pi in obs["players_info"])
    assert horses == 5 * max(n, 2)
    permits = obs["supplies"]["permits"] + sum(pi["permits"] for pi in obs["players_info"])
    assert permits == 5 + 2 * max(0, n - 2)
    barns = obs["supplies"]["barns"] + sum(pi["barns"] for pi in obs["players_info"])
    # a completed grain field sends its barn back: barns are neither made nor lost
    assert barns == 4 * max(n, 2)
    for p, me in enumerate(obs["players_info"]):
        camps = sum(c["discs"] for c in obs["camps"] if c["owner"] == p)
        housed = island_discs(obs, p)
        assert me["discs_in_buildings"] == housed
        loose = (me["supply"] + me["village_box"] + me["rest"] + STACK * len(me["reserve"]) + camps
                 + me["ship"] + board_discs(s, p))
        assert loose + housed == WORKERS, (p, loose, housed)
        assert me["loose_discs"] == WORKERS - housed
        for name, value in me["resources"].items():
            assert 0 <= value <= TRACK_MAX[name], (name, value)
        assert 0 <= me["barns"] <= 2 and me["horses"] >= 0 and me["permits"] >= 0
        assert me["stride"] == stride(obs, p)
        assert me["victory_points"] == model_points(obs, p)
        used = sum(1 for o in me["overseers"] if o is not None)
        assert sum(1 for c in obs["camps"] if c["owner"] == p) + sum(
            1 for r in obs["reserved"] if r["owner"] == p) == used
        keep = 10 if me["built"].get("castle_treasury") else (5 if "bank" in me["mat_buildings"] else 2)
        assert me["keep_coins"] == keep
    check_end(s, obs)


def check_offers(s: IbyronState, obs: dict[str, Any]) -> None:
    """Bounds of the action notation never bind: every unit may be sold, every affordable disc hired."""
    if s.is_over:
        return
    seat = s.to_move[0]
    legal = {str(a) for a in s.legal_actions(seat)}
    me = obs["players_info"][seat]
    if obs["step"].startswith("a sale") and not s.sold:
        for die in obs["dice"]:
            have = me["resources"][die["resource"]]
            if not die["used"] and have:
                assert f"sell {die['resource']} {have}" in legal, (die, have)
    if obs["step"].startswith("how many"):
        most = min(me["rest"], me["resources"]["coins"])
        assert f"hire {most}" in legal and f"hire {most + 1}" not in legal


def check_end(s: IbyronState, obs: dict[str, Any]) -> None:
    """The race's end: at once when a player has 3 or fewer loose discs; then who won."""
    racers = [p for p in range(s.players) if WORKERS - island_discs(obs, p) <= WIN_AT]
    beginner = obs["mode"] != "standard"
    if racers:
        assert s.is_over and s.end_reason == "workers", racers
    if not s.is_over:
        return
    if s.end_reason == "workers":
        assert len(racers) == 1
    if beginner:
        points = [model_points(obs, p) for p in range(s.players)]
        if s.players == 1:
            assert s.winners == (0,)
        else:
            assert s.winners == tuple(p for p in range(s.players) if points[p] == max(points))
        assert list(s.scores) == [float(v) for v in points]
    elif s.end_reason == "workers":
        assert s.winners == (racers[0],)
    else:
        assert s.end_reason == "safety_cap" and s.round == s.round_limit
        housed = [island_discs(obs, p) for p in range(s.players)]
        best = max((housed[p], model_points(obs, p)) for p in range(s.players))
        assert s.winners == tuple(p for p in range(s.players) if (housed[p], model_points(obs, p)) == best)


@dataclass
class Shadow:
    """Follows one game and checks what each action must do (the parts cheap to model)."""

    checked: dict[str, int] = field(default_factory=dict)

    def step(self, s: IbyronState, seat: int, action: Action) -> None:
        before = s.clone()
        ob = before.observation(None)
        kind = action.kind
        # the last bonus of a round ends it (feeding, hiring, the coin limit follow at once)
        ends_round = kind == "bonus" and all(
            pi["phase"] == "done" for q, pi in enumerate(ob["players_info"]) if q != seat)
        s.apply(action, seat)
        after = s.observation(None)
        me0, me1 = ob["players_info"][seat], after["players_info"][seat]
        if kind == "move":
            x, y, h = (int(v) for v in action.args)
            lx, ly = me0["leader"]
            points = -(-(abs(x - lx) + abs(y - ly)) // stride(ob, seat))
            assert h <= 3 and 2 * h - 1 <= points
            assert me0["supply"] - me1["supply"] == max(0, points - 2 * h)
            assert me0["horses"] - me1["horses"] == h
            assert me1["leader"] == [x, y]
        elif kind == "bonus" and ob["bonus_side"] == "front":
            number = int(action.args[0])
            extra = 1 if before.pending_forfeit >= 4 else 0
            gain = BONUS_FRONT[number]
            if not (ends_round and "coins" in gain):  # coins are then cut to the limit at once
                self._gained(me0, me1, gain, extra, ob)
        elif kind == "visit" and action.args[0] == "tax":
            assert me1["resources"]["coins"] == min(30, me0["resources"]["coins"] + me0["tech"]["taxing"])
        if ends_round:
            self._round_end(before, s, ob, after)
        self.checked[kind] = self.checked.get(kind, 0) + 1
        check(s)

    @staticmethod
    def _gained(me0: dict[str, Any], me1: dict[str, Any], gain: dict[str, int], extra: int,
                ob: dict[str, Any]) -> None:
        for key, amount in gain.items():
            if key == "horse":
                assert me1["horses"] - me0["horses"] == min(amount + extra, ob["supplies"]["horses"])
            else:
                want = min(TRACK_MAX[key], me0["resources"][key] + amount + extra)
                assert me1["resources"][key] == want, (key, me0["resources"], me1["resources"])

    def _round_end(self, before: IbyronState, s: IbyronState, ob: dict[str, Any], after: dict[str, Any]) -> None:
        """Feeding: food value from the rest box (after cleanup), then the forfeited count; nothing else moves."""
        for p in range(s.players):
            me0, me1 = ob["players_info"][p], after["players_info"][p]
            rest = me0["rest"] + board_discs(before, p)
            fed = min(rest, me0["resources"]["food"])
            back = min(rest - fed, me0["forfeited"])
            assert me1["supply"] == me0["supply"] + fed + back, (p, me0, me1)
            assert me1["rest"] == rest - fed - back
            assert me1["mayor"] or s.is_over or me1["phase"] != "outside"
        if not after["step"].startswith("how many"):
            for p in range(s.players):
                me1 = after["players_info"][p]
                # no hire step pending: coins already cut to the limit (solo extra tiles may add $3 later)
                if not after["step"].startswith("an extra tile"):
                    assert me1["resources"]["coins"] <= me1["keep_coins"], me1
        self.checked["round_end"] = self.checked.get("round_end", 0) + 1
