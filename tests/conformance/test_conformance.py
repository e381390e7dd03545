"""The conformance suite: properties every game must have, run over every
registered game and player count (see conftest.py).

Modelled on the idea of PettingZoo's api_test and TAG's ForwardModelTester:
the contract is checked as code, so a new game is held to it at once.
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple
from meeple.core import Action, GameInfo, IllegalAction, Record, State, snapshot
from tests.conformance.playout import new, play_out, random_step, seats_of, states_along

Setup = tuple[GameInfo, int, dict[str, Any]]


def test_random_playouts_end_with_consistent_results(setup: Setup) -> None:
    _info, players, _ = setup
    for seed in range(6):
        state = play_out(new(setup, seed), random.Random(seed))
        assert state.is_over
        assert state.to_move == ()
        assert state.legal_actions() == []
        assert len(state.scores) == players
        assert state.winners, "a finished game has at least one winner"
        assert set(state.winners) <= set(range(players))
        with pytest.raises(IllegalAction):
            state.apply("anything", 0)


def test_same_seed_same_game(setup: Setup) -> None:
    a, b = new(setup, 7), new(setup, 7)
    assert snapshot(a) == snapshot(b)
    rng = random.Random(1)
    while not a.is_over:
        random_step(a, rng)
        seat, action = a.history[-1]
        b.apply(str(action), seat)
        assert snapshot(a) == snapshot(b)


def test_replay_reproduces_every_observation(setup: Setup) -> None:
    state = new(setup, 11)
    rng = random.Random(11)
    seen = [[state.observation(s) for s in seats_of(state)]]
    while not state.is_over:
        random_step(state, rng)
        seen.append([state.observation(s) for s in seats_of(state)])
    again = new(setup, 11)
    for i, (seat, text) in enumerate(state.record.moves):
        assert [again.observation(s) for s in seats_of(again)] == seen[i]
        again.apply(again.parse_action(text, seat), seat)
    assert [again.observation(s) for s in seats_of(again)] == seen[-1]
    assert snapshot(meeple.replay(state.record)) == snapshot(state) if setup[0].id in meeple.GAMES else True


def test_record_json_round_trip(setup: Setup) -> None:
    state = new(setup, 5)
    rng = random.Random(5)
    for _ in range(40):
        if state.is_over:
            break
        random_step(state, rng)
    record = state.record
    text = record.to_json()
    assert len(text) < 64 * 1024 or state.move_number > 500
    back = Record.from_json(text)
    assert back == record
    assert json.loads(back.to_json()) == json.loads(text)
    info, _players, _options = setup
    rebuilt = info.new(back.players, back.seed, **back.options)
    for seat, move in back.moves:
        rebuilt.apply(move, seat)
    assert snapshot(rebuilt) == snapshot(state)


def _json_safe(value: Any, path: str = "obs") -> None:
    if value is None or isinstance(value, (bool, int, str)):
        return
    if isinstance(value, float):
        assert value == value and value not in (float("inf"), float("-inf")), f"{path} is not a finite number"
        return
    if isinstance(value, list):
        for i, item in enumerate(value):
            _json_safe(item, f"{path}[{i}]")
        return
    if isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str), f"{path} has a non-string key {key!r}"
            _json_safe(item, f"{path}.{key}")
        return
    raise AssertionError(f"{path} holds {type(value).__name__}, which is not JSON")


def test_observations_are_json_safe(setup: Setup) -> None:
    for state in states_along(setup, 3):
        for seat in seats_of(state):
            obs = state.observation(seat)
            _json_safe(obs)
            assert json.loads(json.dumps(obs)) == obs
            assert obs["seat"] == seat and obs["game"] == state.info.id


def test_determinize_keeps_what_the_seat_sees(setup: Setup) -> None:
    rng = random.Random(99)
    for state in states_along(setup, 4, count=25):
        before = snapshot(state)
        for seat in range(state.players):
            world = state.determinize(seat, rng)
            assert type(world) is type(state)
            assert world.observation(seat) == state.observation(seat)
            assert world.observation(None) == state.observation(None)
            assert world.to_move == state.to_move
            assert world.legal_actions(seat) == state.legal_actions(seat)
            assert world.rng.getstate() != state.rng.getstate(), "determinize must reseed (_reseed_from)"
            # The world plays on by itself without touching the original.
            if not world.is_over:
                random_step(world, rng)
        assert snapshot(state) == before


def test_clones_are_independent(setup: Setup) -> None:
    rng = random.Random(8)
    for state in states_along(setup, 8, count=25):
        before = snapshot(state)
        copy = state.clone()
        assert snapshot(copy) == before
        steps = 0
        while not copy.is_over and steps < 5:
            random_step(copy, rng)
            steps += 1
        assert snapshot(state) == before
        # and the other way round
        copy2 = state.clone()
        if not state.is_over:
            probe = state.clone()
            random_step(probe, rng)
        assert snapshot(copy2) == before


def test_notation_and_index_round_trip(setup: Setup) -> None:
    info = setup[0]
    assert info.num_actions == len(info.action_space) == len(set(info.action_space))
    for state in states_along(setup, 6):
        for seat in state.to_move:
            actions = state.legal_actions(seat)
            assert actions, "a seat to move has a legal action"
            texts = [str(a) for a in actions]
            assert len(set(t.lower() for t in texts)) == len(texts), f"notation not unique: {texts}"
            for action in actions:
                assert state.parse_action(str(action), seat) == action
                assert state.parse_action(f"  {str(action).upper()} ", seat) == action
                index = state.action_index(action)
                assert 0 <= index < info.num_actions
                assert state.action_from_index(index) == action
            mask = state.legal_mask(seat)
            assert sum(mask) == len(actions)


def test_illegal_actions_are_rejected_and_change_nothing(setup: Setup) -> None:
    info = setup[0]
    rng = random.Random(12)
    for state in states_along(setup, 12, count=20):
        before = snapshot(state)
        for seat in range(state.players):
            legal = set(state.legal_actions(seat)) if seat in state.to_move else set()
            candidates = [a for a in info.action_space if a not in legal]
            for action in rng.sample(candidates, min(15, len(candidates))):
                with pytest.raises(IllegalAction) as caught:
                    state.apply(action, seat)
                assert str(caught.value).strip(), "an illegal action must say why"
                with pytest.raises(IllegalAction):
                    state.apply(str(action), seat)
            if seat not in state.to_move and not state.is_over and state.legal_actions(state.to_move[0]):
                with pytest.raises(IllegalAction, match="turn"):
                    state.apply(state.legal_actions(state.to_move[0])[0], seat)
        assert snapshot(state) == before


def test_malformed_actions_are_rejected(setup: Setup) -> None:
    """Actions built by hand with a wrong kind or wrong arguments get a reason, never a crash."""
    info = setup[0]
    for state in states_along(setup, 13, count=8):
        if state.is_over:
            continue
        before = snapshot(state)
        seat = state.to_move[0]
        kinds = sorted({a.kind for a in info.action_space})
        bad = [Action("no-such-kind"), *(Action(k) for k in kinds), *(Action(k, -7, "x", 10**9) for k in kinds)]
        for action in bad:
            if action in info.action_space:
                continue
            with pytest.raises(IllegalAction, match="not an action"):
                state.apply(action, seat)
        assert snapshot(state) == before


BAD_SEATS: list[Any] = [-1, 99, "0", 1.0, True, [0]]


def test_bad_seats_and_objects_are_rejected(setup: Setup) -> None:
    state = new(setup, 2)
    before = snapshot(state)
    action = state.legal_actions(state.to_move[0])[0]
    for seat in BAD_SEATS:
        with pytest.raises(ValueError):
            state.apply(action, seat)
        with pytest.raises(ValueError):
            state.legal_actions(seat)
        with pytest.raises(ValueError):
            state.parse_action(str(action), seat)
    for thing in [None, 3, b"bytes", object(), ["x"]]:
        with pytest.raises(ValueError):
            state.apply(thing, state.to_move[0])  # type: ignore[arg-type]
    for index in [-1, setup[0].num_actions, "1", 1.5, None]:
        with pytest.raises(ValueError):
            state.action_from_index(index)  # type: ignore[arg-type]
    assert snapshot(state) == before


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=40))
def test_garbage_text_is_rejected(setup: Setup, text: str) -> None:
    state = new(setup, 4)
    before = snapshot(state)
    seat = state.to_move[0]
    try:
        action = state.parse_action(text, seat)
    except ValueError:
        pass
    else:
        assert action in setup[0].action_space
        try:
            state.apply(action, seat)
        except IllegalAction:
            assert snapshot(state) == before
        return
    with pytest.raises(ValueError):
        state.apply(text, seat)
    assert snapshot(state) == before


def test_views_render_from_observations(setup: Setup) -> None:
    info = setup[0]
    assert info.text_view is not None and info.svg_view is not None, "a game needs text and SVG views"
    from rich.console import Console

    console = Console(width=120, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    for state in states_along(setup, 9, count=12):
        for seat in seats_of(state):
            obs = state.observation(seat)
            console.print(info.text_view(obs))
            legal = [str(a) for a in state.legal_actions(seat)] if seat in state.to_move else []
            svg = info.svg_view(obs, legal)
            root = ET.fromstring(svg)
            assert root.tag.endswith("svg")
            marked = {el.get("data-action") for el in root.iter() if el.get("data-action") is not None}
            assert marked <= set(legal), f"SVG marks actions that are not legal: {sorted(marked - set(legal))[:5]}"
    console.file.close()


def _leaves_state_alone(state: State) -> None:
    before = snapshot(state)
    state.observation(None)
    for seat in range(state.players):
        state.observation(seat)
        state.legal_actions(seat)
    assert snapshot(state) == before


def test_queries_do_not_change_the_state(setup: Setup) -> None:
    for state in states_along(setup, 10, count=10):
        _leaves_state_alone(state)
