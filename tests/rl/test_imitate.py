"""Imitation for ``meeple train``: behaviour cloning and DAgger rounds (``meeple.rl.imitate``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import meeple
from meeple.bots.policy_bot import PolicyBot
from meeple.rl.common import outcome_rewards
from meeple.rl.imitate import Labels, fit, play
from meeple.rl.policy import load_policy

torch = pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")


@pytest.fixture(autouse=True)
def one_torch_thread() -> object:
    """One torch thread, as ``meeple train`` runs (on a busy machine more threads mostly wait on each other)."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


def small_model(game: str, players: int, hidden: list[int]) -> object:
    from sb3_contrib import MaskablePPO

    from meeple.rl.vector import vector_env

    env = vector_env(game, num_envs=1, players=players, opponents="random", seed=0).to_sb3()
    return MaskablePPO("MlpPolicy", env, n_steps=16, batch_size=16, seed=0, device="cpu",
                       policy_kwargs={"net_arch": hidden})  # fmt: skip


def test_the_expert_alone_is_labelled_in_every_seat_with_its_own_moves() -> None:
    labels = Labels()
    reward, added = play("bayon", 2, "heuristic", 1, seed=3, labels=labels, gamma=0.5)
    state = meeple.new_game("bayon", players=2, seed=3)
    from meeple.bots import make_bot
    from meeple.rl import action_indices

    bots = [make_bot("heuristic", seed=3 * 2 + s, game="bayon") for s in range(2)]
    moves = []
    while not state.is_over:
        seat = state.to_move[0]
        action = bots[seat].choose(state, seat)
        moves.append(action_indices("bayon")[action])
        state.apply(action, seat)
    assert reward == 0.0 and added == len(labels) == len(moves)
    assert labels.target == moves
    for target, legal in zip(labels.target, labels.legal, strict=True):
        assert target in legal
    # the value target: the seat's outcome, discounted by the seat's own decisions left (the last one undiscounted)
    outcome = outcome_rewards(state)
    assert sorted({abs(v) for v in labels.value})[-1] == 1.0
    assert {np.sign(v) for v in labels.value} <= {np.sign(o) for o in outcome}


def test_a_dagger_round_labels_only_the_learners_positions_and_plays_its_moves() -> None:
    from meeple.bots import make_bot
    from meeple.rl import legal_mask, observation_tensor
    from meeple.rl.train import live_policy

    model = small_model("isle_of_skye", 2, [16])
    learner = live_policy(model, "isle_of_skye", 2)
    labels = Labels()
    reward, added = play("isle_of_skye", 2, "heuristic", 1, seed=5, labels=labels, gamma=1.0, learner=learner,
                         opponents="random")  # fmt: skip
    # the same game again by hand (a fixed six rounds): the learner in seat 0 (game 0), the seeded random
    # bot in seat 1
    state = meeple.new_game("isle_of_skye", players=2, seed=5)
    other = make_bot("random", seed=5 + 7919 + 1, game="isle_of_skye")
    expert = make_bot("heuristic", seed=5 * 2 + 0, game="isle_of_skye")
    space = meeple.GAMES["isle_of_skye"].action_space
    row = 0
    while not state.is_over:
        seat = state.to_move[0]
        if seat == 0:
            obs = observation_tensor(state, 0)
            assert np.array_equal(labels.obs[row], obs.astype(np.float16))
            assert labels.target[row] == space.index(expert.choose(state, 0))
            action = space[learner.act(obs, legal_mask(state, 0))]
            row += 1
        else:
            action = other.choose(state, seat)
        state.apply(action, seat)
    assert added == len(labels) == row
    assert reward == outcome_rewards(state)[0]
    assert set(labels.value) == {reward}  # undiscounted: the learner's outcome at every one of its positions


