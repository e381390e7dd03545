"""Expedition teams: whether a team meets a site, and which teams may be sent.

A successful team must be minimal (no member it could do without: the
rulebook forbids adding a weaker explorer only to leave them behind). Members
join one at a time, so the rules offer a member only while the team can
still become a minimal successful one, whenever such a team exists at all;
when none exists, any free explorer may be risked. Hands hold at most a few
explorers, so trying every subset is cheap.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from meeple.games.bayon.data import ABILITIES, NEEDS


def team_meets(team: list[int], site: int) -> bool:
    """Whether the team's summed abilities reach every requirement of ``site``."""
    need_map, need_shovel, need_micro = NEEDS[site]
    total_map = total_shovel = total_micro = 0
    for e in team:
        a, b, c = ABILITIES[e]
        total_map += a
        total_shovel += b
        total_micro += c
    return total_map >= need_map and total_shovel >= need_shovel and total_micro >= need_micro


def superfluous_member(team: list[int], site: int) -> int:
    """A member the (successful) team could do without, or 0 when every member is needed."""
    for member in team:
        rest = [e for e in team if e != member]
        if rest and team_meets(rest, site):
            return member
    return 0


def is_minimal_success(team: list[int], site: int) -> bool:
    """The team meets ``site`` and needs every one of its members."""
    return team_meets(team, site) and not superfluous_member(team, site)


def minimal_completion(team: list[int], free: list[int], site: int) -> list[int] | None:
    """The fewest of ``free`` that make ``team`` a minimal successful team, or None.

    Ties go to the first in the order of ``free``; ``[]`` when ``team`` already is one.
    """
    found = _completion(tuple(team), tuple(free), site)
    return None if found is None else list(found)


@lru_cache(maxsize=1 << 16)
def _completion(team: tuple[int, ...], free: tuple[int, ...], site: int) -> tuple[int, ...] | None:
    # Pure and asked again and again by the bots' playouts for the same few hands: cached.
    for size in range(len(free) + 1):
        for extra in combinations(free, size):
            if is_minimal_success([*team, *extra], site):
                return extra
    return None


def joinable(team: list[int], free: list[int], site: int) -> list[int]:
    """The members of ``free`` that may join ``team`` now, in the order of ``free``.

    While some minimal successful team can still be formed from ``team`` and
    ``free``, only explorers that keep one within reach may join; when none
    can be formed the expedition is bound to fail and any free explorer may
    join (the player chooses whom to risk) unless they would make a team
    with a passenger succeed.
    """
    if minimal_completion(team, free, site) is None:
        return [e for e in free if not team_meets([*team, e], site)]
    allowed = []
    for e in free:
        rest = [x for x in free if x != e]
        if minimal_completion([*team, e], rest, site) is not None:
            allowed.append(e)
    return allowed
