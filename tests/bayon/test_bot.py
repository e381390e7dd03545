"""How Bayon bots think: the judgement, the heuristic bot and the rollout policy.

Strength is measured (docs/measurements/bayon.md), never asserted here;
these tests check behaviour the bot's design promises."""

from __future__ import annotations

import math

from meeple.bots import RandomBot
from meeple.core.rng import Random
from meeple.games.bayon import INFO
from meeple.games.bayon.bot import GreedyBot, evaluate, payment_loss, rollout_policy, success_chance, top_candidates
from meeple.games.bayon.data import DATA, SITE_VALUE
from tests.bayon.helpers import arrange, game, play


def test_the_game_declares_its_bots_and_judgement() -> None:
    assert GreedyBot in INFO.bots and INFO.evaluator is evaluate and INFO.rollout_policy is rollout_policy
    assert INFO.rollout_limit and INFO.rollout_limit > 0


def test_evaluate_favours_the_richer_seat_and_sums_to_one() -> None:
    state = arrange(game(2), gold=[15, 15])
    even = state.evaluate()
    assert math.isclose(sum(even), 1.0)
    rich = arrange(game(2), gold=[15, 15], owned=[[22], []]).evaluate()
    assert rich[0] > even[0] and rich[0] > 0.5


def test_evaluate_of_a_seat_near_the_target_approaches_a_win() -> None:
    state = arrange(game(2), gold=[DATA.target[2] - 5, 0], current=1)
    assert state.evaluate()[0] > 0.9


def test_the_judgement_and_the_bot_read_nothing_hidden() -> None:
    state = game(3, seed=8)
    bot = GreedyBot(0)
    for _ in range(60):
        seat = state.current
        worlds = [state.determinize(seat, Random(i)) for i in range(4)]
        assert all(world.evaluate() == state.evaluate() for world in worlds)
        chosen = bot.choose(state, seat)
        assert all(bot.choose(world, seat) == chosen for world in worlds)
        state.apply(chosen, seat)


def test_top_candidates_are_the_sites_the_seat_has_not_located() -> None:
    state = arrange(game(2), stacks={"europe": [1, 2, 3, 4, 5, 6]})
    assert top_candidates(state, 0, 0) == [1, 2, 3, 4, 5, 6]
    hand = state.hands[0][0]
    state.hands[0] = [hand, 7]
    play(state, "travel 7 europe")
    assert top_candidates(state, 0, 0) == [1]
    assert top_candidates(state, 1, 0) == [1, 2, 3, 4, 5, 6]


def test_success_chance_counts_the_sites_a_team_can_win() -> None:
    europe = [1, 2, 3, 4, 5, 6]  # (1,1,0) (0,1,1) (1,0,1) (2,1,0) (0,2,1) (1,0,2)
    assert success_chance([13], europe) == 1.0
    assert success_chance([1], europe) == 1 / 6  # explorer 1 (0,1,3) has no map: only site 2
    assert success_chance([], europe) == 0.0


def test_paying_with_a_site_loses_the_whole_site() -> None:
    state = arrange(game(2), gold=[5, 15], owned=[[22], []])
    assert payment_loss(state, 0, 5) == 5
    assert payment_loss(state, 0, 20) == SITE_VALUE[22]


def test_the_heuristic_bot_takes_the_winning_gold() -> None:
    state = arrange(game(2), gold=[DATA.target[2] - DATA.take_gold, 15])
    assert str(GreedyBot(0).choose(state, 0)) == "gold"


def test_the_heuristic_bot_digs_a_known_site_its_team_wins() -> None:
    state = arrange(game(2), hands=[[13, 7], [3]], stacks={"africa": [10, 7, 8, 9, 11, 12]}, gold=[30, 15])
    state.known[10] |= 1  # seat 0 located it earlier
    assert str(GreedyBot(0).choose(state, 0)) == "expedition africa"


def test_heuristic_games_end_by_the_target() -> None:
    for players in (2, 3, 4):
        state = game(players, seed=players)
        bots = [GreedyBot(seat) for seat in range(players)]
        while not state.is_over:
            seat = state.current
            state.apply(bots[seat].choose(state, seat), seat)
        assert state.end_reason == "target"


def test_the_heuristic_bot_beats_random() -> None:
    wins = 0
    for seed in range(6):
        state = game(2, seed)
        greedy_seat = seed % 2
        bots: dict[int, GreedyBot | RandomBot] = {greedy_seat: GreedyBot(seed), 1 - greedy_seat: RandomBot(seed)}
        while not state.is_over:
            seat = state.current
            state.apply(bots[seat].choose(state, seat), seat)
        wins += state.winners == (greedy_seat,)
    assert wins == 6


def test_rollout_policy_is_reproducible_with_its_generator() -> None:
    def playout(seed: int) -> list[str]:
        state = game(2, seed=5)
        rng = Random(seed)
        while not state.is_over:
            seat = state.current
            state.apply(rollout_policy(state, seat, rng), seat)
        return [str(a) for _, a in state.history]

    assert playout(1) == playout(1)
    assert playout(1) != playout(2)