def test_fitting_learns_the_labels_it_is_given() -> None:
    model = small_model("bayon", 2, [64])
    labels = Labels()
    play("bayon", 2, "heuristic", 1, seed=1, labels=labels, gamma=0.99)
    _, before = fit(model, labels, epochs=0, seed=0)
    loss, after = fit(model, labels, epochs=20, seed=0, lr=1e-2, batch=32)
    assert after > 0.9 and after > before + 0.3, (before, after, loss)


def test_meeple_train_runs_dagger_rounds_and_keeps_the_clone_before_ppo(tmp_path: Path) -> None:
    from meeple.cli import main

    out = tmp_path / "bayon.npz"
    args = ["train", "bayon", "--players", "2", "--imitate", "heuristic", "1", "--imitate-epochs", "1",
            "--dagger", "1", "1", "--dagger-epochs", "1", "--dagger-opponent", "random",
            "--opponent", "heuristic:64", "--envs", "2", "--n-steps", "32", "--batch-size", "32", "--epochs", "1",
            "--hidden", "16", "--out", str(out)]  # fmt: skip
    assert main(args) == 0
    method = load_policy(out).meta["training"]["method"]
    assert "imitating heuristic over 1 games and 1 DAgger rounds of 1 games, then vs heuristic to step" in method
    clone = load_policy(tmp_path / "bayon-imitated.npz")
    assert clone.meta["training"]["steps"] == 0
    bot = PolicyBot(clone)
    state = meeple.new_game("bayon", players=2, seed=9)
    for _ in range(10):
        seat = state.to_move[0]
        state.apply(bot.choose(state, seat), seat)


SKYE_KINDS = frozenset({"discard", "price", "buy", "pass", "place", "spot", "rotate"})


def test_agreement_counts_where_a_bot_plays_the_experts_move_by_its_kind() -> None:
    from meeple.rl.imitate import agreement

    itself = agreement("isle_of_skye", 2, "heuristic", "heuristic", "random", games=2, seed=4)
    assert itself.agreed == itself.decisions and {"discard", "price", "spot"} <= set(itself.decisions)
    chance = agreement("isle_of_skye", 2, "random", "heuristic", "random", games=2, seed=4)
    assert sum(chance.agreed.values()) < sum(chance.decisions.values()) / 2
    assert set(chance.decisions) <= SKYE_KINDS and chance.games == 2 and 0.0 <= chance.won <= 1.0


def test_the_expert_playing_every_kind_for_a_bot_plays_its_games() -> None:
    from meeple.rl.imitate import agreement

    expert = agreement("isle_of_skye", 2, "heuristic", "heuristic", "heuristic", games=2, seed=6)
    # a random bot whose every move with a choice the expert replaces plays the expert's games
    replaced = agreement("isle_of_skye", 2, "random", "heuristic", "heuristic", games=2, seed=6,
                         expert_plays=SKYE_KINDS)  # fmt: skip
    assert replaced.won == expert.won and replaced.decisions == expert.decisions
    # replacing only the placements leaves the random bot's own prices and purchases
    placed = agreement("isle_of_skye", 2, "random", "heuristic", "heuristic", games=1, seed=6,
                       expert_plays=frozenset({"place", "spot", "rotate"}))  # fmt: skip
    assert placed.decisions["price"] > placed.agreed["price"]


def test_the_agreement_command_prints_a_row_per_kind_and_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    from meeple.rl.imitate import main

    assert main(["isle_of_skye", "--players", "2", "--bot", "random", "--opponent", "random", "--games", "1",
                 "--expert-plays", "spot"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert out.startswith("random against random in 1 games, the expert playing its spot moves: won ")
    assert "  spot " in out and "  price " in out
    with pytest.raises(SystemExit):
        main(["isle_of_skye", "--players", "2", "--bot", "random", "--games", "0"])
    assert "--games must be at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["isle_of_skye", "--players", "2", "--bot", "nonsense", "--games", "1"])
    assert "unknown bot 'nonsense'" in capsys.readouterr().err
