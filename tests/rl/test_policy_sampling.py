"""Policies that draw their moves (``meta["play"] == "sample"``): the draw follows the policy's
distribution over the legal actions, yet is fixed by the position, so a sampling bot is as
repeatable as an argmax one; ``python -m meeple.rl.policy`` switches a file between the two
without touching its weights, and refuses what it cannot do."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import meeple
from meeple.bots import make_bot
from meeple.bots.policy_bot import PolicyBot
from meeple.rl import legal_mask, observation_tensor
from meeple.rl.policy import PolicyError, draw, load_policy, position_key, save_policy, set_play
from tests.rl.test_policy import play_some, tiny_policy


def constant_policy(path: Path, logits: dict[int, float], play: str = "sample", seed: int = 0) -> Path:
    """A Bayon policy whose logits ignore the observation: head rows only for ``logits``' actions."""
    source = load_policy(tiny_policy(path.with_name("source.npz")))
    actions = np.array(sorted(logits))
    weights: list[np.ndarray] = [np.zeros_like(source.weights[0]), np.zeros((source.weights[0].shape[1], len(actions)))]
    biases: list[np.ndarray] = [np.zeros_like(source.biases[0]), np.array([logits[a] for a in actions])]
    meta = {k: v for k, v in source.meta.items() if k not in ("format", "version", "layers", "dtype")}
    return save_policy(path, {**meta, "play": play, "play_seed": seed}, weights, biases, actions)


def test_draws_follow_the_policys_distribution_over_the_legal_actions(tmp_path: Path) -> None:
    # action 7 is three times as likely as action 3; action 11 has a row but is not legal
    policy = load_policy(constant_policy(tmp_path / "p.npz", {3: 0.0, 7: float(np.log(3.0)), 11: 5.0}))
    mask = np.zeros(policy.meta["num_actions"], np.int8)
    mask[[3, 7]] = 1
    rng = np.random.default_rng(1)
    picks = [policy.act(rng.random(policy.meta["obs_size"]).astype(np.float32), mask) for _ in range(2000)]
    assert set(picks) == {3, 7}
    assert 0.72 < picks.count(7) / len(picks) < 0.78
    # the inverse CDF itself: a quarter of [0, 1) goes to the first action
    assert [draw(np.array([0.0, np.log(3.0)]), u) for u in (0.0, 0.2499, 0.2501, 0.9999)] == [0, 0, 1, 1]


def test_the_same_position_gives_the_same_draw_and_the_seed_changes_it(tmp_path: Path) -> None:
    file = constant_policy(tmp_path / "p.npz", dict.fromkeys(range(40), 0.0))
    policy = load_policy(file)
    mask = np.zeros(policy.meta["num_actions"], np.int8)
    mask[:40] = 1
    rng = np.random.default_rng(2)
    positions = [rng.random(policy.meta["obs_size"]).astype(np.float32) for _ in range(30)]
    first = [policy.act(obs, mask) for obs in positions]
    assert [load_policy(file).act(obs.copy(), mask.copy()) for obs in positions] == first
    assert len(set(first)) > 10  # uniform over 40 actions: the draws do differ between positions
    reseeded = load_policy(constant_policy(tmp_path / "q.npz", dict.fromkeys(range(40), 0.0), seed=1))
    assert [reseeded.act(obs, mask) for obs in positions] != first
    obs = positions[0]
    assert position_key(obs, np.arange(40), 0) != position_key(obs, np.arange(39), 0)


def test_a_sampling_bot_replays_the_same_game_move_for_move(tmp_path: Path) -> None:
    file = set_play(tiny_policy(tmp_path / "p.npz"), "sample")
    games = []
    for _ in range(2):
        bot = make_bot(f"policy:{file}", game="bayon")
        state, moves = meeple.new_game("bayon", players=2, seed=3), list[str]()
        while not state.is_over and len(moves) < 60:
            seat = state.to_move[0]
            action = bot.choose(state, seat)
            assert action in state.legal_actions(seat)
            state.apply(action, seat)
            moves.append(str(action))
        games.append(moves)
    assert games[0] == games[1] and len(games[0]) == 60


def test_set_play_keeps_the_weights_and_records_the_command(tmp_path: Path) -> None:
    source = tiny_policy(tmp_path / "p.npz")
    half = save_policy(tmp_path / "half.npz", load_policy(source).meta, *_arrays(source), max_bytes=0)
    for file in (source, half):
        before = load_policy(file)
        out = set_play(file, "sample", seed=9, out=tmp_path / f"s-{file.name}")
        after = load_policy(out)
        assert (after.play, after.meta["play_seed"], after.meta["dtype"]) == ("sample", 9, before.meta["dtype"])
        pairs = zip(after.weights + after.biases, before.weights + before.biases, strict=True)
        assert all(np.array_equal(a, b) for a, b in pairs)
        command = after.meta["training"]["commands"][-1]
        assert command.endswith(f"{file.name} --play sample --seed 9 --out s-{file.name}")
        assert load_policy(file).play == "argmax"  # --out leaves the source as it was
        back = load_policy(set_play(out, "argmax"))
        assert back.play == "argmax" and "play_seed" not in back.meta


def _arrays(file: Path) -> tuple[list[np.ndarray], list[np.ndarray], np.ndarray]:
    policy = load_policy(file)
    return list(policy.weights), list(policy.biases), policy.actions


def test_a_bad_play_or_seed_is_refused_and_the_file_is_left_alone(tmp_path: Path) -> None:
    file = tiny_policy(tmp_path / "p.npz")
    content = file.read_bytes()
    with pytest.raises(PolicyError, match="unknown play 'greedy'"):
        set_play(file, "greedy")
    with pytest.raises(PolicyError, match="64 bits"):
        set_play(file, "sample", seed=2**64)
    assert file.read_bytes() == content
    bad: list[tuple[dict[str, object], str]] = [
        ({"play": "greedy"}, "unknown play 'greedy'"),
        ({"play_seed": "x"}, "play_seed"),
    ]
    for meta, reason in bad:
        with pytest.raises(PolicyError, match=reason):
            load_policy(tiny_policy(tmp_path / "bad.npz", "bayon", 2, **meta))
    done = subprocess.run([sys.executable, "-m", "meeple.rl.policy", str(file), "--play", "greedy"],
                          capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert done.returncode == 2 and "invalid choice: 'greedy'" in done.stderr
    assert file.read_bytes() == content


def test_the_command_line_switches_a_file_to_sampling(tmp_path: Path) -> None:
    file = tiny_policy(tmp_path / "p.npz")
    out = tmp_path / "s.npz"
    done = subprocess.run([sys.executable, "-m", "meeple.rl.policy", str(file), "--play", "sample", "--out", str(out)],
                          capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    with np.load(out) as data:
        assert json.loads(str(data["meta"][()]))["play"] == "sample"
    assert play_some(PolicyBot(load_policy(out)), "bayon", 2, seed=5, moves=20) == 20


def test_ibyrons_shipped_policy_samples_and_repeats_its_moves() -> None:
    bot = PolicyBot.learned("ibyron")
    assert bot.policy.play == "sample"
    state = meeple.new_game("ibyron", players=bot.policy.players, seed=4)
    for _ in range(40):
        seat = state.to_move[0]
        choices = {bot.choose(state, seat) for _ in range(3)}
        assert len(choices) == 1 and choices <= set(state.legal_actions(seat))
        obs, mask = observation_tensor(state, seat), legal_mask(state, seat)
        assert state.info.action_space[bot.policy.act(obs, mask)] in choices
        state.apply(next(iter(choices)), seat)
