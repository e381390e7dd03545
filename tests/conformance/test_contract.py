"""The second part of the conformance suite: information sets, process
boundaries, why a game ended, how a position is judged, and rules versions.

Every test runs over every registered game (see conftest.py).
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.core import Record, snapshot
from tests.conformance.playout import new, random_step, seats_of, states_along

Setup = tuple[Any, int, dict[str, Any]]


def test_states_and_actions_survive_pickle_and_deepcopy(setup: Setup) -> None:
    rng = random.Random(21)
    for state in states_along(setup, 21, count=8):
        for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
            assert snapshot(copied) == snapshot(state)
            assert copied.record == state.record
            if state.is_over:
                continue
            for seat in state.to_move:
                legal = state.legal_actions(seat)
                assert copied.legal_actions(seat) == legal
                for action in legal:
                    back = pickle.loads(pickle.dumps(action))
                    assert back == action and str(back) == str(action) and type(back) is type(action)
                    assert copy.deepcopy(action) == action
            # The copy plays on exactly as the original does.
            original, twin = state.clone(), copied
            for _ in range(10):
                if original.is_over:
                    break
                step_rng = random.Random(rng.random())
                random_step(original, random.Random(step_rng.random()))
                seat, action = original.history[-1]
                twin.apply(pickle.loads(pickle.dumps(action)), seat)
                assert snapshot(twin) == snapshot(original)


def _twins_by_secret_moves(state: Any, seat: int, limit: int = 3) -> list[Any]:
    """Real states ``seat`` cannot tell apart from ``state``: the same game with
    one secret move of another seat (a move whose text ``seat`` does not see)
    played differently, the rest of the game the same."""
    info = state.info
    twins = []
    mine = state.observation(seat)
    for index, (mover, action) in enumerate(state.history):
        shown = state.move_text(index, seat)
        if mover == seat or shown == str(action):
            continue
        base = info.new(state.players, state.seed, **state.options)
        for past_seat, past in state.history[:index]:
            base.apply(past, past_seat)
        for other in base.legal_actions(mover):
            if other == action:
                continue
            trial = base.clone()
            trial.apply(other, mover)
            if trial.move_text(index, seat) != shown:
                continue
            try:
                for later_seat, later in state.history[index + 1 :]:
                    trial.apply(later, later_seat)
            except ValueError:
                continue
            if trial.observation(seat) == mine:
                twins.append(trial)
                break
        if len(twins) >= limit:
            break
    return twins


def test_determinize_depends_only_on_what_the_seat_sees(setup: Setup) -> None:
    """Worlds the seat cannot tell apart, determinized with the same generator,
    give the same copy: history, record, every seat's view and the hidden cards
    included. The worlds compared are a determinized copy (hidden cards
    re-drawn) and real games in which another seat made a secret choice
    differently. So nothing hidden survives into the copy, and a bot that
    reads a copy's history or record cannot cheat. Games draw hidden things in
    a canonical order (e.g. sorted first), so the copy depends only on what the
    seat knows."""
    for state in states_along(setup, 31, count=12):
        for seat in range(state.players):
            worlds = [state.determinize(seat, random.Random(1000 + seat)), *_twins_by_secret_moves(state, seat)]
            a = state.determinize(seat, random.Random(seat))
            for world in worlds:
                b = world.determinize(seat, random.Random(seat))
                assert snapshot(a) == snapshot(b), f"determinize({seat}) keeps something seat {seat} cannot see"
                for viewer in seats_of(state):
                    assert a.observation(viewer) == b.observation(viewer)
            assert a.seed != state.seed, "a copy's seed must not be the real one (it would replay the real deck)"
            for index in range(len(state.history)):
                assert a.move_text(index, seat) == state.move_text(index, seat)
                assert a.move_text(index, None) == state.move_text(index, None)


def test_end_reason_says_why_the_game_ended(setup: Setup) -> None:
    info = setup[0]
    assert info.end_reasons, "GameInfo.end_reasons lists every way the game can end"
    assert len(set(info.end_reasons)) == len(info.end_reasons)
    for seed in range(3):
        state = new(setup, seed)
        rng = random.Random(seed)
        while not state.is_over:
            assert state.end_reason is None
            random_step(state, rng)
        assert state.end_reason in info.end_reasons
        for seat in seats_of(state):
            assert state.observation(seat)["end_reason"] == state.end_reason


def test_evaluate_gives_win_shares(setup: Setup) -> None:
    rng = random.Random(41)
    for state in states_along(setup, 41, count=12):
        for judged in (state, state.determinize(0, rng)):
            before = snapshot(judged)
            shares = judged.evaluate()
            assert snapshot(judged) == before, "evaluate() must not change the state"
            assert isinstance(shares, tuple) and len(shares) == state.players
            assert all(isinstance(v, float) and math.isfinite(v) and 0.0 <= v <= 1.0 for v in shares)
            assert math.isclose(sum(shares), 1.0, abs_tol=1e-9)
        if state.is_over:
            winners = state.winners
            assert state.evaluate() == tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(state.players))


def test_records_carry_the_rules_version_and_resolved_options(setup: Setup) -> None:
    info = setup[0]
    state = new(setup, 3)
    record = state.record
    assert record.rules_version == info.rules_version
    assert Record.from_json(record.to_json()).rules_version == info.rules_version
    assert set(record.options) == {o.name for o in info.options}
    unresolved = sorted(name for name, value in record.options.items() if value is None)
    assert not unresolved, f"options left to the rules must be stored with their value: {unresolved}"
    if info.id in meeple.GAMES:
        stale = Record.from_json(json.dumps({**json.loads(record.to_json()), "rules_version": info.rules_version + 1}))
        with pytest.raises(ValueError, match=rf"version {info.rules_version + 1}.*version {info.rules_version}"):
            meeple.replay(stale)


def test_game_bots_use_only_their_seats_information(setup: Setup) -> None:
    """A game bot's choice is the same on the real state and on worlds its seat
    cannot tell apart from it: it reads nothing hidden."""
    info = setup[0]
    rng = random.Random(51)
    for bot_class in info.bots:
        for state in states_along(setup, 51, count=10):
            if state.is_over:
                continue
            for seat in state.to_move:
                expected = bot_class(seed=7).choose(state, seat)
                assert expected in state.legal_actions(seat)
                for _ in range(3):
                    world = state.determinize(seat, rng)
                    chosen = bot_class(seed=7).choose(world, seat)
                    assert chosen == expected, f"{bot_class.name} reads hidden information"


def test_rollout_policy_plays_legal_moves(setup: Setup) -> None:
    info = setup[0]
    if info.rollout_policy is None:
        return
    rng = random.Random(61)
    state = new(setup, 61)
    steps = 0
    while not state.is_over and steps < 3000:
        seat = state.to_move[0]
        action = info.rollout_policy(state, seat, rng)
        assert action in state.legal_actions(seat)
        state.apply(action, seat)
        steps += 1


_VIEW_SCRIPT = """
import hashlib, json, random, sys
import meeple
from rich.console import Console
from tests.conformance.playout import random_step
console = Console(width=120, record=True, file=open("/dev/null", "w"), color_system=None)
game, players = sys.argv[1], int(sys.argv[2])
info = meeple.GAMES[game]
digest = hashlib.sha256()
for seed in range(2):
    state = info.new(players, seed)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % 7 == 0 or state.is_over:
            for seat in [*range(players), None]:
                obs = state.observation(seat)
                legal = [str(a) for a in state.legal_actions(seat)] if seat in state.to_move else []
                digest.update(json.dumps(obs, sort_keys=True).encode())
                digest.update(info.svg_view(obs, legal).encode())
                console.print(info.text_view(obs))
                digest.update(console.export_text().encode())
        if state.is_over or step > 400:
            break
        random_step(state, rng)
        step += 1
print(digest.hexdigest())
"""


@pytest.mark.parametrize("game", sorted(meeple.GAMES))
def test_views_are_the_same_in_every_process(game: str) -> None:
    """Text and SVG views (and observations) do not depend on the process's hash seed."""
    info = meeple.GAMES[game]
    root = Path(__file__).resolve().parents[2]
    results = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": os.pathsep.join([str(root / "src"), str(root)])}
        done = subprocess.run(
            [sys.executable, "-c", _VIEW_SCRIPT, game, str(info.default_players)],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            cwd=root,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        results.append(done.stdout.strip())
    assert results[0] == results[1], f"{game}'s views differ between processes with different hash seeds"
    assert len(results[0]) == len(hashlib.sha256().hexdigest())
