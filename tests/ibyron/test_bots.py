"""The heuristic bot plays toward the rulebook's end; evaluate() and the rollout policy; why a game ended."""

from __future__ import annotations

import random

import pytest
from ibyron_helpers import start, turn_to

import meeple.games.ibyron as ib
from meeple.games.ibyron import bot
from meeple.games.ibyron.data import WIN_LOOSE
from meeple.games.ibyron.island import cell_of
from meeple.games.ibyron.rules import IbyronState
from meeple.games.ibyron.scoring import loose_discs
from meeple.games.ibyron.turns import finish_game


def _bot_game(players: int, seed: int, **options: object) -> IbyronState:
    s = ib.INFO.new(players, seed, **options)
    assert isinstance(s, IbyronState)
    bots = [bot.HeuristicBot(seed * 10 + p) for p in range(players)]
    while not s.is_over:
        seat = s.to_move[0]
        s.apply(bots[seat].choose(s, seat), seat)
    return s


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_games_end_by_the_race_not_the_round_limit(players: int) -> None:
    for seed in range(2):
        s = _bot_game(players, seed)
        assert s.end_reason == "workers"
        winner = s.winners[0]
        assert s.winners == (s.triggered,) and loose_discs(s.in_buildings[winner]) <= WIN_LOOSE
        assert s.round < s.round_limit


def test_beginner_and_solo_games_end_after_their_rounds() -> None:
    assert _bot_game(1, 0).end_reason == "rounds"
    s = _bot_game(2, 0, mode="beginner")
    assert s.end_reason in ("rounds", "workers") and s.round <= 10


def test_the_standard_round_limit_is_a_safety_cap() -> None:
    s = start(round_limit=1)
    assert s.end_reason is None
    finish_game(s, "safety_cap")
    assert s.end_reason == "safety_cap" and s.observation(0)["end_reason"] == "safety_cap"


def test_round_limit_is_resolved_into_the_record() -> None:
    assert ib.INFO.new(2, 0).record.options["round_limit"] == 30
    assert ib.INFO.new(2, 0, mode="beginner").record.options["round_limit"] == 10
    assert ib.INFO.new(1, 0).record.options["round_limit"] == 10


def test_evaluate_favours_discs_in_buildings() -> None:
    s = start()
    shares = s.evaluate()
    assert abs(sum(shares) - 1) < 1e-9 and all(0 < x < 1 for x in shares)
    s.in_buildings[1] += 3
    assert s.evaluate()[1] > 0.9


def test_evaluate_gives_the_winner_everything_once_over() -> None:
    s = _bot_game(2, 1)
    assert s.evaluate() == tuple(1.0 if p in s.winners else 0.0 for p in range(2))


def test_rollout_policy_is_mostly_the_heuristic_and_always_legal() -> None:
    s = start()
    rng = random.Random(5)
    same = 0
    for _ in range(200):
        if s.is_over:
            break
        seat = s.to_move[0]
        action = bot.rollout_policy(s, seat, rng)
        assert action in s.legal_actions(seat)
        same += action == bot.choose(s, seat, s.legal_actions(seat), bot.HeuristicBot.style)
        s.apply(action, seat)
    assert same > 100  # about three moves in four follow the heuristic


def test_the_bot_never_founds_a_camp_that_leaves_no_foreman() -> None:
    s = start()
    turn_to(s, 0)
    s.reserve[0] = []
    s.in_buildings[0] = 21 - 4  # no reserve left, 4 discs in play
    s.leader[0] = cell_of(5, 6)  # a forest next to home
    s.supply[0] = 4
    assert bot._camp_size(s, 0) == 2
    camp = bot._camp_here(s, 0, s.legal_actions(0), 0)
    assert camp is not None and int(camp.args[1]) <= 2


def test_evaluate_gives_win_shares_favouring_progress(game: IbyronState) -> None:
    s = game
    shares = s.evaluate()
    assert abs(sum(shares) - 1) < 1e-9 and all(0 < x < 1 for x in shares)
    s.in_buildings[1] += 3
    assert s.evaluate()[1] > 0.9
