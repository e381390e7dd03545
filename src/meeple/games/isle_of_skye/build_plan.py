"""Which placements keep a seat's other received tiles placeable.

The rulebook has a seat add every tile it received to its territory; a tile
goes back into the bag only when it cannot be placed. Since one placement can
take the only square another tile could use (or change what a neighbouring
square needs), the order matters. The engine therefore offers only
placements after which the most tiles that can still be placed is as large
as at the start: while some order places every tile, every offered move
keeps to such an order (RULES.md, "Decisions where the rulebook is silent or
unclear").

A *frontier* maps each empty square next to a territory to the pattern of
terrain its placed neighbours ask for (see ``data.FITS``). A seat receives
at most three tiles a round, so the exhaustive search below is small.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import combinations

from meeple.core import Action
from meeple.games.isle_of_skye.actions import PLACE, ROTATE, SPOT
from meeple.games.isle_of_skye.data import DX, DY, EDGE_CODE, FITS

Pos = tuple[int, int]
Frontier = dict[Pos, int]


def grown(frontier: Frontier, occupied: Collection[Pos], pos: Pos, tid: int, rot: int) -> Frontier:
    """The frontier after ``tid`` turned ``rot`` is placed at ``pos`` (``occupied``: squares already holding tiles)."""
    after = dict(frontier)
    del after[pos]
    codes = EDGE_CODE[tid][rot]
    x, y = pos
    for d in range(4):
        nb = (x + DX[d], y + DY[d])
        if nb not in occupied and nb != pos:
            after[nb] = after.get(nb, 0) | (codes[d] << (2 * ((d + 2) % 4)))
    return after


def placements(frontier: Frontier, tid: int) -> list[tuple[Pos, int]]:
    """Every (square, rotation) where ``tid`` matches the territory."""
    fits = FITS[tid]
    return [(pos, rot) for pos, code in frontier.items() for rot in fits[code]]


def most_placeable(frontier: Frontier, occupied: frozenset[Pos], tiles: Sequence[int]) -> int:
    """The most of ``tiles`` that some order of placements adds to the territory."""
    if not tiles:
        return 0
    best = 0
    for index, tid in enumerate(tiles):
        rest = [*tiles[:index], *tiles[index + 1 :]]
        for pos, rot in placements(frontier, tid):
            count = 1 + most_placeable(grown(frontier, occupied, pos, tid, rot), occupied | {pos}, rest)
            if count == len(tiles):
                return count
            best = max(best, count)
    return best


def keeps_most(
    frontier: Frontier, occupied: frozenset[Pos], tiles: Sequence[int], tid: int, pos: Pos, rot: int, target: int
) -> bool:
    """Whether placing ``tid`` (one of ``tiles``) at ``pos`` turned ``rot`` still lets ``target`` of them be placed."""
    rest = list(tiles)
    rest.remove(tid)
    if target <= 1:
        return True
    return 1 + most_placeable(grown(frontier, occupied, pos, tid, rot), occupied | {pos}, rest) >= target


def all_roomy(frontier: Frontier, tiles: Sequence[int]) -> bool:
    """Whether every tile fits on more squares than the others' placements can touch
    (5 each: the square and its neighbours), so that any placement that fits keeps
    them all placeable. Counting stops as soon as that is sure (the common case)."""
    reach = 5 * (len(tiles) - 1)
    for tid in tiles:
        fits = FITS[tid]
        count = 0
        for code in frontier.values():
            if fits[code]:
                count += 1
                if count > reach:
                    break
        else:
            return False
    return True


def out_of_reach(spots: Sequence[Pos], placements: int) -> bool:
    """Whether no ``placements`` placements can touch every one of ``spots`` (a placement touches
    its square and the four next to it, so two squares it touches are at most 2 apart, counted
    along the grid). Sure when there are more squares than they can touch, or when ``placements``
    + 1 of them lie 3 or more apart from each other (each placement touches one at most); the
    squares are tried in order, so this may miss a spread it would find in another order, and
    then answers False (the exact search decides)."""
    if len(spots) > 5 * placements:
        return True
    apart: list[Pos] = []
    for x, y in spots:
        for ax, ay in apart:  # (loops written out: this runs at most build steps)
            if abs(x - ax) + abs(y - ay) < 3:
                break
        else:
            apart.append((x, y))
            if len(apart) > placements:
                return True
    return False


def all_out_of_reach(spots: dict[int, list[Pos]]) -> bool:
    """Whether every tile keeps a square no placement of the others touches (``out_of_reach``):
    then they go one after the other on squares they fit today, whatever is placed first, so
    every placement that fits keeps them all placeable and no plan is needed. This holds for
    every tile the ``all_roomy`` count accepts, and for more."""
    others = len(spots) - 1
    for squares in spots.values():  # noqa: SIM110  (a loop: no generator frame, asked at every placement)
        if not out_of_reach(squares, others):
            return False
    return True


NOTHING_BLOCKED: frozenset[Pos] = frozenset()


def around(pos: Pos) -> frozenset[Pos]:
    """``pos`` and its four neighbours: the squares a placement at ``pos`` changes (each made once)."""
    found = AROUND.get(pos)
    if found is None:
        x, y = pos
        found = AROUND[pos] = frozenset(((x, y), (x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))
    return found


# ``around`` of each square asked so far (a few hundred squares lie within reach of a castle).
AROUND: dict[Pos, frozenset[Pos]] = {}


class BuildPlan:
    """The placements open to a seat that keep the most of its received tiles placeable.

    Most positions are easy: if the other tiles can go, one after the other, on
    squares they fit today that no earlier placement touches (a placement only
    changes its own square and its four neighbours), they can all still be
    placed. Only when that quick test fails does the plan search exactly.
    """

    __slots__ = (
        "_judged",
        "_rest",
        "_rest_roomy",
        "_steps",
        "frontier",
        "occupied",
        "roomy",
        "spots",
        "target",
        "tiles",
    )

    def __init__(
        self,
        frontier: Frontier,
        occupied: Collection[Pos],
        tiles: Sequence[int],
        spots: dict[int, list[Pos]] | None = None,
    ) -> None:
        """``spots``, if given, is each tile's squares as ``frontier`` lists them (the caller found
        them already); the plan keeps it and never changes it."""
        self.frontier = dict(frontier)  # its own copy: a plan outlives the position it was made for
        self.occupied = frozenset(occupied)
        self._judged: dict[tuple[int, Pos, int], bool] = {}  # rotation -1: see _rest_apart
        self._steps: dict[tuple[int, Pos | None], tuple[Action, ...]] = {}
        self.tiles = list(tiles)
        if spots is None:
            spots = {tid: [pos for pos, code in frontier.items() if FITS[tid][code]] for tid in self.tiles}
        self.spots = spots
        # A tile with more squares than the others' placements can touch (5 each: the
        # square and its neighbours) always finds one left: it constrains nothing.
        reach = 5 * (len(self.tiles) - 1)
        self.roomy = {tid for tid in self.tiles if len(self.spots[tid]) > reach}
        # For each tile, the others, and whether they are all roomy (then nothing it does binds them).
        self._rest = {tid: [t for t in self.tiles if t != tid] for tid in self.tiles}
        self._rest_roomy = {tid: all(t in self.roomy for t in rest) for tid, rest in self._rest.items()}
        if len(self.roomy) == len(self.tiles) or self._apart(self.tiles, NOTHING_BLOCKED):
            self.target = len(self.tiles)
        else:
            self.target = most_placeable(frontier, self.occupied, self.tiles)

    @property
    def free(self) -> bool:
        """Whether every placement that fits keeps all the tiles placeable (the common case)."""
        return len(self.roomy) == len(self.tiles)

    def _apart(self, tiles: list[int], blocked: frozenset[Pos]) -> bool:
        """Whether ``tiles`` fit, in some order, on today's squares, none of them ``blocked``
        (taken by an earlier placement or next to one) nor on or next to each other."""
        if not tiles:
            return True
        for index, tid in enumerate(tiles):
            rest = [*tiles[:index], *tiles[index + 1 :]]
            for pos in self.spots[tid]:
                if pos not in blocked and (not rest or self._apart(rest, blocked | around(pos))):
                    return True
        return False

    def good(self, tid: int, pos: Pos, rot: int) -> bool:
        """Whether this placement keeps the most tiles placeable (each judged once)."""
        key = (tid, pos, rot)
        found = self._judged.get(key)
        if found is None:
            found = self._judged[key] = self._judge(tid, pos, rot)
        return found

    def _judge(self, tid: int, pos: Pos, rot: int) -> bool:
        if len(self.tiles) <= 1:
            return rot in FITS[tid][self.frontier[pos]]
        if self.target == len(self.tiles) and self._rest_apart(tid, pos):
            return True
        return keeps_most(self.frontier, self.occupied, self.tiles, tid, pos, rot, self.target)

    def _rest_apart(self, tid: int, pos: Pos) -> bool:
        """Whether the tiles other than ``tid`` surely stay placeable once ``tid`` takes
        ``pos`` (whatever its rotation, so asked once per square)."""
        if self._rest_roomy[tid]:
            return True
        key = (tid, pos, -1)
        found = self._judged.get(key)
        if found is None:
            found = self._judged[key] = self._apart(self._rest[tid], around(pos))
        return found

    def _sure(self, tid: int, pos: Pos) -> bool:
        """Whether every rotation of ``tid`` that fits ``pos`` is good, known without
        trying them: the others stay placeable apart from it (the common case)."""
        return self.target == len(self.tiles) and len(self.tiles) > 1 and self._rest_apart(tid, pos)

    def tile_ok(self, tid: int) -> bool:
        """Whether some placement of ``tid`` keeps the most tiles placeable (squares in
        frontier order, as ``placements`` lists them; usually the first one does)."""
        fits = FITS[tid]
        frontier = self.frontier
        for pos in self.spots[tid]:
            if self._sure(tid, pos):
                return True  # ``spots`` holds only squares some rotation fits
            for rot in fits[frontier[pos]]:
                if self.good(tid, pos, rot):
                    return True
        return False

    def spot_ok(self, tid: int, pos: Pos) -> bool:
        rots = FITS[tid][self.frontier[pos]]
        if rots and self._sure(tid, pos):
            return True
        return any(self.good(tid, pos, rot) for rot in rots)

    def steps(self, tid: int, spot: Pos | None) -> tuple[Action, ...]:
        """The build steps offered now: with no tile chosen (``tid`` < 0), the tiles;
        with a tile but no square, its squares (in frontier order); else the rotations.
        Each is worked out once per plan: a step is asked for when offered and when checked."""
        key = (tid, spot)
        found = self._steps.get(key)
        if found is None:
            if tid < 0:
                found = tuple([PLACE[t] for t in self.tiles if self.tile_ok(t)])
            elif spot is None:
                found = tuple(self._good_spots(tid))
            else:
                found = tuple(ROTATE[r] for r in self.rotations(tid, spot))
            self._steps[key] = found
        return found

    def _good_spots(self, tid: int) -> list[Action]:
        """``SPOT[pos]`` for each square of ``tid`` that ``spot_ok`` accepts (its test written out:
        this runs for every square)."""
        fits, frontier = FITS[tid], self.frontier
        sure = self.target == len(self.tiles) and len(self.tiles) > 1  # as _sure asks, but for the square
        rest_roomy = self._rest_roomy[tid]
        found = []
        for pos in self.spots[tid]:
            if sure and (rest_roomy or self._rest_apart(tid, pos)):
                found.append(SPOT[pos])  # ``spots`` holds only squares some rotation fits
                continue
            for rot in fits[frontier[pos]]:
                if self.good(tid, pos, rot):
                    found.append(SPOT[pos])
                    break
        return found

    def rotations(self, tid: int, pos: Pos) -> list[int]:
        rots = FITS[tid][self.frontier[pos]]
        if self._sure(tid, pos):
            return list(rots)
        return [rot for rot in rots if self.good(tid, pos, rot)]


# The rotate steps of each set of rotations (``data.FITS`` lists rotations in increasing order).
ROTATIONS_OFFERED: dict[tuple[int, ...], tuple[Action, ...]] = {
    rots: tuple(ROTATE[r] for r in rots) for size in range(5) for rots in combinations(range(4), size)
}


class BuildFacts:
    """What a seat's build steps are found from, kept while it places from one territory
    with one set of tiles (``rules.IsleOfSkyeState._build_facts``)."""

    __slots__ = ("placed", "plan", "planned", "received", "seat", "size", "spots")

    def __init__(
        self, seat: int, placed: dict[Pos, tuple[int, int]], received: list[int], spots: dict[int, list[Pos]]
    ) -> None:
        self.seat = seat
        self.placed = placed
        self.size = len(placed)
        self.received = received  # a copy: the state's list changes as tiles are placed
        self.spots = spots
        self.planned = False  # whether ``plan`` was worked out yet
        self.plan: BuildPlan | None = None
