"""The fitted judgement of a position cut short (``cut_judgement``), which ``meeple.analysis``
uses for two-player standard Ibyron games: it reads the shipped weights, only what the seat
sees, refuses weights fitted on another layout, and ranks a clear lead above a clear deficit."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import meeple
from meeple.analysis import review
from meeple.analysis.review import cut_judgement, default_budget
from meeple.core.rng import Random
from meeple.games.ibyron import cut_judgement as cut
from meeple.games.ibyron.bot import rollout_policy
from meeple.games.ibyron.rules import IbyronState


def played_to(moves: int, seed: int, players: int = 2, **options: object) -> meeple.State:
    state = meeple.new_game("ibyron", players=players, seed=seed, **options)
    rng = Random(seed)
    while not state.is_over and len(state.history) < moves:
        seat = state.to_move[0]
        state.apply(rollout_policy(state, seat, rng), seat)
    return state


@pytest.fixture
def named(monkeypatch: pytest.MonkeyPatch) -> None:
    """The analysis uses the judgement only where ``review.CUT_JUDGEMENTS`` names it."""
    monkeypatch.setitem(review.CUT_JUDGEMENTS, "ibyron", cut.__name__)


@pytest.fixture
def fresh_weights() -> Iterator[None]:
    cut._weights.cache_clear()
    yield
    cut._weights.cache_clear()


def test_the_shipped_weights_judge_a_two_player_position_as_a_share(fresh_weights: None, named: None) -> None:
    state = played_to(120, seed=4)
    shares = [cut.share(state, seat) for seat in range(2)]
    assert all(0.0 <= s <= 1.0 for s in shares)
    assert cut_judgement(state) is cut
    assert default_budget("ibyron", state) == cut.PLAYOUTS


def test_it_judges_from_what_the_seat_sees_only() -> None:
    state = played_to(150, seed=7)
    seat = state.to_move[0]
    # The seat's own worlds (future dice drawn afresh) are judged as the real position is.
    judged = {cut.share(state.determinize(seat, Random(k)), seat) for k in range(4)}
    assert judged == {cut.share(state, seat)}


def test_it_applies_to_the_two_player_standard_game_only(named: None) -> None:
    assert cut.applies(played_to(0, seed=1))
    assert not cut.applies(played_to(0, seed=1, players=3))
    assert not cut.applies(played_to(0, seed=1, mode="beginner"))
    three = played_to(0, seed=1, players=3)
    assert cut_judgement(three) is None
    assert default_budget("ibyron", three) == default_budget("ibyron") == meeple.GAMES["ibyron"].analysis_playouts


def test_weights_fitted_on_another_layout_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_weights: None
) -> None:
    with np.load(cut.WEIGHTS_PATH) as data:
        arrays = {name: data[name] for name in data.files}
    arrays["fingerprint"] = np.array("0000000000000000")
    stale = tmp_path / "stale.npz"
    np.savez(stale, **arrays)
    monkeypatch.setattr(cut, "WEIGHTS_PATH", stale)
    with pytest.raises(ValueError, match="another observation layout"):
        cut.share(played_to(40, seed=2), 0)


def test_a_clear_lead_in_discs_late_in_the_game_is_judged_a_likely_win() -> None:
    leading: list[float] = []
    trailing: list[float] = []
    for seed in range(1, 9):
        state = played_to(0, seed=seed)
        rng = Random(seed)
        while not state.is_over:
            assert isinstance(state, IbyronState)
            ahead = state.in_buildings[0] - state.in_buildings[1]
            if len(state.history) >= 300 and len(state.history) % 60 == 0 and abs(ahead) >= 3:
                leader = 0 if ahead > 0 else 1
                leading.append(cut.share(state, leader))
                trailing.append(cut.share(state, 1 - leader))
            seat = state.to_move[0]
            state.apply(rollout_policy(state, seat, rng), seat)
    assert len(leading) >= 5
    assert min(leading) > 0.5 > max(trailing)
