"""Trained policy files: the shipped ``learned`` bots play legal moves, ``policy:PATH`` refuses a
missing, malformed, wrong-game or stale file with the reason, and the numpy inference is the
torch policy's own choice."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest

import meeple
from meeple.bots import make_bot
from meeple.bots.policy_bot import PolicyBot
from meeple.rl import legal_mask, observation_shape, observation_tensor
from meeple.rl.common import env_ids
from meeple.rl.policy import PolicyError, encoder_fingerprint, load_policy, save_policy, shipped_path

SHIPPED = [game for game in sorted(meeple.GAMES) if meeple.GAMES[game].rl is not None and shipped_path(game).is_file()]


def tiny_policy(path: Path, game: str = "bayon", players: int = 2, **changes: object) -> Path:
    """A small random network for ``game`` at ``players``, written as a policy file."""
    rng = np.random.default_rng(0)
    size, actions = observation_shape(game, players)[0], meeple.GAMES[game].num_actions
    weights = [rng.normal(size=(size, 8)), rng.normal(size=(8, actions))]
    biases = [rng.normal(size=8), rng.normal(size=actions)]
    meta = {
        "game": game, "env_id": env_ids()[game], "players": players, "obs_size": size, "num_actions": actions,
        "fingerprint": encoder_fingerprint(game, players), "activation": "tanh", "training": {},
        **changes,
    }  # fmt: skip
    return save_policy(path, meta, weights, biases, np.arange(actions))


def play_some(bot: PolicyBot, game: str, players: int, seed: int, moves: int) -> int:
    """Play ``bot`` in seat 0 against random seats for up to ``moves`` of its moves; return how many it made."""
    state = meeple.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    made = 0
    while not state.is_over and made < moves:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        if seat == 0:
            action = bot.choose(state, seat)
            assert action in legal
            made += 1
        else:
            action = legal[rng.randrange(len(legal))]
        state.apply(action, seat)
    return made


def test_every_game_ships_a_policy_that_plays_legal_moves() -> None:
    assert SHIPPED, "no game ships a trained policy"
    for game in SHIPPED:
        policy = load_policy(shipped_path(game))
        assert policy.game == game and shipped_path(game).stat().st_size <= 2 * 1024 * 1024
        bot = make_bot("learned", game=game)
        assert isinstance(bot, PolicyBot) and bot.name == "learned"
        assert play_some(bot, game, policy.players, seed=3, moves=40) > 0


def test_policy_path_spec_keeps_the_path_as_written(tmp_path: Path) -> None:
    file = tiny_policy(tmp_path / "Mixed-Case" / "Bayon.NPZ")
    bot = make_bot(f" Policy:{file} ", game="bayon")
    assert isinstance(bot, PolicyBot)
    assert play_some(bot, "bayon", 2, seed=1, moves=30) == 30


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PolicyError, match=r"no policy file at .*nowhere\.npz"):
        make_bot(f"policy:{tmp_path / 'nowhere.npz'}", game="bayon")
    with pytest.raises(ValueError, match="needs its file: write policy:PATH"):
        make_bot("policy:", game="bayon")


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"not a zip file at all", "not a readable .npz policy file"),
        (b"PK\x03\x04 truncated", "not a readable .npz policy file"),
    ],
)
def test_a_file_that_is_not_an_npz_is_refused(tmp_path: Path, content: bytes, reason: str) -> None:
    file = tmp_path / "bad.npz"
    file.write_bytes(content)
    with pytest.raises(PolicyError, match=reason):
        make_bot(f"policy:{file}", game="bayon")


def test_an_npz_that_is_not_a_policy_is_refused(tmp_path: Path) -> None:
    np.savez(tmp_path / "plain.npz", x=np.zeros(3))
    with pytest.raises(PolicyError, match="no 'meta' entry"):
        load_policy(tmp_path / "plain.npz")
    np.savez(tmp_path / "text.npz", meta=np.array("{not json"))
    with pytest.raises(PolicyError, match="'meta' entry is not JSON"):
        load_policy(tmp_path / "text.npz")
    np.savez(tmp_path / "other.npz", meta=np.array(json.dumps({"format": "something else"})))
    with pytest.raises(PolicyError, match="not a meeple policy file"):
        load_policy(tmp_path / "other.npz")


def rewrite(source: Path, target: Path, **arrays: np.ndarray) -> Path:
    """``source``'s arrays with some replaced (an empty array leaves that one out), written to ``target``."""
    with np.load(source) as data:
        kept = {name: data[name] for name in data.files}
    kept.update(arrays)
    np.savez(target, **{name: a for name, a in kept.items() if a.size or name == "actions"})
    return target


