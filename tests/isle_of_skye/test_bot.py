"""The heuristic bot, the position judgement and the rollout policy."""

from __future__ import annotations

import random

import pytest

from meeple.bots import RandomBot
from meeple.games.isle_of_skye import INFO
from meeple.games.isle_of_skye.actions import BUY, PRICE
from meeple.games.isle_of_skye.bot import (
    BOTS,
    GOLD_VALUE,
    GreedyBot,
    HeuristicBot,
    Outlook,
    evaluate,
    projected_scores,
    rollout_policy,
    win_shares,
)
from tests.isle_of_skye.helpers import CASTLE, SAMPLE, finish_hidden_phase, new_state, set_territory


def play(players: int, seed: int, hero: int) -> tuple[int, ...]:
    state = new_state(players, seed=seed)
    bots = {s: HeuristicBot(seed) if s == hero else RandomBot(seed * 10 + s) for s in range(players)}
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(bots[seat].choose(state, seat), seat)  # apply re-checks legality
    assert state.end_reason == "rounds"
    return state.winners


def test_the_heuristic_bot_beats_random_players() -> None:
    assert all(seed % 2 in play(2, seed, seed % 2) for seed in range(3))


def test_the_heuristic_bot_plays_a_five_player_game_to_the_end() -> None:
    assert play(5, 3, 2)


def test_bots_are_declared_and_greedy_names_the_heuristic_bot() -> None:
    assert INFO.bots == BOTS == (HeuristicBot, GreedyBot)
    from meeple.bots import make_bot

    assert isinstance(make_bot("greedy", seed=1, game="isle_of_skye"), HeuristicBot)


def test_a_territory_with_useful_tiles_is_worth_more() -> None:
    state = new_state(2, scoring="sheep,roads,mountains,farm-animals")
    outlook = Outlook(state)
    assert outlook.value(0, SAMPLE) > outlook.value(0, CASTLE)


def test_projection_counts_the_scoring_tiles_still_to_come() -> None:
    state = new_state(2, scoring="sheep,roads,mountains,farm-animals")
    set_territory(state, 0, SAMPLE)
    # Round 1 of 6 (2-4 players): each of A-D still scores three times.
    from meeple.games.isle_of_skye.scoring import SCORING_TILES, scroll_points
    from meeple.games.isle_of_skye.territory import analyse

    t = analyse(SAMPLE)
    uses = {"sheep": 3, "roads": 3, "mountains": 3, "farm-animals": 3}
    tiles = sum(n * SCORING_TILES[k].points(t) for k, n in uses.items())  # type: ignore[misc]
    scrolls = sum(p for _k, p, _d in scroll_points(t))
    whisky = 1 * 5 * GOLD_VALUE  # one road-joined whisky tile, 5 rounds of income to come, at the gold value
    gold = state.gold[0] / 5  # the round's income, in hand, at 5 gold a point
    assert projected_scores(state)[0] == pytest.approx(tiles + scrolls + whisky + gold)
    assert projected_scores(state)[1] == pytest.approx(gold)


def test_win_shares_favour_the_projected_leader_and_sum_to_one() -> None:
    shares = win_shares([30.0, 20.0, 20.0], spread=5.0)
    assert sum(shares) == pytest.approx(1.0)
    assert shares[0] > 0.75 and shares[1] == shares[2]
    assert win_shares([30.0, 20.0, 20.0], spread=2.0)[0] > 0.98  # surer as less can change
    state = new_state(2, scoring="sheep,roads,mountains,farm-animals")
    set_territory(state, 0, SAMPLE)
    first, second = evaluate(state)
    assert first > second and first + second == pytest.approx(1.0)


def test_evaluate_reads_only_public_gold_while_prices_are_hidden() -> None:
    state = new_state(3, seed=4)
    state.apply(f"discard {state.drawn[1][0]}", 1)
    state.apply("price 3", 1)
    for k in range(5):
        world = state.determinize(0, random.Random(k))
        assert evaluate(world) == pytest.approx(evaluate(state))


def test_the_bot_prices_within_its_gold_and_buys_only_what_it_can_pay() -> None:
    state = new_state(2, seed=8)
    bot = HeuristicBot(1)
    while not state.is_over and state.round < 4:
        seat = state.to_move[0]
        action = bot.choose(state, seat)
        assert action in state.legal_actions(seat)
        if state.phase == PRICE and action.kind == "price":
            assert int(action.args[0]) <= state.gold[seat]
        if state.phase == BUY and action.kind == "buy":
            assert any(int(action.args[0]) in d for d in state.drawn)
        state.apply(action, seat)
    assert state.round == 4  # the bot in every seat played three rounds


def test_the_rollout_policy_plays_whole_games_fast_and_legally() -> None:
    rng = random.Random(2)
    for players in (2, 5):
        state = new_state(players, seed=players)
        while not state.is_over:
            seat = state.to_move[0]
            action = rollout_policy(state, seat, rng)
            assert action in state.legal_actions(seat)
            state.apply(action, seat)
        assert state.end_reason == "rounds"


def test_building_takes_the_placement_that_gains_most() -> None:
    state = new_state(2, seed=1, scoring="sheep,roads,mountains,farm-animals")
    finish_hidden_phase(state)
    state.apply("pass", 0)
    state.apply("pass", 1)
    bot = HeuristicBot(0)
    outlook = Outlook(state)
    before = outlook.value(0, state.placed[0])
    gains = []
    for action in state.legal_actions(0):
        trial = state.clone()
        trial.apply(action, 0)
        while trial.builder == 0 and trial.pick_tile >= 0:
            trial.apply(bot.choose(trial, 0), 0)
        gains.append(Outlook(state).value(0, trial.placed[0]) - before)
    chosen = state.clone()
    chosen.apply(bot.choose(chosen, 0), 0)
    while chosen.builder == 0 and chosen.pick_tile >= 0:
        chosen.apply(bot.choose(chosen, 0), 0)
    assert Outlook(state).value(0, chosen.placed[0]) - before >= min(gains)
