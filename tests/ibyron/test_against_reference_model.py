"""The independent model of the rules (``reference_model.py``) against the engine, over random and heuristic games.

Every position of every game is checked: beginner points, the race count and
the end of the game with its winners, disc and component conservation,
resource bounds, village costs, the stride, that leaders never share a space
nor stand on another player's pieces, and that no notation bound keeps a
player from selling or hiring what the rules allow. Every transition is
checked for what a move costs, what a front bonus space gives, the Tax
Collector's pay, and the round's end (feeding, rehiring the forfeited, the
coin limit).
"""

from __future__ import annotations

import random

import pytest
from reference_model import Shadow

import meeple.games.ibyron as ib
from meeple.games.ibyron.bot import HeuristicBot
from meeple.games.ibyron.rules import IbyronState

CONFIGS = [(1, {}), (2, {}), (3, {}), (4, {}), (2, {"mode": "beginner"}), (3, {"mode": "beginner"}),
           (2, {"bonus_side": "back"}), (1, {"bonus_side": "back"})]


def play(players: int, seed: int, options: dict[str, str], heuristic: float) -> tuple[IbyronState, Shadow]:
    """One game, each move the heuristic bot's with probability ``heuristic``, else a random legal one."""
    s = ib.INFO.new(players, seed, **options)
    assert isinstance(s, IbyronState)
    rng = random.Random(seed)
    bots = [HeuristicBot(seed + q) for q in range(players)]
    shadow = Shadow()
    while not s.is_over:
        seat = s.to_move[0]
        action = bots[seat].choose(s, seat) if rng.random() < heuristic else rng.choice(s.legal_actions(seat))
        shadow.step(s, seat, action)
    return s, shadow


@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=[f"{p}p-{o}" for p, o in CONFIGS])
def test_the_model_agrees_with_random_games(players: int, options: dict[str, str]) -> None:
    for seed in range(2):
        s, shadow = play(players, seed, options, heuristic=0.0)
        assert s.is_over and shadow.checked["round_end"] >= 1


@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=[f"{p}p-{o}" for p, o in CONFIGS])
def test_the_model_agrees_with_heuristic_games(players: int, options: dict[str, str]) -> None:
    """Mostly heuristic play reaches what random play rarely does: ships, castles, the race's end."""
    ends = []
    for seed in range(2):
        s, shadow = play(players, seed, options, heuristic=0.9)
        ends.append(s.end_reason)
        assert shadow.checked.get("build", 0) > 0
    if players > 1 and options.get("mode") != "beginner":
        assert "workers" in ends  # the race is won by the rules, and the model agrees who won


@pytest.mark.slow
def test_the_model_agrees_with_more_mixed_games() -> None:
    for players, options in ((2, {}), (3, {}), (2, {"bonus_side": "back"}), (2, {"mode": "beginner"})):
        for seed in range(10, 16):
            s, _ = play(players, seed, options, heuristic=0.7)
            assert s.is_over


def test_the_model_catches_a_wrong_position() -> None:
    """The model is not a copy of the engine: positions the rules cannot reach are refused."""
    from reference_model import check

    s, _ = play(2, 0, {}, heuristic=0.0)
    check(s)
    for spoil in ("in_buildings", "supply", "food", "tallest", "leader"):
        bad = s.clone()
        if spoil == "in_buildings":
            bad.in_buildings[0] += 1  # a disc counted in a building that is not on the island
        elif spoil == "supply":
            bad.supply[1] += 1  # a disc made from nothing
        elif spoil == "food":
            bad.res[0][5] = 16  # over the food track
        elif spoil == "tallest":
            bad.tallest[0] = 3  # a stride no building gives
        else:
            bad.leader[0] = bad.leader[1] = bad.home[0]  # two leaders on one space
        with pytest.raises(AssertionError):
            check(bad)
