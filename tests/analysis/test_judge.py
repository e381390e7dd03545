"""``meeple.analysis.judge``: how a finished playout is scored, when a drop is measured
again or on more samples, and that the habit's line is not played twice, on the toy game (a hidden-card game)."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator

import pytest

import meeple
from meeple.analysis.judge import (
    HABIT,
    SHORT_MEASURING,
    _in_doubt,
    _Sampler,
    _short_extra,
    end_share,
    judge,
    playout,
    playouts_for,
)
from meeple.core.rng import Random
from tests.toygame import TOY


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setitem(meeple.GAMES, TOY.id, TOY)
    yield TOY.id


def finished_toy(seed: int) -> meeple.State:
    state = meeple.new_game("toy", players=2, seed=seed)
    while not state.is_over:
        state.apply("keep")
    return state


def test_a_finished_playout_is_scored_by_its_final_margin_where_the_game_asks(toy: str) -> None:
    seed = next(seed for seed in range(100) if len(set(finished_toy(seed).scores)) == 2)
    state = finished_toy(seed)
    first, second = state.scores
    assert end_share(state, 0, 2.0) == pytest.approx(1 / (1 + math.exp((second - first) / 2.0)))
    assert end_share(state, 0, 2.0) + end_share(state, 1, 2.0) == pytest.approx(1.0)
    # A wider spread makes the same margin count for less; without one the winner takes all.
    winner = state.winners[0]
    assert 0.5 < end_share(state, winner, 8.0) < end_share(state, winner, 2.0) < 1.0
    # A playout of the last move: the result, or the margin where the settings say so.
    before_end = meeple.new_game("toy", players=2, seed=seed)
    for _ in range(len(state.history) - 1):
        before_end.apply("keep")
    last = before_end.to_move[0]
    keep = before_end.parse_action("keep", last)
    settings = playouts_for(before_end.info, 0)
    assert playout(before_end.clone(), last, keep, Random(1), settings) == (1.0 if last == winner else 0.0)
    soft = dataclasses.replace(settings, end_spread=2.0)
    assert playout(before_end.clone(), last, keep, Random(1), soft) == pytest.approx(end_share(state, last, 2.0))


def test_a_mistake_sized_drop_within_the_noise_is_in_doubt() -> None:
    assert _in_doubt([0.3, 0.0, 0.25, -0.07])  # a mean of 0.12, within two standard errors
    assert _in_doubt([0.15, 0.0, 0.12, 0.01])  # an inaccuracy that could be a mistake
    # So noisy that four times the samples would leave a mistake within the noise still.
    assert not _in_doubt([0.5, -0.3, 0.4, -0.2])
    assert not _in_doubt([0.15, 0.16, 0.14, 0.15])  # a mistake clear of the noise
    assert not _in_doubt([0.06, 0.07, 0.05, 0.06])  # an inaccuracy that cannot be a mistake
    assert not _in_doubt([0.0, 0.0, 0.0, 0.0])  # no drop
    assert not _in_doubt([0.4, -0.4, 0.2, -0.3])  # a drop below an inaccuracy


def test_a_decision_in_doubt_is_measured_on_more_samples(toy: str, monkeypatch: pytest.MonkeyPatch) -> None:
    start = meeple.new_game(toy, players=2, seed=3)
    legal = start.legal_actions(0)
    # Playouts that play to the end by design (no horizon) are not measured more for it.
    settings = dataclasses.replace(playouts_for(start.info, 0), horizon=0)
    measured = {}
    for doubt in (False, True):
        monkeypatch.setattr("meeple.analysis.judge._in_doubt", lambda gains, answer=doubt: answer)
        measured[doubt] = judge(start, 0, legal[0], 30, Random(5), settings).samples
    # 30 playouts: 15 measure three lines on 5 samples; in doubt, three times 5 more.
    assert measured == {False: 5, True: 20}


def test_a_decision_whose_playouts_reach_the_end_early_is_measured_on_more_samples(
    toy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = meeple.new_game(toy, players=2, seed=3)
    legal = start.legal_actions(0)
    settings = playouts_for(start.info, 0)
    assert settings.horizon >= 4 * SHORT_MEASURING  # the toy game ends in 4 moves, far short of it
    measured = {}
    for doubt in (False, True):
        monkeypatch.setattr("meeple.analysis.judge._in_doubt", lambda gains, answer=doubt: answer)
        measured[doubt] = judge(start, 0, legal[0], 30, Random(5), settings).samples
    # 5 planned samples, then up to SHORT_MEASURING times as many; in doubt, three times those more.
    assert measured == {False: 5 * SHORT_MEASURING, True: 4 * 5 * SHORT_MEASURING}


def test_short_playouts_get_samples_up_to_the_horizons_moves_and_finished_ones_the_most() -> None:
    # 6 samples planned, 18 playouts of 10 moves against a horizon of 20: twice the plan.
    assert _short_extra(6, 20, 18, 180) == 6
    assert _short_extra(6, 20, 18, 18) == 6 * (SHORT_MEASURING - 1)  # within the cap
    assert _short_extra(6, 20, 18, 18 * 21) == 0  # playouts as long as the horizon
    # Every one reached the game's end: the most, however long they were.
    assert _short_extra(6, 20, 18, 18 * 19, ended=18) == 6 * (SHORT_MEASURING - 1)
    assert _short_extra(6, 20, 18, 18 * 19, ended=17) == 0  # not all: by their length, a little short
    assert _short_extra(6, 0, 18, 18) == 0  # no horizon: every playout plays to the end
    assert _short_extra(6, 20, 0, 0) == 0  # nothing measured


def test_the_habit_is_not_played_again_where_it_is_a_move_already_played(toy: str) -> None:
    start = meeple.new_game(toy, players=2, seed=3)
    legal = start.legal_actions(0)
    always = dataclasses.replace(playouts_for(start.info, 0), policy=lambda state, seat, rng: legal[0])
    sampler = _Sampler(start, 0, Random(7), always, math.inf)
    rewards = sampler.sample([legal[0], legal[1], HABIT])
    assert rewards is not None and rewards[2] == rewards[0]
    assert sampler.playouts == 2


def test_a_playout_cut_at_the_horizon_is_judged_by_the_cut_judgement_where_given(toy: str) -> None:
    start = meeple.new_game(toy, players=2, seed=3)
    keep = start.parse_action("keep", 0)
    judged: list[tuple[int, int]] = []

    def cut(world: meeple.State, seat: int) -> float:
        judged.append((len(world.history), seat))
        return 0.25

    settings = playouts_for(start.info, 0, cut=(1, cut))
    assert settings.horizon == 1 and settings.cut is cut
    # Cut after the other seat's reply, at seat 0's next turn: the cut judgement, not evaluate().
    assert playout(start.clone(), 0, keep, Random(1), settings) == 0.25
    assert judged == [(2, 0)]
    # A playout that reaches the end first is scored by its result as before.
    near_end = meeple.new_game(toy, players=2, seed=3)
    for _ in range(3):
        near_end.apply("keep")
    last = near_end.to_move[0]
    finished = playout(near_end.clone(), last, near_end.parse_action("keep", last), Random(1), settings)
    assert finished in (0.0, 1.0) and judged == [(2, 0)]