def test_inconsistent_arrays_are_refused_with_what_is_wrong(tmp_path: Path) -> None:
    good = tiny_policy(tmp_path / "good.npz")
    with np.load(good) as data:
        w0, w_out, meta = data["w0"], data["w_out"], json.loads(str(data["meta"][()]))
    with pytest.raises(PolicyError, match=r"'w0' is .* but the layer before gives 1265 values"):
        load_policy(rewrite(good, tmp_path / "short.npz", w0=w0[:-1]))
    with pytest.raises(PolicyError, match="the array 'w_out' is missing"):
        load_policy(rewrite(good, tmp_path / "headless.npz", w_out=np.zeros(0)))
    with pytest.raises(PolicyError, match="'actions' must list 295 action indices"):
        load_policy(rewrite(good, tmp_path / "rows.npz", actions=np.arange(10)))
    with pytest.raises(PolicyError, match="not finite"):
        load_policy(rewrite(good, tmp_path / "nan.npz", w_out=np.full_like(w_out, np.nan)))
    with pytest.raises(PolicyError, match="meta 'players' is missing"):
        load_policy(rewrite(good, tmp_path / "meta.npz", meta=np.array(json.dumps({**meta, "players": "two"}))))
    with pytest.raises(PolicyError, match="version 99 policy file"):
        load_policy(rewrite(good, tmp_path / "future.npz", meta=np.array(json.dumps({**meta, "version": 99}))))
    assert zipfile.is_zipfile(good)


def test_a_policy_for_another_game_count_or_layout_is_refused(tmp_path: Path) -> None:
    bayon = tiny_policy(tmp_path / "bayon.npz")
    with pytest.raises(PolicyError, match="trained for 'bayon', not 'ivor'"):
        make_bot(f"policy:{bayon}", game="ivor")
    bot = make_bot(f"policy:{bayon}", game="bayon")
    three = meeple.new_game("bayon", players=3, seed=0)
    with pytest.raises(PolicyError, match="trained for bayon at 2 players; this game has 3"):
        bot.choose(three, three.to_move[0])
    stale = tiny_policy(tmp_path / "stale.npz", fingerprint="0123456789abcdef")
    bot = make_bot(f"policy:{stale}", game="bayon")
    two = meeple.new_game("bayon", players=2, seed=0)
    with pytest.raises(PolicyError, match=r"another observation layout of bayon .* retrain or re-export"):
        bot.choose(two, two.to_move[0])


def test_learned_takes_no_argument_and_needs_a_game() -> None:
    with pytest.raises(ValueError, match="takes no argument"):
        make_bot("learned:3", game="bayon")
    with pytest.raises(ValueError, match="say which"):
        make_bot("learned")


def test_a_legal_move_without_a_row_is_played_only_when_no_row_is_legal(tmp_path: Path) -> None:
    file = tiny_policy(tmp_path / "p.npz")
    with np.load(file) as data:
        arrays = {name: data[name] for name in data.files}
    arrays["w_out"], arrays["b_out"], arrays["actions"] = arrays["w_out"][:, :2], arrays["b_out"][:2], np.array([5, 9])
    np.savez(tmp_path / "two.npz", **arrays)
    policy = load_policy(tmp_path / "two.npz")
    obs = np.zeros(policy.meta["obs_size"], np.float32)
    mask = np.zeros(295, np.int8)
    mask[[3, 9, 40]] = 1
    assert policy.act(obs, mask) == 9
    mask[9] = 0
    assert policy.act(obs, mask) == 3


def test_playing_a_policy_imports_no_torch() -> None:
    if not SHIPPED:
        pytest.fail("no game ships a trained policy")
    game = SHIPPED[0]
    code = (
        "import sys, meeple; from meeple.bots import make_bot\n"
        f"s = meeple.new_game({game!r}, players=make_bot('learned', game={game!r}).policy.players, seed=0)\n"
        f"b = make_bot('learned', game={game!r}); a = b.choose(s, s.to_move[0])\n"
        "assert a in s.legal_actions(s.to_move[0])\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('torch', 'stable_baselines3', 'sb3_contrib')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"


def test_numpy_inference_is_the_torch_policys_argmax(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    from meeple.rl.train import export_policy
    from meeple.rl.vector import vector_env

    envs = vector_env("ivor", num_envs=2, players=3, opponents="random", seed=5).to_sb3()
    model = MaskablePPO("MlpPolicy", envs, n_steps=32, batch_size=32, n_epochs=1, seed=5, device="cpu",
                        policy_kwargs={"net_arch": [32, 16]})  # fmt: skip
    with torch.no_grad():  # weights off their orthogonal initial values, as training leaves them
        for parameter in model.policy.parameters():
            parameter.add_(torch.randn_like(parameter) * 0.1)
    state = meeple.new_game("ivor", players=3, seed=11)
    observations, masks = [], []
    rng = random.Random(11)
    while len(observations) < 12 and not state.is_over:
        seat = state.to_move[0]
        observations.append(observation_tensor(state, seat))
        masks.append(legal_mask(state, seat).astype(bool))
        legal = state.legal_actions(seat)
        state.apply(legal[rng.randrange(len(legal))], seat)
    seen = np.logical_or.reduce(masks)
    file = export_policy(model, tmp_path / "ivor.npz", "ivor", 3, seen, {})
    policy = load_policy(file)
    assert policy.weights[-1].shape[1] == seen.sum()
    for obs, mask in zip(observations, masks, strict=True):
        expected, _ = model.predict(obs, action_masks=mask, deterministic=True)
        assert policy.act(obs, mask) == int(expected)


def test_meeple_train_writes_a_policy_and_its_learning_curve(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")
    from meeple.cli import main

    out, curve = tmp_path / "bayon.npz", tmp_path / "curve.png"
    args = ["train", "bayon", "--players", "2", "--imitate", "random", "1", "--imitate-epochs", "1",
            "--opponent", "random:128", "--opponent", "self+random:128",
            "--envs", "4", "--n-steps", "32", "--batch-size", "64", "--epochs", "1", "--hidden", "16",
            "--out", str(out), "--curve", str(curve)]  # fmt: skip
    assert main(args) == 0
    policy = load_policy(out)
    assert policy.game == "bayon" and policy.meta["training"]["steps"] >= 256
    method = policy.meta["training"]["method"]
    assert method.startswith("MaskablePPO (sb3-contrib), imitating random over 1 games, then vs random to step")
    assert "then vs self+random to step" in method
    assert curve.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert play_some(PolicyBot(policy), "bayon", 2, seed=2, moves=20) == 20


def test_a_file_past_the_size_limit_keeps_its_weights_as_float16(tmp_path: Path) -> None:
    small = tiny_policy(tmp_path / "small.npz")
    policy = load_policy(small)
    assert policy.meta["dtype"] == "float32"
    half = save_policy(
        tmp_path / "half.npz", policy.meta, policy.weights, policy.biases, policy.actions, max_bytes=1000
    )
    with np.load(half) as data:
        assert data["w0"].dtype == np.float16 and data["w_out"].dtype == np.float16
    loaded = load_policy(half)
    assert loaded.meta["dtype"] == "float16" and loaded.weights[0].dtype == np.float32
    assert np.array_equal(loaded.weights[0], policy.weights[0].astype(np.float16).astype(np.float32))
    assert play_some(PolicyBot(loaded), "bayon", 2, seed=4, moves=20) == 20


def test_one_observation_gives_the_logits_of_its_row_in_a_batch(tmp_path: Path) -> None:
    # one observation takes the first layer's rows of its nonzero values only; a batch the whole layer
    policy = load_policy(tiny_policy(tmp_path / "p.npz"))
    rng = np.random.default_rng(3)
    batch = (rng.random((5, policy.meta["obs_size"])) < 0.05).astype(np.float32)
    batch[2] = 0.0  # an observation with no nonzero value at all
    together = policy.logits(batch)
    for row, obs in zip(together, batch, strict=True):
        assert np.allclose(policy.logits(obs), row, rtol=1e-5, atol=1e-5)
